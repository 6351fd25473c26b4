/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-server.h"

#include "gprs-web-scheduler.h"

#include "ns3/gprs-guarded-tcp-socket.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsWebServer");
NS_OBJECT_ENSURE_REGISTERED(GprsWebServer);

/// Longest request the server reads before giving up on a connection: far above any request
/// a GprsWebBrowser sends (RequestHeaderBytes is at most 65535).
constexpr std::size_t kMaxRequestBytes = 65536;

TypeId
GprsWebServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsWebServer")
            .SetParent<Application>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsWebServer>()
            .AddAttribute("Port",
                          "TCP port of the web server: 1..65535; default 80 (HTTP, RFC 2616).",
                          UintegerValue(80),
                          MakeUintegerAccessor(&GprsWebServer::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("DnsPort",
                          "UDP port of the DNS server: 1..65535; default 53 (RFC 1035).",
                          UintegerValue(53),
                          MakeUintegerAccessor(&GprsWebServer::m_dnsPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("ResponseHeaderBytes",
                          "Octets of each response's header: 64..65535; default 286, the "
                          "header Apache 1.3 sent with a GIF (status line, Date, Server, "
                          "Last-Modified, ETag, Accept-Ranges, Content-Length, Keep-Alive, "
                          "Connection, Content-Type: doc/gprs.rst, web browsing).",
                          UintegerValue(286),
                          MakeUintegerAccessor(&GprsWebServer::m_responseHeaderBytes),
                          MakeUintegerChecker<uint32_t>(kGprsMinHttpHeaderBytes, 65535))
            .AddAttribute("DnsResponseBytes",
                          "Octets of a DNS response (UDP payload): 12..512; default 50, the "
                          "answer to an A query for www.cl.cam.ac.uk with one address record "
                          "(RFC 1035 4.1; a UDP message is at most 512 octets, 2.3.4).",
                          UintegerValue(50),
                          MakeUintegerAccessor(&GprsWebServer::m_dnsResponseBytes),
                          MakeUintegerChecker<uint32_t>(12, 512));
    return tid;
}

GprsWebServer::GprsWebServer()
    : m_port(80),
      m_dnsPort(53),
      m_responseHeaderBytes(286),
      m_dnsResponseBytes(50)
{
    NS_LOG_FUNCTION(this);
}

GprsWebServer::~GprsWebServer()
{
    NS_LOG_FUNCTION(this);
}

void
GprsWebServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_listener = GprsGuardedTcpSocket::Create(GetNode(), GprsTcpLegConfig{});
    m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&GprsWebServer::Accept, this));
    m_dns = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_dns->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_dnsPort));
    m_dns->SetRecvCallback(MakeCallback(&GprsWebServer::ReadDns, this));
}

void
GprsWebServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    for (auto& entry : m_peers)
    {
        entry.first->Close();
    }
    m_peers.clear();
    if (m_listener)
    {
        m_listener->Close();
        m_listener = nullptr;
    }
    if (m_dns)
    {
        m_dns->Close();
        m_dns = nullptr;
    }
}

void
GprsWebServer::Accept(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    m_peers[socket] = Peer{};
    socket->SetRecvCallback(MakeCallback(&GprsWebServer::Read, this));
    socket->SetSendCallback(MakeCallback(&GprsWebServer::Send, this));
    socket->SetCloseCallbacks(MakeCallback(&GprsWebServer::PeerClosed, this),
                              MakeCallback(&GprsWebServer::PeerClosed, this));
}

void
GprsWebServer::Read(Ptr<Socket> socket)
{
    const auto it = m_peers.find(socket);
    if (it == m_peers.end())
    {
        return;
    }
    Peer& peer = it->second;
    while (Ptr<Packet> packet = socket->Recv())
    {
        std::string data(packet->GetSize(), '\0');
        packet->CopyData(reinterpret_cast<uint8_t*>(data.data()), data.size());
        peer.request += data;
        for (auto end = peer.request.find("\r\n\r\n"); end != std::string::npos;
             end = peer.request.find("\r\n\r\n"))
        {
            const std::string request = peer.request.substr(0, end + 4);
            peer.request.erase(0, end + 4);
            const int64_t size = ReadGprsHttpSize(request);
            if (size < 0)
            {
                NS_LOG_WARN("not a request of GprsWebBrowser; closing the connection");
                socket->Close();
                m_peers.erase(it);
                return;
            }
            NS_LOG_INFO("request for " << size << " octets");
            peer.headers.push_back(
                MakeGprsHttpResponseHeader(static_cast<uint32_t>(size), m_responseHeaderBytes));
            peer.bodies.push_back(static_cast<uint32_t>(size));
        }
        if (peer.request.size() > kMaxRequestBytes)
        {
            NS_LOG_WARN("a request longer than " << kMaxRequestBytes << " octets; closing");
            socket->Close();
            m_peers.erase(it);
            return;
        }
    }
    Send(socket, socket->GetTxAvailable());
}

void
GprsWebServer::Send(Ptr<Socket> socket, uint32_t)
{
    const auto it = m_peers.find(socket);
    if (it == m_peers.end())
    {
        return;
    }
    Peer& peer = it->second;
    while (!peer.headers.empty() && socket->GetTxAvailable() > 0)
    {
        const uint32_t room = socket->GetTxAvailable();
        const std::string& header = peer.headers.front();
        if (peer.headerSent < header.size())
        {
            const auto n =
                static_cast<uint32_t>(std::min<std::size_t>(room, header.size() - peer.headerSent));
            const auto* bytes = reinterpret_cast<const uint8_t*>(header.data()) + peer.headerSent;
            if (socket->Send(Create<Packet>(bytes, n)) < 0)
            {
                return;
            }
            peer.headerSent += n;
            continue;
        }
        // The body's content is not modelled: zero-filled octets, which the browser only counts.
        const uint32_t n = std::min(room, peer.bodies.front());
        if (n > 0)
        {
            if (socket->Send(Create<Packet>(n)) < 0)
            {
                return;
            }
            peer.bodies.front() -= n;
        }
        if (peer.bodies.front() == 0)
        {
            peer.headers.pop_front();
            peer.bodies.pop_front();
            peer.headerSent = 0;
        }
    }
}

void
GprsWebServer::PeerClosed(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << socket);
    if (m_peers.erase(socket) > 0)
    {
        socket->Close();
    }
}

void
GprsWebServer::ReadDns(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> query = socket->RecvFrom(from))
    {
        NS_LOG_INFO("DNS query of " << query->GetSize() << " octets");
        socket->SendTo(Create<Packet>(m_dnsResponseBytes), 0, from);
    }
}

} // namespace ns3
