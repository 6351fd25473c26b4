/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CODING_SCHEME_H
#define GPRS_CODING_SCHEME_H

#include <array>
#include <cstdint>
#include <string>

/**
 * \file
 * \ingroup gprs
 * GPRS packet data coding schemes CS-1..CS-4 (3GPP TS 45.003 clause 5.1, TS 44.060 clause 10.2).
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The four GPRS coding schemes of a PDTCH radio block.
 */
enum class GprsCodingScheme : uint8_t
{
    CS1 = 1, //!< rate 1/2 convolutional code
    CS2 = 2, //!< punctured, about 2/3
    CS3 = 3, //!< punctured, about 3/4
    CS4 = 4, //!< no convolutional coding
};

/// All coding schemes, most robust first; handy for loops over CS-1..CS-4.
constexpr std::array<GprsCodingScheme, 4> kGprsCodingSchemes = {GprsCodingScheme::CS1,
                                                                GprsCodingScheme::CS2,
                                                                GprsCodingScheme::CS3,
                                                                GprsCodingScheme::CS4};

/**
 * \ingroup gprs
 * Static properties of one coding scheme.
 *
 * Sources: TS 45.003 clause 5.1.1-5.1.4 (coded block sizes, puncturing), TS 44.060 clause 10.2
 * and Table 10.2.1 (RLC/MAC block sizes: MAC header 1 octet, RLC data block header 2 octets).
 */
struct GprsCodingSchemeInfo
{
    GprsCodingScheme cs;    //!< the scheme
    const char* name;       //!< canonical name, "CS-1".."CS-4"
    uint32_t blockOctets;   //!< RLC/MAC block size: MAC header + RLC header + RLC data
    uint32_t rlcDataOctets; //!< RLC data field of an RLC data block (LI octets + LLC data)
    uint32_t uncodedBits;   //!< bits before convolutional coding (incl. USF precoding, BCS)
    double codeRate;        //!< uncoded bits / 456 coded bits after puncturing
    double dataRateBps;     //!< RLC data bits per second on one PDCH (one block per 20 ms)
};

/**
 * \param cs a coding scheme
 * \return its static properties
 */
const GprsCodingSchemeInfo& GetGprsCodingSchemeInfo(GprsCodingScheme cs);

/**
 * \param cs a coding scheme
 * \return the size in octets of the RLC data field of one RLC data block (20/30/36/50)
 */
uint32_t GprsRlcDataOctets(GprsCodingScheme cs);

/**
 * \param cs a coding scheme
 * \return "CS-1".."CS-4"
 */
std::string ToString(GprsCodingScheme cs);

/**
 * Parse a coding scheme name.
 *
 * Accepts "CS-1".."CS-4", "CS1".."CS4" (any case) and "1".."4".
 * \param text the name
 * \return the scheme
 * \throws std::invalid_argument naming the text and what is allowed
 */
GprsCodingScheme ParseGprsCodingScheme(const std::string& text);

} // namespace ns3

#endif /* GPRS_CODING_SCHEME_H */
