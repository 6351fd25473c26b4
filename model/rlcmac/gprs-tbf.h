/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TBF_H
#define GPRS_TBF_H

#include "gprs-rlcmac-types.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <functional>
#include <optional>

/**
 * \file
 * \ingroup gprs
 * The life cycle of one Temporary Block Flow (3GPP TS 44.060 clauses 7, 8.1, 9.3 and 13):
 * establishment, transfer, release and the wait before its TFI may be reused. Pure logic: it
 * knows nothing of the simulator; time comes in with every event and leaves as one deadline.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * State of a TBF as the network sees it.
 */
enum class GprsTbfState : uint8_t
{
    NONE,            //!< no TBF and none asked for
    ACCESS_CCCH,     //!< being established on CCCH: paging / random access, Immediate Assignment
    CHANNEL_REQUEST, //!< uplink: the request rides on the next Packet Downlink Ack/Nack
    ASSIGN_PACCH,    //!< an assignment is to be sent, or was sent, on PACCH (polled)
    FLOW,            //!< transferring RLC data blocks
    HOLD,            //!< no data: held open (delayed downlink release, extended uplink TBF)
    FINISHED,        //!< the final block is sent (DL) or received (UL); final ack outstanding
    RELEASED,        //!< released; its TFI is not reused until the release timer expires
};

/// Names of the TBF states, as logs write them.
template <>
struct GprsEnumText<GprsTbfState>
{
    static constexpr std::array<const char*, 8> kNames{"NONE",
                                                       "ACCESS_CCCH",
                                                       "CHANNEL_REQUEST",
                                                       "ASSIGN_PACCH",
                                                       "FLOW",
                                                       "HOLD",
                                                       "FINISHED",
                                                       "RELEASED"}; //!< names
    static constexpr const char* kWhat = "TBF state";               //!< what a value is
};

/**
 * \ingroup gprs
 * Which timer of a TBF expired.
 */
enum class GprsTbfTimer : uint8_t
{
    ACCESS,     //!< the CCCH access delay: the owner decides whether the access worked
    KEEP_ALIVE, //!< during a hold: time for a keep-alive block
    HOLD,       //!< the hold is over: the owner ends the TBF (final block or final Ack/Nack)
    RELEASE,    //!< the TFI may be reused: the TBF is NONE again
    FINAL_ACK,  //!< T3191: the final block's Ack/Nack never came; the owner releases the TBF
};

/**
 * \ingroup gprs
 * Timers and counters of one direction's TBFs (TS 44.060 clause 13; defaults and their sources
 * in GprsPcu's attributes).
 */
struct GprsTbfConfig
{
    Time hold;                 //!< delayed downlink release / extended uplink time; 0: none
    Time keepAlive;            //!< during a hold, a keep-alive block this often; 0: none
    Time releaseNormal;        //!< TFI reuse wait after a normal release: T3193 (DL), 0 (UL)
    Time releaseAbnormal;      //!< TFI reuse wait after an abnormal release: T3195 (DL), T3169 (UL)
    Time pacchAfterRelease;    //!< the mobile listens to PACCH after a normal release: T3192 (DL)
    Time finalAckWait;         //!< DL: from each polled final block to release: T3191; 0: none
    uint32_t pollMax{8};       //!< N3105 (DL: unanswered polls), N3103 (UL: final Ack/Nack repeats)
    uint32_t grantMax{10};     //!< N3101 (UL: USF grants without data); unused on the DL
    uint32_t assignmentMax{3}; //!< unanswered PACCH assignments before falling back to CCCH
};

/**
 * \ingroup gprs
 * \brief One direction of one mobile: its TBF's state, counters and timer.
 *
 * Every event is a method; each checks that it is legal in the current state and throws
 * std::logic_error otherwise. The owner schedules the deadline (GetDeadline()) and calls
 * Expire() when it comes.
 */
class GprsTbf
{
  public:
    /**
     * \param dir direction
     * \param config timers and counters
     */
    GprsTbf(GprsDirection dir, const GprsTbfConfig& config);

    /// \return the direction
    GprsDirection GetDirection() const
    {
        return m_dir;
    }

    /// \return the state
    GprsTbfState GetState() const
    {
        return m_state;
    }

    /// \return the configuration
    const GprsTbfConfig& GetConfig() const
    {
        return m_config;
    }

    /**
     * \param config new timers and counters, for the next events
     */
    void SetConfig(const GprsTbfConfig& config);

    /**
     * \param observer called with the new state on every change of state (empty: none); the
     *        owner keeps its set of TBFs to look at up to date with it instead of scanning
     */
    void SetStateObserver(std::function<void(GprsTbfState)> observer);

    /**
     * \return true if a TBF exists that the mobile takes part in: FLOW, HOLD or FINISHED
     */
    bool IsOpen() const
    {
        return m_state == GprsTbfState::FLOW || m_state == GprsTbfState::HOLD ||
               m_state == GprsTbfState::FINISHED;
    }

    /**
     * \return true if a new TBF may be asked for now: NONE, or RELEASED after a normal release
     *         (a new TFI is used; the old one waits out its timer)
     */
    bool CanRequest() const;
    /**
     * \param now current time
     * \return true if the mobile listens to PACCH because of this TBF: it is open, or it ended
     *         normally less than pacchAfterRelease ago (T3192)
     */
    bool KeepsMobileOnPacch(Time now) const;
    /// \return true if released abnormally and its release timer still runs
    bool IsReleasedAbnormally() const;
    /// \return when the current establishment was first asked for
    Time GetRequested() const;
    /**
     * \return when the current timer expires: the CCCH access, the hold, or the TFI reuse wait;
     *         nothing if no timer runs
     */
    std::optional<Time> GetDeadline() const;

    /**
     * Establishment through CCCH: the TBF exists after \p delay (paging or random access, and
     * the Immediate Assignment). Also a new attempt after a lost one.
     * \param now current time
     * \param delay access delay drawn by the owner
     */
    void StartAccess(Time now, Time delay);
    /**
     * Establishment through CCCH goes on: the owner's access procedure has its next step at
     * \p deadline (GprsCcch). Unlike StartAccess(), not a new attempt.
     * \param deadline when the deadline expires
     */
    void ContinueAccess(Time deadline);
    /**
     * Uplink: the mobile asks for an uplink TBF in its next Packet Downlink Ack/Nack
     * (TS 44.060 clause 9.3.2.4); the answer is a Packet Uplink Assignment on PACCH.
     * \param now current time
     */
    void RequestOnAckNack(Time now);
    /**
     * Establishment on PACCH: a Packet Downlink/Uplink Assignment is to be sent, polled.
     * \param now current time
     */
    void RequestOnPacch(Time now);
    /**
     * The PACCH assignment was sent with a poll.
     */
    void AssignmentSent();

    /// \return true while a PACCH assignment awaits its Packet Control Ack
    bool IsAssignmentPending() const
    {
        return m_assignmentPending;
    }

    /**
     * The poll of a PACCH assignment went unanswered.
     * \return true if AssignmentMax assignments went unanswered: the mobile is not on PACCH
     *         and the owner must establish through CCCH (StartAccess)
     */
    bool AssignmentFailed();
    /**
     * The TBF exists: CCCH access done, or the PACCH assignment acknowledged.
     * \param now current time
     * \return the establishment delay since the request
     */
    Time Establish(Time now);

    /**
     * \return true if the TBF is an uplink TBF established through CCCH: one phase access
     *         (Packet Channel Request, Immediate Assignment), after which the mobile resolves
     *         contention with its TLLI in its RLC data blocks (TS 44.060 clause 7.1.2.3); one
     *         assigned on PACCH needs none, the mobile being known by the TBF it already has
     */
    bool IsOnePhaseAccess() const
    {
        return m_onePhaseAccess;
    }

    /**
     * No data left, all acknowledged: hold the TBF open until now + hold, with a keep-alive
     * every keepAlive.
     * \param now current time
     */
    void Hold(Time now);
    /// New data during the hold: transfer again.
    void Resume();
    /// The final block is sent (DL) or received (UL).
    void Finish();
    /**
     * Downlink: once the final block is sent, a block went with a poll (the FBI block itself,
     * or another where the mobile answers polls). T3191 starts again (TS 44.060 9.3.2.5,
     * 9.3.3.5; osmo-pcu restarts it with every polled final block): if no Packet Downlink
     * Ack/Nack ends the TBF before it expires, Expire() says FINAL_ACK.
     * \param now current time
     */
    void FinalBlockPolled(Time now);
    /// A poll was answered (DL: Packet Downlink Ack/Nack) or data was received (UL): N3105 = 0.
    void PollAnswered();
    /**
     * A poll went unanswered: N3105 (DL) or N3103 (UL, final Ack/Nack without Packet Control
     * Ack) counts up.
     * \return true if the counter reached its maximum: the owner releases the TBF
     */
    bool PollFailed();
    /// \return N3105 (DL) or N3103 (UL)
    uint32_t GetPollCounter() const;
    /// The mobile sent a valid block in a block its USF granted: N3101 = 0.
    void GrantUsed();
    /**
     * A granted uplink block stayed empty: N3101 counts up (TS 44.060 clause 8.1.1.3).
     * \return true if N3101 reached its maximum: the owner releases the TBF abnormally
     */
    bool GrantUnused();
    /// \return N3101
    uint32_t GetGrantCounter() const;

    /**
     * The TBF ends (from any state but NONE and RELEASED). Its TFI is kept for the release
     * timer, or freed at once if that timer is zero or T3191 expired (the network waited for
     * the mobile through T3191 already: TS 44.060 13.2).
     * \param now current time
     * \param abnormal counter expiry, outage or reselection rather than a completed transfer
     */
    void Release(Time now, bool abnormal);

    /**
     * Back to NONE with no timer, whatever the TBF was doing: the mobile has left the cell
     * (reselection: this cell forgets the TBF and its TFI), or an establishment found no TFI
     * and the data waits for one.
     */
    void Reset();

    /**
     * The deadline has come: ACCESS_CCCH stays (the owner decides whether the access worked);
     * HOLD stays, with the next keep-alive scheduled, and moves to FINISHED only through the
     * owner (it sends the final block); FINISHED (downlink, T3191) stays for the owner to
     * release abnormally; RELEASED frees the TFI and moves to NONE.
     * \param now current time, at or after the deadline
     * \return which timer expired
     */
    GprsTbfTimer Expire(Time now);

  private:
    void Require(bool ok, const char* event) const;
    void Enter(GprsTbfState state);

    GprsDirection m_dir;                          //!< direction
    GprsTbfConfig m_config;                       //!< timers and counters
    GprsTbfState m_state{GprsTbfState::NONE};     //!< state
    bool m_abnormal{false};                       //!< RELEASED: abnormally
    bool m_assignmentPending{false};              //!< PACCH assignment sent, not yet acknowledged
    bool m_onePhaseAccess{false};                 //!< uplink, established through CCCH
    bool m_finalAckExpired{false};                //!< FINISHED: T3191 expired
    uint32_t m_assignments{0};                    //!< PACCH assignments unanswered
    uint32_t m_pollCounter{0};                    //!< N3105 / N3103
    uint32_t m_grantCounter{0};                   //!< N3101
    Time m_requested;                             //!< establishment asked for
    Time m_released;                              //!< last release
    Time m_holdUntil;                             //!< HOLD: when the hold ends
    std::optional<Time> m_deadline;               //!< current timer
    std::function<void(GprsTbfState)> m_observer; //!< told of every change of state
};

} // namespace ns3

#endif /* GPRS_TBF_H */
