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
GprsRoundRobinScheduler::Select(Direction dir,
                                uint8_t pdch,
                                const uint32_t* candidates,
                                uint32_t count,
                                const GprsSchedulerView& /* view */)
{
    uint32_t& last = m_last[dir][pdch];
    uint32_t chosen = 0;
    if (last != std::numeric_limits<uint32_t>::max())
    {
        // First candidate after the last served; wrap to the first.
        for (uint32_t i = 0; i < count; ++i)
        {
            if (candidates[i] > last)
            {
                chosen = i;
                break;
            }
        }
    }
    last = candidates[chosen];
    return chosen;
}

} // namespace ns3
