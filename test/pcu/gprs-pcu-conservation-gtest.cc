/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Conservation at the PCU's boundary: every packet injected, either direction, ends exactly once
// handed to its receiver (a fake mobile's Receive, the fake network's ReceiveFromCell) or
// dropped (the fake network's NotifyDrop, a fake mobile's NotifyDrop or an EnqueueUplink
// refusal, with the PCU's BufferDrop for full buffers and expired packets), in RLC acknowledged
// and unacknowledged mode and LLC unacknowledged (UI) and acknowledged (ABM) mode, through
// outages, a reselection and small buffers.

#include "gprs-pcu-fixture.h"

#include <gtest/gtest.h>
#include <string>
#include <tuple>

using namespace ns3;
using namespace gprs_pcu_test;

namespace
{

/// RLC mode and LLC mode.
using Modes = std::tuple<std::string, std::string>;

class GprsPcuConservation : public ::testing::TestWithParam<Modes>
{
};

} // namespace

TEST_P(GprsPcuConservation, EveryPacketInjectedIsDeliveredOrDroppedOnceThroughOutages)
{
    const auto& [rlc, llc] = GetParam();
    constexpr uint32_t kMobiles = 4;
    PcuFixture f(kMobiles);
    f.Pcu("RlcMode", StringValue(rlc)).Pcu("LlcMode", StringValue(llc));
    // A few packets each: downlink packets are 200-260 octets, uplink ones 120.
    f.Pcu("DownlinkBufferBytes", UintegerValue(600)).Pcu("UplinkBufferBytes", UintegerValue(300));
    for (uint32_t ms = 0; ms < kMobiles; ++ms)
    {
        // C/I from good to poor and back; mobiles 0 and 2 in an outage at 4-6 s, mobile 1
        // reselects a cell at 5 s, mobile 3 loses blocks by a Gilbert-Elliott process.
        f.Ms(ms).SetRadio("0s:20,3s:9,6s:16");
        if (ms % 2 == 0)
        {
            f.Ms(ms).AddOutages("4s-6s");
        }
        f.SendDown(ms, 200 + 20 * ms, MilliSeconds(300), 40, Seconds(1 + 0.1 * ms));
        f.SendUp(ms, 120, MilliSeconds(500), 25, Seconds(1.5 + 0.1 * ms));
    }
    f.Ms(1).SetCellReselections({Seconds(5)});
    f.Ms(3).UseGilbertElliott(0.05, 0.1, 0, 0.8);
    f.RunUntil(Seconds(120));
    const auto problems = f.CheckConservation();
    std::string first;
    for (std::size_t i = 0; i < std::min<std::size_t>(problems.size(), 5); ++i)
    {
        first += "\n  " + problems[i];
    }
    EXPECT_TRUE(problems.empty()) << problems.size() << " problems:" << first;
    // The scenario does what it is meant to: most get through, some are dropped.
    const std::size_t delivered = f.Rec().deliveries[0].size() + f.Rec().deliveries[1].size();
    EXPECT_EQ(f.Injected(), kMobiles * 65u);
    EXPECT_GT(delivered, f.Injected() / 2) << "most delivered";
    EXPECT_LT(delivered, f.Injected()) << "some dropped";
    EXPECT_GT(f.Rec().BufferDrops(GprsDirection::DOWNLINK) +
                  f.Rec().BufferDrops(GprsDirection::UPLINK),
              0u)
        << "the small buffers overflow";
}

INSTANTIATE_TEST_SUITE_P(RlcAndLlcModes,
                         GprsPcuConservation,
                         ::testing::Combine(::testing::Values("Acknowledged", "Unacknowledged"),
                                            ::testing::Values("Unacknowledged", "Acknowledged")),
                         [](const ::testing::TestParamInfo<Modes>& info) {
                             return "Rlc" + std::get<0>(info.param) + "Llc" +
                                    std::get<1>(info.param);
                         });
