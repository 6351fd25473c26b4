/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// ns-3's FlowMonitor on a GPRS cell: three mobiles each download 200 kB by TCP, as a
// researcher's first study does. TCP fills the GGSN buffer, so packets wait there far longer
// than FlowMonitor's default MaxPerHopDelay (10 s): with it FlowMonitor declares them lost and
// then ignores their arrival. With MaxPerHopDelay above the longest wait (doc/gprs.rst, Usage)
// its figures agree with what the mobiles' IP layers and sinks received.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/flow-monitor-helper.h"
#include "ns3/ipv4-flow-classifier.h"
#include "ns3/test.h"

#include <algorithm>

using namespace ns3;
using namespace ns3::gprs_test;

NS_LOG_COMPONENT_DEFINE("GprsFlowMonitorTestSuite");

namespace
{

constexpr uint32_t kMobiles = 3;                 //!< downloads, one per mobile
constexpr uint32_t kBytes = 200000;              //!< bytes per download
constexpr uint16_t kFirstPort = 5000;            //!< mobile i's sink listens on kFirstPort + i
const Time kStop = Seconds(400);                 //!< every download and its FIN are over by then
const Time kLongMaxPerHopDelay = kStop;          //!< nothing in flight is declared lost
const Time kDefaultMaxPerHopDelay = Seconds(10); //!< FlowMonitor's default

/// What the receiving IP layer of one mobile got from its download's sender.
struct IpArrivals
{
    uint16_t port{0};    //!< the download's destination port
    uint64_t packets{0}; //!< IP packets
    uint64_t ipBytes{0}; //!< their IP octets (headers included, as FlowMonitor counts them)

    /// Ipv4L3Protocol LocalDeliver sink: every packet IP hands up.
    void OnLocalDeliver(const Ipv4Header& ip, Ptr<const Packet> packet, uint32_t)
    {
        TcpHeader tcp;
        if (ip.GetProtocol() != gprs::kTcpProtocolNumber || packet->PeekHeader(tcp) == 0 ||
            tcp.GetDestinationPort() != port)
        {
            return;
        }
        ++packets;
        ipBytes += packet->GetSize() + ip.GetSerializedSize();
    }
};

/// FlowMonitor's figures of one download (the flow server -> mobile) and what was received.
struct DownloadFigures
{
    FlowMonitor::FlowStats stats; //!< FlowMonitor's record of the download's flow
    bool found{false};            //!< FlowMonitor classified the flow
    IpArrivals ip;                //!< the mobile's IP layer
    uint64_t sinkBytes{0};        //!< the PacketSink
};

/// One run.
struct DownloadRun
{
    DownloadFigures downloads[kMobiles]; //!< per mobile
    uint32_t lostOtherFlows{0};          //!< FlowMonitor's lost packets of the ACK flows
    Time longestDelay;                   //!< longest downlink delay across the cell (PCU)
    uint32_t bufferDrops{0};             //!< packets the GGSN and mobile buffers dropped
};

/**
 * Three TCP downloads of kBytes, watched by FlowMonitor on every node.
 * \param maxPerHopDelay FlowMonitor's MaxPerHopDelay
 * \return FlowMonitor's figures and the independent counts
 */
DownloadRun
RunDownloads(Time maxPerHopDelay)
{
    CellSetup setup;
    setup.mobiles = kMobiles;
    CellRecorder recorder;
    const GprsScenario s = setup.Build(recorder);
    DownloadRun run;
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
        run.downloads[i].ip.port = port;
        s.mobiles.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "LocalDeliver",
            MakeCallback(&IpArrivals::OnLocalDeliver, &run.downloads[i].ip));
    }
    FlowMonitorHelper helper;
    helper.SetMonitorAttribute("MaxPerHopDelay", TimeValue(maxPerHopDelay));
    const Ptr<FlowMonitor> monitor = helper.InstallAll();
    Simulator::Stop(kStop);
    Simulator::Run();

    monitor->CheckForLostPackets();
    const auto classifier = DynamicCast<Ipv4FlowClassifier>(helper.GetClassifier());
    for (const auto& [id, stats] : monitor->GetFlowStats())
    {
        const Ipv4FlowClassifier::FiveTuple t = classifier->FindFlow(id);
        const uint32_t i = t.destinationPort - kFirstPort;
        if (t.sourceAddress == s.serverAddress && i < kMobiles)
        {
            run.downloads[i].stats = stats;
            run.downloads[i].found = true;
        }
        else
        {
            run.lostOtherFlows += stats.lostPackets;
        }
    }
    for (uint32_t i = 0; i < kMobiles; ++i)
    {
        run.downloads[i].sinkBytes =
            DynamicCast<PacketSink>(s.mobiles.Get(i)->GetApplication(0))->GetTotalRx();
    }
    for (const Delivery& d : recorder.deliveries[GprsDirIndex(GprsDirection::DOWNLINK)])
    {
        run.longestDelay = std::max(run.longestDelay, d.delay);
    }
    run.bufferDrops = recorder.bufferDrops;
    Simulator::Destroy();
    return run;
}

/// With MaxPerHopDelay above the longest wait FlowMonitor counts what the mobiles received.
class GprsFlowMonitorAgreesTestCase : public TestCase
{
  public:
    GprsFlowMonitorAgreesTestCase()
        : TestCase("FlowMonitor with a long MaxPerHopDelay agrees with the sinks; lost 0")
    {
    }

  private:
    void DoRun() override
    {
        const DownloadRun run = RunDownloads(kLongMaxPerHopDelay);
        NS_TEST_ASSERT_MSG_GT(run.longestDelay,
                              kDefaultMaxPerHopDelay,
                              "packets must wait longer than FlowMonitor's default, or this "
                              "test tests nothing");
        NS_TEST_ASSERT_MSG_EQ(run.bufferDrops, 0, "nothing dropped: every packet arrives");
        for (uint32_t i = 0; i < kMobiles; ++i)
        {
            const DownloadFigures& d = run.downloads[i];
            NS_TEST_ASSERT_MSG_EQ(d.found, true, "FlowMonitor classified download " << i);
            NS_TEST_EXPECT_MSG_EQ(d.sinkBytes, kBytes, "download " << i << " complete");
            NS_TEST_EXPECT_MSG_EQ(d.stats.rxPackets,
                                  d.ip.packets,
                                  "FlowMonitor's rxPackets of download " << i);
            NS_TEST_EXPECT_MSG_EQ(d.stats.rxBytes,
                                  d.ip.ipBytes,
                                  "FlowMonitor's rxBytes of download " << i);
            // Headers are at least 40 octets a packet (IPv4 20, TCP 20): the payload part of
            // rxBytes holds every byte the sink got.
            NS_TEST_EXPECT_MSG_GT_OR_EQ(d.stats.rxBytes - 40 * d.stats.rxPackets,
                                        d.sinkBytes,
                                        "payload FlowMonitor saw arrive at mobile " << i);
            NS_TEST_EXPECT_MSG_EQ(d.stats.lostPackets, 0, "lost packets of download " << i);
            NS_TEST_EXPECT_MSG_EQ(d.stats.txPackets,
                                  d.stats.rxPackets,
                                  "every packet of download " << i << " sent arrived");
        }
        NS_TEST_EXPECT_MSG_EQ(run.lostOtherFlows, 0, "lost packets of the ACK flows");
    }
};

/// With the default 10 s FlowMonitor reports lost what the sinks received (doc/gprs.rst).
class GprsFlowMonitorDefaultTestCase : public TestCase
{
  public:
    GprsFlowMonitorDefaultTestCase()
        : TestCase("FlowMonitor's default MaxPerHopDelay reports delivered packets lost")
    {
    }

  private:
    void DoRun() override
    {
        // Read from the TypeId: a FlowMonitor created only to ask would leave its periodic check
        // scheduled after its deletion (a use after free valgrind shows, which made the next run
        // loop forever once the heap's layout changed).
        TypeId::AttributeInformation info;
        NS_TEST_ASSERT_MSG_EQ(
            FlowMonitor::GetTypeId().LookupAttributeByName("MaxPerHopDelay", &info),
            true,
            "FlowMonitor has MaxPerHopDelay");
        const TimeValue maxPerHopDelay = *DynamicCast<const TimeValue>(info.initialValue);
        NS_TEST_ASSERT_MSG_EQ(maxPerHopDelay.Get(),
                              kDefaultMaxPerHopDelay,
                              "FlowMonitor's default changed: doc/gprs.rst names 10 s");
        const DownloadRun run = RunDownloads(maxPerHopDelay.Get());
        uint64_t lost = 0;
        uint64_t missed = 0;
        for (const DownloadFigures& d : run.downloads)
        {
            NS_TEST_EXPECT_MSG_EQ(d.sinkBytes, kBytes, "the downloads complete all the same");
            lost += d.stats.lostPackets;
            missed += d.ip.packets - d.stats.rxPackets;
        }
        NS_TEST_EXPECT_MSG_GT(lost, 0, "packets waiting over 10 s are reported lost");
        NS_TEST_EXPECT_MSG_EQ(missed, lost, "and their arrival is not counted");
    }
};

/// FlowMonitor on a cell.
class GprsFlowMonitorTestSuite : public GprsTestSuite
{
  public:
    GprsFlowMonitorTestSuite()
        : GprsTestSuite("gprs-flow-monitor")
    {
        Add<GprsFlowMonitorAgreesTestCase>();
        // ns-3.43's FlowMonitor crashes in CheckForLostPackets on this scenario with the default
        // (a tracked packet whose flow it cannot find; Debian's release build skips the
        // NS_ASSERT): the case runs on the release where it was verified (doc/gprs.rst, Usage).
        if (gprs::kNs3VersionMajor == 3 && gprs::kNs3VersionMinor == 37)
        {
            Add<GprsFlowMonitorDefaultTestCase>();
        }
    }
};

GprsFlowMonitorTestSuite g_gprsFlowMonitorTestSuite; //!< registers the suite

} // namespace
