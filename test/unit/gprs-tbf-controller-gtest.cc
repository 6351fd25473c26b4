/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The TBF controller of a cell (GprsTbfController) without a PCU: establishment on CCCH after
// the access delay, TFI and USF allocation, access rejects when the USFs run out, release with
// T3193 before the TFI is free again, N3105, and what it asks of the block work.

#include "gprs-tbf-cell.h"

#include <gtest/gtest.h>

using namespace ns3;

using gprs_test::kDl;
using gprs_test::kUl;
using gprs_test::TbfCell;

TEST(GprsTbfController, IdleMobileGetsItsTbfOnCcchAfterTheAccessDelayWithTheLowestFreeTfi)
{
    TbfCell cell(2);
    cell.Data(0, kDl);
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::ACCESS_CCCH);
    EXPECT_EQ(cell.tracked, (std::vector<uint32_t>{0}));
    Simulator::Stop(MilliSeconds(50));
    Simulator::Run();
    cell.Data(1, kDl);
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    ASSERT_EQ(cell.establishedAt.size(), 2U);
    EXPECT_EQ((cell.establishedAt[{0, kDl}]), MilliSeconds(100));
    EXPECT_EQ((cell.delays[{0, kDl}]), MilliSeconds(100));
    EXPECT_EQ((cell.establishedAt[{1, kDl}]), MilliSeconds(150));
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::FLOW);
    EXPECT_EQ(cell.mss[0].dl.tfi, 0);
    EXPECT_EQ(cell.mss[1].dl.tfi, 1) << "the lowest TFI no other downlink TBF holds";
    ASSERT_TRUE(cell.mss[0].dl.tx && cell.mss[0].dl.rx) << "RLC entities for the TBF";
    EXPECT_EQ(cell.mss[0].dl.tx->GetQueuedOctets(), 0U) << "the buffer stays until RLC pulls";
    EXPECT_GE(cell.clockStarts, 2U) << "each establishment starts the block clock";
}

TEST(GprsTbfController, UplinkAccessIsRejectedWhenThePdchHasNoFreeUsfAndRetriedAfterTheWait)
{
    // USFs 0..6 on PDCH 0 (GprsTbfResources): the eighth uplink TBF finds none.
    TbfCell cell(8);
    for (uint32_t i = 0; i < 8; ++i)
    {
        cell.Data(i, kUl);
    }
    Simulator::Stop(MilliSeconds(150));
    Simulator::Run();
    EXPECT_EQ(cell.establishedAt.size(), 7U);
    ASSERT_EQ(cell.rejects, (std::vector<uint32_t>{7}));
    EXPECT_EQ(cell.mss[7].ul.tbf.GetState(), GprsTbfState::ACCESS_CCCH)
        << "the mobile tries again after the wait indication";
    for (uint32_t i = 0; i < 7; ++i)
    {
        EXPECT_EQ(cell.mss[i].ul.usf[0], i);
    }
    // One TBF ends normally, its data sent: its USF is free at once on the uplink (no T3193
    // there).
    cell.Drain(3, kUl);
    cell.tbfs.ReleaseTbf(3, kUl, false);
    Simulator::Stop(Seconds(1.5));
    Simulator::Run();
    EXPECT_EQ(cell.establishedAt.count({7, kUl}), 1U);
    EXPECT_EQ((cell.establishedAt[{7, kUl}]), MilliSeconds(100 + 1000 + 100));
    EXPECT_EQ(cell.mss[7].ul.usf[0], 3) << "the USF the released TBF held";
}

TEST(GprsTbfController, ReleasedDownlinkTfiWaitsForT3193AndTheBlockWorkForgetsTheTbf)
{
    TbfCell cell(2);
    cell.Data(0, kDl);
    Simulator::Stop(MilliSeconds(200));
    Simulator::Run();
    ASSERT_EQ(cell.mss[0].dl.tfi, 0);
    cell.Drain(0, kDl);
    cell.tbfs.ReleaseTbf(0, kDl, false);
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::RELEASED);
    EXPECT_EQ((cell.forgotten[{0, kDl}]), 1U);
    ASSERT_EQ(cell.releases.size(), 1U);
    EXPECT_FALSE(cell.releases[0].second);
    EXPECT_FALSE(cell.mss[0].dl.tx) << "entities back to the pool";
    cell.Data(1, kDl);
    Simulator::Stop(MilliSeconds(900));
    Simulator::Run();
    EXPECT_EQ(cell.mss[1].dl.tfi, 1) << "TFI 0 is still held during T3193";
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::RELEASED);
    Simulator::Stop(MilliSeconds(200));
    Simulator::Run();
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::NONE) << "T3193 expired at 1.2 s";
    cell.Data(0, kDl);
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::ACCESS_CCCH)
        << "T3192 is over too: the new TBF is assigned on CCCH";
}

TEST(GprsTbfController, N3105UnansweredPollsReleaseTheDownlinkTbfAbnormally)
{
    TbfCell cell(1);
    cell.Data(0, kDl);
    Simulator::Stop(MilliSeconds(200));
    Simulator::Run();
    for (uint32_t n = 0; n < cell.settings.m_n3105Max; ++n)
    {
        ASSERT_TRUE(cell.releases.empty()) << "after " << n << " failed polls";
        cell.tbfs.PollFailed(0);
    }
    ASSERT_EQ(cell.releases.size(), 1U);
    EXPECT_TRUE(cell.releases[0].second) << "N3105 expiry is an abnormal release";
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::RELEASED);
}

TEST(GprsTbfControllerDeathTest, AccessDelayOutsideZeroToSixtySecondsStopsWithTheDistribution)
{
    // A distribution set after the cell's start check: the draw itself is checked, and the
    // message names the attribute, the distribution, the draw and what is allowed (before: an
    // abort with "cond=" on a negative draw, a huge one overflowing ns-3's Time).
    const auto draws = [](GprsDirection dir, double constant) {
        TbfCell cell(1);
        const auto rv = CreateObject<ConstantRandomVariable>();
        rv->SetAttribute("Constant", DoubleValue(constant));
        (dir == kDl ? cell.settings.m_dlAssignmentDelay : cell.settings.m_ulAccessDelay) = rv;
        cell.Data(0, dir);
    };
    const std::string allowed = " s \\(allowed: a delay from 0 to 60 s\\)";
    EXPECT_DEATH(
        draws(kDl, -1),
        "^msg=\"DownlinkAssignmentDelay ns3::ConstantRandomVariable\\[Constant=-1\\] drew -1" +
            allowed);
    EXPECT_DEATH(draws(kUl, 1e10),
                 "^msg=\"UplinkAccessDelay ns3::ConstantRandomVariable\\[Constant=1e\\+10\\] drew "
                 "1e\\+10" +
                     allowed);
    EXPECT_DEATH(draws(kUl, 60.5), "drew 60.5" + allowed);
    draws(kDl, 60);
}

TEST(GprsTbfController, AccessDelayOfZeroEstablishesTheTbfAtOnce)
{
    // ns-3's Time::IsNegative() is true for 0: the TBF took a draw of 0 for a negative one and
    // stopped the program with an uncaught std::logic_error.
    TbfCell cell(1);
    const auto zero = CreateObject<ConstantRandomVariable>();
    zero->SetAttribute("Constant", DoubleValue(0));
    cell.settings.m_ulAccessDelay = zero;
    cell.Data(0, kUl);
    Simulator::Stop(MilliSeconds(10));
    Simulator::Run();
    ASSERT_EQ(cell.establishedAt.count({0, kUl}), 1U);
    EXPECT_EQ((cell.establishedAt[{0, kUl}]), Time(0));
    EXPECT_EQ((cell.delays[{0, kUl}]), Time(0));
}
