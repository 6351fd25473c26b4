/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Fuzz harness of ParseGprsNumber and TryParseGprsNumber: both accept the same texts, as
// finite numbers; ParseGprsNumber rejects the others with std::invalid_argument.

#include "gprs-fuzz.h"

#include "ns3/gprs-text-input.h"

#include <cmath>
#include <stdexcept>

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace ns3;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto tried = TryParseGprsNumber(text);
    GprsFuzzCheck(!tried || std::isfinite(*tried), "a finite number");
    try
    {
        const double value = ParseGprsNumber(text, "number");
        GprsFuzzCheck(tried && *tried == value, "the value TryParseGprsNumber gives");
    }
    catch (const std::invalid_argument& e)
    {
        GprsFuzzCheck(!tried, "ParseGprsNumber to accept what TryParseGprsNumber accepts");
        GprsFuzzCheckMessage(e);
    }
    return 0;
}
