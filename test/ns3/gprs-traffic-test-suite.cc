/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The busy cell's traffic generators over a long run on a fast point-to-point link: sessions,
// pages, datagrams, sizes and times have the means the model states, within bounds derived
// from the distributions (5 standard errors of the sample mean; for counts of a Poisson process
// 5 standard deviations), every octet offered reaches the mobile's sink, and neither end keeps
// anything of a finished connection.

#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <cmath>
#include <functional>
#include <map>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("GprsTrafficTestSuite");

namespace
{

constexpr uint16_t kPort = 7000; //!< the sink's port

/// Sample mean and sample size.
struct Mean
{
    double sum{0}; //!< sum of the samples
    uint64_t n{0}; //!< samples

    /// \param x a sample
    void Add(double x)
    {
        sum += x;
        ++n;
    }

    /// \return the mean
    double Get() const
    {
        return n > 0 ? sum / n : 0;
    }

    /**
     * \param variance the distribution's variance
     * \return 5 standard errors of the sample mean
     */
    double Bound(double variance) const
    {
        return 5 * std::sqrt(variance / n);
    }
};

/// What the traces of one generator showed.
struct Observed
{
    Time sessionsUntil;                    //!< sessions counted start before this
    std::map<uint64_t, uint32_t> pages;    //!< pages of each session counted
    std::map<uint64_t, Time> lastDatagram; //!< last datagram of each session's current page
    Mean pagesPerSession;                  //!< over the sessions counted
    Mean datagramsPerPacketCall;           //!< every packet call
    Mean bytesPerPacketCall;               //!< every packet call
    Mean datagramBytes;                    //!< WWW: every datagram
    Mean datagramInterval;                 //!< WWW: between the datagrams of a page, s
    Mean readingTime;                      //!< WWW: last datagram of a page to the next, s
    std::map<uint64_t, bool> newPage;      //!< WWW: the session's next datagram opens a page

    /// Session sink.
    void OnSession(uint64_t session)
    {
        if (Simulator::Now() < sessionsUntil)
        {
            pages[session] = 0;
        }
    }

    /// PacketCall sink.
    void OnPacketCall(uint64_t session, uint32_t datagrams, uint64_t bytes)
    {
        datagramsPerPacketCall.Add(datagrams);
        bytesPerPacketCall.Add(bytes);
        if (pages.count(session) > 0)
        {
            ++pages[session];
        }
        if (lastDatagram.count(session) > 0)
        {
            readingTime.Add((Simulator::Now() - lastDatagram[session]).GetSeconds());
        }
        newPage[session] = true;
    }

    /// Datagram sink.
    void OnDatagram(uint64_t session, uint32_t bytes)
    {
        datagramBytes.Add(bytes);
        if (!newPage[session])
        {
            datagramInterval.Add((Simulator::Now() - lastDatagram[session]).GetSeconds());
        }
        newPage[session] = false;
        lastDatagram[session] = Simulator::Now();
    }
};

/// A generator's long run.
struct TrafficRun
{
    Observed observed;         //!< its traces
    uint64_t sessions{0};      //!< sessions started before the generator stopped
    uint64_t offered{0};       //!< octets it offered
    uint64_t delivered{0};     //!< octets the sink received
    uint64_t packetCalls{0};   //!< packet calls started: one connection each
    uint64_t accepted{0};      //!< connections the sink accepted
    uint64_t open{0};          //!< connections the sink still held at the end
    uint64_t generatorOpen{0}; //!< connections the generator still held at the end
    uint32_t serverApps{0};    //!< applications on the server at the end
    uint64_t serverSockets{0}; //!< TCP sockets of the server at the end
};

/// What a test adds to the mobile: its device on the link and its sink, before the run.
using MobileSetUp = std::function<void(Ptr<NetDevice>, Ptr<GprsTrafficSink>)>;

/**
 * Run a service's generator for a long time over a 10 Mbit/s, 10 ms link, then let the data
 * still on its way drain (an hour, longer than TIME_WAIT's 2 x 120 s).
 * \param service email, www or ftp
 * \param hours how long the generator runs
 * \param segmentSize the generator's SegmentSize
 * \param listening whether the mobile's sink listens (else the mobile refuses every connection)
 * \param[out] run what it did
 * \param setUp called once the applications are installed, if set
 */
void
RunTraffic(const std::string& service,
           double hours,
           uint32_t segmentSize,
           bool listening,
           TrafficRun& run,
           const MobileSetUp& setUp = nullptr)
{
    NodeContainer nodes;
    nodes.Create(2);
    InternetStackHelper().Install(nodes);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
    link.SetChannelAttribute("Delay", StringValue("10ms"));
    Ipv4AddressHelper address("10.0.0.0", "255.255.255.0");
    const NetDeviceContainer devices = link.Install(nodes);
    const Ipv4InterfaceContainer ifs = address.Assign(devices);

    GprsTrafficHelper helper(service);
    helper.SetAttribute("SegmentSize", UintegerValue(segmentSize));
    const GprsTrafficApps apps =
        helper.Install(nodes.Get(0), nodes.Get(1), ifs.GetAddress(1), kPort);
    apps.generator->AssignStreams(1);
    const Time end = Seconds(hours * 3600);
    apps.generator->SetStopTime(end);
    // Sessions last hours at most (a WWW session of 40 pages with 412 s between them is 4.6 h,
    // and a 40th page comes once in 7000 sessions): count those that start 10 h before the end.
    run.observed.sessionsUntil = end - Hours(10);
    apps.generator->TraceConnectWithoutContext("Session",
                                               MakeCallback(&Observed::OnSession, &run.observed));
    apps.generator->TraceConnectWithoutContext(
        "PacketCall",
        MakeCallback(&Observed::OnPacketCall, &run.observed));
    if (service == "www")
    {
        apps.generator->TraceConnectWithoutContext(
            "Datagram",
            MakeCallback(&Observed::OnDatagram, &run.observed));
    }
    Simulator::Stop(end + Hours(1));
    if (!listening)
    {
        apps.sink->SetStartTime(end + Hours(2));
    }
    if (setUp)
    {
        setUp(devices.Get(1), apps.sink);
    }
    Simulator::Run();
    run.sessions = apps.generator->GetSessions();
    run.offered = apps.generator->GetBytesOffered();
    run.delivered = apps.sink->GetTotalRx();
    run.packetCalls = apps.generator->GetPacketCalls();
    run.accepted = apps.sink->GetAccepted();
    run.open = apps.sink->GetOpenConnections();
    run.generatorOpen = apps.generator->GetOpenConnections();
    run.serverApps = nodes.Get(0)->GetNApplications();
    ObjectVectorValue sockets;
    nodes.Get(0)->GetObject<TcpL4Protocol>()->GetAttribute("SocketList", sockets);
    run.serverSockets = sockets.GetN();
    for (const auto& [session, pages] : run.observed.pages)
    {
        run.observed.pagesPerSession.Add(pages);
    }
    Simulator::Destroy();
}

/// The UMTS 30.03 datagram size with the generators' defaults.
const GprsTruncatedPareto kDatagram(1.1, 81.5, 66666);
constexpr double kDatagramsPerPacketCall = 25; //!< the generators' default mean

/// A generator's test: its checks.
class GprsTrafficTestCase : public TestCase
{
  public:
    /// \param name the test's name
    explicit GprsTrafficTestCase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * Check the packet calls of a run: datagrams and octets per packet call have the model's
     * means, and every octet offered arrived (CheckDelivered).
     * \param run the run
     */
    void CheckPacketCalls(const TrafficRun& run)
    {
        const Observed& o = run.observed;
        const double countVariance = GetGprsGeometricVariance(kDatagramsPerPacketCall);
        NS_TEST_EXPECT_MSG_EQ_TOL(o.datagramsPerPacketCall.Get(),
                                  kDatagramsPerPacketCall,
                                  o.datagramsPerPacketCall.Bound(countVariance),
                                  "datagrams per packet call");
        // A sum of a geometric number N of sizes X: E = E[N] E[X],
        // Var = E[N] Var[X] + Var[N] E[X]^2.
        const double mean = kDatagramsPerPacketCall * kDatagram.GetMean();
        const double variance = kDatagramsPerPacketCall * kDatagram.GetVariance() +
                                countVariance * kDatagram.GetMean() * kDatagram.GetMean();
        NS_TEST_EXPECT_MSG_EQ_TOL(o.bytesPerPacketCall.Get(),
                                  mean,
                                  o.bytesPerPacketCall.Bound(variance),
                                  "octets per packet call");
        CheckDelivered(run);
    }

    /**
     * Check that every octet offered arrived, over one connection per packet call, and that
     * neither end keeps anything of a finished connection.
     * \param run the run
     */
    void CheckDelivered(const TrafficRun& run)
    {
        NS_TEST_EXPECT_MSG_GT(run.offered, 0, "traffic offered");
        NS_TEST_EXPECT_MSG_EQ(run.delivered, run.offered, "every octet offered reaches the sink");
        NS_TEST_EXPECT_MSG_EQ(run.accepted, run.packetCalls, "one connection per packet call");
        NS_TEST_EXPECT_MSG_EQ(run.open, 0, "the sink holds no finished connection");
        CheckServerReleased(run);
    }

    /**
     * Check that the server keeps nothing of a finished connection.
     * \param run the run
     */
    void CheckServerReleased(const TrafficRun& run)
    {
        NS_TEST_EXPECT_MSG_EQ(run.generatorOpen, 0, "the generator holds no finished connection");
        NS_TEST_EXPECT_MSG_EQ(run.serverApps,
                              1,
                              "the server runs the generator alone, no application per file");
        NS_TEST_EXPECT_MSG_EQ(run.serverSockets,
                              0,
                              "no socket of the server outlives its connection's TIME_WAIT");
    }

    /**
     * Check the number of sessions against a Poisson process.
     * \param run the run
     * \param perHour the rate
     * \param hours the time
     */
    void CheckSessions(const TrafficRun& run, double perHour, double hours)
    {
        const double expected = perHour * hours;
        NS_TEST_EXPECT_MSG_EQ_TOL(static_cast<double>(run.sessions),
                                  expected,
                                  5 * std::sqrt(expected),
                                  "sessions of a Poisson process");
    }
};

/// WWW sessions: UMTS 30.03 with Rendon et al.'s parameters.
class GprsWwwTrafficTestCase : public GprsTrafficTestCase
{
  public:
    GprsWwwTrafficTestCase()
        : GprsTrafficTestCase(
              "WWW sessions, pages, datagrams, reading times and intervals have the "
              "model's means")
    {
    }

  private:
    void DoRun() override
    {
        const double hours = 300;
        TrafficRun run;
        RunTraffic("www", hours, 0, true, run);
        const Observed& o = run.observed;
        CheckSessions(run, 3, hours);
        NS_TEST_EXPECT_MSG_EQ_TOL(o.pagesPerSession.Get(),
                                  5,
                                  o.pagesPerSession.Bound(GetGprsGeometricVariance(5)),
                                  "pages per session");
        CheckPacketCalls(run);
        NS_TEST_EXPECT_MSG_EQ_TOL(o.datagramBytes.Get(),
                                  kDatagram.GetMean(),
                                  o.datagramBytes.Bound(kDatagram.GetVariance()),
                                  "datagram size");
        NS_TEST_EXPECT_MSG_EQ_TOL(o.readingTime.Get(),
                                  412,
                                  o.readingTime.Bound(412 * 412),
                                  "reading time");
        NS_TEST_EXPECT_MSG_EQ_TOL(o.datagramInterval.Get(),
                                  0.125,
                                  o.datagramInterval.Bound(0.125 * 0.125),
                                  "time between datagrams");
    }
};

/// FTP bursts and e-mail messages: Poisson arrivals of one packet call each.
class GprsBurstTrafficTestCase : public GprsTrafficTestCase
{
  public:
    /**
     * \param service ftp or email
     * \param perHour its default rate
     * \param hours how long it runs
     * \param segmentSize the generator's SegmentSize (0: TcpSocket's)
     */
    GprsBurstTrafficTestCase(const std::string& service,
                             double perHour,
                             double hours,
                             uint32_t segmentSize)
        : GprsTrafficTestCase(
              service + " arrivals and sizes have the model's means" +
              (segmentSize != 0 ? ", SegmentSize " + std::to_string(segmentSize) : std::string())),
          m_service(service),
          m_perHour(perHour),
          m_hours(hours),
          m_segmentSize(segmentSize)
    {
    }

  private:
    void DoRun() override
    {
        TrafficRun run;
        RunTraffic(m_service, m_hours, m_segmentSize, true, run);
        CheckSessions(run, m_perHour, m_hours);
        NS_TEST_EXPECT_MSG_EQ(run.observed.datagramsPerPacketCall.n,
                              run.sessions,
                              "one packet call per " << m_service << " session");
        CheckPacketCalls(run);
    }

    std::string m_service;  //!< the service
    double m_perHour;       //!< its rate
    double m_hours;         //!< how long it runs
    uint32_t m_segmentSize; //!< the generator's SegmentSize
};

/// FTP files to a mobile that does not listen: each connection fails (ns-3.37's TCP discards
/// the mobile's RST, whose segment lacks the timestamp option, so the SYN retries run out), and
/// the server still lets it go.
class GprsRefusedTrafficTestCase : public GprsTrafficTestCase
{
  public:
    GprsRefusedTrafficTestCase()
        : GprsTrafficTestCase("ftp to a mobile that refuses: the server keeps nothing")
    {
    }

  private:
    void DoRun() override
    {
        TrafficRun run;
        RunTraffic("ftp", 100, 0, false, run);
        NS_TEST_EXPECT_MSG_GT(run.packetCalls, 0, "files sent");
        NS_TEST_EXPECT_MSG_EQ(run.accepted, 0, "no connection accepted");
        NS_TEST_EXPECT_MSG_EQ(run.delivered, 0, "nothing delivered");
        CheckServerReleased(run);
    }
};

/**
 * FTP files to a mobile whose receive window, 6 segments, bounds the server's flight, without
 * SACK, over a link that loses segments. Before ns-3.41 such a sender (ns-3's TcpSocketBase)
 * is offered an empty segment by TcpTxBuffer::NextSeg once its flight fills the window while
 * some of it is marked lost or taken as received by a duplicate ACK, and crashes (ns-3 issue
 * #991); the generator's GprsGuardedTcpSocket holds that segment back. Every file arrives.
 */
class GprsWindowLimitedTrafficTestCase : public GprsTrafficTestCase
{
  public:
    GprsWindowLimitedTrafficTestCase()
        : GprsTrafficTestCase("FTP to a window-limited mobile without SACK, with losses")
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t mss = 1460;
        constexpr uint32_t window = 6 * mss;
        uint64_t dropped = 0;
        uint64_t fromMobile = 0;
        uint64_t sackOffered = 0;
        uint32_t largestWindow = 0;
        const MobileSetUp setUp = [&](Ptr<NetDevice> device, Ptr<GprsTrafficSink> sink) {
            const Ptr<RateErrorModel> loss = CreateObject<RateErrorModel>();
            loss->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
            loss->SetRate(0.02);
            loss->AssignStreams(2);
            device->SetAttribute("ReceiveErrorModel", PointerValue(loss));
            device->TraceConnectWithoutContext(
                "PhyRxDrop",
                MakeCallback(+[](uint64_t* n, Ptr<const Packet>) { ++*n; }).Bind(&dropped));
            device->TraceConnectWithoutContext(
                "MacTx",
                MakeCallback(&CountSegment).Bind(&fromMobile, &sackOffered, &largestWindow));
            // The sink starts at 0 s; the generator's first connection comes later.
            Simulator::Schedule(NanoSeconds(1), [sink]() {
                const Ptr<Socket> listener = sink->GetListeningSocket();
                listener->SetAttribute("Sack", BooleanValue(false));
                listener->SetAttribute("RcvBufSize", UintegerValue(window));
            });
        };
        TrafficRun run;
        RunTraffic("ftp", 300, mss, true, run, setUp);
        NS_TEST_EXPECT_MSG_GT(run.packetCalls, 100, "files sent");
        NS_TEST_EXPECT_MSG_GT(dropped, 0, "segments lost towards the mobile");
        NS_TEST_EXPECT_MSG_GT(fromMobile, 0, "segments from the mobile seen");
        NS_TEST_EXPECT_MSG_EQ(sackOffered, 0, "the mobile offers no SACK");
        NS_TEST_EXPECT_MSG_EQ(largestWindow, window, "the mobile offers 6 segments at most");
        CheckDelivered(run);
    }

    /**
     * MacTx sink of the mobile's device: count its TCP segments, those with a SACK option,
     * and note the largest window offered.
     * \param segments segments seen
     * \param sack segments with SACK-permitted or SACK
     * \param largest largest window offered, octets
     * \param packet a PPP frame of an IPv4 packet the mobile sends
     */
    static void CountSegment(uint64_t* segments,
                             uint64_t* sack,
                             uint32_t* largest,
                             Ptr<const Packet> packet)
    {
        const Ptr<Packet> copy = packet->Copy();
        PppHeader ppp;
        copy->RemoveHeader(ppp);
        Ipv4Header ip;
        copy->RemoveHeader(ip);
        TcpHeader tcp;
        copy->PeekHeader(tcp);
        ++*segments;
        if (tcp.HasOption(TcpOption::SACKPERMITTED) || tcp.HasOption(TcpOption::SACK))
        {
            ++*sack;
        }
        *largest = std::max<uint32_t>(*largest, tcp.GetWindowSize());
    }
};

/// The traffic generators.
class GprsTrafficTestSuite : public GprsTestSuite
{
  public:
    GprsTrafficTestSuite()
        : GprsTestSuite("gprs-traffic")
    {
        Add<GprsWwwTrafficTestCase>();
        AddMade([]() { return new GprsBurstTrafficTestCase("ftp", 6, 1000, 0); });
        AddMade([]() { return new GprsBurstTrafficTestCase("email", 5, 1000, 0); });
        // SendWhole's other way of writing: a segment at most, cut to the send buffer's room.
        AddMade([]() { return new GprsBurstTrafficTestCase("email", 5, 200, 536); });
        Add<GprsRefusedTrafficTestCase>();
        Add<GprsWindowLimitedTrafficTestCase>();
    }
};

GprsTrafficTestSuite g_gprsTrafficTestSuite; //!< registers the suite

} // namespace
