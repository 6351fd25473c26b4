/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_BEARER_H
#define GPRS_BEARER_H

#include "ns3/event-id.h"
#include "ns3/gprs-coding-scheme.h"
#include "ns3/gprs-link-adaptation.h"
#include "ns3/gprs-llc-link.h"
#include "ns3/gprs-rlc-entity.h"
#include "ns3/gprs-tbf.h"
#include "ns3/nstime.h"

#include <array>
#include <memory>
#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * One direction of one mobile's radio link in the cell: its logical link and its TBF.
 */

namespace ns3
{

/// What a TBF does with a transmit opportunity (GprsBearer::PrepareTx()).
enum class GprsTxReadiness : uint8_t
{
    NOTHING, ///< nothing to send
    SEND,    ///< a block to send
    HELD,    ///< nothing to send: all acknowledged, the TBF entered its hold just now
};

/**
 * \ingroup gprs
 * \brief One direction of one mobile (replaces the PCU's per-link record): its logical link
 * (buffer, SNDCP/LLC, the LLC frames for RLC) and the TBF with its RLC entities and coding
 * scheme.
 *
 * The GprsPcu drives it; what only reads or updates this direction's own state is here.
 */
struct GprsBearer
{
    /**
     * \param ms index of the mobile in the cell
     * \param dir direction of the bearer
     */
    GprsBearer(uint32_t ms, GprsDirection dir);

    /**
     * Asked before every block a TBF may send: the usual "nothing to hand over" without a call.
     * Once the countdown or the final block fixed the TBF's data, what arrives waits for the
     * next TBF; the downlink takes packets only when RLC's queue no longer fills the next block.
     * \return whether RLC may take packets of the buffer now
     */
    bool NeedsRefill() const
    {
        return !countdown && !tx->IsFinalSent() &&
               (tbf.GetDirection() == GprsDirection::UPLINK ||
                (!llc.IsBufferEmpty() && tx->GetQueuedOctets() <= GprsRlcDataOctets(cs)));
    }

    /// \return whether a new LLC frame joins the TBF's RLC entity at once (else the next TBF's)
    bool CanJoinTbf() const
    {
        // New LLC frames join the TBF in transfer (or held) until its data is fixed: countdown
        // (uplink) or final block sent; frames already waiting for the next TBF go first.
        const GprsTbfState state = tbf.GetState();
        return tx && (state == GprsTbfState::FLOW || state == GprsTbfState::HOLD) && !countdown &&
               !tx->IsFinalSent() && llc.AllFramesInRlc();
    }

    /// \return whether data waits for the next TBF: packets in the buffer or LLC frames that
    ///         arrived after the countdown fixed the TBF's data
    bool HasDataForNextTbf() const
    {
        return llc.HasDataForLlc() || !llc.AllFramesInRlc();
    }

    /**
     * Hand packets of the LLC link to RLC where RLC needs them: the pull of a transmit
     * opportunity (RefillRlc() where NeedsRefill()).
     * \param now the time
     * \param countdownBlocks uplink: BS_CV_MAX times the mobile's uplink timeslots, the blocks
     *        left at which the countdown starts (TS 44.060 9.3.1)
     */
    void Refill(const Time& now, uint64_t countdownBlocks)
    {
        if (NeedsRefill())
        {
            RefillRlc(now, countdownBlocks);
        }
    }

    /**
     * Whether the TBF would use a transmit opportunity now, refilling RLC from LLC first; a
     * TBF whose data is all acknowledged enters its hold (delayed release, extended uplink).
     * \param rlcMode the RLC mode
     * \param pollable downlink: the PDCH is the one where the mobile answers polls
     * \param now the time
     * \param countdownBlocks as for Refill()
     * \return what the TBF does with the opportunity
     */
    // Inline below: asked for each candidate on each PDCH in each block.
    GprsTxReadiness PrepareTx(GprsRlcMode rlcMode,
                              bool pollable,
                              const Time& now,
                              uint64_t countdownBlocks);

    /**
     * Use a transmit opportunity: the RLC entity builds the next block from the segments LLC
     * gave it, or (unacknowledged mode, everything sent) repeats the final block.
     * \param rlcMode the RLC mode
     * \param kind set to what the block carries
     * \return the block, in the RLC entity's store until its next block or reset (the caller
     *         copies it once onto the air)
     */
    const GprsRlcDataBlock& TxOpportunity(GprsRlcMode rlcMode, GprsRlcTxKind& kind)
    {
        if (RepeatsFinal(rlcMode))
        {
            kind = GprsRlcTxKind::PENDING_ACK;
            return tx->GetFinalBlock();
        }
        return tx->SendNext(cs, EndsTbf(), kind);
    }

    /**
     * \param rlcMode the RLC mode
     * \return whether the next block repeats the final one: unacknowledged mode repeats it until
     *         the final acknowledgement arrives (TS 44.060 9.3.3.5)
     */
    bool RepeatsFinal(GprsRlcMode rlcMode) const
    {
        return rlcMode == GprsRlcMode::UNACKNOWLEDGED && tx && tx->IsFinalSent() &&
               tx->PeekNext() == GprsRlcTxKind::NOTHING;
    }

    /**
     * Downlink: whether the next block should carry a poll (RRBP): periodically
     * (\p pollInterval blocks), on the final block, when the window is about to stall, on a
     * resend of a block pending acknowledgement and on keep-alive.
     * \param blocksSincePoll data blocks since the last poll, the next one included
     * \param fbi the block is the final one
     * \param kind what the block carries
     * \param pollInterval PollInterval
     * \return whether to poll
     */
    bool IsPollDue(uint32_t blocksSincePoll,
                   bool fbi,
                   GprsRlcTxKind kind,
                   uint32_t pollInterval) const
    {
        return blocksSincePoll >= pollInterval || fbi ||
               tx->GetOutstanding() + pollInterval >= tx->GetParameters().GetSpace().GetWs() ||
               tx->IsStalled() || kind == GprsRlcTxKind::PENDING_ACK ||
               tbf.GetState() == GprsTbfState::HOLD;
    }

    /**
     * Uplink: the countdown value of a block (TS 44.060 9.3.1).
     * \param bsn the block's BSN
     * \param timeslots the mobile's uplink timeslots
     * \param bsCvMax BS_CV_MAX
     * \return CV: 15 until the countdown, then the blocks after this one per timeslot, rounded up
     */
    uint8_t GetCountdownValue(uint16_t bsn, uint8_t timeslots, uint32_t bsCvMax) const;

    /// \return whether the RLC data queued now ends the TBF (its last block carries FBI)
    bool EndsTbf() const
    {
        // Uplink: once counting down, the blocks in RLC are the whole TBF (TS 44.060 9.3.1).
        // Downlink: the network ends the TBF when the buffer is empty.
        return tbf.GetDirection() == GprsDirection::UPLINK
                   ? countdown
                   : !llc.HasDataForLlc() && (tbf.GetConfig().hold.IsZero() || closing);
    }

    /// Ask the link adaptation for the coding scheme of the next new blocks.
    void UpdateCs();

    /**
     * An Ack/Nack of this TBF arrived: the transmit window takes it, and the link adaptation
     * chooses the coding scheme from what it acknowledged.
     * \param ackNack its Ack/Nack description
     */
    void ApplyAckNack(const GprsRlcAckNackDescription& ackNack);

    /**
     * A data block of this TBF arrived: the receiving entity reassembles what it completes and
     * the logical link takes the frames up.
     * \param block the block
     * \param frames scratch space for the reassembled frames (kept to avoid allocations)
     */
    void ReceiveBlock(const GprsRlcDataBlock& block, std::vector<GprsReassembledLlcFrame>& frames)
    {
        frames.clear();
        rx->Receive(block, frames);
        llc.DeliverFrames(frames);
    }

  private:
    /// Refill() where RLC may take packets.
    void RefillRlc(const Time& now, uint64_t countdownBlocks);

  public:
    const uint32_t ms;                          //!< index of the mobile in the cell
    GprsLlcLink llc;                            //!< the logical link: buffer, LLC frames
    GprsTbf tbf;                                //!< the TBF's life cycle
    EventId timer;                              //!< the TBF's deadline
    std::unique_ptr<GprsRlcTxEntity> tx;        //!< sending entity
    std::unique_ptr<GprsRlcRxEntity> rx;        //!< receiving entity
    Ptr<GprsLinkAdaptation> linkAdaptation;     //!< CS policy of the current TBF
    GprsCodingScheme cs{GprsCodingScheme::CS2}; //!< CS for new blocks
    bool pollOutstanding{false};                //!< downlink: an RRBP reservation is pending
    bool ackOwed{false};                        //!< uplink: a Packet Uplink Ack/Nack is due
    bool countdown{false};                      //!< uplink: CV counting, the TBF's data fixed
    bool closing{false};                        //!< downlink: the hold is over, FBI next
    bool onCcch{false};                         //!< GprsCcch runs this bearer's access (CcchAccess)
    bool resourceRequest{false}; //!< uplink: the next TBF was asked for in a Packet Resource
                                 //!< Request, to be assigned on PACCH
    bool controlAck{false};      //!< downlink: the TBF being assigned on PACCH follows one whose
                                 //!< T3192 still runs at the mobile (CONTROL_ACK, TS 44.060 11.2.7)
    uint32_t blocksSincePoll{0}; //!< downlink data blocks since the last poll
    uint32_t blocksSinceAck{0};  //!< uplink blocks received since the last ack
    uint32_t acked{0};           //!< blocks acknowledged by the last Ack/Nack
    uint32_t nacked{0};          //!< blocks negatively acknowledged by it
    std::optional<double> ciReportDb; //!< receiver's last reported C/I
    Time lastBlock;                   //!< when the TBF last got a block
    Time lastPoll;                    //!< downlink: when the TBF last polled
    uint8_t tfi{0};                   //!< TFI while the TBF holds one
    std::array<uint8_t, 8> usf{};     //!< uplink: USF per assigned timeslot
};

inline GprsTxReadiness
GprsBearer::PrepareTx(GprsRlcMode rlcMode, bool pollable, const Time& now, uint64_t countdownBlocks)
{
    const bool down = tbf.GetDirection() == GprsDirection::DOWNLINK;
    const GprsTbfState state = tbf.GetState();
    if (state == GprsTbfState::HOLD)
    {
        // Downlink keep-alive: its block goes where the mobile can answer the poll.
        return down && pollable && !pollOutstanding && tx->PeekNext() != GprsRlcTxKind::NOTHING
                   ? GprsTxReadiness::SEND
                   : GprsTxReadiness::NOTHING;
    }
    // The network sends downlink blocks until the final one is acknowledged; an uplink TBF
    // gets no USF once the network has every block (FINISHED).
    if (state != GprsTbfState::FLOW && !(down && state == GprsTbfState::FINISHED))
    {
        return GprsTxReadiness::NOTHING;
    }
    Refill(now, countdownBlocks);
    if (tx->PeekNext() != GprsRlcTxKind::NOTHING)
    {
        return GprsTxReadiness::SEND;
    }
    if (rlcMode == GprsRlcMode::UNACKNOWLEDGED && tx->IsFinalSent())
    {
        // Unacknowledged mode: the final block is repeated until the final acknowledgement
        // arrives (TS 44.060 9.3.3.5); on the downlink with a poll where the mobile can answer.
        return !down || (pollable && !pollOutstanding) ? GprsTxReadiness::SEND
                                                       : GprsTxReadiness::NOTHING;
    }
    if (tx->IsComplete() && !tx->IsFinalSent())
    {
        // Everything acknowledged and nothing left: hold the TBF open (delayed release /
        // extended uplink); the final block went out already otherwise.
        tbf.Hold(now);
        return GprsTxReadiness::HELD;
    }
    return GprsTxReadiness::NOTHING;
}

} // namespace ns3

#endif /* GPRS_BEARER_H */
