/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-traffic-sink.h"

#include "ns3/address-utils.h"
#include "ns3/fatal-error.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsTrafficSink");

NS_OBJECT_ENSURE_REGISTERED(GprsTrafficSink);

TypeId
GprsTrafficSink::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsTrafficSink")
            .SetParent<Application>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsTrafficSink>()
            .AddAttribute("Local",
                          "The address and port it listens on (an InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&GprsTrafficSink::m_local),
                          MakeAddressChecker())
            .AddTraceSource("Rx",
                            "Data received, with the sender's address (as PacketSink's Rx).",
                            MakeTraceSourceAccessor(&GprsTrafficSink::m_rxTrace),
                            "ns3::Packet::AddressTracedCallback");
    return tid;
}

GprsTrafficSink::GprsTrafficSink() = default;

GprsTrafficSink::~GprsTrafficSink() = default;

uint64_t
GprsTrafficSink::GetTotalRx() const
{
    return m_totalRx;
}

uint64_t
GprsTrafficSink::GetAccepted() const
{
    return m_accepted;
}

uint64_t
GprsTrafficSink::GetOpenConnections() const
{
    return m_open.size();
}

Ptr<Socket>
GprsTrafficSink::GetListeningSocket() const
{
    return m_listener;
}

void
GprsTrafficSink::DoDispose()
{
    m_open.clear();
    m_listener = nullptr;
    Application::DoDispose();
}

void
GprsTrafficSink::StartApplication()
{
    if (!InetSocketAddress::IsMatchingType(m_local))
    {
        NS_FATAL_ERROR("GprsTrafficSink: Local is "
                       << m_local << " (allowed: an IPv4 socket address, InetSocketAddress)");
    }
    if (!m_listener)
    {
        m_listener = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
        if (m_listener->Bind(m_local) == -1)
        {
            const InetSocketAddress local = InetSocketAddress::ConvertFrom(m_local);
            NS_FATAL_ERROR("GprsTrafficSink: Local "
                           << local.GetIpv4() << " port " << local.GetPort() << " on node "
                           << GetNode()->GetId()
                           << " cannot be bound (allowed: an address of the node, or 0.0.0.0, "
                              "and a port no other TCP socket of the node holds)");
        }
        m_listener->Listen();
    }
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&GprsTrafficSink::HandleAccept, this));
}

void
GprsTrafficSink::StopApplication()
{
    for (const Ptr<Socket>& socket : m_open)
    {
        socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        socket->SetCloseCallbacks(MakeNullCallback<void, Ptr<Socket>>(),
                                  MakeNullCallback<void, Ptr<Socket>>());
        socket->Close();
    }
    m_open.clear();
    if (m_listener)
    {
        m_listener->Close();
        m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                      MakeNullCallback<void, Ptr<Socket>, const Address&>());
    }
}

void
GprsTrafficSink::HandleAccept(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    ++m_accepted;
    m_open.insert(socket);
    socket->SetRecvCallback(MakeCallback(&GprsTrafficSink::HandleRead, this));
    socket->SetCloseCallbacks(MakeCallback(&GprsTrafficSink::HandlePeerClose, this),
                              MakeCallback(&GprsTrafficSink::HandlePeerClose, this));
}

void
GprsTrafficSink::HandleRead(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> packet = socket->RecvFrom(from))
    {
        if (packet->GetSize() == 0)
        {
            break;
        }
        m_totalRx += packet->GetSize();
        m_rxTrace(packet, from);
    }
}

void
GprsTrafficSink::HandlePeerClose(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    HandleRead(socket); // nothing unread may stay: ns-3 resets a connection closed unread
    if (m_open.erase(socket) > 0)
    {
        socket->Close();
    }
}

} // namespace ns3
