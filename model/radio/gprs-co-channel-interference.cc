/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-co-channel-interference.h"

#include "gprs-block-timing.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsCoChannelInterference");
NS_OBJECT_ENSURE_REGISTERED(GprsCoChannelInterference);

namespace
{

/**
 * \param frame the first frame of a radio block
 * \return the block period's number since frame 0, 12 per 52-multiframe
 */
uint64_t
BlockNumber(uint64_t frame)
{
    return frame / GprsBlockTiming::kMultiframeFrames * GprsBlockTiming::kBlocksPerMultiframe +
           GprsBlockTiming::BlockIndex(frame);
}

} // namespace

TypeId
GprsCoChannelInterference::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsCoChannelInterference")
            .SetParent<Object>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsCoChannelInterference>()
            .AddAttribute("ActivityWindow",
                          "Block periods over which a cell's activity (the share of its PDCH "
                          "block periods carrying a downlink block) is averaged: 1..10000. "
                          "Default 12, one 52-multiframe (240 ms, TS 45.002 clause 6.3.2.2), a "
                          "choice: long enough to average a TBF's gaps, short enough to follow "
                          "a cell falling idle between transfers.",
                          UintegerValue(12),
                          MakeUintegerAccessor(&GprsCoChannelInterference::m_window),
                          MakeUintegerChecker<uint32_t>(1, 10000))
            .AddAttribute("NoiseFloor",
                          "How far the receiver noise lies below the full-load co-channel "
                          "interference, dB: 0..100. With every co-channel cell idle a mobile's "
                          "C/I rises by about this much above its full-load value. Default 20 "
                          "dB, a choice: a reuse pattern planned to be interference-limited "
                          "(interference well above noise); a noise-limited cell edge takes "
                          "less.",
                          DoubleValue(20),
                          MakeDoubleAccessor(&GprsCoChannelInterference::m_noiseFloorDb),
                          MakeDoubleChecker<double>(0, 100));
    return tid;
}

GprsCoChannelInterference::GprsCoChannelInterference()
{
    NS_LOG_FUNCTION(this);
}

GprsCoChannelLoad&
GprsCoChannelInterference::GetLoad()
{
    if (!m_load)
    {
        m_load.emplace(m_noiseFloorDb);
    }
    return *m_load;
}

uint32_t
GprsCoChannelInterference::AddCell(uint32_t pdchs)
{
    NS_LOG_FUNCTION(this << pdchs);
    m_cells.emplace_back(pdchs, m_window);
    m_activity.push_back(0);
    return GetLoad().AddCell();
}

uint32_t
GprsCoChannelInterference::GetCells() const
{
    return static_cast<uint32_t>(m_cells.size());
}

void
GprsCoChannelInterference::SetWeight(uint32_t victim, uint32_t interferer, double weight)
{
    GetLoad().SetWeight(victim, interferer, weight);
}

void
GprsCoChannelInterference::RecordBlock(uint32_t cell, uint64_t frame)
{
    m_cells.at(cell).Record(BlockNumber(frame));
}

double
GprsCoChannelInterference::GetActivity(uint32_t cell, const Time& now) const
{
    return m_cells.at(cell).GetActivity(
        BlockNumber(GprsBlockTiming::NextBlockStartFrame(GprsBlockTiming::FrameAt(now))));
}

double
GprsCoChannelInterference::GetCiOffsetDb(uint32_t cell, const Time& now, Time* validUntil) const
{
    // The block period starting at or next after now: a block drawn at its start sees the
    // window before it.
    const uint64_t frame = GprsBlockTiming::NextBlockStartFrame(GprsBlockTiming::FrameAt(now));
    const uint64_t block = BlockNumber(frame);
    for (std::size_t c = 0; c < m_cells.size(); ++c)
    {
        m_activity[c] = m_cells[c].GetActivity(block);
    }
    *validUntil = GprsBlockTiming::FrameStart(GprsBlockTiming::NextBlockStartFrame(frame + 1));
    return m_load ? m_load->GetCiOffsetDb(cell, m_activity) : 0;
}

} // namespace ns3
