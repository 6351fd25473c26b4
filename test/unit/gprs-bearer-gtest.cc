/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// What a cell keeps of a mobile (GprsCellMobile) and of each of its directions (GprsBearer),
// without a simulation: the state each answers about itself.

#include "gprs-fake-llc-user.h"

#include "ns3/gprs-cell-mobile.h"
#include "ns3/gprs-ms-net-device.h"
#include "ns3/simulator.h"

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
    bearer.tx =
        std::make_unique<GprsRlcTxEntity>(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
    bearer.rx =
        std::make_unique<GprsRlcRxEntity>(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
}

} // namespace

TEST(GprsCellMobile, KnowsItsIndexBearersAndTimeslots)
{
    GprsCellMobile ms(7, nullptr, GprsRadioLink(nullptr, nullptr, nullptr, {}));
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
    GprsCellMobile ms(0, nullptr, GprsRadioLink(nullptr, nullptr, nullptr, {}));
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

TEST(GprsBearer, NewFramesJoinAnOpenTbfUntilItsDataIsFixed)
{
    gprs_test::FakeLlcUser cell;
    cell.rlcTakes = false;
    GprsBearer bearer(0, GprsDirection::UPLINK);
    bearer.llc.Attach(&cell);
    bearer.llc.Configure(&cell.config, false);
    EXPECT_FALSE(bearer.CanJoinTbf()) << "no TBF";
    Establish(bearer);
    EXPECT_TRUE(bearer.CanJoinTbf());
    bearer.llc.QueueEmptyFrame(Seconds(1));
    EXPECT_FALSE(bearer.CanJoinTbf()) << "a frame waiting for the next TBF goes first";
    bearer.llc.HandAllToRlc([&bearer](uint64_t id, uint32_t o) { bearer.tx->EnqueueFrame(id, o); });
    EXPECT_TRUE(bearer.CanJoinTbf());
    EXPECT_FALSE(bearer.EndsTbf()) << "uplink: no countdown yet";
    EXPECT_TRUE(bearer.NeedsRefill()) << "uplink: RLC may take packets until the countdown";
    bearer.countdown = true;
    EXPECT_FALSE(bearer.CanJoinTbf()) << "the countdown fixed the TBF's data";
    EXPECT_TRUE(bearer.EndsTbf());
    EXPECT_FALSE(bearer.NeedsRefill());
    Simulator::Destroy();
}

TEST(GprsBearer, DownlinkEndsWhenNothingWaitsUnlessHeld)
{
    gprs_test::FakeLlcUser cell;
    GprsBearer bearer(0, GprsDirection::DOWNLINK);
    bearer.llc.Attach(&cell);
    bearer.llc.Configure(&cell.config, false);
    Establish(bearer);
    EXPECT_FALSE(bearer.llc.HasDataForLlc());
    EXPECT_TRUE(bearer.EndsTbf()) << "empty buffer, no delayed release";
    EXPECT_FALSE(bearer.NeedsRefill()) << "downlink: nothing queued";
    bearer.llc.Enqueue(Create<Packet>(100), Seconds(0));
    EXPECT_TRUE(bearer.llc.HasDataForLlc());
    EXPECT_FALSE(bearer.EndsTbf());
    EXPECT_TRUE(bearer.NeedsRefill()) << "RLC's queue does not fill the next block";
    bearer.tx->EnqueueFrame(0, 1000);
    EXPECT_FALSE(bearer.NeedsRefill()) << "RLC's queue fills the next block";
    bearer.llc.HandOver(Seconds(0));
    GprsTbfConfig held;
    held.hold = Seconds(1);
    bearer.tbf.SetConfig(held);
    EXPECT_FALSE(bearer.EndsTbf()) << "delayed release holds the TBF";
    bearer.closing = true;
    EXPECT_TRUE(bearer.EndsTbf()) << "the hold is over";
    Simulator::Destroy();
}
