/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The uplink-block controller (GprsUplinkBlockController) without the simulator: polls reserve,
// USFs grant, two owners of one block collide, freeing expires, a released TBF's blocks go.

#include "ns3/gprs-uplink-block-controller.h"

#include <gtest/gtest.h>
#include <stdexcept>

using namespace ns3;

TEST(GprsUplinkBlockController, StartsEmpty)
{
    const GprsUplinkBlockController ulc;
    EXPECT_TRUE(ulc.IsEmpty());
    for (uint8_t tn = 0; tn < GprsUplinkBlockController::kPdchs; ++tn)
    {
        EXPECT_FALSE(ulc.IsTaken(0, tn));
        EXPECT_EQ(ulc.Get(0, tn).kind, GprsUplinkBlock::FREE);
    }
}

TEST(GprsUplinkBlockController, PollReservesTheBlockRrbpPointsTo)
{
    GprsUplinkBlockController ulc;
    // Downlink block 100 on TN 3 polls mobile 5 (RRBP = 0: uplink block 103).
    ulc.Poll(103, 3, 5, GprsPollPurpose::DL_DATA, true);
    EXPECT_FALSE(ulc.IsEmpty());
    EXPECT_TRUE(ulc.IsPolled(103, 3));
    EXPECT_FALSE(ulc.IsTaken(103, 2)) << "another timeslot";
    EXPECT_FALSE(ulc.IsTaken(102, 3)) << "another block";
    const GprsUplinkBlock& b = ulc.Get(103, 3);
    EXPECT_EQ(b.ms, 5U);
    EXPECT_EQ(b.purpose, GprsPollPurpose::DL_DATA);
    EXPECT_TRUE(b.heard);
}

TEST(GprsUplinkBlockController, UsfGrantsTheNextBlock)
{
    GprsUplinkBlockController ulc;
    ulc.Grant(11, 0, 2, false);
    EXPECT_TRUE(ulc.IsTaken(11, 0));
    EXPECT_FALSE(ulc.IsPolled(11, 0));
    EXPECT_EQ(ulc.Get(11, 0).kind, GprsUplinkBlock::USF);
    EXPECT_FALSE(ulc.Get(11, 0).heard) << "the mobile missed its USF";
    const GprsUplinkBlock used = ulc.Free(11, 0);
    EXPECT_EQ(used.kind, GprsUplinkBlock::USF);
    EXPECT_EQ(used.ms, 2U);
    EXPECT_TRUE(ulc.IsEmpty());
}

TEST(GprsUplinkBlockController, OwnersOfOneBlockCollide)
{
    GprsUplinkBlockController ulc;
    ulc.Poll(7, 1, 0, GprsPollPurpose::UL_FINAL, true);
    EXPECT_THROW(ulc.Poll(7, 1, 1, GprsPollPurpose::DL_DATA, true), std::logic_error);
    EXPECT_THROW(ulc.Grant(7, 1, 1, true), std::logic_error);
    // The ring holds kDepth blocks: block 7 + kDepth is block 7's place, still taken.
    EXPECT_THROW(ulc.Grant(7 + GprsUplinkBlockController::kDepth, 1, 1, true), std::logic_error);
    EXPECT_THROW(ulc.Grant(8, GprsUplinkBlockController::kPdchs, 1, true), std::logic_error);
    EXPECT_EQ(ulc.Get(7, 1).ms, 0U) << "the first owner keeps the block";
    ulc.Grant(8, 1, 1, true);
    EXPECT_TRUE(ulc.IsTaken(8, 1));
}

TEST(GprsUplinkBlockController, FreeExpiresAnUnansweredPoll)
{
    GprsUplinkBlockController ulc;
    ulc.Poll(20, 2, 4, GprsPollPurpose::DL_ASSIGNMENT, false);
    const GprsUplinkBlock expired = ulc.Free(20, 2);
    EXPECT_EQ(expired.kind, GprsUplinkBlock::POLL);
    EXPECT_EQ(expired.ms, 4U);
    EXPECT_EQ(expired.purpose, GprsPollPurpose::DL_ASSIGNMENT);
    EXPECT_FALSE(expired.heard);
    EXPECT_TRUE(ulc.IsEmpty());
    EXPECT_EQ(ulc.Free(20, 2).kind, GprsUplinkBlock::FREE) << "freed once";
    EXPECT_TRUE(ulc.IsEmpty());
    // The place is reused by the block kDepth later.
    ulc.Poll(20 + GprsUplinkBlockController::kDepth, 2, 1, GprsPollPurpose::DL_DATA, true);
    EXPECT_TRUE(ulc.IsPolled(20 + GprsUplinkBlockController::kDepth, 2));
}

TEST(GprsUplinkBlockController, CancelForgetsOnlyTheReleasedTbfsBlocks)
{
    GprsUplinkBlockController ulc;
    ulc.Poll(3, 0, 1, GprsPollPurpose::DL_DATA, true);       // mobile 1, downlink TBF
    ulc.Poll(3, 1, 1, GprsPollPurpose::UL_FINAL, true);      // mobile 1, uplink TBF
    ulc.Poll(4, 0, 1, GprsPollPurpose::DL_ASSIGNMENT, true); // mobile 1, downlink TBF
    ulc.Grant(1, 2, 1, true);                                // mobile 1, uplink TBF
    ulc.Poll(3, 2, 2, GprsPollPurpose::DL_DATA, true);       // mobile 2
    ulc.Grant(1, 3, 2, true);                                // mobile 2

    ulc.Cancel(1, GprsDirection::DOWNLINK);
    EXPECT_FALSE(ulc.IsTaken(3, 0));
    EXPECT_FALSE(ulc.IsTaken(4, 0));
    EXPECT_TRUE(ulc.IsPolled(3, 1)) << "the uplink TBF's poll stays";
    EXPECT_TRUE(ulc.IsTaken(1, 2)) << "a USF belongs to the uplink TBF";

    ulc.Cancel(1, GprsDirection::UPLINK);
    EXPECT_FALSE(ulc.IsTaken(3, 1));
    EXPECT_FALSE(ulc.IsTaken(1, 2));
    EXPECT_TRUE(ulc.IsPolled(3, 2)) << "another mobile's blocks stay";
    EXPECT_TRUE(ulc.IsTaken(1, 3));
    ulc.Free(3, 2);
    ulc.Free(1, 3);
    EXPECT_TRUE(ulc.IsEmpty()) << "the count of taken blocks follows cancels and frees";
}

TEST(GprsUplinkBlockController, TbfDirectionOfEachPurpose)
{
    EXPECT_EQ(GetTbfDirection(GprsPollPurpose::DL_DATA), GprsDirection::DOWNLINK);
    EXPECT_EQ(GetTbfDirection(GprsPollPurpose::DL_ASSIGNMENT), GprsDirection::DOWNLINK);
    EXPECT_EQ(GetTbfDirection(GprsPollPurpose::UL_FINAL), GprsDirection::UPLINK);
    EXPECT_EQ(GetTbfDirection(GprsPollPurpose::UL_ASSIGNMENT), GprsDirection::UPLINK);
    EXPECT_EQ(GetTbfDirection(GprsPollPurpose::UL_DUMMY), GprsDirection::UPLINK);
}
