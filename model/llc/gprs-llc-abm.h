/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_LLC_ABM_H
#define GPRS_LLC_ABM_H

#include "ns3/nstime.h"

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * LLC acknowledged operation: the asynchronous balanced mode (ABM) of one logical link entity
 * (3GPP TS 44.064 clauses 6.3, 6.4, 8.5, 8.6 and 8.9), frame sizes included.
 */

namespace ns3
{

/// N(S) and N(R) are 9-bit fields (TS 44.064 clauses 6.3.1, 6.3.2): numbers modulo 512.
constexpr uint16_t kGprsLlcAbmSns = 512;
/// Octets of the address field (TS 44.064 clause 6.2).
constexpr uint32_t kGprsLlcAddressOctets = 1;
/// Octets of the frame check sequence, a 24-bit CRC (TS 44.064 clause 5.5).
constexpr uint32_t kGprsLlcFcsOctets = 3;
/// Control field octets of the I (I+S) format (TS 44.064 clause 6.3.1), without SACK bitmap.
constexpr uint32_t kGprsLlcIControlOctets = 3;
/// Control field octets of the S format (TS 44.064 clause 6.3.2), without SACK bitmap.
constexpr uint32_t kGprsLlcSControlOctets = 2;
/// Control field octets of the UI format (TS 44.064 clause 6.3.3).
constexpr uint32_t kGprsLlcUiControlOctets = 2;
/// Control field octets of the U format (TS 44.064 clause 6.3.4).
constexpr uint32_t kGprsLlcUControlOctets = 1;
/// Octets a UI frame adds to its information field: 1 + 2 + 3 = 6.
constexpr uint32_t kGprsLlcUiOverheadOctets =
    kGprsLlcAddressOctets + kGprsLlcUiControlOctets + kGprsLlcFcsOctets;
/// Octets an I frame without SACK bitmap adds to its information field: 1 + 3 + 3 = 7.
constexpr uint32_t kGprsLlcIOverheadOctets =
    kGprsLlcAddressOctets + kGprsLlcIControlOctets + kGprsLlcFcsOctets;
/// Largest SACK bitmap R: K + 1 = 32 octets, 256 frames (TS 44.064 clause 6.3.1).
constexpr uint32_t kGprsLlcSackMaxBits = 256;

/**
 * \ingroup gprs
 * \param value any integer, possibly negative
 * \return value modulo 512, in 0..511
 */
constexpr uint16_t
GprsLlcAbmModSns(int value)
{
    return static_cast<uint16_t>(((value % kGprsLlcAbmSns) + kGprsLlcAbmSns) % kGprsLlcAbmSns);
}

/// Frame kinds an LLE exchanges in ABM (TS 44.064 clause 8.1); UI frames are not handled here.
enum class GprsLlcAbmFrameType : uint8_t
{
    I,    //!< I+S frame: information with a piggy-backed supervisory function
    S,    //!< supervisory frame
    SABM, //!< set asynchronous balanced mode command (U format, no XID parameters)
    UA,   //!< unnumbered acknowledgement response (U format)
};

/// Supervisory function bits S1 S2 of I and S frames (TS 44.064 clause 6.4.3).
enum class GprsLlcSupervisoryFunction : uint8_t
{
    RR = 0,   //!< receive ready: frames below N(R) received
    ACK = 1,  //!< frames below N(R) and frame N(R) + 1 received, N(R) not
    RNR = 2,  //!< receive not ready: frames below N(R) received, send no I frames
    SACK = 3, //!< frames below N(R) and those marked in the bitmap R received
};

/**
 * \ingroup gprs
 * One LLC frame of ABM as exchanged between two GprsLlcAbmEntity objects. The information field
 * is not carried: an I frame names the layer 3 PDU by the identifier the sender gave it.
 */
struct GprsLlcAbmFrame
{
    GprsLlcAbmFrameType type{GprsLlcAbmFrameType::S};                    //!< frame kind
    uint16_t ns{0};                                                      //!< N(S), I frames only
    uint16_t nr{0};                                                      //!< N(R), I and S frames
    GprsLlcSupervisoryFunction function{GprsLlcSupervisoryFunction::RR}; //!< I and S frames
    bool ackRequest{false}; //!< A bit (TS 44.064 clause 6.3.5.2), I and S frames
    /// SACK bitmap R, SACK only: bit n - 1 set = frame N(R) + n received (n = 1..256).
    std::bitset<kGprsLlcSackMaxBits> sackBitmap;
    uint64_t sduId{0};          //!< caller's identifier of the layer 3 PDU, I frames only
    uint32_t infoOctets{0};     //!< information field octets, I frames only
    bool retransmission{false}; //!< I frames: this N(S) was sent before

    /// \return octets of the SACK bitmap R as sent: 0 unless SACK, else 1..32
    uint32_t GetSackBitmapOctets() const;
    /// \return octets of the frame except the information field: address, control, SACK, FCS
    uint32_t GetHeaderOctets() const;
    /// \return octets of the whole frame
    uint32_t GetOctets() const;
};

/**
 * \ingroup gprs
 * The octets of an ABM frame (TS 44.064 clauses 6.2, 6.3): address field (PD = 0, C/R, SAPI); the
 * control field of the I+S format (0, A, X, N(S), X, N(R), S1 S2, then for SACK the K octet and
 * the bitmap R), the S format (1 0 A X X N(R) S1 S2, then for SACK the bitmap R) or the U format
 * (1 1 1 P/F M4..M1: SABM 0111 with P = 1, UA 0110 with F = 1); the information field of an I
 * frame; the FCS (GprsLlcFcs()). I frames and SABM are commands, S frames and UA responses: C/R
 * is 1 in a command from the network and in a response from the mobile (clause 6.2.2). Bitmap
 * octet 1 bit 8 is R(1), frame N(R) + 1.
 * \param frame the frame
 * \param sapi SAPI, 0..15
 * \param fromNetwork the SGSN sends it
 * \param information the information field of an I frame (frame.infoOctets octets)
 * \return the frame, frame.GetOctets() octets
 * \throws std::invalid_argument if sapi, N(S) or N(R) is out of range or the information field
 *         is not frame.infoOctets octets
 */
std::vector<uint8_t> EncodeLlcAbmFrame(const GprsLlcAbmFrame& frame,
                                       uint8_t sapi,
                                       bool fromNetwork,
                                       const std::vector<uint8_t>& information);

/**
 * \ingroup gprs
 * ABM parameters of one SAPI (TS 44.064 clause 8.9; XID-negotiable, both ends must agree).
 * T201, the I frame retransmission timer, runs with the value of T200: there is one XID
 * parameter for both (osmo-sgsn keeps one field, t200_201). The initial values are those of
 * SAPI 3 in TS 44.064 Table 9.
 */
struct GprsLlcAbmParameters
{
    Time t200{Seconds(5)}; //!< T200 and T201, 0.1 .. 409.5 s (XID counts 0.1 s)
    uint8_t n200{3};       //!< maximum retransmissions of a frame, 1 .. 15
    uint16_t n201I{1503};  //!< maximum I frame information field, 140 .. 1520 octets
    uint16_t kD{16};       //!< window of network-to-MS I frames, 1 .. 255
    uint16_t kU{16};       //!< window of MS-to-network I frames, 1 .. 255

    /**
     * \param sapi an SNDCP SAPI that may use ABM: 3, 5, 9 or 11
     * \return the default values of TS 44.064 Table 9 (clause 8.9.9) for that SAPI
     * \throws std::invalid_argument for any other SAPI
     */
    static GprsLlcAbmParameters ForSapi(uint8_t sapi);

    /// \throws std::invalid_argument naming the first parameter outside its range
    void Check() const;
};

/// Which end of the logical link an entity is: it sends with kU (MS) or kD (network).
enum class GprsLlcAbmSide : uint8_t
{
    MS,
    NETWORK,
};

/// LLE states used here (TS 44.064 annex C): ADM is "TLLI Assigned / ADM".
enum class GprsLlcAbmState : uint8_t
{
    ADM,                 //!< no ABM: I frames cannot be exchanged
    LOCAL_ESTABLISHMENT, //!< SABM sent, waiting for UA
    ABM,                 //!< information transfer
};

/// A layer 3 PDU handed to or by the entity.
struct GprsLlcAbmSdu
{
    uint64_t sduId{0};      //!< caller's identifier
    uint32_t infoOctets{0}; //!< information field octets of its I frame
};

/// Why the entity gave a PDU up.
enum class GprsLlcAbmAbandonCause : uint8_t
{
    REESTABLISHMENT,      //!< N200 exhausted here: this entity re-established the link
    PEER_REESTABLISHMENT, //!< the peer re-established the link (SABM received)
    RELEASE,              //!< re-establishment failed, the link went to ADM
};

/// A PDU given up without acknowledgement.
struct GprsLlcAbmAbandoned
{
    GprsLlcAbmSdu sdu;            //!< the PDU
    GprsLlcAbmAbandonCause cause; //!< why
};

/// Counters of one entity, for traces and for the framing cost.
struct GprsLlcAbmCounters
{
    uint64_t iFrames{0};              //!< I frames taken, first transmissions
    uint64_t iRetransmissions{0};     //!< I frames taken, retransmissions
    uint64_t sFrames{0};              //!< S frames taken
    uint64_t uFrames{0};              //!< SABM and UA frames taken
    uint64_t infoOctets{0};           //!< information field octets of the I frames taken
    uint64_t headerOctets{0};         //!< all other octets of the frames taken
    uint64_t duplicatesDiscarded{0};  //!< I frames received again or outside the window
    uint64_t busyDiscarded{0};        //!< I frames discarded in own receiver busy condition
    uint64_t reestablishments{0};     //!< re-establishments started here (N200 exhausted)
    uint64_t peerReestablishments{0}; //!< SABMs accepted from the peer
    uint64_t releases{0};             //!< re-establishments that failed (link to ADM)
};

/**
 * \ingroup gprs
 * \brief One LLC logical link entity in asynchronous balanced mode: the I frame transmitter
 * and receiver of TS 44.064 clause 8.6 with the establishment procedure of clause 8.5.1.
 *
 * Pure protocol logic: the entity never reads a clock and schedules nothing. Every input carries
 * the current time; the entity exposes when its single timer (T200 while establishing, T201
 * otherwise) expires and acts when OnTimer() is called at or after that time.
 *
 * Transmitter: PDUs given to Send() wait in a queue; TakeNextFrame() returns the next frame to
 * hand to the lower layer, in this order: a UA, an I frame to retransmit (lowest N(S) first),
 * a new I frame while V(S) < V(A) + k, an S frame when an acknowledgement is due. The A bit is
 * set on the last I frame of a sequence (nothing else sendable after it) and T201 is started for
 * that frame. Acknowledgements (N(R) of any I or S frame, ACK and SACK bitmaps) acknowledge
 * frames; a frame in a reported gap is retransmitted when its last copy was sent before the first
 * copy of a frame the peer reports received, and when T201 expires. While frames wait for an
 * acknowledgement T201 runs. When a frame would need more than N200 retransmissions the link is
 * re-established (SABM/UA) and every unacknowledged frame is abandoned; queued PDUs not yet sent
 * survive.
 *
 * Receiver: I frames are delivered in N(S) order, frames ahead of V(R) are kept (window k of the
 * peer's direction), duplicates are discarded. An acknowledgement (RR, ACK or SACK) is sent when
 * the peer sets the A bit or a new gap appears; every I frame carries one too.
 *
 * The lower layers must keep the order of the frames of each direction (they may lose frames):
 * an N(R) outside [V(A), V(S)] is reported as an error.
 */
class GprsLlcAbmEntity
{
  public:
    /**
     * The entity starts in ABM with V(S) = V(A) = V(R) = 0, as after establishment.
     * \param side which end: selects kU or kD as transmit window
     * \param parameters ABM parameters, checked
     * \throws std::invalid_argument if a parameter is out of range
     */
    explicit GprsLlcAbmEntity(
        GprsLlcAbmSide side,
        const GprsLlcAbmParameters& parameters = GprsLlcAbmParameters::ForSapi(3));

    /**
     * LL-DATA-REQ: queue a layer 3 PDU for acknowledged transfer. In ADM this starts
     * establishment.
     * \param sduId caller's identifier, returned with the PDU's outcome
     * \param infoOctets information field size, 1 .. N201-I
     * \throws std::invalid_argument if infoOctets is out of range
     */
    void Send(uint64_t sduId, uint32_t infoOctets);

    /**
     * A frame from the peer arrived.
     * \param frame the frame
     * \param now current time
     * \throws std::invalid_argument if a field is malformed or acknowledges a frame never sent
     */
    void Receive(const GprsLlcAbmFrame& frame, Time now);

    /// \return whether TakeNextFrame() would return a frame now
    bool HasFrameToSend() const;

    /**
     * Take the next frame for the lower layer and record its transmission.
     * \param now current time (T200 or T201 may start)
     * \return the frame, or nothing
     */
    std::optional<GprsLlcAbmFrame> TakeNextFrame(Time now);

    /// \return when the running timer expires, if one runs
    std::optional<Time> GetTimerExpiry() const;

    /**
     * Run the timer procedure if the timer has expired.
     * \param now current time
     * \return whether a timer expired (false: none runs or it expires after now)
     */
    bool OnTimer(Time now);

    /**
     * Own receiver busy condition (layer 3 cannot take data): received I frames are discarded
     * and RNR is sent until it is cleared.
     * \param busy whether the receiver is busy
     */
    void SetOwnReceiverBusy(bool busy);

    /// \return the next PDU delivered in order to layer 3 (LL-DATA-IND), if any
    std::optional<GprsLlcAbmSdu> PopDelivered();
    /// \return the next PDU acknowledged by the peer (LL-DATA-CNF), in N(S) order, if any
    std::optional<GprsLlcAbmSdu> PopConfirmed();
    /**
     * A PDU is reported abandoned once the peer's fate for it is settled: when the UA of the
     * re-establishment arrives, when the peer's SABM arrives, or when establishment fails. The
     * peer may have delivered it (only the acknowledgement was lost); with a lossy but
     * order-keeping lower layer it will not deliver it afterwards.
     * \return the next PDU given up, if any
     */
    std::optional<GprsLlcAbmAbandoned> PopAbandoned();

    /// \return the state
    GprsLlcAbmState GetState() const;
    /// \return V(S), the N(S) of the next new I frame
    uint16_t GetVS() const;
    /// \return V(A), the oldest unacknowledged N(S)
    uint16_t GetVA() const;
    /// \return V(R), the N(S) expected next
    uint16_t GetVR() const;
    /// \return I frames sent and not acknowledged in sequence: V(S) - V(A)
    uint16_t GetOutstanding() const;
    /// \return PDUs queued and not yet sent
    std::size_t GetQueued() const;
    /// \return the transmit window k (kU for the MS, kD for the network)
    uint16_t GetTransmitWindow() const;
    /// \return whether the peer reported receiver busy (RNR)
    bool IsPeerBusy() const;
    /// \return the parameters
    const GprsLlcAbmParameters& GetParameters() const;
    /// \return the counters
    const GprsLlcAbmCounters& GetCounters() const;

  private:
    /// Acknowledgement state of a sent I frame.
    enum class TxState : uint8_t
    {
        PENDING,    //!< sent, not acknowledged
        RETRANSMIT, //!< to be sent again
        ACKED,      //!< acknowledged (selectively, until V(A) passes it)
    };

    /// A sent I frame, indexed by N(S).
    struct TxSlot
    {
        GprsLlcAbmSdu sdu;               //!< its PDU
        TxState state{TxState::PENDING}; //!< acknowledgement state
        uint8_t retransmissions{0};      //!< retransmissions so far
        uint64_t firstSent{0};           //!< transmission order number of its first copy
        uint64_t lastSent{0};            //!< transmission order number of its last copy
    };

    /// What the running timer is for.
    enum class TimerKind : uint8_t
    {
        T200_SABM, //!< establishment, clause 8.5.1.3
        T201_I,    //!< acknowledgement of the I frame m_t201Ns
        T201_POLL, //!< peer receiver busy, clause 8.6.4
    };

    /// \return the first N(S) marked for retransmission counted from V(A), if any
    std::optional<uint16_t> FindRetransmission() const;
    /// \return whether an I frame can be taken now
    bool HasIFrameToSend() const;
    /// \return the I frame to take now, its N(S) recorded as sent
    GprsLlcAbmFrame TakeIFrame(Time now);
    /// \return the supervisory function and SACK bitmap describing the receive state
    GprsLlcAbmFrame BuildSupervisory(GprsLlcAbmFrameType type) const;
    /// Count a taken frame.
    void Count(const GprsLlcAbmFrame& frame);

    /**
     * Apply the N(R), function and bitmap of a received I or S frame.
     * \param frame the frame
     * \param now current time
     * \return false if the link is being re-established: stop processing the frame
     */
    bool ApplyAcknowledgement(const GprsLlcAbmFrame& frame, Time now);
    /**
     * Mark a sent frame for retransmission.
     * \param ns its N(S)
     * \return false if it was retransmitted N200 times: re-establishment has started
     */
    bool MarkForRetransmission(uint16_t ns);
    /// Handle a received I frame (receiver part).
    void ReceiveIFrame(const GprsLlcAbmFrame& frame);
    /// Handle a SABM: reset, answer UA, abandon what the peer will never acknowledge.
    void ReceiveSabm();

    /// N200 exhausted: start re-establishment (clause 8.5.1 procedures).
    void StartReestablishment();
    /// Establishment failed: abandon everything, go to ADM.
    void Release();
    /// Reset the state variables and buffers of both directions.
    void ResetLink();
    /**
     * Move the frames in [V(A), V(S)) to the abandoned list.
     * \param cause why
     * \param list where to put them
     */
    void AbandonOutstanding(GprsLlcAbmAbandonCause cause, std::deque<GprsLlcAbmAbandoned>& list);
    /**
     * Start or restart the timer.
     * \param kind what it is for
     * \param now current time
     */
    void StartTimer(TimerKind kind, Time now);
    /// Stop the timer.
    void StopTimer();

    GprsLlcAbmParameters m_parameters;             //!< parameters
    uint16_t m_k;                                  //!< transmit window
    uint16_t m_kReceive;                           //!< receive window (the peer's transmit window)
    GprsLlcAbmState m_state{GprsLlcAbmState::ABM}; //!< state

    // Transmitter.
    std::deque<GprsLlcAbmSdu> m_queue; //!< PDUs without N(S)
    std::vector<TxSlot> m_tx;          //!< sent frames by N(S), valid in [V(A), V(S))
    uint16_t m_vS{0};                  //!< V(S)
    uint16_t m_vA{0};                  //!< V(A)
    uint64_t m_sendOrder{0};           //!< I frames taken so far (orders copies)
    bool m_peerBusy{false};            //!< peer receiver busy condition
    bool m_forceAckRequest{false};     //!< set A on the next I frame (T201 expired)
    uint8_t m_pollCount{0};            //!< T201 expiries in peer busy condition
    bool m_pollPending{false};         //!< send an S frame with A = 1

    // Receiver.
    std::vector<GprsLlcAbmSdu> m_rx;        //!< frames kept ahead of V(R), by N(S)
    std::bitset<kGprsLlcAbmSns> m_rxStored; //!< which m_rx entries are valid
    uint16_t m_vR{0};                       //!< V(R)
    bool m_ackPending{false};               //!< an acknowledgement must be sent
    bool m_ownBusy{false};                  //!< own receiver busy condition

    // Link establishment.
    bool m_sabmPending{false};        //!< send SABM
    bool m_uaPending{false};          //!< send UA
    uint8_t m_sabmRetransmissions{0}; //!< T200 expiries during establishment

    // Timer.
    std::optional<Time> m_timerExpiry;        //!< expiry of the running timer
    TimerKind m_timerKind{TimerKind::T201_I}; //!< what it is for
    uint16_t m_t201Ns{0};                     //!< N(S) of the frame T201 waits for

    // Outputs.
    std::deque<GprsLlcAbmSdu> m_delivered;         //!< to layer 3
    std::deque<GprsLlcAbmSdu> m_confirmed;         //!< acknowledged
    std::deque<GprsLlcAbmAbandoned> m_abandoned;   //!< given up, settled
    std::deque<GprsLlcAbmAbandoned> m_abandonOnUa; //!< given up, settled when UA arrives
    GprsLlcAbmCounters m_counters;                 //!< counters
};

} // namespace ns3

#endif /* GPRS_LLC_ABM_H */
