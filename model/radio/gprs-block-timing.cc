/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-block-timing.h"

#include <stdexcept>
#include <string>

namespace ns3
{

Time
GprsBlockTiming::FrameStart(uint64_t frame)
{
    return NanoSeconds(FrameStartNs(frame));
}

uint64_t
GprsBlockTiming::FrameAt(Time t)
{
    if (t.IsStrictlyNegative())
    {
        throw std::invalid_argument("time " + std::to_string(t.GetSeconds()) +
                                    " s is negative (allowed: >= 0)");
    }
    const int64_t ns = t.GetNanoSeconds();
    const auto multiframes = static_cast<uint64_t>(ns / kMultiframeNs);
    const int64_t inMultiframeNs = ns % kMultiframeNs;
    // Inverse of the rounding in FrameStartNs(): the last frame f with
    // floor((f * num + den / 2) / den) <= ns is floor((ns * den + den / 2) / num).
    const auto inMultiframe = static_cast<uint64_t>(
        (inMultiframeNs * kFrameNsDenominator + kFrameNsDenominator / 2) / kFrameNsNumerator);
    return multiframes * kMultiframeFrames + inMultiframe;
}

Time
GprsBlockTiming::AverageBlockPeriod()
{
    return NanoSeconds(kAverageBlockPeriodNs);
}

void
GprsBlockTiming::ThrowBadFn(uint32_t fn)
{
    throw std::invalid_argument("frame number " + std::to_string(fn) +
                                " out of range (allowed: 0.." +
                                std::to_string(kHyperframeFrames - 1) + ")");
}

void
GprsBlockTiming::ThrowIdleFrame(uint64_t frame)
{
    throw std::invalid_argument("frame " + std::to_string(frame) + " is idle frame " +
                                std::to_string(frame % kMultiframeFrames) +
                                " of the 52-multiframe and belongs to no radio block "
                                "(idle frames: 12, 25, 38, 51)");
}

void
GprsBlockTiming::ThrowBadBlock(uint32_t block)
{
    throw std::invalid_argument("radio block index " + std::to_string(block) +
                                " out of range (allowed: 0..11 for B0..B11)");
}

void
GprsBlockTiming::ThrowNotBlockStart(uint64_t frame)
{
    throw std::invalid_argument("frame " + std::to_string(frame) + " (position " +
                                std::to_string(frame % kMultiframeFrames) +
                                " in the 52-multiframe) does not start a radio block "
                                "(allowed: positions 0, 4, 8, 13, 17, ..., 47)");
}

void
GprsBlockTiming::ThrowBadRrbp(uint32_t rrbp)
{
    throw std::invalid_argument("RRBP " + std::to_string(rrbp) + " out of range (allowed: 0..3)");
}

} // namespace ns3
