/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-expect-invalid.h"

#include "ns3/gprs-co-channel-load.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace ns3;

TEST(GprsCellActivity, CountsTheWindowBeforeTheBlockNotTheBlockItself)
{
    GprsCellActivity a(4, 12);
    EXPECT_DOUBLE_EQ(a.GetActivity(0), 0);
    a.Record(100);
    a.Record(100);
    // Block period 100 is not yet in the window of its own blocks.
    EXPECT_DOUBLE_EQ(a.GetActivity(100), 0);
    EXPECT_DOUBLE_EQ(a.GetActivity(101), 2.0 / 48);
    // Still in the window 12 periods on, gone 13 periods on.
    EXPECT_DOUBLE_EQ(a.GetActivity(112), 2.0 / 48);
    EXPECT_DOUBLE_EQ(a.GetActivity(113), 0);
}

TEST(GprsCellActivity, EveryPdchInEveryPeriodIsFullLoad)
{
    GprsCellActivity a(4, 12);
    for (uint64_t block = 1000; block < 1024; ++block)
    {
        for (int pdch = 0; pdch < 4; ++pdch)
        {
            a.Record(block);
        }
    }
    EXPECT_DOUBLE_EQ(a.GetActivity(1024), 1);
    // Half of the window idle after the last block.
    EXPECT_DOUBLE_EQ(a.GetActivity(1030), 0.5);
    EXPECT_DOUBLE_EQ(a.GetActivity(1036), 0);
}

TEST(GprsCellActivity, ASlotReusedAfterAGapForgetsItsOldPeriod)
{
    GprsCellActivity a(1, 4);
    a.Record(3);
    // Period 7 takes period 3's slot (7 % 4): period 3 must not count twice or leak.
    a.Record(7);
    EXPECT_DOUBLE_EQ(a.GetActivity(8), 0.25);
    a.Record(9);
    EXPECT_DOUBLE_EQ(a.GetActivity(10), 0.5);
}

TEST(GprsCellActivity, RefusesBadInput)
{
    ExpectInvalid([]() { GprsCellActivity(0, 12); }, "PDCHs 0 (allowed: 1..8)");
    ExpectInvalid([]() { GprsCellActivity(9, 12); }, "PDCHs 9 (allowed: 1..8)");
    ExpectInvalid([]() { GprsCellActivity(4, 0); },
                  "window of block periods 0 (allowed: 1..10000)");
    GprsCellActivity a(2, 12);
    a.Record(5);
    ExpectInvalid([&a]() { a.Record(4); }, "block period 4 (allowed: not before the last");
    a.Record(5);
    ExpectInvalid([&a]() { a.Record(5); },
                  "blocks in block period 5 3 (allowed: at most one per PDCH, 2)");
}

TEST(GprsCoChannelLoad, FullLoadKeepsTheGivenCiAndIdleInterferersAddTheNoiseFloor)
{
    GprsCoChannelLoad load(20);
    for (int c = 0; c < 7; ++c)
    {
        load.AddCell();
    }
    const std::vector<double> full(7, 1.0);
    EXPECT_NEAR(load.GetCiOffsetDb(0, full), 0, 1e-12);
    // The victim's own activity does not matter.
    std::vector<double> ownIdle = full;
    ownIdle[0] = 0;
    EXPECT_NEAR(load.GetCiOffsetDb(0, ownIdle), 0, 1e-12);
    const std::vector<double> idle(7, 0.0);
    EXPECT_NEAR(load.GetCiOffsetDb(0, idle), 10 * std::log10(1.01 / 0.01), 1e-9);
}

TEST(GprsCoChannelLoad, InterferencePowersAddWithTheirWeights)
{
    GprsCoChannelLoad load(100); // noise negligible: 1e-10
    load.AddCell();
    load.AddCell();
    load.AddCell();
    // Half the interferers' power active: 3 dB better than at full load.
    EXPECT_NEAR(load.GetCiOffsetDb(0, {0.3, 1, 0}), 10 * std::log10(2.0), 1e-6);
    EXPECT_NEAR(load.GetCiOffsetDb(0, {0, 0.5, 0.5}), 10 * std::log10(2.0), 1e-6);
    // Cell 2 nine times cell 1's power at cell 0: cell 1 alone busy is 10 dB better.
    load.SetWeight(0, 2, 9);
    EXPECT_NEAR(load.GetCiOffsetDb(0, {0, 1, 0}), 10, 1e-6);
    EXPECT_NEAR(load.GetCiOffsetDb(0, {0, 0, 1}), 10 * std::log10(10.0 / 9), 1e-6);
    // Weights are per victim: cell 1 still sees cells 0 and 2 equally.
    EXPECT_NEAR(load.GetCiOffsetDb(1, {1, 0, 0}), 10 * std::log10(2.0), 1e-6);
}

TEST(GprsCoChannelLoad, ACellWithoutInterferersKeepsItsCi)
{
    GprsCoChannelLoad load(20);
    load.AddCell();
    EXPECT_DOUBLE_EQ(load.GetCiOffsetDb(0, {0}), 0);
    load.AddCell();
    load.SetWeight(0, 1, 0);
    EXPECT_DOUBLE_EQ(load.GetCiOffsetDb(0, {0, 0}), 0);
    EXPECT_GT(load.GetCiOffsetDb(1, {0, 0}), 19);
}

TEST(GprsCoChannelLoad, TheCiFallsMonotonicallyAsTheInterferersGetBusier)
{
    GprsCoChannelLoad load(20);
    load.AddCell();
    load.AddCell();
    double previous = 1e9;
    for (double a = 0; a <= 1.0; a += 0.05)
    {
        const double offset = load.GetCiOffsetDb(0, {0, a});
        EXPECT_LT(offset, previous) << "activity " << a;
        previous = offset;
    }
}

TEST(GprsCoChannelLoad, RefusesBadInput)
{
    ExpectInvalid([]() { GprsCoChannelLoad(-1); },
                  "noise floor below the full-load interference, dB -1 (allowed: 0..100)");
    ExpectInvalid([]() { GprsCoChannelLoad(std::nan("")); }, "(allowed: 0..100)");
    GprsCoChannelLoad load(20);
    load.AddCell();
    load.AddCell();
    ExpectInvalid([&load]() { load.SetWeight(0, 0, 1); },
                  "interfering cell 0 (allowed: a cell other than the victim)");
    ExpectInvalid([&load]() { load.SetWeight(2, 0, 1); }, "victim cell 2 (allowed: 0..1)");
    ExpectInvalid([&load]() { load.SetWeight(0, 5, 1); }, "interfering cell 5 (allowed: 0..1)");
    ExpectInvalid([&load]() { load.SetWeight(0, 1, -0.5); }, "weight -0.500000 (allowed: 0..1e6)");
    ExpectInvalid([&load]() { load.GetCiOffsetDb(0, {1}); },
                  "activities 1 (allowed: one per cell, 2)");
    for (int c = 2; c < 1024; ++c)
    {
        load.AddCell();
    }
    ExpectInvalid([&load]() { load.AddCell(); }, "co-channel cells 1025 (allowed: 1..1024)");
}
