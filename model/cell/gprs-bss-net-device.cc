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

#include <algorithm>
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
                          "One-way fixed delay between the GGSN and the PCU, each direction: "
                          "GGSN and SGSN processing and the propagation of the Gn and Gb links; "
                          "the Gb's serialisation is GbCommittedInformationRate's. Default "
                          "20 ms: an engineer's estimate resting on no published measurement "
                          "of a core network of 2002-2004 alone (none was found; Rendon et "
                          "al. model a fixed SGSN delay without a value, Chakravorty & Pratt "
                          "found the radio link dominates the ~1 s RTT).",
                          TimeValue(MilliSeconds(20)),
                          MakeTimeAccessor(&GprsBssNetDevice::m_coreDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("GbCommittedInformationRate",
                          "Rate at which the Gb interface (frame relay between BSS and SGSN, "
                          "TS 48.016) sends the LLC frames of the cell's mobiles, each "
                          "direction, with BSSGP, NS and frame relay overhead (GprsGbFraming); "
                          "0: the Gb is not modelled. Default 64 kbit/s: one 64 kbit/s "
                          "timeslot, the smallest bearer of TS 48.014 (n x 64 kbit/s), and the "
                          "SGSN-BSS link of Rendon et al.; vendors set the committed rate of a "
                          "BSS in 16 kbit/s steps (Nokia Gb dimensioning).",
                          DataRateValue(DataRate("64kbps")),
                          MakeDataRateAccessor(&GprsBssNetDevice::m_gbRate),
                          MakeDataRateChecker())
            .AddAttribute("Pcu",
                          "The PCU (RLC/MAC) of the cell.",
                          PointerValue(),
                          MakePointerAccessor(&GprsBssNetDevice::m_pcu),
                          MakePointerChecker<GprsPcu>())
            .AddTraceSource("GbPacket",
                            "An IP packet has crossed the Gb: mobile, direction, the packet, "
                            "how long it waited for the Gb and how long it took on it.",
                            MakeTraceSourceAccessor(&GprsBssNetDevice::m_gbPacketTrace),
                            "ns3::GprsBssNetDevice::GbPacketCallback")
            .AddTraceSource("GbDrop",
                            "An IP packet dropped at the Gb: its mobile's buffer (downlink "
                            "DownlinkBufferBytes, uplink UplinkBufferBytes) was full; "
                            "MacTxDrop reports it too.",
                            MakeTraceSourceAccessor(&GprsBssNetDevice::m_gbDropTrace),
                            "ns3::GprsBssNetDevice::GbDropCallback");
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
    for (GprsSerialLine& line : m_gb)
    {
        line.Clear();
    }
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
    if (HasGb())
    {
        m_gbFraming.emplace(m_pcu->MakeLinkConfig().ui);
        const uint32_t mobiles = std::max<uint32_t>(m_pcu->GetNMs(), 1);
        m_gb[GprsDirIndex(GprsDirection::DOWNLINK)].Configure(
            mobiles,
            [this](uint32_t ms, Ptr<Packet> p, Time waited, Time line) {
                FromDownlinkGb(ms, p, waited, line);
            });
        m_gb[GprsDirIndex(GprsDirection::UPLINK)].Configure(
            mobiles,
            [this](uint32_t ms, Ptr<Packet> p, Time waited, Time line) {
                FromUplinkGb(ms, p, waited, line);
            });
    }
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
    if (HasGb())
    {
        Simulator::Schedule(m_coreDelay,
                            &GprsBssNetDevice::SendOnGb,
                            this,
                            context->second,
                            GprsDirection::DOWNLINK,
                            packet);
    }
    else
    {
        Simulator::Schedule(m_coreDelay,
                            &GprsPcu::EnqueueDownlink,
                            m_pcu,
                            context->second,
                            packet,
                            Simulator::Now());
    }
    return true;
}

bool
GprsBssNetDevice::HasGb() const
{
    return m_gbRate.GetBitRate() > 0;
}

void
GprsBssNetDevice::SendOnGb(uint32_t ms, GprsDirection dir, Ptr<Packet> packet)
{
    GprsSerialLine& line = m_gb[GprsDirIndex(dir)];
    const Ptr<Queue<Packet>> buffer = m_pcu->GetBuffer(ms, dir);
    // Downlink: the GGSN buffer holds what waits for the Gb too. Uplink: the BSS keeps at most
    // one mobile buffer's worth per mobile.
    const uint64_t held = dir == GprsDirection::DOWNLINK ? buffer->GetNBytes() : 0;
    if (held + line.GetBytes(ms) + packet->GetSize() > buffer->GetMaxSize().GetValue())
    {
        NS_LOG_LOGIC("MS " << ms << " " << ToString(dir) << " buffer full at the Gb: drop "
                           << packet->GetSize());
        m_gbDropTrace(ms, dir, packet);
        NotifyDrop(packet);
        return;
    }
    line.Send(
        ms,
        packet,
        NanoSeconds(m_gbFraming->PacketNanoSeconds(dir, packet->GetSize(), m_gbRate.GetBitRate())));
}

void
GprsBssNetDevice::FromDownlinkGb(uint32_t ms, Ptr<Packet> packet, Time waited, Time line)
{
    m_gbPacketTrace(ms, GprsDirection::DOWNLINK, packet, waited, line);
    // The delay traces count from the BSS device's acceptance, before the core and the Gb.
    m_pcu->EnqueueDownlink(ms, packet, Simulator::Now() - waited - line - m_coreDelay);
}

void
GprsBssNetDevice::FromUplinkGb(uint32_t ms, Ptr<Packet> packet, Time waited, Time line)
{
    m_gbPacketTrace(ms, GprsDirection::UPLINK, packet, waited, line);
    ToGgsn(packet, ms);
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
    if (HasGb())
    {
        SendOnGb(ms, GprsDirection::UPLINK, packet);
    }
    else
    {
        ToGgsn(packet, ms);
    }
}

void
GprsBssNetDevice::ToGgsn(Ptr<Packet> packet, uint32_t ms)
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
