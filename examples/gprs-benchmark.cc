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

#include "common/example-cost.h"
#include "common/example-option-text.h"
#include "common/example-options.h"
#include "common/example-statistics.h"
#include "setups/benchmark-setup.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <functional>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;

// The CMake build type, passed by examples/CMakeLists.txt.
#ifndef GPRS_BUILD_TYPE
#define GPRS_BUILD_TYPE "unknown"
#endif

namespace
{

/// Everything the command line sets: the network's settings, and the parts'.
struct Options : BenchmarkNetwork
{
    std::string parts{"all"}; //!< parts to run
    uint32_t repeats{5};      //!< runs per p2p/idle configuration (median reported)
    bool fork{true};          //!< run each measurement in a child process
    bool callgrind{false};    //!< count instructions under valgrind's callgrind
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

/// Run the simulation until \p stop (or Simulator::Stop()) and fill \p r.
void
RunAndMeasure(const BenchmarkTopology& t, Time stop, Result& r)
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

/// Download o.bytes from the server to the single mobile of \p build's topology.
Result
RunTransfer(const Options& o, const std::function<BenchmarkTopology()>& build)
{
    Result r;
    const auto start = std::chrono::steady_clock::now();
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(o.mss));
    const BenchmarkTopology t = build();
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
    const BenchmarkTopology t =
        CreateBenchmarkGprs(o, cells, perCell, o.scalePdchs, o.cellsPerGgsn);
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
 * of the busy-cell mix of rendon-proxies (InstallBusyTraffic), for o.scaleDuration, with
 * progress on stderr.
 */
Result
RunBusy(const Options& o)
{
    Result r;
    const auto start = std::chrono::steady_clock::now();
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(o.mss));
    const uint32_t perCell = o.scaleMobiles / o.scaleCells;
    const BenchmarkTopology t =
        CreateBenchmarkGprs(o, o.scaleCells, perCell, o.scalePdchs, o.cellsPerGgsn);
    const std::vector<Ptr<GprsTrafficSink>> sinks = InstallBusyTraffic(t, o.scaleDuration);
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

/// A cell of o.idleMobiles; with \p gap > 0, o.bursts bursts every \p gap from 1 s.
Result
RunIdle(const Options& o, Time gap, Time stop)
{
    Result r;
    const auto start = std::chrono::steady_clock::now();
    const BenchmarkTopology t = CreateBenchmarkGprs(o, 1, o.idleMobiles, o.scalePdchs, 1);
    ApplicationContainer sinks;
    if (gap.IsStrictlyPositive())
    {
        sinks = InstallBursts(t, o.bursts, o.burstPackets, gap);
    }
    r.setupWallS = SecondsSince(start);
    RunAndMeasure(t, stop, r);
    r.rxBytes = SinkBytes(sinks);
    return r;
}

// ---------------------------------------------------------------------------------------------
// Measurement plumbing

/**
 * Run \p fn, in a child process when o.fork (its peak memory is then its own: the parent
 * never simulates), and return its result with the peak resident memory.
 */
Result
Measure(const Options& o, const std::function<Result()>& fn)
{
    const auto run = [&fn]() {
        const Result r = fn();
        Simulator::Destroy();
        return std::string(reinterpret_cast<const char*>(&r), sizeof(r));
    };
    ExampleProcessCost cost;
    const std::string bytes = RunInOwnProcess(o.fork, run, cost);
    NS_ABORT_MSG_UNLESS(bytes.size() == sizeof(Result), "a benchmark run gave no result");
    Result r;
    std::memcpy(&r, bytes.data(), sizeof(r));
    r.peakRssKib = cost.peakRssKib;
    r.instructions = cost.instructions;
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
    const DataRate rate = BenchmarkNominalGprsRate(o, o.p2pPdchs);
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
            return RunTransfer(o, [&o]() { return CreateBenchmarkGprs(o, 1, 1, o.p2pPdchs, 1); });
        }));
        p2pRuns.push_back(MeasureOne(o, p2p, i, o.repeats, [&o, rate, delay]() {
            return RunTransfer(o,
                               [&o, rate, delay]() { return CreateBenchmarkP2p(o, rate, delay); });
        }));
        if (idle > 0)
        {
            // Mobile 0 downloads; the others are attached and never send or receive.
            crowdedRuns.push_back(MeasureOne(o, crowded, i, o.repeats, [&o, idle]() {
                return RunTransfer(o, [&o, idle]() {
                    return CreateBenchmarkGprs(o, 1, 1 + idle, o.p2pPdchs, 1);
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
        config.ggsns = BenchmarkSiteCount(o.scaleCells, o.cellsPerGgsn);
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
        config.ggsns = BenchmarkSiteCount(cells, o.cellsPerGgsn);
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

} // namespace

int
main(int argc, char* argv[])
{
    Options o;
    std::string cells = JoinCountList(o.cells);
    std::string mobiles = JoinCountList(o.mobiles);

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
    o.AddOptions(options);
    options.AddInteger<uint32_t>("bytes", "p2p: bytes of the TCP download", o.bytes, 1, UINT32_MAX);
    options.AddPdchs("pdchs", "p2p: PDCHs of the cell", o.p2pPdchs);
    options.AddDelay("p2pDelay",
                     "p2p: one-way delay of the point-to-point link (default: the GPRS core "
                     "network delay, GprsBssNetDevice::CoreNetworkDelay)",
                     o.p2pDelay);
    options.AddChecked(
        "cells",
        "scale: comma-separated cell counts",
        cells,
        "a comma-separated list of integers from 1 to 10000",
        [&o](const std::string& text) { return ReadCountList(text, 10000, o.cells); });
    options.AddChecked(
        "mobiles",
        "scale: comma-separated mobiles per cell",
        mobiles,
        "a comma-separated list of integers from 1 to 60000",
        [&o](const std::string& text) { return ReadCountList(text, 60000, o.mobiles); });
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
    if (o.callgrind && !IsUnderCallgrind())
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
