/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-split-proxy.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/gprs-stop-if-invalid.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/uinteger.h"

#include <iostream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsSplitProxy");

NS_OBJECT_ENSURE_REGISTERED(GprsSplitProxy);

namespace
{

/**
 * \param name an attribute
 * \param value its value: empty, or a TypeId name with attributes in ObjectFactory syntax
 * \param base the class it must derive from
 * \return the factory, or nothing for an empty value
 * \throws std::invalid_argument naming the attribute, the value and what is allowed
 */
std::optional<ObjectFactory>
ParseFactory(const std::string& name, const std::string& value, TypeId base)
{
    if (value.empty())
    {
        return std::nullopt;
    }
    TypeId tid;
    const std::string typeName = value.substr(0, value.find('['));
    const std::string given = "GprsSplitProxy " + name + " '" + value + "'";
    if (!TypeId::LookupByNameFailSafe(typeName, &tid) || !gprs::IsTypeKindOf(tid, base) ||
        !tid.HasConstructor())
    {
        throw std::invalid_argument(given + ": '" + typeName + "' is not a " + base.GetName() +
                                    " that can be created (allowed: empty for the node's "
                                    "default, or a TypeId name such as ns3::TcpNewReno, with "
                                    "attributes as in ns3::GprsTcpClamp[Clamp=12000])");
    }
    ObjectFactoryValue factory;
    if (!factory.DeserializeFromString(value, MakeObjectFactoryChecker()))
    {
        throw std::invalid_argument(given + ": not in ObjectFactory syntax (allowed: "
                                            "TypeName[Attribute=value|...])");
    }
    return factory.Get();
}

/**
 * \param name an attribute
 * \param value its value: empty, true or false
 * \return the flag, or nothing for an empty value
 * \throws std::invalid_argument naming the attribute, the value and what is allowed
 */
std::optional<bool>
ParseFlag(const std::string& name, const std::string& value)
{
    if (value.empty())
    {
        return std::nullopt;
    }
    BooleanValue flag;
    if (!flag.DeserializeFromString(value, MakeBooleanChecker()))
    {
        throw std::invalid_argument("GprsSplitProxy " + name + " '" + value +
                                    "' (allowed: empty for the node's default, true or false)");
    }
    return flag.Get();
}

/**
 * \param value an attribute's value
 * \return nothing for 0 (the node's default), else the value
 */
std::optional<uint32_t>
NonZero(uint32_t value)
{
    return value == 0 ? std::nullopt : std::optional<uint32_t>(value);
}

} // namespace

GprsSplitProxy::LegMembers
GprsSplitProxy::Members(bool mobileLeg)
{
    if (mobileLeg)
    {
        return {&GprsSplitProxy::m_mobileCongestion,
                &GprsSplitProxy::m_mobileRecovery,
                &GprsSplitProxy::m_mobileSegmentSize,
                &GprsSplitProxy::m_mobileSndBuf,
                &GprsSplitProxy::m_mobileRcvBuf,
                &GprsSplitProxy::m_mobileSack,
                &GprsSplitProxy::m_mobileTimestamp};
    }
    return {&GprsSplitProxy::m_serverCongestion,
            &GprsSplitProxy::m_serverRecovery,
            &GprsSplitProxy::m_serverSegmentSize,
            &GprsSplitProxy::m_serverSndBuf,
            &GprsSplitProxy::m_serverRcvBuf,
            &GprsSplitProxy::m_serverSack,
            &GprsSplitProxy::m_serverTimestamp};
}

TypeId
GprsSplitProxy::AddLegAttributes(TypeId tid, bool mobileLeg)
{
    const std::string leg = mobileLeg ? "MobileLeg" : "ServerLeg";
    const std::string of = mobileLeg ? " of the leg towards the mobile"
                                     : " of the leg towards "
                                       "the fixed host";
    const std::string inherit = ". Default empty: as any new socket of the node (";
    const LegMembers m = Members(mobileLeg);
    return tid
        .AddAttribute(leg + "CongestionControl",
                      "Congestion control" + of +
                          ": a TcpCongestionOps TypeId name, with attributes in ObjectFactory "
                          "syntax, e.g. ns3::GprsTcpClamp[Clamp=12000]" +
                          inherit + "TcpL4Protocol SocketType).",
                      StringValue(""),
                      MakeStringAccessor(m.congestion),
                      MakeStringChecker())
        .AddAttribute(leg + "Recovery",
                      "Loss recovery" + of +
                          ": a TcpRecoveryOps TypeId name, e.g. "
                          "ns3::GprsTcpClampRecovery" +
                          inherit + "TcpL4Protocol RecoveryType).",
                      StringValue(""),
                      MakeStringAccessor(m.recovery),
                      MakeStringChecker())
        .AddAttribute(leg + "SegmentSize",
                      "MSS in bytes" + of +
                          ". Default 0: as any new socket of the node "
                          "(TcpSocket SegmentSize).",
                      UintegerValue(0),
                      MakeUintegerAccessor(m.segmentSize),
                      MakeUintegerChecker<uint32_t>())
        .AddAttribute(leg + "SndBufSize",
                      "Send buffer in bytes" + of +
                          ". Default 0: as any new socket of the node "
                          "(TcpSocket SndBufSize).",
                      UintegerValue(0),
                      MakeUintegerAccessor(m.sndBuf),
                      MakeUintegerChecker<uint32_t>())
        .AddAttribute(leg + "RcvBufSize",
                      "Receive buffer in bytes" + of +
                          ", at most 1073725440, the largest window TCP advertises (RFC 7323; "
                          "from 2^31 ns-3's TCP advertises none). Default 0: as any new socket "
                          "of the node (TcpSocket RcvBufSize).",
                      UintegerValue(0),
                      MakeUintegerAccessor(m.rcvBuf),
                      MakeUintegerChecker<uint32_t>(0, gprs::kLargestTcpWindow))
        .AddAttribute(leg + "Sack",
                      "SACK" + of + ": true, false" + inherit + "TcpSocketBase Sack).",
                      StringValue(""),
                      MakeStringAccessor(m.sack),
                      MakeStringChecker())
        .AddAttribute(leg + "Timestamp",
                      "Timestamps option" + of + ": true, false" + inherit +
                          "TcpSocketBase Timestamp).",
                      StringValue(""),
                      MakeStringAccessor(m.timestamp),
                      MakeStringChecker());
}

TypeId
GprsSplitProxy::GetTypeId()
{
    static TypeId tid = AddLegAttributes(
        AddLegAttributes(
            TypeId("ns3::GprsSplitProxy")
                .SetParent<GprsProxy>()
                .SetGroupName("Gprs")
                .AddConstructor<GprsSplitProxy>()
                .AddAttribute("RelayBufferSize",
                              "Octets each direction of a connection holds between its legs, "
                              "> 0. Default 65535, the largest unscaled TCP window (RFC 793), "
                              "so that the relay never holds an unscaled sender back by less "
                              "than its window.",
                              UintegerValue(65535),
                              MakeUintegerAccessor(&GprsSplitProxy::m_relayBufferSize),
                              MakeUintegerChecker<uint32_t>(1))
                .AddTraceSource("BytesRelayedToMobile",
                                "Octets written into the legs towards the mobiles (count).",
                                MakeTraceSourceAccessor(&GprsSplitProxy::m_bytesToMobile),
                                "ns3::TracedValueCallback::Uint64")
                .AddTraceSource("BytesRelayedToServer",
                                "Octets written into the legs towards the fixed hosts (count).",
                                MakeTraceSourceAccessor(&GprsSplitProxy::m_bytesToServer),
                                "ns3::TracedValueCallback::Uint64")
                .AddTraceSource("DataSegmentsToMobile",
                                "Data segments the legs towards the mobiles sent, "
                                "retransmissions included (count).",
                                MakeTraceSourceAccessor(&GprsSplitProxy::m_dataSegmentsToMobile),
                                "ns3::TracedValueCallback::Uint64")
                .AddTraceSource("DataDrivenRetransmissions",
                                "Retransmissions by the legs towards the mobiles outside a "
                                "timeout recovery: fast retransmit and recovery (count).",
                                MakeTraceSourceAccessor(&GprsSplitProxy::m_dataRetx),
                                "ns3::TracedValueCallback::Uint64")
                .AddTraceSource("TimerDrivenRetransmissions",
                                "Retransmissions by the legs towards the mobiles after a "
                                "retransmission timeout (count).",
                                MakeTraceSourceAccessor(&GprsSplitProxy::m_timerRetx),
                                "ns3::TracedValueCallback::Uint64")
                .AddTraceSource("WindowInForce",
                                "Congestion window of the leg towards a mobile, bytes (the last "
                                "change of any connection).",
                                MakeTraceSourceAccessor(&GprsSplitProxy::m_windowInForce),
                                "ns3::TracedValueCallback::Uint32")
                .AddTraceSource("BytesDroppedToMobile",
                                "Octets for the mobiles that connections whose leg died held: "
                                "acknowledged to the fixed host, never acknowledged by the "
                                "mobile (count).",
                                MakeTraceSourceAccessor(&GprsSplitProxy::m_bytesDroppedToMobile),
                                "ns3::TracedValueCallback::Uint64")
                .AddTraceSource("BytesDroppedToServer",
                                "Octets for the fixed hosts that connections whose leg died "
                                "held: acknowledged to the mobile, never acknowledged by the "
                                "fixed host (count).",
                                MakeTraceSourceAccessor(&GprsSplitProxy::m_bytesDroppedToServer),
                                "ns3::TracedValueCallback::Uint64")
                .AddTraceSource("BytesDropped",
                                "A leg died (reset, or given up by its TCP): per direction, the "
                                "octets the connection held, acknowledged to the sender and "
                                "never acknowledged by the receiver, split into those not yet "
                                "relayed and those relayed.",
                                MakeTraceSourceAccessor(&GprsSplitProxy::m_bytesDropped),
                                "ns3::GprsSplitProxy::BytesDroppedCallback")
                .AddTraceSource("LegOpened",
                                "A leg's socket, when the proxy opens it (the leg towards the "
                                "responder, before its SYN) or a listener forks it (towards the "
                                "initiator, before its handshake completes).",
                                MakeTraceSourceAccessor(&GprsSplitProxy::m_legOpened),
                                "ns3::GprsSplitProxy::LegOpenedCallback"),
            false),
        true);
    return tid;
}

GprsSplitProxy::GprsSplitProxy() = default;

GprsSplitProxy::~GprsSplitProxy() = default;

void
GprsSplitProxy::DoDispose()
{
    m_splits.clear();
    m_listeners.clear();
    GprsProxy::DoDispose();
}

GprsTcpLegConfig
GprsSplitProxy::GetLegConfig(bool mobileLeg) const
{
    const LegMembers m = Members(mobileLeg);
    const std::string leg = mobileLeg ? "MobileLeg" : "ServerLeg";
    GprsTcpLegConfig c;
    c.congestionControl =
        ParseFactory(leg + "CongestionControl", this->*m.congestion, TcpCongestionOps::GetTypeId());
    c.recovery = ParseFactory(leg + "Recovery", this->*m.recovery, TcpRecoveryOps::GetTypeId());
    c.segmentSize = NonZero(this->*m.segmentSize);
    c.sndBufSize = NonZero(this->*m.sndBuf);
    c.rcvBufSize = NonZero(this->*m.rcvBuf);
    c.sack = ParseFlag(leg + "Sack", this->*m.sack);
    c.timestamp = ParseFlag(leg + "Timestamp", this->*m.timestamp);
    return c;
}

std::size_t
GprsSplitProxy::GetOpenSplits() const
{
    return m_splits.size();
}

GprsProxyCounters
GprsSplitProxy::GetCounters() const
{
    GprsProxyCounters c;
    c.bytesRelayedToMobile = m_bytesToMobile;
    c.bytesRelayedToServer = m_bytesToServer;
    c.dataSegmentsToMobile = m_dataSegmentsToMobile;
    c.dataDrivenRetransmissions = m_dataRetx;
    c.timerDrivenRetransmissions = m_timerRetx;
    c.windowInForce = m_windowInForce;
    c.bytesDroppedToMobile = m_bytesDroppedToMobile;
    c.bytesDroppedToServer = m_bytesDroppedToServer;
    return c;
}

void
GprsSplitProxy::CheckConfiguration() const
{
    GetLegConfig(false);
    GetLegConfig(true);
}

void
GprsSplitProxy::CheckLegAttribute(const std::string& name, const std::string& value)
{
    for (const std::string leg : {"MobileLeg", "ServerLeg"})
    {
        if (name == leg + "CongestionControl")
        {
            ParseFactory(name, value, TcpCongestionOps::GetTypeId());
        }
        else if (name == leg + "Recovery")
        {
            ParseFactory(name, value, TcpRecoveryOps::GetTypeId());
        }
        else if (name == leg + "Sack" || name == leg + "Timestamp")
        {
            ParseFlag(name, value);
        }
    }
}

void
GprsSplitProxy::NotifyConstructionCompleted()
{
    GprsProxy::NotifyConstructionCompleted();
    GprsStopIfInvalid([this]() { CheckConfiguration(); });
}

bool
GprsSplitProxy::IsMobileLeg(const Split& split, Leg leg)
{
    return (leg == INITIATOR) == split.initiatorIsMobile;
}

bool
GprsSplitProxy::Intercept(const GprsTransitPacket& packet, const GprsTransitSegment& s)
{
    const auto it = m_splits.find(s.flow);
    if (it != m_splits.end())
    {
        Split& split = it->second;
        const bool fromInitiator = s.toMobile != split.initiatorIsMobile;
        if (split.syn && fromInitiator)
        {
            return true; // a repeated SYN: the held one answers for it
        }
        if (split.syn && split.legs[RESPONDER]->RefusedBy(s.tcp))
        {
            return true; // the responder refused: OnState resets the initiator
        }
        DeliverLocally(packet);
        return true;
    }
    const uint8_t flags = s.tcp.GetFlags();
    if ((flags & TcpHeader::SYN) && !(flags & (TcpHeader::ACK | TcpHeader::RST)))
    {
        return StartSplit(packet, s);
    }
    return false;
}

bool
GprsSplitProxy::StartSplit(const GprsTransitPacket& packet, const GprsTransitSegment& s)
{
    WarnOfFlowMonitor(*packet.payload);
    const Ipv4Header& header = packet.header;
    const InetSocketAddress initiator(header.GetSource(), s.tcp.GetSourcePort());
    const InetSocketAddress responder(header.GetDestination(), s.tcp.GetDestinationPort());
    Split split;
    split.initiator = initiator;
    split.responder = responder;
    split.initiatorIsMobile = !s.toMobile;
    split.pipes[INITIATOR] = GprsSplitPipe(m_relayBufferSize);
    split.pipes[RESPONDER] = GprsSplitPipe(m_relayBufferSize);
    split.syn = packet.payload->Copy();
    split.synHeader = header;
    split.synInterface = GetIpv4()->GetInterfaceForDevice(packet.idev);
    split.deliver = packet.lcb;
    const bool mobile = IsMobileLeg(split, RESPONDER);
    const Ptr<GprsProxyTcpSocket> leg =
        GprsProxyTcpSocket::Create(GetIpv4()->GetObject<Node>(), GetLegConfig(mobile));
    const auto it = m_splits.emplace(s.flow, std::move(split)).first;
    it->second.legs[RESPONDER] = leg;
    WatchLeg(s.flow, RESPONDER, leg);
    if (leg->ConnectFrom(initiator, responder) != 0)
    {
        NS_LOG_WARN("cannot open a connection from " << initiator.GetIpv4() << ":"
                                                     << initiator.GetPort()
                                                     << ": the connection passes unsplit");
        m_splits.erase(it);
        return false;
    }
    NS_LOG_INFO("splitting " << initiator.GetIpv4() << ":" << initiator.GetPort() << " -> "
                             << responder.GetIpv4() << ":" << responder.GetPort());
    return true;
}

void
GprsSplitProxy::WarnOfFlowMonitor(const Packet& syn)
{
    // FlowMonitor's Ipv4FlowProbe marks the packets it follows with this byte tag.
    static TypeId probeTag;
    static const bool monitorLinked =
        TypeId::LookupByNameFailSafe("ns3::Ipv4FlowProbeTag", &probeTag);
    if (m_flowMonitorWarned || !monitorLinked)
    {
        return;
    }
    for (ByteTagIterator it = syn.GetByteTagIterator(); it.HasNext();)
    {
        if (it.Next().GetTypeId() == probeTag)
        {
            m_flowMonitorWarned = true;
            std::cerr << "GprsSplitProxy on node " << GetIpv4()->GetObject<Node>()->GetId()
                      << ": FlowMonitor follows connections this proxy splits only up to the "
                         "proxy; its delay, rxBytes and losses of flows towards the mobiles are "
                         "the server leg's. Measure at the mobiles with GprsFlowStatsCalculator "
                         "(doc/gprs.rst, FlowMonitor).\n";
            return;
        }
    }
}

void
GprsSplitProxy::WatchLeg(const GprsTcpFlow& flow, Leg leg, Ptr<GprsProxyTcpSocket> socket)
{
    socket->TraceConnectWithoutContext(
        "State",
        MakeCallback(&GprsSplitProxy::OnState, this).Bind(flow, static_cast<uint8_t>(leg)));
    // ns-3's TCP gives up a connection through these callbacks, not the State trace.
    const auto failed =
        MakeCallback(&GprsSplitProxy::OnLegFailed, this).Bind(flow, static_cast<uint8_t>(leg));
    socket->SetCloseCallbacks(MakeNullCallback<void, Ptr<Socket>>(), failed);
    socket->SetConnectCallback(MakeNullCallback<void, Ptr<Socket>>(), failed);
    const bool mobile = IsMobileLeg(m_splits.at(flow), leg);
    if (mobile)
    {
        socket->TraceConnectWithoutContext(
            "Tx",
            MakeCallback(&GprsSplitProxy::OnMobileTx, this).Bind(flow));
        socket->TraceConnectWithoutContext(
            "CongState",
            MakeCallback(&GprsSplitProxy::OnMobileCongState, this).Bind(flow));
        socket->TraceConnectWithoutContext("CongestionWindow",
                                           MakeCallback(&GprsSplitProxy::OnMobileCwnd, this));
    }
    m_legOpened(socket, mobile);
}

void
GprsSplitProxy::DeliverSyn(GprsTcpFlow flow)
{
    const auto it = m_splits.find(flow);
    if (it == m_splits.end() || !it->second.syn)
    {
        return;
    }
    Split& split = it->second;
    const InetSocketAddress responder = InetSocketAddress::ConvertFrom(split.responder);
    const std::pair<uint32_t, uint16_t> key{responder.GetIpv4().Get(), responder.GetPort()};
    if (m_listeners.count(key) == 0)
    {
        const Ptr<GprsProxyTcpSocket> listener =
            GprsProxyTcpSocket::Create(GetIpv4()->GetObject<Node>(),
                                       GetLegConfig(IsMobileLeg(split, INITIATOR)));
        listener->SetForkCallback(MakeCallback(&GprsSplitProxy::OnFork, this));
        if (listener->Bind(responder) != 0 || listener->Listen() != 0)
        {
            NS_LOG_WARN("cannot listen on " << responder.GetIpv4() << ":" << responder.GetPort());
            RefuseInitiator(split);
            split.syn = nullptr;
            split.legs[RESPONDER]->Abort();
            return;
        }
        m_listeners.emplace(key, listener);
    }
    const Ptr<Packet> syn = split.syn;
    split.syn = nullptr;
    split.deliver(syn, split.synHeader, split.synInterface);
}

void
GprsSplitProxy::OnFork(Ptr<GprsProxyTcpSocket> socket, const Address& from)
{
    Address local;
    socket->GetSockName(local);
    const InetSocketAddress l = InetSocketAddress::ConvertFrom(local);
    const InetSocketAddress f = InetSocketAddress::ConvertFrom(from);
    const GprsTcpFlow flow = IsMobileSide(f.GetIpv4())
                                 ? GprsTcpFlow{l.GetIpv4(), l.GetPort(), f.GetIpv4(), f.GetPort()}
                                 : GprsTcpFlow{f.GetIpv4(), f.GetPort(), l.GetIpv4(), l.GetPort()};
    const auto it = m_splits.find(flow);
    if (it == m_splits.end() || it->second.legs[INITIATOR])
    {
        NS_LOG_WARN("unexpected connection from " << f.GetIpv4() << ":" << f.GetPort());
        socket->Abort();
        return;
    }
    it->second.legs[INITIATOR] = socket;
    WatchLeg(flow, INITIATOR, socket);
}

void
GprsSplitProxy::OnState(GprsTcpFlow flow,
                        uint8_t leg,
                        TcpSocket::TcpStates_t oldState,
                        TcpSocket::TcpStates_t newState)
{
    const auto it = m_splits.find(flow);
    if (it == m_splits.end())
    {
        return;
    }
    Split& split = it->second;
    const auto l = static_cast<Leg>(leg);
    const Leg other = l == INITIATOR ? RESPONDER : INITIATOR;
    NS_LOG_LOGIC((l == INITIATOR ? "initiator" : "responder")
                 << " leg " << TcpSocket::TcpStateName[oldState] << " -> "
                 << TcpSocket::TcpStateName[newState]);
    if (newState == TcpSocket::ESTABLISHED)
    {
        if (l == RESPONDER && oldState == TcpSocket::SYN_SENT)
        {
            Simulator::ScheduleNow(&GprsSplitProxy::DeliverSyn, this, flow);
        }
        else if (l == INITIATOR && oldState == TcpSocket::SYN_RCVD)
        {
            Simulator::ScheduleNow(&GprsSplitProxy::StartRelay, this, flow);
        }
        return;
    }
    const bool peerFin = newState == TcpSocket::CLOSE_WAIT || newState == TcpSocket::CLOSING ||
                         newState == TcpSocket::TIME_WAIT;
    if (peerFin && !split.peerFinished[l])
    {
        split.peerFinished[l] = true;
        if (split.pipes[other].IsShutDown())
        {
            // ns-3's TcpSocketBase resets a connection closed with unread data: with this
            // leg's send side shut down, it closes at once, so take everything now.
            const Ptr<GprsProxyTcpSocket> socket = split.legs[l];
            if (socket->GetRxAvailable() > 0)
            {
                split.pipes[l].Push(socket->Recv(socket->GetRxAvailable(), 0));
            }
        }
        if (split.relaying)
        {
            Simulator::ScheduleNow(&GprsSplitProxy::Pump, this, flow);
        }
        return;
    }
    if (newState == TcpSocket::CLOSED)
    {
        LegClosed(flow,
                  l,
                  oldState == TcpSocket::LAST_ACK || oldState == TcpSocket::TIME_WAIT ||
                      oldState == TcpSocket::CLOSING);
    }
}

void
GprsSplitProxy::OnLegFailed(GprsTcpFlow flow, uint8_t leg, Ptr<Socket> socket)
{
    LegClosed(flow, static_cast<Leg>(leg), false);
}

void
GprsSplitProxy::LegClosed(const GprsTcpFlow& flow, Leg leg, bool clean)
{
    const auto it = m_splits.find(flow);
    if (it == m_splits.end() || it->second.closed[leg])
    {
        return;
    }
    Split& split = it->second;
    const Leg other = leg == INITIATOR ? RESPONDER : INITIATOR;
    split.closed[leg] = true;
    if (!clean && leg == RESPONDER && split.syn)
    {
        NS_LOG_INFO("responder refused or unreachable: resetting the initiator");
        RefuseInitiator(split);
        split.syn = nullptr;
    }
    else if (!clean && !split.failed)
    {
        NS_LOG_INFO("a leg was reset or failed: resetting the other");
        split.failed = true;
        split.relaying = false;
        ReportDropped(flow, split);
        if (split.legs[other] && !split.closed[other])
        {
            Simulator::ScheduleNow(&GprsProxyTcpSocket::Abort, split.legs[other]);
        }
    }
    if (!split.legs[other] || split.closed[other])
    {
        // Not now: the socket whose state changed may be held by this connection only.
        Simulator::ScheduleNow(&GprsSplitProxy::Forget, this, flow);
    }
}

void
GprsSplitProxy::ReportDropped(const GprsTcpFlow& flow, const Split& split)
{
    for (const Leg from : {INITIATOR, RESPONDER})
    {
        const Leg to = from == INITIATOR ? RESPONDER : INITIATOR;
        const Ptr<GprsProxyTcpSocket> source = split.legs[from];
        const Ptr<GprsProxyTcpSocket> sink = split.legs[to];
        const uint32_t held = (source ? source->GetRxAvailable() : 0) + split.pipes[from].GetSize();
        const uint32_t unacknowledged = sink ? sink->GetTxBuffer()->Size() : 0;
        if (held + unacknowledged == 0)
        {
            continue;
        }
        const bool toMobile = IsMobileLeg(split, to);
        NS_LOG_INFO("dropped towards the " << (toMobile ? "mobile: " : "fixed host: ") << held
                                           << " octets held, " << unacknowledged
                                           << " unacknowledged");
        (toMobile ? m_bytesDroppedToMobile : m_bytesDroppedToServer) += held + unacknowledged;
        m_bytesDropped(flow, toMobile, held, unacknowledged);
    }
}

void
GprsSplitProxy::Forget(GprsTcpFlow flow)
{
    NS_LOG_INFO("connection closed on both legs");
    m_splits.erase(flow);
}

void
GprsSplitProxy::StartRelay(GprsTcpFlow flow)
{
    const auto it = m_splits.find(flow);
    if (it == m_splits.end())
    {
        return;
    }
    Split& split = it->second;
    if (split.closed[RESPONDER])
    {
        split.legs[INITIATOR]->Abort();
        return;
    }
    split.relaying = true;
    for (const Leg l : {INITIATOR, RESPONDER})
    {
        split.legs[l]->SetRecvCallback(MakeCallback(&GprsSplitProxy::OnRecv, this).Bind(flow));
        split.legs[l]->SetSendCallback(MakeCallback(&GprsSplitProxy::OnSend, this).Bind(flow));
    }
    Pump(flow);
}

void
GprsSplitProxy::OnRecv(GprsTcpFlow flow, Ptr<Socket> socket)
{
    Pump(flow);
}

void
GprsSplitProxy::OnSend(GprsTcpFlow flow, Ptr<Socket> socket, uint32_t available)
{
    Pump(flow);
}

void
GprsSplitProxy::Pump(GprsTcpFlow flow)
{
    const auto it = m_splits.find(flow);
    if (it == m_splits.end() || !it->second.relaying || it->second.pumping)
    {
        return;
    }
    Split& split = it->second;
    split.pumping = true;
    PumpDirection(split, INITIATOR);
    PumpDirection(split, RESPONDER);
    split.pumping = false;
}

void
GprsSplitProxy::PumpDirection(Split& split, Leg from)
{
    const Leg to = from == INITIATOR ? RESPONDER : INITIATOR;
    const Ptr<GprsProxyTcpSocket> source = split.legs[from];
    const Ptr<GprsProxyTcpSocket> sink = split.legs[to];
    GprsSplitPipe& pipe = split.pipes[from];
    TracedValue<uint64_t>& relayed = IsMobileLeg(split, to) ? m_bytesToMobile : m_bytesToServer;
    bool moved = true;
    while (moved)
    {
        moved = false;
        while (pipe.GetSize() > 0 && !split.closed[to] && sink->GetTxAvailable() > 0)
        {
            const Ptr<Packet> chunk = pipe.Pop(sink->GetTxAvailable());
            NS_ABORT_MSG_IF(sink->Send(chunk, 0) < 0,
                            "GprsSplitProxy: a leg refused data (socket error " << sink->GetErrno()
                                                                                << ")");
            relayed += chunk->GetSize();
            moved = true;
        }
        const uint32_t n = std::min(source->GetRxAvailable(), pipe.GetSpace());
        if (n > 0)
        {
            pipe.Push(source->Recv(n, 0));
            moved = true;
        }
    }
    if (split.peerFinished[from] && source->GetRxAvailable() == 0)
    {
        pipe.SetSourceFinished();
    }
    if (pipe.ShouldShutDown() && !split.closed[to])
    {
        sink->ShutdownSend();
        pipe.SetShutDown();
    }
}

void
GprsSplitProxy::RefuseInitiator(const Split& split)
{
    const InetSocketAddress initiator = InetSocketAddress::ConvertFrom(split.initiator);
    const InetSocketAddress responder = InetSocketAddress::ConvertFrom(split.responder);
    TcpHeader syn;
    split.syn->PeekHeader(syn);
    TcpHeader rst;
    rst.SetSourcePort(responder.GetPort());
    rst.SetDestinationPort(initiator.GetPort());
    rst.SetFlags(TcpHeader::RST | TcpHeader::ACK);
    rst.SetSequenceNumber(SequenceNumber32(0));
    rst.SetAckNumber(syn.GetSequenceNumber() + 1);
    rst.SetWindowSize(0);
    if (Node::ChecksumEnabled())
    {
        rst.EnableChecksums();
        rst.InitializeChecksum(responder.GetIpv4(), initiator.GetIpv4(), gprs::kTcpProtocolNumber);
    }
    const Ptr<Packet> p = Create<Packet>();
    p->AddHeader(rst);
    Ipv4Header ip;
    ip.SetSource(responder.GetIpv4());
    ip.SetDestination(initiator.GetIpv4());
    ip.SetProtocol(gprs::kTcpProtocolNumber);
    ip.SetTtl(64);
    ip.SetPayloadSize(p->GetSize());
    SendWithHeader(p, ip);
}

void
GprsSplitProxy::OnMobileTx(GprsTcpFlow flow,
                           Ptr<const Packet> p,
                           const TcpHeader& header,
                           Ptr<const TcpSocketBase> socket)
{
    const auto it = m_splits.find(flow);
    if (p->GetSize() == 0 || it == m_splits.end())
    {
        return;
    }
    ++m_dataSegmentsToMobile;
    switch (it->second.toMobile.OnDataSegment(header.GetSequenceNumber(), p->GetSize()))
    {
    case GprsRetransmissionCounter::Kind::DATA_DRIVEN:
        ++m_dataRetx;
        break;
    case GprsRetransmissionCounter::Kind::TIMER_DRIVEN:
        ++m_timerRetx;
        break;
    case GprsRetransmissionCounter::Kind::NEW:
        break;
    }
}

void
GprsSplitProxy::OnMobileCongState(GprsTcpFlow flow,
                                  TcpSocketState::TcpCongState_t oldState,
                                  TcpSocketState::TcpCongState_t newState)
{
    const auto it = m_splits.find(flow);
    if (it != m_splits.end())
    {
        it->second.toMobile.SetLossState(newState == TcpSocketState::CA_LOSS);
    }
}

void
GprsSplitProxy::OnMobileCwnd(uint32_t oldCwnd, uint32_t newCwnd)
{
    m_windowInForce = newCwnd;
}

} // namespace ns3
