/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-expect-invalid.h"

#include "ns3/gprs-ccch.h"

#include <gtest/gtest.h>
#include <vector>

using namespace ns3;

namespace
{

/// osmo-bsc's defaults: combined CCCH, BS_AG_BLKS_RES 1, BS_PA_MFRMS 5.
const GprsCcchConfig kCombined{true, 1, 5};
/// A CCCH alone on timeslot 0.
const GprsCcchConfig kAlone{false, 1, 5};
/// osmo-bsc's RACH control: T = 12, M = 7.
const GprsRachControl kRach{12, 7};

/// Draws that always give \p value.
GprsCcch::Uniform
Always(double value)
{
    return [value]() { return value; };
}

/// Loss draws that always give \p lost; counts them in \p calls.
GprsCcch::Loss
Lost(bool lost, uint32_t& calls)
{
    return [lost, &calls]() {
        ++calls;
        return lost;
    };
}

} // namespace

TEST(GprsCcchLayout, CombinedHasThreeBlocksAndTwentySevenRachSlotsPerMultiframe)
{
    const GprsCcchLayout layout(kCombined);
    EXPECT_EQ(layout.GetBlocksPerMultiframe(), 3u);
    uint32_t slots = 0;
    for (uint64_t f = 0; f < GprsCcchLayout::kMultiframeFrames; ++f)
    {
        slots += layout.IsRachFrame(f) ? 1 : 0;
    }
    EXPECT_EQ(slots, 27u);
    // TS 45.002 clause 7, Table 3: CCCH blocks at frames 6, 12, 16; RACH at 4, 5, 14-36, 45, 46.
    EXPECT_EQ(layout.NextBlock(0), 6u);
    EXPECT_EQ(layout.NextBlock(7), 12u);
    EXPECT_EQ(layout.NextBlock(16), 16u);
    EXPECT_EQ(layout.NextBlock(17), 51u + 6);
    EXPECT_EQ(layout.RachSlotAfter(0, 0), 4u);
    EXPECT_EQ(layout.RachSlotAfter(4, 0), 5u);
    EXPECT_EQ(layout.RachSlotAfter(5, 0), 14u);
    EXPECT_EQ(layout.RachSlotAfter(36, 0), 45u);
    EXPECT_EQ(layout.RachSlotAfter(46, 0), 51u + 4);
    EXPECT_EQ(layout.RachSlotAfter(0, 27), 51u + 4); // one multiframe's 27 slots left out
    EXPECT_EQ(layout.RachSlotAfter(0, 28), 51u + 5);
}

TEST(GprsCcchLayout, AloneHasNineBlocksAndARachSlotInEveryFrame)
{
    const GprsCcchLayout layout(kAlone);
    EXPECT_EQ(layout.GetBlocksPerMultiframe(), 9u);
    EXPECT_EQ(layout.NextBlock(47), 51u + 6);
    EXPECT_EQ(layout.NextBlock(43), 46u);
    EXPECT_EQ(layout.RachSlotAfter(10, 0), 11u);
    EXPECT_EQ(layout.RachSlotAfter(10, 216), 227u);
}

TEST(GprsCcchLayout, PagingBlocksRecurEveryBsPaMfrmsMultiframes)
{
    const GprsCcchLayout layout(kCombined);
    // N = (3 - 1) x 5 = 10 groups, 2 paging blocks per multiframe (frames 12 and 16).
    EXPECT_EQ(layout.GetPagingGroups(), 10u);
    EXPECT_EQ(layout.GetPagingGroup(1234), 4u); // (1234 mod 1000) mod 10
    EXPECT_EQ(layout.NextPagingBlock(0, 0), 12u);
    EXPECT_EQ(layout.NextPagingBlock(12, 0), 12u);
    EXPECT_EQ(layout.NextPagingBlock(13, 0), 5u * 51 + 12);
    EXPECT_EQ(layout.NextPagingBlock(0, 1), 16u);
    EXPECT_EQ(layout.NextPagingBlock(0, 3), 51u + 16);
    EXPECT_EQ(layout.NextPagingBlock(3u * 51, 9), 4u * 51 + 16);
    // Every group has exactly one block in each cycle of 5 multiframes, and never an AGCH one.
    for (uint32_t g = 0; g < 10; ++g)
    {
        const uint64_t first = layout.NextPagingBlock(0, g);
        EXPECT_NE(first % 51, 6u) << g;
        EXPECT_EQ(layout.NextPagingBlock(first + 1, g), first + 5 * 51) << g;
    }
    ExpectInvalid([&layout]() { layout.NextPagingBlock(0, 10); }, "paging group 10");
}

TEST(GprsCcchLayout, RefusesAConfigurationWithoutPagingBlocksOrABadBsPaMfrms)
{
    ExpectInvalid([]() { GprsCcchLayout(GprsCcchConfig{true, 3, 5}); }, "BS_AG_BLKS_RES 3");
    ExpectInvalid([]() { GprsCcchLayout(GprsCcchConfig{false, 8, 5}); }, "BS_AG_BLKS_RES 8");
    ExpectInvalid([]() { GprsCcchLayout(GprsCcchConfig{false, 1, 1}); }, "BS_PA_MFRMS 1");
    ExpectInvalid([]() { GprsCcchLayout(GprsCcchConfig{false, 1, 10}); }, "BS_PA_MFRMS 10");
}

TEST(GprsCcch, SpreadSFollowsTheTableOfTs44018)
{
    EXPECT_EQ(GetGprsRachS(12, false), 217u);
    EXPECT_EQ(GetGprsRachS(12, true), 115u);
    EXPECT_EQ(GetGprsRachS(3, false), 55u);
    EXPECT_EQ(GetGprsRachS(50, true), 41u);
    EXPECT_EQ(GetGprsRachS(20, false), 109u);
    EXPECT_TRUE(IsGprsTxInteger(25));
    EXPECT_FALSE(IsGprsTxInteger(13));
    ExpectInvalid([]() { GetGprsRachS(13, false); }, "Tx-integer 13");
    ExpectInvalid([]() { GprsCcch(kCombined, GprsRachControl{12, 3}, 0); }, "Max retrans 3");
}

TEST(GprsCcch, DecodedChannelRequestGetsTheNextCcchBlock)
{
    GprsCcch ccch(kCombined, kRach, 0);
    uint32_t draws = 0;
    // A draw of 0 sends the CHANNEL REQUEST in the first RACH slot after frame 0: frame 4.
    EXPECT_EQ(ccch.StartUplink(1, 0, Always(0)), 5u);
    const GprsCcch::Step burst = ccch.Advance(1, 5, Always(0), Lost(false, draws));
    EXPECT_EQ(burst.result, GprsCcch::Result::WAIT);
    EXPECT_EQ(burst.frame, 6u + 4); // the IMMEDIATE ASSIGNMENT in the block of frames 6-9
    const GprsCcch::Step assigned = ccch.Advance(1, 10, Always(0), Lost(false, draws));
    EXPECT_EQ(assigned.result, GprsCcch::Result::ASSIGNED);
    EXPECT_EQ(draws, 2u); // the CHANNEL REQUEST and the IMMEDIATE ASSIGNMENT
    EXPECT_EQ(ccch.GetCollisions(), 0u);
}

TEST(GprsCcch, TwoChannelRequestsInOneSlotCollideAndTheMobilesDrawAgain)
{
    GprsCcch ccch(kAlone, kRach, 0);
    uint32_t draws = 0;
    const uint64_t a = ccch.StartUplink(0, 100, Always(0.5));
    const uint64_t b = ccch.StartUplink(2, 100, Always(0.5));
    ASSERT_EQ(a, b);
    // Both lost without a loss draw; the next ones go S..S+T-1 slots later, apart.
    const GprsCcch::Step sa = ccch.Advance(0, a, Always(0), Lost(false, draws));
    const GprsCcch::Step sb = ccch.Advance(2, b, Always(0.99), Lost(false, draws));
    EXPECT_EQ(ccch.GetCollisions(), 2u);
    EXPECT_EQ(draws, 0u);
    EXPECT_EQ(sa.frame, a - 1 + 217 + 1 + 1); // slot S after the collided one, ending
    EXPECT_EQ(sb.frame, a - 1 + 217 + 11 + 1 + 1);
    // Apart, both get through.
    const GprsCcch::Step ga = ccch.Advance(0, sa.frame, Always(0), Lost(false, draws));
    const GprsCcch::Step gb = ccch.Advance(2, sb.frame, Always(0), Lost(false, draws));
    EXPECT_EQ(ccch.GetCollisions(), 2u);
    EXPECT_EQ(ccch.Advance(0, ga.frame, Always(0), Lost(false, draws)).result,
              GprsCcch::Result::ASSIGNED);
    EXPECT_EQ(ccch.Advance(2, gb.frame, Always(0), Lost(false, draws)).result,
              GprsCcch::Result::ASSIGNED);
}

TEST(GprsCcch, MobileGivesUpAfterMaxRetransPlusOneRequestsAndT3126)
{
    for (const GprsRachControl rach : {GprsRachControl{12, 7}, GprsRachControl{3, 1}})
    {
        GprsCcch ccch(kCombined, rach, 0);
        uint32_t draws = 0;
        uint64_t frame = ccch.StartUplink(5, 0, Always(0));
        GprsCcch::Step step{GprsCcch::Result::WAIT, frame};
        std::vector<uint64_t> events;
        while (step.result == GprsCcch::Result::WAIT)
        {
            events.push_back(step.frame);
            step = ccch.Advance(5, step.frame, Always(0), Lost(true, draws));
        }
        EXPECT_EQ(step.result, GprsCcch::Result::FAILED);
        EXPECT_EQ(draws, rach.maxRetrans + 1) << "one loss draw per CHANNEL REQUEST";
        // T3126: T + 2S slots after the last request, at most 5 s (1083 frames).
        const uint64_t last = events[events.size() - 2] - 1;
        const GprsCcchLayout layout(kCombined);
        const uint32_t s = GetGprsRachS(rach.txInteger, true);
        EXPECT_EQ(
            events.back(),
            std::min<uint64_t>(layout.RachSlotAfter(last, rach.txInteger + 2 * s), last + 1083));
    }
}

TEST(GprsCcch, OneAssignmentPerBlock)
{
    GprsCcch ccch(kCombined, kRach, 0);
    // Three mobiles in non-DRX mode at once: blocks 6, 12 and 16 of the multiframe.
    EXPECT_EQ(ccch.StartDownlink(0, 0, std::nullopt), 10u);
    EXPECT_EQ(ccch.StartDownlink(2, 0, std::nullopt), 16u);
    EXPECT_EQ(ccch.StartDownlink(4, 0, std::nullopt), 20u);
    // A cancelled access keeps the block it took: blocks are not re-planned.
    ccch.Cancel(2);
    EXPECT_EQ(ccch.StartDownlink(6, 0, std::nullopt), 51u + 10);
}

TEST(GprsCcch, DrxMobileHearsItsAssignmentOnlyInItsPagingBlock)
{
    const uint64_t response = 2;
    GprsCcch ccch(kCombined, kRach, response);
    const GprsCcchLayout& layout = ccch.GetLayout();
    uint32_t draws = 0;
    const uint32_t group = 7;
    const uint64_t first = layout.NextPagingBlock(100 + 1 + response, group);
    EXPECT_EQ(ccch.StartDownlink(8, 100, group), first + 4);
    // Lost: sent again one DRX cycle (5 multiframes) later.
    const GprsCcch::Step again = ccch.Advance(8, first + 4, Always(0), Lost(true, draws));
    EXPECT_EQ(again.result, GprsCcch::Result::WAIT);
    EXPECT_EQ(again.frame, first + 5 * 51 + 4);
    EXPECT_EQ(ccch.Advance(8, again.frame, Always(0), Lost(false, draws)).result,
              GprsCcch::Result::ASSIGNED);
    // In non-DRX mode the same start gets the next free block after the response time.
    EXPECT_EQ(ccch.StartDownlink(10, 100, std::nullopt), layout.NextBlock(103) + 4);
}
