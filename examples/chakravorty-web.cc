/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Chakravorty & Pratt, "Performance issues with General Packet Radio Service" (JCN 4(4),
// 2002), web experiment (C8): a static test page loaded over HTTP/1.0 (up to 8 connections),
// persistent HTTP/1.1 (up to 6) and pipelined HTTP/1.1, each without and with the cwnd-clamp
// proxy.
//
// Prints a CSV table, one row per protocol and clamp; --outdir receives a .dat summary and a
// gnuplot bar chart (rendered to PNG when gnuplot is installed). --jobs runs independent
// simulations in parallel processes; the output does not depend on it.

#include "common/example-jobs.h"
#include "common/example-option-text.h"
#include "common/example-options.h"
#include "common/example-plot.h"
#include "common/example-runs.h"
#include "common/example-statistics.h"
#include "common/example-traces.h"
#include "setups/chakravorty-setup.h"

#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-web-browser.h"
#include "ns3/gprs-web-server.h"
#include "ns3/internet-module.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <vector>

using namespace ns3;

namespace
{

const Time kStart = Seconds(1); //!< when the browser starts, into an idle cell

/// Inputs of a run; defaults are the paper's setup plus the documented choices.
struct WebSetup
{
    ChakravortySetup testbed;                             //!< the shared testbed
    std::string page{"c8"};                               //!< the page
    std::string protocols{"http-1.0,http-1.1,pipelined"}; //!< --protocols
    std::string clamps{"off,on"};                         //!< --clamps: without and with the clamp
    double ciDb{20};                                      //!< the mobile's C/I
    uint32_t clamp{10240};                                //!< C_clamp (paper C7: about 10 KB best)
    uint32_t http10Connections{8};                        //!< N (paper: up to 8)
    uint32_t persistentConnections{6};                    //!< M (paper: up to 6)
    uint32_t depth{4};                                    //!< K (Mozilla 1.x: 4)
    std::string discovery{"progressive"};                 //!< when objects become known
    uint32_t dnsLookups{1};                               //!< DNS round trips before the first SYN
    Time limit{Seconds(1800)};                            //!< a page not done by then is incomplete
};

/// One simulation.
struct Job
{
    std::string protocol; //!< http-1.0, http-1.1 or pipelined
    bool clamped;         //!< through the clamp proxy
    uint64_t run;         //!< RNG run number
    std::string traces;   //!< directory for its traces (--traceRun), or empty
};

/// What one simulation measured: the browser's statistics.
struct Result
{
    bool complete{false};    //!< the page completed within --limit
    double pageS{0};         //!< download time, s
    uint32_t connections{0}; //!< connections opened
    double phi{0};           //!< pipelining factor
    double eta{0};           //!< pipelining efficiency
};

Result
RunOne(const WebSetup& setup, const Job& job)
{
    RngSeedManager::SetRun(job.run);
    setup.testbed.ConfigureTcp();
    const GprsScenario s = setup.testbed.Build(FormatGprsNumber(setup.ciDb), 1, job.clamped, 100);
    if (job.clamped)
    {
        GprsProxyHelper helper("clamp");
        helper.SetClamp(setup.clamp);
        helper.Install(s);
    }
    if (!job.traces.empty())
    {
        EnableRunTraces(s, job.traces);
    }
    Ptr<GprsWebServer> server = CreateObject<GprsWebServer>();
    s.server->AddApplication(server);
    Ptr<GprsWebBrowser> browser = CreateObject<GprsWebBrowser>();
    browser->SetAttribute("Remote", AddressValue(InetSocketAddress(s.serverAddress, 80)));
    browser->SetAttribute("Page", StringValue(setup.page));
    browser->SetAttribute("Mode", StringValue(job.protocol));
    browser->SetAttribute("Discovery", StringValue(setup.discovery));
    browser->SetAttribute("Http10Connections", UintegerValue(setup.http10Connections));
    browser->SetAttribute("PersistentConnections", UintegerValue(setup.persistentConnections));
    browser->SetAttribute("PipelineDepth", UintegerValue(setup.depth));
    browser->SetAttribute("DnsLookups", UintegerValue(setup.dnsLookups));
    s.mobiles.Get(0)->AddApplication(browser);
    browser->SetStartTime(kStart);
    // The page's end stops the run: persistent connections then close in the background.
    browser->TraceConnectWithoutContext("PageComplete", MakeCallback(+[](const GprsWebPageStats&) {
                                            Simulator::Stop();
                                        }));
    Simulator::Stop(kStart + setup.limit);
    Simulator::Run();
    const GprsWebPageStats& stats = browser->GetStats();
    Result r;
    r.complete = stats.complete;
    r.pageS = stats.GetDownloadTime().GetSeconds();
    r.connections = stats.connections;
    r.phi = stats.phi;
    r.eta = stats.eta;
    Simulator::Destroy();
    return r;
}

/// The aggregate of one row.
struct Row
{
    std::size_t runs{0};    //!< runs
    uint32_t incomplete{0}; //!< of which incomplete
    double page{0};         //!< mean download time of the complete runs, s
    double pageSd{0};       //!< its standard deviation
    double connections{0};  //!< mean connections opened
    double phi{0};          //!< mean Phi
    double eta{0};          //!< mean eta
};

/// \param rs the runs of a row \return their aggregate
Row
Aggregate(const std::vector<Result>& rs)
{
    Row row;
    row.runs = rs.size();
    std::vector<double> page;
    std::vector<double> connections;
    std::vector<double> phi;
    std::vector<double> eta;
    for (const Result& r : rs)
    {
        if (!r.complete)
        {
            ++row.incomplete;
            continue;
        }
        page.push_back(r.pageS);
        connections.push_back(r.connections);
        phi.push_back(r.phi);
        eta.push_back(r.eta);
    }
    row.page = Mean(page);
    row.pageSd = StandardDeviation(page);
    row.connections = Mean(connections);
    row.phi = Mean(phi);
    row.eta = Mean(eta);
    return row;
}

/**
 * Write the .dat summary and the bar chart, and render it.
 * \param outdir the directory
 * \param protocols the protocols, in table order
 * \param clamps the clamp settings run
 * \param rows the aggregates by protocol and clamp
 * \param runs runs per row
 * \param counts the complete runs of each protocol and clamp setting
 */
void
WriteFigures(const std::string& outdir,
             const std::vector<std::string>& protocols,
             const std::vector<bool>& clamps,
             std::map<std::pair<std::string, bool>, Row>& rows,
             uint32_t runs,
             std::map<std::pair<std::string, bool>, RunCount>& counts)
{
    std::ofstream dat(outdir + "/chakravorty-web.dat");
    dat << std::fixed << std::setprecision(4) << "# protocol";
    for (const bool c : clamps)
    {
        const std::string name = c ? "clamp" : "tcp";
        dat << " " << name << "_page_s " << name << "_stdev_s " << name << "_connections";
    }
    dat << "\n";
    for (const auto& p : protocols)
    {
        dat << p;
        for (const bool c : clamps)
        {
            const Row& row = rows[{p, c}];
            dat << " " << row.page << " " << row.pageSd << " " << row.connections;
        }
        dat << "\n";
    }
    dat.close();
    std::ofstream gp(outdir + "/chakravorty-web.gp");
    gp << "set terminal pngcairo size 900,550 noenhanced\n"
          "set output 'chakravorty-web.png'\n"
          "set title \"Test page download time, mean and standard deviation of "
       << runs
       << " runs\"\nset ylabel 'page download time (s)'\nset yrange [0:*]\nset grid ytics\n"
          "set style data histograms\nset style histogram errorbars gap 2 lw 1\n"
          "set style fill solid 0.6 border -1\nset key top right\n";
    std::vector<std::vector<std::pair<std::string, RunCount>>> marks;
    std::vector<std::pair<std::string, RunCount>> elements;
    for (const auto& p : protocols)
    {
        marks.emplace_back();
        for (const bool c : clamps)
        {
            marks.back().emplace_back(c ? "clamp" : "no proxy", counts[{p, c}]);
            elements.emplace_back(p + (c ? " with the clamp" : " without proxy"), counts[{p, c}]);
        }
    }
    gp << GnuplotMarkedTics(protocols, marks) << GnuplotIncompleteNote(elements) << "plot ";
    for (std::size_t i = 0; i < clamps.size(); ++i)
    {
        gp << (i > 0 ? ", " : "") << "'chakravorty-web.dat' using " << 2 + 3 * i << ":" << 3 + 3 * i
           << " title '" << (clamps[i] ? "with the cwnd clamp" : "without proxy") << "'";
    }
    gp << "\n";
    gp.close();
    if (!RenderGnuplot(outdir, "chakravorty-web.gp"))
    {
        std::cerr << "warning: gnuplot failed on " << outdir << "/chakravorty-web.gp\n";
    }
}

const std::vector<std::string> kProtocols{"http-1.0", "http-1.1", "pipelined"}; //!< --protocols
const std::vector<std::string> kClamps{"off", "on"};                            //!< --clamps

} // namespace

int
main(int argc, char* argv[])
{
    WebSetup setup;
    uint32_t runs = 10; // the runs of doc/'s Validation (paper: not given)
    uint32_t jobs = 1;
    std::string outdir;
    ExampleTraceRun traceRun("none");

    ExampleOptions options(
        __FILE__,
        "Chakravorty & Pratt, 'Performance issues with General Packet Radio Service' (JCN "
        "2002), C8: a static web page loaded by a browser on the mobile (GprsWebBrowser) from a "
        "web server next to the GGSN (GprsWebServer), for each protocol of --protocols: "
        "http-1.0 (a connection per object, up to --http10Connections at once, paper 8), "
        "http-1.1 (persistent connections, up to --persistentConnections, paper 6, one request "
        "at a time) and pipelined (as http-1.1, with up to --depth requests outstanding per "
        "connection), each without the proxy and through the cwnd-clamp proxy at --clamp "
        "(--clamps), --runs runs each. The page (--page): c8, the paper's test page (index.html "
        "40 KB, 20 objects of 200 B-2 KB, 20 of 2-5 KB, 4 of 5-10 KB, 1 over 10 KB, sizes "
        "spread evenly over each range, the one over 10 KB taken as 12 KB), static-i, "
        "static-ii (GPRSWeb's pages) or a page file. The browser first resolves the server's "
        "name (--dnsLookups DNS round trips), then learns the embedded objects as the HTML "
        "arrives (--discovery). Prints CSV with columns protocol, clamp (off, or C_clamp in "
        "octets), runs, page_time_s and page_time_stdev_s (from the browser's first packet, the "
        "DNS query, to the last octet of the last object; mean and standard deviation over the "
        "complete runs), connections (TCP connections opened per page), phi (pipelining factor: "
        "the mean over requests of the requests outstanding on its connection when it was sent) "
        "and eta (phi over the depth allowed: --depth when pipelined, else 1), over the complete "
        "runs, and incomplete (runs whose page did not complete within --limit); --outdir "
        "receives runs.csv (one row per run: protocol, clamp, run, complete, page_time_s, "
        "connections, phi, eta; page_time_s, phi and eta empty when incomplete), "
        "chakravorty-web.dat and a gnuplot bar chart rendered to PNG "
        "when gnuplot is installed, on which a bar averaging only its complete runs is marked "
        "below it ('no proxy 2/3') and in red at the top. Choices where the paper is silent: C/I "
        "--ci "
        "20 dB; C_clamp 10 KB (its best "
        "for C7); pipeline depth 4 (Mozilla 1.x); progressive discovery; one DNS look-up; "
        "request and response headers of 433 and 286 octets (GprsWebBrowser, GprsWebServer); "
        "the rest is the shared testbed. " +
            ChakravortySetup::Choices());
    setup.testbed.AddOptions(options);
    options.AddChecked("page",
                       "the page: c8 (the paper's test page), static-i, static-ii or a page file",
                       setup.page,
                       kGprsWebPageNames,
                       [](const std::string& text) { return !text.empty(); });
    options.AddChecked(
        "protocols",
        "protocols, comma-separated",
        setup.protocols,
        "a comma-separated list of http-1.0, http-1.1 and pipelined, each once",
        [](const std::string& text) { return ReadChoiceList(text, kProtocols, nullptr); });
    options.AddChecked(
        "clamps",
        "without (off) and with (on) the cwnd-clamp proxy, comma-separated",
        setup.clamps,
        "a comma-separated list of off and on, each once",
        [](const std::string& text) { return ReadChoiceList(text, kClamps, nullptr); });
    options.AddNumber("ci",
                      "C/I of the mobile, dB (not in the paper for C8; 20 dB: a good cell)",
                      setup.ciDb,
                      -100,
                      100,
                      "dB");
    options.AddInteger<uint32_t>("clamp",
                                 "C_clamp of the proxy, octets (paper C7: about 10 KB best)",
                                 setup.clamp,
                                 1,
                                 UINT32_MAX);
    options.AddInteger<uint32_t>("http10Connections",
                                 "HTTP/1.0: most connections at once (paper: 8)",
                                 setup.http10Connections,
                                 1,
                                 64);
    options.AddInteger<uint32_t>("persistentConnections",
                                 "HTTP/1.1 and pipelined: most persistent connections (paper: "
                                 "6)",
                                 setup.persistentConnections,
                                 1,
                                 64);
    options.AddInteger<uint32_t>("depth",
                                 "pipelined: most requests outstanding per connection (not in "
                                 "the paper; Mozilla 1.x: 4)",
                                 setup.depth,
                                 1,
                                 64);
    options.AddChecked(
        "discovery",
        "when embedded objects become known: progressive (object i of n once i/n "
        "of the HTML has arrived) or complete (once all of it has)",
        setup.discovery,
        "progressive or complete",
        [](const std::string& text) { return text == "progressive" || text == "complete"; });
    options.AddInteger<uint32_t>("dnsLookups",
                                 "DNS round trips before the first connection (0: a proxy "
                                 "resolves names)",
                                 setup.dnsLookups,
                                 0,
                                 100);
    options.AddDuration("limit",
                        "simulated time after which a page counts as incomplete",
                        setup.limit);
    options.AddInteger<uint32_t>("runs",
                                 "runs per protocol and clamp (paper: not given)",
                                 runs,
                                 1,
                                 1000);
    options.AddInteger<uint32_t>("jobs", "parallel worker processes", jobs, 1, 64);
    options.AddOutputDirectory("outdir",
                               "directory for runs.csv, the .dat file and gnuplot chart",
                               outdir);
    traceRun.AddTo(
        options,
        "for each protocol and clamp setting, server.pcap, ggsn.pcap, mobile.pcap, "
        "gsmtap.pcap and the mobile's RLC block trace, in "
        "trace-run<K>-<protocol>-<off|clamp>",
        [&runs]() { return runs; },
        &outdir);
    options.Require("clamp", "at least the MSS, --mss", [&setup]() {
        return setup.clamp >= setup.testbed.mss;
    });
    options.SetsAttribute("ns3::GprsMsNetDevice::RadioConditions", {"ci"});
    options.SetsAttribute("ns3::GprsTcpClamp::Clamp", {"clamp"});
    options.SetsAttribute("ns3::TcpSocket::SegmentSize", {"mss"});
    options.SetsAttribute("ns3::GprsWebBrowser::Page", {"page"});
    options.SetsAttribute("ns3::GprsWebBrowser::Mode", {"protocols"}, false);
    options.SetsAttribute("ns3::GprsWebBrowser::Discovery", {"discovery"});
    options.SetsAttribute("ns3::GprsWebBrowser::Http10Connections", {"http10Connections"});
    options.SetsAttribute("ns3::GprsWebBrowser::PersistentConnections", {"persistentConnections"});
    options.SetsAttribute("ns3::GprsWebBrowser::PipelineDepth", {"depth"});
    options.SetsAttribute("ns3::GprsWebBrowser::DnsLookups", {"dnsLookups"});
    options.SetsAttribute("ns3::GprsWebBrowser::Remote");
    if (!options.Parse(argc, argv))
    {
        return 2;
    }
    // A page file is read once here, so that a bad one is reported before anything runs.
    try
    {
        GetGprsWebPage(setup.page);
    }
    catch (const std::runtime_error& e)
    {
        std::cerr << "error: invalid option --page=" << setup.page << ": " << e.what() << "\n";
        return 2;
    }

    std::vector<std::string> protocols;
    std::vector<std::string> clampNames;
    ReadChoiceList(setup.protocols, kProtocols, &protocols);
    ReadChoiceList(setup.clamps, kClamps, &clampNames);
    std::vector<bool> clamps;
    for (const auto& c : clampNames)
    {
        clamps.push_back(c == "on");
    }
    const uint64_t firstRun = RngSeedManager::GetRun();
    std::vector<Job> all;
    for (const auto& p : protocols)
    {
        for (const bool c : clamps)
        {
            for (uint32_t r = 0; r < runs; ++r)
            {
                const uint64_t run = firstRun + r;
                all.push_back(
                    Job{p,
                        c,
                        run,
                        traceRun.IsTraced(run) && !outdir.empty()
                            ? ExampleTraceRun::Directory(outdir, run, {p, c ? "clamp" : "off"})
                            : ""});
            }
        }
    }
    const std::vector<Result> measured =
        RunJobs("chakravorty-web", all.size(), jobs, [&setup, &all](std::size_t i) {
            return RunOne(setup, all[i]);
        });
    std::map<std::pair<std::string, bool>, std::vector<Result>> results;
    std::map<std::pair<std::string, bool>, RunCount> counts;
    ExampleRunRows runRows({"protocol", "clamp"}, {"page_time_s", "connections", "phi", "eta"});
    for (std::size_t i = 0; i < all.size(); ++i)
    {
        const Job& job = all[i];
        const Result& r = measured[i];
        results[{job.protocol, job.clamped}].push_back(r);
        counts[{job.protocol, job.clamped}].Add(r.complete);
        runRows.Add({job.protocol, job.clamped ? std::to_string(setup.clamp) : "off"},
                    job.run,
                    r.complete,
                    {r.complete ? RunField(r.pageS) : "",
                     std::to_string(r.connections),
                     r.complete ? RunField(r.phi) : "",
                     r.complete ? RunField(r.eta) : ""});
    }
    if (!runRows.Write(outdir))
    {
        return 1;
    }

    std::cout << "protocol,clamp,runs,page_time_s,page_time_stdev_s,connections,phi,eta,"
                 "incomplete\n";
    std::map<std::pair<std::string, bool>, Row> rows;
    for (const auto& p : protocols)
    {
        for (const bool c : clamps)
        {
            const Row row = Aggregate(results[{p, c}]);
            rows[{p, c}] = row;
            std::cout << std::fixed << std::setprecision(3) << p << ","
                      << (c ? std::to_string(setup.clamp) : "off") << "," << row.runs << ",";
            if (row.incomplete < row.runs)
            {
                std::cout << row.page << "," << row.pageSd << "," << row.connections << ","
                          << row.phi << "," << row.eta;
            }
            else
            {
                std::cout << ",,,,";
            }
            std::cout << "," << row.incomplete << "\n";
            if (row.incomplete > 0)
            {
                std::cerr << "warning: " << p << (c ? " with" : " without")
                          << " the clamp: " << row.incomplete << " of " << row.runs
                          << " pages incomplete within --limit\n";
            }
        }
    }
    if (!outdir.empty())
    {
        WriteFigures(outdir, protocols, clamps, rows, runs, counts);
    }
    return 0;
}
