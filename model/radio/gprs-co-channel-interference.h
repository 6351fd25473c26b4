/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CO_CHANNEL_INTERFERENCE_H
#define GPRS_CO_CHANNEL_INTERFERENCE_H

#include "gprs-co-channel-load.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Load-dependent C/I: co-channel cells whose downlink activity sets each other's interference.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief The co-channel cells of a reuse pattern: each cell's recent downlink activity
 * (GprsCellActivity over ActivityWindow block periods) scales the interference it causes at
 * the other cells' mobiles (GprsCoChannelLoad), so a mobile's C/I, given for full load by its
 * RadioConditions, rises as its co-channel cells fall idle and falls as they get busy.
 *
 * GprsScenarioHelper::SetCoChannelInterference makes every cell of a scenario a cell of the
 * pattern: it feeds each PCU's RadioBlock trace (downlink blocks: data, control and USF-only
 * blocks alike, all on the air) into RecordBlock and gives each mobile its cell
 * (GprsRadioSource::SetCoChannelInterference), whose radio link then adds GetCiOffsetDb to
 * the C/I of every block. The module has one C/I per mobile for both directions and all its
 * PDCHs: the activity is the share of all the cell's PDCH block periods, and uplink blocks
 * suffer the same C/I (doc/gprs.rst, "Load-dependent C/I").
 */
class GprsCoChannelInterference : public Object
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId();

    GprsCoChannelInterference();

    /**
     * Add a cell to the pattern, co-channel with weight 1 to every other (SetWeight).
     * \param pdchs its PDCHs, 1..8
     * \return its index in the pattern, from 0
     * \throws std::invalid_argument naming a bad value
     */
    uint32_t AddCell(uint32_t pdchs);

    /// \return the cells added
    uint32_t GetCells() const;

    /**
     * \param victim the cell whose mobiles suffer
     * \param interferer another cell
     * \param weight its interference power relative to the others', 0..1e6 (0: not co-channel)
     * \throws std::invalid_argument naming a bad value
     */
    void SetWeight(uint32_t victim, uint32_t interferer, double weight);

    /**
     * A cell sends a downlink block.
     * \param cell the cell's index
     * \param frame the block's first TDMA frame since frame 0 (GprsRadioBlockRecord::frame)
     */
    void RecordBlock(uint32_t cell, uint64_t frame);

    /**
     * \param cell a cell's index
     * \param now the time, at or after the last block recorded
     * \param validUntil set to when the value may next change: the next block period's start
     * \return what its co-channel cells' load adds to the full-load C/I of its mobiles, dB
     */
    double GetCiOffsetDb(uint32_t cell, const Time& now, Time* validUntil) const;

    /**
     * \param cell a cell's index
     * \param now the time
     * \return its activity in the window before now's block period, 0..1
     */
    double GetActivity(uint32_t cell, const Time& now) const;

  private:
    /// \return the pattern, built with NoiseFloor on first use
    GprsCoChannelLoad& GetLoad();

    uint32_t m_window;                       //!< ActivityWindow, block periods
    double m_noiseFloorDb;                   //!< NoiseFloor, dB
    std::optional<GprsCoChannelLoad> m_load; //!< the weights
    std::vector<GprsCellActivity> m_cells;   //!< each cell's activity
    mutable std::vector<double> m_activity;  //!< scratch: each cell's activity for one query
};

} // namespace ns3

#endif /* GPRS_CO_CHANNEL_INTERFERENCE_H */
