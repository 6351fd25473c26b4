/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-expect-invalid.h"

#include "ns3/gprs-block-timing.h"

#include <gtest/gtest.h>
#include <set>
#include <stdexcept>
#include <string>

using namespace ns3;
using Timing = GprsBlockTiming;

namespace
{

/// Multiframes walked by the tests that scan frames: enough to average, fast.
constexpr uint64_t kScannedMultiframes = 1000;

} // namespace

TEST(GprsBlockTiming, TwelveBlocksOfFourFramesPerMultiframe)
{
    std::set<uint64_t> inBlocks;
    for (uint32_t block = 0; block < Timing::kBlocksPerMultiframe; ++block)
    {
        const uint64_t start = Timing::BlockStartFrame(0, block);
        EXPECT_TRUE(Timing::IsBlockStart(start)) << block;
        for (uint64_t frame = start; frame < start + Timing::kFramesPerBlock; ++frame)
        {
            EXPECT_EQ(Timing::BlockIndex(frame), block) << frame;
            EXPECT_TRUE(inBlocks.insert(frame).second) << "frame " << frame << " in two blocks";
        }
    }
    EXPECT_EQ(inBlocks.size(), 48u);
    // TS 45.002 clause 6.3.2.2, Table 6: the frames left over are the idle/PTCCH frames.
    std::set<uint64_t> idle;
    for (uint64_t frame = 0; frame < Timing::kMultiframeFrames; ++frame)
    {
        if (inBlocks.count(frame) == 0)
        {
            idle.insert(frame);
        }
    }
    EXPECT_EQ(idle, (std::set<uint64_t>{12, 25, 38, 51}));
}

TEST(GprsBlockTiming, IdleFramesAreNeverInsideABlock)
{
    uint64_t blockStarts = 0;
    for (uint64_t frame = 0; frame < kScannedMultiframes * Timing::kMultiframeFrames; ++frame)
    {
        const bool idle = Timing::IsIdleFrame(frame);
        EXPECT_EQ(idle, frame % Timing::kMultiframeFrames % 13 == 12) << frame;
        if (Timing::IsBlockStart(frame))
        {
            ++blockStarts;
            for (uint64_t f = frame; f < frame + Timing::kFramesPerBlock; ++f)
            {
                ASSERT_FALSE(Timing::IsIdleFrame(f))
                    << "idle frame " << f << " in block at " << frame;
                ASSERT_EQ(Timing::BlockIndex(f), Timing::BlockIndex(frame));
            }
            EXPECT_EQ(Timing::BlockStartFrame(frame / Timing::kMultiframeFrames,
                                              Timing::BlockIndex(frame)),
                      frame);
        }
        if (idle && frame < Timing::kMultiframeFrames)
        {
            ExpectInvalid([frame] { Timing::BlockIndex(frame); }, "idle frame");
        }
    }
    EXPECT_EQ(blockStarts, kScannedMultiframes * Timing::kBlocksPerMultiframe);
    ExpectInvalid([] { Timing::BlockStartFrame(0, 12); }, "radio block index 12");
}

TEST(GprsBlockTiming, NextBlockStartIsTheFirstBlockStartAtOrAfter)
{
    for (uint64_t frame = 0; frame < 3 * Timing::kMultiframeFrames; ++frame)
    {
        const uint64_t next = Timing::NextBlockStartFrame(frame);
        EXPECT_TRUE(Timing::IsBlockStart(next)) << frame;
        EXPECT_GE(next, frame);
        for (uint64_t f = frame; f < next; ++f)
        {
            EXPECT_FALSE(Timing::IsBlockStart(f))
                << "block start " << f << " skipped from " << frame;
        }
    }
}

TEST(GprsBlockTiming, FrameDurationIs120Over26Ms)
{
    // TS 45.002 clause 4.3.3: 26 frames last exactly 120 ms, 52 frames 240 ms.
    EXPECT_EQ(Timing::FrameStartNs(26), 120'000'000);
    for (uint64_t k = 0; k < kScannedMultiframes; ++k)
    {
        EXPECT_EQ(Timing::FrameStart(k * Timing::kMultiframeFrames), MilliSeconds(240 * k));
    }
    const double frameNs = 120e6 / 26;
    for (uint64_t frame = 0; frame < 2 * Timing::kMultiframeFrames; ++frame)
    {
        EXPECT_NEAR(static_cast<double>(Timing::FrameStartNs(frame)), frame * frameNs, 0.5);
    }
}

TEST(GprsBlockTiming, FrameAtInvertsFrameStart)
{
    for (uint64_t frame = 0; frame < 3 * Timing::kMultiframeFrames; ++frame)
    {
        const Time start = Timing::FrameStart(frame);
        EXPECT_EQ(Timing::FrameAt(start), frame);
        EXPECT_EQ(Timing::FrameAt(Timing::FrameStart(frame + 1) - NanoSeconds(1)), frame);
    }
    const uint64_t far = 123456789;
    EXPECT_EQ(Timing::FrameAt(Timing::FrameStart(far)), far);
    ExpectInvalid([] { Timing::FrameAt(Seconds(-1)); }, "negative");
}

TEST(GprsBlockTiming, FiftyBlocksPerSecondOnAverage)
{
    uint64_t blocks = 0;
    const uint64_t endFrame = kScannedMultiframes * Timing::kMultiframeFrames;
    for (uint64_t frame = Timing::NextBlockStartFrame(0); frame < endFrame;
         frame = Timing::NextBlockStartFrame(frame + 1))
    {
        const uint64_t next = Timing::NextBlockStartFrame(frame + 1);
        // Blocks follow each other after 4 frames, or 5 across an idle frame.
        EXPECT_TRUE(next - frame == 4 || next - frame == 5) << frame;
        ++blocks;
    }
    const double seconds = Timing::FrameStart(endFrame).GetSeconds();
    EXPECT_DOUBLE_EQ(blocks / seconds, 50.0);
    EXPECT_EQ(Timing::kBlocksPerSecond, 50u);
    EXPECT_EQ(Timing::AverageBlockPeriod(), MilliSeconds(20));
}

TEST(GprsBlockTiming, FrameNumbersWrapAtTheHyperframe)
{
    constexpr uint32_t h = Timing::kHyperframeFrames;
    EXPECT_EQ(h, 26u * 51u * 2048u);
    EXPECT_EQ(Timing::ToFn(h), 0u);
    EXPECT_EQ(Timing::ToFn(3ULL * h + 7), 7u);
    EXPECT_EQ(Timing::FnAdd(h - 1, 1), 0u);
    EXPECT_EQ(Timing::FnAdd(0, -1), h - 1);
    EXPECT_EQ(Timing::FnAdd(5, -3LL * h - 2), 3u);
    EXPECT_EQ(Timing::FnAdd(5, 2LL * h + 2), 7u);
    EXPECT_EQ(Timing::FnDistance(h - 2, 3), 5u);
    EXPECT_EQ(Timing::FnDistance(3, h - 2), h - 5);
    EXPECT_EQ(Timing::FnDistance(9, 9), 0u);
    // The hyperframe holds whole multiframes: B11 ends it and B0 starts the next one.
    EXPECT_EQ(Timing::BlockIndex(h - 5), 11u);
    EXPECT_TRUE(Timing::IsIdleFrame(h - 1));
    EXPECT_EQ(Timing::ToFn(Timing::NextBlockStartFrame(h - 1)), 0u);
    EXPECT_EQ(Timing::BlockIndex(h), 0u);
    ExpectInvalid([] { Timing::FnAdd(Timing::kHyperframeFrames, 0); }, "frame number 2715648");
    ExpectInvalid([] { Timing::FnDistance(0, Timing::kHyperframeFrames); }, "0..2715647");
}

TEST(GprsBlockTiming, RrbpReservesTheBlockTable10451Gives)
{
    // TS 44.060 Table 10.4.5.1: allowed delays from N for RRBP 0..3.
    const std::set<uint64_t> allowed[] = {{13}, {17, 18}, {21, 22}, {26}};
    for (uint64_t n = 0; n < 2 * Timing::kMultiframeFrames; ++n)
    {
        if (!Timing::IsBlockStart(n))
        {
            ExpectInvalid([n] { Timing::RrbpFrame(n, 0); }, "does not start a radio block");
            continue;
        }
        for (uint32_t rrbp = 0; rrbp < 4; ++rrbp)
        {
            const uint64_t reserved = Timing::RrbpFrame(n, rrbp);
            EXPECT_TRUE(Timing::IsBlockStart(reserved));
            EXPECT_EQ(allowed[rrbp].count(reserved - n), 1u)
                << "N " << n << " RRBP " << rrbp << " gave N+" << reserved - n;
            // Equivalently: the (RRBP + 3)-th block after the one at N.
            uint64_t blocksLater = 0;
            for (uint64_t f = n + 1; f <= reserved; ++f)
            {
                blocksLater += Timing::IsBlockStart(f) ? 1 : 0;
            }
            EXPECT_EQ(blocksLater, rrbp + 3);
        }
    }
    // Worked examples: N on B0 and on B2 (the latter crosses idle frame 12 or 25).
    EXPECT_EQ(Timing::RrbpFrame(0, 0), 13u);
    EXPECT_EQ(Timing::RrbpFrame(0, 1), 17u);
    EXPECT_EQ(Timing::RrbpFrame(0, 2), 21u);
    EXPECT_EQ(Timing::RrbpFrame(0, 3), 26u);
    EXPECT_EQ(Timing::RrbpFrame(8, 0), 21u);
    EXPECT_EQ(Timing::RrbpFrame(8, 1), 26u);
    EXPECT_EQ(Timing::RrbpFrame(8, 2), 30u);
    EXPECT_EQ(Timing::RrbpFrame(8, 3), 34u);
    ExpectInvalid([] { Timing::RrbpFrame(0, 4); }, "RRBP 4");
}

TEST(GprsBlockTiming, RrbpWrapsAtTheHyperframe)
{
    // N = B11 of the last multiframe (position 47); the reserved blocks are B2..B5 after it.
    const uint32_t n = Timing::kHyperframeFrames - 5;
    EXPECT_EQ(Timing::RrbpFn(n, 0), 8u);
    EXPECT_EQ(Timing::RrbpFn(n, 1), 13u);
    EXPECT_EQ(Timing::RrbpFn(n, 2), 17u);
    EXPECT_EQ(Timing::RrbpFn(n, 3), 21u);
    ExpectInvalid([] { Timing::RrbpFn(Timing::kHyperframeFrames, 0); }, "out of range");
}
