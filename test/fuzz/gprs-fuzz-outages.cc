/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Fuzz harness of GprsRadioConditions::AddOutages: outages added, or std::invalid_argument
// and nothing added.

#include "gprs-fuzz.h"

#include "ns3/gprs-radio-conditions.h"

#include <algorithm>
#include <stdexcept>

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace ns3;
    const std::string text(reinterpret_cast<const char*>(data), size);
    GprsRadioConditions radio(13);
    try
    {
        radio.AddOutages(text);
        for (const auto& outage : radio.GetOutages())
        {
            GprsFuzzCheck(outage.start < outage.end, "an outage that ends after it starts");
            GprsFuzzCheck(radio.IsOutage(outage.start), "an outage at its start");
            // Adjacent outages ("0-4,4-7") leave no gap at the first one's end.
            const auto& all = radio.GetOutages();
            const bool next = std::any_of(all.begin(), all.end(), [&outage](const auto& o) {
                return o.start == outage.end;
            });
            GprsFuzzCheck(next || !radio.IsOutage(outage.end), "no outage at its end");
        }
    }
    catch (const std::invalid_argument& e)
    {
        GprsFuzzCheck(radio.GetOutages().empty(), "nothing added on error");
        GprsFuzzCheckMessage(e);
    }
    return 0;
}
