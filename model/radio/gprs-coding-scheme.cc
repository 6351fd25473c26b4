/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-coding-scheme.h"

#include "ns3/gprs-text-input.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace ns3
{

namespace gprs
{
void
ThrowInvalidCodingScheme(GprsCodingScheme cs)
{
    throw std::invalid_argument("invalid GPRS coding scheme value " +
                                std::to_string(static_cast<uint8_t>(cs)) +
                                " (allowed: 1..4 for CS-1..CS-4)");
}
} // namespace gprs

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
