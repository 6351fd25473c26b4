/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CELL_SCHEDULER_VIEW_H
#define GPRS_CELL_SCHEDULER_VIEW_H

#include "gprs-cell-mobile.h"

#include "ns3/gprs-scheduler.h"
#include "ns3/nstime.h"

#include <vector>

/**
 * \file
 * \ingroup gprs
 * What the cell's scheduler sees of each candidate TBF.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief The scheduler's read-only view of the cell's candidates in one direction: what each
 * candidate's block would carry, whether a poll is due, octets queued, CS, C/I and waiting time,
 * read from the cell's mobiles when the scheduler asks.
 */
class GprsCellSchedulerView : public GprsSchedulerView
{
  public:
    /**
     * \param dir the direction scheduled
     * \param candidates the cell's candidate mobiles of the current decision
     * \param mss the cell's mobiles
     * \param blockStart the start of the current block period
     * \param pollInterval the cell's PollInterval
     */
    GprsCellSchedulerView(GprsDirection dir,
                          const std::vector<uint32_t>& candidates,
                          const std::vector<GprsCellMobile>& mss,
                          const Time& blockStart,
                          const uint32_t& pollInterval)
        : m_dir(dir),
          m_candidates(candidates),
          m_mss(mss),
          m_blockStart(blockStart),
          m_pollInterval(pollInterval)
    {
    }

    GprsSchedulingCandidate Get(uint32_t position) const override;

  private:
    const GprsDirection m_dir;                 //!< direction
    const std::vector<uint32_t>& m_candidates; //!< the candidates
    const std::vector<GprsCellMobile>& m_mss;  //!< the mobiles
    const Time& m_blockStart;                  //!< start of the block period
    const uint32_t& m_pollInterval;            //!< PollInterval
};

} // namespace ns3

#endif /* GPRS_CELL_SCHEDULER_VIEW_H */
