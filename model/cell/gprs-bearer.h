/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_BEARER_H
#define GPRS_BEARER_H

#include "ns3/event-id.h"
#include "ns3/gprs-coding-scheme.h"
#include "ns3/gprs-link-adaptation.h"
#include "ns3/gprs-llc-abm.h"
#include "ns3/gprs-rlc-entity.h"
#include "ns3/gprs-sndcp-ack.h"
#include "ns3/gprs-tbf.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/queue.h"

#include <array>
#include <deque>
#include <memory>
#include <optional>

/**
 * \file
 * \ingroup gprs
 * One direction of one mobile's radio link in the cell: its buffer, its LLC frames, its TBF.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief One direction of one mobile (replaces the PCU's per-link record): the IP packets not
 * yet handed to LLC, the LLC frames for RLC until they are delivered or lost, the TBF with its
 * RLC entities and coding scheme, and the LLC acknowledged-mode entity if there is one.
 *
 * The GprsPcu drives it; what only reads or updates this direction's own state is here.
 */
struct GprsBearer
{
    /// What the PCU remembers of a packet in the buffer, in the buffer's (FIFO) order.
    struct Queued
    {
        Time sent;       //!< when the sending device accepted it
        uint32_t octets; //!< its size
    };

    /// An LLC frame for RLC, kept until delivered or lost.
    struct LlcFrame
    {
        Ptr<Packet> npdu;  //!< UI: the IP packet (N-PDU) this frame is a segment of; null: other
        Time sent;         //!< when the sending device accepted the packet
        uint32_t octets;   //!< frame size with LLC and SNDCP headers
        uint16_t segment;  //!< SNDCP segment index
        uint16_t segments; //!< SNDCP segments of the N-PDU
        std::unique_ptr<GprsLlcAbmFrame> abm{}; //!< an LLC ABM frame (npdu null), else null
    };

    /// An IP packet sent in LLC acknowledged mode.
    struct AbmNpdu
    {
        Ptr<Packet> packet; //!< the IP packet
        Time sent;          //!< when the sending device accepted it
    };

    /// LLC acknowledged mode on one direction of one mobile.
    struct LlcAbm
    {
        /**
         * \param side the end whose entity sends on this direction
         * \param parameters ABM parameters
         */
        LlcAbm(GprsLlcAbmSide side, const GprsLlcAbmParameters& parameters);

        /// The entity sending on this direction (the network's on the downlink, the mobile's on
        /// the uplink); it receives on the other direction.
        GprsLlcAbmEntity entity;
        GprsSndcpAckTracker<AbmNpdu> sndcp; //!< the IP packets of the PDUs given to entity
        EventId timer;                      //!< the entity's timer (T200 / T201)
        Time timerAt;                       //!< when timer expires
    };

    /**
     * \param ms index of the mobile in the cell
     * \param dir direction of the bearer
     */
    GprsBearer(uint32_t ms, GprsDirection dir);

    /**
     * \return whether LLC would take an IP packet of the buffer now (UI: whenever there is one)
     */
    bool HasDataForLlc() const
    {
        return !queued.empty() && (!llc || LlcTakesPacket(llc->entity));
    }

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
                (!queued.empty() && tx->GetQueuedOctets() <= GprsRlcDataOctets(cs)));
    }

    /// \return whether a new LLC frame joins the TBF's RLC entity at once (else the next TBF's)
    bool CanJoinTbf() const
    {
        // New LLC frames join the TBF in transfer (or held) until its data is fixed: countdown
        // (uplink) or final block sent; frames already waiting for the next TBF go first.
        const GprsTbfState state = tbf.GetState();
        return tx && (state == GprsTbfState::FLOW || state == GprsTbfState::HOLD) && !countdown &&
               !tx->IsFinalSent() && inRlc == frames.size();
    }

    /// \return whether the RLC data queued now ends the TBF (its last block carries FBI)
    bool EndsTbf() const
    {
        // Uplink: once counting down, the blocks in RLC are the whole TBF (TS 44.060 9.3.1).
        // Downlink: the network ends the TBF when the buffer is empty.
        return tbf.GetDirection() == GprsDirection::UPLINK
                   ? countdown
                   : !HasDataForLlc() && (tbf.GetConfig().hold.IsZero() || closing);
    }

    /// Ask the link adaptation for the coding scheme of the next new blocks.
    void UpdateCs();

    /// Forget the oldest LLC frame (delivered or lost).
    void PopFrontFrame()
    {
        frames.pop_front();
        ++firstFrameId;
        inRlc -= inRlc > 0 ? 1 : 0;
    }

    const uint32_t ms;                          //!< index of the mobile in the cell
    Ptr<Queue<Packet>> buffer;                  //!< IP packets not yet handed to RLC
    std::deque<Queued> queued;                  //!< the buffer's packets, oldest first
    uint64_t queuedOctets{0};                   //!< octets in the buffer
    std::deque<LlcFrame> frames;                //!< frames for RLC, ids firstFrameId...
    uint64_t firstFrameId{0};                   //!< id of frames.front()
    std::size_t inRlc{0};                       //!< frames.front()... handed to the TBF's RLC
    uint16_t segmentsOk{0};                     //!< SNDCP segments of the current N-PDU delivered
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
    uint32_t blocksSincePoll{0};                //!< downlink data blocks since the last poll
    uint32_t blocksSinceAck{0};                 //!< uplink blocks received since the last ack
    uint32_t acked{0};                          //!< blocks acknowledged by the last Ack/Nack
    uint32_t nacked{0};                         //!< blocks negatively acknowledged by it
    std::optional<double> ciReportDb;           //!< receiver's last reported C/I
    uint8_t tfi{0};                             //!< TFI while the TBF holds one
    std::array<uint8_t, 8> usf{};               //!< uplink: USF per assigned timeslot
    std::unique_ptr<LlcAbm> llc;                //!< LLC acknowledged mode; null: UI frames

  private:
    /**
     * \param llc an LLC ABM entity
     * \return whether it takes an IP packet now
     */
    static bool LlcTakesPacket(const GprsLlcAbmEntity& llc);
};

} // namespace ns3

#endif /* GPRS_BEARER_H */
