/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CODING_SCHEME_H
#define GPRS_CODING_SCHEME_H

#include "gprs-block-timing.h"

#include "ns3/gprs-enum-text.h"

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

/**
 * \ingroup gprs
 * Family of coding schemes a TBF uses: GPRS (CS-1..CS-4, TS 45.003 clause 5.1) or EGPRS
 * (MCS-1..MCS-9, TS 45.003 clause 5.1.5; not modelled yet). It fixes the RLC sequence space and
 * window a TBF may have (GprsRlcParameters) and the largest RLC data field.
 */
enum class GprsCsFamily : uint8_t
{
    GPRS,  //!< CS-1..CS-4
    EGPRS, //!< MCS-1..MCS-9
};

/// Names of the coding-scheme families, for messages.
template <>
struct GprsEnumText<GprsCsFamily>
{
    static constexpr std::array<const char*, 2> kNames{"GPRS", "EGPRS"}; //!< names
    static constexpr const char* kWhat = "coding-scheme family";         //!< what a value is
};

/**
 * \param family a coding-scheme family
 * \return octets of the largest RLC data field one of its blocks carries: GPRS 50 (CS-4, TS
 *         44.060 Table 10.2.1); EGPRS 74 (the RLC data unit of MCS-6 and MCS-9, two of which
 *         MCS-9 carries per block: 2 x 74 x 8 bits per 20 ms = 59.2 kbit/s, the rate TS 43.064
 *         lists for MCS-9)
 */
constexpr uint32_t
GprsMaxRlcDataOctets(GprsCsFamily family)
{
    return family == GprsCsFamily::GPRS ? 50 : 74;
}

/// Control blocks are always sent with CS-1 (TS 44.060 clause 10.2, 11).
constexpr GprsCodingScheme kGprsControlCs = GprsCodingScheme::CS1;

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
    GprsCsFamily family;    //!< its family
    const char* name;       //!< canonical name, "CS-1".."CS-4"
    uint32_t blockOctets;   //!< RLC/MAC block size: MAC header + RLC header + RLC data
    uint32_t rlcDataOctets; //!< RLC data field of an RLC data block (LI octets + LLC data)
    uint32_t uncodedBits;   //!< bits before convolutional coding (incl. USF precoding, BCS)
    double codeRate;        //!< uncoded bits / 456 coded bits after puncturing
    double dataRateBps;     //!< RLC data bits per second on one PDCH (one block per 20 ms)
};

namespace gprs
{
/// 456 coded bits per radio block: 4 bursts x 114 bits (TS 45.003 clause 5.1).
constexpr double kCodedBitsPerBlock = 456.0;

/**
 * \param cs the scheme
 * \param name its name
 * \param blockOctets RLC/MAC block size
 * \param uncodedBits bits into the convolutional coder
 * \return its properties
 */
constexpr GprsCodingSchemeInfo
MakeCodingSchemeInfo(GprsCodingScheme cs,
                     const char* name,
                     uint32_t blockOctets,
                     uint32_t uncodedBits)
{
    // 3 header octets: 1 MAC header octet + 2 RLC data block header octets (TS 44.060 10.2.1).
    return GprsCodingSchemeInfo{cs,
                                GprsCsFamily::GPRS,
                                name,
                                blockOctets,
                                blockOctets - 3,
                                uncodedBits,
                                uncodedBits / kCodedBitsPerBlock,
                                (blockOctets - 3) * 8.0 * GprsBlockTiming::kBlocksPerSecond};
}

/// Uncoded bits per TS 45.003 clause 5.1.1-5.1.4: 184/271/315/431 data bits + parity + tail,
/// giving 228/294/338/456 bits into the coder; CS-2/CS-3 are punctured back to 456 bits.
/// In the header so that the per-block code inlines its look-ups.
inline constexpr std::array<GprsCodingSchemeInfo, 4> kCodingSchemeInfo = {
    MakeCodingSchemeInfo(GprsCodingScheme::CS1, "CS-1", 23, 228),
    MakeCodingSchemeInfo(GprsCodingScheme::CS2, "CS-2", 33, 294),
    MakeCodingSchemeInfo(GprsCodingScheme::CS3, "CS-3", 39, 338),
    MakeCodingSchemeInfo(GprsCodingScheme::CS4, "CS-4", 53, 456),
};

/**
 * \param cs a value that is none of CS-1..CS-4
 * \throws std::invalid_argument naming it and what is allowed
 */
[[noreturn]] void ThrowInvalidCodingScheme(GprsCodingScheme cs);
} // namespace gprs

/**
 * \param cs a coding scheme
 * \return its static properties
 * \throws std::invalid_argument if cs is none of CS-1..CS-4
 */
inline const GprsCodingSchemeInfo&
GetGprsCodingSchemeInfo(GprsCodingScheme cs)
{
    const auto index = static_cast<uint8_t>(cs);
    if (index < 1 || index > gprs::kCodingSchemeInfo.size())
    {
        gprs::ThrowInvalidCodingScheme(cs);
    }
    return gprs::kCodingSchemeInfo[index - 1];
}

/**
 * \param cs a coding scheme
 * \return the size in octets of the RLC data field of one RLC data block (20/30/36/50)
 */
inline uint32_t
GprsRlcDataOctets(GprsCodingScheme cs)
{
    return GetGprsCodingSchemeInfo(cs).rlcDataOctets;
}

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
