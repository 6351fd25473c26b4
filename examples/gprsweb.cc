/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Chakravorty, Clark & Pratt, "GPRSWeb: optimizing the web for GPRS links" (IEEE JSAC 2005):
// pages STATIC-I and STATIC-II loaded by Mozilla alone (http-10: up to 8 HTTP/1.0
// connections; http-11: up to 4 persistent HTTP/1.1 connections) and through GPRSWeb's dual
// proxy with cold and warm caches, with all features on and then each one off.
//
// Prints a CSV table, one row per page, scenario and feature set; --outdir receives .dat files
// and gnuplot bar charts (rendered to PNG when gnuplot is installed). --jobs runs independent
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
#include "ns3/internet-module.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <map>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

const Time kStart = Seconds(1); //!< when the browser starts, into an idle cell

/// Inputs of a run; defaults are the paper's setup plus the documented choices.
struct WebSetup
{
    ChakravortySetup testbed;                                           //!< the shared testbed
    std::string pages{"static-i,static-ii"};                            //!< --pages
    std::string scenarios{"http-10,http-11,gprsweb-cold,gprsweb-warm"}; //!< --scenarios
    std::string features{"all,no-caching,no-compression,no-delta,no-push,no-proxy-dns"}; //!<
    double ciDb{20};                   //!< the mobile's C/I
    uint32_t http10Connections{8};     //!< Mozilla's HTTP/1.0 connections (paper: 8)
    uint32_t persistentConnections{4}; //!< Mozilla's HTTP/1.1 connections (paper: 4)
    bool warmServer{true};     //!< gprsweb-warm: the server proxy's cache is warm (paper: warm)
    bool warmClient{false};    //!< gprsweb-warm: the client proxy's cache is warm (paper: cold)
    bool htmlChanged{false};   //!< gprsweb-warm: the HTML changed since the last visit
    Time limit{Seconds(1800)}; //!< a page not done by then is incomplete
};

/// One simulation.
struct Job
{
    std::string page;     //!< the page
    std::string scenario; //!< http-10, http-11, gprsweb-cold or gprsweb-warm
    std::string features; //!< gprsweb: the feature set; else "-"
    uint64_t run;         //!< RNG run number
    std::string traces;   //!< directory for its traces (--traceRun), or empty
};

/// What one simulation measured.
struct Result
{
    bool complete{false};       //!< the page completed within --limit
    double pageS{0};            //!< download time, s
    uint64_t airBytes{0};       //!< IP octets over the radio, both directions
    uint32_t connections{0};    //!< browser TCP connections
    GprsWebProxyCounters proxy; //!< the server proxy's counters (gprsweb)
    uint64_t offerHitBytes{0};  //!< octets the client answered from its cache after an offer
};

/// \param features a feature set name \param feature a feature \return whether it is on
bool
FeatureOn(const std::string& features, const std::string& feature)
{
    return features != "no-" + feature;
}

/// IP octets the radio interface carried in the current simulation (uplink and downlink).
uint64_t g_airBytes = 0;

/// \param packet an IP packet handed to a GPRS device for the radio
void
CountAir(Ptr<const Packet> packet)
{
    g_airBytes += packet->GetSize();
}

Result
RunOne(const WebSetup& setup, const Job& job)
{
    RngSeedManager::SetRun(job.run);
    setup.testbed.ConfigureTcp();
    const bool gprsweb = job.scenario.rfind("gprsweb", 0) == 0;
    const GprsScenario s = setup.testbed.Build(FormatGprsNumber(setup.ciDb), 1, gprsweb, 100);
    Ptr<GprsWebServer> server = CreateObject<GprsWebServer>();
    s.server->AddApplication(server);
    Ptr<GprsWebBrowser> browser = CreateObject<GprsWebBrowser>();
    browser->SetAttribute("Page", StringValue(job.page));
    browser->SetAttribute("Http10Connections", UintegerValue(setup.http10Connections));
    browser->SetAttribute("PersistentConnections", UintegerValue(setup.persistentConnections));
    browser->SetAttribute("Mode", StringValue(job.scenario == "http-10" ? "http-1.0" : "http-1.1"));
    const InetSocketAddress origin(s.serverAddress, 80);
    GprsWebProxyPair pair;
    if (gprsweb)
    {
        const bool warm = job.scenario == "gprsweb-warm";
        const bool proxyDns = FeatureOn(job.features, "proxy-dns");
        GprsWebProxyHelper helper;
        helper.SetServerAttribute("Caching", BooleanValue(FeatureOn(job.features, "caching")));
        helper.SetServerAttribute("Compression",
                                  BooleanValue(FeatureOn(job.features, "compression")));
        helper.SetServerAttribute("Delta", BooleanValue(FeatureOn(job.features, "delta")));
        helper.SetServerAttribute("Push", BooleanValue(FeatureOn(job.features, "push")));
        helper.SetServerAttribute("ProxyDns", BooleanValue(proxyDns));
        helper.SetServerAttribute("PageVersion", UintegerValue(warm && setup.htmlChanged ? 1 : 0));
        helper.SetServerAttribute("Preload", BooleanValue(warm && setup.warmServer));
        helper.SetClientAttribute("Preload", BooleanValue(warm && setup.warmClient));
        if (!proxyDns)
        {
            helper.SetClientAttribute("DnsServer",
                                      AddressValue(InetSocketAddress(s.serverAddress, 53)));
        }
        pair = helper.Install(s.mobiles.Get(0),
                              s.GetMobileAddress(0),
                              s.proxy,
                              s.proxyAddress,
                              origin,
                              job.page);
        browser->SetAttribute("Remote", AddressValue(helper.GetBrowserRemote()));
        browser->SetAttribute("DnsLookups", UintegerValue(proxyDns ? 0 : 1));
    }
    else
    {
        browser->SetAttribute("Remote", AddressValue(origin));
    }
    s.mobiles.Get(0)->AddApplication(browser);
    browser->SetStartTime(kStart);
    browser->TraceConnectWithoutContext("PageComplete", MakeCallback(+[](const GprsWebPageStats&) {
                                            Simulator::Stop();
                                        }));
    if (!job.traces.empty())
    {
        EnableRunTraces(s, job.traces);
    }
    g_airBytes = 0;
    s.msDevices.Get(0)->TraceConnectWithoutContext("MacTx", MakeCallback(&CountAir));
    s.bssDevices.Get(0)->TraceConnectWithoutContext("MacTx", MakeCallback(&CountAir));
    Simulator::Stop(kStart + setup.limit);
    Simulator::Run();
    const GprsWebPageStats& stats = browser->GetStats();
    Result r;
    r.airBytes = g_airBytes;
    r.complete = stats.complete;
    r.pageS = stats.GetDownloadTime().GetSeconds();
    r.connections = stats.connections;
    if (pair.server)
    {
        r.proxy = pair.server->GetCounters();
        r.offerHitBytes = pair.client->GetCounters().offerHitBytes;
    }
    Simulator::Destroy();
    return r;
}

/// The aggregate of one row.
struct Row
{
    std::size_t runs{0};        //!< runs
    uint32_t incomplete{0};     //!< of which incomplete
    double page{0};             //!< mean download time of the complete runs, s
    double pageSd{0};           //!< its standard deviation
    double air{0};              //!< mean IP octets over the radio
    double connections{0};      //!< mean connections opened
    double objectBytes{0};      //!< mean object body octets the server proxy sent
    double savedCaching{0};     //!< mean octets saved by caching (hash answers and offer hits)
    double savedDelta{0};       //!< mean octets saved by deltas
    double savedCompression{0}; //!< mean octets saved by compression
    double pushes{0};           //!< mean pushes
};

/// \param rs the runs of a row \return their aggregate over the complete runs
Row
Aggregate(const std::vector<Result>& rs)
{
    std::vector<Result> done;
    std::copy_if(rs.begin(), rs.end(), std::back_inserter(done), [](const Result& r) {
        return r.complete;
    });
    const auto values = [&done](double (*field)(const Result&)) {
        std::vector<double> v;
        std::transform(done.begin(), done.end(), std::back_inserter(v), field);
        return v;
    };
    Row row;
    row.runs = rs.size();
    row.incomplete = static_cast<uint32_t>(rs.size() - done.size());
    const auto page = values([](const Result& r) { return r.pageS; });
    row.page = Mean(page);
    row.pageSd = StandardDeviation(page);
    row.air = Mean(values([](const Result& r) { return double(r.airBytes); }));
    row.connections = Mean(values([](const Result& r) { return double(r.connections); }));
    row.objectBytes = Mean(values([](const Result& r) { return double(r.proxy.objectBytes); }));
    row.savedCaching = Mean(
        values([](const Result& r) { return double(r.proxy.savedCaching + r.offerHitBytes); }));
    row.savedDelta = Mean(values([](const Result& r) { return double(r.proxy.savedDelta); }));
    row.savedCompression =
        Mean(values([](const Result& r) { return double(r.proxy.savedCompression); }));
    row.pushes = Mean(values([](const Result& r) { return double(r.proxy.pushes); }));
    return row;
}

/// A bar chart: one cluster per row label, one bar (mean, standard deviation) per column.
struct BarChart
{
    std::string name;                 //!< file names: <name>.dat, .gp, .png
    std::string title;                //!< the chart's title
    std::vector<std::string> columns; //!< bar titles
    std::vector<std::string> rows;    //!< cluster labels
    std::map<std::pair<std::string, std::string>, std::pair<double, double>>
        values;                                                     //!< (row,
                                                                    //!< column) -> mean, standard
                                                                    //!< deviation
    std::map<std::pair<std::string, std::string>, RunCount> counts; //!< (row, column) -> runs

    /**
     * \param row a cluster \param column a bar \param aggregate its row of the table
     */
    void Add(const std::string& row, const std::string& column, const Row& aggregate)
    {
        if (std::count(rows.begin(), rows.end(), row) == 0)
        {
            rows.push_back(row);
        }
        values[{row, column}] = {aggregate.page, aggregate.pageSd};
        counts[{row, column}] =
            RunCount{static_cast<uint32_t>(aggregate.runs - aggregate.incomplete),
                     static_cast<uint32_t>(aggregate.runs)};
    }

    /// Write <name>.dat and <name>.gp in \p outdir and render them. \param outdir the directory
    void Write(const std::string& outdir) const
    {
        std::ofstream dat(outdir + "/" + name + ".dat");
        dat << std::fixed << std::setprecision(4) << "# row";
        for (const auto& c : columns)
        {
            dat << " " << c << "_page_s " << c << "_stdev_s";
        }
        dat << "\n";
        for (const auto& r : rows)
        {
            dat << r;
            for (const auto& c : columns)
            {
                const auto it = values.find({r, c});
                dat << " " << (it == values.end() ? 0 : it->second.first) << " "
                    << (it == values.end() ? 0 : it->second.second);
            }
            dat << "\n";
        }
        dat.close();
        std::ofstream gp(outdir + "/" + name + ".gp");
        gp << "set terminal pngcairo size 1000,550 noenhanced\nset output '" << name
           << ".png'\nset title "
           << GnuplotString(title)
           // A log scale: a warm revisit takes a tenth of a cold visit or less.
           << "\nset ylabel 'page download time (s, log scale)'\nset logscale y\n"
              "set yrange [0.1:*]\nset grid ytics\n"
              "set style data histograms\nset style histogram errorbars gap 2 lw 1\n"
              "set style fill solid 0.6 border -1\nset xtics rotate by 30 right\n";
        // A bar averaging only its complete runs is marked below its cluster and in the plot.
        std::vector<std::vector<std::pair<std::string, RunCount>>> marks;
        std::vector<std::pair<std::string, RunCount>> elements;
        for (const auto& r : rows)
        {
            marks.emplace_back();
            for (const auto& c : columns)
            {
                const auto it = counts.find({r, c});
                const RunCount count = it == counts.end() ? RunCount{} : it->second;
                marks.back().emplace_back(c, count);
                elements.emplace_back(r + " " + c, count);
            }
        }
        gp << GnuplotMarkedTics(rows, marks) << GnuplotIncompleteNote(elements) << "plot ";
        for (std::size_t i = 0; i < columns.size(); ++i)
        {
            gp << (i > 0 ? ", " : "") << "'" << name << ".dat' using " << 2 + 2 * i << ":"
               << 3 + 2 * i << " title " << GnuplotString(columns[i]);
        }
        gp << "\n";
        gp.close();
        if (!RenderGnuplot(outdir, name + ".gp"))
        {
            std::cerr << "warning: gnuplot failed on " << outdir << "/" << name << ".gp\n";
        }
    }
};

const std::vector<std::string> kScenarios{"http-10", "http-11", "gprsweb-cold", "gprsweb-warm"};
const std::vector<std::string> kFeatures{"all",
                                         "no-caching",
                                         "no-compression",
                                         "no-delta",
                                         "no-push",
                                         "no-proxy-dns"};

} // namespace

int
main(int argc, char* argv[])
{
    WebSetup setup;
    uint32_t runs = 3;
    uint32_t jobs = 1;
    std::string outdir;
    ExampleTraceRun traceRun("none");

    ExampleOptions options(
        __FILE__,
        "Chakravorty, Clark & Pratt, 'GPRSWeb: optimizing the web for GPRS links' (JSAC 2005): "
        "each page of --pages (static-i: 17 KB HTML, 3 JPEGs of 2-4 KB, 5 GIFs of 200 B-5 KB; "
        "static-ii: 40 KB HTML, 8 JPEGs of 2-5 KB, 24 GIFs of 200 B-2 KB, 12 of 2-10 KB, 1 over "
        "10 KB; or a page file) loaded by a browser on the mobile (GprsWebBrowser, Mozilla-like) "
        "from a web server next to the GGSN, in each scenario of --scenarios: http-10 (the "
        "browser alone, HTTP/1.0, up to --http10Connections, paper 8), http-11 (alone, up to "
        "--persistentConnections persistent HTTP/1.1 connections, paper 4), gprsweb-cold "
        "(through GPRSWeb's dual proxy, first visit: both caches empty) and gprsweb-warm "
        "(revisit, by default the paper's 'warm server cache': the server proxy's cache holds the "
        "page when --warmServer; the other readings: the client proxy's cache also holds the "
        "previous visit when --warmClient, and the HTML changed since when --htmlChanged, so "
        "that a delta is sent). The gprsweb scenarios run once per feature set "
        "of --features: all on, then each of caching, compression, delta, push and proxy-dns "
        "off. Prints CSV with columns page, scenario, runs, page_time_s and page_time_stdev_s "
        "(browser's first packet to the last octet of the page; mean and standard deviation "
        "over the complete runs), bytes_on_air (IP octets through the radio interface, both "
        "directions), connections (the browser's TCP connections), features, object_bytes "
        "(object body octets the server proxy sent), saved_caching_bytes, saved_delta_bytes, "
        "saved_compression_bytes (octets each feature kept off the air) and pushes, over the "
        "complete runs, and incomplete (runs whose page did not complete within --limit); "
        "--outdir receives runs.csv (one row per run: page, scenario, features, run, complete "
        "and the run's measurements), gprsweb.dat (scenarios, all features on) and "
        "gprsweb-features.dat with gnuplot bar charts, on which a bar averaging only its "
        "complete runs is marked below its cluster ('static-i 2/3') and in red at the top. The "
        "browser through the proxy uses --persistentConnections "
        "HTTP/1.1 connections to 127.0.0.1 and no DNS (proxy-dns on). Choices where the paper "
        "is silent: C/I --ci 20 dB; the proxy node next to the GGSN; compression and delta "
        "ratios of GprsWebServerProxy; the rest is the shared testbed. " +
            ChakravortySetup::Choices());
    setup.testbed.AddOptions(options);
    options.AddChecked("pages",
                       "pages, comma-separated: static-i, static-ii, c8 or page files",
                       setup.pages,
                       "a comma-separated list of pages: c8, static-i, static-ii or the path of "
                       "a page file" +
                           kExampleListRule,
                       [](const std::string& text) {
                           return ReadList(text,
                                           [](const std::string& item) { return !item.empty(); });
                       });
    options.AddChecked(
        "scenarios",
        "scenarios, comma-separated",
        setup.scenarios,
        "a comma-separated list of http-10, http-11, gprsweb-cold and "
        "gprsweb-warm, each once",
        [](const std::string& text) { return ReadChoiceList(text, kScenarios, nullptr); });
    options.AddChecked(
        "features",
        "gprsweb feature sets, comma-separated: all, or one feature off",
        setup.features,
        "a comma-separated list of all, no-caching, no-compression, no-delta, "
        "no-push and no-proxy-dns, each once",
        [](const std::string& text) { return ReadChoiceList(text, kFeatures, nullptr); });
    options
        .AddNumber("ci", "C/I of the mobile, dB (not in the paper)", setup.ciDb, -100, 100, "dB");
    options.AddInteger<uint32_t>("http10Connections",
                                 "http-10: most connections at once (paper: 8)",
                                 setup.http10Connections,
                                 1,
                                 64);
    options.AddInteger<uint32_t>("persistentConnections",
                                 "http-11 and gprsweb: most persistent connections (paper: 4)",
                                 setup.persistentConnections,
                                 1,
                                 64);
    options.AddFlag("warmServer",
                    "gprsweb-warm: the server proxy's cache holds the page (paper: yes)",
                    setup.warmServer);
    options.AddFlag("warmClient",
                    "gprsweb-warm: the client proxy's cache holds the previous visit (paper: no, a "
                    "warm server cache only)",
                    setup.warmClient);
    options.AddFlag("htmlChanged",
                    "gprsweb-warm: the HTML changed since the previous visit (matters with "
                    "--warmClient: a delta is sent)",
                    setup.htmlChanged);
    options.AddDuration("limit",
                        "simulated time after which a page counts as incomplete",
                        setup.limit);
    options.AddInteger<uint32_t>("runs", "runs per row", runs, 1, 1000);
    options.AddInteger<uint32_t>("jobs", "parallel worker processes", jobs, 1, 64);
    options.AddOutputDirectory("outdir",
                               "directory for runs.csv, the .dat files and gnuplot charts",
                               outdir);
    traceRun.AddTo(
        options,
        "for each page, scenario and feature set, server.pcap, ggsn.pcap, "
        "mobile.pcap, gsmtap.pcap and the mobile's RLC block trace, in "
        "trace-run<K>-<page>-<scenario>[-<features>]",
        [&runs]() { return runs; },
        &outdir);
    options.SetsAttribute("ns3::GprsMsNetDevice::RadioConditions", {"ci"});
    options.SetsAttribute("ns3::TcpSocket::SegmentSize", {"mss"});
    options.SetsAttribute("ns3::GprsWebBrowser::Page", {"pages"}, false);
    options.SetsAttribute("ns3::GprsWebBrowser::Mode", {"scenarios"}, false);
    options.SetsAttribute("ns3::GprsWebBrowser::Http10Connections", {"http10Connections"});
    options.SetsAttribute("ns3::GprsWebBrowser::PersistentConnections", {"persistentConnections"});
    options.SetsAttribute("ns3::GprsWebBrowser::DnsLookups", {"features"}, false);
    options.SetsAttribute("ns3::GprsWebBrowser::Remote");
    for (const char* feature : {"Caching", "Compression", "Delta", "Push", "ProxyDns"})
    {
        options.SetsAttribute(std::string("ns3::GprsWebServerProxy::") + feature,
                              {"features"},
                              false);
    }
    options.SetsAttribute("ns3::GprsWebServerProxy::Preload", {"scenarios", "warmServer"}, false);
    options.SetsAttribute("ns3::GprsWebServerProxy::PageVersion", {"htmlChanged"}, false);
    options.SetsAttribute("ns3::GprsWebClientProxy::Preload", {"scenarios", "warmClient"}, false);
    if (!options.Parse(argc, argv))
    {
        return 2;
    }
    const std::vector<std::string> pages = SplitList(setup.pages);
    for (const auto& page : pages)
    {
        // A page file is read once here, so that a bad one is reported before anything runs.
        try
        {
            GetGprsWebPage(page);
        }
        catch (const std::runtime_error& e)
        {
            std::cerr << "error: invalid option --pages=" << setup.pages << ": " << e.what()
                      << "\n";
            return 2;
        }
    }
    std::vector<std::string> scenarios;
    std::vector<std::string> features;
    ReadChoiceList(setup.scenarios, kScenarios, &scenarios);
    ReadChoiceList(setup.features, kFeatures, &features);

    const uint64_t firstRun = RngSeedManager::GetRun();
    std::vector<Job> all;
    for (const auto& page : pages)
    {
        for (const auto& scenario : scenarios)
        {
            const bool gprsweb = scenario.rfind("gprsweb", 0) == 0;
            for (const auto& f : gprsweb ? features : std::vector<std::string>{"-"})
            {
                for (uint32_t r = 0; r < runs; ++r)
                {
                    const uint64_t run = firstRun + r;
                    std::vector<std::string> parts{page, scenario};
                    if (f != "-")
                    {
                        parts.push_back(f);
                    }
                    all.push_back(Job{page,
                                      scenario,
                                      f,
                                      run,
                                      traceRun.IsTraced(run) && !outdir.empty()
                                          ? ExampleTraceRun::Directory(outdir, run, parts)
                                          : ""});
                }
            }
        }
    }
    const std::vector<Result> measured =
        RunJobs("gprsweb", all.size(), jobs, [&setup, &all](std::size_t i) {
            return RunOne(setup, all[i]);
        });
    using Key = std::tuple<std::string, std::string, std::string>;
    std::map<Key, std::vector<Result>> results;
    std::vector<Key> order;
    ExampleRunRows runRows({"page", "scenario", "features"},
                           {"page_time_s",
                            "bytes_on_air",
                            "connections",
                            "object_bytes",
                            "saved_caching_bytes",
                            "saved_delta_bytes",
                            "saved_compression_bytes",
                            "pushes"});
    for (std::size_t i = 0; i < all.size(); ++i)
    {
        const Job& job = all[i];
        const Result& r = measured[i];
        const Key key{job.page, job.scenario, job.features};
        if (results.count(key) == 0)
        {
            order.push_back(key);
        }
        results[key].push_back(r);
        runRows.Add({CsvField(job.page), job.scenario, job.features},
                    job.run,
                    r.complete,
                    {r.complete ? RunField(r.pageS) : "",
                     std::to_string(r.airBytes),
                     std::to_string(r.connections),
                     std::to_string(r.proxy.objectBytes),
                     std::to_string(r.proxy.savedCaching + r.offerHitBytes),
                     std::to_string(r.proxy.savedDelta),
                     std::to_string(r.proxy.savedCompression),
                     std::to_string(r.proxy.pushes)});
    }
    if (!runRows.Write(outdir))
    {
        return 1;
    }

    BarChart scenarioChart{"gprsweb",
                           "Page download time, mean and standard deviation of " +
                               std::to_string(runs) + " runs (GPRSWeb: all features on)",
                           pages,
                           {},
                           {},
                           {}};
    BarChart featureChart{"gprsweb-features",
                          "GPRSWeb with each feature off: page download time, " +
                              std::to_string(runs) + " runs",
                          pages,
                          {},
                          {},
                          {}};
    std::cout << "page,scenario,runs,page_time_s,page_time_stdev_s,bytes_on_air,connections,"
                 "features,object_bytes,saved_caching_bytes,saved_delta_bytes,"
                 "saved_compression_bytes,pushes,incomplete\n";
    for (const Key& key : order)
    {
        const auto& [page, scenario, f] = key;
        const Row row = Aggregate(results[key]);
        std::cout << std::fixed << std::setprecision(3) << CsvField(page) << "," << scenario << ","
                  << row.runs << ",";
        if (row.incomplete < row.runs)
        {
            std::cout << row.page << "," << row.pageSd << "," << std::setprecision(0) << row.air
                      << "," << std::setprecision(1) << row.connections << "," << f << ","
                      << std::setprecision(0) << row.objectBytes << "," << row.savedCaching << ","
                      << row.savedDelta << "," << row.savedCompression << ","
                      << std::setprecision(1) << row.pushes;
        }
        else
        {
            std::cout << ",,,," << f << ",,,,,";
        }
        std::cout << "," << row.incomplete << "\n";
        if (row.incomplete > 0)
        {
            std::cerr << "warning: " << page << " " << scenario << " " << f << ": "
                      << row.incomplete << " of " << row.runs
                      << " pages incomplete within --limit\n";
        }
        const std::string label = f == "-" ? scenario : scenario + ":" + f;
        if (f == "-" || f == "all")
        {
            scenarioChart.Add(label, page, row);
        }
        if (f != "-")
        {
            featureChart.Add(label, page, row);
        }
    }
    if (!outdir.empty())
    {
        scenarioChart.Write(outdir);
        featureChart.Write(outdir);
    }
    return 0;
}
