/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tutorial: one server, one mobile in a GPRS cell; a TCP bulk download and a UDP probe.
//
//   server --(Internet link)-- GGSN --(core network)-- PCU ==(PDCHs)== mobile
//
// Prints one CSV summary row (header first) on stdout and writes time series plus a gnuplot
// script (and the PNG it renders, when gnuplot is installed) to --outdir.

#include "common/example-options.h"
#include "common/example-plot.h"
#include "common/example-progress.h"
#include "common/example-statistics.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-helper.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("GprsTcpTutorial");

namespace
{

/// One-way delays of the UDP probes.
struct Probes
{
    std::ofstream file;          //!< time, delay
    std::vector<double> delayMs; //!< delays
};

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t bytes = 100000;
    std::string cs = "CS-2";
    std::string radio = "24";
    uint32_t pdchs = 4;
    uint32_t msClass = 8;
    uint32_t mss = 1400;
    Time internetDelay = MilliSeconds(50);
    Time probeInterval = Seconds(5);
    Time stop = Seconds(300);
    std::string outdir;
    bool progress = true;
    bool pcap = false;

    ExampleOptions options(
        __FILE__,
        "One server, one GPRS mobile: a TCP bulk download (BulkSend -> PacketSink) "
        "starting at 2 s and a 64-byte UDP probe from the server every "
        "--probeInterval from 1 s. Prints a CSV summary on stdout (rtt_*_ms: the "
        "smoothed RTT after each sample); with --outdir, "
        "writes time series (.dat), a gnuplot script and its PNG there. Defaults: "
        "4 PDCHs, multislot class 8 (4+1), CS-2, C/I 24 dB, MSS 1400 (Chakravorty & "
        "Pratt's testbed), Internet one-way delay 50 ms (engineer's choice), the "
        "module's defaults for everything else (doc/gprs.rst).");
    options.AddInteger<uint32_t>("bytes", "bytes to download", bytes, 1, UINT32_MAX);
    options.AddCodingScheme("cs", "coding scheme", cs);
    options.AddRadioConditions("radio", "C/I of the mobile, both directions", radio);
    options.AddPdchs("pdchs", "PDCHs in the cell", pdchs);
    options.AddMultislotClass("multislot class of the mobile", msClass);
    options.AddMss("TCP maximum segment size, octets", mss);
    options.AddDelay("internetDelay", "one-way delay of the Internet link", internetDelay);
    options.AddTime("probeInterval",
                    "interval of the UDP probes (0 disables them)",
                    probeInterval,
                    MilliSeconds(1),
                    kMaxExampleTime,
                    true);
    options.AddDuration("stop", "simulation end if the download is not done before", stop);
    options.AddOutputDirectory("outdir",
                               "directory for .dat files, gnuplot script and PNG",
                               outdir);
    options.AddFlag("progress", "report progress on stderr", progress);
    options.AddFlag("pcap",
                    "with --outdir: write server.pcap, ggsn.pcap and mobile.pcap (IP packets, "
                    "readable by tcpdump, Wireshark and tcptrace) and gsmtap.pcap (the cell's "
                    "radio blocks and LLC frames as GSMTAP, for Wireshark)",
                    pcap);
    // What the example sets from its options (besides those Add... declare), and what it fixes.
    options.SetsAttribute("ns3::BulkSendApplication::MaxBytes", {"bytes"});
    options.SetsAttribute("ns3::PointToPointChannel::Delay", {"internetDelay"});
    options.SetsAttribute("ns3::PointToPointNetDevice::DataRate");
    options.SetsAttribute("ns3::UdpClient::Interval", {"probeInterval"});
    options.SetsAttribute("ns3::UdpClient::MaxPackets", {"probeInterval", "stop"}, false);
    options.SetsAttribute("ns3::UdpClient::PacketSize");
    if (!options.Parse(argc, argv))
    {
        return 2;
    }
    const GprsCodingScheme scheme = ParseGprsCodingScheme(cs);

    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
    GprsScenarioHelper scenario;
    scenario.SetInternetLink(DataRate("10Mbps"), internetDelay, 0);
    scenario.Cell().SetPcuAttribute("NumberOfPdchs", UintegerValue(pdchs));
    const std::string la = "ns3::GprsFixedLinkAdaptation[CodingScheme=" + ToString(scheme) + "]";
    scenario.Cell().SetPcuAttribute("DownlinkLinkAdaptation", StringValue(la));
    scenario.Cell().SetPcuAttribute("UplinkLinkAdaptation", StringValue(la));
    scenario.Cell().SetMsDeviceAttribute("MultislotClass", UintegerValue(msClass));
    scenario.Cell().SetMsDeviceAttribute("RadioConditions", StringValue(radio));
    GprsScenario s = scenario.Install(1);
    scenario.Cell().AssignStreams(s.bssDevices, 100);

    std::unique_ptr<GprsTcpTracer> tracer;
    Probes probes;
    try
    {
        tracer = std::make_unique<GprsTcpTracer>(outdir);
        if (!outdir.empty())
        {
            probes.file.open(outdir + "/probe.dat");
        }
    }
    catch (const std::runtime_error& e)
    {
        std::cerr << "error: --outdir: " << e.what() << "\n";
        return 2;
    }

    if (pcap && !outdir.empty())
    {
        PointToPointHelper().EnablePcap(outdir + "/server.pcap",
                                        s.internetDevices.Get(0),
                                        false,
                                        true);
        scenario.Cell().EnablePcap(outdir + "/ggsn.pcap", s.bssDevices.Get(0), false, true);
        scenario.Cell().EnablePcap(outdir + "/mobile.pcap", s.msDevices.Get(0), false, true);
        scenario.Cell().EnableGsmtap(outdir + "/gsmtap.pcap", s.bssDevices, true);
    }

    // TCP download.
    const uint16_t port = 5000;
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sink = sinkHelper.Install(s.mobiles.Get(0));
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(s.GetMobileAddress(0), port));
    bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
    ApplicationContainer source = bulk.Install(s.server);
    source.Start(Seconds(2));
    tracer->WatchTcp(s.server, Seconds(2), DynamicCast<PacketSink>(sink.Get(0)), bytes);
    tracer->WatchRlc(s.pcu, 0);

    // UDP probe: 64-byte packets with a timestamp (SeqTsHeader) from the server.
    if (probeInterval.IsStrictlyPositive())
    {
        UdpServerHelper probeServer(6000);
        ApplicationContainer ps = probeServer.Install(s.mobiles.Get(0));
        // RxWithAddresses has kept its signature from ns-3.30 to ns-3.48; Rx gained an Address
        // argument in ns-3.47 (UdpServer became a SinkApplication), so connecting to it aborts
        // there or here, depending on the callback.
        ps.Get(0)->TraceConnectWithoutContext(
            "RxWithAddresses",
            MakeCallback(+[](Probes* o, Ptr<const Packet> p, const Address&, const Address&) {
                SeqTsHeader h;
                p->PeekHeader(h);
                const double ms = (Simulator::Now() - h.GetTs()).GetSeconds() * 1000;
                o->delayMs.push_back(ms);
                if (o->file.is_open())
                {
                    o->file << Simulator::Now().GetSeconds() << " " << ms << "\n";
                }
            }).Bind(&probes));
        UdpClientHelper probe(s.GetMobileAddress(0), 6000);
        probe.SetAttribute("Interval", TimeValue(probeInterval));
        probe.SetAttribute("PacketSize", UintegerValue(64));
        // Every interval from 1 s until --stop. An explicit count: ns-3.37's UdpClient sends a
        // single packet for MaxPackets=0 (later versions read 0 as unlimited).
        const int64_t probeCount = stop > Seconds(1)
                                       ? (stop - Seconds(1) - NanoSeconds(1)).GetNanoSeconds() /
                                                 probeInterval.GetNanoSeconds() +
                                             1
                                       : 0;
        probe.SetAttribute("MaxPackets", UintegerValue(std::min<int64_t>(probeCount, UINT32_MAX)));
        ApplicationContainer pc = probe.Install(s.server);
        pc.Start(Seconds(1));
    }

    if (progress)
    {
        ReportProgress("gprs-tcp-tutorial", stop, [&tracer]() {
            return std::to_string(tracer->GetBytesReceived()) + " bytes received";
        });
    }
    Simulator::Stop(stop);
    Simulator::Run();

    tracer->Close();
    probes.file.close();
    const bool done = tracer->GetBytesReceived() >= bytes;
    const double seconds = (tracer->GetLastReceive() - Seconds(2)).GetSeconds();
    const std::vector<double>& rtt = tracer->GetRttSamplesMs();
    const std::vector<double>& probeMs = probes.delayMs;
    // What was not measured (no download time before the download completes, no RTT sample,
    // no probe) is an empty field, never a number.
    const auto field = [](bool measured, double value) {
        std::ostringstream text;
        if (measured)
        {
            text << std::fixed << std::setprecision(3) << value;
        }
        return text.str();
    };
    std::cout << "bytes,cs,radio,pdchs,ms_class,complete,bytes_received,download_time_s,"
                 "goodput_kbps,rtt_min_ms,rtt_median_ms,rtt_max_ms,rlc_dl_blocks,"
                 "rlc_dl_retransmissions,tbfs_established,probes,probe_first_ms,probe_median_ms\n";
    std::cout << bytes << "," << ToString(scheme) << "," << CsvField(radio, true) << "," << pdchs
              << "," << msClass << "," << (done ? 1 : 0) << "," << tracer->GetBytesReceived() << ","
              << field(done, seconds) << ","
              << field(done, tracer->GetBytesReceived() * 8 / seconds / 1000) << ","
              << field(!rtt.empty(), rtt.empty() ? 0 : *std::min_element(rtt.begin(), rtt.end()))
              << "," << field(!rtt.empty(), Median(rtt)) << ","
              << field(!rtt.empty(), rtt.empty() ? 0 : *std::max_element(rtt.begin(), rtt.end()))
              << "," << tracer->GetRlcBlocks() << "," << tracer->GetRlcRetransmissions() << ","
              << tracer->GetTbfs() << "," << probeMs.size() << ","
              << field(!probeMs.empty(), probeMs.empty() ? 0 : probeMs.front()) << ","
              << field(!probeMs.empty(), Median(probeMs)) << "\n";

    if (!outdir.empty())
    {
        std::ofstream gp(outdir + "/gprs-tcp-tutorial.gp");
        gp << "# gnuplot script written by gprs-tcp-tutorial; run: gnuplot gprs-tcp-tutorial.gp\n"
              "set terminal pngcairo size 1000,900 noenhanced\n"
              "set output 'gprs-tcp-tutorial.png'\n"
              "set multiplot layout 3,1 title "
           << GnuplotString("TCP download over GPRS (" + ToString(scheme) + ", " +
                            std::to_string(pdchs) + " PDCHs, C/I " + radio + " dB)")
           << "\n"
              "set xlabel 'time (s)'\n"
              "set ylabel 'bytes received'\n"
              "plot 'tcp-receiver.dat' using 1:2 with lines title 'TCP receiver'\n"
              "set ylabel 'octets'\n"
              "plot 'cwnd.dat' using 1:2 with steps title 'cwnd', "
              "'ggsn-buffer.dat' using 1:2 with steps title 'GGSN buffer'\n"
              "set ylabel 'ms'\n"
              "plot 'rtt.dat' using 1:2 with points pt 7 ps 0.4 title 'TCP smoothed RTT', "
              "'probe.dat' using 1:2 with linespoints title 'UDP probe one-way delay'\n"
              "unset multiplot\n";
        gp.close();
        if (!RenderGnuplot(outdir, "gprs-tcp-tutorial.gp"))
        {
            std::cerr << "warning: gnuplot failed on " << outdir << "/gprs-tcp-tutorial.gp\n";
        }
    }
    Simulator::Destroy();
    return done ? 0 : 1;
}
