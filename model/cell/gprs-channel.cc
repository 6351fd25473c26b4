/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-channel.h"

#include "gprs-bss-net-device.h"
#include "gprs-ms-net-device.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsChannel");

NS_OBJECT_ENSURE_REGISTERED(GprsChannel);

TypeId
GprsChannel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GprsChannel")
                            .SetParent<Channel>()
                            .SetGroupName("Gprs")
                            .AddConstructor<GprsChannel>();
    return tid;
}

GprsChannel::GprsChannel() = default;

void
GprsChannel::DoDispose()
{
    m_bss = nullptr;
    m_mss.clear();
    Channel::DoDispose();
}

void
GprsChannel::SetBss(Ptr<GprsBssNetDevice> bss)
{
    NS_ABORT_MSG_IF(m_bss && m_bss != bss, "a GPRS cell has exactly one network-side device");
    m_bss = bss;
}

Ptr<GprsBssNetDevice>
GprsChannel::GetBss() const
{
    return m_bss;
}

void
GprsChannel::AddMs(Ptr<GprsMsNetDevice> ms)
{
    m_mss.push_back(ms);
}

std::size_t
GprsChannel::GetNMs() const
{
    return m_mss.size();
}

Ptr<GprsMsNetDevice>
GprsChannel::GetMs(std::size_t i) const
{
    NS_ABORT_MSG_UNLESS(i < m_mss.size(),
                        "mobile index " << i << " out of range (cell has " << m_mss.size()
                                        << " mobiles)");
    return m_mss[i];
}

std::size_t
GprsChannel::GetNDevices() const
{
    return m_mss.size() + (m_bss ? 1 : 0);
}

Ptr<NetDevice>
GprsChannel::GetDevice(std::size_t i) const
{
    if (m_bss)
    {
        if (i == 0)
        {
            return m_bss;
        }
        --i;
    }
    return GetMs(i);
}

} // namespace ns3
