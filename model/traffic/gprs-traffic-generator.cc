/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-traffic-generator.h"

#include "gprs-traffic-distributions.h"

#include "ns3/abort.h"
#include "ns3/address-utils.h"
#include "ns3/double.h"
#include "ns3/gprs-guarded-tcp-socket.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsTrafficGenerator");

namespace
{
/// Least non-zero SegmentSize: an ns-3 TCP segment carries its header options (up to 40 octets,
/// RFC 9293 clause 3.1) besides data; the module's own bound, far below any real MSS.
constexpr uint32_t kMinSegmentSize = 100;
/// Octets of each write of a SendWhole connection without SegmentSize: ns-3's
/// BulkSendApplication::SendSize default, which sent those files before the generator wrote them
/// itself (issue 12); kept, as the size of the writes decides how full the send buffer gets.
constexpr uint32_t kWholeWriteSize = 512;
} // namespace

NS_OBJECT_ENSURE_REGISTERED(GprsTrafficGenerator);
NS_OBJECT_ENSURE_REGISTERED(GprsWwwTraffic);
NS_OBJECT_ENSURE_REGISTERED(GprsFtpTraffic);
NS_OBJECT_ENSURE_REGISTERED(GprsEmailTraffic);

namespace
{

/// Most sessions a generator allows per hour: one a second.
constexpr double kMaxSessionsPerHour = 3600;

/// \return the checker of a service's session rate: more than none, at most one a second
Ptr<const AttributeChecker>
MakeRateChecker()
{
    return MakeDoubleChecker<double>(1e-6, kMaxSessionsPerHour);
}

} // namespace

TypeId
GprsTrafficGenerator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsTrafficGenerator")
            .SetParent<Application>()
            .SetGroupName("Gprs")
            .AddAttribute("Remote",
                          "The mobile's IPv4 address and port (its PacketSink).",
                          AddressValue(),
                          MakeAddressAccessor(&GprsTrafficGenerator::m_remote),
                          MakeAddressChecker())
            .AddAttribute("DatagramsPerPacketCall",
                          "Mean datagrams of a packet call (page, file, message), geometric: "
                          "1..1000000; default 25 (ETSI TR 101 112 B.1.2.2, used by Rendon et "
                          "al.).",
                          DoubleValue(25),
                          MakeDoubleAccessor(&GprsTrafficGenerator::m_datagramsPerPacketCall),
                          MakeDoubleChecker<double>(1, 1e6))
            .AddAttribute("DatagramSizeShape",
                          "Shape alpha of the Pareto datagram size: 0.1..10; default 1.1 (ETSI "
                          "TR 101 112 B.1.2.2).",
                          DoubleValue(1.1),
                          MakeDoubleAccessor(&GprsTrafficGenerator::m_sizeShape),
                          MakeDoubleChecker<double>(0.1, 10))
            .AddAttribute("DatagramSizeScale",
                          "Scale k (least size) of the Pareto datagram size, octets: "
                          "1..1000000; default 81.5 (ETSI TR 101 112 B.1.2.2).",
                          DoubleValue(81.5),
                          MakeDoubleAccessor(&GprsTrafficGenerator::m_sizeScale),
                          MakeDoubleChecker<double>(1, 1e6))
            .AddAttribute("DatagramSizeCutoff",
                          "Cut-off m (largest size) of the Pareto datagram size, octets, at "
                          "least DatagramSizeScale: 1..1e9; default 66666 (ETSI TR 101 112 "
                          "B.1.2.2; mean size 480 octets).",
                          DoubleValue(66666),
                          MakeDoubleAccessor(&GprsTrafficGenerator::m_sizeCutoff),
                          MakeDoubleChecker<double>(1, 1e9))
            .AddAttribute("SegmentSize",
                          "TCP segment size (MSS) of the connections it opens, octets: 0 or "
                          "100..65495; 0 (the default) leaves ns3::TcpSocket::SegmentSize's. "
                          "ns-3's TCP negotiates no MSS (its SYN has no MSS option), so a "
                          "scenario gives a user's MSS to the sender this way (benko-gi).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&GprsTrafficGenerator::m_segmentSize),
                          MakeUintegerChecker<uint32_t>(0, 65495))
            .AddTraceSource("Session",
                            "A session starts.",
                            MakeTraceSourceAccessor(&GprsTrafficGenerator::m_sessionTrace),
                            "ns3::GprsTrafficGenerator::SessionTracedCallback")
            .AddTraceSource("PacketCall",
                            "A packet call (page, file, message) is drawn.",
                            MakeTraceSourceAccessor(&GprsTrafficGenerator::m_packetCallTrace),
                            "ns3::GprsTrafficGenerator::PacketCallTracedCallback");
    return tid;
}

GprsTrafficGenerator::GprsTrafficGenerator()
    : m_sessionsPerHour(0),
      m_uniform(CreateObject<UniformRandomVariable>())
{
}

GprsTrafficGenerator::~GprsTrafficGenerator() = default;

int64_t
GprsTrafficGenerator::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    return 1;
}

void
GprsTrafficGenerator::CheckConfiguration() const
{
    if (m_sizeCutoff < m_sizeScale)
    {
        std::ostringstream msg;
        msg << GetInstanceTypeId().GetName() << ": DatagramSizeCutoff " << m_sizeCutoff
            << " is below DatagramSizeScale " << m_sizeScale
            << " (allowed: a cut-off at least the scale)";
        throw std::invalid_argument(msg.str());
    }
    if (!InetSocketAddress::IsMatchingType(m_remote))
    {
        std::ostringstream msg;
        msg << GetInstanceTypeId().GetName() << ": Remote " << m_remote
            << " is not an IPv4 address and port (set it to the mobile's "
               "InetSocketAddress)";
        throw std::invalid_argument(msg.str());
    }
    if (m_segmentSize != 0 && m_segmentSize < kMinSegmentSize)
    {
        std::ostringstream msg;
        msg << GetInstanceTypeId().GetName() << ": SegmentSize " << m_segmentSize
            << " is too small (allowed: 0 for ns-3's default, or " << kMinSegmentSize
            << "..65495 octets)";
        throw std::invalid_argument(msg.str());
    }
}

uint64_t
GprsTrafficGenerator::GetSessions() const
{
    return m_sessions;
}

uint64_t
GprsTrafficGenerator::GetPacketCalls() const
{
    return m_packetCalls;
}

uint64_t
GprsTrafficGenerator::GetBytesOffered() const
{
    return m_bytesOffered;
}

uint64_t
GprsTrafficGenerator::GetOpenConnections() const
{
    return m_whole.size();
}

void
GprsTrafficGenerator::DoDispose()
{
    m_nextSession.Cancel();
    m_uniform = nullptr;
    m_whole.clear();
    Application::DoDispose();
}

void
GprsTrafficGenerator::StartApplication()
{
    try
    {
        CheckConfiguration();
    }
    catch (const std::invalid_argument& e)
    {
        NS_FATAL_ERROR(e.what());
    }
    m_running = true;
    m_nextSession = Simulator::Schedule(DrawTime(Seconds(3600 / m_sessionsPerHour)),
                                        &GprsTrafficGenerator::ArriveSession,
                                        this);
}

void
GprsTrafficGenerator::StopApplication()
{
    m_running = false;
    m_nextSession.Cancel();
}

bool
GprsTrafficGenerator::IsRunning() const
{
    return m_running;
}

void
GprsTrafficGenerator::ArriveSession()
{
    const uint64_t session = m_sessions++;
    NS_LOG_FUNCTION(this << session);
    m_sessionTrace(session);
    m_nextSession = Simulator::Schedule(DrawTime(Seconds(3600 / m_sessionsPerHour)),
                                        &GprsTrafficGenerator::ArriveSession,
                                        this);
    StartSession(session);
}

void
GprsTrafficGenerator::StartSession(uint64_t session)
{
    const std::vector<uint32_t> sizes = DrawPacketCall(session);
    SendWhole(std::accumulate(sizes.begin(), sizes.end(), uint64_t{0}));
}

std::vector<uint32_t>
GprsTrafficGenerator::DrawPacketCall(uint64_t session)
{
    const GprsTruncatedPareto size(m_sizeShape, m_sizeScale, m_sizeCutoff);
    std::vector<uint32_t> sizes(DrawCount(m_datagramsPerPacketCall));
    uint64_t bytes = 0;
    for (uint32_t& s : sizes)
    {
        // Whole octets; the scale is at least 1, so no datagram is empty.
        s = static_cast<uint32_t>(size.Draw(m_uniform->GetValue()) + 0.5);
        bytes += s;
    }
    ++m_packetCalls;
    m_bytesOffered += bytes;
    m_packetCallTrace(session, sizes.size(), bytes);
    return sizes;
}

Time
GprsTrafficGenerator::DrawTime(Time mean)
{
    return Seconds(DrawGprsExponential(mean.GetSeconds(), m_uniform->GetValue()));
}

uint32_t
GprsTrafficGenerator::DrawCount(double mean)
{
    return DrawGprsGeometric(mean, m_uniform->GetValue());
}

void
GprsTrafficGenerator::SendWhole(uint64_t bytes)
{
    const Ptr<Socket> socket = OpenTcpSocket();
    m_whole[socket] = bytes;
    // Written once connected, as GprsWwwTraffic does and BulkSendApplication.
    socket->SetConnectCallback(MakeCallback(&GprsTrafficGenerator::OnWholeConnected, this),
                               MakeCallback(&GprsTrafficGenerator::OnWholeConnectFailed, this));
    socket->SetCloseCallbacks(MakeCallback(&GprsTrafficGenerator::OnWholeClosed, this),
                              MakeCallback(&GprsTrafficGenerator::OnWholeClosed, this));
    socket->Bind();
    socket->Connect(m_remote);
}

void
GprsTrafficGenerator::OnWholeConnected(Ptr<Socket> socket)
{
    socket->SetSendCallback(MakeCallback(&GprsTrafficGenerator::OnWholeSendSpace, this));
    OnWholeSendSpace(socket, 0);
}

void
GprsTrafficGenerator::OnWholeConnectFailed(Ptr<Socket> socket)
{
    if (const auto it = m_whole.find(socket); it != m_whole.end())
    {
        // The file is dropped, as BulkSendApplication dropped it.
        NS_LOG_WARN("a connection to " << m_remote << " failed: " << it->second
                                       << " octets dropped");
        it->second = 0;
    }
    OnWholeClosed(socket);
}

void
GprsTrafficGenerator::OnWholeClosed(Ptr<Socket> socket)
{
    // TcpSocketBase notifies before it frees its endpoint, and some of its paths use the socket
    // after that (SendRST, then CloseAndNotify): let go of it only once this event is over.
    // In TIME_WAIT its endpoint and TcpL4Protocol's socket list still hold it; it drops those
    // references after cancelling its timers (DeallocateEndPoint, ns-3.37 tcp-socket-base.cc).
    Simulator::ScheduleNow(&GprsTrafficGenerator::ReleaseWhole, this, socket);
}

void
GprsTrafficGenerator::ReleaseWhole(Ptr<Socket> socket)
{
    m_whole.erase(socket);
}

Ptr<Socket>
GprsTrafficGenerator::OpenTcpSocket() const
{
    // Not the node's TcpSocketFactory: its TcpSocketBase crashes before ns-3.41 on a mobile
    // whose receive window bounds the flight, without SACK, with losses (ns-3 issue #991).
    GprsTcpLegConfig config;
    if (m_segmentSize != 0)
    {
        config.segmentSize = m_segmentSize;
    }
    return GprsGuardedTcpSocket::Create(GetNode(), config);
}

void
GprsTrafficGenerator::OnWholeSendSpace(Ptr<Socket> socket, uint32_t)
{
    const auto it = m_whole.find(socket);
    if (it == m_whole.end() || it->second == 0)
    {
        return;
    }
    while (it->second > 0)
    {
        // With SegmentSize, one segment at most per write, cut to the room in the send buffer;
        // else kWholeWriteSize octets, each write whole or not at all, as BulkSendApplication.
        uint64_t n =
            std::min<uint64_t>(it->second, m_segmentSize != 0 ? m_segmentSize : kWholeWriteSize);
        if (m_segmentSize != 0)
        {
            n = std::min<uint64_t>(n, socket->GetTxAvailable());
        }
        if (n == 0 || n > socket->GetTxAvailable())
        {
            return; // the next send callback writes on
        }
        const int sent = socket->Send(Create<Packet>(static_cast<uint32_t>(n)));
        if (sent <= 0)
        {
            return;
        }
        it->second -= static_cast<uint64_t>(sent);
    }
    // FIN after what is buffered; the connection stays in m_whole until it has closed.
    socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
    socket->Close();
}

TypeId
GprsWwwTraffic::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsWwwTraffic")
            .SetParent<GprsTrafficGenerator>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsWwwTraffic>()
            .AddAttribute("SessionsPerHour",
                          "WWW sessions per hour, Poisson arrivals: 1e-6..3600; default 3 "
                          "(Rendon et al., '3 bursts/hour').",
                          DoubleValue(3),
                          MakeDoubleAccessor(&GprsWwwTraffic::m_sessionsPerHour),
                          MakeRateChecker())
            .AddAttribute("PagesPerSession",
                          "Mean pages (packet calls) of a session, geometric: 1..100000; "
                          "default 5 (ETSI TR 101 112 B.1.2.2; Rendon et al.).",
                          UintegerValue(5),
                          MakeUintegerAccessor(&GprsWwwTraffic::m_pagesPerSession),
                          MakeUintegerChecker<uint32_t>(1, 100000))
            .AddAttribute("ReadingTime",
                          "Mean reading time from a page's last datagram to the next page, "
                          "exponential: 0..100000 s; default 412 s (ETSI TR 101 112 B.1.2.2; "
                          "Rendon et al.).",
                          TimeValue(Seconds(412)),
                          MakeTimeAccessor(&GprsWwwTraffic::m_readingTime),
                          MakeTimeChecker(Seconds(0), Seconds(100000)))
            .AddAttribute("DatagramInterval",
                          "Mean time between the datagrams of a page, exponential: 0..3600 s; "
                          "default 0.125 s (ETSI TR 101 112 B.1.2.2 for 32 kbit/s; Rendon et "
                          "al.).",
                          TimeValue(MilliSeconds(125)),
                          MakeTimeAccessor(&GprsWwwTraffic::m_datagramInterval),
                          MakeTimeChecker(Seconds(0), Seconds(3600)))
            .AddTraceSource("Datagram",
                            "A datagram of a page arrives and is written into its connection.",
                            MakeTraceSourceAccessor(&GprsWwwTraffic::m_datagramTrace),
                            "ns3::GprsWwwTraffic::DatagramTracedCallback");
    return tid;
}

void
GprsWwwTraffic::DoDispose()
{
    m_pages.clear();
    GprsTrafficGenerator::DoDispose();
}

void
GprsWwwTraffic::StartSession(uint64_t session)
{
    StartPage(session, DrawCount(m_pagesPerSession) - 1);
}

void
GprsWwwTraffic::StartPage(uint64_t session, uint32_t pagesLeft)
{
    const uint64_t key = m_nextPage++;
    Page& page = m_pages[key];
    page.session = session;
    page.pagesLeft = pagesLeft;
    page.datagrams = DrawPacketCall(session);
    std::reverse(page.datagrams.begin(), page.datagrams.end());
    page.socket = OpenTcpSocket();
    page.socket->SetConnectCallback(MakeCallback(&GprsWwwTraffic::OnConnected, this),
                                    MakeCallback(&GprsWwwTraffic::OnConnectFailed, this));
    page.socket->SetSendCallback(MakeCallback(&GprsWwwTraffic::OnSendSpace, this));
    page.socket->Bind();
    page.socket->Connect(m_remote);
    ArriveDatagram(key);
}

void
GprsWwwTraffic::ArriveDatagram(uint64_t key)
{
    Page& page = m_pages.at(key); // kept until its last datagram has arrived
    const uint32_t bytes = page.datagrams.back();
    page.datagrams.pop_back();
    page.unsent += bytes;
    m_datagramTrace(page.session, bytes);
    if (!page.datagrams.empty())
    {
        Simulator::Schedule(DrawTime(m_datagramInterval),
                            &GprsWwwTraffic::ArriveDatagram,
                            this,
                            key);
    }
    else if (page.pagesLeft > 0 && IsRunning())
    {
        Simulator::Schedule(DrawTime(m_readingTime),
                            &GprsWwwTraffic::StartPage,
                            this,
                            page.session,
                            page.pagesLeft - 1);
    }
    Flush(key);
}

void
GprsWwwTraffic::Flush(uint64_t key)
{
    Page& page = m_pages.at(key);
    if (page.failed)
    {
        page.unsent = 0; // nowhere to go; the page's datagrams still arrive, open-loop
    }
    while (page.connected && page.unsent > 0 && page.socket->GetTxAvailable() > 0)
    {
        const auto n =
            static_cast<uint32_t>(std::min<uint64_t>(page.unsent, page.socket->GetTxAvailable()));
        page.socket->Send(Create<Packet>(n));
        page.unsent -= n;
    }
    if ((page.connected || page.failed) && page.unsent == 0 && page.datagrams.empty())
    {
        if (page.connected)
        {
            page.socket->Close(); // FIN after the data still buffered
        }
        m_pages.erase(key);
    }
}

std::optional<uint64_t>
GprsWwwTraffic::PageOf(Ptr<Socket> socket) const
{
    for (const auto& [key, page] : m_pages)
    {
        if (page.socket == socket)
        {
            return key;
        }
    }
    return std::nullopt; // a page already closed
}

void
GprsWwwTraffic::OnConnected(Ptr<Socket> socket)
{
    if (const auto key = PageOf(socket))
    {
        m_pages.at(*key).connected = true;
        Flush(*key);
    }
}

void
GprsWwwTraffic::OnConnectFailed(Ptr<Socket> socket)
{
    if (const auto key = PageOf(socket))
    {
        NS_LOG_WARN("page " << *key << " of session " << m_pages.at(*key).session
                            << ": connection failed, its data is dropped");
        m_pages.at(*key).failed = true;
        Flush(*key);
    }
}

void
GprsWwwTraffic::OnSendSpace(Ptr<Socket> socket, uint32_t)
{
    if (const auto key = PageOf(socket))
    {
        Flush(*key);
    }
}

TypeId
GprsFtpTraffic::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsFtpTraffic")
            .SetParent<GprsTrafficGenerator>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsFtpTraffic>()
            .AddAttribute("BurstsPerHour",
                          "FTP bursts (files) per hour, Poisson arrivals: 1e-6..3600; default "
                          "6 (Rendon et al.).",
                          DoubleValue(6),
                          MakeDoubleAccessor(&GprsFtpTraffic::m_sessionsPerHour),
                          MakeRateChecker());
    return tid;
}

TypeId
GprsEmailTraffic::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsEmailTraffic")
            .SetParent<GprsTrafficGenerator>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsEmailTraffic>()
            .AddAttribute("MessagesPerHour",
                          "E-mail messages per hour, Poisson arrivals: 1e-6..3600; default 5 "
                          "(Rendon et al.).",
                          DoubleValue(5),
                          MakeDoubleAccessor(&GprsEmailTraffic::m_sessionsPerHour),
                          MakeRateChecker());
    return tid;
}

} // namespace ns3
