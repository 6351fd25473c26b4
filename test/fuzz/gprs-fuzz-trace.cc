/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Fuzz harness of GprsRadioConditions::FromTrace (C/I trace files): radio conditions or
// std::runtime_error.

#include "gprs-fuzz.h"

#include "ns3/gprs-radio-conditions.h"

#include <sstream>
#include <stdexcept>

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace ns3;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try
    {
        const auto radio = GprsRadioConditions::FromTrace(in, "fuzz");
        for (const auto& point : radio.GetSchedule())
        {
            GprsFuzzCheck(radio.GetCiDb(point.start) == point.ciDb, "the C/I of each point");
        }
        for (const auto& outage : radio.GetOutages())
        {
            GprsFuzzCheck(radio.IsOutage(outage.start), "an outage at its start");
        }
    }
    catch (const std::runtime_error& e)
    {
        GprsFuzzCheckMessage(e);
    }
    return 0;
}
