/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_LINE_TIME_H
#define GPRS_LINE_TIME_H

#include <cstdint>
#include <stdexcept>
#include <string>

/**
 * \file
 * \ingroup gprs
 * The time bits take on a line of a given rate, as the framings of the Gb interface and of the
 * terminal's link count them.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \param bits line bits times \p scale (a framing's expected stuffing makes them fractional)
 * \param scale the denominator of \p bits, > 0
 * \param bitRate the line rate, bit/s, > 0
 * \return nanoseconds the bits take, rounded up
 * \throws std::invalid_argument if bitRate is 0
 */
inline uint64_t
GprsLineNanoSeconds(uint64_t bits, uint64_t scale, uint64_t bitRate)
{
    if (bitRate == 0)
    {
        throw std::invalid_argument("line rate 0 bit/s (allowed: above 0)");
    }
    // 128 bits: a packet's scaled bits times 10^9 exceed 64 bits for large packets.
    const unsigned __int128 den = static_cast<unsigned __int128>(scale) * bitRate;
    const unsigned __int128 num = static_cast<unsigned __int128>(bits) * 1000000000U;
    return static_cast<uint64_t>((num + den - 1) / den);
}

} // namespace ns3

#endif /* GPRS_LINE_TIME_H */
