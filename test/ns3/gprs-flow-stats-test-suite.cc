/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GprsFlowStatsCalculator: per-flow KPIs at the mobiles, compared with the mobiles' PacketSinks
// and with delays measured independently (per packet by IP identification, from the server's IP
// layer to the mobile's), end to end and through a split proxy, where FlowMonitor sees only the
// server leg; its losses against the GGSN buffer's drops; and the FlowMonitor warning of the split
// proxy.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/flow-monitor-helper.h"
#include "ns3/ipv4-flow-classifier.h"
#include "ns3/test.h"

#include <fstream>
#include <sstream>

using namespace ns3;
using namespace ns3::gprs_test;

NS_LOG_COMPONENT_DEFINE("GprsFlowStatsTestSuite");

namespace
{

constexpr uint32_t kMobiles = 2;      //!< downloads, one per mobile
constexpr uint32_t kBytes = 60000;    //!< bytes per download
constexpr uint16_t kFirstPort = 5000; //!< mobile i's sink listens on kFirstPort + i
const Time kStop = Seconds(200);      //!< every download is over by then

/// Delays measured per packet, from the sending node's IP layer (the server's, or the split
/// proxy's for its mobile legs) to the mobile's.
struct PacketDelays
{
    /// (destination, IP identification) -> time the sender's IP layer sent the packet
    std::map<std::pair<Ipv4Address, uint16_t>, Time> sent;
    Time sum;            //!< sum of the delays of data packets that arrived
    uint64_t samples{0}; //!< their number

    /// Ipv4L3Protocol SendOutgoing sink of the sender.
    void OnSend(const Ipv4Header& ip, Ptr<const Packet>, uint32_t)
    {
        sent[{ip.GetDestination(), ip.GetIdentification()}] = Simulator::Now();
    }

    /// Ipv4L3Protocol LocalDeliver sink of a mobile: data packets only.
    void OnDeliver(const Ipv4Header& ip, Ptr<const Packet> packet, uint32_t)
    {
        TcpHeader tcp;
        const auto it = sent.find({ip.GetDestination(), ip.GetIdentification()});
        if (it != sent.end() && packet->GetSize() > packet->PeekHeader(tcp))
        {
            sum += Simulator::Now() - it->second;
            ++samples;
        }
    }
};

/// What one run measured.
struct FlowRun
{
    GprsFlowKpis kpis[kMobiles];             //!< the calculator's, per download
    uint64_t sinkBytes[kMobiles]{};          //!< the PacketSinks'
    Time flowMonitorDelay[kMobiles];         //!< FlowMonitor's mean delay, when installed
    uint64_t flowMonitorRxBytes[kMobiles]{}; //!< FlowMonitor's rxBytes, when installed
    PacketDelays packets;                    //!< independent per-packet delays (no proxy)
    uint32_t bufferDrops{0};                 //!< the PCU's BufferDrop count
    uint64_t fileGoodput[kMobiles]{};        //!< goodputBytes summed over the epoch file
    std::string warnings;                    //!< what the run wrote to std::cerr
};

/**
 * Two TCP downloads of kBytes, the calculator on the mobiles.
 * \param setup the cell but its number of mobiles (setup.proxy: a split proxy)
 * \param flowMonitor also install FlowMonitor on every node
 * \param dir directory of the epoch file
 * \return the figures
 */
FlowRun
RunFlows(CellSetup setup, bool flowMonitor, const std::string& dir)
{
    setup.mobiles = kMobiles;
    CellRecorder recorder;
    const GprsScenario s = setup.Build(recorder);
    if (setup.proxy)
    {
        GprsProxyHelper("split").Install(s);
    }
    FlowRun run;
    for (uint32_t i = 0; i < kMobiles; ++i)
    {
        const auto port = static_cast<uint16_t>(kFirstPort + i);
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        sink.Install(s.mobiles.Get(i));
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(s.GetMobileAddress(i), port));
        bulk.SetAttribute("MaxBytes", UintegerValue(kBytes));
        bulk.Install(s.server).Start(Seconds(1));
        s.mobiles.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "LocalDeliver",
            MakeCallback(&PacketDelays::OnDeliver, &run.packets));
    }
    (setup.proxy ? s.proxy : s.server)
        ->GetObject<Ipv4L3Protocol>()
        ->TraceConnectWithoutContext("SendOutgoing",
                                     MakeCallback(&PacketDelays::OnSend, &run.packets));
    const std::string file = dir + "/flows.txt";
    const Ptr<GprsFlowStatsCalculator> calculator = CreateObject<GprsFlowStatsCalculator>();
    calculator->SetAttribute("OutputFilename", StringValue(file));
    calculator->Install(s.mobiles);
    FlowMonitorHelper helper;
    Ptr<FlowMonitor> monitor;
    if (flowMonitor)
    {
        helper.SetMonitorAttribute("MaxPerHopDelay", TimeValue(kStop));
        monitor = helper.InstallAll();
    }
    std::ostringstream warnings;
    std::streambuf* const cerr = std::cerr.rdbuf(warnings.rdbuf());
    Simulator::Stop(kStop);
    Simulator::Run();
    std::cerr.rdbuf(cerr);
    run.warnings = warnings.str();

    for (const auto& [key, kpis] : calculator->GetFlowStats())
    {
        const uint32_t i = key.destinationPort - kFirstPort;
        if (key.source == s.serverAddress && i < kMobiles)
        {
            run.kpis[i] = kpis;
        }
    }
    for (uint32_t i = 0; i < kMobiles; ++i)
    {
        run.sinkBytes[i] =
            DynamicCast<PacketSink>(s.mobiles.Get(i)->GetApplication(0))->GetTotalRx();
    }
    if (monitor)
    {
        monitor->CheckForLostPackets();
        const auto classifier = DynamicCast<Ipv4FlowClassifier>(helper.GetClassifier());
        for (const auto& [id, stats] : monitor->GetFlowStats())
        {
            const Ipv4FlowClassifier::FiveTuple t = classifier->FindFlow(id);
            const uint32_t i = t.destinationPort - kFirstPort;
            if (t.sourceAddress == s.serverAddress && i < kMobiles && stats.rxPackets > 0)
            {
                run.flowMonitorDelay[i] = stats.delaySum / stats.rxPackets;
                run.flowMonitorRxBytes[i] = stats.rxBytes;
            }
        }
    }
    run.bufferDrops = recorder.bufferDrops;
    Simulator::Destroy(); // writes the last epoch
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line))
    {
        std::istringstream fields(line);
        double start;
        double end;
        uint32_t node;
        std::string source;
        uint32_t sport;
        std::string destination;
        uint32_t dport;
        uint32_t proto;
        uint64_t rxPackets;
        uint64_t rxBytes;
        uint64_t goodput;
        if (line[0] != '%' &&
            fields >> start >> end >> node >> source >> sport >> destination >> dport >> proto >>
                rxPackets >> rxBytes >> goodput &&
            dport - kFirstPort < kMobiles)
        {
            run.fileGoodput[dport - kFirstPort] += goodput;
        }
    }
    return run;
}

/// End to end, the calculator's figures are the sinks' and the per-packet delays'.
class GprsFlowStatsEndToEndTestCase : public TestCase
{
  public:
    GprsFlowStatsEndToEndTestCase()
        : TestCase("without a proxy: goodput of the sinks, delay of the packets, no loss, no "
                   "warning")
    {
    }

  private:
    void DoRun() override
    {
        ScratchDir dir("gprs-flow-stats-end-to-end");
        const FlowRun run = RunFlows(CellSetup{}, false, dir.Get());
        NS_TEST_EXPECT_MSG_EQ(run.warnings, "", "no proxy, no warning");
        uint64_t samples = 0;
        Time sum;
        for (uint32_t i = 0; i < kMobiles; ++i)
        {
            const GprsFlowKpis& k = run.kpis[i];
            NS_TEST_EXPECT_MSG_EQ(run.sinkBytes[i], kBytes, "download " << i << " complete");
            NS_TEST_EXPECT_MSG_EQ(k.goodputBytes, run.sinkBytes[i], "goodput of download " << i);
            NS_TEST_EXPECT_MSG_EQ(run.fileGoodput[i], k.goodputBytes, "the epoch file's sum");
            NS_TEST_EXPECT_MSG_EQ(k.duplicateBytes, 0, "no spurious retransmission");
            NS_TEST_EXPECT_MSG_EQ(k.lostPackets, 0, "nothing lost");
            NS_TEST_EXPECT_MSG_GT(k.delayMax, k.delayMin, "delays vary");
            samples += k.delaySamples;
            sum += k.delaySum;
        }
        // No TCP retransmission here: each octet's first sending is its packet's sending.
        NS_TEST_EXPECT_MSG_EQ(samples, run.packets.samples, "one delay sample per data packet");
        NS_TEST_EXPECT_MSG_EQ(sum, run.packets.sum, "the delays of the data packets");
        NS_TEST_EXPECT_MSG_GT(sum / samples, Seconds(1), "the GGSN buffer's wait is in them");
    }
};

/**
 * Through a split proxy FlowMonitor measures the server leg; the calculator what the mobile got,
 * and how long its octets took from the server: longer than the mobile leg's packets took from
 * the proxy, since they reached the proxy first. The proxy warns of FlowMonitor.
 */
class GprsFlowStatsSplitTestCase : public TestCase
{
  public:
    GprsFlowStatsSplitTestCase()
        : TestCase("through a split proxy: the mobile's figures, not the server leg's")
    {
    }

  private:
    void DoRun() override
    {
        ScratchDir dir("gprs-flow-stats-split");
        CellSetup setup;
        setup.proxy = true;
        const FlowRun split = RunFlows(setup, true, dir.Get());
        NS_TEST_EXPECT_MSG_NE(split.warnings.find("FlowMonitor"),
                              std::string::npos,
                              "the split proxy warns that FlowMonitor sees the server leg");
        uint64_t samples = 0;
        Time sum;
        for (uint32_t i = 0; i < kMobiles; ++i)
        {
            const GprsFlowKpis& k = split.kpis[i];
            NS_TEST_EXPECT_MSG_EQ(split.sinkBytes[i], kBytes, "download " << i << " complete");
            NS_TEST_EXPECT_MSG_EQ(k.goodputBytes, split.sinkBytes[i], "goodput " << i);
            NS_TEST_EXPECT_MSG_EQ(k.lostPackets, 0, "nothing lost");
            NS_TEST_EXPECT_MSG_LT(split.flowMonitorDelay[i],
                                  k.GetMeanDelay() / 10,
                                  "FlowMonitor's delay of download " << i
                                                                     << " is the server leg's");
            samples += k.delaySamples;
            sum += k.delaySum;
        }
        NS_TEST_EXPECT_MSG_EQ(samples, split.packets.samples, "one sample per mobile leg packet");
        NS_TEST_EXPECT_MSG_GT(sum, split.packets.sum, "octets wait before the proxy sends them");
    }
};

/// Packets the GGSN buffer drops are the calculator's lost packets.
class GprsFlowStatsLossTestCase : public TestCase
{
  public:
    GprsFlowStatsLossTestCase()
        : TestCase("packets the GGSN buffer drops are lost, the goodput still the sinks'")
    {
    }

  private:
    void DoRun() override
    {
        ScratchDir dir("gprs-flow-stats-loss");
        CellSetup setup;
        setup.Pcu("DownlinkBufferBytes", UintegerValue(6000));
        const FlowRun run = RunFlows(setup, false, dir.Get());
        NS_TEST_ASSERT_MSG_GT(run.bufferDrops,
                              0,
                              "a 6000-octet buffer drops, or this tests nothing");
        uint64_t lost = 0;
        for (uint32_t i = 0; i < kMobiles; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(run.kpis[i].goodputBytes, run.sinkBytes[i], "goodput " << i);
            lost += run.kpis[i].lostPackets;
        }
        NS_TEST_EXPECT_MSG_EQ(lost, run.bufferDrops, "every drop, and only drops, lost");
    }
};

/// The calculator.
class GprsFlowStatsTestSuite : public GprsTestSuite
{
  public:
    GprsFlowStatsTestSuite()
        : GprsTestSuite("gprs-flow-stats")
    {
        Add<GprsFlowStatsEndToEndTestCase>();
        Add<GprsFlowStatsSplitTestCase>();
        Add<GprsFlowStatsLossTestCase>();
    }
};

GprsFlowStatsTestSuite g_gprsFlowStatsTestSuite; //!< registers the suite

} // namespace
