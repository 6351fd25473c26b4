/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_SCHEDULER_H
#define GPRS_SCHEDULER_H

#include "ns3/object.h"

#include <array>
#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * Choice of the TBF that gets a PDCH in one radio block period.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Picks, for one PDCH and one radio block period, which of the TBFs multiplexed on that
 * PDCH is served (downlink data block, or the USF of the next uplink block).
 *
 * The PCU (GprsPcu) gives the candidates as mobile indices in increasing order; control
 * messages are sent before any data and do not go through the scheduler. Subclass and set the
 * PCU's "Scheduler" attribute to try other disciplines.
 */
class GprsScheduler : public Object
{
  public:
    /// Downlink data or uplink grant (USF).
    enum Direction : uint8_t
    {
        DOWNLINK = 0,
        UPLINK = 1,
    };

    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();

    /**
     * \param dir the direction being scheduled
     * \param pdch the PDCH (timeslot) index, 0..7
     * \param candidates mobile indices of the TBFs that could use the block, ascending
     * \param count number of candidates, at least 1
     * \return position in candidates of the chosen one
     */
    virtual uint32_t Select(Direction dir,
                            uint8_t pdch,
                            const uint32_t* candidates,
                            uint32_t count) = 0;
};

/**
 * \ingroup gprs
 * \brief Round robin per PDCH and direction: serve the first candidate after the last one
 * served on that PDCH (the PCU default; osmo-pcu's scheduler also rotates among TBFs).
 */
class GprsRoundRobinScheduler : public GprsScheduler
{
  public:
    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();
    GprsRoundRobinScheduler();

    uint32_t Select(Direction dir,
                    uint8_t pdch,
                    const uint32_t* candidates,
                    uint32_t count) override;

  private:
    /// Last mobile index served, per direction and PDCH (UINT32_MAX: none yet).
    std::array<std::array<uint32_t, 8>, 2> m_last;
};

} // namespace ns3

#endif /* GPRS_SCHEDULER_H */
