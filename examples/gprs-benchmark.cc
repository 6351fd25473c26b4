/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Benchmark of the simulator's own cost: wall-clock time, events and radio blocks per wall
// second of GPRS scenarios, against an ns-3 point-to-point link carrying the same TCP transfer.
//
//   server --(Internet link)-- GGSN ==(GPRS cells, or one point-to-point link)== mobiles
//
// (one such site per --cellsPerGgsn cells in the scale part). Prints one CSV table (header
// first) on stdout and progress on stderr. Every measured run executes in a child process
// (fork) so that its peak memory is its own; see --help and doc/gprs-benchmark.rst.inc.

#include "common/example-option-text.h"
#include "common/example-options.h"
#include "common/example-statistics.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <tuple>
#include <unistd.h>
#include <vector>

using namespace ns3;

// The CMake build type, passed by examples/CMakeLists.txt.
#ifndef GPRS_BUILD_TYPE
#define GPRS_BUILD_TYPE "unknown"
#endif

namespace
{

/// \return the default value of attribute \p name of \p tid
template <typename V>
auto
DefaultOf(TypeId tid, const std::string& name)
{
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_UNLESS(tid.LookupAttributeByName(name, &info),
                        tid.GetName() << " has no attribute " << name);
    return DynamicCast<const V>(info.initialValue)->Get();
}

/// Everything the command line sets.
struct Options
{
    std::string parts{"all"};             //!< parts to run
    uint32_t repeats{5};                  //!< runs per p2p/idle configuration (median reported)
    bool fork{true};                      //!< run each measurement in a child process
    bool callgrind{false};                //!< count instructions under valgrind's callgrind
    std::string cs{"CS-2"};               //!< coding scheme of every cell
    std::string ci{"24"};                 //!< C/I of every mobile (good: CS-2 BLER near 0)
    uint32_t msClass{8};                  //!< multislot class of every mobile
    uint32_t mss{1400};                   //!< TCP segment size
    DataRate internetRate{"100Mbps"};     //!< server-GGSN link rate (never the bottleneck)
    Time internetDelay{MilliSeconds(50)}; //!< server-GGSN one-way delay
    // Part p2p
    uint32_t bytes{2000000}; //!< bytes of the TCP download
    uint32_t p2pPdchs{4};    //!< PDCHs of the cell
    /// One-way delay of the point-to-point link: by default the GPRS core network's.
    Time p2pDelay{DefaultOf<TimeValue>(GprsBssNetDevice::GetTypeId(), "CoreNetworkDelay")};
    uint32_t p2pIdleMobiles{0}; //!< > 0: also the GPRS download among this many idle mobiles
    // Part scale
    std::vector<uint32_t> cells{1, 10, 100}; //!< cells per configuration
    std::vector<uint32_t> mobiles{20};       //!< mobiles per cell per configuration
    uint32_t scalePdchs{8};                  //!< PDCHs per cell
    uint32_t cellsPerGgsn{10};               //!< cells per GGSN (and server), 0: all on one
    Time scaleTime{Seconds(120)};            //!< simulated time per configuration
    uint32_t scaleRepeats{1};                //!< runs per scale configuration
    uint32_t scaleCells{500};                //!< cells of the busy network, 0: none
    uint32_t scaleMobiles{10000};            //!< mobiles of the busy network, all cells
    Time scaleDuration{Seconds(3600)};       //!< simulated time of the busy network
    // Part idle
    uint32_t idleMobiles{20};     //!< mobiles of the idle cell
    Time idleTime{Seconds(3600)}; //!< simulated time of the cell without traffic
    uint32_t bursts{20};          //!< traffic bursts of the idle-gap comparison
    uint32_t burstPackets{10};    //!< downlink packets per mobile per burst
    Time burstGap{Seconds(60)};   //!< time between bursts (short case)
    uint32_t gapFactor{10};       //!< long case: gaps this many times longer
};

/// What one measured run reports (plain data: it crosses a pipe from the child process).
struct Result
{
    double simS{0};           //!< simulated seconds at the end of the run
    double setupWallS{0};     //!< wall seconds to build the scenario
    double wallS{0};          //!< wall seconds of Simulator::Run()
    double cpuS{0};           //!< CPU seconds of the process during Simulator::Run()
    uint64_t events{0};       //!< events executed by Simulator::Run() (benchmark's own excluded)
    uint64_t radioBlocks{0};  //!< radio blocks, all cells
    uint64_t blockPeriods{0}; //!< block periods, summed over cells
    uint64_t rxBytes{0};      //!< application bytes received, all sinks
    long peakRssKib{0};       //!< peak resident memory of the run's process
    uint64_t instructions{0}; //!< instructions in Simulator::Run() (--callgrind), else 0
};

/// Median and range of a ratio over repeated runs.
struct Spread
{
    double median{-1}; //!< median, < 0: none
    double min{-1};    //!< smallest
    double max{-1};    //!< largest
};

/// \return the median and range of \p values (none if empty)
Spread
SpreadOf(std::vector<double> values)
{
    Spread s;
    if (values.empty())
    {
        return s;
    }
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    s.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    s.min = values.front();
    s.max = values.back();
    return s;
}

/// One CSV row: a configuration and its (median) result.
struct Row
{
    std::string part;      //!< p2p, scale or idle
    std::string name;      //!< what was simulated
    uint32_t cells{0};     //!< GPRS cells
    uint32_t ggsns{1};     //!< GGSNs (sites) the cells are spread over
    uint32_t mobiles{0};   //!< mobiles per cell (or on the link)
    uint32_t pdchs{0};     //!< PDCHs per cell
    uint32_t runs{0};      //!< runs the median is taken over
    Result r;              //!< the median run (peak memory: the largest of the runs)
    Spread wallRatio;      //!< wall time ratio against the reference, per run pair
    Spread cpuRatio;       //!< CPU time ratio against the reference, per run pair
    Spread instrRatio;     //!< instruction ratio against the reference (--callgrind)
    std::string reference; //!< the case the ratios divide by
};

/// \return a row of configuration \p name of \p part, not measured yet
Row
MakeRow(std::string part, std::string name, uint32_t cells, uint32_t mobiles, uint32_t pdchs)
{
    Row row;
    row.part = std::move(part);
    row.name = std::move(name);
    row.cells = cells;
    row.mobiles = mobiles;
    row.pdchs = pdchs;
    return row;
}

const char* const kCsvHeader =
    "part,case,build,cells,ggsns,mobiles_per_cell,pdchs,runs,sim_s,setup_wall_s,wall_s,cpu_s,"
    "events,"
    "events_per_wall_s,radio_blocks,block_periods,radio_blocks_per_wall_s,"
    "radio_blocks_per_cpu_s,rx_bytes,peak_rss_kib,instructions,wall_ratio,wall_ratio_min,"
    "wall_ratio_max,cpu_ratio,cpu_ratio_min,cpu_ratio_max,instr_ratio,ratio_vs";

/// \return build type and the compile-time switches that change the cost of the code
std::string
BuildDescription()
{
    std::string d = GPRS_BUILD_TYPE;
#ifdef __OPTIMIZE__
    d += "+optimized";
#endif
#ifdef NS3_LOG_ENABLE
    d += "+log";
#endif
#ifdef NS3_ASSERT_ENABLE
    d += "+assert";
#endif
    return d;
}

void
PrintRow(const Row& row)
{
    const double wall = row.r.wallS;
    const double cpu = row.r.cpuS;
    std::ostringstream o;
    o << std::fixed << row.part << "," << row.name << "," << BuildDescription() << "," << row.cells
      << "," << row.ggsns << "," << row.mobiles << "," << row.pdchs << "," << row.runs << ","
      << std::setprecision(3) << row.r.simS << "," << row.r.setupWallS << ","
      << std::setprecision(4) << wall << "," << cpu << "," << row.r.events << ","
      << std::setprecision(0) << (wall > 0 ? row.r.events / wall : 0) << "," << row.r.radioBlocks
      << "," << row.r.blockPeriods << "," << (wall > 0 ? row.r.radioBlocks / wall : 0) << ","
      << (cpu > 0 ? row.r.radioBlocks / cpu : 0) << "," << row.r.rxBytes << "," << row.r.peakRssKib
      << "," << row.r.instructions << std::setprecision(3);
    for (const double v : {row.wallRatio.median,
                           row.wallRatio.min,
                           row.wallRatio.max,
                           row.cpuRatio.median,
                           row.cpuRatio.min,
                           row.cpuRatio.max,
                           row.instrRatio.median})
    {
        o << ",";
        if (v >= 0)
        {
            o << v;
        }
    }
    o << "," << row.reference << "\n";
    std::cout << o.str() << std::flush;
}

double
SecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// ---------------------------------------------------------------------------------------------
// Topology

/**
 * Sites of server -- Internet link -- GGSN -- access network(s) -- mobiles. Every GGSN has its
 * own server: the sites share nothing but the simulator.
 */
struct Topology
{
    NodeContainer servers;                  //!< one Internet server per site
    NodeContainer ggsns;                    //!< one GGSN (or point-to-point router) per site
    NodeContainer mobiles;                  //!< all mobiles
    std::vector<Ipv4Address> serverAddress; //!< one per site
    std::vector<Ipv4Address> mobileAddress; //!< one per mobile
    std::vector<uint32_t> mobileSite;       //!< the site of each mobile
    std::vector<Ptr<GprsPcu>> pcus;         //!< one per cell
};

/// \p sites sites and \p mobiles mobiles: nodes, Internet stack, Internet links, servers' routes.
Topology
CreateSites(const Options& o, uint32_t sites, uint32_t mobiles)
{
    Topology t;
    t.servers.Create(sites);
    t.ggsns.Create(sites);
    t.mobiles.Create(mobiles);
    InternetStackHelper stack;
    stack.Install(t.servers);
    stack.Install(t.ggsns);
    stack.Install(t.mobiles);
    PointToPointHelper internet;
    internet.SetDeviceAttribute("DataRate", DataRateValue(o.internetRate));
    internet.SetChannelAttribute("Delay", TimeValue(o.internetDelay));
    Ipv4StaticRoutingHelper routing;
    for (uint32_t s = 0; s < sites; ++s)
    {
        // One /30 per Internet link from 172.16.0.0: room for 2^18 sites.
        Ipv4AddressHelper address(Ipv4Address((172U << 24) + (16U << 16) + 4 * s),
                                  "255.255.255.252");
        const NetDeviceContainer devices = internet.Install(t.servers.Get(s), t.ggsns.Get(s));
        const Ipv4InterfaceContainer ifs = address.Assign(devices);
        // No queue disc, as GprsScenarioHelper's Internet link (and the access links below).
        TrafficControlHelper().Uninstall(devices);
        t.serverAddress.push_back(ifs.GetAddress(0));
        routing.GetStaticRouting(t.servers.Get(s)->GetObject<Ipv4>())
            ->SetDefaultRoute(ifs.GetAddress(1), 1);
    }
    return t;
}

/**
 * Give the mobiles from index \p first, attached to \p devices (the GGSN side first) at site
 * \p site, addresses in the \p net-th /16 after 10.0/16, and route them via the GGSN.
 */
void
AddressAccess(Topology& t,
              const NetDeviceContainer& devices,
              uint32_t site,
              uint32_t net,
              uint32_t first)
{
    // 10.0.0.0 + net * 2^16: 10.1/16, 10.2/16, ... then 11.0/16 and on for many cells.
    Ipv4AddressHelper address(Ipv4Address((10U << 24) + (net << 16)), "255.255.0.0");
    const Ipv4InterfaceContainer ifs = address.Assign(devices);
    GprsHelper::ActivatePdpContexts(devices); // none on a point-to-point access link
    Ipv4StaticRoutingHelper routing;
    for (uint32_t i = 1; i < devices.GetN(); ++i)
    {
        t.mobileAddress.push_back(ifs.GetAddress(i));
        t.mobileSite.push_back(site);
        routing.GetStaticRouting(t.mobiles.Get(first + i - 1)->GetObject<Ipv4>())
            ->SetDefaultRoute(ifs.GetAddress(0), 1);
    }
}

/// \return a cell helper for the benchmark's radio settings
GprsHelper
MakeCellHelper(const Options& o, uint32_t pdchs)
{
    GprsHelper gprs;
    gprs.SetPcuAttribute("NumberOfPdchs", UintegerValue(pdchs));
    const std::string la = "ns3::GprsFixedLinkAdaptation[CodingScheme=" + o.cs + "]";
    gprs.SetPcuAttribute("DownlinkLinkAdaptation", StringValue(la));
    gprs.SetPcuAttribute("UplinkLinkAdaptation", StringValue(la));
    gprs.SetMsDeviceAttribute("MultislotClass", UintegerValue(o.msClass));
    gprs.SetMsDeviceAttribute("RadioConditions", StringValue(o.ci));
    return gprs;
}

/// \return the number of sites (GGSNs) for \p cells cells of at most \p perGgsn (0: no limit)
uint32_t
SiteCount(uint32_t cells, uint32_t perGgsn)
{
    return perGgsn == 0 ? 1 : (cells + perGgsn - 1) / perGgsn;
}

/// \p cells GPRS cells of \p perCell mobiles each, \p perGgsn cells (0: all) per GGSN.
Topology
CreateGprs(const Options& o, uint32_t cells, uint32_t perCell, uint32_t pdchs, uint32_t perGgsn)
{
    Topology t = CreateSites(o, SiteCount(cells, perGgsn), cells * perCell);
    const GprsHelper gprs = MakeCellHelper(o, pdchs);
    for (uint32_t c = 0; c < cells; ++c)
    {
        const uint32_t site = perGgsn == 0 ? 0 : c / perGgsn;
        NodeContainer mobiles;
        for (uint32_t i = 0; i < perCell; ++i)
        {
            mobiles.Add(t.mobiles.Get(c * perCell + i));
        }
        const NetDeviceContainer devices = gprs.Install(t.ggsns.Get(site), mobiles);
        gprs.AssignStreams(devices, 1000 + 10 * c);
        t.pcus.push_back(GprsHelper::GetPcu(devices));
        AddressAccess(t, devices, site, c + 1, c * perCell);
    }
    return t;
}

/// One mobile behind a point-to-point link of \p rate and \p delay, queue as the GGSN buffer.
Topology
CreateP2p(const Options& o, DataRate rate, Time delay)
{
    Topology t = CreateSites(o, 1, 1);
    const uint32_t buffer = DefaultOf<UintegerValue>(GprsPcu::GetTypeId(), "DownlinkBufferBytes");
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", DataRateValue(rate));
    access.SetChannelAttribute("Delay", TimeValue(delay));
    access.SetQueue("ns3::DropTailQueue<Packet>",
                    "MaxSize",
                    QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, buffer)));
    const NetDeviceContainer devices = access.Install(t.ggsns.Get(0), t.mobiles.Get(0));
    AddressAccess(t, devices, 0, 1, 0);
    // Like the GPRS devices (no queue interface, so no queue disc), queue only in the device.
    TrafficControlHelper().Uninstall(devices);
    return t;
}

/// Run the simulation until \p stop (or Simulator::Stop()) and fill \p r.
void
RunAndMeasure(const Topology& t, Time stop, Result& r)
{
    if (stop.IsStrictlyPositive())
    {
        Simulator::Stop(stop);
    }
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpuStart = std::clock();
    Simulator::Run();
    r.wallS = SecondsSince(start);
    r.cpuS = static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    r.simS = Simulator::Now().GetSeconds();
    r.events = Simulator::GetEventCount();
    for (const auto& pcu : t.pcus)
    {
        r.radioBlocks += pcu->GetRadioBlocks();
        r.blockPeriods += pcu->GetBlockPeriods();
    }
}

uint64_t
SinkBytes(const ApplicationContainer& sinks)
{
    uint64_t total = 0;
    for (auto it = sinks.Begin(); it != sinks.End(); ++it)
    {
        total += DynamicCast<PacketSink>(*it)->GetTotalRx();
    }
    return total;
}

// ---------------------------------------------------------------------------------------------
// Part p2p: one TCP download over GPRS and over a point-to-point link

/// \return the nominal downlink rate of the GPRS cell for one mobile (timeslots x CS rate)
DataRate
NominalGprsRate(const Options& o)
{
    const GprsTbfTimeslots ts =
        GprsAssignTbfTimeslots(static_cast<int>(o.msClass), static_cast<int>(o.p2pPdchs));
    const double perPdch = GetGprsCodingSchemeInfo(ParseGprsCodingScheme(o.cs)).dataRateBps;
    return DataRate(static_cast<uint64_t>(ts.downlinkTbf.downlink.count() * perPdch));
}

/// Download o.bytes from the server to the single mobile of \p build's topology.
Result
RunTransfer(const Options& o, const std::function<Topology()>& build)
{
    Result r;
    const auto start = std::chrono::steady_clock::now();
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(o.mss));
    const Topology t = build();
    const uint16_t port = 5000;
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    const ApplicationContainer sink = sinkHelper.Install(t.mobiles.Get(0));
    // Stop the simulation with the last byte, so both runs simulate exactly the transfer.
    uint64_t received = 0;
    sink.Get(0)->TraceConnectWithoutContext(
        "Rx",
        MakeCallback(+[](uint64_t* received, uint64_t total, Ptr<const Packet> p, const Address&) {
            *received += p->GetSize();
            if (*received >= total)
            {
                Simulator::Stop();
            }
        }).Bind(&received, static_cast<uint64_t>(o.bytes)));
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(t.mobileAddress[0], port));
    bulk.SetAttribute("MaxBytes", UintegerValue(o.bytes));
    bulk.SetAttribute("SendSize", UintegerValue(o.mss));
    bulk.Install(t.servers.Get(0));
    r.setupWallS = SecondsSince(start);
    RunAndMeasure(t, Seconds(0), r);
    r.rxBytes = SinkBytes(sink);
    return r;
}

// ---------------------------------------------------------------------------------------------
// Part scale: many cells with mixed traffic

/**
 * Mixed traffic: even mobiles download with TCP (greedy BulkSend); odd mobiles receive on/off
 * UDP bursts (exponential on 2 s / off 8 s at 32 kbit/s, 500-byte packets) and send a 100-byte
 * UDP packet every 5 s, all with the server of their site. Start times are spread over the
 * first second.
 * \return the sinks, mobiles' and servers'
 */
ApplicationContainer
InstallMixedTraffic(const Options& o, const Topology& t, Time stop)
{
    const uint16_t tcpPort = 5000;
    const uint16_t udpDownPort = 6000;
    const uint16_t udpUpPort = 7000;
    ApplicationContainer sinks;
    PacketSinkHelper udpUp("ns3::UdpSocketFactory",
                           InetSocketAddress(Ipv4Address::GetAny(), udpUpPort));
    sinks.Add(udpUp.Install(t.servers));
    const Ptr<UniformRandomVariable> startRv = CreateObject<UniformRandomVariable>();
    startRv->SetStream(1);
    PacketSinkHelper tcpSink("ns3::TcpSocketFactory",
                             InetSocketAddress(Ipv4Address::GetAny(), tcpPort));
    PacketSinkHelper udpSink("ns3::UdpSocketFactory",
                             InetSocketAddress(Ipv4Address::GetAny(), udpDownPort));
    for (uint32_t i = 0; i < t.mobiles.GetN(); ++i)
    {
        const Ptr<Node> mobile = t.mobiles.Get(i);
        const Ptr<Node> server = t.servers.Get(t.mobileSite[i]);
        const Time start = Seconds(startRv->GetValue(0, 1));
        ApplicationContainer apps;
        if (i % 2 == 0)
        {
            sinks.Add(tcpSink.Install(mobile));
            BulkSendHelper bulk("ns3::TcpSocketFactory",
                                InetSocketAddress(t.mobileAddress[i], tcpPort));
            bulk.SetAttribute("SendSize", UintegerValue(o.mss));
            apps.Add(bulk.Install(server));
        }
        else
        {
            sinks.Add(udpSink.Install(mobile));
            OnOffHelper onOff("ns3::UdpSocketFactory",
                              InetSocketAddress(t.mobileAddress[i], udpDownPort));
            onOff.SetAttribute("OnTime", StringValue("ns3::ExponentialRandomVariable[Mean=2]"));
            onOff.SetAttribute("OffTime", StringValue("ns3::ExponentialRandomVariable[Mean=8]"));
            onOff.SetAttribute("DataRate", DataRateValue(DataRate("32kbps")));
            onOff.SetAttribute("PacketSize", UintegerValue(500));
            apps.Add(onOff.Install(server));
            UdpClientHelper up(t.serverAddress[t.mobileSite[i]], udpUpPort);
            up.SetAttribute("Interval", TimeValue(Seconds(5)));
            up.SetAttribute("PacketSize", UintegerValue(100));
            up.SetAttribute("MaxPackets", UintegerValue(0));
            apps.Add(up.Install(mobile));
        }
        apps.Start(start);
        apps.Stop(stop);
    }
    return sinks;
}

/// Progress of a long run: a check every hundredth of the simulated time.
struct Progress
{
    Time step;                                   //!< simulated time between checks
    Time stop;                                   //!< end of the run
    std::chrono::steady_clock::time_point start; //!< wall clock at Simulator::Run()
    double lastReportS{0};                       //!< wall seconds of the last line
    uint64_t events{0};                          //!< checks executed (not the model's events)
};

/// A line on stderr when 5 wall seconds passed since the last one.
void
CheckProgress(Progress* p)
{
    ++p->events;
    const double wall = SecondsSince(p->start);
    if (wall - p->lastReportS >= 5)
    {
        p->lastReportS = wall;
        std::cerr << "\n[gprs-benchmark]   t=" << std::fixed << std::setprecision(1)
                  << Simulator::Now().GetSeconds() << "/" << p->stop.GetSeconds() << " s after "
                  << wall << " s wall" << std::flush;
    }
    if (Simulator::Now() + p->step < p->stop)
    {
        Simulator::Schedule(p->step, &CheckProgress, p);
    }
}

Result
RunScale(const Options& o, uint32_t cells, uint32_t perCell)
{
    Result r;
    const auto start = std::chrono::steady_clock::now();
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(o.mss));
    const Topology t = CreateGprs(o, cells, perCell, o.scalePdchs, o.cellsPerGgsn);
    const ApplicationContainer sinks = InstallMixedTraffic(o, t, o.scaleTime);
    r.setupWallS = SecondsSince(start);
    Progress progress{o.scaleTime / 100, o.scaleTime, std::chrono::steady_clock::now()};
    Simulator::Schedule(progress.step, &CheckProgress, &progress);
    RunAndMeasure(t, o.scaleTime, r);
    r.events -= progress.events;
    r.rxBytes = SinkBytes(sinks);
    return r;
}

/**
 * The busy network: o.scaleMobiles mobiles in o.scaleCells cells, each mobile a background user
 * of the busy-cell mix of rendon-proxies (GprsTrafficHelper: half e-mail, 30 % WWW, 20 % FTP,
 * by mobile index), for o.scaleDuration, with progress on stderr.
 */
Result
RunBusy(const Options& o)
{
    Result r;
    const auto start = std::chrono::steady_clock::now();
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(o.mss));
    const uint32_t perCell = o.scaleMobiles / o.scaleCells;
    const Topology t = CreateGprs(o, o.scaleCells, perCell, o.scalePdchs, o.cellsPerGgsn);
    const uint16_t port = 8000;
    std::vector<Ptr<GprsTrafficSink>> sinks;
    int64_t stream = 1;
    for (uint32_t i = 0; i < t.mobiles.GetN(); ++i)
    {
        // Of every 10 users: 5 e-mail, 3 WWW, 2 FTP (rendon-proxies' BackgroundServices).
        const uint32_t k = i % 10;
        const std::string service = k < 5 ? "email" : (k < 8 ? "www" : "ftp");
        const GprsTrafficApps apps =
            GprsTrafficHelper(service).Install(t.servers.Get(t.mobileSite[i]),
                                               t.mobiles.Get(i),
                                               t.mobileAddress[i],
                                               port);
        stream += apps.generator->AssignStreams(stream);
        apps.generator->SetStopTime(o.scaleDuration);
        sinks.push_back(apps.sink);
    }
    r.setupWallS = SecondsSince(start);
    Progress progress{o.scaleDuration / 100, o.scaleDuration, std::chrono::steady_clock::now()};
    Simulator::Schedule(progress.step, &CheckProgress, &progress);
    RunAndMeasure(t, o.scaleDuration, r);
    r.events -= progress.events;
    for (const auto& sink : sinks)
    {
        r.rxBytes += sink->GetTotalRx();
    }
    return r;
}

// ---------------------------------------------------------------------------------------------
// Part idle: no traffic, and the same traffic spread over short and long idle gaps

/// One burst: the server sends burstPackets 500-byte UDP packets to every mobile, and every
/// mobile sends two 100-byte UDP packets to the server.
void
Burst(uint32_t packets,
      Ptr<Socket> server,
      std::vector<Ptr<Socket>> mobiles,
      std::vector<Ipv4Address> mobileAddress,
      Ipv4Address serverAddress)
{
    const uint16_t downPort = 6000;
    const uint16_t upPort = 7000;
    for (uint32_t i = 0; i < mobiles.size(); ++i)
    {
        for (uint32_t k = 0; k < packets; ++k)
        {
            server->SendTo(Create<Packet>(500), 0, InetSocketAddress(mobileAddress[i], downPort));
        }
        for (uint32_t k = 0; k < 2; ++k)
        {
            mobiles[i]->SendTo(Create<Packet>(100), 0, InetSocketAddress(serverAddress, upPort));
        }
    }
}

/// A cell of o.idleMobiles; with \p gap > 0, o.bursts bursts every \p gap from 1 s.
Result
RunIdle(const Options& o, Time gap, Time stop)
{
    Result r;
    const auto start = std::chrono::steady_clock::now();
    const Topology t = CreateGprs(o, 1, o.idleMobiles, o.scalePdchs, 1);
    ApplicationContainer sinks;
    if (gap.IsStrictlyPositive())
    {
        PacketSinkHelper down("ns3::UdpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), 6000));
        sinks.Add(down.Install(t.mobiles));
        PacketSinkHelper up("ns3::UdpSocketFactory",
                            InetSocketAddress(Ipv4Address::GetAny(), 7000));
        sinks.Add(up.Install(t.servers));
        const TypeId udp = UdpSocketFactory::GetTypeId();
        std::vector<Ptr<Socket>> mobileSockets;
        for (uint32_t i = 0; i < t.mobiles.GetN(); ++i)
        {
            mobileSockets.push_back(Socket::CreateSocket(t.mobiles.Get(i), udp));
        }
        const Ptr<Socket> serverSocket = Socket::CreateSocket(t.servers.Get(0), udp);
        for (uint32_t b = 0; b < o.bursts; ++b)
        {
            Simulator::Schedule(Seconds(1) + gap * b,
                                &Burst,
                                o.burstPackets,
                                serverSocket,
                                mobileSockets,
                                t.mobileAddress,
                                t.serverAddress[0]);
        }
    }
    r.setupWallS = SecondsSince(start);
    RunAndMeasure(t, stop, r);
    r.rxBytes = SinkBytes(sinks);
    return r;
}

// ---------------------------------------------------------------------------------------------
// Measurement plumbing

/// Set (to a directory for its output files) in the program --callgrind runs under callgrind.
const char* const kCallgrindDirEnv = "GPRS_BENCHMARK_CALLGRIND_DIR";

/**
 * \param pid a child process that ran under callgrind and has exited
 * \return the instructions it executed inside Simulator::Run() (the only function collected),
 *         0 when not under callgrind; its output file is removed
 */
uint64_t
CallgrindInstructions(pid_t pid)
{
    const char* dir = std::getenv(kCallgrindDirEnv);
    if (!dir)
    {
        return 0;
    }
    const std::string path = std::string(dir) + "/callgrind.out." + std::to_string(pid);
    std::ifstream in(path);
    std::string line;
    uint64_t instructions = 0;
    bool found = false;
    while (std::getline(in, line))
    {
        if (line.rfind("summary: ", 0) == 0)
        {
            instructions = std::stoull(line.substr(9));
            found = true;
        }
    }
    NS_ABORT_MSG_UNLESS(found, "no instruction count in callgrind output " << path);
    std::remove(path.c_str());
    return instructions;
}

/**
 * --callgrind: run this program again (with \p argv, which must not ask for --callgrind) under
 * valgrind --tool=callgrind, collecting only inside ns3::Simulator::Run(), one output file per
 * process in a scratch directory that is removed afterwards.
 * \return the exit status for main()
 */
int
RunUnderCallgrind(char* argv[])
{
    char dir[] = "/tmp/gprs-benchmark-XXXXXX";
    NS_ABORT_MSG_UNLESS(mkdtemp(dir), "mkdtemp: " << std::strerror(errno));
    std::vector<std::string> args{"valgrind",
                                  "--tool=callgrind",
                                  "--quiet",
                                  "--toggle-collect=ns3::Simulator::Run()",
                                  std::string("--callgrind-out-file=") + dir + "/callgrind.out.%p",
                                  std::filesystem::read_symlink("/proc/self/exe").string()};
    for (int i = 1; argv[i]; ++i)
    {
        args.emplace_back(argv[i]);
    }
    std::vector<char*> cargs;
    for (auto& a : args)
    {
        cargs.push_back(a.data());
    }
    cargs.push_back(nullptr);
    std::cout.flush();
    const pid_t pid = fork();
    NS_ABORT_MSG_IF(pid < 0, "fork: " << std::strerror(errno));
    if (pid == 0)
    {
        setenv(kCallgrindDirEnv, dir, 1);
        execvp("valgrind", cargs.data());
        std::cerr << "error: --callgrind needs valgrind on the PATH (Debian package valgrind): "
                  << std::strerror(errno) << "\n";
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    // The program's own (top) process leaves an empty count behind.
    std::filesystem::remove_all(dir);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

/**
 * Run \p fn, in a child process when o.fork (its peak memory is then its own: the parent
 * never simulates), and return its result with the peak resident memory.
 */
Result
Measure(const Options& o, const std::function<Result()>& fn)
{
    auto finish = [](Result r) {
        Simulator::Destroy();
        return r;
    };
    if (!o.fork)
    {
        Result r = finish(fn());
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        r.peakRssKib = usage.ru_maxrss;
        return r;
    }
    int fds[2];
    NS_ABORT_MSG_IF(pipe(fds) != 0, "pipe: " << std::strerror(errno));
    std::cout.flush();
    const pid_t pid = fork();
    NS_ABORT_MSG_IF(pid < 0, "fork: " << std::strerror(errno));
    if (pid == 0)
    {
        close(fds[0]);
        const Result r = finish(fn());
        const bool ok = write(fds[1], &r, sizeof(r)) == static_cast<ssize_t>(sizeof(r));
        _exit(ok ? 0 : 1); // no atexit handlers, no second flush of the parent's buffers
    }
    close(fds[1]);
    Result r;
    const bool got = read(fds[0], &r, sizeof(r)) == static_cast<ssize_t>(sizeof(r));
    close(fds[0]);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    NS_ABORT_MSG_UNLESS(got && WIFEXITED(status) && WEXITSTATUS(status) == 0,
                        "a benchmark run failed (child status " << status << ")");
    r.peakRssKib = usage.ru_maxrss;
    r.instructions = CallgrindInstructions(pid);
    return r;
}

/// Run \p fn once (run \p i of \p runs of \p row) with a progress line on stderr.
Result
MeasureOne(const Options& o,
           const Row& row,
           uint32_t i,
           uint32_t runs,
           const std::function<Result()>& fn)
{
    std::cerr << "[gprs-benchmark] " << row.part << " " << row.name << " (" << row.cells
              << " cells x " << row.mobiles << " mobiles), run " << i + 1 << "/" << runs << " ..."
              << std::flush;
    const Result r = Measure(o, fn);
    std::cerr << " " << std::fixed << std::setprecision(3) << r.wallS << " s wall, " << r.cpuS
              << " s CPU, " << r.events << " events";
    if (r.instructions > 0)
    {
        std::cerr << ", " << r.instructions << " instructions";
    }
    std::cerr << "\n";
    return r;
}

/**
 * Give \p row the ratios of \p runs to \p references, run i to reference run i, and name the
 * reference case \p reference.
 */
void
SetRatios(Row& row,
          const std::vector<Result>& runs,
          const std::vector<Result>& references,
          const std::string& reference)
{
    std::vector<double> wall;
    std::vector<double> cpu;
    std::vector<double> instr;
    for (std::size_t i = 0; i < runs.size() && i < references.size(); ++i)
    {
        const Result& a = runs[i];
        const Result& b = references[i];
        wall.push_back(b.wallS > 0 ? a.wallS / b.wallS : 0);
        cpu.push_back(b.cpuS > 0 ? a.cpuS / b.cpuS : 0);
        if (b.instructions > 0)
        {
            instr.push_back(static_cast<double>(a.instructions) / b.instructions);
        }
    }
    row.wallRatio = SpreadOf(wall);
    row.cpuRatio = SpreadOf(cpu);
    row.instrRatio = SpreadOf(instr);
    row.reference = reference;
}

/// \return \p row with \p results: the run of median wall time and the largest memory
Row
WithMedian(Row row, std::vector<Result> results)
{
    long peak = 0;
    for (const auto& r : results)
    {
        peak = std::max(peak, r.peakRssKib);
    }
    std::sort(results.begin(), results.end(), [](const Result& a, const Result& b) {
        return a.wallS < b.wallS;
    });
    row.runs = static_cast<uint32_t>(results.size());
    row.r = results[results.size() / 2];
    row.r.peakRssKib = peak;
    return row;
}

/// Measure \p runs times; the row gets the run of median wall time and the largest memory.
Row
MeasureRow(const Options& o, const Row& row, uint32_t runs, const std::function<Result()>& fn)
{
    std::vector<Result> results;
    for (uint32_t i = 0; i < runs; ++i)
    {
        results.push_back(MeasureOne(o, row, i, runs, fn));
    }
    return WithMedian(row, results);
}

void
RunP2pPart(const Options& o)
{
    const DataRate rate = NominalGprsRate(o);
    const Time delay = o.p2pDelay;
    std::cerr << "[gprs-benchmark] p2p: " << o.bytes << " bytes, GPRS " << o.cs << " on "
              << o.p2pPdchs << " PDCHs vs point-to-point " << rate << ", one-way delay "
              << delay.As(Time::MS) << "\n";
    Row gprs = MakeRow("p2p", "gprs-tcp", 1, 1, o.p2pPdchs);
    Row p2p =
        MakeRow("p2p", "p2p-tcp-" + std::to_string(rate.GetBitRate() / 1000) + "kbps", 0, 1, 0);
    const uint32_t idle = o.p2pIdleMobiles;
    Row crowded = MakeRow("p2p", "gprs-tcp-idle" + std::to_string(idle), 1, 1 + idle, o.p2pPdchs);
    // Interleaved (GPRS, point-to-point, GPRS among idle mobiles; again): a load that changes
    // during the invocation affects the runs of a pair alike.
    std::vector<Result> gprsRuns;
    std::vector<Result> p2pRuns;
    std::vector<Result> crowdedRuns;
    for (uint32_t i = 0; i < o.repeats; ++i)
    {
        gprsRuns.push_back(MeasureOne(o, gprs, i, o.repeats, [&o]() {
            return RunTransfer(o, [&o]() { return CreateGprs(o, 1, 1, o.p2pPdchs, 1); });
        }));
        p2pRuns.push_back(MeasureOne(o, p2p, i, o.repeats, [&o, rate, delay]() {
            return RunTransfer(o, [&o, rate, delay]() { return CreateP2p(o, rate, delay); });
        }));
        if (idle > 0)
        {
            // Mobile 0 downloads; the others are attached and never send or receive.
            crowdedRuns.push_back(MeasureOne(o, crowded, i, o.repeats, [&o, idle]() {
                return RunTransfer(o, [&o, idle]() {
                    return CreateGprs(o, 1, 1 + idle, o.p2pPdchs, 1);
                });
            }));
        }
    }
    gprs = WithMedian(gprs, gprsRuns);
    SetRatios(gprs, gprsRuns, p2pRuns, p2p.name);
    PrintRow(gprs);
    PrintRow(WithMedian(p2p, p2pRuns));
    if (idle > 0)
    {
        crowded = WithMedian(crowded, crowdedRuns);
        SetRatios(crowded, crowdedRuns, gprsRuns, gprs.name);
        PrintRow(crowded);
    }
}

void
RunScalePart(const Options& o)
{
    // The busy network first: its row is the part's first (bad-inputs.txt checks its columns).
    if (o.scaleCells > 0)
    {
        Row config =
            MakeRow("scale", "busy", o.scaleCells, o.scaleMobiles / o.scaleCells, o.scalePdchs);
        config.ggsns = SiteCount(o.scaleCells, o.cellsPerGgsn);
        PrintRow(MeasureRow(o, config, 1, [&o]() { return RunBusy(o); }));
    }
    // Increasing size: the log shows early whether the largest one fits the time budget.
    std::vector<std::pair<uint32_t, uint32_t>> configs;
    for (uint32_t c : o.cells)
    {
        for (uint32_t m : o.mobiles)
        {
            configs.emplace_back(c, m);
        }
    }
    std::stable_sort(configs.begin(), configs.end(), [](const auto& a, const auto& b) {
        return a.first * a.second < b.first * b.second;
    });
    for (const auto& [cells, perCell] : configs)
    {
        Row config = MakeRow("scale", "mixed", cells, perCell, o.scalePdchs);
        config.ggsns = SiteCount(cells, o.cellsPerGgsn);
        const Row row =
            MeasureRow(o, config, o.scaleRepeats, [&o, cells = cells, perCell = perCell]() {
                return RunScale(o, cells, perCell);
            });
        PrintRow(row);
    }
}

void
RunIdlePart(const Options& o)
{
    const uint32_t m = o.idleMobiles;
    const uint32_t p = o.scalePdchs;
    // Each comparison: the same thing over an idle time and over gapFactor times as long.
    auto compare =
        [&o, m, p](const std::string& what, const std::function<Result(Time)>& run, Time base) {
            std::vector<Row> rows;
            for (const Time& t : {base, base * o.gapFactor})
            {
                std::ostringstream name;
                name << what << t.GetSeconds() << "s";
                rows.push_back(
                    MeasureRow(o, MakeRow("idle", name.str(), 1, m, p), o.repeats, [&run, t]() {
                        return run(t);
                    }));
            }
            SetRatios(rows[1], {rows[1].r}, {rows[0].r}, rows[0].name);
            PrintRow(rows[0]);
            PrintRow(rows[1]);
        };
    const auto noTraffic = [&o](Time idle) { return RunIdle(o, Seconds(0), idle); };
    compare("no-traffic-", noTraffic, o.idleTime);
    const auto bursts = [&o](Time gap) { return RunIdle(o, gap, Seconds(1) + gap * o.bursts); };
    compare("bursts-gap-", bursts, o.burstGap);
}

/**
 * \param text a comma-separated list of integers
 * \param max the largest allowed
 * \param values receives the list
 * \return whether every item is an integer in [1, max] and there is at least one
 */
bool
ReadList(const std::string& text, uint32_t max, std::vector<uint32_t>& values)
{
    values.clear();
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        const auto v = TryParseGprsNumber(item);
        if (!v || *v != std::floor(*v) || *v < 1 || *v > max)
        {
            return false;
        }
        values.push_back(static_cast<uint32_t>(*v));
    }
    return !values.empty();
}

std::string
JoinList(const std::vector<uint32_t>& values)
{
    std::string s;
    for (uint32_t v : values)
    {
        s += (s.empty() ? "" : ",") + std::to_string(v);
    }
    return s;
}

} // namespace

int
main(int argc, char* argv[])
{
    Options o;
    std::string cells = JoinList(o.cells);
    std::string mobiles = JoinList(o.mobiles);

    ExampleOptions options(
        __FILE__,
        "Measures what the gprs module costs to run. Prints one CSV table (header first) on "
        "stdout, progress on stderr. Parts (--part, comma-separated, or 'all'):\n"
        "  p2p   one mobile downloads --bytes with TCP (BulkSend -> PacketSink) over a GPRS "
        "cell of --pdchs PDCHs (fixed --cs, C/I --ci dB, class --msClass), and the same "
        "transfer over a point-to-point link of the cell's nominal rate (downlink timeslots "
        "x RLC data rate of the CS: 4 x 12 kbit/s = 48 kbit/s for CS-2) with the GPRS core "
        "network delay and a DropTail queue of the GGSN buffer size; same TCP settings, same "
        "Internet link; with --p2pIdleMobiles N also the GPRS download with N idle mobiles "
        "in its cell. The cases run interleaved, --repeats times: rows show the run of median "
        "wall time; wall_ratio, cpu_ratio (and instr_ratio with --callgrind) are the median "
        "over the repeats of GPRS / p2p (and idle-cell / alone), _min and _max their range.\n"
        "  scale --cells x --mobiles cells of --scalePdchs PDCHs, --cellsPerGgsn per GGSN "
        "(each GGSN with its own server), for "
        "--scaleTime: even mobiles run greedy TCP downloads, odd ones on/off UDP downlink "
        "bursts (exp. 2 s on / 8 s off, 32 kbit/s) plus a 100-byte UDP uplink packet every "
        "5 s. Then the busy network: --scaleMobiles mobiles in --scaleCells cells (0: none), "
        "each a background user of rendon-proxies' busy-cell mix (GprsTrafficHelper: of every "
        "10 mobiles 5 e-mail, 3 WWW, 2 FTP, UMTS 30.03 sessions) for --scaleDuration, with "
        "progress on stderr.\n"
        "  idle  a cell of --idleMobiles mobiles without traffic for --idleTime and for "
        "--gapFactor times as long (the same event count shows that idle time costs no "
        "event: all of them are start-up ones); then --bursts bursts (each: "
        "--burstPackets 500-byte UDP packets to every mobile, two 100-byte ones back) every "
        "--burstGap, and the same with gaps --gapFactor times longer: wall_ratio = long / "
        "short, about 1 if cost grows with traffic and not with idle time.\n"
        "Columns: wall_s is the wall-clock time (steady_clock) of Simulator::Run() only, cpu_s "
        "the process CPU time (std::clock) over the same span, setup_wall_s the scenario "
        "construction; instructions (with --callgrind, else 0) those executed inside "
        "Simulator::Run(), counted by callgrind: repeatable on a busy machine; events counts "
        "events executed "
        "(Simulator::GetEventCount(), the benchmark's progress events removed); radio_blocks "
        "and block_periods sum GprsPcu::GetRadioBlocks()/GetBlockPeriods() over cells; "
        "peak_rss_kib is the peak resident memory (ru_maxrss) of the process that ran it: with "
        "--fork (default) every run is a child process of a parent that never simulates, "
        "without it the whole process's peak so far. build is the CMake build type of this "
        "program plus optimized/log/assert when compiled in. Randomness: --RngRun as usual.");
    std::set<std::string> parts;
    options.AddChecked("part",
                       "parts to run",
                       o.parts,
                       "all, or a comma-separated list of p2p, scale, idle",
                       [&parts](const std::string& text) {
                           const std::set<std::string> known{"p2p", "scale", "idle"};
                           parts.clear();
                           std::stringstream list(text);
                           std::string part;
                           while (std::getline(list, part, ','))
                           {
                               if (part == "all")
                               {
                                   parts.insert(known.begin(), known.end());
                               }
                               else if (known.count(part))
                               {
                                   parts.insert(part);
                               }
                               else
                               {
                                   return false;
                               }
                           }
                           return !parts.empty();
                       });
    options.AddFlag("fork", "run every measurement in a child process (own peak memory)", o.fork);
    options.AddFlag("callgrind",
                    "run under valgrind --tool=callgrind and report the instructions executed "
                    "inside Simulator::Run() (needs --fork and valgrind; about 50 times slower)",
                    o.callgrind);
    options.AddCodingScheme("cs", "coding scheme of every cell, fixed", o.cs);
    options.AddRadioConditions("ci", "C/I of every mobile, both directions", o.ci);
    options.AddMultislotClass("multislot class of every mobile", o.msClass);
    options.AddMss("TCP segment size, octets", o.mss);
    options.AddRate("internetRate",
                    "rate of the server-GGSN link",
                    o.internetRate,
                    DataRate("1kbps"),
                    DataRate("100Gbps"));
    options.AddDelay("internetDelay", "one-way delay of the server-GGSN link", o.internetDelay);
    options.AddInteger<uint32_t>("bytes", "p2p: bytes of the TCP download", o.bytes, 1, UINT32_MAX);
    options.AddPdchs("pdchs", "p2p: PDCHs of the cell", o.p2pPdchs);
    options.AddDelay("p2pDelay",
                     "p2p: one-way delay of the point-to-point link (default: the GPRS core "
                     "network delay, GprsBssNetDevice::CoreNetworkDelay)",
                     o.p2pDelay);
    options.AddChecked("cells",
                       "scale: comma-separated cell counts",
                       cells,
                       "a comma-separated list of integers from 1 to 10000",
                       [&o](const std::string& text) { return ReadList(text, 10000, o.cells); });
    options.AddChecked("mobiles",
                       "scale: comma-separated mobiles per cell",
                       mobiles,
                       "a comma-separated list of integers from 1 to 60000",
                       [&o](const std::string& text) { return ReadList(text, 60000, o.mobiles); });
    options.AddPdchs("scalePdchs", "scale and idle: PDCHs per cell", o.scalePdchs);
    options.AddDuration("scaleTime", "scale: simulated time per configuration", o.scaleTime);
    options.AddDuration("scaleDuration",
                        "scale: simulated time of the busy network",
                        o.scaleDuration);
    options.AddDuration("idleTime", "idle: simulated time of the cell without traffic", o.idleTime);
    options.AddDuration("burstGap", "idle: time between bursts, short case", o.burstGap);
    // Counts: name, help, value, smallest, largest.
    const std::tuple<const char*, const char*, uint32_t*, uint32_t, uint32_t> counts[] = {
        {"repeats",
         "runs of each p2p and idle configuration (median reported)",
         &o.repeats,
         1,
         1000},
        {"cellsPerGgsn",
         "scale: cells per GGSN, each GGSN with its own server (0: all cells on one GGSN and one "
         "server)",
         &o.cellsPerGgsn,
         0,
         10000},
        {"scaleRepeats",
         "scale: runs per configuration (median reported)",
         &o.scaleRepeats,
         1,
         1000},
        {"scaleCells",
         "scale: cells of the busy network (0: no busy network)",
         &o.scaleCells,
         0,
         10000},
        {"scaleMobiles",
         "scale: mobiles of the busy network, all cells (a multiple of --scaleCells)",
         &o.scaleMobiles,
         1,
         1000000},
        {"idleMobiles", "idle: mobiles of the cell", &o.idleMobiles, 1, 60000},
        {"p2pIdleMobiles",
         "p2p: > 0: also the GPRS download with this many idle mobiles in its cell",
         &o.p2pIdleMobiles,
         0,
         60000},
        {"bursts", "idle: traffic bursts in the gap comparison", &o.bursts, 1, 10000},
        {"burstPackets", "idle: downlink packets per mobile per burst", &o.burstPackets, 1, 10000},
        {"gapFactor",
         "idle: the long case's gaps are this many times longer",
         &o.gapFactor,
         1,
         1000},
    };
    for (const auto& [name, help, value, min, max] : counts)
    {
        options.AddInteger<uint32_t>(name, help, *value, min, max);
    }
    // The idle part's long cases simulate gapFactor times as long: keep them within range.
    const std::string longest = "--gapFactor times it at most " + FormatTimeOption(kMaxExampleTime);
    options.Require("idleTime", longest, [&o]() {
        return o.idleTime.GetSeconds() * o.gapFactor <= kMaxExampleTime.GetSeconds();
    });
    options.Require("burstGap", "1s + --bursts x " + longest, [&o]() {
        return 1 + o.burstGap.GetSeconds() * o.bursts * o.gapFactor <= kMaxExampleTime.GetSeconds();
    });
    // What the benchmark sets from its options (besides those Add... declare), and what it fixes.
    options.SetsAttribute("ns3::BulkSendApplication::SendSize", {"mss"});
    options.SetsAttribute("ns3::BulkSendApplication::MaxBytes", {"bytes"});
    // The point-to-point part's link runs at the cell's nominal rate.
    options.SetsAttribute("ns3::PointToPointNetDevice::DataRate", {"internetRate"});
    options.SetsAttribute("ns3::PointToPointChannel::Delay", {"internetDelay", "p2pDelay"});
    options.SetsAttribute("ns3::DropTailQueue<Packet>::MaxSize");
    for (const char* attribute : {"OnTime", "OffTime", "DataRate", "PacketSize"})
    {
        options.SetsAttribute(std::string("ns3::OnOffApplication::") + attribute);
    }
    for (const char* attribute : {"Interval", "PacketSize", "MaxPackets"})
    {
        options.SetsAttribute(std::string("ns3::UdpClient::") + attribute);
    }
    options.Require("scaleMobiles",
                    "a multiple of --scaleCells (as many mobiles per cell)",
                    [&o]() { return o.scaleCells == 0 || o.scaleMobiles % o.scaleCells == 0; });
    options.Require("callgrind", "only with --fork (the default)", [&o]() {
        return !o.callgrind || o.fork;
    });
    if (!options.Parse(argc, argv))
    {
        return 2;
    }
    if (o.callgrind && !std::getenv(kCallgrindDirEnv))
    {
        return RunUnderCallgrind(argv);
    }
    o.cs = ToString(ParseGprsCodingScheme(o.cs));

    std::cout << kCsvHeader << "\n" << std::flush;
    const auto start = std::chrono::steady_clock::now();
    if (parts.count("p2p"))
    {
        RunP2pPart(o);
    }
    if (parts.count("idle"))
    {
        RunIdlePart(o);
    }
    if (parts.count("scale"))
    {
        RunScalePart(o);
    }
    std::cerr << "[gprs-benchmark] done in " << std::fixed << std::setprecision(1)
              << SecondsSince(start) << " s wall\n";
    return 0;
}
