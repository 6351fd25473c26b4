/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Benko, Malicsko and Veres, "A large-scale, passive analysis of end-to-end TCP performance
// over GPRS" (INFOCOM 2004), re-run on a simulated population: --users mobiles in --cells CS-2
// cells behind one GGSN browse (GprsWwwTraffic) and download (GprsFtpTraffic) with TCP options
// drawn per user; the Gi interface (the GGSN's Internet side) is captured with ns-3's pcap
// helpers, one file per run, and each capture is then read by the same analyzer as the
// gprs-gi-analyzer program (GprsGiPcapReader, GprsGiAnalyzer). Prints one CSV with the
// quantities of the study's figures; --outdir receives a CSV per figure, .dat files, a gnuplot
// script and its PNG, the captures and the analyzer's per-connection CSV. --jobs runs the
// independent runs in parallel processes; the output does not depend on it.

#include "common/example-jobs.h"
#include "common/example-option-text.h"
#include "common/example-options.h"
#include "common/example-plot.h"
#include "common/example-progress.h"
#include "common/example-runs.h"
#include "common/example-statistics.h"
#include "common/example-traces.h"
#include "setups/benko-setup.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <vector>

using namespace ns3;

namespace
{

/**
 * Simulate one run and write its Gi capture.
 * \param setup the settings
 * \param run the RNG run
 * \param pcap the capture's file
 * \param progress report progress on stderr
 * \param traces directory for the run's radio traces (--traceRun), or empty
 * \return every mobile's timeslots
 */
std::vector<BenkoMobileSlots>
RunOne(const BenkoSetup& setup,
       uint64_t run,
       const std::string& pcap,
       bool progress,
       const std::string& traces)
{
    RngSeedManager::SetRun(run);
    int64_t stream = 0;
    const GprsScenario s = BuildBenkoCells(setup, stream);

    // The Gi capture: the GGSN's Internet-side device, both directions, as PPP.
    PcapHelper pcapHelper;
    const Ptr<PcapFileWrapper> file =
        pcapHelper.CreateFile(pcap, std::ios::out, gprs::kPcapLinkTypePpp);
    pcapHelper.HookDefaultSink<PointToPointNetDevice>(
        DynamicCast<PointToPointNetDevice>(s.internetDevices.Get(1)),
        "PromiscSniffer",
        file);

    if (!traces.empty())
    {
        // The population's radio: every cell's GSMTAP capture, every mobile's RLC blocks.
        std::filesystem::create_directories(traces);
        GprsHelper radio;
        radio.EnableGsmtap(traces + "/gsmtap", s.bssDevices);
        radio.EnableRlcTraces(traces + "/rlc", s.msDevices);
    }

    const std::vector<BenkoMobileSlots> mobiles = InstallBenkoUsers(setup, s, stream);
    uint64_t captured = 0;
    if (progress)
    {
        s.internetDevices.Get(1)->TraceConnectWithoutContext(
            "PromiscSniffer",
            MakeCallback(+[](uint64_t* n, Ptr<const Packet>) { ++*n; }).Bind(&captured));
        ReportProgress("benko-gi", setup.duration, [&captured]() {
            return std::to_string(captured) + " packets captured at the Gi";
        });
    }
    Simulator::Stop(setup.duration);
    Simulator::Run();
    file->Close();
    Simulator::Destroy();
    return mobiles;
}

/// A set of samples with its median and mean.
struct Samples
{
    std::vector<double> values; //!< the samples

    /// \param os receives "count,share,median,mean" of the samples (share of \p total)
    void Write(std::ostream& os, uint64_t total) const
    {
        os << values.size() << ',';
        if (total > 0)
        {
            os << static_cast<double>(values.size()) / static_cast<double>(total);
        }
        os << ',';
        if (!values.empty())
        {
            os << Median(values) << ',' << Mean(values);
        }
        else
        {
            os << ',';
        }
    }
};

/**
 * summary.txt: GprsGiSummary's text (what gprs-gi-analyzer writes of a capture), with its
 * greedy-flow classes by SACK and by window, each over all flows, replaced by the goodput
 * table's (SACK among flows with a high window, windows among flows with SACK), so that
 * summary.txt and the CSV give one answer; then how many users' windows ns-3 before 3.41
 * forced to 65535 (users without SACK), which is why the classes are held so.
 * \param text GprsGiSummary::Write's text
 * \param goodput the goodput table's classes, kbit/s
 * \param forced users given the high window instead of their drawn one
 * \param users users over all runs
 * \return the summary
 */
std::string
OneAnswerSummary(const std::string& text,
                 const std::map<std::string, Samples>& goodput,
                 uint64_t forced,
                 uint64_t users)
{
    std::istringstream in(text);
    std::ostringstream out;
    out << std::setprecision(6);
    std::string line;
    bool replaced = false;
    const auto classes = [&out, &goodput]() {
        for (const auto& [key, samples] : goodput)
        {
            if (key.rfind("sack=", 0) == 0 || key.rfind("rwnd=", 0) == 0)
            {
                out << "greedy R " << key << ": " << samples.values.size() << " flows, mean "
                    << Mean(samples.values) * 1000 << " bit/s\n";
            }
        }
    };
    while (std::getline(in, line))
    {
        if (line.rfind("greedy R sack=", 0) == 0 || line.rfind("greedy R rwnd=", 0) == 0)
        {
            if (!replaced)
            {
                classes();
                replaced = true;
            }
            continue;
        }
        out << line << "\n";
    }
    if (!replaced)
    {
        classes();
    }
    out << "rwnd forced to " << kRwndHigh << " (users without SACK, ns-3 before 3.41, issue "
        << "#991): " << forced << " of " << users
        << " users; so windows are compared among flows with SACK and SACK among flows with "
           "a high window, here as in the CSV\n";
    return out.str();
}

/// What the analyzer found over every run, grouped as the study's figures.
struct Figures
{
    std::map<std::string, Samples> setup;    //!< set-up delay (s) by branch/background
    uint64_t handshakes = 0;                 //!< connections with a set-up delay
    Samples rtt;                             //!< GPRS RTT, s
    std::map<uint32_t, Samples> rateBySlots; //!< channel rate per period, kbit/s, by slots
    std::map<std::string, Samples> goodput;  //!< R of greedy flows, kbit/s, by option class
    std::array<uint64_t, 4> loss{};          //!< access down, Internet down, access up, up
    uint64_t connections = 0;                //!< connections
};

/// \return the mode of rates as the centre of its 1 kbit/s bin (0 if none)
double
Mode(const std::vector<double>& kbps)
{
    std::map<int64_t, uint64_t> bins;
    for (const double v : kbps)
    {
        bins[static_cast<int64_t>(std::floor(v))]++;
    }
    int64_t best = 0;
    uint64_t most = 0;
    for (const auto& [bin, n] : bins)
    {
        if (n > most)
        {
            best = bin;
            most = n;
        }
    }
    return most == 0 ? 0 : static_cast<double>(best) + 0.5;
}

/**
 * Write the figures as CSV files, .dat files and a gnuplot script.
 * \param f the figures
 * \param dir the directory
 */
void
WriteFigures(const Figures& f, const std::string& dir)
{
    {
        std::ofstream csv(dir + "/setup-tree.csv");
        std::ofstream dat(dir + "/setup-tree.dat");
        csv << "branch,count,share,median_s,mean_s\n";
        int index = 0;
        for (const auto& [key, samples] : f.setup)
        {
            csv << key << ',';
            samples.Write(csv, f.handshakes);
            csv << '\n';
            dat << index++ << " \"" << key << "\" " << samples.values.size() << ' '
                << Median(samples.values) << '\n';
        }
    }
    {
        std::vector<double> rtt = f.rtt.values;
        std::sort(rtt.begin(), rtt.end());
        std::ofstream csv(dir + "/rtt.csv");
        std::ofstream dat(dir + "/rtt.dat");
        csv << "gprs_rtt_s,cdf\n";
        for (std::size_t i = 0; i < rtt.size(); ++i)
        {
            const double cdf = static_cast<double>(i + 1) / static_cast<double>(rtt.size());
            csv << rtt[i] << ',' << cdf << '\n';
            dat << rtt[i] << ' ' << cdf << '\n';
        }
    }
    {
        std::map<int64_t, std::array<uint64_t, 2>> bins;
        for (const auto& [slots, samples] : f.rateBySlots)
        {
            for (const double v : samples.values)
            {
                bins[static_cast<int64_t>(std::floor(v))][slots == 3 ? 1 : 0]++;
            }
        }
        std::ofstream csv(dir + "/channel-rate.csv");
        std::ofstream dat(dir + "/channel-rate.dat");
        csv << "rate_kbps_bin,periods_2_slots,periods_3_slots,periods\n";
        for (const auto& [bin, n] : bins)
        {
            csv << bin << ',' << n[0] << ',' << n[1] << ',' << n[0] + n[1] << '\n';
            dat << bin + 0.5 << ' ' << n[0] << ' ' << n[1] << '\n';
        }
    }
    {
        std::ofstream csv(dir + "/goodput.csv");
        std::ofstream dat(dir + "/goodput.dat");
        csv << "class,flows,median_kbps,mean_kbps\n";
        int index = 0;
        for (const auto& [key, samples] : f.goodput)
        {
            csv << key << ',' << samples.values.size() << ',';
            if (!samples.values.empty())
            {
                csv << Median(samples.values) << ',' << Mean(samples.values);
            }
            else
            {
                csv << ',';
            }
            csv << '\n';
            dat << index++ << " \"" << key << "\" " << Mean(samples.values) << ' '
                << samples.values.size() << '\n';
        }
    }
    std::ofstream gp(dir + "/benko-gi.gnuplot");
    gp << "# gnuplot script written by benko-gi; run: gnuplot benko-gi.gnuplot\n"
          "set terminal pngcairo size 1200,900 noenhanced\n"
          "set output 'benko-gi.png'\n"
          "set multiplot layout 2,2 title 'Benko et al. on a simulated population (Gi "
          "capture)'\n"
          "set style fill transparent solid 0.5\nset boxwidth 0.8\nset grid ytics\n"
          "set title 'Set-up delay: median by branch of the tree'\n"
          "set ylabel 's'\nset xtics rotate by 30 right\n"
          "plot 'setup-tree.dat' using 1:4:xtic(2) with boxes notitle\n"
          "set title 'GPRS RTT (SYN to SYN-ACK of the mobile)'\nset xtics norotate center\n"
          "set xlabel 's'\nset ylabel 'CDF'\n"
          "plot 'rtt.dat' using 1:2 with steps notitle\n"
          "set title 'Available channel rate (one sample per period)'\n"
          "set xlabel 'kbit/s'\nset ylabel 'periods'\nset boxwidth 1\n"
          "set arrow 1 from 24, graph 0 to 24, graph 1 nohead dashtype 2\n"
          "set arrow 2 from 36, graph 0 to 36, graph 1 nohead dashtype 2\n"
          "plot 'channel-rate.dat' using 1:2 with boxes title '2 timeslots', '' using "
          "1:3 with boxes title '3 timeslots'\n"
          "unset arrow\nset title 'Goodput R of greedy flows by TCP option class'\n"
          "set xlabel ''\nset ylabel 'mean kbit/s'\nset yrange [0:*]\nset boxwidth 0.8\n"
          "set xtics rotate by 30 right\nplot 'goodput.dat' using 1:3:xtic(2) with boxes notitle\n"
          "unset multiplot\n";
    gp.close();
    if (!RenderGnuplot(dir, "benko-gi.gnuplot"))
    {
        std::cerr << "warning: gnuplot failed on " << dir << "/benko-gi.gnuplot\n";
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    BenkoSetup setup;
    uint32_t runs = 1;
    uint32_t jobs = 1;
    bool progress = true;
    std::string outdir;
    ExampleTraceRun traceRun("none");
    std::string rwndShares = "0.3,0.4";

    ExampleOptions options(
        __FILE__,
        "Benko, Malicsko and Veres (INFOCOM 2004) on a simulated population: --users mobiles "
        "spread over --cells cells (mobile i in cell i mod cells) behind one GGSN, CS-2, "
        "--pdchs PDCHs per cell, C/I --radio dB; each user browses (GprsWwwTraffic, "
        "--wwwSessionsPerHour) and downloads (GprsFtpTraffic, --downloadsPerHour, files of "
        "--downloadDatagrams mean datagrams), the two overlapping as each other's background, "
        "with options drawn per user: multislot class 4 (3 downlink timeslots) with "
        "--threeSlotShare else class 2 (2 timeslots), MSS 1460 with --mssHighShare else 536, "
        "SACK with --sackShare, timestamps with --timestampsShare, receive window 8760 / 16384 "
        "/ 65535 octets with the shares --rwndShares=low,medium (high: the rest). The Gi "
        "interface (the GGSN's Internet side) is captured as pcap and analyzed by "
        "GprsGiAnalyzer at the end of each of --runs runs (RNG runs --RngRun ..). Prints CSV: "
        "figure,key,count,share,median,mean,mode; --outdir receives setup-tree.csv, rtt.csv, "
        "channel-rate.csv, goodput.csv, connections.csv (the analyzer's rows, with the run "
        "and the mobile's timeslots), summary.txt (gprs-gi-analyzer's summary with the goodput "
        "table's SACK and window classes, so that it and the CSV give one answer, and the "
        "users whose window was forced high), the .dat files, benko-gi.gnuplot and its "
        "PNG, gi-run<N>.pcap (N from 0, the run's index) and runs.csv (one row per run: run, "
        "complete, always 1, connections, handshakes, greedy_flows, goodput_median_kbps of "
        "the greedy flows, rate_periods, access_loss_segments, internet_loss_segments). Shares, "
        "rates and sizes are engineer's choices (doc/"
        "benko-gi.rst.inc), not the paper's. ns-3.37 work-arounds, kept for the results' sake "
        "now that the generators' sockets hold back the empty segment of ns-3 issue #991 "
        "themselves: the senders run without Limited Transmit, and before ns-3.41 users without "
        "SACK get the 65535 window.");
    options.AddInteger<uint32_t>("users", "mobiles (users)", setup.users, 1, 10000);
    options.AddInteger<uint32_t>("cells", "cells behind the GGSN", setup.cells, 1, 256);
    options.AddPdchs("pdchs", "PDCHs per cell", setup.pdchs);
    options.AddDuration("duration", "simulated time of each run", setup.duration);
    options.AddRadioConditions("radio", "C/I of every mobile, both directions", setup.radio);
    options.AddDelay("internetDelay", "one-way delay of the Internet link", setup.internetDelay);
    const auto share = [&options](const std::string& name, const std::string& help, double& v) {
        options.AddNumber(name, help, v, 0, 1, "");
    };
    share("threeSlotShare", "share of users with 3 downlink timeslots", setup.threeSlotShare);
    share("mssHighShare", "share of users with MSS 1460 (else 536)", setup.mssHighShare);
    share("sackShare", "share of users with SACK", setup.sackShare);
    share("timestampsShare", "share of users with timestamps", setup.timestampsShare);
    options.AddChecked("rwndShares",
                       "shares of users with a low (8760) and a medium (16384) receive window",
                       rwndShares,
                       "two shares from 0 to 1 with a sum of at most 1, such as 0.3,0.4",
                       [&setup](const std::string& text) {
                           const auto items = SplitList(text);
                           if (items.size() != 2)
                           {
                               return false;
                           }
                           const auto low = TryParseGprsNumber(items[0]);
                           const auto medium = TryParseGprsNumber(items[1]);
                           if (!low || !medium || *low < 0 || *medium < 0 || *low + *medium > 1)
                           {
                               return false;
                           }
                           setup.rwndLowShare = *low;
                           setup.rwndMediumShare = *medium;
                           return true;
                       });
    options.AddNumber("wwwSessionsPerHour",
                      "browsing sessions per user and hour",
                      setup.wwwSessionsPerHour,
                      0.001,
                      3600,
                      "per hour");
    options.AddNumber("downloadsPerHour",
                      "downloads per user and hour",
                      setup.downloadsPerHour,
                      0.001,
                      3600,
                      "per hour");
    options.AddNumber("ciSpread",
                      "radio variety: standard deviation of each user's C/I around --radio, "
                      "drawn once per user from a normal distribution bounded at twice it "
                      "(shadowing: 6-8 dB in urban cells); 0: every user at --radio",
                      setup.ciSpread,
                      0,
                      30,
                      "dB");
    options.AddNumber("reselectionsPerHour",
                      "radio variety: cell reselections per user and hour, at Poisson times; "
                      "each ends the user's TBFs and flushes its queued LLC frames "
                      "(GprsMsNetDevice CellReselections); 0: none",
                      setup.reselectionsPerHour,
                      0,
                      3600,
                      "");
    options.AddNumber("outagesPerHour",
                      "radio variety: outages per user and hour, starting at Poisson times, "
                      "each --outageLength long, no block getting through (GprsMsNetDevice "
                      "Outages); 0: none",
                      setup.outagesPerHour,
                      0,
                      3600,
                      "");
    options.AddTime("outageLength",
                    "radio variety: the length of each outage",
                    setup.outageLength,
                    MilliSeconds(1),
                    Seconds(3600));
    options.Require("ciSpread", "0, or a number with a constant --radio C/I", [&setup]() {
        return setup.ciSpread == 0 || TryParseGprsNumber(setup.radio).has_value();
    });
    options.AddNumber("downloadDatagrams",
                      "mean datagrams of a download (UMTS 30.03 sizes, mean 480 octets each)",
                      setup.downloadDatagrams,
                      1,
                      1e6,
                      "");
    options.AddInteger<uint32_t>("runs", "independent runs", runs, 1, 1000);
    options.AddInteger<uint32_t>("jobs", "parallel worker processes", jobs, 1, 64);
    options.AddFlag("progress", "report progress on stderr", progress);
    options.AddOutputDirectory("outdir",
                               "directory for the figures' CSV, .dat, gnuplot, the captures and "
                               "runs.csv",
                               outdir);
    traceRun.AddTo(
        options,
        "the radio of the whole population: every cell's GSMTAP capture "
        "(gsmtap-<node>-<device>.pcap) and every mobile's RLC block trace, in "
        "trace-run<K> (the Gi capture of every run is written anyway)",
        [&runs]() { return runs; },
        &outdir);
    options.Require("cells", "at most --users cells", [&setup]() {
        return setup.cells <= setup.users;
    });
    options.SetsAttribute("ns3::GprsPcu::DownlinkLinkAdaptation");
    options.SetsAttribute("ns3::GprsPcu::UplinkLinkAdaptation");
    options.SetsAttribute("ns3::GprsMsNetDevice::MultislotClass", {"threeSlotShare"}, false);
    options.SetsAttribute("ns3::PointToPointChannel::Delay", {"internetDelay"});
    options.SetsAttribute("ns3::GprsWwwTraffic::SessionsPerHour", {"wwwSessionsPerHour"});
    options.SetsAttribute("ns3::GprsFtpTraffic::BurstsPerHour", {"downloadsPerHour"});
    options.SetsAttribute("ns3::GprsTrafficGenerator::SegmentSize", {"mssHighShare"}, false);
    options.SetsAttribute("ns3::TcpSocketBase::Sack", {"sackShare"}, false);
    options.SetsAttribute("ns3::TcpSocketBase::Timestamp", {"timestampsShare"}, false);
    options.SetsAttribute("ns3::TcpSocket::RcvBufSize", {"rwndShares"}, false);
    options.SetsAttribute("ns3::TcpSocketBase::LimitedTransmit");
    options.SetsAttribute("ns3::GprsMsNetDevice::RadioConditions", {"ciSpread"}, false);
    options.SetsAttribute("ns3::GprsMsNetDevice::CellReselections", {"reselectionsPerHour"}, false);
    options.SetsAttribute("ns3::GprsMsNetDevice::Outages",
                          {"outagesPerHour", "outageLength"},
                          false);
    if (!options.Parse(argc, argv))
    {
        return 2;
    }

    // Captures go to --outdir, or to a directory of their own removed at the end.
    std::string captures = outdir;
    bool temporary = false;
    if (captures.empty())
    {
        std::string pattern = (std::filesystem::temp_directory_path() / "benko-gi-XXXXXX").string();
        if (!mkdtemp(pattern.data()))
        {
            std::cerr << "error: cannot create a directory for the captures in "
                      << std::filesystem::temp_directory_path() << "\n";
            return 1;
        }
        captures = pattern;
        temporary = true;
    }
    const uint64_t firstRun = RngSeedManager::GetRun();
    const auto pcapOf = [&captures](std::size_t run) {
        return captures + "/gi-run" + std::to_string(run) + ".pcap";
    };
    const std::vector<std::vector<BenkoMobileSlots>> measured =
        RunJobs("benko-gi", runs, jobs, [&](std::size_t i) {
            const uint64_t run = firstRun + i;
            return RunOne(setup,
                          run,
                          pcapOf(i),
                          progress && jobs == 1,
                          traceRun.IsTraced(run) && !outdir.empty()
                              ? ExampleTraceRun::Directory(outdir, run, {})
                              : "");
        });

    // The analysis: each capture through the same code as gprs-gi-analyzer.
    Figures f;
    GprsGiSummary summary;
    std::ofstream connections;
    if (!outdir.empty())
    {
        connections.open(outdir + "/connections.csv");
        connections << "run,mobile_slots," << GprsGiCsvHeader() << '\n';
    }
    GprsGiAnalyzerConfig config;
    config.mobilePrefix = GprsGiParsePrefix("10.1.0.0/16"); // GprsScenarioHelper's mobiles
    // Per run: what its capture gave (a population run always runs its --duration).
    ExampleRunRows runRows({},
                           {"connections",
                            "handshakes",
                            "greedy_flows",
                            "goodput_median_kbps",
                            "rate_periods",
                            "access_loss_segments",
                            "internet_loss_segments"});
    for (std::size_t run = 0; run < runs; ++run)
    {
        struct
        {
            uint64_t connections{0};
            uint64_t handshakes{0};
            std::vector<double> goodput;
            uint64_t ratePeriods{0};
            uint64_t accessLoss{0};
            uint64_t internetLoss{0};
        } one;

        std::map<uint32_t, uint32_t> slotsOf;
        for (const BenkoMobileSlots& m : measured[run])
        {
            slotsOf[m.address] = m.slots;
        }
        GprsGiAnalyzer analyzer(config);
        analyzer.SetConnectionCallback([&](const GprsGiConnectionReport& r) {
            summary.AddConnection(r);
            ++f.connections;
            ++one.connections;
            one.handshakes += r.setupDelayNs ? 1 : 0;
            one.accessLoss += r.accessLossDown + r.accessLossUp;
            one.internetLoss += r.internetLossDown + r.internetLossUp;
            if (r.Greedy() && r.Throughput())
            {
                one.goodput.push_back(*r.Throughput() / 1000);
            }
            if (connections.is_open())
            {
                connections << run << ',' << slotsOf[r.mobile] << ',' << GprsGiCsvRow(r) << '\n';
            }
            if (r.setupDelayNs)
            {
                ++f.handshakes;
                f.setup[GprsGiSetupClassName(r.setupClass) +
                        (r.background ? "/background" : "/no-background")]
                    .values.push_back(*r.setupDelayNs * 1e-9);
            }
            if (r.accessRttNs)
            {
                f.rtt.values.push_back(*r.accessRttNs * 1e-9);
            }
            f.loss[0] += r.accessLossDown;
            f.loss[1] += r.internetLossDown;
            f.loss[2] += r.accessLossUp;
            f.loss[3] += r.internetLossUp;
            const auto rate = r.Throughput();
            if (r.Greedy() && rate)
            {
                const double kbps = *rate / 1000;
                f.goodput[std::string("flows=") +
                          (r.throughputOtherBytes == 0 ? "single" : "parallel")]
                    .values.push_back(kbps);
                f.goodput["mss=" + GprsGiMssClass(r.Mss())].values.push_back(kbps);
                // Each option compared with the others held where they interact: SACK among
                // flows with a high window, windows among flows with SACK.
                const std::string rwnd =
                    r.mobileWindow ? GprsGiWindowClass(*r.mobileWindow) : "none";
                if (rwnd == "high")
                {
                    f.goodput[std::string("sack=") + (r.Sack() ? "yes" : "no") + "|rwnd=high"]
                        .values.push_back(kbps);
                }
                if (r.Sack())
                {
                    f.goodput["rwnd=" + rwnd + "|sack=yes"].values.push_back(kbps);
                }
                f.goodput[std::string("timestamps=") + (r.Timestamps() ? "yes" : "no")]
                    .values.push_back(kbps);
            }
        });
        analyzer.SetRateCallback([&](const GprsGiRatePeriod& p) {
            summary.AddRatePeriod(p);
            ++one.ratePeriods;
            f.rateBySlots[slotsOf[p.mobile]].values.push_back(p.Rate() / 1000);
        });
        analyzer.SetUserCallback([&summary](const GprsGiUserReport& r) { summary.AddUser(r); });
        try
        {
            GprsGiPcapReader reader(pcapOf(run));
            GprsGiPacket packet;
            while (reader.Next(packet))
            {
                analyzer.Add(packet);
            }
        }
        catch (const GprsGiPcapError& e)
        {
            std::cerr << "error: " << e.what() << "\n";
            return 1;
        }
        analyzer.Finish();
        runRows.Add({},
                    firstRun + run,
                    true,
                    {std::to_string(one.connections),
                     std::to_string(one.handshakes),
                     std::to_string(one.goodput.size()),
                     one.goodput.empty() ? "" : RunField(Median(one.goodput)),
                     std::to_string(one.ratePeriods),
                     std::to_string(one.accessLoss),
                     std::to_string(one.internetLoss)});
        if (temporary)
        {
            std::filesystem::remove(pcapOf(run));
        }
    }
    if (temporary)
    {
        std::filesystem::remove(captures);
    }

    std::cout << "figure,key,count,share,median,mean,mode\n" << std::setprecision(6);
    for (const auto& [key, samples] : f.setup)
    {
        std::cout << "setup_delay_s," << key << ',';
        samples.Write(std::cout, f.handshakes);
        std::cout << ",\n";
    }
    std::cout << "gprs_rtt_s,all,";
    f.rtt.Write(std::cout, 0);
    std::cout << ",\n";
    for (const auto& [slots, samples] : f.rateBySlots)
    {
        std::cout << "channel_rate_kbps," << slots << "-slots,";
        samples.Write(std::cout, 0);
        std::cout << ',' << Mode(samples.values) << '\n';
    }
    for (const auto& [key, samples] : f.goodput)
    {
        std::cout << "goodput_kbps," << key << ',';
        samples.Write(std::cout, 0);
        std::cout << ",\n";
    }
    const char* lossNames[] = {"access-down", "internet-down", "access-up", "internet-up"};
    for (std::size_t i = 0; i < 4; ++i)
    {
        std::cout << "loss_segments," << lossNames[i] << ',' << f.loss[i] << ",,,,\n";
    }
    std::cout << "connections,all," << f.connections << ",,,,\n";

    if (!outdir.empty())
    {
        std::ostringstream text;
        summary.Write(text);
        uint64_t forced = 0;
        for (const auto& run : measured)
        {
            forced += std::count_if(run.begin(), run.end(), [](const BenkoMobileSlots& m) {
                return m.forcedHighRwnd;
            });
        }
        std::ofstream(outdir + "/summary.txt")
            << OneAnswerSummary(text.str(), f.goodput, forced, uint64_t{setup.users} * runs);
        WriteFigures(f, outdir);
    }
    if (!runRows.Write(outdir))
    {
        return 1;
    }
    return 0;
}
