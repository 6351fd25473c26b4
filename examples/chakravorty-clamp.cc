/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Chakravorty & Pratt, "Performance issues with General Packet Radio Service" (JCN 4(4),
// 2002), C7: the TCP cwnd-clamp proxy. sweep: 600 KB downloads through the clamp with C_clamp
// from 4 KB to 32 KB and without the proxy; short: 5-30 KB downloads, TCP against a 10 KB
// clamp, 25 runs each; recovery: a download through a radio outage long enough for a
// retransmission timeout, with and without the clamp.
//
// Prints a CSV table (header first, one row per variant, C_clamp and size); --outdir receives
// the time series of the first run of each variant, .dat summaries and gnuplot scripts
// (rendered to PNG when gnuplot is installed). --jobs runs independent simulations in parallel
// processes; the output does not depend on it.

#include "common/example-jobs.h"
#include "common/example-option-text.h"
#include "common/example-options.h"
#include "common/example-plot.h"
#include "common/example-runs.h"
#include "common/example-statistics.h"
#include "common/example-traces.h"
#include "setups/chakravorty-setup.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

const std::vector<std::string> kExperiments{"sweep", "short", "recovery"}; //!< --experiment
constexpr uint16_t kPort = 5000;                                           //!< the mobile's sink
constexpr double kOutageCiDb = -20; //!< C/I of the outage: BLER above 0.9999 for CS-1..CS-4
const Time kStart = Seconds(1);     //!< when the server starts its transfer
/// Line colours of the time series, one per variant: gnuplot's own repeat after eight.
const std::vector<std::string> kColours{"#000000",
                                        "#e41a1c",
                                        "#377eb8",
                                        "#4daf4a",
                                        "#984ea3",
                                        "#ff7f00",
                                        "#a65628",
                                        "#f781bf",
                                        "#999999",
                                        "#17becf"};

/// Inputs of a run; defaults are the paper's setup plus the documented choices.
struct ClampSetup
{
    ChakravortySetup testbed;        //!< the shared testbed
    std::string experiment{"sweep"}; //!< sweep, short or recovery
    double ciDb{20};                 //!< the mobile's C/I (paper: not given for C7)
    uint64_t bytes{614400};          //!< sweep and recovery download (paper: 600 KB)
    std::string clamps{"4096,6144,8192,10240,12288,16384,24576,32768"}; //!< sweep's C_clamp
    std::string sizes{"5120,10240,15360,20480,25600,30720"}; //!< short transfers (5-30 KB)
    uint32_t clamp{10240};           //!< C_clamp of short and recovery (paper: 10 KB)
    uint32_t initialRcvWindow{5392}; //!< Linux 2.4.16 receiver's first window; 0: off
    Time outageAt{Seconds(30)};      //!< recovery: outage start after the transfer's start
    Time outageLength{Seconds(30)};  //!< recovery: outage length (paper C2: a 30 s outage)
    Time limit{Seconds(1800)};       //!< a transfer not done by then is incomplete
};

/// One simulation.
struct Job
{
    std::string variant; //!< tcp (no proxy) or clamp
    uint32_t clamp;      //!< C_clamp, 0 for tcp
    uint64_t bytes;      //!< transfer size
    bool outage;         //!< recovery: with the outage (else its baseline)
    uint64_t run;        //!< RNG run number
    std::string traces;  //!< directory for the time series, or empty
};

/// What one simulation measured.
struct Result
{
    bool complete{false};        //!< every byte arrived within --limit
    double transferS{0};         //!< server SYN to the mobile's last segment (ACK of the FIN)
    double goodputKbps{0};       //!< bytes / (server SYN to the last byte delivered)
    double rttMedianS{0};        //!< median RTT of the sender towards the mobile
    double rttMaxS{0};           //!< its largest RTT
    double utilisation{0};       //!< downlink RLC data blocks / the mobile's block periods
    double bufferMeanBytes{0};   //!< GGSN buffer of the mobile, time average over the transfer
    double bufferMaxBytes{0};    //!< its largest value
    uint32_t timeouts{0};        //!< RTOs of the sender towards the mobile
    uint32_t retransmissions{0}; //!< its data segments sent again
};

/// Time-weighted mean and maximum of the mobile's downlink (GGSN) buffer.
struct BufferStats
{
    Time last;          //!< last change
    uint32_t bytes{0};  //!< octets since then
    double integral{0}; //!< octet-seconds up to last
    uint32_t max{0};    //!< largest

    /// \param ms mobile \param dir direction \param now octets now
    void OnChange(uint32_t ms, GprsDirection dir, uint32_t now)
    {
        if (ms != 0 || dir != GprsDirection::DOWNLINK)
        {
            return;
        }
        integral += bytes * (Simulator::Now() - last).GetSeconds();
        last = Simulator::Now();
        bytes = now;
        max = std::max(max, now);
    }

    /// \param start from \param end to \return the mean over [start, end]
    double Mean(Time start, Time end) const
    {
        const double total = integral + bytes * (end - last).GetSeconds();
        return end > start ? total / (end - start).GetSeconds() : 0;
    }
};

/**
 * \param t a time
 * \return it for a C/I schedule
 */
std::string
ScheduleTime(Time t)
{
    return std::to_string(t.GetNanoSeconds()) + "ns";
}

/**
 * \param setup the inputs
 * \param outage with the recovery's outage
 * \return the mobile's C/I specification: constant, or with the outage
 */
std::string
RadioOf(const ClampSetup& setup, bool outage)
{
    const std::string ci = FormatGprsNumber(setup.ciDb);
    if (!outage)
    {
        return ci;
    }
    const Time from = kStart + setup.outageAt;
    return "0s:" + ci + "," + ScheduleTime(from) + ":" + FormatGprsNumber(kOutageCiDb) + "," +
           ScheduleTime(from + setup.outageLength) + ":" + ci;
}

/**
 * \param testbed the testbed
 * \return the mobile's downlink PDCHs: the cell's, at most its multislot class's
 */
uint32_t
DownlinkPdchs(const ChakravortySetup& testbed)
{
    const auto& slots = GprsMultislotClass::Get(static_cast<int>(testbed.msClass));
    return std::min<uint32_t>(testbed.pdchs, slots.maxRx);
}

Result
RunOne(const ClampSetup& setup, const Job& job)
{
    RngSeedManager::SetRun(job.run);
    setup.testbed.ConfigureTcp();
    const bool clamped = job.variant == "clamp";
    const GprsScenario s = setup.testbed.Build(RadioOf(setup, job.outage), 1, clamped, 100);
    Ptr<GprsProxy> proxy;
    if (clamped)
    {
        GprsProxyHelper helper("clamp");
        helper.SetClamp(job.clamp);
        proxy = helper.Install(s);
    }

    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), kPort));
    const auto sink = DynamicCast<PacketSink>(sinkHelper.Install(s.mobiles.Get(0)).Get(0));
    std::optional<GprsReceiveWindowGrowth> growth;
    if (setup.initialRcvWindow > 0)
    {
        growth.emplace(setup.initialRcvWindow);
        growth->Install(sink);
    }
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(s.GetMobileAddress(0), kPort));
    bulk.SetAttribute("MaxBytes", UintegerValue(job.bytes));
    bulk.SetAttribute("SendSize", UintegerValue(setup.testbed.mss));
    bulk.Install(s.server).Start(kStart);

    // The sender towards the mobile: the server, or the clamp's leg to the mobile, which the
    // proxy opens when the server's SYN arrives.
    GprsTcpTracer tracer(job.traces);
    tracer.WatchRlc(s.pcu, 0);
    if (!job.traces.empty())
    {
        EnableRunTraces(s, job.traces);
    }
    if (clamped)
    {
        const auto split = DynamicCast<GprsSplitProxy>(proxy);
        split->TraceConnectWithoutContext("LegOpened",
                                          MakeCallback(+[](GprsTcpTracer* t,
                                                           Ptr<Node> node,
                                                           Ptr<PacketSink> to,
                                                           Ptr<TcpSocketBase>,
                                                           bool mobileLeg) {
                                              if (mobileLeg)
                                              {
                                                  t->WatchTcp(node, Simulator::Now(), to, 0);
                                              }
                                          }).Bind(&tracer, s.proxy, sink));
    }
    else
    {
        tracer.WatchTcp(s.server, kStart, sink, 0);
    }

    BufferStats buffer;
    s.pcu->TraceConnectWithoutContext("BufferOccupancy",
                                      MakeCallback(&BufferStats::OnChange, &buffer));
    // The mobile's last segment: with the sink never closing, the ACK of the server's FIN.
    Time lastMobileTx;
    s.mobiles.Get(0)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
        "Tx",
        MakeCallback(+[](Time* last, Ptr<const Packet>, Ptr<Ipv4>, uint32_t) {
            *last = Simulator::Now();
        }).Bind(&lastMobileTx));

    Simulator::Stop(kStart + setup.limit);
    Simulator::Run();

    Result r;
    r.complete = tracer.GetBytesReceived() >= job.bytes;
    const Time dataEnd = r.complete ? tracer.GetLastReceive() : kStart + setup.limit;
    if (r.complete)
    {
        r.transferS = (std::max(lastMobileTx, dataEnd) - kStart).GetSeconds();
        r.goodputKbps = job.bytes * 8 / (dataEnd - kStart).GetSeconds() / 1000;
    }
    std::vector<double> rtt = tracer.GetRttSamplesMs();
    if (!rtt.empty())
    {
        r.rttMedianS = Median(rtt) / 1000;
        r.rttMaxS = *std::max_element(rtt.begin(), rtt.end()) / 1000;
    }
    r.utilisation = tracer.GetRlcBlocks() /
                    ((dataEnd - kStart).GetSeconds() * 50 * DownlinkPdchs(setup.testbed));
    r.bufferMeanBytes = buffer.Mean(kStart, dataEnd);
    r.bufferMaxBytes = buffer.max;
    r.timeouts = tracer.GetTimeouts();
    r.retransmissions = tracer.GetRetransmissions();
    tracer.Close();
    Simulator::Destroy();
    return r;
}

/**
 * \param text a comma-separated list of octet counts
 * \param min the smallest allowed
 * \param[out] values the counts, if all are whole numbers from min to 2^32 - 1
 * \return whether they are
 */
bool
ReadSizes(const std::string& text, uint64_t min, std::vector<uint64_t>* values)
{
    std::vector<std::string> items;
    if (!ReadList(
            text,
            [min](const std::string& item) {
                const auto number = TryParseGprsNumber(item);
                return number && *number == std::floor(*number) && *number >= min &&
                       *number <= UINT32_MAX;
            },
            &items))
    {
        return false;
    }
    if (values)
    {
        values->clear();
        for (const auto& item : items)
        {
            values->push_back(static_cast<uint64_t>(*TryParseGprsNumber(item)));
        }
    }
    return true;
}

/// A row of the table: what its runs share.
struct Key
{
    std::string variant; //!< tcp or clamp
    uint32_t clamp;      //!< C_clamp, 0 for tcp
    uint64_t bytes;      //!< transfer size
    bool outage;         //!< recovery: with the outage

    /// \param other another key \return whether this one sorts first
    bool operator<(const Key& other) const
    {
        return std::tie(variant, clamp, bytes, outage) <
               std::tie(other.variant, other.clamp, other.bytes, other.outage);
    }

    /// \param other another key \return whether they are the same
    bool operator==(const Key& other) const
    {
        return !(*this < other) && !(other < *this);
    }
};

/// Per row: the results of its runs.
using Table = std::map<Key, std::vector<Result>>;

/// The aggregate of one row.
struct Row
{
    std::size_t runs{0};       //!< runs
    uint32_t incomplete{0};    //!< of which incomplete
    double transfer{0};        //!< mean transfer time, complete runs
    double transferSd{0};      //!< its standard deviation
    double rttMedian{0};       //!< median of the runs' median RTTs
    double rttMax{0};          //!< largest RTT of any run
    double goodput{0};         //!< mean goodput, complete runs
    double utilisation{0};     //!< mean utilisation
    double bufferMean{0};      //!< mean of the runs' mean GGSN buffer
    double bufferMax{0};       //!< largest GGSN buffer of any run
    double timeouts{0};        //!< RTOs per run
    double retransmissions{0}; //!< retransmissions per run
};

/**
 * \param rs the runs of a row
 * \return their aggregate
 */
Row
Aggregate(const std::vector<Result>& rs)
{
    Row row;
    row.runs = rs.size();
    std::vector<double> transfer;
    std::vector<double> goodput;
    std::vector<double> medians;
    std::vector<double> util;
    std::vector<double> bufferMean;
    for (const Result& r : rs)
    {
        if (r.complete)
        {
            transfer.push_back(r.transferS);
            goodput.push_back(r.goodputKbps);
        }
        row.incomplete += r.complete ? 0 : 1;
        medians.push_back(r.rttMedianS);
        util.push_back(r.utilisation);
        bufferMean.push_back(r.bufferMeanBytes);
        row.rttMax = std::max(row.rttMax, r.rttMaxS);
        row.bufferMax = std::max(row.bufferMax, r.bufferMaxBytes);
        row.timeouts += static_cast<double>(r.timeouts) / rs.size();
        row.retransmissions += static_cast<double>(r.retransmissions) / rs.size();
    }
    row.transfer = Mean(transfer);
    row.transferSd = StandardDeviation(transfer);
    row.goodput = Mean(goodput);
    row.rttMedian = Median(medians);
    row.utilisation = Mean(util);
    row.bufferMean = Mean(bufferMean);
    return row;
}

/**
 * \param row a row of the table
 * \return "mean stdev" of its transfer time, "? ?" (gnuplot's missing value) when none of
 *         its runs completed
 */
std::string
Transfer(const Row& row)
{
    if (row.incomplete == row.runs)
    {
        return "? ?";
    }
    std::ostringstream out;
    out << std::fixed << std::setprecision(4) << row.transfer << " " << row.transferSd;
    return out.str();
}

/**
 * \param variant tcp or clamp
 * \param clamp its C_clamp
 * \return the name of its time-series directory
 */
std::string
TraceName(const std::string& variant, uint32_t clamp)
{
    return variant == "tcp" ? "tcp" : "clamp-" + std::to_string(clamp);
}

/**
 * Write the gnuplot scripts of an experiment and render them.
 * \param setup the inputs
 * \param outdir the directory
 * \param rows the aggregates, in table order, with their keys
 * \param tracedRun the run whose time series were written (--traceRun), if any
 */
void
WriteFigures(const ClampSetup& setup,
             const std::string& outdir,
             const std::vector<std::pair<Key, Row>>& rows,
             std::optional<uint64_t> tracedRun)
{
    const std::string& e = setup.experiment;
    // A point or bar that averages only the complete runs of its row is marked.
    std::vector<std::pair<std::string, RunCount>> counts;
    for (const auto& [key, row] : rows)
    {
        const RunCount count{static_cast<uint32_t>(row.runs - row.incomplete),
                             static_cast<uint32_t>(row.runs)};
        counts.emplace_back(TraceName(key.variant, key.clamp) +
                                (e == "short" ? " " + std::to_string(key.bytes) + " B" : ""),
                            count);
    }
    const std::string note = GnuplotIncompleteNote(counts);
    std::vector<std::string> scripts;
    std::ofstream dat(outdir + "/chakravorty-clamp-" + e + ".dat");
    dat << std::fixed << std::setprecision(4);
    if (e == "short")
    {
        dat << "# size_bytes tcp_mean_s tcp_stdev_s clamp_mean_s clamp_stdev_s\n";
        std::map<uint64_t, std::map<std::string, Row>> bySize;
        for (const auto& [key, row] : rows)
        {
            bySize[key.bytes][key.variant] = row;
        }
        for (auto& [size, variants] : bySize)
        {
            dat << size << " " << Transfer(variants["tcp"]) << " " << Transfer(variants["clamp"])
                << "\n";
        }
        std::ofstream gp(outdir + "/chakravorty-clamp-short.gp");
        gp << "set terminal pngcairo size 900,550 noenhanced\n"
              "set output 'chakravorty-clamp-short.png'\n"
              "set title \"Short transfers (set-up to teardown), mean and standard deviation of "
           << rows.front().second.runs << " runs\"\n"
           << "set xlabel 'transfer size (KB)'\nset ylabel 'transfer time (s)'\n"
              "set yrange [0:*]\nset grid\nset key top right\nset datafile missing '?'\n"
           << note
           << "plot 'chakravorty-clamp-short.dat' using ($1/1024-0.15):2:3 with yerrorlines "
              "title 'TCP', '' using ($1/1024+0.15):4:5 with yerrorlines title 'clamp "
           << setup.clamp << " bytes'\n";
        scripts.push_back("chakravorty-clamp-short.gp");
    }
    else
    {
        dat << "# variant clamp_bytes transfer_s transfer_stdev_s rtt_median_s rtt_max_s "
               "ggsn_buffer_mean_bytes utilisation\n";
        for (const auto& [key, row] : rows)
        {
            dat << key.variant << " " << key.clamp << " " << Transfer(row) << " " << row.rttMedian
                << " " << row.rttMax << " " << row.bufferMean << " " << row.utilisation << "\n";
        }
    }
    if (e != "short" && tracedRun)
    {
        // The time series of each variant's traced run, one panel for RTT, one for in-flight
        // data, one for the data delivered.
        std::ofstream gp(outdir + "/chakravorty-clamp-" + e + "-series.gp");
        gp << "set terminal pngcairo size 1000,1100 noenhanced\n"
              "set output 'chakravorty-clamp-"
           << e << "-series.png'\nset multiplot layout 3,1 title \""
           << (e == "sweep" ? "C_clamp sweep"
                            : "Recovery from an outage of " + FormatTimeOption(setup.outageLength))
           << ", " << setup.bytes << "-byte download, run " << *tracedRun
           << "\"\nset grid\nset key outside right\n";
        if (e == "recovery")
        {
            const double from = (kStart + setup.outageAt).GetSeconds();
            gp << "set object 1 rect from " << from << ", graph 0 to "
               << from + setup.outageLength.GetSeconds()
               << ", graph 1 fillcolor rgb '#dddddd' fillstyle solid behind\n";
        }
        const std::vector<std::tuple<std::string, std::string, std::string>> panels{
            {"rtt.dat", "($2/1000)", "RTT (s)"},
            {"inflight.dat", "($2/1024)", "in flight (KB)"},
            {"tcp-receiver.dat", "($2/1024)", "delivered (KB)"}};
        for (const auto& [file, column, label] : panels)
        {
            gp << "set ylabel '" << label << "'\nset xlabel 'time (s)'\nplot ";
            for (std::size_t i = 0; i < rows.size(); ++i)
            {
                const auto& key = rows[i].first;
                const std::string name = TraceName(key.variant, key.clamp);
                gp << (i > 0 ? ", " : "") << "'" << e << "-" << name << "/" << file
                   << "' using 1:" << column << " with lines lc rgb '"
                   << kColours[i % kColours.size()] << "' title '" << name << "'";
            }
            gp << "\n";
        }
        gp << "unset multiplot\n";
        scripts.push_back("chakravorty-clamp-" + e + "-series.gp");
    }
    if (e == "sweep")
    {
        {
            const auto tcp = std::find_if(rows.begin(), rows.end(), [](const auto& r) {
                return r.first.variant == "tcp";
            });
            std::ofstream sg(outdir + "/chakravorty-clamp-sweep.gp");
            sg << "set terminal pngcairo size 900,800 noenhanced\n"
                  "set output 'chakravorty-clamp-sweep.png'\n"
                  "set multiplot layout 2,1 title \"600 KB through the clamp against C_clamp "
                  "(points) and without the proxy (line)\"\nset grid\nset xlabel 'C_clamp "
                  "(KB)'\nset key top left\n"
                  "set ylabel 'transfer time (s)'\nset yrange [0:*]\nset datafile missing '?'\n"
               << note;
            const std::string data = "'chakravorty-clamp-sweep.dat' using ($2/1024):";
            sg << "plot " << data << "3 every ::" << (tcp != rows.end() ? 1 : 0)
               << " with linespoints title 'clamp'";
            if (tcp != rows.end())
            {
                sg << ", " << tcp->second.transfer << " title 'TCP' with lines";
            }
            sg << "\nset ylabel 'RTT (s)'\nplot " << data
               << "5 every ::" << (tcp != rows.end() ? 1 : 0)
               << " with linespoints title 'clamp, median', " << data
               << "6 every ::" << (tcp != rows.end() ? 1 : 0)
               << " with linespoints title 'clamp, largest'";
            if (tcp != rows.end())
            {
                sg << ", " << tcp->second.rttMedian << " title 'TCP, median' with lines, "
                   << tcp->second.rttMax << " title 'TCP, largest' with lines";
            }
            sg << "\nunset multiplot\n";
            scripts.push_back("chakravorty-clamp-sweep.gp");
        }
    }
    dat.close();
    for (const auto& script : scripts)
    {
        if (!RenderGnuplot(outdir, script))
        {
            std::cerr << "warning: gnuplot failed on " << outdir << "/" << script << "\n";
        }
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    ClampSetup setup;
    uint32_t runs = 0;
    uint32_t jobs = 1;
    std::string outdir;
    ExampleTraceRun traceRun("first");

    ExampleOptions options(
        __FILE__,
        "Chakravorty & Pratt, 'Performance issues with General Packet Radio Service' (JCN "
        "2002), C7: the TCP cwnd-clamp proxy, a split connection whose leg to the mobile sends "
        "a fixed window C_clamp (no slow start, the window kept on loss, the RTO as usual). "
        "--experiment=sweep: a --bytes download (600 KB) through the clamp for each C_clamp of "
        "--clamps (4 to 32 KB) and without the proxy (variant tcp); short: downloads of each "
        "size of --sizes (5 to 30 KB), TCP and the clamp at --clamp (10 KB), --runs runs each "
        "(paper: 25); recovery: a --bytes download, TCP and the clamp at --clamp, without and "
        "with an outage: the mobile's C/I at -20 dB (block error rate above 0.9999) from "
        "--outageAt after "
        "the start for --outageLength, long enough for the retransmission timers of both "
        "senders to expire (their timeouts are counted). The "
        "server starts at 1 s into an idle cell. Prints CSV with columns experiment, variant, "
        "clamp_bytes (empty for tcp), size_bytes, runs, transfer_time_s and "
        "transfer_time_stdev_s (from the server's SYN to the mobile's last segment, the ACK of "
        "the server's FIN: set-up and teardown included; mean and standard deviation over the "
        "complete runs), rtt_median_s (median of the runs' median smoothed RTTs) "
        "and rtt_max_s (largest) of the sender towards the mobile (the server, or the clamp's "
        "leg), "
        "goodput_kbps (bytes over SYN to last byte), utilisation (downlink RLC data blocks over "
        "the block periods of the mobile's downlink PDCHs), ggsn_buffer_mean_bytes (time "
        "average) and ggsn_buffer_max_bytes of the mobile's downlink buffer, timeouts and "
        "retransmissions per run of the sender towards the mobile, outage_s (recovery: the "
        "outage's length, 0 in the runs without), recovery_s (recovery: the time the outage "
        "cost beyond its own length, mean transfer time with it less without it less its "
        "length) and incomplete (runs that hit --limit); --outdir receives runs.csv (one row per "
        "run: experiment, variant, clamp_bytes, size_bytes, outage_s, run, complete and the "
        "run's measurements), for the --traceRun run (the first by default) of each variant "
        "(short: and size; recovery: with the outage) the tracer's time series in "
        "<experiment>-<variant>[-<size>]/ (rtt.dat, inflight.dat, tcp-receiver.dat, "
        "ggsn-buffer.dat ...) with the run's pcaps, GSMTAP capture and RLC block trace, "
        "chakravorty-clamp-<experiment>.dat and gnuplot scripts rendered to PNG when gnuplot is "
        "installed, which mark a point averaging only its complete runs (in red). "
        "The receiver: --initialRcvWindow models the Linux 2.4.16 receiver's small first "
        "window (5392 octets, growing by 2 segments per in-order segment up to --rcvBuf, as "
        "Linux 2.4's tcp_grow_window: GprsReceiveWindowGrowth). Choices where the paper is "
        "silent: C/I --ci 20 dB; the recovery's outage 30 s after the start for 30 s (the "
        "length of the outage in the paper's C2 trace); the rest is the "
        "shared testbed. " +
            ChakravortySetup::Choices());
    setup.testbed.AddOptions(options);
    options.AddChecked("experiment",
                       "the experiment",
                       setup.experiment,
                       "sweep, short or recovery",
                       [](const std::string& text) {
                           return std::count(kExperiments.begin(), kExperiments.end(), text) > 0;
                       });
    options.AddNumber("ci",
                      "C/I of the mobile, dB (not in the paper for C7; 20 dB: a good cell)",
                      setup.ciDb,
                      -100,
                      100,
                      "dB");
    options.AddInteger<uint64_t>("bytes",
                                 "sweep and recovery: bytes to download (paper: 600 KB)",
                                 setup.bytes,
                                 1,
                                 UINT32_MAX);
    options.AddChecked("clamps",
                       "sweep: C_clamp values, octets, comma-separated (paper: 4 to 32 KB)",
                       setup.clamps,
                       "a comma-separated list of whole numbers of octets, each at least the "
                       "MSS (--mss)" +
                           kExampleListRule,
                       [](const std::string& text) { return ReadSizes(text, 1, nullptr); });
    options.AddChecked("sizes",
                       "short: transfer sizes, octets, comma-separated (paper: 5 to 30 KB)",
                       setup.sizes,
                       "a comma-separated list of whole numbers of octets from 1" +
                           kExampleListRule,
                       [](const std::string& text) { return ReadSizes(text, 1, nullptr); });
    options.AddInteger<uint32_t>("clamp",
                                 "short and recovery: C_clamp, octets (paper: 10 KB)",
                                 setup.clamp,
                                 1,
                                 UINT32_MAX);
    options.AddInteger<uint32_t>("initialRcvWindow",
                                 "the mobile's first receive window, octets, growing as Linux "
                                 "2.4 grows it; 0: off, the whole --rcvBuf from the start "
                                 "(paper: Linux 2.4.16, 5392)",
                                 setup.initialRcvWindow,
                                 0,
                                 UINT32_MAX);
    options.AddTime("outageAt",
                    "recovery: outage start after the transfer's start (not in the paper)",
                    setup.outageAt,
                    Seconds(0),
                    kMaxExampleTime);
    options.AddDuration("outageLength",
                        "recovery: outage length (not in the paper; long enough for an RTO)",
                        setup.outageLength);
    options.AddDuration("limit",
                        "simulated time after which a transfer counts as incomplete",
                        setup.limit);
    options.AddInteger<uint32_t>("runs",
                                 "runs per variant, C_clamp and size; 0: the experiment's "
                                 "default (short 25 as in the paper, sweep and recovery 1)",
                                 runs,
                                 0,
                                 1000);
    options.AddInteger<uint32_t>("jobs", "parallel worker processes", jobs, 1, 64);
    options.AddOutputDirectory("outdir",
                               "directory for runs.csv, the time series, .dat files and gnuplot "
                               "scripts",
                               outdir);
    traceRun.AddTo(
        options,
        "for each variant (short: and size; recovery: with the outage), the tracer's time "
        "series the -series figure plots, server.pcap, ggsn.pcap, mobile.pcap, gsmtap.pcap and "
        "the mobile's RLC block trace, in <experiment>-<variant>[-<size>]",
        [&runs, &setup]() { return runs > 0                      ? runs
                                   : setup.experiment == "short" ? 25
                                                                 : 1; },
        &outdir);
    options.Require("clamps", "each at least the MSS, --mss", [&setup]() {
        std::vector<uint64_t> clamps;
        ReadSizes(setup.clamps, 1, &clamps);
        return std::all_of(clamps.begin(), clamps.end(), [&setup](uint64_t c) {
            return c >= setup.testbed.mss;
        });
    });
    options.Require("clamp", "at least the MSS, --mss", [&setup]() {
        return setup.clamp >= setup.testbed.mss;
    });
    options.Require("initialRcvWindow", "0, or from the MSS (--mss) to --rcvBuf", [&setup]() {
        return setup.initialRcvWindow == 0 || (setup.initialRcvWindow >= setup.testbed.mss &&
                                               setup.initialRcvWindow <= setup.testbed.rcvBuf);
    });
    options.Require("outageAt", "below --limit, with the outage", [&setup]() {
        return setup.outageAt + setup.outageLength < setup.limit;
    });
    options.SetsAttribute("ns3::GprsMsNetDevice::RadioConditions",
                          {"ci", "outageAt", "outageLength"},
                          false);
    options.SetsAttribute("ns3::BulkSendApplication::MaxBytes", {"bytes", "sizes"}, false);
    options.SetsAttribute("ns3::BulkSendApplication::SendSize", {"mss"});
    options.SetsAttribute("ns3::GprsTcpClamp::Clamp", {"clamps", "clamp"}, false);
    options.SetsAttribute("ns3::TcpSocket::SegmentSize", {"mss"});
    if (!options.Parse(argc, argv))
    {
        return 2;
    }

    const std::string& e = setup.experiment;
    if (runs == 0)
    {
        runs = e == "short" ? 25 : 1;
    }
    std::vector<uint64_t> clamps;
    std::vector<uint64_t> sizes;
    ReadSizes(setup.clamps, 1, &clamps);
    ReadSizes(setup.sizes, 1, &sizes);
    // The table's rows: variant, C_clamp, size; recovery: each without, then with the outage.
    std::vector<Key> keys;
    if (e == "sweep")
    {
        keys.push_back(Key{"tcp", 0, setup.bytes, false});
        for (const uint64_t c : clamps)
        {
            keys.push_back(Key{"clamp", static_cast<uint32_t>(c), setup.bytes, false});
        }
    }
    else if (e == "short")
    {
        for (const uint64_t size : sizes)
        {
            keys.push_back(Key{"tcp", 0, size, false});
            keys.push_back(Key{"clamp", setup.clamp, size, false});
        }
    }
    else
    {
        for (const bool outage : {false, true})
        {
            keys.push_back(Key{"tcp", 0, setup.bytes, outage});
            keys.push_back(Key{"clamp", setup.clamp, setup.bytes, outage});
        }
    }
    // --clamps and --sizes may repeat a value: one row each.
    std::vector<Key> unique;
    for (const Key& key : keys)
    {
        if (std::find(unique.begin(), unique.end(), key) == unique.end())
        {
            unique.push_back(key);
        }
    }
    keys = unique;

    const uint64_t firstRun = RngSeedManager::GetRun();
    std::optional<uint64_t> tracedRun;
    std::vector<Job> all;
    for (const Key& key : keys)
    {
        for (uint32_t r = 0; r < runs; ++r)
        {
            // Traces of the --traceRun run: the sweep's and short's variants, the recovery's
            // outage runs.
            const bool traced = !outdir.empty() && traceRun.IsTraced(firstRun + r) &&
                                (e != "recovery" || key.outage);
            const std::string name = e + "-" + TraceName(key.variant, key.clamp) +
                                     (e == "short" ? "-" + std::to_string(key.bytes) : "");
            all.push_back(Job{key.variant,
                              key.clamp,
                              key.bytes,
                              key.outage,
                              firstRun + r,
                              traced ? outdir + "/" + name : ""});
            if (traced)
            {
                tracedRun = firstRun + r;
            }
        }
    }
    const std::vector<Result> measured =
        RunJobs("chakravorty-clamp", all.size(), jobs, [&setup, &all](std::size_t i) {
            return RunOne(setup, all[i]);
        });
    Table results;
    ExampleRunRows runRows({"experiment", "variant", "clamp_bytes", "size_bytes", "outage_s"},
                           {"transfer_time_s",
                            "goodput_kbps",
                            "rtt_median_s",
                            "rtt_max_s",
                            "utilisation",
                            "ggsn_buffer_mean_bytes",
                            "ggsn_buffer_max_bytes",
                            "timeouts",
                            "retransmissions"});
    for (std::size_t i = 0; i < all.size(); ++i)
    {
        const Job& job = all[i];
        const Result& r = measured[i];
        results[Key{job.variant, job.clamp, job.bytes, job.outage}].push_back(r);
        runRows.Add(
            {e,
             job.variant,
             job.clamp > 0 ? std::to_string(job.clamp) : "",
             std::to_string(job.bytes),
             e == "recovery" ? RunField(job.outage ? setup.outageLength.GetSeconds() : 0) : ""},
            job.run,
            r.complete,
            {r.complete ? RunField(r.transferS) : "",
             r.complete ? RunField(r.goodputKbps) : "",
             RunField(r.rttMedianS),
             RunField(r.rttMaxS),
             RunField(r.utilisation),
             RunField(r.bufferMeanBytes),
             RunField(r.bufferMaxBytes),
             std::to_string(r.timeouts),
             std::to_string(r.retransmissions)});
    }
    if (!runRows.Write(outdir))
    {
        return 1;
    }

    std::cout << "experiment,variant,clamp_bytes,size_bytes,runs,transfer_time_s,"
                 "transfer_time_stdev_s,rtt_median_s,rtt_max_s,goodput_kbps,utilisation,"
                 "ggsn_buffer_mean_bytes,ggsn_buffer_max_bytes,timeouts,retransmissions,"
                 "outage_s,recovery_s,incomplete\n";
    std::vector<std::pair<Key, Row>> rows;
    std::map<std::string, Row> baseline; // recovery: each variant without the outage
    for (const Key& key : keys)
    {
        const Row row = Aggregate(results[key]);
        rows.emplace_back(key, row);
        const bool complete = row.incomplete < row.runs;
        std::ostringstream line;
        line << std::fixed << std::setprecision(3) << e << "," << key.variant << ","
             << (key.clamp > 0 ? std::to_string(key.clamp) : "") << "," << key.bytes << ","
             << row.runs << ",";
        if (complete)
        {
            line << row.transfer << "," << row.transferSd;
        }
        else
        {
            line << ",";
        }
        line << "," << row.rttMedian << "," << row.rttMax << ",";
        if (complete)
        {
            line << row.goodput;
        }
        line << "," << row.utilisation << "," << row.bufferMean << "," << row.bufferMax << ","
             << row.timeouts << "," << row.retransmissions << ",";
        if (e == "recovery")
        {
            line << (key.outage ? setup.outageLength.GetSeconds() : 0.0);
        }
        line << ",";
        // Recovery: the time lost beyond the outage itself.
        if (!key.outage)
        {
            baseline[key.variant] = row;
        }
        else if (complete && baseline[key.variant].incomplete < baseline[key.variant].runs)
        {
            line << row.transfer - baseline[key.variant].transfer - setup.outageLength.GetSeconds();
        }
        line << "," << row.incomplete;
        std::cout << line.str() << "\n";
    }
    // The paper's rule for the best C_clamp (10-15 % above bandwidth x RTT), from the lowest
    // median RTT a clamp measured: the one with the least queueing.
    double lowestRtt = 0;
    for (const auto& [key, row] : rows)
    {
        if (key.variant == "clamp" && row.rttMedian > 0 &&
            (lowestRtt == 0 || row.rttMedian < lowestRtt))
        {
            lowestRtt = row.rttMedian;
        }
    }
    if (lowestRtt > 0 && e == "sweep")
    {
        const uint32_t downlinkPdchs = DownlinkPdchs(setup.testbed);
        std::cerr << "[chakravorty-clamp] GprsProxyHelper::DeriveClamp(" << downlinkPdchs << ", "
                  << setup.testbed.cs << ", " << lowestRtt << " s, the lowest median RTT of a "
                  << "clamp) = "
                  << GprsProxyHelper::DeriveClamp(downlinkPdchs,
                                                  ParseGprsCodingScheme(setup.testbed.cs),
                                                  Seconds(lowestRtt))
                  << " octets\n";
    }
    if (!outdir.empty())
    {
        std::vector<std::pair<Key, Row>> plotted;
        std::copy_if(rows.begin(), rows.end(), std::back_inserter(plotted), [&e](const auto& r) {
            return e != "recovery" || r.first.outage;
        });
        WriteFigures(setup, outdir, plotted, tracedRun);
    }
    return 0;
}
