/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-statistical-net-device.h"

#include "gprs-statistical-channel.h"

#include "ns3/drop-tail-queue.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/ipv4-header.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsStatisticalNetDevice");

NS_OBJECT_ENSURE_REGISTERED(GprsStatisticalNetDevice);

TypeId
GprsStatisticalNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsStatisticalNetDevice")
            .SetParent<GprsNetDevice>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsStatisticalNetDevice>()
            .AddAttribute("MaxRetransmissions",
                          "Link-level retransmissions of a lost packet, set on a mobile's "
                          "device: its packets in both directions (the network side's own "
                          "value is not used). Default 0: LLC unacknowledged mode, Rendon et "
                          "al.'s base cases; their LLC acknowledged mode allows 2 (N200, "
                          "TS 44.064 clause 8.9.2 allows 1..15).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&GprsStatisticalNetDevice::m_maxRetransmissions),
                          MakeUintegerChecker<uint32_t>(0, 15))
            .AddAttribute("QueueBytes",
                          "Drop-tail queue per mobile, octets of IP packets: on the network "
                          "side the GGSN/SGSN's per-mobile downlink buffer, on a mobile its "
                          "uplink buffer. Default 128 KiB, the cell's DownlinkBufferBytes "
                          "(Chakravorty & Pratt measured over 120 KB).",
                          UintegerValue(131072),
                          MakeUintegerAccessor(&GprsStatisticalNetDevice::m_queueBytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Tx",
                            "A transmission of an IP packet starts on the radio (its number: 1 "
                            "the first, 2 the first link-level retransmission...).",
                            MakeTraceSourceAccessor(&GprsStatisticalNetDevice::m_txTrace),
                            "ns3::GprsStatisticalNetDevice::TxTracedCallback")
            .AddTraceSource("Rx",
                            "An IP packet from the peer arrived and goes up to the IP layer.",
                            MakeTraceSourceAccessor(&GprsStatisticalNetDevice::m_rxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Drop",
                            "An IP packet this device accepted was dropped, and why: QueueFull, "
                            "NoMobile (network side: no mobile has its destination) or Radio "
                            "(lost in its last allowed transmission).",
                            MakeTraceSourceAccessor(&GprsStatisticalNetDevice::m_dropTrace),
                            "ns3::GprsStatisticalNetDevice::DropTracedCallback");
    return tid;
}

GprsStatisticalNetDevice::GprsStatisticalNetDevice()
    : m_maxRetransmissions(0),
      m_queueBytes(131072)
{
    NS_LOG_FUNCTION(this);
}

GprsStatisticalNetDevice::~GprsStatisticalNetDevice() = default;

void
GprsStatisticalNetDevice::DoDispose()
{
    m_channel = nullptr;
    m_queues.clear();
    GprsNetDevice::DoDispose();
}

void
GprsStatisticalNetDevice::AttachNetwork(Ptr<GprsStatisticalChannel> channel)
{
    m_channel = channel;
    m_network = true;
    channel->AttachNetwork(this);
}

void
GprsStatisticalNetDevice::AttachMobile(Ptr<GprsStatisticalChannel> channel)
{
    m_channel = channel;
    m_network = false;
    m_mobile = channel->AttachMobile(this);
}

uint32_t
GprsStatisticalNetDevice::GetMaxRetransmissions() const
{
    return m_maxRetransmissions;
}

Ptr<Channel>
GprsStatisticalNetDevice::GetChannel() const
{
    return m_channel;
}

bool
GprsStatisticalNetDevice::IsLinkUp() const
{
    return m_channel != nullptr;
}

GprsDirection
GprsStatisticalNetDevice::GetDirection() const
{
    return m_network ? GprsDirection::DOWNLINK : GprsDirection::UPLINK;
}

Ptr<Queue<Packet>>
GprsStatisticalNetDevice::GetQueue(uint32_t mobile)
{
    const uint32_t index = m_network ? mobile : 0;
    if (m_queues.size() <= index)
    {
        m_queues.resize(index + 1);
    }
    if (!m_queues[index])
    {
        m_queues[index] = CreateObject<DropTailQueue<Packet>>();
        m_queues[index]->SetMaxSize(QueueSize(QueueSizeUnit::BYTES, m_queueBytes));
    }
    return m_queues[index];
}

bool
GprsStatisticalNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << dest << protocolNumber);
    if (!m_channel || !AcceptFromAbove(packet, protocolNumber))
    {
        return false;
    }
    int32_t mobile = static_cast<int32_t>(m_mobile);
    if (m_network)
    {
        Ipv4Header ip;
        mobile = packet->PeekHeader(ip) ? m_channel->FindMobile(ip.GetDestination()) : -1;
        if (mobile < 0)
        {
            NS_LOG_WARN("no mobile of the link has the packet's destination; dropped");
            m_dropTrace(packet, GprsStatisticalDrop::NO_MOBILE);
            return false;
        }
    }
    if (!GetQueue(static_cast<uint32_t>(mobile))->Enqueue(packet))
    {
        m_dropTrace(packet, GprsStatisticalDrop::QUEUE_FULL);
        return false;
    }
    StartNext();
    return true;
}

void
GprsStatisticalNetDevice::StartNext()
{
    if (m_sending)
    {
        return;
    }
    const auto queues = static_cast<uint32_t>(m_queues.size());
    for (uint32_t k = 0; k < queues; ++k)
    {
        const uint32_t index = (m_nextQueue + k) % queues;
        if (m_queues[index] && !m_queues[index]->IsEmpty())
        {
            m_nextQueue = (index + 1) % queues;
            Transmit(m_queues[index]->Dequeue(), m_network ? index : m_mobile, 1);
            return;
        }
    }
}

void
GprsStatisticalNetDevice::Transmit(Ptr<Packet> packet, uint32_t mobile, uint32_t transmission)
{
    m_sending = true;
    m_txTrace(packet, transmission);
    const Time duration =
        m_channel->GetTransmissionTime(GetDirection(), GprsStatisticalLlcOctets(packet->GetSize()));
    Simulator::Schedule(duration,
                        &GprsStatisticalNetDevice::EndTransmission,
                        this,
                        packet,
                        mobile,
                        transmission);
}

void
GprsStatisticalNetDevice::EndTransmission(Ptr<Packet> packet,
                                          uint32_t mobile,
                                          uint32_t transmission)
{
    const bool lost = m_channel->DrawLoss(GprsStatisticalLlcOctets(packet->GetSize()));
    const uint32_t maxRetransmissions = m_channel->GetMobileDevice(mobile)->GetMaxRetransmissions();
    switch (GprsStatisticalNext(lost, transmission, maxRetransmissions))
    {
    case GprsStatisticalOutcome::RESEND:
        Transmit(packet, mobile, transmission + 1);
        return;
    case GprsStatisticalOutcome::DROP:
        m_dropTrace(packet, GprsStatisticalDrop::RADIO);
        break;
    case GprsStatisticalOutcome::DELIVER: {
        const Time now = Simulator::Now();
        const Time arrival = m_channel->DrawArrival(GetDirection(), mobile, now);
        const Ptr<GprsStatisticalNetDevice> peer =
            m_network ? m_channel->GetMobileDevice(mobile) : m_channel->GetNetworkDevice();
        // The peer's node receives in its own context (Node::ReceiveFromDevice asserts it).
        Simulator::ScheduleWithContext(peer->GetNode()->GetId(),
                                       arrival - now,
                                       &GprsStatisticalNetDevice::Receive,
                                       peer,
                                       packet,
                                       GetAddress());
        break;
    }
    }
    m_sending = false;
    StartNext();
}

void
GprsStatisticalNetDevice::Receive(Ptr<Packet> packet, Address from)
{
    m_rxTrace(packet);
    ForwardUp(packet, gprs::kIpv4EtherType, from);
}

} // namespace ns3
