/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TBF_CONTROLLER_H
#define GPRS_TBF_CONTROLLER_H

#include "gprs-cell-mobile.h"
#include "gprs-tbf-settings.h"

#include "ns3/event-id.h"
#include "ns3/gprs-ccch-settings.h"
#include "ns3/gprs-rlc-parameters.h"
#include "ns3/gprs-tbf-resources.h"
#include "ns3/gprs-uplink-block-controller.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

#include <array>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * The TBF controller of a cell: establishment, assignment, hold, release and their timers.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What the TBF controller needs from the cell's block work (implemented by GprsPcu).
 */
class GprsTbfControllerUser
{
  public:
    virtual ~GprsTbfControllerUser() = default;
    /// Start the block clock if it is not running.
    virtual void EnsureClock() = 0;
    /// \param index a mobile that now has a TBF or owes an Ack/Nack: include it in the block work
    virtual void Track(uint32_t index) = 0;
    /**
     * Nothing of a released TBF may reach its successor: forget its polls, grants and blocks in
     * flight.
     * \param index the mobile
     * \param dir the TBF's direction
     */
    virtual void ForgetTbf(uint32_t index, GprsDirection dir) = 0;
};

/**
 * \ingroup gprs
 * \brief The owner of the life cycle of every TBF of a cell (TS 44.060 clauses 7, 8, 9.3):
 * access on CCCH or assignment on PACCH, TFI and USF allocation, establishment, hold (delayed
 * release, extended uplink) with keep-alive, release and the timers after it (T3192, T3193,
 * T3195, T3169), the poll counters (N3101, N3103, N3105), access rejects and the mobiles waiting
 * for a TFI, and cell reselection. Each TBF's state machine is a GprsTbf; this class runs its
 * timers as events and gives each established TBF its RLC entities and link adaptation.
 */
class GprsTbfController
{
  public:
    /// Signature of the TbfEstablished trace
    using EstablishedTrace = TracedCallback<uint32_t, GprsDirection, Time>;
    /// Signature of the TbfReleased trace
    using ReleasedTrace = TracedCallback<uint32_t, GprsDirection, bool>;
    /// Signature of the TbfRejected trace
    using RejectedTrace = TracedCallback<uint32_t, GprsDirection>;

    /**
     * \param mss the mobiles of the cell
     * \param tracked the mobiles the block work looks at (every one with a TBF)
     * \param settings the parameters, read when used
     * \param ccch the CCCH parameters, read at the cell's first access through CCCH
     * \param user the block work
     * \param established the cell's TbfEstablished trace
     * \param released the cell's TbfReleased trace
     * \param rejected the cell's TbfRejected trace
     */
    GprsTbfController(std::vector<GprsCellMobile>& mss,
                      const std::vector<uint32_t>& tracked,
                      const GprsTbfSettings& settings,
                      const GprsCcchSettings& ccch,
                      GprsTbfControllerUser& user,
                      EstablishedTrace& established,
                      ReleasedTrace& released,
                      RejectedTrace& rejected);

    /// Cancel every timer (at disposal).
    void CancelTimers();

    /**
     * Data for a direction of a mobile: resume its held TBF, or ask for one (on PACCH, in a
     * Packet Downlink Ack/Nack or by random access) unless one is under way.
     * \param index the mobile
     * \param dir the direction
     */
    void RequestTbf(uint32_t index, GprsDirection dir);
    /**
     * The network heard the answer to an assignment: the TBF is established.
     * \param index the mobile
     * \param dir the direction
     */
    void Activate(uint32_t index, GprsDirection dir);
    /**
     * Release a TBF.
     * \param index the mobile
     * \param dir the direction
     * \param abnormal N3101, N3103 or N3105 expired (or the mobile left)
     * \param flush drop its LLC frames even if they would be sent again
     */
    void ReleaseTbf(uint32_t index, GprsDirection dir, bool abnormal, bool flush = false);
    /**
     * (Re)arm the event of a TBF's deadline.
     * \param index the mobile
     * \param dir the direction
     */
    void ArmTimer(uint32_t index, GprsDirection dir);
    /**
     * The mobile answered the final Packet Uplink Ack/Nack with a Packet Resource Request
     * (TBF_EST, TS 44.060 9.3.2.4.2): the uplink TBF ends normally and the next one is assigned
     * on PACCH.
     * \param index the mobile
     */
    void ResourceRequested(uint32_t index);
    /**
     * The downlink TBF is no longer there to carry a channel request: an uplink request waiting
     * for a Packet Downlink Ack/Nack goes to random access.
     * \param index the mobile
     */
    void FallBackToRandomAccess(uint32_t index);
    /**
     * A reserved uplink block went unanswered (or its answer was lost).
     * \param index the mobile polled
     * \param purpose what the answer was for
     */
    void PollUnanswered(uint32_t index, GprsPollPurpose purpose);
    /**
     * A poll of the downlink TBF failed: count N3105, in both RLC modes (TS 44.060 13.3).
     * \param index the mobile
     */
    void PollFailed(uint32_t index);
    /**
     * \param index a mobile
     * \param dir a direction
     * \return whether a TFI (and on the uplink a USF on each of its timeslots) is free for it
     */
    bool HasResources(uint32_t index, GprsDirection dir) const;
    /**
     * Give the mobile the lowest free TFI (and USFs); HasResources() must be true.
     * \param index the mobile
     * \param dir the direction
     */
    void AllocateTfi(uint32_t index, GprsDirection dir);
    /**
     * The mobile reselects a cell: its TBFs and frames are lost; it returns after
     * ReselectionTime with a cell update.
     * \param index the mobile
     */
    void Reselect(uint32_t index);
    /**
     * The mobile sends a cell update: its next uplink LLC frame, or an empty one.
     * \param index the mobile
     */
    void SendCellUpdate(uint32_t index);
    /**
     * An uplink LLC frame told the SGSN the mobile's cell: downlink data may flow again.
     * \param index the mobile
     */
    void CellUpdated(uint32_t index);

    /// \return held uplink TBFs owed a USF (keep-alive), in order; the block work grants them
    std::vector<uint32_t>& GetKeepAliveGrants()
    {
        return m_keepAliveGrants;
    }

    /// \return held uplink TBFs owed a USF (keep-alive), in order
    const std::vector<uint32_t>& GetKeepAliveGrants() const
    {
        return m_keepAliveGrants;
    }

  private:
    void TimerExpired(uint32_t index, GprsDirection dir);
    void KeepAlive(uint32_t index, GprsDirection dir);
    void EndHold(uint32_t index, GprsDirection dir);
    void QueueDummyFrame(GprsBearer& link);
    void StartAccess(uint32_t index, GprsDirection dir, Time wait = Time(0));
    /**
     * The next step of an access through the protocol's CCCH (CcchAccess) is due.
     * \param index the mobile
     * \param dir the direction
     */
    void AdvanceCcch(uint32_t index, GprsDirection dir);
    /**
     * The access through CCCH worked (either model): establish, or reject without resources.
     * \param index the mobile
     * \param dir the direction
     */
    void AccessGranted(uint32_t index, GprsDirection dir);
    void RejectAccess(uint32_t index, GprsDirection dir);
    void WakeWaiting(GprsDirection dir);
    void CheckIdle(uint32_t index, GprsDirection dir);
    static bool HoldsTfi(const GprsTbf& tbf);
    GprsTbfResources CountResources(uint32_t index, GprsDirection dir) const;

    std::vector<GprsCellMobile>& m_mss;            //!< the mobiles
    const std::vector<uint32_t>& m_tracked;        //!< the mobiles with a TBF
    const GprsTbfSettings& m_settings;             //!< parameters
    const GprsCcchSettings& m_ccchSettings;        //!< CCCH parameters
    std::optional<GprsCcch> m_ccch;                //!< the CCCH, made at its first access
    GprsTbfControllerUser& m_user;                 //!< the block work
    EstablishedTrace& m_established;               //!< TbfEstablished
    ReleasedTrace& m_released;                     //!< TbfReleased
    RejectedTrace& m_rejected;                     //!< TbfRejected
    std::vector<uint32_t> m_keepAliveGrants;       //!< held uplink TBFs owed a USF
    std::array<std::deque<uint32_t>, 2> m_waiting; //!< [direction] mobiles waiting for a TFI
    /// Entities of released TBFs, reused (Reset) by new ones: a cell holds at most as many as
    /// it had TBFs at once, each store as large as the highest BSN it held.
    std::vector<std::unique_ptr<GprsRlcTxEntity>> m_txPool;
    std::vector<std::unique_ptr<GprsRlcRxEntity>> m_rxPool; //!< as m_txPool
};

} // namespace ns3

#endif /* GPRS_TBF_CONTROLLER_H */
