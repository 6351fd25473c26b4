/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-bss-net-device.h"

#include "gprs-channel.h"
#include "gprs-ms-net-device.h"
#include "gprs-pcu.h"

#include "ns3/gprs-ns3-compat.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsBssNetDevice");

NS_OBJECT_ENSURE_REGISTERED(GprsBssNetDevice);

TypeId
GprsBssNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsBssNetDevice")
            .SetParent<GprsNetDevice>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsBssNetDevice>()
            .AddAttribute("CoreNetworkDelay",
                          "One-way delay of the core network between the GGSN and the PCU "
                          "(Gn, Gb links and node processing), each direction. Default 20 ms: "
                          "engineer's choice; Rendon et al. model it as a fixed SGSN delay and "
                          "links that are never the bottleneck, Chakravorty & Pratt found the "
                          "radio link dominates the ~1 s RTT.",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&GprsBssNetDevice::m_coreDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Pcu",
                          "The PCU (RLC/MAC) of the cell.",
                          PointerValue(),
                          MakePointerAccessor(&GprsBssNetDevice::m_pcu),
                          MakePointerChecker<GprsPcu>());
    return tid;
}

GprsBssNetDevice::GprsBssNetDevice()
    : m_pcu(CreateObject<GprsPcu>())
{
}

GprsBssNetDevice::~GprsBssNetDevice() = default;

void
GprsBssNetDevice::DoDispose()
{
    if (m_pcu)
    {
        m_pcu->Dispose();
    }
    m_pcu = nullptr;
    GprsNetDevice::DoDispose();
}

void
GprsBssNetDevice::DoInitialize()
{
    m_pcu->Initialize();
    GprsNetDevice::DoInitialize();
}

void
GprsBssNetDevice::Attach(Ptr<GprsChannel> channel)
{
    channel->SetBss(this);
    m_pcu->SetBss(&m_cellUser);
    SetGprsChannel(channel);
}

Ptr<GprsPcu>
GprsBssNetDevice::GetPcu() const
{
    return m_pcu;
}

int64_t
GprsBssNetDevice::AssignStreams(int64_t stream)
{
    return m_pcu->AssignStreams(stream);
}

int64_t
GprsBssNetDevice::FindMs(Ipv4Address destination)
{
    const auto it = m_msByAddress.find(destination);
    if (it != m_msByAddress.end())
    {
        return it->second;
    }
    const Ptr<GprsChannel> cell = GetGprsChannel();
    for (std::size_t i = 0; cell && i < cell->GetNMs(); ++i)
    {
        const Ptr<GprsMsNetDevice> ms = cell->GetMs(i);
        const Ptr<Ipv4> ipv4 = ms->GetNode()->GetObject<Ipv4>();
        if (!ipv4)
        {
            continue;
        }
        const int32_t iface = ipv4->GetInterfaceForDevice(ms);
        if (iface >= 0 && ipv4->GetInterfaceForAddress(destination) == iface)
        {
            m_msByAddress[destination] = ms->GetIndex();
            return ms->GetIndex();
        }
    }
    return -1;
}

bool
GprsBssNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    if (!AcceptFromAbove(packet, protocolNumber))
    {
        return false;
    }
    Ipv4Header ip;
    int64_t ms = -1;
    if (protocolNumber == gprs::kIpv4EtherType && packet->PeekHeader(ip))
    {
        ms = FindMs(ip.GetDestination());
    }
    if (ms < 0)
    {
        NS_LOG_WARN("no mobile in the cell has the destination of this packet; dropped");
        NotifyDrop(packet);
        return false;
    }
    Simulator::Schedule(m_coreDelay,
                        &GprsPcu::EnqueueDownlink,
                        m_pcu,
                        static_cast<uint32_t>(ms),
                        packet,
                        Simulator::Now());
    return true;
}

uint32_t
GprsBssNetDevice::CellUser::GetCellContext() const
{
    return m_bss.GetNode()->GetId();
}

void
GprsBssNetDevice::CellUser::ReceiveFromCell(Ptr<Packet> packet, uint32_t ms)
{
    m_bss.ReceiveFromCell(packet, ms);
}

void
GprsBssNetDevice::CellUser::NotifyDrop(Ptr<const Packet> packet)
{
    m_bss.NotifyDrop(packet);
}

void
GprsBssNetDevice::ReceiveFromCell(Ptr<Packet> packet, uint32_t ms)
{
    const Address from = GetGprsChannel()->GetMs(ms)->GetAddress();
    // The GGSN's node gets the packet in its own context, whichever event the PCU delivers in.
    Simulator::ScheduleWithContext(GetNode()->GetId(),
                                   m_coreDelay,
                                   &GprsBssNetDevice::ForwardUp,
                                   this,
                                   packet,
                                   gprs::kIpv4EtherType,
                                   from);
}

void
GprsBssNetDevice::NotifyDrop(Ptr<const Packet> packet)
{
    m_macTxDropTrace(packet);
}

} // namespace ns3
