/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Fuzz harness of GprsRadioConditions::FromSchedule: radio conditions or
// std::invalid_argument.

#include "gprs-fuzz.h"

#include "ns3/gprs-radio-conditions.h"

#include <cmath>
#include <stdexcept>

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace ns3;
    const std::string text(reinterpret_cast<const char*>(data), size);
    try
    {
        const auto radio = GprsRadioConditions::FromSchedule(text);
        GprsFuzzCheck(!radio.GetSchedule().empty(), "a point");
        GprsFuzzCheck(radio.GetSchedule().front().start.IsZero(), "a first point at 0");
        for (const auto& point : radio.GetSchedule())
        {
            GprsFuzzCheck(radio.GetCiDb(point.start) == point.ciDb, "the C/I of each point");
        }
    }
    catch (const std::invalid_argument& e)
    {
        GprsFuzzCheckMessage(e);
    }
    return 0;
}
