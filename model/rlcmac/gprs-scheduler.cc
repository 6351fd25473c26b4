/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-scheduler.h"

#include "ns3/log.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsScheduler");

NS_OBJECT_ENSURE_REGISTERED(GprsScheduler);
NS_OBJECT_ENSURE_REGISTERED(GprsRoundRobinScheduler);
NS_OBJECT_ENSURE_REGISTERED(GprsPriorityScheduler);

TypeId
GprsScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GprsScheduler").SetParent<Object>().SetGroupName("Gprs");
    return tid;
}

TypeId
GprsRoundRobinScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GprsRoundRobinScheduler")
                            .SetParent<GprsScheduler>()
                            .SetGroupName("Gprs")
                            .AddConstructor<GprsRoundRobinScheduler>();
    return tid;
}

GprsRoundRobinScheduler::GprsRoundRobinScheduler()
{
    for (auto& perDir : m_last)
    {
        perDir.fill(std::numeric_limits<uint32_t>::max());
    }
}

uint32_t
GprsRoundRobinScheduler::NextInTurn(Direction dir,
                                    uint8_t pdch,
                                    const uint32_t* candidates,
                                    uint32_t count) const
{
    const uint32_t last = m_last[dir][pdch];
    if (last != std::numeric_limits<uint32_t>::max())
    {
        // First candidate after the last served; wrap to the first.
        for (uint32_t i = 0; i < count; ++i)
        {
            if (candidates[i] > last)
            {
                return i;
            }
        }
    }
    return 0;
}

uint32_t
GprsRoundRobinScheduler::Select(Direction dir,
                                uint8_t pdch,
                                const uint32_t* candidates,
                                uint32_t count,
                                const GprsSchedulerView& /* view */)
{
    const uint32_t chosen = NextInTurn(dir, pdch, candidates, count);
    Served(dir, pdch, candidates[chosen]);
    return chosen;
}

TypeId
GprsPriorityScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsPriorityScheduler")
            .SetParent<GprsRoundRobinScheduler>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsPriorityScheduler>()
            .AddAttribute("LowAge",
                          "A held downlink TBF (delayed release) not polled for this long ranks "
                          "above pending-ack resends on its Ack/Nack timeslot: its keep-alive. "
                          "Default 200 ms, osmo-pcu's age_thresh1.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&GprsPriorityScheduler::m_lowAge),
                          MakeTimeChecker(Seconds(0), Seconds(60)))
            .AddAttribute("HighAge",
                          "A downlink TBF not polled for this long ranks above new data on its "
                          "Ack/Nack timeslot. Default 2.5 s, osmo-pcu's age_thresh2 = T3190/2 "
                          "(osmo-pcu also caps it by its delayed release time, and turns it off "
                          "when that is 0); 0 turns it off.",
                          TimeValue(MilliSeconds(2500)),
                          MakeTimeAccessor(&GprsPriorityScheduler::m_highAge),
                          MakeTimeChecker(Seconds(0), Seconds(60)));
    return tid;
}

GprsPriorityScheduler::Rank
GprsPriorityScheduler::GetRank(const GprsSchedulingCandidate& c, uint8_t pdch) const
{
    const bool ackTimeslot = c.ackTimeslot == pdch;
    if (ackTimeslot && c.pollDue)
    {
        return CONTROL;
    }
    if (ackTimeslot && m_highAge.IsStrictlyPositive() && c.sincePoll > m_highAge)
    {
        return HIGH_AGE;
    }
    if (!c.keepAlive && (c.kind == GprsRlcTxKind::NEW || c.kind == GprsRlcTxKind::NACKED))
    {
        return NEW_DATA;
    }
    if (ackTimeslot && c.keepAlive && c.sincePoll > m_lowAge)
    {
        return LOW_AGE;
    }
    return SENT_DATA;
}

uint32_t
GprsPriorityScheduler::Select(Direction dir,
                              uint8_t pdch,
                              const uint32_t* candidates,
                              uint32_t count,
                              const GprsSchedulerView& view)
{
    uint32_t chosen = NextInTurn(dir, pdch, candidates, count);
    if (dir == DOWNLINK && count > 1)
    {
        // The highest rank wins; the first in turn among equals.
        const uint32_t first = chosen;
        Rank best = GetRank(view.Get(first), pdch);
        for (uint32_t k = 1; k < count && best != CONTROL; ++k)
        {
            const uint32_t i = (first + k) % count;
            const Rank rank = GetRank(view.Get(i), pdch);
            if (rank > best)
            {
                best = rank;
                chosen = i;
            }
        }
    }
    Served(dir, pdch, candidates[chosen]);
    return chosen;
}

} // namespace ns3
