/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// What a cell keeps of a mobile (GprsCellMobile) and of each of its directions (GprsBearer),
// without a simulation: the state each answers about itself.

#include "ns3/gprs-cell-mobile.h"
#include "ns3/gprs-ms-net-device.h"

#include <gtest/gtest.h>
#include <memory>

using namespace ns3;

namespace
{

/// A bearer whose TBF is established at 1 s, with its RLC entities.
void
Establish(GprsBearer& bearer)
{
    bearer.tbf.StartAccess(Seconds(0.5), Seconds(0.5));
    bearer.tbf.Expire(Seconds(1));
    bearer.tbf.Establish(Seconds(1));
    bearer.tx = std::make_unique<GprsRlcTxEntity>(GprsRlcMode::ACKNOWLEDGED);
    bearer.rx = std::make_unique<GprsRlcRxEntity>(GprsRlcMode::ACKNOWLEDGED);
}

} // namespace

TEST(GprsCellMobile, KnowsItsIndexBearersAndTimeslots)
{
    GprsCellMobile ms(7, nullptr);
    EXPECT_EQ(ms.index, 7U);
    EXPECT_EQ(ms.dl.ms, 7U);
    EXPECT_EQ(ms.ul.ms, 7U);
    EXPECT_EQ(&ms.GetBearer(GprsDirection::DOWNLINK), &ms.dl);
    EXPECT_EQ(&ms.GetBearer(GprsDirection::UPLINK), &ms.ul);
    EXPECT_EQ(ms.dl.tbf.GetDirection(), GprsDirection::DOWNLINK);
    EXPECT_EQ(ms.ul.tbf.GetDirection(), GprsDirection::UPLINK);
    ms.dlFirst = 1;
    ms.dlCount = 3;
    ms.dlAckTn = 2;
    ms.ulFirst = 2;
    ms.ulCount = 1;
    EXPECT_FALSE(ms.OnDownlinkSlot(0));
    EXPECT_TRUE(ms.OnDownlinkSlot(1));
    EXPECT_TRUE(ms.OnDownlinkSlot(3));
    EXPECT_FALSE(ms.OnDownlinkSlot(4));
    EXPECT_FALSE(ms.OnUplinkSlot(1));
    EXPECT_TRUE(ms.OnUplinkSlot(2));
    EXPECT_FALSE(ms.OnUplinkSlot(3));
}

TEST(GprsCellMobile, PacchAndTrackingFollowItsTbfs)
{
    GprsCellMobile ms(0, nullptr);
    ms.dlAckTn = 3;
    ms.ulFirst = 1;
    ms.ulCount = 1;
    EXPECT_FALSE(ms.NeedsTracking());
    EXPECT_FALSE(ms.IsOnPacch(Seconds(1)));
    EXPECT_EQ(ms.GetPacchTn(), 3) << "no uplink TBF: where it answers polls";
    ms.ul.ackOwed = true;
    EXPECT_TRUE(ms.NeedsTracking()) << "an Ack/Nack owed";
    ms.ul.ackOwed = false;
    Establish(ms.ul);
    EXPECT_TRUE(ms.NeedsTracking());
    EXPECT_TRUE(ms.IsOnPacch(Seconds(1)));
    EXPECT_EQ(ms.GetPacchTn(), 1) << "an open uplink TBF carries the PACCH";
}

TEST(GprsBearer, FramesLeaveInOrderAndRlcCountFollows)
{
    GprsBearer bearer(0, GprsDirection::DOWNLINK);
    for (uint32_t octets : {100U, 200U, 300U})
    {
        bearer.frames.push_back({nullptr, Seconds(0), octets, 0, 1});
    }
    bearer.inRlc = 2;
    bearer.PopFrontFrame();
    EXPECT_EQ(bearer.firstFrameId, 1U);
    EXPECT_EQ(bearer.inRlc, 1U);
    EXPECT_EQ(bearer.frames.front().octets, 200U);
    bearer.PopFrontFrame();
    bearer.PopFrontFrame();
    EXPECT_EQ(bearer.firstFrameId, 3U);
    EXPECT_EQ(bearer.inRlc, 0U) << "frames not handed to RLC do not count";
    EXPECT_TRUE(bearer.frames.empty());
}

TEST(GprsBearer, NewFramesJoinAnOpenTbfUntilItsDataIsFixed)
{
    GprsBearer bearer(0, GprsDirection::UPLINK);
    EXPECT_FALSE(bearer.CanJoinTbf()) << "no TBF";
    Establish(bearer);
    EXPECT_TRUE(bearer.CanJoinTbf());
    bearer.frames.push_back({nullptr, Seconds(0), 50, 0, 1});
    EXPECT_FALSE(bearer.CanJoinTbf()) << "a frame waiting for the next TBF goes first";
    bearer.inRlc = 1;
    EXPECT_TRUE(bearer.CanJoinTbf());
    EXPECT_FALSE(bearer.EndsTbf()) << "uplink: no countdown yet";
    EXPECT_TRUE(bearer.NeedsRefill()) << "uplink: RLC may take packets until the countdown";
    bearer.countdown = true;
    EXPECT_FALSE(bearer.CanJoinTbf()) << "the countdown fixed the TBF's data";
    EXPECT_TRUE(bearer.EndsTbf());
    EXPECT_FALSE(bearer.NeedsRefill());
}

TEST(GprsBearer, DownlinkEndsWhenNothingWaitsUnlessHeld)
{
    GprsBearer bearer(0, GprsDirection::DOWNLINK);
    Establish(bearer);
    EXPECT_FALSE(bearer.HasDataForLlc());
    EXPECT_TRUE(bearer.EndsTbf()) << "empty buffer, no delayed release";
    EXPECT_FALSE(bearer.NeedsRefill()) << "downlink: nothing queued";
    bearer.queued.push_back({Seconds(0), 100});
    EXPECT_TRUE(bearer.HasDataForLlc());
    EXPECT_FALSE(bearer.EndsTbf());
    EXPECT_TRUE(bearer.NeedsRefill()) << "RLC's queue does not fill the next block";
    bearer.tx->EnqueueFrame(0, 1000);
    EXPECT_FALSE(bearer.NeedsRefill()) << "RLC's queue fills the next block";
    bearer.queued.clear();
    GprsTbfConfig held;
    held.hold = Seconds(1);
    bearer.tbf.SetConfig(held);
    EXPECT_FALSE(bearer.EndsTbf()) << "delayed release holds the TBF";
    bearer.closing = true;
    EXPECT_TRUE(bearer.EndsTbf()) << "the hold is over";
}
