/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-ack-window-clamp.h"

#include "ns3/gprs-ns3-compat.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsAckWindowClamp");

NS_OBJECT_ENSURE_REGISTERED(GprsAckWindowClamp);

TypeId
GprsAckWindowClamp::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsAckWindowClamp")
            .SetParent<GprsProxy>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsAckWindowClamp>()
            .AddAttribute("Window",
                          "The largest window, in bytes, the fixed hosts may see in the mobiles' "
                          "segments, > 0. Default 10240: about the bandwidth-delay product of "
                          "Chakravorty & Pratt's 3-slot CS-2 link (JCN 2002); derive it from the "
                          "cell with GprsProxyHelper::DeriveClamp.",
                          UintegerValue(10240),
                          MakeUintegerAccessor(&GprsAckWindowClamp::m_window),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("WindowInForce",
                            "The window, in bytes, of the last segment from a mobile whose "
                            "connection's scale is known, after the clamp.",
                            MakeTraceSourceAccessor(&GprsAckWindowClamp::m_windowInForce),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("AcksRewritten",
                            "Segments from the mobiles whose window was lowered (count).",
                            MakeTraceSourceAccessor(&GprsAckWindowClamp::m_acksRewritten),
                            "ns3::TracedValueCallback::Uint64");
    return tid;
}

GprsAckWindowClamp::GprsAckWindowClamp() = default;

GprsAckWindowClamp::~GprsAckWindowClamp() = default;

void
GprsAckWindowClamp::DoDispose()
{
    m_flows.clear();
    GprsProxy::DoDispose();
}

GprsProxyCounters
GprsAckWindowClamp::GetCounters() const
{
    GprsProxyCounters c;
    c.acksRewritten = m_acksRewritten;
    c.windowInForce = m_windowInForce;
    return c;
}

bool
GprsAckWindowClamp::Intercept(const GprsTransitPacket& packet, const GprsTransitSegment& s)
{
    const uint8_t flags = s.tcp.GetFlags();
    const bool firstSyn = (flags & TcpHeader::SYN) && !(flags & TcpHeader::ACK);
    if (firstSyn)
    {
        m_flows.erase(s.flow);
        m_flows.emplace(s.flow, GprsAckWindowRewriter(m_window));
    }
    const auto it = m_flows.find(s.flow);
    if (it == m_flows.end())
    {
        return false;
    }
    if (flags & TcpHeader::RST)
    {
        m_flows.erase(it);
        return false;
    }
    if (s.toMobile)
    {
        it->second.OnFixedSegment(s.tcp);
        return false;
    }
    const GprsAckWindowRewrite r = it->second.OnMobileSegment(s.tcp);
    if (r.known)
    {
        m_windowInForce = r.windowBytes;
    }
    if (!r.changed)
    {
        return false;
    }
    const Ptr<Packet> changed = Rewrite(packet.payload, packet.header, r.field);
    if (!changed)
    {
        return false;
    }
    ++m_acksRewritten;
    NS_LOG_LOGIC("window " << s.tcp.GetWindowSize() << " -> " << r.field);
    return PassDown(packet, changed);
}

Ptr<Packet>
GprsAckWindowClamp::Rewrite(Ptr<const Packet> p, const Ipv4Header& header, uint16_t window)
{
    const Ptr<Packet> copy = p->Copy();
    TcpHeader tcp;
    if (Node::ChecksumEnabled())
    {
        tcp.EnableChecksums();
        tcp.InitializeChecksum(header.GetSource(),
                               header.GetDestination(),
                               gprs::kTcpProtocolNumber);
    }
    copy->RemoveHeader(tcp);
    if (!tcp.IsChecksumOk())
    {
        return nullptr;
    }
    tcp.SetWindowSize(window);
    copy->AddHeader(tcp);
    return copy;
}

} // namespace ns3
