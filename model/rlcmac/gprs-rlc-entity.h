/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RLC_ENTITY_H
#define GPRS_RLC_ENTITY_H

#include "gprs-rlc-segmentation.h"
#include "gprs-rlc-window.h"

#include "ns3/gprs-coding-scheme.h"

#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * RLC entities of one TBF: LLC segmentation plus the selective-repeat window.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What the transmitter sends in its next block, in the order of TS 44.060 clause 9.1.3.
 */
enum class GprsRlcTxKind : uint8_t
{
    NOTHING,    //!< nothing to send
    NACKED,     //!< retransmission of a negatively acknowledged block
    NEW,        //!< a block of new data
    PENDING_ACK //!< resend of an unacknowledged block while stalled or out of new data
};

/**
 * \ingroup gprs
 * \brief Sending RLC entity of one TBF: segments LLC frames into blocks, numbers them with BSNs
 * and keeps them for retransmission until acknowledged.
 *
 * A block keeps the coding scheme of its first transmission: GPRS cannot re-segment a block
 * (TS 44.060 clause 9.3.2.1), so link adaptation only affects new blocks.
 */
class GprsRlcTxEntity
{
  public:
    /**
     * \param parameters RLC mode, coding-scheme family, SNS and WS of the TBF
     */
    explicit GprsRlcTxEntity(const GprsRlcParameters& parameters);

    /**
     * Start over for a new TBF, as if constructed with \p parameters. The PCU reuses entities
     * instead of allocating two per TBF: the block store keeps its memory if it holds at most
     * \p keepBlocks blocks, and frees it otherwise (a long GPRS TBF's 128 blocks are 78 KB).
     * \param parameters RLC mode, coding-scheme family, SNS and WS of the TBF
     * \param keepBlocks most blocks whose memory the store keeps
     */
    void Reset(const GprsRlcParameters& parameters, std::size_t keepBlocks);

    /**
     * Queue an LLC frame.
     * \param frameId identity, reported back by the receiving entity
     * \param octets frame length, 1..kGprsMaxLlcFrameOctets
     */
    void EnqueueFrame(uint64_t frameId, uint32_t octets);

    /**
     * The mobile's side of contention resolution, for an uplink TBF established by one phase
     * access (TS 44.060 clause 7.1.2.3): every new block carries the mobile's TLLI (TI = 1,
     * kGprsTlliOctets fewer octets of data) until an Ack/Nack arrives that acknowledges one of
     * them, which the network sends with the TLLI as CONTENTION_RESOLUTION_TLLI (clause 11.2.28;
     * GprsRlcRxEntity::IsTlliToEcho()). Blocks sent again keep their TLLI (no re-segmentation).
     */
    void StartContentionResolution();

    /// \return true while new blocks carry the TLLI (StartContentionResolution())
    bool IsContentionResolutionPending() const
    {
        return m_contentionResolution;
    }

    /// \return LLC octets queued but not yet put into blocks
    uint64_t GetQueuedOctets() const
    {
        return m_segmenter.GetQueuedOctets();
    }

    /**
     * \return what the next call to SendNext() would send: NACKed blocks first, then new data
     *         unless stalled, then (acknowledged mode) pending-ack blocks oldest first
     */
    GprsRlcTxKind PeekNext() const
    {
        return ToKind(m_window.SelectNext(m_segmenter.HasData() && !m_finalSent).reason);
    }

    /**
     * Send the next block per PeekNext().
     * \param cs coding scheme for a new block (ignored for retransmissions)
     * \param endOfTbf true if the TBF ends when the queue is empty: the new block that empties
     *        it carries FBI = 1
     * \param[out] kind what was sent
     * \return the block, valid until the next call on this entity
     * \throws std::invalid_argument if \p cs is not of the TBF's family (nothing is sent)
     */
    const GprsRlcDataBlock& SendNext(GprsCodingScheme cs, bool endOfTbf, GprsRlcTxKind& kind);

    /**
     * Apply a received Ack/Nack description (acknowledged mode). One that acknowledges a block
     * ends the contention resolution: every block sent before carried the TLLI.
     * \param desc the description
     * \return what it acknowledged and negatively acknowledged
     */
    GprsRlcAckNackResult ApplyAckNack(const GprsRlcAckNackDescription& desc);

    /**
     * Blocks of the TBF after a block, once its data is fixed (the uplink countdown, TS 44.060
     * clause 9.3.1: TBC - BSN' - 1): those sent after it, and those still to be built from the
     * queue in coding scheme cs, the last with FBI, each with the TLLI while contention
     * resolution is pending (as the mobile knows when it counts).
     * \param bsn a block sent, within the window
     * \param cs coding scheme of the blocks still to be built
     * \return the count
     */
    uint32_t GetBlocksAfter(uint16_t bsn, GprsCodingScheme cs) const;

    /// \return true if the window is stalled: V(S) = V(A) + WS (clause 9.1.1)
    bool IsStalled() const
    {
        return m_window.IsStalled();
    }

    /// \return blocks sent and not yet acknowledged (V(S) - V(A))
    uint32_t GetOutstanding() const
    {
        return m_window.GetOutstanding();
    }

    /// \return true once the block with FBI = 1 has been sent
    bool IsFinalSent() const
    {
        return m_finalSent;
    }

    /**
     * The block with FBI = 1, to send again with a poll in unacknowledged mode, where the
     * network may repeat it until the mobile answers (TS 44.060 clause 9.3.3.5).
     * \return the final block
     * \throws std::logic_error if it has not been sent
     */
    const GprsRlcDataBlock& GetFinalBlock() const;
    /**
     * \return true if nothing is left to do: before the final block, nothing is queued and every
     *         block sent is acknowledged (unacknowledged mode: sent); after it, once it is
     *         acknowledged (unacknowledged mode: at once)
     */
    bool IsComplete() const;

    /// \return what the entity is built for
    const GprsRlcParameters& GetParameters() const
    {
        return m_parameters;
    }

  private:
    /// \param reason the window's reason to send
    /// \return what the entity reports as sent for it
    static GprsRlcTxKind ToKind(GprsRlcTxReason reason)
    {
        switch (reason)
        {
        case GprsRlcTxReason::RETRANSMIT_NACKED:
            return GprsRlcTxKind::NACKED;
        case GprsRlcTxReason::NEW_DATA:
            return GprsRlcTxKind::NEW;
        case GprsRlcTxReason::RETRANSMIT_PENDING:
            return GprsRlcTxKind::PENDING_ACK;
        case GprsRlcTxReason::NONE:
            break;
        }
        return GprsRlcTxKind::NOTHING;
    }

    /**
     * Check that \p cs is of the TBF's family, and remember it: link adaptation changes the
     * scheme seldom, so most blocks need no check.
     * \param cs the coding scheme of a block
     * \throws std::invalid_argument naming it and the family if it is of another
     */
    void CheckFamily(GprsCodingScheme cs);

    GprsRlcParameters m_parameters;                    //!< what the entity is built for
    std::optional<GprsCodingScheme> m_familyCheckedCs; //!< last scheme found of the family
    GprsLlcSegmenter m_segmenter;                      //!< LLC -> blocks
    GprsRlcTxWindow m_window;                          //!< V(S), V(A), V(B)
    std::vector<GprsRlcDataBlock> m_blocks; //!< blocks by BSN, kept for retransmission (grown)
    bool m_finalSent{false};                //!< FBI block sent
    bool m_contentionResolution{false};     //!< new blocks carry the TLLI
};

/**
 * \ingroup gprs
 * \brief Receiving RLC entity of one TBF: receive window plus LLC reassembly.
 */
class GprsRlcRxEntity
{
  public:
    /**
     * \param parameters RLC mode, coding-scheme family, SNS and WS of the TBF
     */
    explicit GprsRlcRxEntity(const GprsRlcParameters& parameters);

    /**
     * Start over for a new TBF, as if constructed with \p parameters (see
     * GprsRlcTxEntity::Reset).
     * \param parameters RLC mode, coding-scheme family, SNS and WS of the TBF
     * \param keepBlocks most blocks whose memory the store keeps
     */
    void Reset(const GprsRlcParameters& parameters, std::size_t keepBlocks);

    /**
     * Take a received block.
     * \param block the block
     * \param[out] frames frames completed, appended in order
     * \return false if the block was a duplicate or outside the window (ignored)
     */
    bool Receive(const GprsRlcDataBlock& block, std::vector<GprsReassembledLlcFrame>& frames);

    /// \return the Ack/Nack description to send now (FAI set when IsComplete())
    GprsRlcAckNackDescription GetAckNack() const;

    /**
     * The network's side of contention resolution (TS 44.060 clause 7.1.2.3): a Packet Uplink
     * Ack/Nack carries the mobile's TLLI as CONTENTION_RESOLUTION_TLLI (clause 11.2.28) once a
     * block with the TLLI (TI = 1) has arrived, and until one without it shows that the mobile
     * has seen the TLLI echoed.
     * \return true if the Ack/Nack sent now carries the TLLI
     */
    bool IsTlliToEcho() const
    {
        return m_tlliToEcho;
    }

    /// \return true once the final block and every block before it have been received
    bool IsComplete() const;

    /// \return LLC frames dropped by the reassembler (unacknowledged-mode gaps)
    uint64_t GetDroppedFrames() const;

    /// \return what the entity is built for
    const GprsRlcParameters& GetParameters() const
    {
        return m_parameters;
    }

  private:
    /**
     * Hand the next block in BSN order to the reassembler.
     * \param block the block
     * \param[out] frames the frames it completes are appended
     */
    void Reassemble(const GprsRlcDataBlock& block, std::vector<GprsReassembledLlcFrame>& frames);

    GprsRlcParameters m_parameters;         //!< what the entity is built for
    GprsRlcRxWindow m_window;               //!< V(R), V(Q), V(N)
    GprsLlcReassembler m_reassembler;       //!< blocks -> LLC frames
    std::vector<GprsRlcDataBlock> m_blocks; //!< received blocks awaiting delivery (grown)
    bool m_tlliToEcho{false};               //!< the last block that arrived carried a TLLI
};

} // namespace ns3

#endif /* GPRS_RLC_ENTITY_H */
