/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Fuzz harness of ParseGprsTime: a time or std::invalid_argument.

#include "gprs-fuzz.h"

#include "ns3/gprs-text-input.h"

#include <stdexcept>

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace ns3;
    const std::string text(reinterpret_cast<const char*>(data), size);
    try
    {
        const Time t = ParseGprsTime(text, "time");
        GprsFuzzCheck(!t.IsStrictlyNegative(), "a time >= 0 for '" + text + "'");
    }
    catch (const std::invalid_argument& e)
    {
        GprsFuzzCheckMessage(e);
    }
    return 0;
}
