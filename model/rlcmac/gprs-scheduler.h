/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_SCHEDULER_H
#define GPRS_SCHEDULER_H

#include "gprs-rlc-entity.h"

#include "ns3/gprs-coding-scheme.h"
#include "ns3/nstime.h"
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
 * What a scheduler may know of one candidate TBF for the block being scheduled (the network's
 * view: on the uplink it does not see the mobile's buffer or RLC state).
 */
struct GprsSchedulingCandidate
{
    uint32_t ms{0}; //!< the mobile's index in the cell
    /// Downlink: what the block would carry (new data, a NACKed block, a pending-ack resend, or
    /// in unacknowledged mode the final block again); uplink: NEW (the mobile decides).
    GprsRlcTxKind kind{GprsRlcTxKind::NEW};
    bool keepAlive{false}; //!< the TBF is held (delayed release, extended uplink): keep-alive
    /// Downlink: a poll (RRBP) is due; the block carries it if it goes on the PDCH where the
    /// mobile answers polls.
    bool pollDue{false};
    /// Downlink: the PDCH (timeslot) where the mobile answers polls (its PACCH)
    uint8_t ackTimeslot{0};
    Time sincePoll;           //!< downlink: since the TBF's last poll (or its establishment)
    uint64_t queuedOctets{0}; //!< downlink: octets in the buffer and in RLC not yet sent once
    GprsCodingScheme cs{GprsCodingScheme::CS1}; //!< coding scheme of the TBF's new blocks
    double ciDb{0};                             //!< the mobile's C/I (dB) as last drawn with
    Time waiting;                               //!< since the TBF last got a block (or started)
};

/**
 * \ingroup gprs
 * The candidates of one scheduling decision, described only when a scheduler asks (the
 * round-robin scheduler never does: it costs nothing).
 */
class GprsSchedulerView
{
  public:
    virtual ~GprsSchedulerView() = default;
    /**
     * \param position a position in the candidates given to GprsScheduler::Select
     * \return that candidate
     */
    virtual GprsSchedulingCandidate Get(uint32_t position) const = 0;
};

/**
 * \ingroup gprs
 * \brief Picks, for one PDCH and one radio block period, which of the TBFs multiplexed on that
 * PDCH is served (downlink data block, or the USF of the next uplink block).
 *
 * The PCU (GprsPcu) gives the candidates as mobile indices in increasing order, with a view that
 * describes each one when asked (GprsSchedulingCandidate: what the block would carry, whether a
 * poll is due, queued octets, coding scheme, C/I, waiting time); control messages are sent
 * before any data and do not go through the scheduler. Subclass and set the
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
     * \param view what is known of each candidate, described when asked
     * \return position in candidates of the chosen one
     */
    virtual uint32_t Select(Direction dir,
                            uint8_t pdch,
                            const uint32_t* candidates,
                            uint32_t count,
                            const GprsSchedulerView& view) = 0;
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
                    uint32_t count,
                    const GprsSchedulerView& view) override;

  protected:
    /**
     * \param dir a direction
     * \param pdch a PDCH
     * \param candidates as for Select()
     * \param count as for Select()
     * \return the position of the first candidate after the last one served there (the first
     *         candidate if none is after it, or none was served yet)
     */
    uint32_t NextInTurn(Direction dir,
                        uint8_t pdch,
                        const uint32_t* candidates,
                        uint32_t count) const;

    /**
     * Remember whom the block went to, for the turns.
     * \param dir a direction
     * \param pdch a PDCH
     * \param ms the mobile served
     */
    void Served(Direction dir, uint8_t pdch, uint32_t ms)
    {
        m_last[dir][pdch] = ms;
    }

  private:
    /// Last mobile index served, per direction and PDCH (UINT32_MAX: none yet).
    std::array<std::array<uint32_t, 8>, 2> m_last;
};

/**
 * \ingroup gprs
 * \brief osmo-pcu's downlink priorities (its scheduler's tbf_compute_priority(), in
 * gprs_rlcmac_sched): each downlink candidate gets a rank, the highest rank wins, and ties go in
 * round-robin turns. From the highest:
 * 1. CONTROL: a poll is due and the PDCH is where the mobile answers polls;
 * 2. HIGH_AGE: on that PDCH, the TBF has not polled for HighAge;
 * 3. NEW_DATA: new or negatively acknowledged blocks of a TBF in transfer;
 * 4. LOW_AGE: a held TBF (delayed release) on that PDCH, not polled for LowAge: keep-alive;
 * 5. SENT_DATA: what else would be sent: resends of blocks pending acknowledgement, the final
 *    block repeated in unacknowledged mode, a keep-alive not yet due.
 * So a TBF that only resends what the mobile may already have waits while others have new data.
 * The uplink (USF) goes round robin, as osmo-pcu rotates its USFs.
 */
class GprsPriorityScheduler : public GprsRoundRobinScheduler
{
  public:
    /// The ranks, lowest first (osmo-pcu's enum tbf_dl_prio).
    enum Rank : uint8_t
    {
        SENT_DATA,
        LOW_AGE,
        NEW_DATA,
        HIGH_AGE,
        CONTROL,
    };

    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();

    uint32_t Select(Direction dir,
                    uint8_t pdch,
                    const uint32_t* candidates,
                    uint32_t count,
                    const GprsSchedulerView& view) override;

    /**
     * \param c a downlink candidate
     * \param pdch the PDCH scheduled
     * \return its rank
     */
    Rank GetRank(const GprsSchedulingCandidate& c, uint8_t pdch) const;

  private:
    Time m_lowAge;  //!< keep-alive rank after this long without a poll
    Time m_highAge; //!< high rank after this long without a poll
};

} // namespace ns3

#endif /* GPRS_SCHEDULER_H */
