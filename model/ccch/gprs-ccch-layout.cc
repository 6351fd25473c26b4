/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-ccch-layout.h"

#include <array>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{
/// First frames of the CCCH blocks in the 51-multiframe of timeslot 0 (TS 45.002 clause 7,
/// Table 3: CCCH_0 .. CCCH_8; with SDCCH/4 only the first three).
constexpr std::array<uint32_t, 9> kBlockStart = {6, 12, 16, 22, 26, 32, 36, 42, 46};
constexpr uint32_t kCombinedBlocks = 3;

/// The 27 RACH frames of a combined CCCH: 4, 5, 14-36, 45, 46 (TS 45.002 clause 7, Table 3).
constexpr bool
IsCombinedRachFrame(uint32_t inMultiframe)
{
    return inMultiframe == 4 || inMultiframe == 5 || (inMultiframe >= 14 && inMultiframe <= 36) ||
           inMultiframe == 45 || inMultiframe == 46;
}
} // namespace

GprsCcchLayout::GprsCcchLayout(GprsCcchConfig config)
    : m_config(config)
{
    const uint32_t blocks = GetBlocksPerMultiframe();
    if (config.bsAgBlksRes > 7 || config.bsAgBlksRes >= blocks)
    {
        throw std::invalid_argument(
            "BS_AG_BLKS_RES " + std::to_string(config.bsAgBlksRes) + " (allowed: 0.." +
            std::to_string(blocks - 1) + " with " + (config.combined ? "a combined" : "a") +
            " CCCH of " + std::to_string(blocks) + " blocks, so that a paging block remains)");
    }
    if (config.bsPaMfrms < 2 || config.bsPaMfrms > 9)
    {
        throw std::invalid_argument("BS_PA_MFRMS " + std::to_string(config.bsPaMfrms) +
                                    " (allowed: 2..9, TS 44.018 10.5.2.11)");
    }
}

uint32_t
GprsCcchLayout::GetBlocksPerMultiframe() const
{
    return m_config.combined ? kCombinedBlocks : kBlockStart.size();
}

uint32_t
GprsCcchLayout::GetPagingGroups() const
{
    return (GetBlocksPerMultiframe() - m_config.bsAgBlksRes) * m_config.bsPaMfrms;
}

uint32_t
GprsCcchLayout::GetPagingGroup(uint64_t imsi) const
{
    return static_cast<uint32_t>(imsi % 1000 % GetPagingGroups());
}

bool
GprsCcchLayout::IsRachFrame(uint64_t frame) const
{
    return !m_config.combined ||
           IsCombinedRachFrame(static_cast<uint32_t>(frame % kMultiframeFrames));
}

uint64_t
GprsCcchLayout::RachSlotAfter(uint64_t frame, uint32_t slots) const
{
    if (!m_config.combined)
    {
        return frame + slots + 1;
    }
    // 27 slots in each multiframe: whole multiframes first, then frame by frame.
    constexpr uint32_t kSlotsPerMultiframe = 27;
    uint64_t at = frame + static_cast<uint64_t>(slots / kSlotsPerMultiframe) * kMultiframeFrames;
    uint32_t left = slots % kSlotsPerMultiframe + 1;
    while (left > 0)
    {
        ++at;
        if (IsRachFrame(at))
        {
            --left;
        }
    }
    return at;
}

uint64_t
GprsCcchLayout::NextBlock(uint64_t frame) const
{
    const uint64_t multiframe = frame / kMultiframeFrames;
    const auto inMultiframe = static_cast<uint32_t>(frame % kMultiframeFrames);
    for (uint32_t b = 0; b < GetBlocksPerMultiframe(); ++b)
    {
        if (kBlockStart[b] >= inMultiframe)
        {
            return multiframe * kMultiframeFrames + kBlockStart[b];
        }
    }
    return (multiframe + 1) * kMultiframeFrames + kBlockStart[0];
}

uint64_t
GprsCcchLayout::NextPagingBlock(uint64_t frame, uint32_t pagingGroup) const
{
    const uint32_t n = GetPagingGroups();
    if (pagingGroup >= n)
    {
        throw std::invalid_argument("paging group " + std::to_string(pagingGroup) +
                                    " (allowed: 0.." + std::to_string(n - 1) + ")");
    }
    const uint32_t perMultiframe = n / m_config.bsPaMfrms;
    const uint32_t phase = pagingGroup / perMultiframe;
    const uint32_t blockStart = kBlockStart[m_config.bsAgBlksRes + pagingGroup % perMultiframe];
    uint64_t multiframe = frame / kMultiframeFrames;
    if (multiframe % m_config.bsPaMfrms == phase &&
        frame % kMultiframeFrames > static_cast<uint64_t>(blockStart))
    {
        ++multiframe; // this multiframe's block has begun
    }
    multiframe +=
        (phase + m_config.bsPaMfrms - multiframe % m_config.bsPaMfrms) % m_config.bsPaMfrms;
    return multiframe * kMultiframeFrames + blockStart;
}

} // namespace ns3
