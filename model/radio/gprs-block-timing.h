/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_BLOCK_TIMING_H
#define GPRS_BLOCK_TIMING_H

#include "ns3/nstime.h"

#include <array>
#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * TDMA frame and PDCH radio block timing (3GPP TS 45.002 clauses 4.3.3 and 6.3.2.2).
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Exact TDMA frame and radio block arithmetic of a PDCH on the 52-multiframe.
 *
 * Frames are counted from frame 0 of the simulation ("frame" arguments, uint64_t, never
 * wrapped); the frame number FN sent on the air is that count modulo the hyperframe
 * (ToFn()). Because the hyperframe is a whole number of 52-multiframes, every block position
 * function gives the same answer for a frame count and for its FN.
 *
 * Layout of one 52-multiframe (TS 45.002 clause 6.3.2.2, Table 6): radio blocks B0..B11 of
 * 4 consecutive frames, in groups of 3 blocks each followed by one idle/PTCCH frame:
 * B0 = frames 0-3, B1 = 4-7, B2 = 8-11, idle 12, B3 = 13-16, ..., B11 = 47-50, idle 51.
 *
 * All functions are O(1) integer arithmetic without allocation.
 */
class GprsBlockTiming
{
  public:
    /// FN range: 26 x 51 x 2048 TDMA frames per hyperframe (TS 45.002 clause 4.3.3).
    static constexpr uint32_t kHyperframeFrames = 2715648;
    /// TDMA frames in the PDCH multiframe (TS 45.002 clause 6.3.2.2).
    static constexpr uint32_t kMultiframeFrames = 52;
    /// Radio blocks B0..B11 per 52-multiframe (TS 45.002 clause 6.3.2.2, Table 6).
    static constexpr uint32_t kBlocksPerMultiframe = 12;
    /// TDMA frames per radio block (TS 45.002 clause 6.3.2.2).
    static constexpr uint32_t kFramesPerBlock = 4;
    /// Frames per group of 3 blocks and its idle/PTCCH frame (frames 12, 25, 38, 51).
    static constexpr uint32_t kFramesPerBlockGroup = 13;
    /// Radio blocks per group: B0-B2, B3-B5, B6-B8, B9-B11 (TS 45.002 clause 6.3.2.2, Table 6).
    static constexpr uint32_t kBlocksPerBlockGroup = 3;
    /// TDMA frame duration 120/26 ms = 60/13 ms (TS 45.002 clause 4.3.3): numerator in ns.
    static constexpr int64_t kFrameNsNumerator = 60'000'000;
    /// TDMA frame duration: denominator of kFrameNsNumerator.
    static constexpr int64_t kFrameNsDenominator = 13;
    /// 52 frames of 60/13 ms: exactly 240 ms (TS 45.002 clause 6.3.2.2).
    static constexpr int64_t kMultiframeNs = 240'000'000;
    /// Average radio block period: 240 ms / 12 blocks = 20 ms.
    static constexpr int64_t kAverageBlockPeriodNs = kMultiframeNs / kBlocksPerMultiframe;
    /// Radio blocks per second per PDCH on average: 1 s / 20 ms.
    static constexpr uint32_t kBlocksPerSecond = 1'000'000'000 / kAverageBlockPeriodNs;
    /**
     * Minimum delay in frames from the downlink block carrying RRBP to the reserved uplink
     * block, indexed by RRBP 0..3: N+13, N+17 or N+18, N+21 or N+22, N+26 (TS 44.060
     * clause 10.4.5, Table 10.4.5.1); the "or N+x+1" cases skip an idle frame.
     */
    static constexpr std::array<uint32_t, 4> kRrbpMinDelayFrames = {13, 17, 21, 26};

    static_assert(kBlocksPerBlockGroup * kFramesPerBlock + 1 == kFramesPerBlockGroup &&
                      kMultiframeFrames / kFramesPerBlockGroup * kBlocksPerBlockGroup ==
                          kBlocksPerMultiframe,
                  "a group is 3 blocks and one idle frame, a multiframe 4 groups");
    static_assert(kHyperframeFrames % kMultiframeFrames == 0,
                  "block positions must be continuous across the FN wrap");
    static_assert(kMultiframeFrames * kFrameNsNumerator == kMultiframeNs * kFrameNsDenominator,
                  "the multiframe must last exactly 240 ms");

    /**
     * \param frame a frame count since frame 0
     * \return its FN, frame modulo the hyperframe
     */
    static constexpr uint32_t ToFn(uint64_t frame)
    {
        return static_cast<uint32_t>(frame % kHyperframeFrames);
    }

    /**
     * \param fn a frame number, 0..kHyperframeFrames-1
     * \param delta frames to add (may be negative)
     * \return (fn + delta) modulo the hyperframe
     * \throws std::invalid_argument if fn is out of range
     */
    static constexpr uint32_t FnAdd(uint32_t fn, int64_t delta)
    {
        const int64_t sum = (CheckFn(fn) + delta % kHyperframeFrames) % kHyperframeFrames;
        return static_cast<uint32_t>(sum < 0 ? sum + kHyperframeFrames : sum);
    }

    /**
     * \param from a frame number, 0..kHyperframeFrames-1
     * \param to a frame number, 0..kHyperframeFrames-1
     * \return frames to go forward from `from` to reach `to`, 0..kHyperframeFrames-1
     * \throws std::invalid_argument if either is out of range
     */
    static constexpr uint32_t FnDistance(uint32_t from, uint32_t to)
    {
        return FnAdd(to, -static_cast<int64_t>(CheckFn(from)));
    }

    /**
     * \param frame a frame count or FN
     * \return true for the idle/PTCCH frames 12, 25, 38 and 51 of the 52-multiframe
     */
    static constexpr bool IsIdleFrame(uint64_t frame)
    {
        return frame % kFramesPerBlockGroup == kFramesPerBlockGroup - 1;
    }

    /**
     * \param frame a frame count or FN
     * \return true if frame is the first frame of a radio block
     */
    static constexpr bool IsBlockStart(uint64_t frame)
    {
        return !IsIdleFrame(frame) && frame % kFramesPerBlockGroup % kFramesPerBlock == 0;
    }

    /**
     * \param frame a frame count or FN, not an idle frame
     * \return the index 0..11 of the radio block B0..B11 containing it
     * \throws std::invalid_argument for an idle frame
     */
    static constexpr uint32_t BlockIndex(uint64_t frame)
    {
        if (IsIdleFrame(frame))
        {
            ThrowIdleFrame(frame);
        }
        const auto inMultiframe = static_cast<uint32_t>(frame % kMultiframeFrames);
        return inMultiframe / kFramesPerBlockGroup * kBlocksPerBlockGroup +
               inMultiframe % kFramesPerBlockGroup / kFramesPerBlock;
    }

    /**
     * \param multiframe index of a 52-multiframe since frame 0
     * \param block block index 0..11 (B0..B11)
     * \return the first frame of that block
     * \throws std::invalid_argument if block > 11
     */
    static constexpr uint64_t BlockStartFrame(uint64_t multiframe, uint32_t block)
    {
        if (block >= kBlocksPerMultiframe)
        {
            ThrowBadBlock(block);
        }
        return multiframe * kMultiframeFrames +
               block / kBlocksPerBlockGroup * kFramesPerBlockGroup +
               block % kBlocksPerBlockGroup * kFramesPerBlock;
    }

    /**
     * \param frame a frame count
     * \return the first frame at or after it that starts a radio block
     */
    static constexpr uint64_t NextBlockStartFrame(uint64_t frame)
    {
        const auto inGroup = static_cast<uint32_t>(frame % kFramesPerBlockGroup);
        const uint32_t lastBlockStart = kFramesPerBlockGroup - 1 - kFramesPerBlock;
        return inGroup > lastBlockStart
                   ? frame + kFramesPerBlockGroup - inGroup
                   : frame + (kFramesPerBlock - inGroup % kFramesPerBlock) % kFramesPerBlock;
    }

    /**
     * First frame of the uplink block reserved by an RRBP field (TS 44.060 clause 10.4.5):
     * the first block starting at least kRrbpMinDelayFrames[rrbp] frames after frame.
     *
     * \param frame first frame of the downlink block carrying the RRBP field
     * \param rrbp the RRBP value 0..3
     * \return first frame of the reserved uplink block
     * \throws std::invalid_argument if frame does not start a block or rrbp > 3
     */
    static constexpr uint64_t RrbpFrame(uint64_t frame, uint32_t rrbp)
    {
        if (!IsBlockStart(frame))
        {
            ThrowNotBlockStart(frame);
        }
        if (rrbp >= kRrbpMinDelayFrames.size())
        {
            ThrowBadRrbp(rrbp);
        }
        return NextBlockStartFrame(frame + kRrbpMinDelayFrames[rrbp]);
    }

    /**
     * RrbpFrame() on frame numbers, wrapping at the hyperframe.
     *
     * \param fn FN of the first frame of the downlink block carrying the RRBP field
     * \param rrbp the RRBP value 0..3
     * \return FN of the first frame of the reserved uplink block
     * \throws std::invalid_argument as RrbpFrame(), or if fn is out of range
     */
    static constexpr uint32_t RrbpFn(uint32_t fn, uint32_t rrbp)
    {
        return ToFn(RrbpFrame(CheckFn(fn), rrbp));
    }

    /**
     * \param frame a frame count, below about 2e12 (292 years) so that the result fits
     * \return the start of that frame in ns since frame 0, rounded to the nearest ns
     */
    static constexpr int64_t FrameStartNs(uint64_t frame)
    {
        const auto multiframes = static_cast<int64_t>(frame / kMultiframeFrames);
        const auto inMultiframe = static_cast<int64_t>(frame % kMultiframeFrames);
        return multiframes * kMultiframeNs +
               (inMultiframe * kFrameNsNumerator + kFrameNsDenominator / 2) / kFrameNsDenominator;
    }

    /**
     * \param frame a frame count
     * \return the start time of that frame (frame 0 starts at time 0)
     */
    static Time FrameStart(uint64_t frame);

    /**
     * \param t a time, not negative
     * \return the frame that contains t: the last frame with FrameStart(frame) <= t
     * \throws std::invalid_argument if t is negative
     */
    static uint64_t FrameAt(Time t);

    /**
     * \return the average radio block period, 20 ms
     */
    static Time AverageBlockPeriod();

  private:
    /**
     * \param fn a frame number
     * \return fn
     * \throws std::invalid_argument unless fn < kHyperframeFrames
     */
    static constexpr int64_t CheckFn(uint32_t fn)
    {
        if (fn >= kHyperframeFrames)
        {
            ThrowBadFn(fn);
        }
        return fn;
    }

    /// \param fn the bad frame number \throws std::invalid_argument always
    [[noreturn]] static void ThrowBadFn(uint32_t fn);
    /// \param frame the idle frame \throws std::invalid_argument always
    [[noreturn]] static void ThrowIdleFrame(uint64_t frame);
    /// \param block the bad block index \throws std::invalid_argument always
    [[noreturn]] static void ThrowBadBlock(uint32_t block);
    /// \param frame the frame that does not start a block \throws std::invalid_argument always
    [[noreturn]] static void ThrowNotBlockStart(uint64_t frame);
    /// \param rrbp the bad RRBP value \throws std::invalid_argument always
    [[noreturn]] static void ThrowBadRrbp(uint32_t rrbp);
};

} // namespace ns3

#endif /* GPRS_BLOCK_TIMING_H */
