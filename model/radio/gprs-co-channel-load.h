/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CO_CHANNEL_LOAD_H
#define GPRS_CO_CHANNEL_LOAD_H

#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Load-dependent C/I, the pure part: a cell's recent activity and the interference it causes
 * in its co-channel cells.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief The share of a cell's PDCH block periods that carried a downlink block, over a
 * sliding window of block periods.
 *
 * Block periods are numbered from 0 on the common TDMA clock (GprsBlockTiming: 12 per
 * 52-multiframe). GetActivity(n) counts the window's block periods before n, never n itself,
 * so that cells whose block events run in any order at the same instant see the same value.
 */
class GprsCellActivity
{
  public:
    /**
     * \param pdchs the cell's PDCHs, 1..8
     * \param window block periods in the window, 1..10000
     * \throws std::invalid_argument naming the value out of range
     */
    GprsCellActivity(uint32_t pdchs, uint32_t window);

    /**
     * A downlink block goes out on one of the cell's PDCHs.
     * \param block the block period's number; not below an earlier call's
     * \throws std::invalid_argument when the block is earlier than one recorded before, or a
     *         block period is recorded more often than the cell has PDCHs
     */
    void Record(uint64_t block);

    /**
     * \param block a block period's number; not below the last recorded one
     * \return blocks sent in block periods block - window .. block - 1, over window x PDCHs:
     *         0..1 (before block period 0 the cell counts as idle)
     */
    double GetActivity(uint64_t block) const;

  private:
    uint32_t m_pdchs;                //!< PDCHs
    uint32_t m_window;               //!< block periods in the window
    std::vector<uint64_t> m_periods; //!< [period % window]: the block period counted there
    std::vector<uint32_t> m_counts;  //!< [period % window]: its blocks
    uint64_t m_last{0};              //!< the latest block period recorded
};

/**
 * \ingroup gprs
 * \brief The interference of a reuse pattern's co-channel cells at each cell's mobiles,
 * scaled by the cells' activity.
 *
 * A mobile's C/I is given for full load, every co-channel cell transmitting in every block
 * period (as cell planning quotes it). Interference powers add, so with cell j active a share
 * a_j of the time and w_ij its relative power at cell i, cell i's C/I is
 *
 *   C/I = C/I(full load) - 10 log10((sum_j w_ij a_j / sum_j w_ij + n) / (1 + n))
 *
 * where n is the receiver noise relative to the full-load interference (strictly the ratio
 * is C/(I+N), equal to the given C/I at full load): with every co-channel cell idle the C/I
 * rises by 10 log10((1 + n)/n), about the noise floor, not without bound. This is the
 * fractional-load view of GSM interference (J. Wigard, P. Mogensen, J. Johansen, B.
 * Vejlgaard, "Capacity of a GSM network with fractional loading and random frequency
 * hopping", IEEE PIMRC 1996, doi 10.1109/PIMRC.1996.567490): a co-channel cell interferes
 * only while it transmits, so the interference a mobile averages over its blocks is the
 * full-load interference times the load.
 */
class GprsCoChannelLoad
{
  public:
    /**
     * A pattern without cells (AddCell adds them).
     * \param noiseFloorDb how far the noise lies below the full-load interference, dB: 0..100
     * \throws std::invalid_argument naming the value out of range
     */
    explicit GprsCoChannelLoad(double noiseFloorDb);

    /**
     * Add a cell, co-channel with weight 1 to every cell of the pattern both ways (the first
     * tier of a regular pattern is equidistant).
     * \return its index, from 0
     * \throws std::invalid_argument when the pattern has 1024 cells already
     */
    uint32_t AddCell();

    /**
     * \param victim the cell whose mobiles suffer
     * \param interferer the cell that interferes, not the victim
     * \param weight its interference power relative to the others', 0..1e6 (0: not
     *        co-channel)
     * \throws std::invalid_argument naming a cell out of range, the victim itself, or a bad
     *         weight
     */
    void SetWeight(uint32_t victim, uint32_t interferer, double weight);

    /**
     * \param victim a cell
     * \param activity every cell's activity, 0..1 (GprsCellActivity)
     * \return what load-dependent interference adds to the victim's full-load C/I, dB: 0 at
     *         full load, up to the noise floor with the interferers idle; 0 for a cell
     *         without interferers
     */
    double GetCiOffsetDb(uint32_t victim, const std::vector<double>& activity) const;

    /// \return the cells
    uint32_t GetCells() const;

  private:
    /**
     * \param cell a cell index
     * \param what what it is, for the message
     * \throws std::invalid_argument when it is out of range
     */
    void CheckCell(uint32_t cell, const char* what) const;

    uint32_t m_cells{0};                       //!< cells
    double m_noise;                            //!< noise over full-load interference, linear
    std::vector<std::vector<double>> m_weight; //!< [victim][interferer]
};

} // namespace ns3

#endif /* GPRS_CO_CHANNEL_LOAD_H */
