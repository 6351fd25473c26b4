/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-tcp-tracer.h"

#include "ns3/config.h"
#include "ns3/fatal-error.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/object-vector.h"
#include "ns3/simulator.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-socket-base.h"

#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace ns3
{

namespace
{
/**
 * \param dir a directory to create with its parents, or empty
 * \return dir
 * \throws std::runtime_error if it cannot be created
 */
const std::string&
MakeDirectory(const std::string& dir)
{
    std::error_code error;
    if (!dir.empty() && !std::filesystem::create_directories(dir, error) && error)
    {
        throw std::runtime_error(dir + ": cannot create directory: " + error.message());
    }
    return dir;
}

std::unique_ptr<std::ofstream>
OpenData(const std::string& dir, const std::string& name)
{
    if (dir.empty())
    {
        return nullptr;
    }
    auto f = std::make_unique<std::ofstream>(dir + "/" + name);
    if (!*f)
    {
        throw std::runtime_error(dir + "/" + name + ": cannot open file for writing");
    }
    return f;
}

double
NowSeconds()
{
    return Simulator::Now().GetSeconds();
}
} // namespace

GprsTcpTracer::GprsTcpTracer(const std::string& outdir)
    : m_outdir(MakeDirectory(outdir)),
      m_sender(OpenData(outdir, "tcp-sender.dat")),
      m_receiver(OpenData(outdir, "tcp-receiver.dat")),
      m_rxSegments(OpenData(outdir, "tcp-receiver-segments.dat")),
      m_rtt(OpenData(outdir, "rtt.dat")),
      m_cwnd(OpenData(outdir, "cwnd.dat")),
      m_inflight(OpenData(outdir, "inflight.dat")),
      m_rlc(OpenData(outdir, "rlc-dl.dat")),
      m_buffer(OpenData(outdir, "ggsn-buffer.dat"))
{
}

GprsTcpTracer::~GprsTcpTracer()
{
    Pending().erase(this);
}

std::set<GprsTcpTracer*>&
GprsTcpTracer::Pending()
{
    static std::set<GprsTcpTracer*> pending;
    return pending;
}

void
GprsTcpTracer::Close()
{
    for (auto* f :
         {&m_sender, &m_receiver, &m_rxSegments, &m_rtt, &m_cwnd, &m_inflight, &m_rlc, &m_buffer})
    {
        if (*f)
        {
            (*f)->close();
        }
    }
}

void
GprsTcpTracer::WatchTcp(Ptr<Node> sender, Time start, Ptr<PacketSink> sink, uint64_t expected)
{
    m_senderNode = sender;
    m_start = start;
    m_sink = sink;
    m_receiverNode = sink->GetNode();
    m_expected = expected;
    if (expected > 0)
    {
        Pending().insert(this);
    }
    AddressValue local;
    sink->GetAttribute("Local", local);
    if (!InetSocketAddress::IsMatchingType(local.Get()))
    {
        throw std::invalid_argument("GprsTcpTracer::WatchTcp: the PacketSink's Local address "
                                    "must be an IPv4 InetSocketAddress (the GPRS devices carry "
                                    "IPv4 only)");
    }
    m_sinkPort = InetSocketAddress::ConvertFrom(local.Get()).GetPort();
    sink->TraceConnectWithoutContext("Rx", MakeCallback(&GprsTcpTracer::OnSinkRx, this));
    // Below TCP: ns-3's TcpSocketBase drops a segment wholly below RCV.NXT (with an ACK)
    // before its Rx trace fires, so a socket trace never sees the duplicates.
    m_receiverNode->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
        "LocalDeliver",
        MakeCallback(&GprsTcpTracer::OnLocalDeliver, this));
    // BulkSendApplication creates its socket when it starts.
    Simulator::Schedule(start + NanoSeconds(1) - Simulator::Now(),
                        &GprsTcpTracer::ConnectSender,
                        this);
}

void
GprsTcpTracer::ConnectSender()
{
    // The flow's socket is the one connected to the sink: a node may send several flows.
    ObjectVectorValue sockets;
    m_senderNode->GetObject<TcpL4Protocol>()->GetAttribute("SocketList", sockets);
    const Ptr<Ipv4> receiverIp = m_receiverNode->GetObject<Ipv4>();
    Ptr<TcpSocketBase> socket;
    for (auto it = sockets.Begin(); it != sockets.End() && !socket; ++it)
    {
        const auto candidate = DynamicCast<TcpSocketBase>(it->second);
        Address peer;
        if (candidate && candidate->GetPeerName(peer) == 0 &&
            InetSocketAddress::IsMatchingType(peer))
        {
            const InetSocketAddress inet = InetSocketAddress::ConvertFrom(peer);
            if (inet.GetPort() == m_sinkPort &&
                receiverIp->GetInterfaceForAddress(inet.GetIpv4()) >= 0)
            {
                socket = candidate;
            }
        }
    }
    if (!socket)
    {
        NS_FATAL_ERROR("GprsTcpTracer: at "
                       << Simulator::Now().As(Time::S) << " no TCP socket of node "
                       << m_senderNode->GetId() << " is connected to port " << m_sinkPort
                       << " of node " << m_receiverNode->GetId()
                       << " (the sink's): WatchTcp's start must be when the sending application "
                          "starts ("
                       << m_start.As(Time::S)
                       << " given), and its connection must open (TcpSocket's ConnCount and "
                          "ConnTimeout give up on it)");
    }
    socket->TraceConnectWithoutContext("Tx", MakeCallback(&GprsTcpTracer::OnTx, this));
    socket->TraceConnectWithoutContext("RTT", MakeCallback(&GprsTcpTracer::OnRtt, this));
    socket->TraceConnectWithoutContext("RTO", MakeCallback(&GprsTcpTracer::OnRto, this));
    socket->TraceConnectWithoutContext("CongestionWindow",
                                       MakeCallback(&GprsTcpTracer::OnCwnd, this));
    socket->TraceConnectWithoutContext("BytesInFlight",
                                       MakeCallback(&GprsTcpTracer::OnInFlight, this));
    socket->TraceConnectWithoutContext("CongState",
                                       MakeCallback(&GprsTcpTracer::OnCongState, this));
}

void
GprsTcpTracer::OnTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s)
{
    if (p->GetSize() == 0)
    {
        return; // pure ACK or SYN/FIN
    }
    const bool retx = m_txSegments.OnDataSegment(h.GetSequenceNumber(), p->GetSize()) !=
                      GprsRetransmissionCounter::Kind::NEW;
    if (m_sender)
    {
        *m_sender << NowSeconds() << " " << h.GetSequenceNumber().GetValue() << " " << retx << "\n";
    }
}

void
GprsTcpTracer::OnLocalDeliver(const Ipv4Header& ip, Ptr<const Packet> p, uint32_t)
{
    if (ip.GetProtocol() != gprs::kTcpProtocolNumber)
    {
        return;
    }
    TcpHeader h;
    p->PeekHeader(h);
    if (h.GetDestinationPort() != m_sinkPort)
    {
        return;
    }
    if (h.GetFlags() & TcpHeader::SYN)
    {
        // The first connection to the sink is the watched one; a repeated SYN changes nothing.
        if (!m_rxSynSeen)
        {
            m_rxSynSeen = true;
            m_rxPeer = ip.GetSource();
            m_rxPeerPort = h.GetSourcePort();
            m_rxFirstByte = h.GetSequenceNumber() + 1;
        }
        return;
    }
    const uint32_t size = p->GetSize() - h.GetSerializedSize();
    if (size == 0 || !m_rxSynSeen || ip.GetSource() != m_rxPeer ||
        h.GetSourcePort() != m_rxPeerPort)
    {
        return;
    }
    // Offsets from the first data byte do not wrap below 4 GiB, far more than a GPRS
    // transfer carries (8 timeslots of CS-4 move 4 GiB in over two days).
    const auto begin = static_cast<uint32_t>(h.GetSequenceNumber() - m_rxFirstByte);
    const auto segment = boost::icl::discrete_interval<uint32_t>::right_open(begin, begin + size);
    const bool duplicate = boost::icl::contains(m_rxArrived, segment);
    m_duplicates += duplicate ? 1 : 0;
    m_rxArrived += segment;
    if (m_rxSegments)
    {
        *m_rxSegments << NowSeconds() << " " << h.GetSequenceNumber().GetValue() << " " << duplicate
                      << "\n";
    }
}

void
GprsTcpTracer::OnRtt(Time, Time newRtt)
{
    m_rttMs.push_back(newRtt.GetSeconds() * 1000);
    if (m_rtt)
    {
        *m_rtt << NowSeconds() << " " << newRtt.GetSeconds() * 1000 << " "
               << m_rto.GetSeconds() * 1000 << "\n";
    }
}

void
GprsTcpTracer::OnRto(Time, Time newRto)
{
    m_rto = newRto;
}

void
GprsTcpTracer::OnCwnd(uint32_t, uint32_t newCwnd)
{
    if (m_cwnd)
    {
        *m_cwnd << NowSeconds() << " " << newCwnd << "\n";
    }
}

void
GprsTcpTracer::OnInFlight(uint32_t, uint32_t newValue)
{
    if (m_inflight)
    {
        *m_inflight << NowSeconds() << " " << newValue << "\n";
    }
}

void
GprsTcpTracer::OnCongState(TcpSocketState::TcpCongState_t oldState,
                           TcpSocketState::TcpCongState_t newState)
{
    if (newState == TcpSocketState::CA_LOSS && oldState != TcpSocketState::CA_LOSS)
    {
        ++m_timeouts;
    }
    m_txSegments.SetLossState(newState == TcpSocketState::CA_LOSS);
}

void
GprsTcpTracer::OnSinkRx(Ptr<const Packet> p, const Address&)
{
    m_rxBytes += p->GetSize();
    m_lastRx = Simulator::Now();
    if (m_receiver)
    {
        *m_receiver << NowSeconds() << " " << m_rxBytes << "\n";
    }
    if (m_expected > 0 && m_rxBytes >= m_expected && Pending().erase(this) > 0 && Pending().empty())
    {
        Simulator::Stop();
    }
}

void
GprsTcpTracer::WatchRlc(Ptr<GprsPcu> pcu, uint32_t ms)
{
    m_ms = ms;
    pcu->TraceConnectWithoutContext("RlcBlock", MakeCallback(&GprsTcpTracer::OnRlcBlock, this));
    pcu->TraceConnectWithoutContext("TbfEstablished", MakeCallback(&GprsTcpTracer::OnTbf, this));
    pcu->TraceConnectWithoutContext("BufferOccupancy",
                                    MakeCallback(&GprsTcpTracer::OnBuffer, this));
    pcu->TraceConnectWithoutContext("LlcFrameLost",
                                    MakeCallback(&GprsTcpTracer::OnFrameLost, this));
}

void
GprsTcpTracer::OnRlcBlock(const GprsRlcBlockRecord& r)
{
    if (r.ms != m_ms || r.dir != GprsDirection::DOWNLINK)
    {
        return;
    }
    ++m_rlcBlocks;
    const bool retx = r.kind != GprsRlcTxKind::NEW;
    m_rlcRetx += retx ? 1 : 0;
    if (r.stalled && !m_stalled)
    {
        ++m_stalls;
    }
    m_stalled = r.stalled;
    m_blockCi.emplace_back(r.ciDb, r.lost);
    if (m_rlc)
    {
        *m_rlc << NowSeconds() << " " << +r.bsn << " " << retx << " " << r.lost << " " << +r.pdch
               << " " << ToString(r.cs) << "\n";
    }
}

void
GprsTcpTracer::OnTbf(uint32_t ms, GprsDirection, Time)
{
    m_tbfs += ms == m_ms ? 1 : 0;
}

void
GprsTcpTracer::OnBuffer(uint32_t ms, GprsDirection dir, uint32_t bytes)
{
    if (ms == m_ms && dir == GprsDirection::DOWNLINK && m_buffer)
    {
        *m_buffer << NowSeconds() << " " << bytes << "\n";
    }
}

void
GprsTcpTracer::OnFrameLost(uint32_t ms, GprsDirection, uint32_t)
{
    m_framesLost += ms == m_ms ? 1 : 0;
}

uint32_t
GprsTcpTracer::GetLlcFramesLost() const
{
    return m_framesLost;
}

uint64_t
GprsTcpTracer::GetBytesReceived() const
{
    return m_rxBytes;
}

Time
GprsTcpTracer::GetLastReceive() const
{
    return m_lastRx;
}

uint32_t
GprsTcpTracer::GetTimeouts() const
{
    return m_timeouts;
}

uint32_t
GprsTcpTracer::GetRetransmissions() const
{
    return static_cast<uint32_t>(m_txSegments.GetDataDriven() + m_txSegments.GetTimerDriven());
}

uint64_t
GprsTcpTracer::GetDataSegments() const
{
    return m_txSegments.GetSegments();
}

uint64_t
GprsTcpTracer::GetDataDrivenRetransmissions() const
{
    return m_txSegments.GetDataDriven();
}

uint64_t
GprsTcpTracer::GetTimerDrivenRetransmissions() const
{
    return m_txSegments.GetTimerDriven();
}

uint32_t
GprsTcpTracer::GetDuplicateSegments() const
{
    return m_duplicates;
}

const std::vector<double>&
GprsTcpTracer::GetRttSamplesMs() const
{
    return m_rttMs;
}

uint64_t
GprsTcpTracer::GetRlcBlocks() const
{
    return m_rlcBlocks;
}

uint64_t
GprsTcpTracer::GetRlcRetransmissions() const
{
    return m_rlcRetx;
}

uint32_t
GprsTcpTracer::GetRlcStalls() const
{
    return m_stalls;
}

double
GprsTcpTracer::GetBlockErrorRate(double ciDb, bool above) const
{
    uint64_t sent = 0;
    uint64_t lost = 0;
    for (const auto& [ci, isLost] : m_blockCi)
    {
        if ((ci >= ciDb) == above)
        {
            ++sent;
            lost += isLost ? 1 : 0;
        }
    }
    return sent == 0 ? -1.0 : static_cast<double>(lost) / sent;
}

uint32_t
GprsTcpTracer::GetTbfs() const
{
    return m_tbfs;
}

} // namespace ns3
