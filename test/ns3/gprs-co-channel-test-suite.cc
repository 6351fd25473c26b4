/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Load-dependent C/I in a scenario of two co-channel cells (doc/gprs.rst, "Load-dependent
// C/I"): a loaded neighbour lowers a mobile's C/I and its download's throughput, an idle one
// does not, and without a pattern nothing changes.

#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("GprsCoChannelTestSuite");

namespace
{

constexpr double kFullLoadCiDb = 8;        //!< every mobile's C/I at full load (CS-2 BLER ~25 %)
constexpr uint32_t kDownloadBytes = 60000; //!< mobile 0's download

/// What mobile 0 (cell 0) saw.
struct Seen
{
    double meanCiDb{0};          //!< mean C/I of its downlink data blocks
    Time downloadTime;           //!< its download's duration; zero if it did not complete
    double neighbourActivity{0}; //!< cell 1's activity when the download ended (-1: no pattern)
};

/**
 * Two cells of one mobile each; mobile 0 downloads kDownloadBytes by TCP from 2 s on.
 * \param pattern with the cells co-channel (load-dependent C/I), or without
 * \param neighbourLoaded mobile 1 (cell 1) downloads without end from 0.5 s on
 * \return what mobile 0 saw
 */
Seen
RunTwoCells(bool pattern, bool neighbourLoaded)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    GprsScenarioHelper helper;
    helper.SetInternetLink(DataRate("10Mbps"), MilliSeconds(10), 0);
    const std::string la = "ns3::GprsFixedLinkAdaptation[CodingScheme=CS-2]";
    helper.Cell().SetPcuAttribute("DownlinkLinkAdaptation", StringValue(la));
    helper.Cell().SetPcuAttribute("UplinkLinkAdaptation", StringValue(la));
    helper.Cell().SetMsDeviceAttribute("RadioConditions", StringValue("8"));
    const auto co = CreateObject<GprsCoChannelInterference>();
    if (pattern)
    {
        helper.SetCoChannelInterference(co);
    }
    const GprsScenario s = helper.Install(std::vector<uint32_t>{1, 1});
    GprsScenarioHelper::AssignStreams(s, 100);

    double ciSum = 0;
    uint64_t blocks = 0;
    s.pcus[0]->TraceConnectWithoutContext(
        "RlcBlock",
        Callback<void, const GprsRlcBlockRecord&>([&ciSum, &blocks](const GprsRlcBlockRecord& r) {
            if (r.dir == GprsDirection::DOWNLINK)
            {
                ciSum += r.ciDb;
                ++blocks;
            }
        }));

    const uint16_t port = 5000;
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    const ApplicationContainer sinks = sinkHelper.Install(s.mobiles);
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(s.GetMobileAddress(0), port));
    bulk.SetAttribute("MaxBytes", UintegerValue(kDownloadBytes));
    bulk.Install(s.server).Start(Seconds(2));
    if (neighbourLoaded)
    {
        BulkSendHelper greedy("ns3::TcpSocketFactory",
                              InetSocketAddress(s.GetMobileAddress(1), port));
        greedy.SetAttribute("MaxBytes", UintegerValue(0));
        greedy.Install(s.server).Start(Seconds(0.5));
    }
    Seen seen;
    seen.neighbourActivity = -1;
    const auto sink = DynamicCast<PacketSink>(sinks.Get(0));
    sink->TraceConnectWithoutContext(
        "Rx",
        Callback<void, Ptr<const Packet>, const Address&>(
            [&seen, &sink, &co, pattern](Ptr<const Packet>, const Address&) {
                if (sink->GetTotalRx() >= kDownloadBytes && seen.downloadTime.IsZero())
                {
                    seen.downloadTime = Simulator::Now() - Seconds(2);
                    seen.neighbourActivity = pattern ? co->GetActivity(1, Simulator::Now()) : -1;
                }
            }));
    Simulator::Stop(Seconds(120));
    Simulator::Run();
    Simulator::Destroy();
    seen.meanCiDb = blocks > 0 ? ciSum / blocks : 0;
    return seen;
}

/// A loaded neighbour lowers the C/I and the throughput; an idle one leaves the noise floor.
class GprsCoChannelLoadTestCase : public TestCase
{
  public:
    GprsCoChannelLoadTestCase()
        : TestCase("a loaded co-channel cell lowers a mobile's C to I and throughput, an idle "
                   "one does not")
    {
    }

  private:
    void DoRun() override
    {
        const Seen idle = RunTwoCells(true, false);
        const Seen loaded = RunTwoCells(true, true);
        NS_TEST_ASSERT_MSG_EQ(idle.downloadTime.IsStrictlyPositive(), true, "idle: completes");
        NS_TEST_ASSERT_MSG_EQ(loaded.downloadTime.IsStrictlyPositive(), true, "loaded: completes");
        // Idle neighbour: interference-free up to the noise floor, 20 dB below full load.
        NS_TEST_EXPECT_MSG_EQ_TOL(idle.meanCiDb,
                                  kFullLoadCiDb + 10 * std::log10(1.01 / 0.01),
                                  1e-6,
                                  "an idle neighbour leaves the C/I at the noise floor");
        NS_TEST_EXPECT_MSG_EQ(idle.neighbourActivity, 0, "the idle neighbour sent nothing");
        // Loaded neighbour: busy most block periods, so the C/I stays near its full-load value.
        NS_TEST_EXPECT_MSG_GT(loaded.neighbourActivity, 0.5, "the neighbour is busy");
        NS_TEST_EXPECT_MSG_LT(loaded.meanCiDb, kFullLoadCiDb + 3, "a loaded neighbour interferes");
        NS_TEST_EXPECT_MSG_GT(loaded.meanCiDb, kFullLoadCiDb - 1e-9, "never below full load");
        NS_TEST_EXPECT_MSG_GT(loaded.downloadTime.GetSeconds(),
                              1.25 * idle.downloadTime.GetSeconds(),
                              "the interference costs throughput (RLC retransmissions)");
    }
};

/// Off by default: without a pattern the neighbour's load changes nothing of the C/I.
class GprsCoChannelOffTestCase : public TestCase
{
  public:
    GprsCoChannelOffTestCase()
        : TestCase("without a co-channel pattern a mobile keeps its C to I schedule")
    {
    }

  private:
    void DoRun() override
    {
        const Seen idle = RunTwoCells(false, false);
        const Seen loaded = RunTwoCells(false, true);
        NS_TEST_EXPECT_MSG_EQ_TOL(idle.meanCiDb, kFullLoadCiDb, 1e-9, "the schedule's C/I");
        NS_TEST_EXPECT_MSG_EQ_TOL(loaded.meanCiDb, kFullLoadCiDb, 1e-9, "the schedule's C/I");
    }
};

/// The suite.
class GprsCoChannelTestSuite : public GprsTestSuite
{
  public:
    GprsCoChannelTestSuite()
        : GprsTestSuite("gprs-co-channel")
    {
        Add<GprsCoChannelLoadTestCase>();
        Add<GprsCoChannelOffTestCase>();
    }
};

GprsCoChannelTestSuite g_gprsCoChannelTestSuite; //!< registers the suite

} // namespace
