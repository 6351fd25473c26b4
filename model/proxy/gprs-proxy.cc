/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-proxy.h"

#include "ns3/gprs-ns3-compat.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4-route.h"
#include "ns3/log.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/tcp-l4-protocol.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsProxy");

NS_OBJECT_ENSURE_REGISTERED(GprsProxy);

TypeId
GprsProxy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsProxy")
            .SetParent<Ipv4RoutingProtocol>()
            .SetGroupName("Gprs")
            .AddAttribute("MobileNetwork",
                          "Network of the mobiles' side of the proxy; every other address is on "
                          "the Internet side. Default 10.1.0.0, the cell network of "
                          "GprsScenarioHelper.",
                          Ipv4AddressValue("10.1.0.0"),
                          MakeIpv4AddressAccessor(&GprsProxy::m_mobileNet),
                          MakeIpv4AddressChecker())
            .AddAttribute("MobileMask",
                          "Mask of MobileNetwork. Default 255.255.0.0 (GprsScenarioHelper).",
                          Ipv4MaskValue("255.255.0.0"),
                          MakeIpv4MaskAccessor(&GprsProxy::m_mobileMask),
                          MakeIpv4MaskChecker());
    return tid;
}

GprsProxy::GprsProxy() = default;

GprsProxy::~GprsProxy() = default;

void
GprsProxy::DoDispose()
{
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

GprsProxyCounters
GprsProxy::GetCounters() const
{
    return {};
}

bool
GprsProxy::IsMobileSide(Ipv4Address address) const
{
    return m_mobileMask.IsMatch(address, m_mobileNet);
}

bool
GprsProxy::Transit(Ptr<const Packet> p,
                   const Ipv4Header& header,
                   Ptr<const NetDevice> idev,
                   const UnicastForwardCallback& ucb,
                   const MulticastForwardCallback& mcb,
                   const LocalDeliverCallback& lcb,
                   const ErrorCallback& ecb)
{
    if (header.GetProtocol() != gprs::kTcpProtocolNumber || header.GetFragmentOffset() != 0 ||
        !header.IsLastFragment())
    {
        return false;
    }
    const bool fromMobile = IsMobileSide(header.GetSource());
    const bool toMobile = IsMobileSide(header.GetDestination());
    GprsTransitSegment s;
    if (fromMobile == toMobile || p->PeekHeader(s.tcp) == 0)
    {
        return false;
    }
    s.toMobile = toMobile;
    s.payload = p->GetSize() - s.tcp.GetSerializedSize();
    const TcpHeader& t = s.tcp;
    s.flow = toMobile ? GprsTcpFlow{header.GetSource(),
                                    t.GetSourcePort(),
                                    header.GetDestination(),
                                    t.GetDestinationPort()}
                      : GprsTcpFlow{header.GetDestination(),
                                    t.GetDestinationPort(),
                                    header.GetSource(),
                                    t.GetSourcePort()};
    return Intercept(GprsTransitPacket{p, header, idev, ucb, mcb, lcb, ecb}, s);
}

bool
GprsProxy::PassDown(const GprsTransitPacket& packet, Ptr<const Packet> changed) const
{
    const Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(m_ipv4->GetRoutingProtocol());
    NS_ASSERT_MSG(list, "GprsProxy runs inside an Ipv4ListRouting");
    bool below = false;
    for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
    {
        int16_t priority;
        const Ptr<Ipv4RoutingProtocol> protocol = list->GetRoutingProtocol(i, priority);
        if (protocol == this)
        {
            below = true;
        }
        else if (below && protocol->RouteInput(changed,
                                               packet.header,
                                               packet.idev,
                                               packet.ucb,
                                               packet.mcb,
                                               packet.lcb,
                                               packet.ecb))
        {
            return true;
        }
    }
    return false;
}

void
GprsProxy::DeliverLocally(const GprsTransitPacket& packet) const
{
    packet.lcb(packet.payload, packet.header, m_ipv4->GetInterfaceForDevice(packet.idev));
}

bool
GprsProxy::SendWithHeader(Ptr<Packet> p, const Ipv4Header& header) const
{
    Socket::SocketErrno error;
    const Ptr<Ipv4Route> route =
        m_ipv4->GetRoutingProtocol()->RouteOutput(p, header, nullptr, error);
    if (!route)
    {
        NS_LOG_WARN("no route to " << header.GetDestination() << ": proxy packet not sent");
        return false;
    }
    m_ipv4->SendWithHeader(p, header, route);
    return true;
}

Ptr<Ipv4>
GprsProxy::GetIpv4() const
{
    return m_ipv4;
}

Ptr<Ipv4Route>
GprsProxy::RouteOutput(Ptr<Packet> p,
                       const Ipv4Header& header,
                       Ptr<NetDevice> oif,
                       Socket::SocketErrno& sockerr)
{
    // The proxy routes nothing of its own: the static routing below answers.
    sockerr = Socket::ERROR_NOROUTETOHOST;
    return nullptr;
}

void
GprsProxy::NotifyInterfaceUp(uint32_t interface)
{
}

void
GprsProxy::NotifyInterfaceDown(uint32_t interface)
{
}

void
GprsProxy::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
}

void
GprsProxy::NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
}

void
GprsProxy::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
}

void
GprsProxy::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit unit) const
{
    *stream->GetStream() << GetInstanceTypeId().GetName() << ": no routes (a TCP proxy for "
                         << m_mobileNet << "/" << m_mobileMask.GetPrefixLength() << ")\n";
}

} // namespace ns3
