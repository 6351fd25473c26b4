/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TBF_RESOURCES_H
#define GPRS_TBF_RESOURCES_H

#include <array>
#include <bitset>
#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * The TFIs and USFs that a cell's TBFs of one direction hold, and which are free for a new one.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief What the TBFs of one direction hold: a TFI each (a 5-bit field, TS 44.060 clause
 * 12.15) and, uplink, a USF on each of their PDCHs (3 bits, 7 usable: clause 10.4.1, as
 * osmo-pcu). Filled with the holders other than the TBF to establish; says whether one of each
 * is free for it and which values it gets: the lowest free ones.
 */
class GprsTbfResources
{
  public:
    /// TFIs per direction.
    static constexpr uint32_t kTfis = 32;
    /// USFs per PDCH for uplink TBFs (USF 7 stays free: kGprsUsfFree).
    static constexpr uint32_t kUsfsPerPdch = 7;

    /**
     * Count a TBF that holds a TFI (and, for an uplink TBF, a USF on each of its timeslots).
     * \param tfi its TFI
     * \param usfFirst first timeslot it holds a USF on
     * \param usfCount timeslots it holds a USF on (0 for a downlink TBF)
     * \param usf its USF per timeslot
     */
    void AddHolder(uint8_t tfi,
                   uint8_t usfFirst,
                   uint8_t usfCount,
                   const std::array<uint8_t, 8>& usf);

    /**
     * \param usfFirst first timeslot the new TBF needs a USF on
     * \param usfCount timeslots it needs a USF on (0 for a downlink TBF)
     * \return whether a TFI and those USFs are free
     */
    bool HasFree(uint8_t usfFirst, uint8_t usfCount) const;

    /// \return the lowest TFI no holder has (only meaningful when HasFree())
    uint8_t LowestFreeTfi() const;

    /**
     * \param tn a timeslot
     * \return the lowest USF no holder has on it (only meaningful when HasFree() for it)
     */
    uint8_t LowestFreeUsf(uint8_t tn) const;

  private:
    uint32_t m_holders{0};                             //!< TBFs counted
    std::array<uint32_t, 8> m_usfHolders{};            //!< TBFs holding a USF per TN
    std::bitset<kTfis> m_tfis;                         //!< TFIs held
    std::array<std::bitset<kUsfsPerPdch>, 8> m_usfs{}; //!< USFs held per TN
};

} // namespace ns3

#endif /* GPRS_TBF_RESOURCES_H */
