/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-snoop-agent.h"

#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsSnoopAgent");

NS_OBJECT_ENSURE_REGISTERED(GprsSnoopAgent);

TypeId
GprsSnoopAgent::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsSnoopAgent")
            .SetParent<GprsProxy>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsSnoopAgent>()
            .AddAttribute("CacheSize",
                          "Segments each connection's cache holds; further new segments pass "
                          "uncached. Default 100, ns-2.35's SNOOP_MAXWIND (tcp/snoop.h).",
                          UintegerValue(100),
                          MakeUintegerAccessor(&GprsSnoopAgent::m_cacheSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("DupAckThreshold",
                          "The duplicate ACK that triggers a local retransmission. Default 1, "
                          "the first, as in Balakrishnan et al. 1995 section 3.1 (ns-2.35 and "
                          "Click's SnoopTCP use 2).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&GprsSnoopAgent::m_dupAckThreshold),
                          MakeUintegerChecker<uint32_t>(1, 100))
            .AddAttribute("MaxLocalRetransmissions",
                          "Local retransmissions of one segment before it is left to the "
                          "sender. Default 10, ns-2.35's SNOOP_MAX_RXMIT.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&GprsSnoopAgent::m_maxLocalRetx),
                          MakeUintegerChecker<uint32_t>(1, 1000))
            .AddAttribute("InitialRto",
                          "Local timeout before the first RTT sample. Default 1 s (RFC 6298 "
                          "clause 2.1).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&GprsSnoopAgent::m_initialRto),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("MinRto",
                          "Least local timeout. Default 100 ms, ns-2.35's SNOOP_MIN_TIMO.",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&GprsSnoopAgent::m_minRto),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddAttribute("MaxRto",
                          "Largest local timeout after backing off. Default 60 s (RFC 6298 "
                          "clause 2.5).",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&GprsSnoopAgent::m_maxRto),
                          MakeTimeChecker(MilliSeconds(1)))
            .AddTraceSource("SegmentsCached",
                            "Data segments from the fixed hosts put in a cache (count).",
                            MakeTraceSourceAccessor(&GprsSnoopAgent::m_segmentsCached),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("DataDrivenRetransmissions",
                            "Local retransmissions on a duplicate ACK (count).",
                            MakeTraceSourceAccessor(&GprsSnoopAgent::m_dataRetx),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("TimerDrivenRetransmissions",
                            "Local retransmissions on the local timer (count).",
                            MakeTraceSourceAccessor(&GprsSnoopAgent::m_timerRetx),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("AcksSuppressed",
                            "Duplicate ACKs of the mobiles not passed to the fixed hosts (count).",
                            MakeTraceSourceAccessor(&GprsSnoopAgent::m_acksSuppressed),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("Drop",
                            "A packet the agent dropped: a suppressed duplicate ACK of a mobile "
                            "(its IP payload and header).",
                            MakeTraceSourceAccessor(&GprsSnoopAgent::m_dropTrace),
                            "ns3::GprsSnoopAgent::DropCallback")
            .AddTraceSource("DataSegmentsToMobile",
                            "Data segments sent towards the mobiles, forwarded or retransmitted "
                            "locally (count).",
                            MakeTraceSourceAccessor(&GprsSnoopAgent::m_dataSegmentsToMobile),
                            "ns3::TracedValueCallback::Uint64");
    return tid;
}

GprsSnoopAgent::GprsSnoopAgent() = default;

GprsSnoopAgent::~GprsSnoopAgent() = default;

void
GprsSnoopAgent::DoDispose()
{
    for (auto& [flow, c] : m_connections)
    {
        c.timer.Cancel();
    }
    m_connections.clear();
    GprsProxy::DoDispose();
}

GprsSnoopConfig
GprsSnoopAgent::GetConfig() const
{
    GprsSnoopConfig config;
    config.maxSegments = m_cacheSize;
    config.dupAckThreshold = m_dupAckThreshold;
    config.maxLocalRetransmissions = m_maxLocalRetx;
    config.initialRto = m_initialRto;
    config.minRto = m_minRto;
    config.maxRto = m_maxRto;
    return config;
}

std::size_t
GprsSnoopAgent::GetConnections() const
{
    return m_connections.size();
}

GprsProxyCounters
GprsSnoopAgent::GetCounters() const
{
    GprsProxyCounters c;
    c.segmentsCached = m_segmentsCached;
    c.dataDrivenRetransmissions = m_dataRetx;
    c.timerDrivenRetransmissions = m_timerRetx;
    c.acksSuppressed = m_acksSuppressed;
    c.dataSegmentsToMobile = m_dataSegmentsToMobile;
    return c;
}

bool
GprsSnoopAgent::Intercept(const GprsTransitPacket& packet, const GprsTransitSegment& s)
{
    const uint8_t flags = s.tcp.GetFlags();
    if (flags & (TcpHeader::RST | TcpHeader::SYN))
    {
        const auto it = m_connections.find(s.flow);
        if (it != m_connections.end())
        {
            it->second.timer.Cancel();
            m_connections.erase(it);
        }
        return false;
    }
    if (s.toMobile)
    {
        FromFixedHost(packet, s);
        return false;
    }
    if (FromMobile(s))
    {
        ++m_acksSuppressed;
        m_dropTrace(packet.payload, packet.header);
        return true; // dropped: the local retransmission answers it
    }
    return false;
}

void
GprsSnoopAgent::FromFixedHost(const GprsTransitPacket& packet, const GprsTransitSegment& s)
{
    auto it = m_connections.find(s.flow);
    if (s.payload > 0)
    {
        ++m_dataSegmentsToMobile;
        if (it == m_connections.end())
        {
            it = m_connections
                     .emplace(
                         s.flow,
                         Connection{GprsSnoopCache<Cached>(GetConfig()), EventId(), std::nullopt})
                     .first;
        }
        const SequenceNumber32 seq = s.tcp.GetSequenceNumber();
        const GprsSnoopDataResult r =
            it->second.cache.OnData(seq,
                                    s.payload,
                                    Cached{packet.payload->Copy(), packet.header},
                                    Simulator::Now());
        NS_LOG_LOGIC("data " << seq << " +" << s.payload << ": " << static_cast<int>(r));
        if (r == GprsSnoopDataResult::CACHED)
        {
            ++m_segmentsCached;
        }
        if (it->second.timer.IsExpired())
        {
            RestartTimer(s.flow);
        }
    }
    if (it != m_connections.end() && (s.tcp.GetFlags() & TcpHeader::FIN))
    {
        it->second.finAck = s.tcp.GetSequenceNumber() + s.payload + 1;
    }
}

bool
GprsSnoopAgent::FromMobile(const GprsTransitSegment& s)
{
    const auto it = m_connections.find(s.flow);
    if (it == m_connections.end() || !(s.tcp.GetFlags() & TcpHeader::ACK))
    {
        return false;
    }
    Connection& c = it->second;
    const SequenceNumber32 ack = s.tcp.GetAckNumber();
    const bool pure = s.payload == 0 && !(s.tcp.GetFlags() & TcpHeader::FIN);
    const GprsSnoopAckDecision d =
        c.cache.OnAck(ack, s.tcp.GetWindowSize(), pure, Simulator::Now());
    if (d.retransmit && Retransmit(c, *d.retransmit))
    {
        ++m_dataRetx;
        NS_LOG_INFO("duplicate ACK " << ack << ": local retransmission");
    }
    if (d.newAck || d.retransmit)
    {
        RestartTimer(s.flow);
    }
    if (c.finAck && ack >= *c.finAck)
    {
        c.timer.Cancel();
        m_connections.erase(it);
    }
    return d.suppress;
}

bool
GprsSnoopAgent::Retransmit(const Connection& c, SequenceNumber32 seq)
{
    const Cached* cached = c.cache.Find(seq);
    NS_ASSERT_MSG(cached, "Snoop retransmits only cached segments");
    Ipv4Header header = cached->header;
    if (header.GetTtl() <= 1)
    {
        return false;
    }
    header.SetTtl(header.GetTtl() - 1);
    if (!SendWithHeader(cached->payload->Copy(), header))
    {
        return false;
    }
    ++m_dataSegmentsToMobile;
    return true;
}

void
GprsSnoopAgent::RestartTimer(const GprsTcpFlow& flow)
{
    Connection& c = m_connections.at(flow);
    c.timer.Cancel();
    if (c.cache.GetSize() > 0)
    {
        c.timer = Simulator::Schedule(c.cache.GetRto(), &GprsSnoopAgent::OnTimer, this, flow);
    }
}

void
GprsSnoopAgent::OnTimer(GprsTcpFlow flow)
{
    Connection& c = m_connections.at(flow);
    const std::optional<SequenceNumber32> seq = c.cache.OnTimeout();
    if (!seq)
    {
        return; // the oldest segment is left to the sender
    }
    if (Retransmit(c, *seq))
    {
        ++m_timerRetx;
        NS_LOG_INFO("local timeout: retransmission of " << *seq);
    }
    RestartTimer(flow);
}

} // namespace ns3
