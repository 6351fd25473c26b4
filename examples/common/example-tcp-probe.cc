/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-tcp-probe.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"

namespace ns3
{

namespace
{

/**
 * \param frame a PPP frame from the Internet link
 * \param tcp receives its TCP header, if it carries TCP
 * \return the TCP payload octets it carries; 0 if none or not TCP
 */
uint32_t
TcpPayloadOf(Ptr<const Packet> frame, TcpHeader& tcp)
{
    PppHeader ppp;
    Ipv4Header ip;
    const Ptr<Packet> inner = frame->Copy();
    inner->RemoveHeader(ppp);
    inner->RemoveHeader(ip);
    if (ip.GetProtocol() != gprs::kTcpProtocolNumber)
    {
        return 0;
    }
    return inner->GetSize() - inner->RemoveHeader(tcp);
}

} // namespace

InducedLossModel::InducedLossModel(std::shared_ptr<InducedLoss> loss)
    : m_loss(std::move(loss))
{
}

bool
InducedLossModel::DoCorrupt(Ptr<Packet> p)
{
    if (m_loss->done || m_loss->after.IsZero() || Simulator::Now() < m_loss->after)
    {
        return false;
    }
    TcpHeader tcp;
    const uint32_t payload = TcpPayloadOf(p, tcp);
    if (payload == 0)
    {
        return false;
    }
    m_loss->done = true;
    m_loss->at = Simulator::Now();
    m_loss->seq = tcp.GetSequenceNumber();
    m_loss->length = payload;
    return true;
}

void
InducedLossModel::DoReset()
{
}

ExampleTcpProbe::ExampleTcpProbe(Ptr<Node> server,
                                 uint16_t port,
                                 Time start,
                                 Ptr<PacketSink> sink,
                                 std::shared_ptr<InducedLoss> loss,
                                 Time bin)
    : m_port(port),
      m_start(start),
      m_sink(sink),
      m_loss(std::move(loss)),
      m_bin(bin)
{
    const auto ip = server->GetObject<Ipv4L3Protocol>();
    ip->TraceConnectWithoutContext("SendOutgoing", MakeCallback(&ExampleTcpProbe::OnSend, this));
    ip->TraceConnectWithoutContext("LocalDeliver", MakeCallback(&ExampleTcpProbe::OnDeliver, this));
    sink->TraceConnectWithoutContext("Rx", MakeCallback(&ExampleTcpProbe::OnSinkRx, this));
    Simulator::Schedule(start + NanoSeconds(1), &ExampleTcpProbe::ConnectSocket, this, server);
    Simulator::Schedule(start + m_bin, &ExampleTcpProbe::Sample, this);
}

Time
ExampleTcpProbe::GetHandshake() const
{
    return m_synAck.IsZero() ? Seconds(-1) : m_synAck - m_start;
}

uint32_t
ExampleTcpProbe::GetSynRetransmissions() const
{
    return m_syns > 0 ? m_syns - 1 : 0;
}

Time
ExampleTcpProbe::GetBaseRtt() const
{
    return m_firstDataAck.IsZero() ? Seconds(-1) : m_firstDataAck - m_firstData;
}

const std::vector<std::pair<Time, Time>>&
ExampleTcpProbe::GetRttSamples() const
{
    return m_rtt;
}

const std::vector<Time>&
ExampleTcpProbe::GetAckTimes() const
{
    return m_ackTimes;
}

Time
ExampleTcpProbe::TimeToWindow(uint32_t bytes) const
{
    for (const auto& [t, cwnd] : m_cwnd)
    {
        if (cwnd >= bytes)
        {
            return t - m_start;
        }
    }
    return Seconds(-1);
}

Time
ExampleTcpProbe::GetRepaired() const
{
    return m_repaired;
}

const std::vector<std::pair<Time, uint64_t>>&
ExampleTcpProbe::GetSamples() const
{
    return m_samples;
}

void
ExampleTcpProbe::ConnectSocket(Ptr<Node> server)
{
    for (uint32_t i = 0; i < server->GetNApplications(); ++i)
    {
        const auto bulk = DynamicCast<BulkSendApplication>(server->GetApplication(i));
        if (!bulk)
        {
            continue;
        }
        AddressValue remote;
        bulk->GetAttribute("Remote", remote);
        if (InetSocketAddress::ConvertFrom(remote.Get()).GetPort() == m_port)
        {
            bulk->GetSocket()->TraceConnectWithoutContext(
                "CongestionWindow",
                MakeCallback(&ExampleTcpProbe::OnCwnd, this));
            return;
        }
    }
    NS_FATAL_ERROR("no sender to port " << m_port);
}

void
ExampleTcpProbe::OnSend(const Ipv4Header& ip, Ptr<const Packet> p, uint32_t)
{
    TcpHeader tcp;
    if (ip.GetProtocol() != gprs::kTcpProtocolNumber || p->PeekHeader(tcp) == 0 ||
        tcp.GetDestinationPort() != m_port)
    {
        return;
    }
    if ((tcp.GetFlags() & TcpHeader::SYN) != 0)
    {
        m_synSeq = tcp.GetSequenceNumber();
        ++m_syns;
    }
    else if (p->GetSize() > tcp.GetSerializedSize())
    {
        const SequenceNumber32 seq = tcp.GetSequenceNumber();
        const SequenceNumber32 end = seq + (p->GetSize() - tcp.GetSerializedSize());
        m_firstData = m_firstData.IsZero() ? Simulator::Now() : m_firstData;
        if (seq < m_highestSent)
        {
            // Karn: no sample from a segment sent more than once.
            m_unacked.erase(m_unacked.upper_bound(seq), m_unacked.upper_bound(end));
        }
        else
        {
            m_unacked[end] = Simulator::Now();
            m_highestSent = end;
        }
    }
}

void
ExampleTcpProbe::OnDeliver(const Ipv4Header& ip, Ptr<const Packet> p, uint32_t)
{
    TcpHeader tcp;
    if (ip.GetProtocol() != gprs::kTcpProtocolNumber || p->PeekHeader(tcp) == 0 ||
        tcp.GetSourcePort() != m_port)
    {
        return;
    }
    const uint8_t flags = tcp.GetFlags();
    if ((flags & TcpHeader::SYN) != 0 && (flags & TcpHeader::ACK) != 0 && m_synAck.IsZero())
    {
        m_synAck = Simulator::Now();
    }
    else if ((flags & (TcpHeader::SYN | TcpHeader::FIN)) == 0 &&
             p->GetSize() == tcp.GetSerializedSize())
    {
        m_ackTimes.push_back(Simulator::Now());
        const auto acked = m_unacked.upper_bound(tcp.GetAckNumber());
        for (auto it = m_unacked.begin(); it != acked; ++it)
        {
            m_rtt.emplace_back(Simulator::Now(), Simulator::Now() - it->second);
        }
        m_unacked.erase(m_unacked.begin(), acked);
        if (!m_firstData.IsZero() && m_firstDataAck.IsZero() && tcp.GetAckNumber() > m_synSeq + 1)
        {
            m_firstDataAck = Simulator::Now();
        }
    }
}

void
ExampleTcpProbe::OnCwnd(uint32_t, uint32_t cwnd)
{
    m_cwnd.emplace_back(Simulator::Now(), cwnd);
}

void
ExampleTcpProbe::OnSinkRx(Ptr<const Packet> p, const Address&)
{
    m_rx += p->GetSize();
    // The sink counts bytes in order; the hole is filled when they pass the lost segment.
    if (m_loss && m_loss->done && m_repaired.IsZero() &&
        m_rx >= static_cast<uint64_t>((m_loss->seq - (m_synSeq + 1)) + m_loss->length))
    {
        m_repaired = Simulator::Now();
    }
}

void
ExampleTcpProbe::Sample()
{
    m_samples.emplace_back(Simulator::Now(), m_sink->GetTotalRx());
    Simulator::Schedule(m_bin, &ExampleTcpProbe::Sample, this);
}

} // namespace ns3
