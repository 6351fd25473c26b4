/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-client-proxy.h"

#include "gprs-web-page.h"
#include "gprs-web-scheduler.h"

#include "ns3/address-utils.h"
#include "ns3/boolean.h"
#include "ns3/gprs-guarded-tcp-socket.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsWebClientProxy");
NS_OBJECT_ENSURE_REGISTERED(GprsWebClientProxy);

namespace
{

/// Longest browser request read (RequestHeaderBytes is at most 65535).
constexpr std::size_t kMaxRequestBytes = 65536;

/// How a browser request was answered (the Answer trace).
enum How : uint8_t
{
    NETWORK = 0, //!< by the server proxy's answer to a REQUEST
    CACHE = 1,   //!< from the cache, after an OFFER
    PUSHED = 2,  //!< by a push
};

/// \param object an object \param size its octets \return the browser's URL for it
std::string
UrlOf(uint32_t object, uint32_t size)
{
    return "/" + std::to_string(size) + "/" + std::to_string(object);
}

} // namespace

TypeId
GprsWebClientProxy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsWebClientProxy")
            .SetParent<GprsWebProxyEnd>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsWebClientProxy>()
            .AddAttribute("Port",
                          "TCP port the browser connects to: 1..65535; default 8080 (a "
                          "common HTTP proxy port).",
                          UintegerValue(8080),
                          MakeUintegerAccessor(&GprsWebClientProxy::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("TransportPort",
                          "UDP port of the GPRSWeb transport: 1..65535; default 9000 (a choice).",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&GprsWebClientProxy::m_transportPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("Remote",
                          "The server proxy's IPv4 address and transport port.",
                          AddressValue(),
                          MakeAddressAccessor(&GprsWebClientProxy::m_remote),
                          MakeAddressChecker())
            .AddAttribute("ResponseHeaderBytes",
                          "Octets of each response header to the browser: 64..65535; default "
                          "286 (as GprsWebServer's; it stays on the mobile).",
                          UintegerValue(286),
                          MakeUintegerAccessor(&GprsWebClientProxy::m_responseHeaderBytes),
                          MakeUintegerChecker<uint32_t>(kGprsMinHttpHeaderBytes, 65535))
            .AddAttribute("DnsServer",
                          "Where the browser's DNS queries to 127.0.0.1:53 are relayed (the "
                          "origin's resolver: ProxyDns off); unset: no relay.",
                          AddressValue(),
                          MakeAddressAccessor(&GprsWebClientProxy::m_dnsServer),
                          MakeAddressChecker())
            .AddAttribute("Page",
                          "The page whose copies Preload puts in the cache (as "
                          "GprsWebServerProxy's Page).",
                          StringValue("c8"),
                          MakeStringAccessor(&GprsWebClientProxy::m_pageSpec),
                          MakeStringChecker())
            .AddAttribute("Preload",
                          "Warm cache: the cache holds Page from a previous visit, its HTML at "
                          "PreloadHtmlVersion and its embedded objects at version 0.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&GprsWebClientProxy::m_preload),
                          MakeBooleanChecker())
            .AddAttribute("PreloadHtmlVersion",
                          "Preload: version of the HTML held: 0..1000000.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&GprsWebClientProxy::m_preloadVersion),
                          MakeUintegerChecker<uint32_t>(0, 1000000))
            .AddTraceSource("Answer",
                            "A browser request is answered: object, how (0 by the server "
                            "proxy's answer, 1 from the cache after an offer, 2 by a push).",
                            MakeTraceSourceAccessor(&GprsWebClientProxy::m_answerTrace),
                            "ns3::GprsWebClientProxy::AnswerTracedCallback");
    return tid;
}

GprsWebClientProxy::GprsWebClientProxy()
{
    NS_LOG_FUNCTION(this);
}

GprsWebClientProxy::~GprsWebClientProxy()
{
    NS_LOG_FUNCTION(this);
}

const GprsWebClientCounters&
GprsWebClientProxy::GetCounters() const
{
    return m_counters;
}

const GprsWebContentCache&
GprsWebClientProxy::GetCache() const
{
    return m_cache;
}

void
GprsWebClientProxy::StartApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_preload)
    {
        GprsWebPage page;
        try
        {
            page = GetGprsWebPage(m_pageSpec);
        }
        catch (const std::runtime_error& e)
        {
            NS_FATAL_ERROR("GprsWebClientProxy Page: " << e.what());
        }
        m_cache.Put(UrlOf(0, page.html),
                    GprsWebContentHash(m_pageSpec, 0, m_preloadVersion),
                    page.html);
        for (uint32_t j = 1; j <= page.objects.size(); ++j)
        {
            m_cache.Put(UrlOf(j, page.objects[j - 1]),
                        GprsWebContentHash(m_pageSpec, j, 0),
                        page.objects[j - 1]);
        }
    }
    OpenTransport(m_transportPort, m_remote);
    m_listener = GprsGuardedTcpSocket::Create(GetNode(), GprsTcpLegConfig{});
    m_listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), m_port));
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&GprsWebClientProxy::Accept, this));
    if (InetSocketAddress::IsMatchingType(m_dnsServer))
    {
        m_dnsListener = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
        m_dnsListener->Bind(InetSocketAddress(Ipv4Address::GetLoopback(), 53));
        m_dnsListener->SetRecvCallback(MakeCallback(&GprsWebClientProxy::RelayQuery, this));
        m_dnsUpstream = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
        m_dnsUpstream->Bind();
        m_dnsUpstream->SetRecvCallback(MakeCallback(&GprsWebClientProxy::RelayAnswer, this));
    }
}

void
GprsWebClientProxy::StopApplication()
{
    NS_LOG_FUNCTION(this);
    for (auto& entry : m_browsers)
    {
        entry.first->Close();
    }
    m_browsers.clear();
    for (Ptr<Socket> s : {m_listener, m_dnsListener, m_dnsUpstream})
    {
        if (s)
        {
            s->Close();
        }
    }
    CloseTransport();
}

void
GprsWebClientProxy::Accept(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    m_browsers[socket] = Browser{};
    socket->SetRecvCallback(MakeCallback(&GprsWebClientProxy::Read, this));
    socket->SetSendCallback(MakeCallback(&GprsWebClientProxy::Write, this));
    socket->SetCloseCallbacks(MakeCallback(&GprsWebClientProxy::Closed, this),
                              MakeCallback(&GprsWebClientProxy::Closed, this));
}

void
GprsWebClientProxy::Closed(Ptr<Socket> socket)
{
    if (m_browsers.erase(socket) > 0)
    {
        socket->Close();
    }
}

void
GprsWebClientProxy::Read(Ptr<Socket> socket)
{
    while (Ptr<Packet> packet = socket->Recv())
    {
        const auto it = m_browsers.find(socket);
        if (it == m_browsers.end())
        {
            return;
        }
        std::string data(packet->GetSize(), '\0');
        packet->CopyData(reinterpret_cast<uint8_t*>(data.data()), data.size());
        it->second.request += data;
        for (auto end = it->second.request.find("\r\n\r\n"); end != std::string::npos;
             end = it->second.request.find("\r\n\r\n"))
        {
            const std::string request = it->second.request.substr(0, end + 4);
            it->second.request.erase(0, end + 4);
            Request(socket, request);
        }
        if (it->second.request.size() > kMaxRequestBytes)
        {
            NS_LOG_WARN("a request longer than " << kMaxRequestBytes << " octets; closing");
            socket->Close();
            m_browsers.erase(it);
            return;
        }
    }
    Write(socket, socket->GetTxAvailable());
}

void
GprsWebClientProxy::Request(Ptr<Socket> socket, const std::string& request)
{
    const int64_t size = ReadGprsHttpSize(request);
    const int64_t object = ReadGprsHttpObject(request);
    if (size < 0 || object < 0)
    {
        NS_FATAL_ERROR("GprsWebClientProxy: a request naming no object: '"
                       << request.substr(0, request.find('\r'))
                       << "' (allowed: GET /<octets>/<object>, GprsWebBrowser's)");
    }
    ++m_counters.browserRequests;
    const auto j = static_cast<uint32_t>(object);
    Owed owed;
    owed.object = j;
    owed.size = static_cast<uint32_t>(size);
    m_browsers.at(socket).owed.push_back(owed);
    const auto offer = m_offers.find(j);
    if (m_ready.count(j))
    {
        ++m_counters.pushHits;
        Ready(j, m_ready.at(j));
    }
    else if (offer != m_offers.end() && m_cache.Has(offer->second.hash))
    {
        Ready(j, offer->second.size);
    }
    else if (!m_requested.count(j) && !m_wanted.count(j))
    {
        GprsWebMessage m;
        m.type = GprsWebMessageType::REQUEST;
        m.id = m_nextId++;
        m.object = j;
        m.url = ReadGprsHttpUrl(request);
        m.hash = m_cache.HashFor(m.url);
        m_requested.insert(j);
        ++m_counters.requests;
        Send(m);
    }
}

void
GprsWebClientProxy::Handle(const GprsWebMessage& m)
{
    switch (m.type)
    {
    case GprsWebMessageType::PUSH:
        ++m_counters.pushed;
        [[fallthrough]];
    case GprsWebMessageType::OBJECT:
        m_cache.Put(UrlOf(m.object, m.size), m.hash, m.size);
        m_requested.erase(m.object);
        m_wanted.erase(m.object);
        m_answerTrace(m.object, m.type == GprsWebMessageType::PUSH ? PUSHED : NETWORK);
        Ready(m.object, m.size);
        break;
    case GprsWebMessageType::HASH:
        if (!m_cache.Has(m.hash))
        {
            NS_LOG_WARN("a HASH answer for object " << m.object << " not in the cache");
            return;
        }
        m_cache.Put(UrlOf(m.object, m.size), m.hash, m.size);
        m_requested.erase(m.object);
        m_answerTrace(m.object, CACHE);
        Ready(m.object, m.size);
        break;
    case GprsWebMessageType::OFFER:
        ReceiveOffer(m);
        break;
    default:
        NS_LOG_WARN("unexpected message type " << static_cast<int>(m.type));
    }
}

void
GprsWebClientProxy::ReceiveOffer(const GprsWebMessage& m)
{
    GprsWebMessage want;
    want.type = GprsWebMessageType::WANT;
    for (const GprsWebOfferItem& o : m.offers)
    {
        m_offers[o.object] = o;
        const bool asked = m_requested.count(o.object) > 0 || m_ready.count(o.object) > 0;
        if (m_cache.Has(o.hash))
        {
            if (!asked)
            {
                // Counted once: a REQUEST already out gets a HASH, counted by the server proxy.
                ++m_counters.offerHits;
                m_counters.offerHitBytes += o.size;
                m_answerTrace(o.object, CACHE);
            }
            Ready(o.object, o.size);
        }
        else if (!asked)
        {
            want.wanted.push_back(o.object);
            m_wanted.insert(o.object);
        }
    }
    if (!want.wanted.empty())
    {
        Send(want);
    }
}

void
GprsWebClientProxy::Ready(uint32_t object, uint32_t size)
{
    m_ready[object] = size;
    for (auto& entry : m_browsers)
    {
        bool any = false;
        for (Owed& o : entry.second.owed)
        {
            if (o.object == object && !o.ready)
            {
                o.ready = true;
                o.header = MakeGprsHttpResponseHeader(o.size, m_responseHeaderBytes);
                o.bodyLeft = o.size;
                any = true;
            }
        }
        if (any)
        {
            Write(entry.first, entry.first->GetTxAvailable());
        }
    }
}

void
GprsWebClientProxy::Write(Ptr<Socket> socket, uint32_t)
{
    const auto it = m_browsers.find(socket);
    if (it == m_browsers.end())
    {
        return;
    }
    std::deque<Owed>& owed = it->second.owed;
    while (!owed.empty() && owed.front().ready && socket->GetTxAvailable() > 0)
    {
        Owed& o = owed.front();
        const uint32_t room = socket->GetTxAvailable();
        const bool inHeader = o.sent < o.header.size();
        const uint32_t n =
            inHeader ? static_cast<uint32_t>(std::min<std::size_t>(room, o.header.size() - o.sent))
                     : std::min(room, o.bodyLeft);
        if (n > 0)
        {
            // The body's content is not modelled: zero-filled octets, which the browser counts.
            Ptr<Packet> packet =
                inHeader
                    ? Create<Packet>(reinterpret_cast<const uint8_t*>(o.header.data()) + o.sent, n)
                    : Create<Packet>(n);
            if (socket->Send(packet) < 0)
            {
                return;
            }
            if (inHeader)
            {
                o.sent += n;
            }
            else
            {
                o.bodyLeft -= n;
            }
        }
        if (o.sent == o.header.size() && o.bodyLeft == 0)
        {
            owed.pop_front();
        }
    }
}

void
GprsWebClientProxy::Send(const GprsWebMessage& m)
{
    m_counters.messageBytes += SendMessage(m, GprsWebPriority::NORMAL);
}

void
GprsWebClientProxy::RelayQuery(Ptr<Socket> socket)
{
    while (Ptr<Packet> query = socket->RecvFrom(m_dnsAsker))
    {
        ++m_counters.dnsRelayed;
        m_dnsUpstream->SendTo(query, 0, m_dnsServer);
    }
}

void
GprsWebClientProxy::RelayAnswer(Ptr<Socket> socket)
{
    while (Ptr<Packet> answer = socket->Recv())
    {
        m_dnsListener->SendTo(answer, 0, m_dnsAsker);
    }
}

} // namespace ns3
