/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-transport.h"

#include "ns3/double.h"
#include "ns3/fatal-error.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsWebTransport");

NS_OBJECT_ENSURE_REGISTERED(GprsWebTransport);

namespace
{

/// The largest UDP payload over IPv4 (65535 - 20 - 8).
constexpr uint32_t kMaxUdpPayload = 65507;

/// \return a checker of Time values > 0
Ptr<const AttributeChecker>
MakePositiveTimeChecker()
{
    return Create<GprsPredicateChecker<TimeValue>>(
        [](const TimeValue& v) { return v.Get().IsStrictlyPositive(); },
        "ns3::TimeValue",
        "Time > 0");
}

} // namespace

TypeId
GprsWebTransport::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsWebTransport")
            .SetParent<Object>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsWebTransport>()
            .AddAttribute(
                "SegmentSize",
                "Largest data segment payload, octets, 1..64959 (one UDP datagram with the "
                "largest header). Default 1400: the MSS of Chakravorty & Pratt's testbed (JCN "
                "2002); with a 34-octet header, a rate sample (4), MaxNacks 16 NACKs (32) and "
                "28 octets of UDP/IPv4 a datagram stays within the 1500-octet MTU a GGSN "
                "offers (TS 29.061).",
                UintegerValue(1400),
                MakeUintegerAccessor(&GprsWebTransport::m_segmentSize),
                MakeUintegerChecker<uint32_t>(1,
                                              kMaxUdpPayload - GprsWebTransportHeader::kDataSize -
                                                  GprsWebTransportHeader::kRateSize -
                                                  2 * GprsWebTransportHeader::kMaxNacks))
            .AddAttribute("InitialCredit",
                          "Credit before the first rate and RTT samples, octets, >= 1 (raised to "
                          "one segment). Default 10240: the bandwidth-delay product of a 3+1 "
                          "phone on CS-2 (Chakravorty & Pratt, JCN 2002; GPRSWeb starts at it).",
                          UintegerValue(10240),
                          MakeUintegerAccessor(&GprsWebTransport::m_initialCredit),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("CreditMargin",
                          "The credit is (1 + CreditMargin) x rate x RTT once measured, 0..10. "
                          "Default 0.1: GPRSWeb's '10 % above' (and the best clamp, 10-15 % "
                          "above the bandwidth-delay product, Chakravorty & Pratt, JCN 2002).",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&GprsWebTransport::m_creditMargin),
                          MakeDoubleChecker<double>(0, 10))
            .AddAttribute("RateSamples",
                          "How many bottleneck-rate samples (the receiver's, one per pair of "
                          "segments sent back to back) the credit's median filter keeps, >= 1. "
                          "Default 15: about two credits' worth of 1400-octet segments, so the "
                          "estimate follows a change of coding scheme or timeslots within a few "
                          "seconds; odd, so the median is a sample.",
                          UintegerValue(15),
                          MakeUintegerAccessor(&GprsWebTransport::m_rateSamples),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("ProbeInterval",
                          "While data is unacknowledged and nothing progresses, an ACK-able "
                          "probe goes out this often, > 0. Default 3 s: GPRSWeb probes 'every "
                          "few seconds' (MobiSys 2003); 3 s is about three GPRS RTTs of a full "
                          "segment (Chakravorty & Pratt measured RTTs around 1 s).",
                          TimeValue(Seconds(3)),
                          MakeTimeAccessor(&GprsWebTransport::m_probeInterval),
                          MakePositiveTimeChecker())
            .AddAttribute("AckDelay",
                          "A report owed for in-order data waits at most this long for data to "
                          "ride on, >= 0. Default 200 ms: the delayed ACK of RFC 1122 "
                          "(4.2.3.2, at most 500 ms; 200 ms in BSD stacks).",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&GprsWebTransport::m_ackDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("AckEvery",
                          "A report goes out at once after this many data segments, >= 1. "
                          "Default 2: every second segment (RFC 1122 4.2.3.2, RFC 5681).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&GprsWebTransport::m_ackEvery),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxNacks",
                          "NACKs one report carries, 1..255 (2 octets each). Default 16: more "
                          "than the segments a 10 KB credit keeps in flight; the datagram still "
                          "fits 1500 octets with SegmentSize 1400.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&GprsWebTransport::m_maxNacks),
                          MakeUintegerChecker<uint32_t>(1, GprsWebTransportHeader::kMaxNacks))
            .AddTraceSource("TxSegment",
                            "A data segment was sent (first time or again), with the payload "
                            "octets in flight including it, and the credit.",
                            MakeTraceSourceAccessor(&GprsWebTransport::m_txSegmentTrace),
                            "ns3::GprsWebTransport::TxSegmentCallback")
            .AddTraceSource("Retransmit",
                            "A data segment was sent again.",
                            MakeTraceSourceAccessor(&GprsWebTransport::m_retransmitTrace),
                            "ns3::GprsWebTransport::DatagramCallback")
            .AddTraceSource("Tx",
                            "Any datagram was sent (data, probe or ACK).",
                            MakeTraceSourceAccessor(&GprsWebTransport::m_txTrace),
                            "ns3::GprsWebTransport::DatagramCallback")
            .AddTraceSource("Rx",
                            "A datagram was received.",
                            MakeTraceSourceAccessor(&GprsWebTransport::m_rxTrace),
                            "ns3::GprsWebTransport::DatagramCallback")
            .AddTraceSource("Probe",
                            "A probe was sent.",
                            MakeTraceSourceAccessor(&GprsWebTransport::m_probeTrace),
                            "ns3::GprsWebTransport::ProbeCallback")
            .AddTraceSource("Credit",
                            "The credit, octets.",
                            MakeTraceSourceAccessor(&GprsWebTransport::m_credit),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("InFlight",
                            "Payload octets sent and not yet acknowledged or found lost.",
                            MakeTraceSourceAccessor(&GprsWebTransport::m_inFlight),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Deliver",
                            "A message of the peer was delivered to the receive callback.",
                            MakeTraceSourceAccessor(&GprsWebTransport::m_deliverTrace),
                            "ns3::GprsWebTransport::MessageCallback")
            .AddTraceSource("Drop",
                            "A message the peer cannot have delivered: at Close not wholly "
                            "sent, or part of it found lost and not sent again; or given to "
                            "Send after Close.",
                            MakeTraceSourceAccessor(&GprsWebTransport::m_dropTrace),
                            "ns3::GprsWebTransport::MessageCallback")
            .AddTraceSource("Unconfirmed",
                            "At Close, a message wholly sent, none of it found lost, and not "
                            "wholly acknowledged: the peer may have delivered it.",
                            MakeTraceSourceAccessor(&GprsWebTransport::m_unconfirmedTrace),
                            "ns3::GprsWebTransport::MessageCallback");
    return tid;
}

GprsWebTransport::GprsWebTransport()
    : m_peer(Ipv4Address::GetAny(), 0)
{
    NS_LOG_FUNCTION(this);
}

GprsWebTransport::~GprsWebTransport() = default;

void
GprsWebTransport::DoDispose()
{
    NS_LOG_FUNCTION(this);
    if (m_socket && !m_closed)
    {
        Close();
    }
    m_socket = nullptr;
    m_receive = MakeNullCallback<void, Ptr<Packet>>();
    Object::DoDispose();
}

void
GprsWebTransport::Setup(Ptr<Node> node, uint16_t localPort, InetSocketAddress peer)
{
    NS_LOG_FUNCTION(this << node << localPort);
    if (!node)
    {
        NS_FATAL_ERROR("GprsWebTransport::Setup: the node is null (allowed: the node the "
                       "transport runs on)");
    }
    if (m_socket)
    {
        NS_FATAL_ERROR("GprsWebTransport::Setup: called a second time, on node "
                       << node->GetId() << " port " << localPort
                       << " (allowed: once per transport; create another for another association)");
    }
    try
    {
        m_sender.emplace(
            m_segmentSize,
            GprsWebCreditEstimator(m_initialCredit, m_creditMargin, m_rateSamples, m_segmentSize),
            m_probeInterval);
        m_receiver.emplace(m_ackEvery, m_maxNacks);
    }
    catch (const std::invalid_argument& e)
    {
        NS_FATAL_ERROR("GprsWebTransport: " << e.what());
    }
    m_peer = peer;
    m_socket = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
    const int bound = localPort == 0
                          ? m_socket->Bind()
                          : m_socket->Bind(InetSocketAddress(Ipv4Address::GetAny(), localPort));
    if (bound != 0)
    {
        NS_FATAL_ERROR("GprsWebTransport::Setup: UDP port "
                       << localPort << " on node " << node->GetId()
                       << " is in use (allowed: a port no other socket of the node holds, or 0 "
                          "for any free port)");
    }
    m_socket->SetRecvCallback(MakeCallback(&GprsWebTransport::OnReceive, this));
    UpdateTracedState();
}

void
GprsWebTransport::Send(Ptr<Packet> message, GprsWebPriority priority)
{
    NS_LOG_FUNCTION(this << message << static_cast<int>(priority));
    if (!m_sender)
    {
        NS_FATAL_ERROR("GprsWebTransport::Send: the transport is not set up (allowed: after "
                       "Setup)");
    }
    if (!message || message->GetSize() == 0)
    {
        NS_FATAL_ERROR("GprsWebTransport::Send: a message of 0 octets (allowed: 1 octet or "
                       "more)");
    }
    ++m_counters.messagesSent;
    if (m_closed)
    {
        // The association is gone: the message joins the others Close dropped.
        ++m_counters.messagesDropped;
        m_dropTrace(message);
        return;
    }
    m_sender->Enqueue(message, priority);
    TrySend();
}

void
GprsWebTransport::SetReceiveCallback(Callback<void, Ptr<Packet>> cb)
{
    m_receive = cb;
}

void
GprsWebTransport::Close()
{
    NS_LOG_FUNCTION(this);
    if (m_closed)
    {
        return;
    }
    m_closed = true;
    m_ackEvent.Cancel();
    m_probeEvent.Cancel();
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
    }
    if (m_sender)
    {
        const GprsWebSender::Abandoned abandoned = m_sender->DropAll();
        for (const auto& message : abandoned.dropped)
        {
            ++m_counters.messagesDropped;
            m_dropTrace(message);
        }
        for (const auto& message : abandoned.unconfirmed)
        {
            ++m_counters.messagesUnconfirmed;
            m_unconfirmedTrace(message);
        }
        UpdateTracedState();
    }
}

uint16_t
GprsWebTransport::GetLocalPort() const
{
    if (!m_socket)
    {
        NS_FATAL_ERROR("GprsWebTransport::GetLocalPort: the transport is not set up (allowed: "
                       "after Setup)");
    }
    Address local;
    m_socket->GetSockName(local);
    return InetSocketAddress::ConvertFrom(local).GetPort();
}

const GprsWebTransportCounters&
GprsWebTransport::GetCounters() const
{
    return m_counters;
}

uint32_t
GprsWebTransport::GetCredit() const
{
    return m_credit;
}

uint32_t
GprsWebTransport::GetInFlight() const
{
    return m_inFlight;
}

Time
GprsWebTransport::GetRtt() const
{
    return m_sender ? m_sender->GetCreditEstimator().GetRtt() : Time();
}

void
GprsWebTransport::UpdateTracedState()
{
    m_credit = m_sender->GetCredit();
    m_inFlight = m_sender->GetInFlight();
}

GprsWebTransportHeader
GprsWebTransport::ReportHeader() const
{
    GprsWebTransportHeader header;
    header.SetAckInfo(m_receiver->GetAckInfo());
    return header;
}

void
GprsWebTransport::Transmit(Ptr<Packet> packet, const GprsWebTransportHeader& header)
{
    m_receiver->AckSent();
    m_ackOwed = false;
    m_ackEvent.Cancel();
    ++m_counters.datagramsSent;
    m_counters.octetsSent += packet->GetSize();
    m_counters.nacks += header.GetAckInfo().nacks.size();
    m_txTrace(packet, header);
    m_socket->SendTo(packet, 0, m_peer);
}

void
GprsWebTransport::TrySend()
{
    const Time now = Simulator::Now();
    while (auto seg = m_sender->NextSegment(now))
    {
        GprsWebTransportHeader header = ReportHeader();
        header.SetSegment(*seg);
        Ptr<Packet> packet = seg->payload->Copy();
        packet->AddHeader(header);
        NS_LOG_LOGIC("send " << header);
        ++m_counters.dataSegments;
        UpdateTracedState();
        m_txSegmentTrace(packet, header, m_sender->GetInFlight(), m_sender->GetCredit());
        if (seg->retransmission)
        {
            ++m_counters.retransmissions;
            m_retransmitTrace(packet, header);
        }
        Transmit(packet, header);
    }
    ScheduleProbe();
}

void
GprsWebTransport::SendAck()
{
    GprsWebTransportHeader header = ReportHeader();
    Ptr<Packet> packet = Create<Packet>();
    packet->AddHeader(header);
    NS_LOG_LOGIC("send " << header);
    ++m_counters.acks;
    Transmit(packet, header);
}

void
GprsWebTransport::OnAckTimer()
{
    SendAck();
}

void
GprsWebTransport::ScheduleProbe()
{
    m_probeEvent.Cancel();
    if (const auto due = m_sender->NextProbeTime())
    {
        m_probeEvent = Simulator::Schedule(std::max(*due - Simulator::Now(), Time()),
                                           &GprsWebTransport::OnProbeTimer,
                                           this);
    }
}

void
GprsWebTransport::OnProbeTimer()
{
    const Time now = Simulator::Now();
    if (m_sender->ShouldProbe(now))
    {
        GprsWebTransportHeader header = ReportHeader();
        const uint32_t tx = m_sender->TakeProbe(now);
        header.SetProbe(tx);
        Ptr<Packet> packet = Create<Packet>();
        packet->AddHeader(header);
        NS_LOG_LOGIC("send " << header);
        ++m_counters.probes;
        m_probeTrace(tx);
        Transmit(packet, header);
    }
    ScheduleProbe();
}

void
GprsWebTransport::OnReceive(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        if (m_closed)
        {
            return;
        }
        const Time now = Simulator::Now();
        ++m_counters.datagramsReceived;
        m_counters.octetsReceived += packet->GetSize();
        GprsWebTransportHeader header;
        if (packet->GetSize() < GprsWebTransportHeader::kAckSize)
        {
            NS_LOG_WARN("datagram of " << packet->GetSize() << " octets is no GPRSWeb datagram");
            continue;
        }
        m_rxTrace(packet, header);
        packet->RemoveHeader(header);
        NS_LOG_LOGIC("recv " << header);
        const GprsWebAckResult acked = m_sender->OnAck(header.GetAckInfo(), now);
        m_counters.lostSegments += acked.lostSegments;
        m_counters.messagesAcked += acked.completed.size();
        UpdateTracedState();
        std::vector<Ptr<Packet>> delivered;
        if (header.IsProbe())
        {
            m_receiver->OnTransmission(header.GetTx());
            m_ackOwed = true;
        }
        if (header.IsData())
        {
            const auto r = m_receiver->OnSegment(header.GetSegment(packet), now);
            m_counters.duplicates += r.duplicate ? 1 : 0;
            delivered = r.delivered;
            if (r.urgency == GprsWebReceiver::AckUrgency::NOW)
            {
                m_ackOwed = true;
            }
            else if (m_ackEvent.IsExpired())
            {
                m_ackEvent = Simulator::Schedule(m_ackDelay, &GprsWebTransport::OnAckTimer, this);
            }
        }
        for (const auto& message : delivered)
        {
            ++m_counters.messagesDelivered;
            m_deliverTrace(message);
            if (!m_receive.IsNull())
            {
                m_receive(message);
            }
            if (m_closed)
            {
                return;
            }
        }
        TrySend();
        if (m_ackOwed)
        {
            SendAck();
        }
    }
}

} // namespace ns3
