/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-coding-scheme.h"

#include "gprs-text-input.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace ns3
{

namespace
{
/// 456 coded bits per radio block: 4 bursts x 114 bits (TS 45.003 clause 5.1).
constexpr double kCodedBitsPerBlock = 456.0;
/// Average radio block period: 240 ms per 52-multiframe / 12 blocks (TS 45.002 clause 6.3.2.2).
constexpr double kBlockPeriodS = 0.020;

constexpr GprsCodingSchemeInfo
MakeInfo(GprsCodingScheme cs, const char* name, uint32_t blockOctets, uint32_t uncodedBits)
{
    // 3 header octets: 1 MAC header octet + 2 RLC data block header octets (TS 44.060 10.2.1).
    return GprsCodingSchemeInfo{cs,
                                name,
                                blockOctets,
                                blockOctets - 3,
                                uncodedBits,
                                uncodedBits / kCodedBitsPerBlock,
                                (blockOctets - 3) * 8 / kBlockPeriodS};
}

// Uncoded bits per TS 45.003 clause 5.1.1-5.1.4: 184/271/315/431 data bits + parity + tail,
// giving 228/294/338/456 bits into the coder; CS-2/CS-3 are punctured back to 456 bits.
const std::array<GprsCodingSchemeInfo, 4> kInfo = {
    MakeInfo(GprsCodingScheme::CS1, "CS-1", 23, 228),
    MakeInfo(GprsCodingScheme::CS2, "CS-2", 33, 294),
    MakeInfo(GprsCodingScheme::CS3, "CS-3", 39, 338),
    MakeInfo(GprsCodingScheme::CS4, "CS-4", 53, 456),
};
} // namespace

const GprsCodingSchemeInfo&
GetGprsCodingSchemeInfo(GprsCodingScheme cs)
{
    const auto index = static_cast<uint8_t>(cs);
    if (index < 1 || index > kInfo.size())
    {
        throw std::invalid_argument("invalid GPRS coding scheme value " + std::to_string(index) +
                                    " (allowed: 1..4 for CS-1..CS-4)");
    }
    return kInfo[index - 1];
}

uint32_t
GprsRlcDataOctets(GprsCodingScheme cs)
{
    return GetGprsCodingSchemeInfo(cs).rlcDataOctets;
}

std::string
ToString(GprsCodingScheme cs)
{
    return GetGprsCodingSchemeInfo(cs).name;
}

GprsCodingScheme
ParseGprsCodingScheme(const std::string& text)
{
    std::string s;
    std::transform(text.begin(), text.end(), std::back_inserter(s), [](unsigned char c) {
        return static_cast<char>(std::toupper(c));
    });
    if (s.rfind("CS", 0) == 0)
    {
        s.erase(0, 2);
        if (!s.empty() && s[0] == '-')
        {
            s.erase(0, 1);
        }
    }
    if (s.size() == 1 && s[0] >= '1' && s[0] <= '4')
    {
        return static_cast<GprsCodingScheme>(s[0] - '0');
    }
    throw std::invalid_argument("unknown GPRS coding scheme " + QuoteGprsInput(text) +
                                " (allowed: CS-1, CS-2, CS-3, CS-4)");
}

} // namespace ns3
