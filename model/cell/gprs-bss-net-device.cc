/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-bss-net-device.h"

#include "gprs-channel.h"
#include "gprs-ms-net-device.h"
#include "gprs-pcu.h"

#include "ns3/gprs-ns3-compat.h"
#include "ns3/ipv4-header.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"

#include <sstream>
#include <stdexcept>

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

void
GprsBssNetDevice::ActivatePdpContext(Ipv4Address address, uint32_t ms)
{
    const uint32_t mobiles = m_pcu ? m_pcu->GetNMs() : 0;
    if (ms >= mobiles)
    {
        std::ostringstream msg;
        msg << "PDP context of " << address << ": mobile " << ms
            << " is not in the cell (allowed: 0.." << (mobiles == 0 ? 0 : mobiles - 1)
            << ", a cell of " << mobiles << " mobiles)";
        throw std::invalid_argument(msg.str());
    }
    const auto [it, added] = m_pdpContexts.emplace(address, ms);
    if (!added && it->second != ms)
    {
        std::ostringstream msg;
        msg << "PDP context of " << address << " for mobile " << ms << ": the address is mobile "
            << it->second << "'s (allowed: one mobile per address)";
        throw std::invalid_argument(msg.str());
    }
}

bool
GprsBssNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    if (!AcceptFromAbove(packet, protocolNumber))
    {
        return false;
    }
    Ipv4Header ip;
    const auto context = protocolNumber == gprs::kIpv4EtherType && packet->PeekHeader(ip)
                             ? m_pdpContexts.find(ip.GetDestination())
                             : m_pdpContexts.end();
    if (context == m_pdpContexts.end())
    {
        NS_LOG_WARN("no PDP context for the destination of this packet (GprsHelper::"
                    "ActivatePdpContexts after the addresses are assigned); dropped");
        NotifyDrop(packet);
        return false;
    }
    Simulator::Schedule(m_coreDelay,
                        &GprsPcu::EnqueueDownlink,
                        m_pcu,
                        context->second,
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
