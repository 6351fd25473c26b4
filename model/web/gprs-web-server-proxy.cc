/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-server-proxy.h"

#include "ns3/address-utils.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/gprs-guarded-tcp-socket.h"
#include "ns3/gprs-text-input.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsWebServerProxy");
NS_OBJECT_ENSURE_REGISTERED(GprsWebServerProxy);

TypeId
GprsWebServerProxy::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsWebServerProxy")
            .SetParent<GprsWebProxyEnd>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsWebServerProxy>()
            .AddAttribute("Port",
                          "UDP port of the GPRSWeb transport: 1..65535; default 9000 (a choice).",
                          UintegerValue(9000),
                          MakeUintegerAccessor(&GprsWebServerProxy::m_port),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("Client",
                          "The client proxy's IPv4 address and transport port.",
                          AddressValue(),
                          MakeAddressAccessor(&GprsWebServerProxy::m_client),
                          MakeAddressChecker())
            .AddAttribute("Origin",
                          "The origin GprsWebServer's IPv4 address and HTTP port.",
                          AddressValue(),
                          MakeAddressAccessor(&GprsWebServerProxy::m_origin),
                          MakeAddressChecker())
            .AddAttribute("OriginDnsPort",
                          "The origin's DNS port: 1..65535; default 53 (RFC 1035).",
                          UintegerValue(53),
                          MakeUintegerAccessor(&GprsWebServerProxy::m_originDnsPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("Page",
                          "The page definition the origin serves (as GprsWebBrowser's Page): "
                          "c8, static-i, static-ii or a page file.",
                          StringValue("c8"),
                          MakeStringAccessor(&GprsWebServerProxy::m_pageSpec),
                          MakeStringChecker())
            .AddAttribute("PageVersion",
                          "Version of the HTML the origin serves (embedded objects: version 0): "
                          "0..1000000; a revisit after the HTML changed has a higher version "
                          "than the client's copy.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&GprsWebServerProxy::m_pageVersion),
                          MakeUintegerChecker<uint32_t>(0, 1000000))
            .AddAttribute("Preload",
                          "Warm cache: the proxy's cache holds the page the origin serves and, "
                          "when PageVersion > 0, the HTML's previous version (the copy a "
                          "returning client holds).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&GprsWebServerProxy::m_preload),
                          MakeBooleanChecker())
            .AddAttribute("Caching",
                          "Content-hash caching: answer by hash when the client holds the "
                          "content, and offer hashes before pushing.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&GprsWebServerProxy::m_caching),
                          MakeBooleanChecker())
            .AddAttribute("Compression",
                          "Compress objects sent.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&GprsWebServerProxy::m_compression),
                          MakeBooleanChecker())
            .AddAttribute("Delta",
                          "Send a changed HTML as a delta against the client's copy.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&GprsWebServerProxy::m_delta),
                          MakeBooleanChecker())
            .AddAttribute("Push",
                          "Parse-and-push: push the page's embedded objects once its HTML is "
                          "known, at the transport's low priority.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&GprsWebServerProxy::m_push),
                          MakeBooleanChecker())
            .AddAttribute("ProxyDns",
                          "The proxy resolves the origin's name (DnsLookups look-ups on the "
                          "wired side); off: it does none (the browser must).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&GprsWebServerProxy::m_proxyDns),
                          MakeBooleanChecker())
            .AddAttribute("DnsLookups",
                          "ProxyDns: look-ups before the first origin fetch: 0..100; default 1 "
                          "(one server name, as GprsWebBrowser's DnsLookups).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&GprsWebServerProxy::m_dnsLookups),
                          MakeUintegerChecker<uint32_t>(0, 100))
            .AddAttribute("DnsQueryBytes",
                          "Octets of a DNS query: 12..512; default 34 (as GprsWebBrowser).",
                          UintegerValue(34),
                          MakeUintegerAccessor(&GprsWebServerProxy::m_dnsQueryBytes),
                          MakeUintegerChecker<uint32_t>(12, 512))
            .AddAttribute("HtmlCompressionRatio",
                          "Compressed / original octets of HTML without HtmlContent: (0, 1]; "
                          "default 0.3: zlib level 6 left 25-30 % of Debian 12's HTML manuals "
                          "(doc/gprs.rst, GPRSWeb).",
                          DoubleValue(0.3),
                          MakeDoubleAccessor(&GprsWebServerProxy::m_htmlRatio),
                          MakeDoubleChecker<double>(1e-6, 1))
            .AddAttribute("ImageCompressionRatio",
                          "Compressed / original octets of the embedded images: (0, 1]; default "
                          "1: JPEG and GIF are compressed formats, gzip gains about nothing "
                          "(Mogul, Douglis, Feldmann & Krishnamurthy, SIGCOMM 1997).",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&GprsWebServerProxy::m_imageRatio),
                          MakeDoubleChecker<double>(1e-6, 1))
            .AddAttribute("DeltaRatio",
                          "Delta / new octets of a changed HTML: (0, 1]; default 0.1, a choice "
                          "(Mogul et al., SIGCOMM 1997: deltas of changed HTML responses are a "
                          "small fraction of them; doc/gprs.rst, GPRSWeb).",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&GprsWebServerProxy::m_deltaRatio),
                          MakeDoubleChecker<double>(1e-6, 1))
            .AddAttribute("HtmlContent",
                          "A file whose octets (repeated up to the HTML's size) stand for the "
                          "HTML's content: its compressed size is then zlib's; empty: none.",
                          StringValue(""),
                          MakeStringAccessor(&GprsWebServerProxy::m_htmlContent),
                          MakeStringChecker())
            .AddAttribute("OriginConnections",
                          "Persistent HTTP/1.1 connections to the origin: 1..64; default 4 "
                          "(as Mozilla's HTTP/1.1 in GPRSWeb's measurements).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&GprsWebServerProxy::m_originConnections),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("RequestHeaderBytes",
                          "Octets of each request to the origin: 64..65535; default 433 (as "
                          "GprsWebBrowser's).",
                          UintegerValue(433),
                          MakeUintegerAccessor(&GprsWebServerProxy::m_requestHeaderBytes),
                          MakeUintegerChecker<uint32_t>(kGprsMinHttpHeaderBytes, 65535))
            .AddTraceSource("Message",
                            "A message is sent to the client proxy: type, object, octets.",
                            MakeTraceSourceAccessor(&GprsWebServerProxy::m_messageTrace),
                            "ns3::GprsWebServerProxy::MessageTracedCallback");
    return tid;
}

GprsWebServerProxy::GprsWebServerProxy()
{
    NS_LOG_FUNCTION(this);
}

GprsWebServerProxy::~GprsWebServerProxy()
{
    NS_LOG_FUNCTION(this);
}

const GprsWebProxyCounters&
GprsWebServerProxy::GetCounters() const
{
    return m_counters;
}

void
GprsWebServerProxy::StartApplication()
{
    NS_LOG_FUNCTION(this);
    try
    {
        m_page = GetGprsWebPage(m_pageSpec);
    }
    catch (const std::runtime_error& e)
    {
        NS_FATAL_ERROR("GprsWebServerProxy Page: " << e.what());
    }
    if (!m_htmlContent.empty())
    {
        std::vector<uint8_t> text;
        try
        {
            std::ifstream in = OpenGprsInputFile(m_htmlContent);
            text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        }
        catch (const std::runtime_error& e)
        {
            NS_FATAL_ERROR("GprsWebServerProxy HtmlContent: " << e.what());
        }
        if (text.empty())
        {
            NS_FATAL_ERROR("GprsWebServerProxy HtmlContent: cannot read '"
                           << m_htmlContent << "' (allowed: a readable, non-empty file)");
        }
        std::vector<uint8_t> html(m_page.html);
        for (std::size_t i = 0; i < html.size(); ++i)
        {
            html[i] = text[i % text.size()];
        }
        m_htmlZlibBytes = GprsZlibCompressedSize(html.data(), html.size());
    }
    if (m_preload)
    {
        for (uint32_t j = 0; j <= m_page.objects.size(); ++j)
        {
            m_cache[CurrentHash(j)] = SizeOf(j);
        }
        if (m_pageVersion > 0)
        {
            m_cache[GprsWebContentHash(m_pageSpec, 0, m_pageVersion - 1)] = m_page.html;
        }
    }
    m_features = GprsWebFeatures{m_caching, m_compression, m_delta, m_push};
    m_scheduler =
        std::make_unique<GprsWebScheduler>(GprsHttpMode::PERSISTENT, m_originConnections, 1);
    m_resolved = !m_proxyDns || m_dnsLookups == 0;
    OpenTransport(m_port, m_client);
}

void
GprsWebServerProxy::StopApplication()
{
    NS_LOG_FUNCTION(this);
    for (auto& entry : m_connections)
    {
        entry.second.socket->Close();
    }
    m_connections.clear();
    m_ids.clear();
    if (m_dns)
    {
        m_dns->Close();
        m_dns = nullptr;
    }
    CloseTransport();
}

void
GprsWebServerProxy::Handle(const GprsWebMessage& m)
{
    if (m.type == GprsWebMessageType::REQUEST)
    {
        ReceiveRequest(m);
    }
    else if (m.type == GprsWebMessageType::WANT)
    {
        ReceiveWant(m);
    }
    else
    {
        NS_LOG_WARN("unexpected message type " << static_cast<int>(m.type));
    }
}

void
GprsWebServerProxy::ReceiveRequest(const GprsWebMessage& m)
{
    ++m_counters.requests;
    if (m.object > m_page.objects.size())
    {
        NS_LOG_WARN("request for object " << m.object << " not in the page");
        return;
    }
    if (m_pushing.count(m.object))
    {
        NS_LOG_INFO("request " << m.id << " for object " << m.object << ": pushed");
        return;
    }
    m_pending[m.object].emplace_back(m.id, m.hash);
    Obtain(m.object);
}

void
GprsWebServerProxy::ReceiveWant(const GprsWebMessage& m)
{
    for (const uint32_t object : m.wanted)
    {
        if (object == 0 || object > m_page.objects.size() || m_pushing.count(object))
        {
            continue;
        }
        m_pushing.insert(object);
        Obtain(object);
    }
}

void
GprsWebServerProxy::Obtain(uint32_t object)
{
    if (IsCached(object))
    {
        Available(object);
    }
    else
    {
        Fetch(object);
    }
}

void
GprsWebServerProxy::Available(uint32_t object)
{
    if (object == 0 && m_features.push && !m_parsed)
    {
        // Parsed before the HTML is answered: an OFFER of cached objects goes ahead of it, so
        // the client knows what comes by push before the browser asks.
        Parse();
    }
    const auto pending = m_pending.find(object);
    if (pending != m_pending.end())
    {
        const auto requests = pending->second;
        m_pending.erase(pending);
        for (const auto& r : requests)
        {
            SendObject(r.first, object, r.second, false);
        }
    }
    if (m_pushing.count(object) && !m_pushed.count(object))
    {
        Push(object);
    }
    TryOffer();
}

void
GprsWebServerProxy::Parse()
{
    m_parsed = true;
    const auto n = static_cast<uint32_t>(m_page.objects.size());
    NS_LOG_INFO("HTML parsed: " << n << " embedded objects");
    m_offerPending = m_features.caching;
    for (uint32_t j = 1; j <= n; ++j)
    {
        if (!m_features.caching)
        {
            m_pushing.insert(j);
        }
        Obtain(j);
    }
}

void
GprsWebServerProxy::TryOffer()
{
    if (!m_offerPending)
    {
        return;
    }
    GprsWebMessage offer;
    offer.type = GprsWebMessageType::OFFER;
    for (uint32_t j = 1; j <= m_page.objects.size(); ++j)
    {
        if (!IsCached(j))
        {
            return;
        }
        offer.offers.push_back(GprsWebOfferItem{j, CurrentHash(j), SizeOf(j)});
    }
    m_offerPending = false;
    Send(offer, false);
}

void
GprsWebServerProxy::Push(uint32_t object)
{
    m_pushed.insert(object);
    SendObject(0, object, 0, true);
}

void
GprsWebServerProxy::SendObject(uint32_t id, uint32_t object, uint64_t clientHash, bool push)
{
    const uint32_t size = SizeOf(object);
    const uint64_t hash = CurrentHash(object);
    const bool deltaBase =
        object == 0 && clientHash != 0 && clientHash != hash && m_cache.count(clientHash) > 0;
    const GprsWebAnswer a = DecideGprsWebAnswer(m_features,
                                                size,
                                                object == 0,
                                                clientHash == hash,
                                                deltaBase,
                                                CompressedSize(object),
                                                GprsWebScaledSize(size, m_deltaRatio));
    GprsWebMessage m;
    m.id = id;
    m.object = object;
    m.hash = hash;
    m.size = size;
    m_counters.savedCaching += a.savedCaching;
    m_counters.savedDelta += a.savedDelta;
    m_counters.savedCompression += a.savedCompression;
    if (a.hashOnly)
    {
        m.type = GprsWebMessageType::HASH;
        ++m_counters.hashes;
        Send(m, false);
        return;
    }
    m.type = push ? GprsWebMessageType::PUSH : GprsWebMessageType::OBJECT;
    m.encoding = a.encoding;
    m.baseHash = a.encoding == GprsWebEncoding::DELTA ? clientHash : 0;
    m.bodyBytes = a.bodyBytes;
    m_counters.objectBytes += a.bodyBytes;
    ++(push ? m_counters.pushes : m_counters.objects);
    Send(m, push);
}

void
GprsWebServerProxy::Send(const GprsWebMessage& m, bool push)
{
    const uint32_t octets = SendMessage(m, push ? GprsWebPriority::PUSH : GprsWebPriority::NORMAL);
    ++m_counters.messages;
    m_counters.messageBytes += octets;
    m_messageTrace(static_cast<uint8_t>(m.type), m.object, octets);
}

void
GprsWebServerProxy::Fetch(uint32_t object)
{
    if (!m_fetching.insert(object).second)
    {
        return;
    }
    if (!m_resolved)
    {
        m_afterDns.push_back(object);
        if (!m_dns)
        {
            m_dns = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
            m_dns->Bind();
            m_dns->SetRecvCallback(MakeCallback(&GprsWebServerProxy::ReadDns, this));
            SendDnsQuery();
        }
        return;
    }
    Apply(m_scheduler->Discover(object));
}

void
GprsWebServerProxy::SendDnsQuery()
{
    const auto origin = InetSocketAddress::ConvertFrom(m_origin).GetIpv4();
    m_dns->SendTo(Create<Packet>(m_dnsQueryBytes), 0, InetSocketAddress(origin, m_originDnsPort));
}

void
GprsWebServerProxy::ReadDns(Ptr<Socket> socket)
{
    // The wired side loses nothing in these scenarios: no retransmission timer.
    while (socket->Recv())
    {
        if (m_resolved)
        {
            continue;
        }
        if (++m_counters.dnsLookups < m_dnsLookups)
        {
            SendDnsQuery();
            continue;
        }
        m_resolved = true;
        for (const uint32_t object : m_afterDns)
        {
            Apply(m_scheduler->Discover(object));
        }
        m_afterDns.clear();
    }
}

void
GprsWebServerProxy::Apply(const std::vector<GprsWebAction>& actions)
{
    for (const GprsWebAction& a : actions)
    {
        if (a.kind == GprsWebAction::OPEN)
        {
            Ptr<Socket> socket = GprsGuardedTcpSocket::Create(GetNode(), GprsTcpLegConfig{});
            socket->Bind();
            socket->SetConnectCallback(MakeCallback(&GprsWebServerProxy::Connected, this),
                                       MakeNullCallback<void, Ptr<Socket>>());
            socket->SetRecvCallback(MakeCallback(&GprsWebServerProxy::Read, this));
            socket->Connect(m_origin);
            m_connections[a.connection].socket = socket;
            m_ids[socket] = a.connection;
        }
        else if (a.kind == GprsWebAction::REQUEST)
        {
            const std::string request =
                MakeGprsHttpRequest(SizeOf(a.object), m_requestHeaderBytes, a.object);
            m_connections.at(a.connection)
                .socket->Send(Create<Packet>(reinterpret_cast<const uint8_t*>(request.data()),
                                             static_cast<uint32_t>(request.size())));
        }
        else
        {
            const auto it = m_connections.find(a.connection);
            it->second.socket->Close();
            m_ids.erase(it->second.socket);
            m_connections.erase(it);
        }
    }
}

void
GprsWebServerProxy::Connected(Ptr<Socket> socket)
{
    const auto it = m_ids.find(socket);
    if (it != m_ids.end())
    {
        Apply(m_scheduler->Connected(it->second));
    }
}

void
GprsWebServerProxy::Read(Ptr<Socket> socket)
{
    while (Ptr<Packet> packet = socket->Recv())
    {
        const auto it = m_ids.find(socket);
        if (it == m_ids.end())
        {
            return;
        }
        const uint32_t id = it->second;
        std::vector<uint8_t> data(packet->GetSize());
        packet->CopyData(data.data(), data.size());
        std::size_t at = 0;
        while (at < data.size())
        {
            GprsHttpResponseReader& r = m_connections.at(id).response;
            try
            {
                at += r.Read(data.data() + at, static_cast<uint32_t>(data.size() - at));
            }
            catch (const std::runtime_error& e)
            {
                NS_FATAL_ERROR("GprsWebServerProxy: " << e.what() << " from the origin");
            }
            if (!r.IsComplete())
            {
                continue;
            }
            r.Next();
            const uint32_t object = m_scheduler->GetFront(id);
            Apply(m_scheduler->Completed(id));
            ++m_counters.originFetches;
            m_cache[CurrentHash(object)] = SizeOf(object);
            NS_LOG_INFO("object " << object << " fetched from the origin");
            Available(object);
        }
    }
}

uint64_t
GprsWebServerProxy::CurrentHash(uint32_t object) const
{
    return GprsWebContentHash(m_pageSpec, object, object == 0 ? m_pageVersion : 0);
}

uint32_t
GprsWebServerProxy::SizeOf(uint32_t object) const
{
    return object == 0 ? m_page.html : m_page.objects.at(object - 1);
}

uint32_t
GprsWebServerProxy::CompressedSize(uint32_t object) const
{
    if (object == 0 && m_htmlZlibBytes > 0)
    {
        return m_htmlZlibBytes;
    }
    return GprsWebScaledSize(SizeOf(object), object == 0 ? m_htmlRatio : m_imageRatio);
}

bool
GprsWebServerProxy::IsCached(uint32_t object) const
{
    return m_cache.count(CurrentHash(object)) > 0;
}

} // namespace ns3
