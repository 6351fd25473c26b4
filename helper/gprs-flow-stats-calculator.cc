/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-flow-stats-calculator.h"

#include "ns3/fatal-error.h"
#include "ns3/gprs-bss-net-device.h"
#include "ns3/gprs-channel.h"
#include "ns3/gprs-ms-net-device.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-header.h"
#include "ns3/udp-header.h"

#include <algorithm>
#include <iterator>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsFlowStatsCalculator");

NS_OBJECT_ENSURE_REGISTERED(GprsFlowStatsCalculator);

namespace
{
/// \param into KPIs to add to \param d what to add
void
Accumulate(GprsFlowKpis& into, const GprsFlowKpis& d)
{
    into.rxPackets += d.rxPackets;
    into.rxBytes += d.rxBytes;
    into.goodputBytes += d.goodputBytes;
    into.duplicateBytes += d.duplicateBytes;
    into.lostPackets += d.lostPackets;
    if (d.delaySamples > 0)
    {
        into.delayMin = into.delaySamples > 0 ? std::min(into.delayMin, d.delayMin) : d.delayMin;
        into.delayMax = std::max(into.delayMax, d.delayMax);
        into.delaySamples += d.delaySamples;
        into.delaySum += d.delaySum;
    }
}
} // namespace

bool
GprsFlowKey::operator<(const GprsFlowKey& o) const
{
    return std::make_tuple(source.Get(), sourcePort, destination.Get(), destinationPort, protocol) <
           std::make_tuple(o.source.Get(),
                           o.sourcePort,
                           o.destination.Get(),
                           o.destinationPort,
                           o.protocol);
}

Time
GprsFlowKpis::GetMeanDelay() const
{
    return delaySamples > 0 ? Time::From(delaySum.GetInteger() / static_cast<int64_t>(delaySamples))
                            : Time();
}

TypeId
GprsFlowStatsCalculator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsFlowStatsCalculator")
            .SetParent<Object>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsFlowStatsCalculator>()
            .AddAttribute("StartTime",
                          "Start of the first epoch; nothing received before counts (0 s, as "
                          "LTE's RadioBearerStatsCalculator).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&GprsFlowStatsCalculator::m_startTime),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("EpochDuration",
                          "Length of an epoch of the output file (0.25 s, LTE's "
                          "RadioBearerStatsCalculator default).",
                          TimeValue(Seconds(0.25)),
                          MakeTimeAccessor(&GprsFlowStatsCalculator::m_epochDuration),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("OutputFilename",
                          "File of the per-epoch KPIs; empty (the default): none, the totals "
                          "stay available through GetFlowStats(). Its directory must exist.",
                          StringValue(""),
                          MakeStringAccessor(&GprsFlowStatsCalculator::m_outputFilename),
                          MakeStringChecker());
    return tid;
}

GprsFlowStatsCalculator::GprsFlowStatsCalculator() = default;

GprsFlowStatsCalculator::~GprsFlowStatsCalculator() = default;

void
GprsFlowStatsCalculator::DoDispose()
{
    Finish();
    m_cells.clear();
    m_flows.clear();
    Object::DoDispose();
}

void
GprsFlowStatsCalculator::Install(const NodeContainer& mobiles)
{
    if (!m_mobiles.empty())
    {
        NS_FATAL_ERROR("GprsFlowStatsCalculator::Install: called again (allowed: once, with "
                       "every mobile)");
    }
    std::set<uint32_t> mobileNodes;
    // The last epoch is written when the simulation ends, wherever Stop cut it.
    Simulator::ScheduleDestroy(&GprsFlowStatsCalculator::Finish, this);
    for (auto it = mobiles.Begin(); it != mobiles.End(); ++it)
    {
        const Ptr<Node> node = *it;
        const Ptr<Ipv4L3Protocol> ipv4 = node->GetObject<Ipv4L3Protocol>();
        if (!ipv4)
        {
            NS_FATAL_ERROR("GprsFlowStatsCalculator::Install: node "
                           << node->GetId()
                           << " has no Internet stack (allowed: nodes with IPv4, as "
                              "InternetStackHelper installs)");
        }
        mobileNodes.insert(node->GetId());
        for (uint32_t i = 1; i < ipv4->GetNInterfaces(); ++i) // 0 is the loopback
        {
            for (uint32_t a = 0; a < ipv4->GetNAddresses(i); ++a)
            {
                m_mobiles.insert(ipv4->GetAddress(i, a).GetLocal());
            }
        }
        ipv4->TraceConnectWithoutContext(
            "LocalDeliver",
            MakeCallback(&GprsFlowStatsCalculator::MobileDeliver, this).Bind(node->GetId()));
        for (uint32_t d = 0; d < node->GetNDevices(); ++d)
        {
            const Ptr<GprsMsNetDevice> ms = DynamicCast<GprsMsNetDevice>(node->GetDevice(d));
            if (!ms)
            {
                continue;
            }
            const Ptr<NetDevice> bss = ms->GetGprsChannel()->GetBss();
            if (m_cells.insert(bss).second)
            {
                bss->TraceConnectWithoutContext(
                    "MacTx",
                    MakeCallback(&GprsFlowStatsCalculator::CellAccept, this));
            }
        }
    }
    for (auto it = NodeList::Begin(); it != NodeList::End(); ++it)
    {
        const Ptr<Ipv4L3Protocol> ipv4 = (*it)->GetObject<Ipv4L3Protocol>();
        if (ipv4 && mobileNodes.count((*it)->GetId()) == 0)
        {
            ipv4->TraceConnectWithoutContext(
                "SendOutgoing",
                MakeCallback(&GprsFlowStatsCalculator::OriginSend, this).Bind((*it)->GetId()));
        }
    }
}

std::map<GprsFlowKey, GprsFlowKpis>
GprsFlowStatsCalculator::GetFlowStats() const
{
    std::map<GprsFlowKey, GprsFlowKpis> out;
    for (const auto& [key, flow] : m_flows)
    {
        if (flow.total.rxPackets > 0 || flow.total.lostPackets > 0)
        {
            out[key] = flow.total;
        }
    }
    return out;
}

bool
GprsFlowStatsCalculator::Classify(const Ipv4Header& header,
                                  const Ptr<const Packet>& packet,
                                  GprsFlowKey& key)
{
    if (m_mobiles.count(header.GetDestination()) == 0)
    {
        return false;
    }
    key.source = header.GetSource();
    key.destination = header.GetDestination();
    key.protocol = header.GetProtocol();
    if (key.protocol == gprs::kTcpProtocolNumber)
    {
        TcpHeader tcp;
        packet->PeekHeader(tcp);
        key.sourcePort = tcp.GetSourcePort();
        key.destinationPort = tcp.GetDestinationPort();
        return true;
    }
    if (key.protocol == gprs::kUdpProtocolNumber)
    {
        UdpHeader udp;
        packet->PeekHeader(udp);
        key.sourcePort = udp.GetSourcePort();
        key.destinationPort = udp.GetDestinationPort();
        return true;
    }
    return false;
}

void
GprsFlowStatsCalculator::OriginSend(uint32_t nodeId,
                                    const Ipv4Header& header,
                                    Ptr<const Packet> packet,
                                    uint32_t)
{
    GprsFlowKey key;
    // Only the node that owns the source address is the origin, not one that speaks for it.
    if (NodeList::GetNode(nodeId)->GetObject<Ipv4L3Protocol>()->GetInterfaceForAddress(
            header.GetSource()) < 0 ||
        !Classify(header, packet, key))
    {
        return;
    }
    Flow& flow = m_flows[key];
    if (key.protocol == gprs::kUdpProtocolNumber)
    {
        flow.udpSent[header.GetIdentification()] = Simulator::Now();
        return;
    }
    TcpHeader tcp;
    packet->PeekHeader(tcp);
    if (tcp.GetFlags() & TcpHeader::SYN)
    {
        flow.originIsn = tcp.GetSequenceNumber().GetValue();
    }
    const uint32_t payload = packet->GetSize() - tcp.GetSerializedSize();
    if (payload == 0 || !flow.originIsn)
    {
        return;
    }
    const uint64_t offset = tcp.GetSequenceNumber().GetValue() - *flow.originIsn - 1;
    if (offset >= flow.originSent) // new data; a retransmission keeps the first send time
    {
        flow.firstSent[offset] = Simulator::Now();
        flow.originSent = offset + payload;
    }
}

void
GprsFlowStatsCalculator::CellAccept(Ptr<const Packet> packet)
{
    Ptr<Packet> copy = packet->Copy();
    Ipv4Header header;
    copy->RemoveHeader(header);
    GprsFlowKey key;
    if (Classify(header, copy, key))
    {
        m_flows[key].inCell.push_back(header.GetIdentification());
    }
}

void
GprsFlowStatsCalculator::MobileDeliver(uint32_t nodeId,
                                       const Ipv4Header& header,
                                       Ptr<const Packet> packet,
                                       uint32_t)
{
    GprsFlowKey key;
    if (!Classify(header, packet, key))
    {
        return;
    }
    const Time now = Simulator::Now();
    Flow& flow = m_flows[key];
    flow.mobileNode = nodeId;
    GprsFlowKpis d;
    d.rxPackets = 1;
    d.rxBytes = packet->GetSize() + header.GetSerializedSize();
    const auto arrived =
        std::find(flow.inCell.begin(), flow.inCell.end(), header.GetIdentification());
    if (arrived != flow.inCell.end())
    {
        d.lostPackets = static_cast<uint64_t>(arrived - flow.inCell.begin());
        flow.inCell.erase(flow.inCell.begin(), arrived + 1);
    }
    std::optional<Time> sent;
    if (key.protocol == gprs::kUdpProtocolNumber)
    {
        d.goodputBytes = packet->GetSize() - UdpHeader().GetSerializedSize();
        const auto it = flow.udpSent.find(header.GetIdentification());
        if (it != flow.udpSent.end())
        {
            sent = it->second;
            flow.udpSent.erase(it);
        }
    }
    else
    {
        TcpHeader tcp;
        packet->PeekHeader(tcp);
        if (tcp.GetFlags() & TcpHeader::SYN)
        {
            flow.mobileIsn = tcp.GetSequenceNumber().GetValue();
        }
        const uint32_t payload = packet->GetSize() - tcp.GetSerializedSize();
        if (payload > 0 && !flow.mobileIsn)
        {
            d.goodputBytes = payload; // the connection began before Install: offsets unknown
        }
        else if (payload > 0)
        {
            const uint64_t offset = tcp.GetSequenceNumber().GetValue() - *flow.mobileIsn - 1;
            boost::icl::interval_set<uint64_t> fresh;
            fresh += boost::icl::interval<uint64_t>::right_open(offset, offset + payload);
            fresh -= flow.got;
            flow.got += boost::icl::interval<uint64_t>::right_open(offset, offset + payload);
            d.goodputBytes = boost::icl::length(fresh);
            d.duplicateBytes = payload - d.goodputBytes;
            // The first new octet was first sent in the last segment starting at or before it.
            const auto after = fresh.empty() ? flow.firstSent.begin()
                                             : flow.firstSent.upper_bound(fresh.begin()->lower());
            if (after != flow.firstSent.begin())
            {
                sent = std::prev(after)->second;
            }
            // Send times below the mobile's contiguous prefix are needed no more.
            const uint64_t prefix = flow.got.begin()->lower() == 0 ? flow.got.begin()->upper() : 0;
            auto keep = flow.firstSent.upper_bound(prefix);
            if (keep != flow.firstSent.begin())
            {
                flow.firstSent.erase(flow.firstSent.begin(), std::prev(keep));
            }
        }
    }
    if (sent)
    {
        d.delaySamples = 1;
        d.delaySum = d.delayMin = d.delayMax = now - *sent;
    }
    if (now < m_startTime)
    {
        return;
    }
    UpdateEpoch();
    Accumulate(flow.total, d);
    Accumulate(flow.epoch, d);
}

void
GprsFlowStatsCalculator::UpdateEpoch()
{
    const int64_t index =
        (Simulator::Now() - m_startTime).GetInteger() / m_epochDuration.GetInteger();
    if (m_epoch && *m_epoch != index)
    {
        WriteEpoch();
    }
    if (!m_epoch)
    {
        m_epoch = index;
        m_epochEnd = Simulator::Schedule(EpochStart(index + 1) - Simulator::Now(),
                                         &GprsFlowStatsCalculator::WriteEpoch,
                                         this);
    }
}

Time
GprsFlowStatsCalculator::EpochStart(int64_t index) const
{
    return m_startTime + Time::From(m_epochDuration.GetInteger() * index);
}

void
GprsFlowStatsCalculator::Finish()
{
    if (m_epoch)
    {
        WriteEpoch();
    }
    m_output.close();
}

void
GprsFlowStatsCalculator::WriteEpoch()
{
    m_epochEnd.Cancel();
    if (!m_outputFilename.empty() && !m_output.is_open())
    {
        m_output.open(m_outputFilename);
        if (!m_output)
        {
            NS_FATAL_ERROR("GprsFlowStatsCalculator: cannot write " << m_outputFilename);
        }
        m_output << "% start\tend\tnode\tsource\tsport\tdestination\tdport\tproto\trxPackets"
                    "\trxBytes\tgoodputBytes\tduplicateBytes\tlostPackets\tgoodput_bps"
                    "\tdelay\tdelayMin\tdelayMax\n";
    }
    const Time start = EpochStart(*m_epoch);
    for (auto& [key, flow] : m_flows)
    {
        GprsFlowKpis& e = flow.epoch;
        if (m_output.is_open() && (e.rxPackets > 0 || e.lostPackets > 0))
        {
            m_output << start.GetSeconds() << "\t" << (start + m_epochDuration).GetSeconds() << "\t"
                     << flow.mobileNode << "\t" << key.source << "\t" << key.sourcePort << "\t"
                     << key.destination << "\t" << key.destinationPort << "\t" << +key.protocol
                     << "\t" << e.rxPackets << "\t" << e.rxBytes << "\t" << e.goodputBytes << "\t"
                     << e.duplicateBytes << "\t" << e.lostPackets << "\t"
                     << e.goodputBytes * 8 / m_epochDuration.GetSeconds() << "\t"
                     << e.GetMeanDelay().GetSeconds() << "\t" << e.delayMin.GetSeconds() << "\t"
                     << e.delayMax.GetSeconds() << "\n";
        }
        e = GprsFlowKpis();
    }
    m_epoch.reset();
}

} // namespace ns3
