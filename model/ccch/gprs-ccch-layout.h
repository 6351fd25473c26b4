/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CCCH_LAYOUT_H
#define GPRS_CCCH_LAYOUT_H

#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * The CCCH of a cell on timeslot 0 of the BCCH carrier: its 51-multiframe, RACH slots, CCCH
 * blocks, reserved AGCH blocks and paging groups.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The control channel description a cell broadcasts (SI3, TS 44.018 10.5.2.11) for a cell
 * with one CCCH (BS_CC_CHANS = 1) and no PCCCH, as the GPRS networks of 2002-2004 ran.
 */
struct GprsCcchConfig
{
    /// CCCH_CONF: BCCH/CCCH combined with SDCCH/4 on timeslot 0 (3 CCCH blocks and 27 RACH
    /// slots per 51-multiframe) or not (9 blocks, 51 slots): TS 45.002 clause 7, Table 3
    bool combined{true};
    /// BS_AG_BLKS_RES: CCCH blocks of each 51-multiframe kept for access grants (no paging)
    uint32_t bsAgBlksRes{1};
    /// BS_PA_MFRMS: 51-multiframes between two paging blocks of the same paging group
    uint32_t bsPaMfrms{5};
};

/**
 * \ingroup gprs
 * Frame arithmetic of the CCCH on the 51-multiframe (TS 45.002 clauses 6.5 and 7), on the
 * frame count since frame 0 that GprsBlockTiming also uses. Pure: no simulator.
 *
 * Downlink CCCH blocks start at frames 6, 12, 16, 22, 26, 32, 36, 42, 46 of the 51-multiframe
 * (the first three when combined); the first BS_AG_BLKS_RES of them carry only access grants,
 * the others paging and access grants. RACH slots are every uplink frame (not combined) or
 * frames 4, 5, 14-36, 45, 46 (combined).
 */
class GprsCcchLayout
{
  public:
    /// TDMA frames in the control channel multiframe (TS 45.002 clause 6.3.1.3).
    static constexpr uint32_t kMultiframeFrames = 51;
    /// TDMA frames per CCCH block.
    static constexpr uint32_t kFramesPerBlock = 4;

    /**
     * \param config the control channel description
     * \throws std::invalid_argument if BS_AG_BLKS_RES leaves no paging block (0..7 and below
     *         the 9 or 3 blocks) or BS_PA_MFRMS is not 2..9 (TS 44.018 10.5.2.11)
     */
    explicit GprsCcchLayout(GprsCcchConfig config);

    /// \return the description
    const GprsCcchConfig& GetConfig() const
    {
        return m_config;
    }

    /// \return CCCH blocks per 51-multiframe: 9, or 3 when combined
    uint32_t GetBlocksPerMultiframe() const;

    /**
     * \return N, the paging blocks of one paging cycle: (blocks - BS_AG_BLKS_RES) x BS_PA_MFRMS
     *         (TS 45.002 6.5.2)
     */
    uint32_t GetPagingGroups() const;

    /**
     * \param imsi the mobile's IMSI (any value standing for it)
     * \return PAGING_GROUP = (IMSI mod 1000) mod N, with one CCCH (TS 45.002 6.5.2)
     */
    uint32_t GetPagingGroup(uint64_t imsi) const;

    /// \param frame a frame count \return true if the uplink of that frame is a RACH slot
    bool IsRachFrame(uint64_t frame) const;

    /**
     * \param frame a frame count
     * \param slots RACH slots to leave out between
     * \return the frame of the (slots + 1)-th RACH slot after \p frame (not \p frame itself):
     *         TS 44.018 3.3.1.1.2 counts the slots between two CHANNEL REQUESTs that way
     */
    uint64_t RachSlotAfter(uint64_t frame, uint32_t slots) const;

    /**
     * \param frame a frame count
     * \return the first frame of the first CCCH block starting at or after \p frame
     */
    uint64_t NextBlock(uint64_t frame) const;

    /**
     * \param frame a frame count
     * \param pagingGroup a paging group, 0..N-1
     * \return the first frame of the first paging block of that group starting at or after
     *         \p frame: multiframes where (FN div 51) mod BS_PA_MFRMS = PAGING_GROUP div
     *         (N div BS_PA_MFRMS), paging block PAGING_GROUP mod (N div BS_PA_MFRMS) of the
     *         multiframe (TS 45.002 6.5.3)
     * \throws std::invalid_argument if pagingGroup >= N
     */
    uint64_t NextPagingBlock(uint64_t frame, uint32_t pagingGroup) const;

  private:
    GprsCcchConfig m_config; //!< the description
};

} // namespace ns3

#endif /* GPRS_CCCH_LAYOUT_H */
