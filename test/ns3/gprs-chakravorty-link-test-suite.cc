/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Chakravorty & Pratt (JCN 2002) C1: of a burst of packets sent after idle, only the first
// sees the large delay and jitter of TBF set-up. Downlink: the first packet waits for the
// paging / CCCH assignment (the paper's measured set-up, DownlinkAssignmentDelay uniform
// 100..200 ms, with CcchAccess false; the protocol's CCCH with its DRX wait is tested in
// test/pcu/gprs-pcu-ccch-gtest.cc); the next ones, sent while the mobile still listens to
// PACCH (T3192 after its last TBF), get their TBF in a few block periods, always the same.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/boolean.h"
#include "ns3/test.h"

#include <cmath>
#include <numeric>

using namespace ns3;
using namespace ns3::gprs_test;

NS_LOG_COMPONENT_DEFINE("GprsChakravortyLinkTestSuite");

namespace
{

/**
 * \param v samples, not empty
 * \return their mean
 */
double
MeanOf(const std::vector<double>& v)
{
    return std::accumulate(v.begin(), v.end(), 0.0) / v.size();
}

/**
 * \param v samples, at least 2
 * \return their sample standard deviation
 */
double
StdevOf(const std::vector<double>& v)
{
    const double m = MeanOf(v);
    double sum = 0;
    for (const double x : v)
    {
        sum += (x - m) * (x - m);
    }
    return std::sqrt(sum / (v.size() - 1));
}

/// Downlink bursts after idle: the first packet pays the TBF set-up, the rest do not.
class GprsChakravortyFirstPacketTestCase : public TestCase
{
  public:
    GprsChakravortyFirstPacketTestCase()
        : TestCase("Chakravorty C1: only the first packet of a burst after idle waits for the "
                   "TBF set-up")
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kBursts = 20;        // bursts, each after 10 s idle
        constexpr uint32_t kPackets = 5;        // packets of a burst
        const Time kGap = MilliSeconds(500);    // spacing: above set-up plus transfer, so no
                                                // packet queues behind another
        const Time kIdle = Seconds(10);         // far beyond T3192 (1.5 s)
        constexpr uint32_t kIpOctets = 64 + 28; // the paper's 64-byte UDP packets

        CellSetup setup;
        setup.msClass = 4; // the paper's 3+1 phone
        setup.Pcu("CcchAccess", BooleanValue(false));
        CellRecorder recorder;
        const GprsScenario s = setup.Build(recorder);
        for (uint32_t b = 0; b < kBursts; ++b)
        {
            SendUdpDown(s, 0, kIpOctets, kGap, kPackets, kIdle * (b + 1));
        }
        Simulator::Stop(kIdle * (kBursts + 1));
        Simulator::Run();
        Simulator::Destroy();

        const auto& delivered = recorder.deliveries[GprsDirIndex(GprsDirection::DOWNLINK)];
        NS_TEST_ASSERT_MSG_EQ(delivered.size(), kBursts * kPackets, "every packet arrives");
        // Delay from the GGSN to the mobile: the buffer wait (the TBF set-up) and the radio.
        std::vector<double> first;
        std::vector<double> rest;
        for (std::size_t i = 0; i < delivered.size(); ++i)
        {
            (i % kPackets == 0 ? first : rest).push_back(delivered[i].delay.GetSeconds() * 1e3);
        }
        const double firstMean = MeanOf(first);
        const double restMean = MeanOf(rest);
        const double firstStdev = StdevOf(first);
        const double restStdev = StdevOf(rest);
        NS_LOG_INFO("first " << firstMean << " ms (stdev " << firstStdev << "), rest " << restMean
                             << " ms (stdev " << restStdev << ")");
        // The CCCH assignment costs 150 ms on average, a PACCH assignment a few block periods.
        NS_TEST_EXPECT_MSG_GT(firstMean,
                              restMean + 30,
                              "the first packet waits for the TBF set-up, the next ones do not");
        // Uniform 100..200 ms has a standard deviation of 29 ms; a PACCH assignment's delay
        // varies with the block period only.
        NS_TEST_EXPECT_MSG_GT(firstStdev, 2 * restStdev, "only the first packet sees the jitter");
        NS_TEST_EXPECT_MSG_GT(firstStdev, 15, "the set-up delay varies");
        for (std::size_t b = 0; b < kBursts; ++b)
        {
            for (uint32_t k = 1; k < kPackets; ++k)
            {
                NS_TEST_EXPECT_MSG_LT(rest[b * (kPackets - 1) + k - 1],
                                      first[b],
                                      "burst " << b << ": packet " << k
                                               << " is faster than the first");
            }
        }
        // Per burst one establishment through CCCH (at least 100 ms after its data), and the
        // rest through PACCH.
        uint32_t slow = 0;
        for (const TbfEvent& e : recorder.established)
        {
            slow += e.dir == GprsDirection::DOWNLINK && e.delay >= MilliSeconds(100) ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(slow, kBursts, "one slow (CCCH) set-up per burst");
    }
};

/// The test case in suite "gprs-chakravorty-link" (and in "gprs").
GprsSingleCaseTestSuite<GprsChakravortyFirstPacketTestCase> g_gprsChakravortyLinkTestSuite(
    "gprs-chakravorty-link");

} // namespace
