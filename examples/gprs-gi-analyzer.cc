/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// gprs-gi-analyzer FILE.pcap: Benko, Malicsko & Veres's passive Gi-interface analysis (INFOCOM
// 2004) of a pcap capture: a CSV row per TCP connection on stdout, a summary on stderr, and
// with --outdir the summary, a CSV per user spell, histograms (.dat) and a gnuplot script.

#include "ns3/gprs-gi-analyzer.h"

#include "common/example-options.h"

#include "ns3/gprs-gi-pcap.h"
#include "ns3/gprs-gi-summary.h"

#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string pcap;
    std::string prefix;
    Time idleTimeout = NanoSeconds(kGprsGiIdleTimeoutNs);
    std::string outdir;
    GprsGiAnalyzerConfig config;

    ExampleOptions options(
        __FILE__,
        "Passive analysis of the TCP/IPv4 headers of a pcap capture taken at the Gi interface "
        "(link types Ethernet, PPP, raw IP, IPv4), after Benko, Malicsko & Veres (INFOCOM "
        "2004): per TCP connection, the set-up delay (first SYN to first ACK) and its branch "
        "of the paper's tree, the GPRS-side RTT, the available downlink channel rate (periods "
        "with more than 4500 bytes in flight and more than 16 KB), loss on the access and "
        "Internet sides, the throughput R of greedy flows (over 100 KB) with the user's "
        "parallel traffic, and the TCP options (MSS, SACK, timestamps, receiver window "
        "classes). Prints a CSV row per connection on stdout and a summary on stderr; with "
        "--outdir, also summary.txt, users.csv, histograms (.dat) and gprs-gi-analyzer.gnuplot "
        "there. The mobile of a connection is the address in --mobilePrefix or, without one, "
        "the source of its SYN. doc/gprs-gi-analyzer.rst.inc states each definition.");
    options.AddChecked("mobilePrefix",
                       "IPv4 prefix of the mobiles (empty: each connection's SYN source)",
                       prefix,
                       "empty or a.b.c.d/len",
                       [&config](const std::string& text) {
                           if (text.empty())
                           {
                               return true;
                           }
                           try
                           {
                               config.mobilePrefix = GprsGiParsePrefix(text);
                               return true;
                           }
                           catch (const std::invalid_argument&)
                           {
                               return false;
                           }
                       });
    options.AddTime("idleTimeout",
                    "a connection silent this long is reported and freed (RFC 6298's 60 s "
                    "largest RTO, twice)",
                    idleTimeout,
                    Seconds(1),
                    kMaxExampleTime);
    options.AddOutputDirectory("outdir",
                               "directory for summary.txt, users.csv, .dat histograms and the "
                               "gnuplot script",
                               outdir);
    options.GetCommandLine().AddNonOption("pcap", "the pcap file", pcap);
    if (!options.Parse(argc, argv))
    {
        return 2;
    }
    if (pcap.empty())
    {
        std::cerr << "error: no pcap file given (usage: gprs-gi-analyzer [options] FILE.pcap)\n";
        return 2;
    }
    config.idleTimeoutNs = idleTimeout.GetNanoSeconds();

    std::ofstream users;
    if (!outdir.empty())
    {
        users.open(outdir + "/users.csv");
        users << "mobile,first_s,last_s,connections,ip_bytes_down,ip_bytes_up\n";
    }
    GprsGiSummary summary;
    GprsGiAnalyzer analyzer(config);
    bool headerDone = false;
    analyzer.SetConnectionCallback([&](const GprsGiConnectionReport& r) {
        if (!headerDone)
        {
            std::cout << GprsGiCsvHeader() << '\n';
            headerDone = true;
        }
        std::cout << GprsGiCsvRow(r) << '\n';
        summary.AddConnection(r);
    });
    analyzer.SetRateCallback([&summary](const GprsGiRatePeriod& p) { summary.AddRatePeriod(p); });
    analyzer.SetUserCallback([&](const GprsGiUserReport& r) {
        summary.AddUser(r);
        if (users.is_open())
        {
            users << GprsGiAddressToString(r.address) << ',' << r.firstNs * 1e-9 << ','
                  << r.lastNs * 1e-9 << ',' << r.connections << ',' << r.ipBytesDown << ','
                  << r.ipBytesUp << '\n';
        }
    });
    uint64_t records = 0;
    uint64_t skipped = 0;
    try
    {
        GprsGiPcapReader reader(pcap);
        GprsGiPacket packet;
        while (reader.Next(packet))
        {
            analyzer.Add(packet);
        }
        records = reader.GetRecords();
        skipped = reader.GetSkipped();
    }
    catch (const GprsGiPcapError& e)
    {
        std::cout.flush();
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    analyzer.Finish();
    if (!headerDone)
    {
        std::cout << GprsGiCsvHeader() << '\n'; // a table without rows: no TCP connection
    }

    const auto& counters = analyzer.GetCounters();
    std::ostringstream text;
    text << "file: " << pcap << "\npcap records: " << records << " (" << skipped
         << " not IPv4 or too short)\nTCP segments: " << counters.tcpPackets << " ("
         << counters.unattributed << " outside a connection seen from its SYN)\n";
    if (counters.timeReversals > 0)
    {
        text << "time stamps going back: " << counters.timeReversals << " (taken as equal)\n";
    }
    summary.Write(text);
    std::cerr << text.str();
    if (!outdir.empty())
    {
        std::ofstream(outdir + "/summary.txt") << text.str();
        try
        {
            summary.WriteHistograms(outdir);
        }
        catch (const std::runtime_error& e)
        {
            std::cerr << "error: --outdir: " << e.what() << "\n";
            return 1;
        }
    }
    return 0;
}
