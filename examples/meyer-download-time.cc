/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Meyer, "TCP performance over GPRS" (WCNC 1999), figure M1: the time to download 500 kbytes
// over TCP for C/I from 6 to 30 dB, one curve per coding scheme CS-1..CS-4.
//
// Prints a CSV table (header first, one row per coding scheme and C/I); --outdir receives one
// .dat file per coding scheme and a gnuplot script (rendered to PNG when gnuplot is
// installed). --jobs runs independent simulations in parallel processes; the output does not
// depend on it.

#include "common/example-jobs.h"
#include "common/example-option-text.h"
#include "common/example-options.h"
#include "common/example-plot.h"
#include "common/example-runs.h"
#include "common/example-statistics.h"
#include "common/example-traces.h"
#include "setups/meyer-setup.h"

#include "ns3/core-module.h"
#include "ns3/gprs-module.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <vector>

using namespace ns3;

namespace
{

/// One simulation to run.
struct Job
{
    std::string cs;     //!< coding scheme
    double ciDb;        //!< C/I
    uint64_t run;       //!< RNG run number
    std::string traces; //!< directory for its traces (--traceRun), or empty
};

/// What one simulation measured.
struct Result
{
    double seconds{0};         //!< download time (from the start of the transfer)
    bool complete{false};      //!< all bytes arrived before the time limit
    uint64_t bytesReceived{0}; //!< what arrived of them
};

Result
RunOne(const MeyerSetup& base, const Job& job, uint64_t bytes, double limitS)
{
    MeyerSetup setup = base;
    setup.cs = job.cs;
    RngSeedManager::SetRun(job.run);
    std::ostringstream radio;
    radio << job.ciDb;
    MeyerRun meyer = BuildMeyerRun(setup, radio.str(), bytes, 1000);
    GprsTcpTracer tracer(job.traces);
    tracer.WatchTcp(meyer.scenario.server, meyer.start, meyer.sink, bytes);
    if (!job.traces.empty())
    {
        tracer.WatchRlc(meyer.scenario.pcu, 0);
        EnableRunTraces(meyer.scenario, job.traces);
    }
    Simulator::Stop(meyer.start + Seconds(limitS));
    Simulator::Run();
    Result r;
    r.complete = tracer.GetBytesReceived() >= bytes;
    r.seconds = r.complete ? (tracer.GetLastReceive() - meyer.start).GetSeconds() : limitS;
    r.bytesReceived = tracer.GetBytesReceived();
    tracer.Close();
    Simulator::Destroy();
    return r;
}

} // namespace

int
main(int argc, char* argv[])
{
    MeyerSetup setup;
    std::string csList = "CS-1,CS-2,CS-3,CS-4";
    std::string ciList = "6,9,12,15,18,21,24,27,30";
    uint64_t bytes = 500000;
    uint32_t runs = 3;
    uint32_t jobs = 1;
    Time limit = Seconds(3600);
    std::string outdir;
    ExampleTraceRun traceRun("none");

    ExampleOptions options(
        __FILE__,
        "Figure M1 of Meyer (WCNC 1999): time to download --bytes over TCP for each "
        "coding scheme of --cs-list and each C/I of --ci-list, averaged over --runs "
        "runs (RNG runs --RngRun .. --RngRun + runs - 1, seed --RngSeed). Prints CSV with columns "
        "cs, ci_db, "
        "bytes, runs, download_time_s, download_time_stdev_s, goodput_kbps (empty when a run "
        "hit --limit: no time was measured), incomplete (runs that hit --limit); --outdir "
        "receives m1-CS-n.dat (C/I, mean, stdev of the points measured), m1-CS-n-limit.dat "
        "(C/I, limit, incomplete runs of the others) and meyer-m1-download-time.gp (rendered "
        "to PNG when gnuplot is installed), which marks the latter at the limit, and runs.csv "
        "(one row per run: cs, ci_db, run, complete, download_time_s, goodput_kbps, "
        "bytes_received). " +
            MeyerSetup::Choices());
    setup.AddOptions(options, false);
    std::vector<std::string> schemes;
    options.AddChecked("cs-list",
                       "coding schemes, comma-separated",
                       csList,
                       "a comma-separated list of " + kCodingSchemeNames + kExampleListRule,
                       [&schemes](const std::string& text) {
                           return ReadList(text, IsCodingSchemeName, &schemes);
                       });
    std::vector<double> cis;
    options.AddChecked("ci-list",
                       "C/I values, comma-separated",
                       ciList,
                       "a comma-separated list of numbers from -100 to 100 dB such as 6,9,12" +
                           kExampleListRule,
                       [&cis](const std::string& text) {
                           std::vector<std::string> items;
                           if (!ReadList(
                                   text,
                                   [](const std::string& item) {
                                       const auto ci = TryParseGprsNumber(item);
                                       return ci && *ci >= -100 && *ci <= 100;
                                   },
                                   &items))
                           {
                               return false;
                           }
                           cis.clear();
                           for (const auto& item : items)
                           {
                               cis.push_back(*TryParseGprsNumber(item));
                           }
                           return std::set<double>(cis.begin(), cis.end()).size() == cis.size();
                       });
    options.AddInteger<uint64_t>("bytes",
                                 "bytes to download (paper: 500 kbytes)",
                                 bytes,
                                 1,
                                 UINT32_MAX);
    options.AddInteger<uint32_t>("runs", "runs per point", runs, 1, 1000);
    options.AddInteger<uint32_t>("jobs", "parallel worker processes", jobs, 1, 64);
    options.AddDuration("limit",
                        "simulated time after which a download counts as incomplete",
                        limit);
    options.AddOutputDirectory("outdir",
                               "directory for runs.csv, .dat files and the gnuplot script",
                               outdir);
    traceRun.AddTo(
        options,
        "for each coding scheme and C/I, the GprsTcpTracer files of the download "
        "(tcp-sender.dat, rtt.dat, cwnd.dat, rlc-dl.dat, ...), server.pcap, "
        "ggsn.pcap, mobile.pcap, gsmtap.pcap and the mobile's RLC block trace, in "
        "trace-run<K>-<cs>-<ci>",
        [&runs]() { return runs; },
        &outdir);
    options.SetsAttribute("ns3::GprsPcu::DownlinkLinkAdaptation", {"cs-list"}, false);
    options.SetsAttribute("ns3::GprsPcu::UplinkLinkAdaptation", {"cs-list"}, false);
    options.SetsAttribute("ns3::GprsMsNetDevice::RadioConditions", {"ci-list"}, false);
    options.SetsAttribute("ns3::BulkSendApplication::MaxBytes", {"bytes"});
    if (!options.Parse(argc, argv))
    {
        return 2;
    }
    for (auto& cs : schemes)
    {
        cs = ToString(ParseGprsCodingScheme(cs));
    }
    const double limitS = limit.GetSeconds();
    const uint64_t firstRun = RngSeedManager::GetRun();
    std::vector<Job> all;
    for (const auto& cs : schemes)
    {
        for (double ci : cis)
        {
            for (uint32_t r = 0; r < runs; ++r)
            {
                const uint64_t run = firstRun + r;
                all.push_back(
                    Job{cs,
                        ci,
                        run,
                        traceRun.IsTraced(run) && !outdir.empty()
                            ? ExampleTraceRun::Directory(outdir, run, {cs, FormatGprsNumber(ci)})
                            : ""});
            }
        }
    }

    const std::vector<Result> results =
        RunJobs("meyer-download-time", all.size(), jobs, [&](std::size_t i) {
            return RunOne(setup, all[i], bytes, limitS);
        });

    ExampleRunRows runRows({"cs", "ci_db"}, {"download_time_s", "goodput_kbps", "bytes_received"});
    for (std::size_t i = 0; i < all.size(); ++i)
    {
        const Result& r = results[i];
        runRows.Add({all[i].cs, RunField(all[i].ciDb)},
                    all[i].run,
                    r.complete,
                    {r.complete ? RunField(r.seconds) : "",
                     r.complete ? RunField(bytes * 8 / r.seconds / 1000) : "",
                     std::to_string(r.bytesReceived)});
    }
    if (!runRows.Write(outdir))
    {
        return 1;
    }
    std::cout << "cs,ci_db,bytes,runs,download_time_s,download_time_stdev_s,goodput_kbps,"
                 "incomplete\n";
    // Per coding scheme: the points whose runs all completed, and those where a run hit the
    // limit, whose download time was not measured (no number in the CSV, no point on a curve).
    std::map<std::string, std::ostringstream> curves;
    std::map<std::string, std::ostringstream> limited;
    for (std::size_t i = 0; i < all.size(); i += runs)
    {
        std::vector<double> times;
        uint32_t incomplete = 0;
        for (uint32_t r = 0; r < runs; ++r)
        {
            times.push_back(results[i + r].seconds);
            incomplete += results[i + r].complete ? 0 : 1;
        }
        std::ostringstream row;
        row << std::fixed << std::setprecision(3) << all[i].cs << "," << all[i].ciDb << "," << bytes
            << "," << runs << ",";
        if (incomplete == 0)
        {
            const double mean = Mean(times);
            const double stdev = StandardDeviation(times);
            row << mean << "," << stdev << "," << bytes * 8 / mean / 1000;
            curves[all[i].cs] << all[i].ciDb << " " << mean << " " << stdev << "\n";
        }
        else
        {
            row << ",,";
            limited[all[i].cs] << all[i].ciDb << " " << limitS << " " << incomplete << "\n";
        }
        row << "," << incomplete;
        std::cout << row.str() << "\n";
    }

    if (!outdir.empty())
    {
        std::ofstream gp(outdir + "/meyer-m1-download-time.gp");
        gp << "set terminal pngcairo size 900,600 noenhanced\n"
              "set output 'meyer-m1-download-time.png'\n"
              "set title 'Download time of "
           << bytes << " bytes (Meyer, figure 1 setup)'\n"
           << "set xlabel 'C/I (dB)'\nset ylabel 'download time (s)'\nset logscale y\n"
              "set grid\nset key bottom right opaque\n";
        if (!limited.empty())
        {
            gp << "set arrow from graph 0, first " << limitS << " to graph 1, first " << limitS
               << " nohead dashtype 2 linecolor 'gray'\n";
        }
        gp << "plot ";
        const char* separator = "";
        int color = 1;
        std::set<std::string> plotted;
        for (const auto& cs : schemes)
        {
            if (!plotted.insert(cs).second)
            {
                continue;
            }
            if (curves.count(cs) > 0)
            {
                const std::string file = "m1-" + cs + ".dat";
                std::ofstream(outdir + "/" + file) << curves[cs].str();
                gp << separator << "'" << file << "' using 1:2:3 with yerrorlines linecolor "
                   << color << " title '" << cs << "'";
                separator = ", ";
            }
            if (limited.count(cs) > 0)
            {
                const std::string file = "m1-" + cs + "-limit.dat";
                std::ofstream(outdir + "/" + file) << limited[cs].str();
                gp << separator << "'" << file << "' using 1:2 with points pointtype 8 "
                   << "pointsize 2 linecolor " << color << " title '" << cs << ": a run hit "
                   << "the " << limitS << " s limit (not measured)'";
                separator = ", ";
            }
            ++color;
        }
        gp << "\n";
        gp.close();
        if (!RenderGnuplot(outdir, "meyer-m1-download-time.gp"))
        {
            std::cerr << "warning: gnuplot failed on " << outdir << "/meyer-m1-download-time.gp\n";
        }
    }
    return 0;
}
