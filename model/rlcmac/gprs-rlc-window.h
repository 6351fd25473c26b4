/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RLC_WINDOW_H
#define GPRS_RLC_WINDOW_H

#include "gprs-rlc-parameters.h"
#include "gprs-rlcmac-types.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * GPRS RLC selective-repeat ARQ: BSN arithmetic, the Ack/Nack description and the transmit and
 * receive windows (3GPP TS 44.060 clauses 9.1, 9.3.2, 9.3.3 and 12.3).
 */

namespace ns3
{

/// Octets of the RECEIVED_BLOCK_BITMAP: a bit (64) field (TS 44.060 Table 12.3.1).
constexpr std::size_t kGprsRbbOctets = 8;

/// The RBB as transmitted: octet 0 first, each octet most significant bit first.
using GprsRbbOctets = std::array<uint8_t, kGprsRbbOctets>;

/**
 * \ingroup gprs
 * The Ack/Nack Description information element of TS 44.060 clause 12.3: FINAL_ACK_INDICATION
 * (FAI), STARTING_SEQUENCE_NUMBER (SSN) and the 64-bit RECEIVED_BLOCK_BITMAP (RBB).
 *
 * Bit number n (1..64) of the RBB describes BSN = (SSN - n) modulo 128: 1 is a positive and 0 a
 * negative acknowledgement. Bit 1 is the block just below SSN = V(R), the most recent one; bit 64
 * the oldest. On the air the field is sent bit 64 first and bit 1 last (the CSN.1 bit(64) field,
 * most significant bit first): octet 0 bit 8 is bit number 64, octet 7 bit 1 is bit number 1. The
 * integer form GetRbb() holds bit number n at bit position n - 1.
 */
class GprsRlcAckNackDescription
{
  public:
    /// FAI = 0, SSN = 0, every block negatively acknowledged.
    GprsRlcAckNackDescription() = default;

    /**
     * \param finalAck FINAL_ACK_INDICATION: the whole TBF is acknowledged
     * \param ssn STARTING_SEQUENCE_NUMBER, 0..127
     * \param rbb the bitmap, bit number n at bit position n - 1
     * \throws std::invalid_argument if ssn is not 0..127
     */
    GprsRlcAckNackDescription(bool finalAck, uint16_t ssn, uint64_t rbb);

    /**
     * Decode a description received on the air.
     *
     * \param finalAck FINAL_ACK_INDICATION
     * \param ssn STARTING_SEQUENCE_NUMBER, 0..127
     * \param octets the 8 RBB octets in transmission order
     * \return the description
     * \throws std::invalid_argument if ssn is not 0..127
     */
    static GprsRlcAckNackDescription FromRbbOctets(bool finalAck,
                                                   uint16_t ssn,
                                                   const GprsRbbOctets& octets);

    /// \return the 8 RBB octets in transmission order
    GprsRbbOctets GetRbbOctets() const;

    /// \return FINAL_ACK_INDICATION
    bool GetFinalAck() const;
    /// \return STARTING_SEQUENCE_NUMBER
    uint16_t GetSsn() const;
    /// \return the bitmap, bit number n at bit position n - 1
    uint64_t GetRbb() const;

    /**
     * \param bitNumber 1..64
     * \return the BSN the bit describes: (SSN - bitNumber) modulo 128
     * \throws std::invalid_argument if bitNumber is not 1..64
     */
    uint16_t GetBsn(uint16_t bitNumber) const;

    /**
     * \param bitNumber 1..64
     * \return true for a positive, false for a negative acknowledgement
     * \throws std::invalid_argument if bitNumber is not 1..64
     */
    bool GetBit(uint16_t bitNumber) const;

    /**
     * \param bitNumber 1..64
     * \param positive true for a positive, false for a negative acknowledgement
     * \throws std::invalid_argument if bitNumber is not 1..64
     */
    void SetBit(uint16_t bitNumber, bool positive);

    /**
     * \param other another description
     * \return whether FAI, SSN and RBB are equal
     */
    bool operator==(const GprsRlcAckNackDescription& other) const;

  private:
    bool m_finalAck{false}; //!< FINAL_ACK_INDICATION
    uint16_t m_ssn{0};      //!< STARTING_SEQUENCE_NUMBER
    uint64_t m_rbb{0};      //!< RECEIVED_BLOCK_BITMAP, bit number n at bit position n - 1
};

/**
 * \ingroup gprs
 * Element of the acknowledge state array V(B) (TS 44.060 clause 9.1.3).
 */
enum class GprsRlcTxState : uint8_t
{
    INVALID,     //!< BSN outside [V(A), V(S))
    PENDING_ACK, //!< sent, no acknowledgement received yet
    NACKED,      //!< negatively acknowledged: to be retransmitted
    ACKED,       //!< positively acknowledged
};

/**
 * \ingroup gprs
 * Why GprsRlcTxWindow selects a block, in order of priority (TS 44.060 clause 9.1.3).
 */
enum class GprsRlcTxReason : uint8_t
{
    NONE,               //!< nothing to send: window empty and no new data
    RETRANSMIT_NACKED,  //!< oldest NACKED block
    NEW_DATA,           //!< the block with BSN = V(S)
    RETRANSMIT_PENDING, //!< stalled or no new data: PENDING_ACK blocks cyclically, oldest first
};

/**
 * \ingroup gprs
 * The transmit window's choice for the next radio block.
 */
struct GprsRlcTxSelection
{
    GprsRlcTxReason reason{GprsRlcTxReason::NONE}; //!< why; NONE: bsn is meaningless
    uint16_t bsn{0};                               //!< BSN of the block to send
};

/**
 * \ingroup gprs
 * What one Ack/Nack description changed in the transmit window.
 */
struct GprsRlcAckNackResult
{
    uint16_t newlyAcked{0}; //!< blocks that became ACKED
    uint16_t nacked{0};     //!< outstanding blocks the bitmap acknowledged negatively
    bool finalAcked{false}; //!< the whole TBF is acknowledged (final block ACKED or FAI = 1)
};

/**
 * \ingroup gprs
 * Transmitting side of an RLC entity: V(S), V(A) and V(B) of TS 44.060 clauses 9.1.1-9.1.3.
 *
 * Usage per radio block: TransmitNext() says which BSN to send (the caller owns the block
 * contents, e.g. in an array of 128 indexed by BSN); after sending the block with FBI = 1, call
 * SetFinalBsn(). Feed each Ack/Nack description to ApplyAckNack().
 *
 * Acknowledged mode: new blocks only while V(S) < V(A) + WS (clause 9.1.1); retransmissions as
 * described at TransmitNext(). Unacknowledged mode (clause 9.3.3): every block is new, the window
 * never stalls, nothing is retransmitted and V(A) follows V(S); Ack/Nack only carries FAI.
 *
 * SNS and WS are the TBF's (GprsRlcSequenceSpace); ApplyAckNack() takes the GPRS description, so
 * only a GPRS space can be acknowledged.
 */
class GprsRlcTxWindow
{
  public:
    /**
     * \param mode RLC mode of the TBF
     * \param space its sequence space and window
     */
    explicit GprsRlcTxWindow(GprsRlcMode mode = GprsRlcMode::ACKNOWLEDGED,
                             GprsRlcSequenceSpace space = GprsRlcSequenceSpace::Gprs());

    /**
     * Start over for a new TBF, as if constructed with these arguments, keeping the memory of
     * V(B) (RLC entities are reused from TBF to TBF).
     * \param mode RLC mode of the TBF
     * \param space its sequence space and window
     */
    void Reset(GprsRlcMode mode, GprsRlcSequenceSpace space);

    /**
     * Choose the next block without changing any state.
     *
     * Order (clause 9.1.3): the NACKED block with the lowest BSN from V(A); else, if
     * hasNewData and the window is not stalled, BSN = V(S); else the PENDING_ACK blocks from the
     * oldest, one per call, starting over at the oldest after the newest; else NONE.
     *
     * \param hasNewData whether the caller has data for a new block
     * \return the choice
     * \throws std::invalid_argument if hasNewData is true after the final block was sent
     */
    GprsRlcTxSelection SelectNext(bool hasNewData) const
    {
        if (!m_selected || m_selected->first != hasNewData)
        {
            m_selected.emplace(hasNewData, ComputeNext(hasNewData));
        }
        return m_selected->second;
    }

    /**
     * Choose the next block as SelectNext() does and record its transmission: a new block
     * increments V(S), a retransmitted one becomes PENDING_ACK.
     *
     * \param hasNewData whether the caller has data for a new block
     * \return the choice
     * \throws std::invalid_argument if hasNewData is true after the final block was sent
     */
    GprsRlcTxSelection TransmitNext(bool hasNewData);

    /**
     * Record that the block just sent as new data carries FBI = 1 (clause 10.4.8).
     *
     * \param bsn BSN of that block: must be V(S) - 1
     * \throws std::invalid_argument if bsn is not the last new block or a final block is set
     */
    void SetFinalBsn(uint16_t bsn);

    /**
     * Apply an Ack/Nack description (clauses 9.1.2, 9.1.3).
     *
     * FAI = 1 acknowledges every outstanding block (the SSN and RBB are then ignored, clause
     * 12.3). Otherwise each RBB bit whose BSN lies in [V(A), V(S)) marks the block ACKED (1) or
     * NACKED (0); then V(A) moves past the ACKED blocks. Restarts the cycle of PENDING_ACK
     * retransmissions at the oldest block. Unacknowledged mode uses FAI only.
     *
     * \param description the received description
     * \return what changed
     * \throws std::invalid_argument in acknowledged mode if FAI = 0 and SSN is outside
     *         [V(A), V(S)]: the peer cannot have received a block that was never sent
     * \throws std::logic_error if the window's space is not GPRS's: the description covers 64
     *         BSNs modulo 128
     */
    GprsRlcAckNackResult ApplyAckNack(const GprsRlcAckNackDescription& description);

    /// \return send state variable V(S): BSN of the next new block
    uint16_t GetVS() const
    {
        return m_vS;
    }

    /// \return acknowledge state variable V(A): BSN of the oldest unacknowledged block
    uint16_t GetVA() const
    {
        return m_vA;
    }

    /// \return blocks sent and not yet acknowledged: (V(S) - V(A)) modulo SNS, 0..WS
    uint16_t GetOutstanding() const
    {
        return m_space.Distance(m_vA, m_vS);
    }

    /// \return whether V(S) = V(A) + WS modulo SNS: no new block may be sent (clause 9.1.1)
    bool IsStalled() const
    {
        return m_mode == GprsRlcMode::ACKNOWLEDGED && GetOutstanding() == m_space.GetWs();
    }

    /// \return whether a block in [V(A), V(S)) is NACKED
    bool HasNacked() const;

    /**
     * \param bsn 0..SNS-1
     * \return the V(B) element of that BSN
     * \throws std::invalid_argument if bsn is not 0..SNS-1
     */
    GprsRlcTxState GetState(uint16_t bsn) const;

    /// \return the BSN of the block with FBI = 1, once sent
    std::optional<uint16_t> GetFinalBsn() const;
    /// \return whether every block up to the final one is acknowledged
    bool IsFinalAcked() const;

    /// \return the RLC mode
    GprsRlcMode GetMode() const
    {
        return m_mode;
    }

    /// \return the sequence space and window
    const GprsRlcSequenceSpace& GetSpace() const
    {
        return m_space;
    }

  private:
    /**
     * Change V(B)[bsn], keeping m_stateCount.
     * \param bsn the block
     * \param state its new state
     */
    void SetState(uint16_t bsn, GprsRlcTxState state);

    /// \return the oldest BSN in [V(A), V(S)) in the given state, searching from `from`
    /// (which must lie in [V(A), V(S)]) to V(S) and then from V(A)
    /// \param state the wanted state
    /// \param from where the search starts
    std::optional<uint16_t> FindFrom(GprsRlcTxState state, uint16_t from) const;

    /// \param hasNewData as for SelectNext()
    /// \return SelectNext()'s choice, worked out from the state
    GprsRlcTxSelection ComputeNext(bool hasNewData) const;

    /// SelectNext()'s last choice, for the value of hasNewData it was asked with, until the
    /// state changes: a sender asks whether it has a block (SelectNext) and then sends it
    /// (TransmitNext) in the same radio block.
    mutable std::optional<std::pair<bool, GprsRlcTxSelection>> m_selected;

    GprsRlcMode m_mode;               //!< RLC mode
    GprsRlcSequenceSpace m_space;     //!< SNS and WS
    uint16_t m_vS{0};                 //!< V(S), clause 9.1.1
    uint16_t m_vA{0};                 //!< V(A), clause 9.1.2
    std::vector<GprsRlcTxState> m_vB; //!< V(B), clause 9.1.3, indexed by BSN
    /// Number of BSNs in each state, so that block selection skips scans that cannot succeed.
    std::array<uint16_t, 4> m_stateCount{};
    uint16_t m_resendFrom{0}; //!< where the cycle of PENDING_ACK retransmissions continues
    std::optional<uint16_t> m_finalBsn; //!< BSN of the block with FBI = 1
    bool m_finalAcked{false};           //!< the whole TBF is acknowledged
};

/**
 * \ingroup gprs
 * What GprsRlcRxWindow::Receive() did with a block.
 */
enum class GprsRlcRxStatus : uint8_t
{
    NEW_BLOCK,      //!< stored: first reception of a BSN in the window
    DUPLICATE,      //!< already received: ignored
    OUTSIDE_WINDOW, //!< BSN outside the receive window: ignored
};

/**
 * \ingroup gprs
 * One block handed to the upper layer in BSN order.
 */
struct GprsRlcRxDelivery
{
    uint16_t bsn{0};     //!< its BSN
    bool received{true}; //!< false: lost (unacknowledged mode only), deliver fill data instead
};

/**
 * \ingroup gprs
 * Receiving side of an RLC entity: V(R), V(Q) and V(N) of TS 44.060 clauses 9.1.5-9.1.8.
 *
 * Usage per received block: Receive(); if NEW_BLOCK, store its contents by BSN; then take the
 * blocks that became deliverable, in BSN order, with PopDeliverable(). GetAckNack() builds the
 * Ack/Nack description to send.
 *
 * Acknowledged mode: the receive window is [V(Q), V(Q) + WS) (clause 9.1.6); blocks outside it
 * are ignored. Unacknowledged mode (clause 9.3.3): a block up to WS past V(R) moves the window so
 * that it ends at that block, and the missing blocks it leaves behind are delivered as lost; the
 * final block (FBI = 1) also closes every gap. Blocks further than WS behind V(R) are ignored. An
 * unacknowledged TBF cannot tell apart a run of WS or more consecutive losses from an old block:
 * SNS = 2 WS leaves no room.
 *
 * SNS and WS are the TBF's (GprsRlcSequenceSpace); GetAckNack() builds the GPRS description, so
 * only a GPRS window can describe itself.
 */
class GprsRlcRxWindow
{
  public:
    /**
     * \param mode RLC mode of the TBF
     * \param space its sequence space and window
     */
    explicit GprsRlcRxWindow(GprsRlcMode mode = GprsRlcMode::ACKNOWLEDGED,
                             GprsRlcSequenceSpace space = GprsRlcSequenceSpace::Gprs());

    /**
     * Start over for a new TBF, as if constructed with these arguments, keeping the memory of
     * V(N).
     * \param mode RLC mode of the TBF
     * \param space its sequence space and window
     */
    void Reset(GprsRlcMode mode, GprsRlcSequenceSpace space);

    /**
     * Process a received RLC data block header.
     *
     * \param bsn its BSN, 0..SNS-1
     * \param finalBlock its FBI bit (clause 10.4.8)
     * \return what happened to it
     * \throws std::invalid_argument if bsn is not 0..SNS-1, or if a new block lies past the final
     *         block or claims a second final block
     * \throws std::logic_error if the block would overwrite a block that PopDeliverable() has
     *         not handed out yet (the caller lags SNS blocks behind)
     */
    GprsRlcRxStatus Receive(uint16_t bsn, bool finalBlock = false);

    /**
     * \param bsn 0..SNS-1
     * \return whether V(Q) <= bsn < V(Q) + WS modulo SNS (clause 9.1.6)
     * \throws std::invalid_argument if bsn is not 0..SNS-1
     */
    bool IsInWindow(uint16_t bsn) const;

    /// \return how many blocks PopDeliverable() will hand out now
    uint16_t GetDeliverableCount() const
    {
        return m_undelivered;
    }

    /// \return the oldest block not yet handed to the upper layer, if it may be handed now
    std::optional<GprsRlcRxDelivery> PopDeliverable()
    {
        if (m_undelivered == 0)
        {
            return std::nullopt;
        }
        const uint16_t bsn = m_space.Mod(m_vQ - m_undelivered);
        --m_undelivered;
        return GprsRlcRxDelivery{bsn, TestVn(bsn)};
    }

    /**
     * \return the Ack/Nack description: FAI = IsComplete(), SSN = V(R), RBB from V(N)
     * \throws std::logic_error if the window's space is not GPRS's
     */
    GprsRlcAckNackDescription GetAckNack() const;

    /// \return receive state variable V(R): one past the highest BSN received
    uint16_t GetVR() const
    {
        return m_vR;
    }

    /// \return receive window state variable V(Q): the oldest BSN not yet received
    uint16_t GetVQ() const
    {
        return m_vQ;
    }

    /**
     * \param bsn 0..SNS-1
     * \return whether V(N) holds RECEIVED for it; meaningful for [V(R) - WS, V(R))
     * \throws std::invalid_argument if bsn is not 0..SNS-1
     */
    bool IsReceived(uint16_t bsn) const;

    /// \return the BSN of the block with FBI = 1, once received
    std::optional<uint16_t> GetFinalBsn() const;
    /// \return whether every block up to the final one was received (or, unacknowledged, lost)
    bool IsComplete() const;

    /// \return the RLC mode
    GprsRlcMode GetMode() const
    {
        return m_mode;
    }

    /// \return the sequence space and window
    const GprsRlcSequenceSpace& GetSpace() const
    {
        return m_space;
    }

  private:
    /**
     * Mark bsn RECEIVED, the skipped BSNs from V(R) INVALID, and raise V(R) to bsn + 1 if bsn is
     * at or past V(R).
     * \param bsn the received BSN
     */
    void MarkReceived(uint16_t bsn);
    /**
     * Raise V(Q) to newVQ (queueing the blocks it passes for delivery), then past the received
     * blocks up to V(R).
     * \param newVQ the lowest value of V(Q) allowed
     */
    void RaiseVQ(uint16_t newVQ);

    /**
     * \param bsn 0..SNS-1
     * \return the position of its V(N) element in m_vN, which holds V(N) mirrored (BSN b at
     *         SNS - 1 - b) so that the RBB is 64 consecutive bits of it (GetAckNack)
     */
    std::size_t VnPosition(uint16_t bsn) const
    {
        return m_space.GetSns() - 1u - bsn;
    }

    /**
     * \param bsn 0..SNS-1
     * \return whether its V(N) element is RECEIVED
     */
    bool TestVn(uint16_t bsn) const
    {
        const std::size_t p = VnPosition(bsn);
        return (m_vN[p / 64] >> (p % 64)) & 1U;
    }

    /**
     * \param bsn 0..SNS-1
     * \param received its new V(N) element
     */
    void SetVn(uint16_t bsn, bool received)
    {
        const std::size_t p = VnPosition(bsn);
        const uint64_t mask = uint64_t{1} << (p % 64);
        m_vN[p / 64] = received ? (m_vN[p / 64] | mask) : (m_vN[p / 64] & ~mask);
    }

    GprsRlcMode m_mode;                 //!< RLC mode
    GprsRlcSequenceSpace m_space;       //!< SNS and WS
    uint16_t m_vR{0};                   //!< V(R), clause 9.1.5
    uint16_t m_vQ{0};                   //!< V(Q), clause 9.1.6
    std::vector<uint64_t> m_vN;         //!< V(N), clause 9.1.7, at VnPosition: 1 = RECEIVED
    uint16_t m_undelivered{0};          //!< BSNs in [V(Q) - m_undelivered, V(Q)) not taken
    std::optional<uint16_t> m_finalBsn; //!< BSN of the block with FBI = 1
};

} // namespace ns3

#endif /* GPRS_RLC_WINDOW_H */
