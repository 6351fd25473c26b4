/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-browser.h"

#include "ns3/address-utils.h"
#include "ns3/gprs-guarded-tcp-socket.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsWebBrowser");
NS_OBJECT_ENSURE_REGISTERED(GprsWebBrowser);

namespace
{

/// \param allowed what is allowed \param ok the check \return a checker of a StringValue
Ptr<const AttributeChecker>
MakeTextChecker(const std::string& allowed, std::function<bool(const std::string&)> ok)
{
    return Create<GprsPredicateChecker<StringValue>>(
        [ok](const StringValue& v) { return ok(v.Get()); },
        "ns3::StringValue",
        allowed);
}

} // namespace

TypeId
GprsWebBrowser::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsWebBrowser")
            .SetParent<Application>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsWebBrowser>()
            .AddAttribute("Remote",
                          "The GprsWebServer's IPv4 address and HTTP port.",
                          AddressValue(),
                          MakeAddressAccessor(&GprsWebBrowser::m_remote),
                          MakeAddressChecker())
            .AddAttribute("DnsPort",
                          "The GprsWebServer's DNS port: 1..65535; default 53 (RFC 1035).",
                          UintegerValue(53),
                          MakeUintegerAccessor(&GprsWebBrowser::m_dnsPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute(
                "Page",
                "The page: c8 (Chakravorty & Pratt's test page), static-i, static-ii "
                "(GPRSWeb's pages) or the path of a page file (GetGprsWebPage); read "
                "at the start, a bad file stops the simulation naming its line.",
                StringValue("c8"),
                MakeStringAccessor(&GprsWebBrowser::m_pageSpec),
                MakeTextChecker(kGprsWebPageNames, [](const std::string& s) { return !s.empty(); }))
            .AddAttribute(
                "Mode",
                "How objects are fetched: http-1.0 (a connection per object, up to "
                "Http10Connections at once), http-1.1 (persistent connections, up to "
                "PersistentConnections, one request at a time) or pipelined (as "
                "http-1.1 with up to PipelineDepth requests per connection).",
                StringValue("http-1.1"),
                MakeStringAccessor(&GprsWebBrowser::m_modeText),
                MakeTextChecker("http-1.0, http-1.1 or pipelined",
                                [](const std::string& s) { return ParseGprsHttpMode(s, nullptr); }))
            .AddAttribute("Discovery",
                          "When embedded objects become known: progressive (object i of n once "
                          "i/n of the HTML has arrived) or complete (once all of it has).",
                          StringValue("progressive"),
                          MakeStringAccessor(&GprsWebBrowser::m_discovery),
                          MakeTextChecker("progressive or complete",
                                          [](const std::string& s) {
                                              return s == "progressive" || s == "complete";
                                          }))
            .AddAttribute("Http10Connections",
                          "HTTP/1.0: most connections at once: 1..64; default 8 (Chakravorty & "
                          "Pratt's browser, up to 8 parallel connections).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&GprsWebBrowser::m_http10Connections),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("PersistentConnections",
                          "HTTP/1.1 and pipelined: most persistent connections: 1..64; default "
                          "6 (Chakravorty & Pratt's browser, up to 6 persistent connections).",
                          UintegerValue(6),
                          MakeUintegerAccessor(&GprsWebBrowser::m_persistentConnections),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("PipelineDepth",
                          "Pipelined: most unanswered requests per connection: 1..64; default "
                          "4 (Mozilla 1.x, network.http.pipelining.maxrequests).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&GprsWebBrowser::m_pipelineDepth),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("RequestHeaderBytes",
                          "Octets of each HTTP request: 64..65535; default 433, Mozilla 1.0's "
                          "GET of an image (Host, User-Agent, Accept, Accept-Language, "
                          "Accept-Encoding, Accept-Charset, Keep-Alive, Connection, Referer: "
                          "doc/gprs.rst, web browsing).",
                          UintegerValue(433),
                          MakeUintegerAccessor(&GprsWebBrowser::m_requestHeaderBytes),
                          MakeUintegerChecker<uint32_t>(kGprsMinHttpHeaderBytes, 65535))
            .AddAttribute("DnsLookups",
                          "DNS queries before the first connection, one round trip each: "
                          "0..100; default 1 (one server name; 0: a proxy resolves names).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&GprsWebBrowser::m_dnsLookups),
                          MakeUintegerChecker<uint32_t>(0, 100))
            .AddAttribute("DnsQueryBytes",
                          "Octets of a DNS query (UDP payload): 12..512; default 34, an A "
                          "query for www.cl.cam.ac.uk (RFC 1035 4.1).",
                          UintegerValue(34),
                          MakeUintegerAccessor(&GprsWebBrowser::m_dnsQueryBytes),
                          MakeUintegerChecker<uint32_t>(12, 512))
            .AddAttribute("DnsTimeout",
                          "Time after which an unanswered DNS query is sent again: 1 ms..60 s; "
                          "default 5 s (the resolver's RES_TIMEOUT, resolv.conf(5)).",
                          TimeValue(Seconds(5)),
                          MakeTimeAccessor(&GprsWebBrowser::m_dnsTimeout),
                          MakeTimeChecker(MilliSeconds(1), Seconds(60)))
            .AddTraceSource("Request",
                            "A request is sent: connection, object, object octets, requests "
                            "then unanswered on the connection.",
                            MakeTraceSourceAccessor(&GprsWebBrowser::m_requestTrace),
                            "ns3::GprsWebBrowser::RequestTracedCallback")
            .AddTraceSource("Response",
                            "A response has fully arrived: connection, object, HTTP octets.",
                            MakeTraceSourceAccessor(&GprsWebBrowser::m_responseTrace),
                            "ns3::GprsWebBrowser::ResponseTracedCallback")
            .AddTraceSource("PageComplete",
                            "Every object of the page has arrived: the page's statistics.",
                            MakeTraceSourceAccessor(&GprsWebBrowser::m_pageTrace),
                            "ns3::GprsWebBrowser::PageTracedCallback");
    return tid;
}

GprsWebBrowser::GprsWebBrowser()
{
    NS_LOG_FUNCTION(this);
}

GprsWebBrowser::~GprsWebBrowser()
{
    NS_LOG_FUNCTION(this);
}

const GprsWebPageStats&
GprsWebBrowser::GetStats() const
{
    return m_stats;
}

void
GprsWebBrowser::StartApplication()
{
    NS_LOG_FUNCTION(this);
    try
    {
        m_page = GetGprsWebPage(m_pageSpec);
    }
    catch (const std::runtime_error& e)
    {
        NS_FATAL_ERROR("GprsWebBrowser Page: " << e.what());
    }
    GprsHttpMode mode = GprsHttpMode::PERSISTENT;
    ParseGprsHttpMode(m_modeText, &mode);
    m_scheduler = std::make_unique<GprsWebScheduler>(
        mode,
        mode == GprsHttpMode::HTTP10 ? m_http10Connections : m_persistentConnections,
        m_pipelineDepth);
    m_stats = GprsWebPageStats{};
    m_stats.start = Simulator::Now();
    m_discovered = 0;
    if (m_dnsLookups > 0)
    {
        m_dns = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
        m_dns->Bind();
        m_dns->SetRecvCallback(MakeCallback(&GprsWebBrowser::ReadDns, this));
        SendDnsQuery();
    }
    else
    {
        BeginFetch();
    }
}

void
GprsWebBrowser::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_dnsRetry.Cancel();
    if (m_dns)
    {
        m_dns->Close();
        m_dns = nullptr;
    }
    for (auto& entry : m_readers)
    {
        entry.second.socket->Close();
    }
    m_readers.clear();
    m_ids.clear();
}

void
GprsWebBrowser::SendDnsQuery()
{
    const auto server = InetSocketAddress::ConvertFrom(m_remote).GetIpv4();
    NS_LOG_INFO("DNS query " << m_stats.dnsLookups + 1 << " of " << m_dnsLookups);
    m_dns->SendTo(Create<Packet>(m_dnsQueryBytes), 0, InetSocketAddress(server, m_dnsPort));
    m_dnsRetry = Simulator::Schedule(m_dnsTimeout, &GprsWebBrowser::SendDnsQuery, this);
}

void
GprsWebBrowser::ReadDns(Ptr<Socket> socket)
{
    while (socket->Recv())
    {
        if (m_stats.dnsLookups == m_dnsLookups)
        {
            continue; // a late answer to a query sent again
        }
        m_dnsRetry.Cancel();
        if (++m_stats.dnsLookups < m_dnsLookups)
        {
            SendDnsQuery();
        }
        else
        {
            BeginFetch();
        }
    }
}

void
GprsWebBrowser::BeginFetch()
{
    NS_LOG_FUNCTION(this);
    Apply(m_scheduler->Discover(0));
}

void
GprsWebBrowser::Apply(const std::vector<GprsWebAction>& actions)
{
    for (const GprsWebAction& a : actions)
    {
        if (a.kind == GprsWebAction::OPEN)
        {
            Ptr<Socket> socket = GprsGuardedTcpSocket::Create(GetNode(), GprsTcpLegConfig{});
            socket->Bind();
            socket->SetConnectCallback(MakeCallback(&GprsWebBrowser::Connected, this),
                                       MakeCallback(&GprsWebBrowser::ConnectFailed, this));
            socket->SetRecvCallback(MakeCallback(&GprsWebBrowser::Read, this));
            socket->Connect(m_remote);
            m_readers[a.connection].socket = socket;
            m_ids[socket] = a.connection;
            ++m_stats.connections;
        }
        else if (a.kind == GprsWebAction::REQUEST)
        {
            const std::string request =
                MakeGprsHttpRequest(SizeOf(a.object), m_requestHeaderBytes, a.object);
            m_readers.at(a.connection)
                .socket->Send(Create<Packet>(reinterpret_cast<const uint8_t*>(request.data()),
                                             static_cast<uint32_t>(request.size())));
            m_stats.bytesSent += request.size();
            m_requestTrace(a.connection, a.object, SizeOf(a.object), a.outstanding);
        }
        else
        {
            const auto it = m_readers.find(a.connection);
            it->second.socket->Close();
            m_ids.erase(it->second.socket);
            m_readers.erase(it);
        }
    }
}

void
GprsWebBrowser::Connected(Ptr<Socket> socket)
{
    const auto it = m_ids.find(socket);
    if (it != m_ids.end())
    {
        Apply(m_scheduler->Connected(it->second));
    }
}

void
GprsWebBrowser::ConnectFailed(Ptr<Socket>)
{
    // TCP gave up after its SYN retries (TcpSocket::ConnCount): the page stays incomplete.
    NS_LOG_WARN("a connection failed; the page stays incomplete");
}

void
GprsWebBrowser::Read(Ptr<Socket> socket)
{
    while (Ptr<Packet> packet = socket->Recv())
    {
        const auto it = m_ids.find(socket);
        if (it == m_ids.end())
        {
            return;
        }
        const uint32_t size = packet->GetSize();
        m_stats.bytesReceived += size;
        std::vector<uint8_t> data(size);
        packet->CopyData(data.data(), size);
        Consume(it->second, data.data(), size);
    }
}

void
GprsWebBrowser::Consume(uint32_t id, const uint8_t* data, uint32_t size)
{
    while (size > 0 && m_readers.count(id))
    {
        GprsHttpResponseReader& r = m_readers.at(id).response;
        uint32_t used = 0;
        try
        {
            used = r.Read(data, size);
        }
        catch (const std::runtime_error& e)
        {
            NS_FATAL_ERROR("GprsWebBrowser: " << e.what() << " on connection " << id);
        }
        data += used;
        size -= used;
        if (r.InBody() && m_discovery == "progressive" && m_scheduler->GetFront(id) == 0)
        {
            DiscoverUpTo(r.GetBodyRead());
        }
        if (r.IsComplete())
        {
            ResponseComplete(id);
        }
    }
}

void
GprsWebBrowser::DiscoverUpTo(uint32_t htmlBodyRead)
{
    const uint32_t known = GprsWebObjectsKnown(htmlBodyRead,
                                               m_page.html,
                                               static_cast<uint32_t>(m_page.objects.size()));
    while (m_discovered < known)
    {
        Apply(m_scheduler->Discover(++m_discovered));
    }
}

void
GprsWebBrowser::ResponseComplete(uint32_t id)
{
    GprsHttpResponseReader& r = m_readers.at(id).response;
    const uint32_t object = m_scheduler->GetFront(id);
    const uint32_t bytes = r.GetHeaderBytes() + r.GetBodyRead();
    r.Next();
    NS_LOG_INFO("object " << object << " complete on connection " << id);
    m_responseTrace(id, object, bytes);
    ++m_stats.objects;
    Apply(m_scheduler->Completed(id));
    if (object == 0)
    {
        DiscoverUpTo(m_page.html);
    }
    if (m_stats.objects == m_page.objects.size() + 1)
    {
        m_stats.complete = true;
        m_stats.end = Simulator::Now();
        m_stats.phi = m_scheduler->GetPhi();
        m_stats.eta = m_scheduler->GetEta();
        Apply(m_scheduler->CloseAll());
        NS_LOG_INFO("page complete in " << m_stats.GetDownloadTime().As(Time::S));
        m_pageTrace(m_stats);
    }
}

uint32_t
GprsWebBrowser::SizeOf(uint32_t object) const
{
    return object == 0 ? m_page.html : m_page.objects.at(object - 1);
}

} // namespace ns3
