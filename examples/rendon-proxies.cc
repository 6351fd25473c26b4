/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Rendon, Casadevall and Carrasco, "Wireless TCP proposals with proxy servers in the GPRS
// network": a 512 KB FTP download through TCP Reno end to end, a Snoop agent, a split
// connection, with and without LLC acknowledged mode, plus the cwnd clamp and the ACK-window
// clamp, for one user alone in the cell and in a busy cell of 15 users.
//
// Prints a CSV table (header first, one row per scenario and variant); --outdir receives
// rendon-throughput.dat and a gnuplot bar chart (rendered to PNG when gnuplot is installed).
// --jobs runs independent simulations in parallel processes; the output does not depend on it.

#include "common/example-jobs.h"
#include "common/example-option-text.h"
#include "common/example-options.h"
#include "common/example-plot.h"
#include "common/example-runs.h"
#include "common/example-statistics.h"
#include "common/example-traces.h"
#include "setups/rendon-setup.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <vector>

using namespace ns3;

namespace
{

const std::vector<std::string> kScenarios{"one-user", "busy"}; //!< the paper's two cells
const std::vector<std::string> kVariants{"reno",
                                         "snoop",
                                         "split",
                                         "reno-llc-ack",
                                         "split-llc-ack",
                                         "clamp",
                                         "ack-window"}; //!< the paper's five, and two more

constexpr uint16_t kDownloadPort = 5000; //!< the measured download's sink

/// One simulation.
struct Job
{
    std::string scenario; //!< one-user or busy
    std::string variant;  //!< a kVariants entry
    uint64_t run;         //!< RNG run number
    std::string traces;   //!< directory for its traces (--traceRun), or empty
};

/// What one simulation measured.
struct Result
{
    bool complete{false};      //!< the download completed within --limit
    double throughputKbps{0};  //!< its throughput, if complete
    uint64_t bytesReceived{0}; //!< what the mobile received of it
    uint64_t fhSegments{0};    //!< data segments the fixed host sent
    uint64_t fhData{0};        //!< of which data-driven retransmissions
    uint64_t fhTimer{0};       //!< of which timer-driven retransmissions
    uint64_t fhTimeouts{0};    //!< the fixed host's retransmission timeouts
    uint64_t pxSegments{0};    //!< data segments the proxy sent to the mobile
    uint64_t pxData{0};        //!< of which its data-driven retransmissions
    uint64_t pxTimer{0};       //!< of which its timer-driven retransmissions
    double backgroundKbps{0};  //!< the background users' received rate during the download
    double offeredPct{0};      //!< what the busy cell's background users offered, % of its PDCHs
};

/**
 * \param setup the inputs
 * \param built the run
 * \param end when it ended
 * \return the octets the measured cell's background users offered from 0 to end, in % of
 *         what its PDCHs carry in that time (RLC data rate of --cs); 0 without them
 */
double
OfferedPercent(const RendonSetup& setup, const RendonRun& built, Time end)
{
    uint64_t offered = 0;
    for (const auto& g : built.backgroundGenerators)
    {
        offered += g->GetBytesOffered();
    }
    const double capacityBps =
        setup.pdchs * GetGprsCodingSchemeInfo(ParseGprsCodingScheme(setup.cs)).dataRateBps;
    return 100.0 * offered * 8 / end.GetSeconds() / capacityBps;
}

Result
RunOne(const RendonSetup& setup, const Job& job)
{
    RngSeedManager::SetRun(job.run);
    const bool busy = job.scenario == "busy";
    const RendonRun built = BuildRendonRun(setup, job.variant, busy);
    const GprsScenario& s = built.scenario;
    const Ptr<GprsProxy>& proxy = built.proxy;
    const std::vector<Ptr<GprsTrafficSink>>& backgroundSinks = built.backgroundSinks;

    const Time start = busy ? setup.warmup : Seconds(1);
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), kDownloadPort));
    const auto sink = DynamicCast<PacketSink>(sinkHelper.Install(s.mobiles.Get(0)).Get(0));
    BulkSendHelper bulk("ns3::TcpSocketFactory",
                        InetSocketAddress(s.GetMobileAddress(0), kDownloadPort));
    bulk.SetAttribute("MaxBytes", UintegerValue(setup.bytes));
    // Writes of one segment: a sender limited by its send buffer then still sends full segments
    // (ns-3 sends what it has at once, without Nagle's algorithm).
    bulk.SetAttribute("SendSize", UintegerValue(setup.mss));
    bulk.Install(s.server).Start(start);
    GprsTcpTracer tracer(job.traces);
    tracer.WatchTcp(s.server, start, sink, setup.bytes);
    if (!job.traces.empty())
    {
        if (s.pcu)
        {
            tracer.WatchRlc(s.pcu, 0);
        }
        EnableRunTraces(s, job.traces);
    }

    uint64_t backgroundAtStart = 0;
    Simulator::Schedule(start, [&backgroundAtStart, &backgroundSinks]() {
        for (const auto& b : backgroundSinks)
        {
            backgroundAtStart += b->GetTotalRx();
        }
    });
    Simulator::Stop(start + setup.limit);
    Simulator::Run();

    Result r;
    r.complete = tracer.GetBytesReceived() >= setup.bytes;
    r.bytesReceived = tracer.GetBytesReceived();
    const Time end = r.complete ? tracer.GetLastReceive() : start + setup.limit;
    if (r.complete)
    {
        r.throughputKbps = setup.bytes * 8 / (end - start).GetSeconds() / 1000;
    }
    r.fhSegments = tracer.GetDataSegments();
    r.fhData = tracer.GetDataDrivenRetransmissions();
    r.fhTimer = tracer.GetTimerDrivenRetransmissions();
    r.fhTimeouts = tracer.GetTimeouts();
    const GprsProxyCounters c = GprsProxyHelper::GetCounters(proxy);
    r.pxSegments = c.dataSegmentsToMobile;
    r.pxData = c.dataDrivenRetransmissions;
    r.pxTimer = c.timerDrivenRetransmissions;
    uint64_t background = 0;
    for (const auto& b : backgroundSinks)
    {
        background += b->GetTotalRx();
    }
    r.backgroundKbps = (background - backgroundAtStart) * 8 / (end - start).GetSeconds() / 1000;
    r.offeredPct = OfferedPercent(setup, built, end);
    tracer.Close();
    Simulator::Destroy();
    return r;
}

/**
 * \param part retransmissions
 * \param whole segments
 * \return part / whole in %, or empty when there were no segments
 */
std::string
Percent(uint64_t part, uint64_t whole)
{
    if (whole == 0)
    {
        return "";
    }
    std::ostringstream out;
    out << std::fixed << std::setprecision(3) << 100.0 * part / whole;
    return out.str();
}

/**
 * \param names the names allowed
 * \return a check of a comma-separated list of them (ReadChoiceList)
 */
std::function<bool(const std::string&)>
ListOf(const std::vector<std::string>& names)
{
    return [&names](const std::string& text) { return ReadChoiceList(text, names, nullptr); };
}

/**
 * \param names all the names, in the table's order
 * \param list a comma-separated list of some
 * \return those listed, in the table's order, once each
 */
std::vector<std::string>
Selected(const std::vector<std::string>& names, const std::string& list)
{
    const auto given = SplitList(list);
    std::vector<std::string> selected;
    std::copy_if(names.begin(), names.end(), std::back_inserter(selected), [&given](const auto& n) {
        return std::count(given.begin(), given.end(), n) > 0;
    });
    return selected;
}

} // namespace

int
main(int argc, char* argv[])
{
    RendonSetup setup;
    std::string scenarioList = "one-user,busy";
    std::string variantList = "reno,snoop,split,reno-llc-ack,split-llc-ack,clamp,ack-window";
    uint32_t runs = 30;
    uint32_t jobs = 1;
    std::string outdir;
    ExampleTraceRun traceRun("none");

    ExampleOptions options(
        __FILE__,
        "Rendon, Casadevall and Carrasco, 'Wireless TCP proposals with proxy servers in the "
        "GPRS network': the throughput of a --bytes FTP download from an Internet server to a "
        "mobile, for each scenario of --scenarios (one-user: the mobile alone in the cell; "
        "busy: with --users background users, 50 % e-mail, 30 % WWW, 20 % FTP, UMTS 30.03 "
        "traffic, FTP files of --ftpCallBytes on average, running --warmup before the download "
        "starts, in a reuse pattern with --coChannelCells co-channel cells of as many users "
        "each whose load sets the C/I) and each variant of --variants "
        "(reno: TCP Reno end to end; snoop: a Snoop agent; split: a split connection; "
        "reno-llc-ack, split-llc-ack: the same with LLC acknowledged mode, at most --llcN200 "
        "retransmissions; clamp: the split connection whose leg to the mobile has a fixed "
        "window --clamp; ack-window: the mobile's advertised window lowered to --clamp), "
        "averaged over --runs runs (RNG runs --RngRun .. --RngRun + runs - 1, the same for every "
        "variant). The proxy sits between the Internet and the GGSN and serves the measured "
        "mobile only; LLC acknowledged mode is the measured mobile's. Prints CSV with columns "
        "scenario, variant, runs, throughput_kbps and throughput_stdev_kbps (over the complete "
        "runs), fh_data_retx_pct and fh_timer_retx_pct (the fixed host's retransmissions on "
        "duplicate ACKs and after a timeout, classified by its congestion state: CA_LOSS "
        "after an RTO, per 100 data segments it sent), proxy_data_retx_pct and "
        "proxy_timer_retx_pct (the proxy's, per 100 data segments it sent to the mobile; empty "
        "without a proxy that sends), fh_timeouts (per run), incomplete (runs that hit "
        "--limit), background_kbps (what the background users received during the download), "
        "offered_pct (what they offered over the whole run, in % of the RLC data rate of the "
        "cell's PDCHs) and skipped (why a variant was not run); --outdir receives runs.csv (one "
        "row per run: scenario, variant, run, complete, throughput_kbps, bytes_received, the "
        "fixed host's and the proxy's segments and retransmissions, fh_timeouts, "
        "background_kbps, offered_pct), "
        "rendon-throughput.dat and rendon-throughput.gp, a bar chart rendered to PNG when "
        "gnuplot is installed, on which a bar that averages only its complete runs is marked "
        "below it ('busy 2/3') and in red at the top ('busy: 2/3 runs complete'; none "
        "complete: no bar). "
        "Paper "
        "setup: 512 KB, TCP Reno, MSS 430, Internet loss below 1 % and Gaussian delay with "
        "mean 100 ms, GGSN-SGSN 2 Mbit/s (here the proxy-GGSN link), 4 PDCHs, CS-2, C/I 24 dB. "
        "The paper's radio is statistical (a packet error rate and a delay histogram); here "
        "the cell is the module's block-level model: each 20 ms radio block of CS-2 is lost "
        "with the BLER of the C/I (2.3e-4 at 24 dB), RLC unacknowledged mode (--rlcMode) so "
        "that a lost block loses its LLC frame and IP packet (about 0.4 % of 470-octet "
        "packets) unless LLC acknowledged mode resends it, and the delay comes from TBF "
        "set-up, scheduling among the users, RLC and the GGSN buffer, not from a histogram. "
        "Choices where the paper is silent: TCP Reno as ns-3's TcpNewReno with "
        "TcpClassicRecovery, without SACK and timestamps; receive window 65535 (no window "
        "scaling), send buffer 32768 octets; delay standard deviation --delayStdev, per packet, "
        "order kept unless --reorder; Internet link 10 Mbit/s, SGSN-BSS not a bottleneck (the "
        "module's 20 ms core network delay); multislot class 8 (4+1); C_clamp by Chakravorty & "
        "Pratt's rule for a 1 s RTT; the busy cell's FTP files 512 KB on average, the size of "
        "the paper's FTP file (the paper gives the bursts' rate, not their size; --ftpCallBytes "
        "11993 is one UMTS 30.03 packet call, as WWW pages and e-mail messages are); the busy "
        "cell's C/I load-dependent: --ci is the C/I with every co-channel cell transmitting "
        "all the time, and idle co-channel cells raise it up to 20 dB "
        "(GprsCoChannelInterference), 6 first-tier co-channel cells of equal weight. "
        "ack-window is skipped on ns-3 before 3.41 (this is " +
            gprs::Ns3VersionText() +
            "), whose TCP crashes a sender limited by its peer's window at its first duplicate "
            "ACK (ns-3 issue #991). --radio=statistical replaces the cell by the paper's "
            "statistical radio (GprsStatisticalChannel): the downlink rate of --pdchs PDCHs of "
            "--cs shared by the users, one timeslot's rate on each uplink, a packet error rate "
            "per transmission (a full segment's blocks at the BLER of --cs at --ci, a constant), "
            "a delay drawn per packet (uniform 100-200 ms) that lets packets overtake, and LLC "
            "acknowledged mode as --llcN200 link-level retransmissions; its attributes "
            "(--ns3::GprsStatisticalChannel::Reorder=false, ::Delay, ::ErrorUnit) change it. "
            "Without the cell, --rlcMode does nothing and --traceRun writes no RLC or GSMTAP "
            "trace.");
    options.AddChecked("scenarios",
                       "scenarios, comma-separated",
                       scenarioList,
                       "a comma-separated list of one-user, busy, each once",
                       ListOf(kScenarios));
    options.AddChecked("variants",
                       "variants, comma-separated",
                       variantList,
                       "a comma-separated list of reno, snoop, split, reno-llc-ack, "
                       "split-llc-ack, clamp, ack-window, each once",
                       ListOf(kVariants));
    options.AddInteger<uint32_t>("runs", "runs per scenario and variant", runs, 1, 1000);
    options.AddInteger<uint32_t>("jobs", "parallel worker processes", jobs, 1, 64);
    options.AddInteger<uint64_t>("bytes",
                                 "bytes to download (paper: 512 KB)",
                                 setup.bytes,
                                 1,
                                 UINT32_MAX);
    options.AddMss("TCP MSS, octets (paper: 430)", setup.mss);
    options.AddNumber("internetLoss",
                      "Internet packet loss probability, each direction (paper: below 1 %)",
                      setup.internetLoss,
                      0,
                      0.5,
                      "");
    options.AddDelay("internetDelay",
                     "mean one-way Internet delay (paper: 100 ms)",
                     setup.internetDelay,
                     true);
    options.AddTime("delayStdev",
                    "standard deviation of the Internet delay, drawn per packet within 0 .. twice "
                    "the mean (not in the paper)",
                    setup.delayStdev,
                    NanoSeconds(1),
                    kMaxExampleDelay,
                    true,
                    true);
    options.AddFlag("reorder",
                    "let packets overtake on the Internet link (default: the order is kept)",
                    setup.reorder);
    options.AddFlag("sack",
                    "TCP selective acknowledgments, RFC 2018, at every end (paper: Reno, none)",
                    setup.sack);
    options.AddPdchs("pdchs", "PDCHs in the cell (paper: 4)", setup.pdchs);
    options.AddCodingScheme("cs", "coding scheme, both directions (paper: CS-2)", setup.cs);
    options.AddRadioConditions("ci", "C/I of every mobile, dB (paper: 24)", setup.ci);
    options.AddChecked(
        "radio",
        "radio model: cell (the module's block-level cell) or statistical (the "
        "paper's: rate, packet error rate, per-packet delay)",
        setup.radio,
        "cell or statistical",
        [](const std::string& text) { return text == "cell" || text == "statistical"; });
    options.AddChecked(
        "rlcMode",
        "RLC mode (paper: radio losses reach LLC, so Unacknowledged)",
        setup.rlcMode,
        "Acknowledged or Unacknowledged",
        [](const std::string& text) { return text == "Acknowledged" || text == "Unacknowledged"; });
    options.AddInteger<uint32_t>("llcN200",
                                 "LLC acknowledged mode: retransmissions of a frame (paper: 2)",
                                 setup.llcN200,
                                 1,
                                 15);
    options.AddInteger<uint32_t>("users",
                                 "background users of the busy cell (paper: 15)",
                                 setup.users,
                                 1,
                                 1000);
    options.AddInteger<uint64_t>("ftpCallBytes",
                                 "busy cell: mean octets of a background FTP file, a UMTS 30.03 "
                                 "packet call of that many octets on average (default: the "
                                 "paper's FTP file, 512 KB; 11993: 25 datagrams, as a WWW page "
                                 "and an e-mail message, whose ns3::GprsTrafficGenerator::"
                                 "DatagramsPerPacketCall this leaves alone)",
                                 setup.ftpCallBytes,
                                 480,
                                 100000000);
    options.AddInteger<uint32_t>("coChannelCells",
                                 "busy cell: co-channel cells around it, each with --users "
                                 "background users of its own, whose load sets the C/I (0: "
                                 "the C/I is --ci, fixed; default 6, the first tier of a regular "
                                 "reuse pattern; the cell radio only, --radio=statistical has "
                                 "none)",
                                 setup.coChannelCells,
                                 0,
                                 18);
    options.AddDuration("warmup",
                        "busy cell: background traffic before the download starts",
                        setup.warmup);
    options.AddInteger<uint32_t>("clamp",
                                 "C_clamp of clamp and the window of ack-window, octets; 0: "
                                 "derived for the cell and a 1 s RTT",
                                 setup.clamp,
                                 0,
                                 UINT32_MAX);
    options.AddDuration("limit",
                        "simulated time after which a download counts as incomplete",
                        setup.limit);
    options.AddOutputDirectory("outdir",
                               "directory for runs.csv, the .dat file and the bar chart",
                               outdir);
    traceRun.AddTo(
        options,
        "for each scenario and variant, the GprsTcpTracer files of the download "
        "(tcp-sender.dat, rtt.dat, cwnd.dat, rlc-dl.dat, ...), server.pcap, "
        "ggsn.pcap, mobile.pcap, gsmtap.pcap and the mobile's RLC block trace, in "
        "trace-run<K>-<scenario>-<variant>",
        [&runs]() { return runs; },
        &outdir);
    options.Require("clamp", "0 or at least the MSS, --mss", [&setup]() {
        return setup.clamp == 0 || setup.clamp >= setup.mss;
    });
    options.Require("ci", "a constant C/I in dB with --radio=statistical", [&setup]() {
        return setup.radio != "statistical" || TryParseGprsNumber(setup.ci).has_value();
    });
    options.SetsAttribute("ns3::GprsPcu::RlcMode", {"rlcMode"});
    options.SetsAttribute("ns3::GprsPcu::LlcN200", {"llcN200"});
    options.SetsAttribute("ns3::GprsMsNetDevice::LlcMode", {"variants"}, false);
    options.SetsAttribute("ns3::GprsMsNetDevice::MultislotClass");
    options.SetsAttribute("ns3::GprsStatisticalChannel::DownlinkRate", {"pdchs", "cs"}, false);
    options.SetsAttribute("ns3::GprsStatisticalChannel::UplinkRate", {"cs"}, false);
    options.SetsAttribute("ns3::GprsStatisticalChannel::CodingScheme", {"cs"});
    options.SetsAttribute("ns3::GprsStatisticalChannel::BlockErrorRate", {"cs", "ci"}, false);
    options.SetsAttribute("ns3::GprsStatisticalChannel::PacketErrorRate",
                          {"cs", "ci", "mss"},
                          false);
    options.SetsAttribute("ns3::GprsStatisticalNetDevice::MaxRetransmissions",
                          {"variants", "llcN200"},
                          false);
    options.SetsAttribute("ns3::BulkSendApplication::MaxBytes", {"bytes"});
    options.SetsAttribute("ns3::BulkSendApplication::SendSize", {"mss"});
    options.SetsAttribute("ns3::PointToPointChannel::Delay",
                          {"internetDelay", "delayStdev"},
                          false);
    options.SetsAttribute("ns3::PointToPointNetDevice::DataRate");
    options.SetsAttribute("ns3::RateErrorModel::ErrorRate", {"internetLoss"});
    options.SetsAttribute("ns3::TcpL4Protocol::SocketType");
    options.SetsAttribute("ns3::TcpL4Protocol::RecoveryType");
    options.SetsAttribute("ns3::TcpSocket::RcvBufSize");
    options.SetsAttribute("ns3::TcpSocket::SndBufSize");
    options.SetsAttribute("ns3::TcpSocketBase::Sack", {"sack"});
    options.SetsAttribute("ns3::TcpSocketBase::Timestamp");
    options.SetsAttribute("ns3::GprsTcpClamp::Clamp", {"clamp"});
    options.SetsAttribute("ns3::GprsAckWindowClamp::Window", {"clamp"});
    options.SetsAttribute("ns3::GprsSplitProxy::RelayBufferSize", {"bytes"}, false);
    options.SetsAttribute("ns3::GprsProxy::MobileNetwork");
    options.SetsAttribute("ns3::GprsProxy::MobileMask");
    options.SetsAttribute("ns3::GprsTrafficGenerator::Remote");
    if (!options.Parse(argc, argv))
    {
        return 2;
    }

    const std::vector<std::string> scenarios = Selected(kScenarios, scenarioList);
    const std::vector<std::string> variants = Selected(kVariants, variantList);
    const std::string skipReason = "ns-3 " + gprs::Ns3VersionText() + " < 3.41 (issue #991)";
    const auto skipped = [&skipReason](const std::string& variant) {
        return variant == "ack-window" && !gprs::kWindowLimitedSenderSurvivesLoss ? skipReason : "";
    };
    if (std::count(variants.begin(), variants.end(), "ack-window") > 0 &&
        !skipped("ack-window").empty())
    {
        std::cerr << "[rendon-proxies] ack-window skipped: ns-3 " << gprs::Ns3VersionText()
                  << " crashes a TCP sender limited by its peer's receive window at its first "
                     "duplicate ACK (issue #991, fixed in 3.41)\n";
    }

    const uint64_t firstRun = RngSeedManager::GetRun();
    std::vector<Job> all;
    for (const auto& scenario : scenarios)
    {
        for (const auto& variant : variants)
        {
            for (uint32_t r = 0; skipped(variant).empty() && r < runs; ++r)
            {
                const uint64_t run = firstRun + r;
                all.push_back(Job{scenario,
                                  variant,
                                  run,
                                  traceRun.IsTraced(run) && !outdir.empty()
                                      ? ExampleTraceRun::Directory(outdir, run, {scenario, variant})
                                      : ""});
            }
        }
    }
    std::map<std::pair<std::string, std::string>, std::vector<Result>> results;
    const std::vector<Result> measured =
        RunJobs("rendon-proxies", all.size(), jobs, [&setup, &all](std::size_t i) {
            return RunOne(setup, all[i]);
        });
    ExampleRunRows runRows({"scenario", "variant"},
                           {"throughput_kbps",
                            "bytes_received",
                            "fh_segments",
                            "fh_data_retx",
                            "fh_timer_retx",
                            "fh_timeouts",
                            "proxy_segments",
                            "proxy_data_retx",
                            "proxy_timer_retx",
                            "background_kbps",
                            "offered_pct"});
    std::map<std::pair<std::string, std::string>, RunCount> counts;
    for (std::size_t i = 0; i < all.size(); ++i)
    {
        const Result& r = measured[i];
        results[{all[i].scenario, all[i].variant}].push_back(r);
        counts[{all[i].scenario, all[i].variant}].Add(r.complete);
        runRows.Add({all[i].scenario, all[i].variant},
                    all[i].run,
                    r.complete,
                    {r.complete ? RunField(r.throughputKbps) : "",
                     std::to_string(r.bytesReceived),
                     std::to_string(r.fhSegments),
                     std::to_string(r.fhData),
                     std::to_string(r.fhTimer),
                     std::to_string(r.fhTimeouts),
                     std::to_string(r.pxSegments),
                     std::to_string(r.pxData),
                     std::to_string(r.pxTimer),
                     RunField(r.backgroundKbps),
                     RunField(r.offeredPct)});
    }

    std::cout << "scenario,variant,runs,throughput_kbps,throughput_stdev_kbps,fh_data_retx_pct,"
                 "fh_timer_retx_pct,proxy_data_retx_pct,proxy_timer_retx_pct,fh_timeouts,"
                 "incomplete,background_kbps,offered_pct,skipped\n";
    // Per variant, the mean and standard deviation of each scenario, for the bar chart.
    std::map<std::string, std::map<std::string, std::pair<double, double>>> bars;
    for (const auto& scenario : scenarios)
    {
        for (const auto& variant : variants)
        {
            const std::vector<Result>& rs = results[{scenario, variant}];
            std::vector<double> throughputs;
            std::vector<double> background;
            std::vector<double> offered;
            Result sum;
            uint32_t incomplete = 0;
            for (const Result& r : rs)
            {
                if (r.complete)
                {
                    throughputs.push_back(r.throughputKbps);
                }
                incomplete += r.complete ? 0 : 1;
                background.push_back(r.backgroundKbps);
                offered.push_back(r.offeredPct);
                sum.fhSegments += r.fhSegments;
                sum.fhData += r.fhData;
                sum.fhTimer += r.fhTimer;
                sum.fhTimeouts += r.fhTimeouts;
                sum.pxSegments += r.pxSegments;
                sum.pxData += r.pxData;
                sum.pxTimer += r.pxTimer;
            }
            std::ostringstream row;
            row << std::fixed << std::setprecision(3) << scenario << "," << variant << ","
                << rs.size() << ",";
            if (!throughputs.empty())
            {
                row << Mean(throughputs) << "," << StandardDeviation(throughputs);
                bars[variant][scenario] = {Mean(throughputs), StandardDeviation(throughputs)};
            }
            else
            {
                row << ",";
            }
            row << "," << Percent(sum.fhData, sum.fhSegments) << ","
                << Percent(sum.fhTimer, sum.fhSegments) << ","
                << Percent(sum.pxData, sum.pxSegments) << ","
                << Percent(sum.pxTimer, sum.pxSegments) << ",";
            if (!rs.empty())
            {
                row << static_cast<double>(sum.fhTimeouts) / rs.size() << "," << incomplete << ","
                    << Mean(background) << "," << Mean(offered);
            }
            else
            {
                row << ",,,";
            }
            row << "," << skipped(variant);
            std::cout << row.str() << "\n";
        }
    }

    if (!runRows.Write(outdir))
    {
        return 1;
    }
    if (!outdir.empty())
    {
        // One line per variant run: its mean and standard deviation in each scenario, "?" where
        // none was measured.
        std::ofstream dat(outdir + "/rendon-throughput.dat");
        dat << "# variant";
        for (const auto& scenario : scenarios)
        {
            dat << " " << scenario << "_kbps " << scenario << "_stdev_kbps";
        }
        dat << "\n" << std::fixed << std::setprecision(3);
        // A variant none of whose runs completed keeps its place (no bar, "?"), so that its
        // tic can say so.
        std::vector<std::string> plotted;
        std::vector<std::vector<std::pair<std::string, RunCount>>> marks;
        std::vector<std::pair<std::string, RunCount>> elements;
        for (const auto& variant : variants)
        {
            if (!skipped(variant).empty())
            {
                continue;
            }
            plotted.push_back(variant);
            marks.emplace_back();
            for (const auto& scenario : scenarios)
            {
                const RunCount& count = counts[{scenario, variant}];
                marks.back().emplace_back(scenario, count);
                elements.emplace_back(scenario + " " + variant, count);
            }
            dat << variant;
            for (const auto& scenario : scenarios)
            {
                const auto it = bars[variant].find(scenario);
                if (it == bars[variant].end())
                {
                    dat << " ? ?";
                }
                else
                {
                    dat << " " << it->second.first << " " << it->second.second;
                }
            }
            dat << "\n";
        }
        dat.close();
        std::ofstream gp(outdir + "/rendon-throughput.gp");
        gp << "set terminal pngcairo size 1000,600 noenhanced\n"
              "set output 'rendon-throughput.png'\n"
              "set title \"Throughput of a "
           << setup.bytes << "-byte download (Rendon et al. setup), mean and standard deviation of "
           << runs << " runs"
           << (std::count(variants.begin(), variants.end(), "ack-window") > 0 &&
                       !skipped("ack-window").empty()
                   ? "\\nack-window not run: " + skipReason
                   : std::string())
           << "\"\n"
           << "set ylabel 'throughput (kbit/s)'\nset yrange [0:*]\nset grid ytics\n"
              "set datafile missing '?'\n"
              "set style data histograms\nset style histogram errorbars gap 2 lw 1\n"
              "set style fill solid 0.5 border -1\nset key below\n"
           << GnuplotMarkedTics(plotted, marks) << GnuplotIncompleteNote(elements);
        gp << "plot ";
        for (std::size_t i = 0; i < scenarios.size(); ++i)
        {
            gp << (i > 0 ? ", '' " : "'rendon-throughput.dat' ") << "using " << 2 + 2 * i << ":"
               << 3 + 2 * i << " title '"
               << (scenarios[i] == "busy"
                       ? "busy cell (" + std::to_string(setup.users) + " more users)"
                       : std::string("one user"))
               << "'";
        }
        gp << "\n";
        gp.close();
        if (!RenderGnuplot(outdir, "rendon-throughput.gp"))
        {
            std::cerr << "warning: gnuplot failed on " << outdir << "/rendon-throughput.gp\n";
        }
    }
    return 0;
}
