/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-cell-mobile.h"

#include "gprs-cell-sap.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsCellMobile");

GprsCellMobile::GprsCellMobile(uint32_t index, GprsCellMsUser* user, GprsRadioLink radio)
    : index(index),
      user(user),
      dl(index, GprsDirection::DOWNLINK),
      ul(index, GprsDirection::UPLINK),
      radio(std::move(radio))
{
}

bool
GprsCellMobile::IsOnPacch(Time now) const
{
    return dl.tbf.KeepsMobileOnPacch(now) || ul.tbf.IsOpen();
}

uint8_t
GprsCellMobile::GetPacchTn() const
{
    // One PDCH carries the mobile's PACCH: that of its uplink TBF, else the timeslot where it
    // answers polls of its downlink TBF.
    return ul.tbf.IsOpen() ? ulFirst : dlAckTn;
}

void
GprsCellMobile::AllocateTimeslots(GprsTimeslotLoad& load,
                                  std::map<int, std::vector<GprsTimeslotCandidate>>& candidates,
                                  uint32_t numPdch)
{
    const int msClass = static_cast<int>(user->GetMultislotClass());
    auto known = candidates.find(msClass);
    if (known == candidates.end())
    {
        known =
            candidates.emplace(msClass, GprsTimeslotCandidates(msClass, static_cast<int>(numPdch)))
                .first;
    }
    // Spread the mobiles over the PDCHs: the load counts who holds each timeslot already (the
    // mobiles placed before this one; a sum kept by the caller, not a scan of all mobiles per
    // mobile) and the allocator avoids the busiest ones.
    auto span = [](uint8_t first, uint8_t count) {
        return GprsTimeslotSet((1UL << count) - 1) << first;
    };
    const GprsMsTimeslots ts = GprsAllocateTimeslots(known->second, load);
    auto firstOf = [](const GprsTimeslotSet& set) {
        for (uint8_t tn = 0; tn < set.size(); ++tn)
        {
            if (set.test(tn))
            {
                return tn;
            }
        }
        return uint8_t{0};
    };
    dlFirst = firstOf(ts.downlink);
    dlCount = static_cast<uint8_t>(ts.downlink.count());
    dlAckTn = static_cast<uint8_t>(ts.ackTn);
    ulFirst = firstOf(ts.uplink);
    ulCount = static_cast<uint8_t>(ts.uplink.count());
    load.Add({span(dlFirst, dlCount), span(ulFirst, ulCount)});
    NS_LOG_INFO("MS " << index << " class " << msClass << ": DL TN " << +dlFirst << "+" << +dlCount
                      << " (Ack/Nack on TN " << +dlAckTn << "), UL TN " << +ulFirst << "+"
                      << +ulCount);
}

} // namespace ns3
