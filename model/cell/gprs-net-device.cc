/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-net-device.h"

#include "gprs-channel.h"

#include "ns3/gprs-ns3-compat.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsNetDevice");

NS_OBJECT_ENSURE_REGISTERED(GprsNetDevice);

TypeId
GprsNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsNetDevice")
            .SetParent<NetDevice>()
            .SetGroupName("Gprs")
            .AddAttribute("Mtu",
                          "Largest IP packet (SNDCP N-PDU) the device carries, in octets. "
                          "Default 1500, the PDP-type IP MTU a GGSN offers (TS 29.061 "
                          "clause 13.2.2 recommends 1500 octets).",
                          UintegerValue(1500),
                          MakeUintegerAccessor(&GprsNetDevice::SetMtu, &GprsNetDevice::GetMtu),
                          MakeUintegerChecker<uint16_t>(68, 1500))
            .AddTraceSource("Sniffer",
                            "IP packet sent or received, for pcap (non-promiscuous).",
                            MakeTraceSourceAccessor(&GprsNetDevice::m_snifferTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacTx",
                            "IP packet accepted from the IP layer for transmission.",
                            MakeTraceSourceAccessor(&GprsNetDevice::m_macTxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacTxDrop",
                            "IP packet dropped before transmission (buffer full, bad protocol, "
                            "too large, TBF aborted without retry, network side: no PDP context "
                            "for its destination).",
                            MakeTraceSourceAccessor(&GprsNetDevice::m_macTxDropTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("MacRx",
                            "IP packet received and passed up to the IP layer.",
                            MakeTraceSourceAccessor(&GprsNetDevice::m_macRxTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

GprsNetDevice::GprsNetDevice()
    : m_address(Mac48Address::Allocate()),
      m_mtu(1500)
{
}

GprsNetDevice::~GprsNetDevice() = default;

void
GprsNetDevice::DoDispose()
{
    m_node = nullptr;
    m_channel = nullptr;
    m_rxCallback =
        MakeNullCallback<bool, Ptr<NetDevice>, Ptr<const Packet>, uint16_t, const Address&>();
    m_promiscCb = NetDevice::PromiscReceiveCallback();
    m_linkChangeCallbacks.clear();
    NetDevice::DoDispose();
}

Ptr<GprsChannel>
GprsNetDevice::GetGprsChannel() const
{
    return m_channel;
}

void
GprsNetDevice::SetGprsChannel(Ptr<GprsChannel> channel)
{
    m_channel = channel;
    for (auto& cb : m_linkChangeCallbacks)
    {
        cb();
    }
}

void
GprsNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
GprsNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
GprsNetDevice::GetChannel() const
{
    return m_channel;
}

void
GprsNetDevice::SetAddress(Address address)
{
    m_address = Mac48Address::ConvertFrom(address);
}

Address
GprsNetDevice::GetAddress() const
{
    return m_address;
}

bool
GprsNetDevice::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return true;
}

uint16_t
GprsNetDevice::GetMtu() const
{
    return m_mtu;
}

bool
GprsNetDevice::IsLinkUp() const
{
    return m_channel != nullptr;
}

void
GprsNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    m_linkChangeCallbacks.push_back(callback);
}

bool
GprsNetDevice::IsBroadcast() const
{
    return true;
}

Address
GprsNetDevice::GetBroadcast() const
{
    return Mac48Address::GetBroadcast();
}

bool
GprsNetDevice::IsMulticast() const
{
    return false;
}

Address
GprsNetDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    return Mac48Address::GetMulticast(multicastGroup);
}

Address
GprsNetDevice::GetMulticast(Ipv6Address addr) const
{
    return Mac48Address::GetMulticast(addr);
}

bool
GprsNetDevice::IsBridge() const
{
    return false;
}

bool
GprsNetDevice::IsPointToPoint() const
{
    return false;
}

bool
GprsNetDevice::SendFrom(Ptr<Packet> packet,
                        const Address& source,
                        const Address& dest,
                        uint16_t protocolNumber)
{
    return Send(packet, dest, protocolNumber);
}

Ptr<Node>
GprsNetDevice::GetNode() const
{
    return m_node;
}

void
GprsNetDevice::SetNode(Ptr<Node> node)
{
    m_node = node;
}

bool
GprsNetDevice::NeedsArp() const
{
    return false;
}

void
GprsNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
GprsNetDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCb = cb;
}

bool
GprsNetDevice::SupportsSendFrom() const
{
    return false;
}

bool
GprsNetDevice::AcceptFromAbove(Ptr<const Packet> packet, uint16_t protocolNumber)
{
    if (protocolNumber != gprs::kIpv4EtherType)
    {
        // PDP type IPv4 (TS 29.061): the model routes downlink packets by IPv4 destination.
        NS_LOG_WARN("GPRS device carries IPv4 only; dropping protocol 0x" << std::hex
                                                                          << protocolNumber);
        m_macTxDropTrace(packet);
        return false;
    }
    if (packet->GetSize() > m_mtu)
    {
        NS_LOG_WARN("packet of " << packet->GetSize() << " octets exceeds the MTU " << m_mtu);
        m_macTxDropTrace(packet);
        return false;
    }
    m_macTxTrace(packet);
    m_snifferTrace(packet);
    return true;
}

void
GprsNetDevice::ForwardUp(Ptr<Packet> packet, uint16_t protocolNumber, const Address& from)
{
    m_snifferTrace(packet);
    m_macRxTrace(packet);
    if (!m_promiscCb.IsNull())
    {
        m_promiscCb(this, packet, protocolNumber, from, m_address, NetDevice::PACKET_HOST);
    }
    m_rxCallback(this, packet, protocolNumber, from);
}

} // namespace ns3
