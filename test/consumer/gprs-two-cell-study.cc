/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A study written as a user writes one, against the installed module (doc/gprs.rst, "Writing
// your own study"): two cells of 6 mobiles behind one GGSN, a TCP download to every mobile, a
// split proxy (or the cwnd clamp) for cell 1 only, an outage of one mobile of cell 1, per-flow
// delay, goodput and loss at the mobiles (GprsFlowStatsCalculator, right behind the proxy too),
// the radio interface of each cell in Wireshark (GSMTAP) and a gnuplot figure. Prints one CSV
// row per mobile; exits 1 if a download did not complete or a flow's goodput is not what the
// mobile's sink received, 2 on a bad option.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("GprsTwoCellStudy");

namespace
{

/**
 * Write the time and the bytes each sink received, and again a second later until every sink
 * has its bytes; then end the simulation.
 * \param out the data file
 * \param sinks the sinks
 * \param bytes the bytes of each download
 */
void
Sample(std::ofstream* out, const std::vector<Ptr<PacketSink>>* sinks, uint32_t bytes)
{
    bool all = true;
    *out << Simulator::Now().GetSeconds();
    for (const Ptr<PacketSink>& sink : *sinks)
    {
        *out << " " << sink->GetTotalRx();
        all = all && sink->GetTotalRx() >= bytes;
    }
    *out << "\n";
    if (all)
    {
        Simulator::Stop();
        return;
    }
    Simulator::Schedule(Seconds(1), &Sample, out, sinks, bytes);
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t perCell = 6;
    uint32_t bytes = 30000;
    std::string proxyVariant = "split";
    std::string outage = "20s-35s";
    Time stop = Seconds(300);
    std::string outdir = ".";
    CommandLine cmd(__FILE__);
    cmd.AddValue("perCell", "mobiles per cell", perCell);
    cmd.AddValue("bytes", "bytes each mobile downloads", bytes);
    cmd.AddValue("proxy", "proxy for cell 1: split or clamp", proxyVariant);
    cmd.AddValue("outage", "outage of cell 1's first mobile, e.g. 20s-35s", outage);
    cmd.AddValue("stop", "simulation end if a download is not done before", stop);
    cmd.AddValue("outdir", "existing directory for the pcaps, flow statistics and figure", outdir);
    cmd.Parse(argc, argv);

    GprsScenarioHelper scenario;
    scenario.SetProxy(true); // a proxy node between the Internet and the GGSN
    scenario.Cell().SetPcuAttribute("NumberOfPdchs", UintegerValue(4));
    GprsProxyHelper proxies(proxyVariant);
    // The helpers' checks, before anything is built: a bad value is reported, not aborted on.
    const std::vector<uint32_t> mobilesPerCell{perCell, perCell};
    try
    {
        scenario.Check(2 * perCell);
        proxies.Check();
        GprsHelper outageCheck;
        outageCheck.SetMsDeviceAttribute("Outages", StringValue(outage));
        outageCheck.Check();
    }
    catch (const std::invalid_argument& e)
    {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
    const GprsScenario s = scenario.Install(mobilesPerCell);
    scenario.Cell().AssignStreams(s.bssDevices, 100);
    const Ptr<GprsProxy> proxy = proxies.Install(s, 1); // cell 1's mobiles only
    const uint32_t outageMobile = s.GetCellMobiles(1).front();
    s.msDevices.Get(outageMobile)->SetAttribute("Outages", StringValue(outage));

    // A download from the server to every mobile, all starting at 1 s.
    const uint16_t port = 5000;
    std::vector<Ptr<PacketSink>> sinks;
    for (uint32_t i = 0; i < s.mobiles.GetN(); ++i)
    {
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        sinks.push_back(DynamicCast<PacketSink>(sink.Install(s.mobiles.Get(i)).Get(0)));
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(s.GetMobileAddress(i), port));
        bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
        bulk.Install(s.server).Start(Seconds(1));
    }

    // Per-flow figures where the mobiles receive (doc: FlowMonitor): FlowMonitor's flow to a
    // proxied mobile would end at the proxy. Installed before the flows start.
    const Ptr<GprsFlowStatsCalculator> flows = CreateObject<GprsFlowStatsCalculator>();
    flows->SetAttribute("OutputFilename", StringValue(outdir + "/flows.txt"));
    flows->SetAttribute("EpochDuration", TimeValue(Seconds(1)));
    flows->Install(s.mobiles);
    // Wireshark: one GSMTAP pcap per cell, gsmtap-<node>-<device>.pcap.
    scenario.Cell().EnableGsmtap(outdir + "/gsmtap");

    // Bytes received by each mobile, once a second until all are done, for the figure.
    std::ofstream received(outdir + "/received.dat");
    if (!received)
    {
        std::cerr << "error: --outdir: cannot write in '" << outdir << "'\n";
        return 2;
    }
    Simulator::Schedule(Seconds(1), &Sample, &received, &sinks, bytes);
    std::vector<Time> done(sinks.size());
    for (uint32_t i = 0; i < sinks.size(); ++i)
    {
        sinks[i]->TraceConnectWithoutContext("Rx",
                                             MakeCallback(+[](Ptr<PacketSink> sink,
                                                              uint32_t bytes,
                                                              Time* when,
                                                              Ptr<const Packet>,
                                                              const Address&) {
                                                 if (sink->GetTotalRx() >= bytes && when->IsZero())
                                                 {
                                                     *when = Simulator::Now();
                                                 }
                                             }).Bind(sinks[i], bytes, &done[i]));
    }
    Simulator::Stop(stop);
    Simulator::Run();
    received.close();

    // Per mobile: what its PacketSink received and the server -> mobile TCP flow as the
    // mobile's IP layer got it, with or without the proxy.
    std::vector<GprsFlowKpis> toMobile(sinks.size());
    for (const auto& [flow, kpis] : flows->GetFlowStats())
    {
        for (uint32_t i = 0; i < sinks.size(); ++i)
        {
            if (flow.source == s.serverAddress && flow.destination == s.GetMobileAddress(i) &&
                flow.destinationPort == port && flow.protocol == 6)
            {
                toMobile[i] = kpis;
            }
        }
    }
    bool complete = true;
    std::cout << "mobile,cell,proxied,outage,bytes_received,download_time_s,flow_rx_bytes,"
                 "flow_goodput_bytes,flow_lost_packets,flow_mean_delay_s,flow_max_delay_s\n";
    for (uint32_t i = 0; i < sinks.size(); ++i)
    {
        const GprsFlowKpis& f = toMobile[i];
        complete = complete && !done[i].IsZero() && f.goodputBytes == sinks[i]->GetTotalRx();
        std::cout << i << "," << s.mobileCell[i] << "," << (s.mobileCell[i] == 1) << ","
                  << (i == outageMobile) << "," << sinks[i]->GetTotalRx() << ","
                  << (done[i].IsZero() ? "" : std::to_string((done[i] - Seconds(1)).GetSeconds()))
                  << "," << f.rxBytes << "," << f.goodputBytes << "," << f.lostPackets << ","
                  << f.GetMeanDelay().GetSeconds() << "," << f.delayMax.GetSeconds() << "\n";
    }
    const GprsProxyCounters c = GprsProxyHelper::GetCounters(proxy);
    std::cout << "# proxy relayed " << c.bytesRelayedToMobile
              << " bytes to the mobiles of cell 1\n";

    // The figure: bytes received over time, cell 0 solid, cell 1 (proxied) dashed.
    std::ofstream gp(outdir + "/two-cell-study.gp");
    gp << "set terminal pngcairo size 900,500 noenhanced\n"
          "set output 'two-cell-study.png'\n"
          "set xlabel 'time (s)'\nset ylabel 'bytes received'\nset key outside\nplot ";
    for (uint32_t i = 0; i < sinks.size(); ++i)
    {
        gp << (i ? ", " : "") << "'received.dat' using 1:" << i + 2 << " with lines dt "
           << (s.mobileCell[i] == 1 ? 2 : 1) << " title 'mobile " << i << " (cell "
           << s.mobileCell[i] << ")'";
    }
    gp << "\n";
    gp.close();
    if (std::system(("cd '" + outdir + "' && gnuplot two-cell-study.gp").c_str()) != 0)
    {
        std::cerr << "warning: gnuplot failed on " << outdir << "/two-cell-study.gp\n";
    }
    Simulator::Destroy();
    return complete && c.bytesRelayedToMobile == perCell * uint64_t{bytes} ? 0 : 1;
}
