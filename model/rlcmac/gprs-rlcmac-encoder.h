/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RLCMAC_ENCODER_H
#define GPRS_RLCMAC_ENCODER_H

#include "gprs-rlc-segmentation.h"
#include "gprs-rlc-window.h"

#include "ns3/gprs-coding-scheme.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Bit-exact encoding of GPRS RLC/MAC blocks: RLC data blocks (3GPP TS 44.060 clause 10.2) and
 * the RLC/MAC control messages the model sends (clause 11.2), as a radio block carries them.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \param cs a coding scheme
 * \return bits of an RLC/MAC block in that scheme: 184, 271, 315 or 431 (TS 45.003 clauses
 *         5.1.1-5.1.4; TS 44.060 Table 10.2.1: 23, 33, 39, 53 octets and 0, 7, 3, 7 spare bits)
 */
uint32_t GprsRlcMacBlockBits(GprsCodingScheme cs);

/**
 * \ingroup gprs
 * \param cs a coding scheme
 * \return octets that hold an RLC/MAC block: 23, 34, 40 or 54, the spare bits of the last
 *         octet set to 0 (the sizes GSMTAP carries and Wireshark tells the schemes apart by)
 */
uint32_t GprsRlcMacBlockOctets(GprsCodingScheme cs);

/**
 * \ingroup gprs
 * \param id a number below 2^30 (the exporters use the mobile's node id)
 * \return the local TLLI built from it: bits 31 and 30 set, bits 29..0 = id (TS 23.003 clause
 *         2.6, as from a P-TMSI)
 * \throws std::invalid_argument if id needs more than 30 bits
 */
uint32_t GprsLocalTlli(uint32_t id);

/**
 * \ingroup gprs
 * \brief Writes the fields of an RLC/MAC block most significant bit first, octet after octet
 * (TS 44.060 clause 10.0b: bit 8 of octet 1 goes first; CSN.1 fields are written the same way).
 */
class GprsBitWriter
{
  public:
    /// \param octets size of the block
    explicit GprsBitWriter(uint32_t octets);

    /**
     * Append a field.
     * \param value its value
     * \param bits its width, 1..64
     * \param name its name in TS 44.060, for the error message
     * \throws std::invalid_argument if value needs more than bits bits, or the block is full
     */
    void Put(uint64_t value, uint32_t bits, const char* name);

    /**
     * Append whole octets (the write position must be on an octet boundary).
     * \param octets the octets
     * \throws std::invalid_argument if not on an octet boundary or the block is full
     */
    void PutOctets(const std::vector<uint8_t>& octets);

    /// \return bits written so far
    uint32_t GetPosition() const;

    /**
     * End a control message with its padding bits: a '0' bit, then spare padding, the bits of
     * the octet 00101011 at their positions (TS 44.060 clause 11: < padding bits > ::=
     * { null | 0 < spare padding > ... }; clause 10.0b: spare padding).
     * \return the block
     */
    std::vector<uint8_t> FinishWithPadding();

    /// \return the block, bits not written (spare bits, TS 44.060 clause 10.1) set to 0
    std::vector<uint8_t> Finish();

  private:
    std::vector<uint8_t> m_octets; //!< the block
    uint32_t m_position{0};        //!< next bit to write
};

/**
 * \ingroup gprs
 * The MAC header fields of a downlink RLC/MAC block (TS 44.060 clauses 10.2.1, 10.3.1).
 */
struct GprsDownlinkMacHeader
{
    uint8_t usf{0};  //!< USF: who sends the next uplink block of this PDCH (10.4.1)
    bool sp{false};  //!< S/P: RRBP valid, the addressee answers in a reserved block (10.4.4)
    uint8_t rrbp{0}; //!< RRBP: which uplink block is reserved, 0..3 (10.4.5)
};

/**
 * \ingroup gprs
 * The Channel Request Description IE a Packet Downlink Ack/Nack carries to ask for an uplink TBF
 * (TS 44.060 clause 12.7).
 */
struct GprsChannelRequestDescription
{
    uint8_t peakThroughputClass{0}; //!< PEAK_THROUGHPUT_CLASS, 0..15 (0: not given)
    uint8_t radioPriority{0};       //!< RADIO_PRIORITY, 0..3 (0: priority 1, the highest)
    GprsRlcMode rlcMode{GprsRlcMode::ACKNOWLEDGED}; //!< RLC_MODE of the requested TBF
    bool llcPduNotAck{true};   //!< LLC_PDU_TYPE 1: the first LLC PDU is not a SACK or ACK
    uint16_t rlcOctetCount{0}; //!< RLC_OCTET_COUNT (0: open-ended TBF)
};

/**
 * \ingroup gprs
 * What a Packet Downlink Assignment says (TS 44.060 clause 11.2.7): a downlink TBF on a single
 * ARFCN with dynamic allocation, the mobile addressed by its TLLI.
 */
struct GprsDownlinkAssignment
{
    uint32_t tlli{0};                               //!< the mobile
    GprsRlcMode rlcMode{GprsRlcMode::ACKNOWLEDGED}; //!< RLC_MODE
    uint8_t timeslots{0};   //!< TIMESLOT_ALLOCATION: bit 7 (the first sent) is TN 0
    uint8_t tfi{0};         //!< DOWNLINK_TFI_ASSIGNMENT
    uint16_t arfcn{0};      //!< ARFCN of the Frequency Parameters IE, 0..1023 (clause 12.8)
    uint8_t tsc{0};         //!< training sequence code, 0..7
    bool controlAck{false}; //!< CONTROL_ACK: a new TBF while the mobile's T3192 runs
};

/**
 * \ingroup gprs
 * What a Packet Uplink Assignment says (TS 44.060 clause 11.2.29): an uplink TBF on a single
 * ARFCN with dynamic allocation, the mobile addressed by its TLLI.
 */
struct GprsUplinkAssignment
{
    uint32_t tlli{0};                            //!< the mobile
    GprsCodingScheme cs{GprsCodingScheme::CS1};  //!< CHANNEL_CODING_COMMAND
    uint8_t tfi{0};                              //!< UPLINK_TFI_ASSIGNMENT
    std::array<std::optional<uint8_t>, 8> usf{}; //!< USF_TN per timeslot; none: not assigned
    uint16_t arfcn{0};                           //!< ARFCN, 0..1023 (clause 12.8)
    uint8_t tsc{0};                              //!< training sequence code, 0..7
};

/**
 * \ingroup gprs
 * \brief Encodes RLC/MAC blocks bit by bit as TS 44.060 lays them out (clauses 10.2, 10.3, 11.2,
 * 12): pure functions of the fields, no simulator state.
 *
 * Every optional part the model does not use is written absent: no PR (power reduction 0), no
 * PFI in uplink data blocks (PI = 0), no optional control header octets, no Packet
 * Timing Advance beyond TIMING_ADVANCE_VALUE = 0, no power control, no Release 99 or later
 * additions. Control messages end with padding bits (clause 11) in a CS-1 block.
 */
class GprsRlcMacEncoder
{
  public:
    /**
     * A downlink RLC data block (TS 44.060 clause 10.2.1): MAC header (Payload Type 00, RRBP,
     * S/P, USF), RLC header (PR = 0, TFI, FBI; BSN, E), then the RLC data field.
     * \param mac the MAC header fields
     * \param tfi the downlink TFI, 0..31
     * \param block the block (BSN, coding scheme, FBI)
     * \param field its data field as EncodeRlcDataBlock() makes it (E bit, LI octets, LLC data)
     * \return GprsRlcMacBlockOctets(block.cs) octets
     * \throws std::invalid_argument if a field is out of range, the data field's size is not
     *         that of the coding scheme, or the block carries a TLLI (uplink only)
     */
    static std::vector<uint8_t> DownlinkDataBlock(const GprsDownlinkMacHeader& mac,
                                                  uint8_t tfi,
                                                  const GprsRlcDataBlock& block,
                                                  const GprsRlcDataField& field);

    /**
     * An uplink RLC data block (TS 44.060 clause 10.2.2): MAC header (Payload Type 00, CV, SI,
     * R = 0), RLC header (spare, PI = 0, TFI, TI; BSN, E), then the RLC data field, whose LI
     * octets are followed by the TLLI when the block carries one (TI = block.tlli, clauses
     * 10.4.9, 10.4.15: during contention resolution, clause 7.1.2.3).
     * \param cv countdown value, 0..15 (clause 10.4.6; 0 in the last block of the TBF)
     * \param si stall indicator: the sender's window is stalled (clause 10.4.3)
     * \param tfi the uplink TFI, 0..31
     * \param block the block (BSN, coding scheme)
     * \param field its data field, the TLLI in it when block.tlli (EncodeRlcDataBlock())
     * \return GprsRlcMacBlockOctets(block.cs) octets
     * \throws std::invalid_argument if a field is out of range or the data field's size is not
     *         that of the coding scheme
     */
    static std::vector<uint8_t> UplinkDataBlock(uint8_t cv,
                                                bool si,
                                                uint8_t tfi,
                                                const GprsRlcDataBlock& block,
                                                const GprsRlcDataField& field);

    /**
     * Packet Downlink Ack/Nack (TS 44.060 clause 11.2.6), uplink: DOWNLINK_TFI, the Ack/Nack
     * Description IE (clause 12.3), the Channel Request Description IE when given, and a Channel
     * Quality Report with C_VALUE, RXQUAL and SIGN_VAR 0 and no I_LEVEL (the model measures none
     * of them).
     * \param tfi the downlink TFI
     * \param ackNack FAI, SSN and the 64-bit RBB
     * \param request asks for an uplink TBF when present
     * \return a CS-1 block (23 octets)
     */
    static std::vector<uint8_t> PacketDownlinkAckNack(
        uint8_t tfi,
        const GprsRlcAckNackDescription& ackNack,
        const std::optional<GprsChannelRequestDescription>& request);

    /**
     * Packet Uplink Ack/Nack (TS 44.060 clause 11.2.28), downlink, GPRS: UPLINK_TFI,
     * CHANNEL_CODING_COMMAND, the Ack/Nack Description IE and, during contention resolution,
     * CONTENTION_RESOLUTION_TLLI (clause 7.1.2.3).
     * \param mac the MAC header fields
     * \param tfi the uplink TFI
     * \param command the coding scheme the mobile shall use
     * \param ackNack FAI, SSN and the RBB
     * \param contentionResolutionTlli the mobile's TLLI, echoed; none: absent
     * \param tbfEst TBF_EST of the Release 99 additions (set on a final Ack/Nack, the mobile
     *        may ask for a new uplink TBF in its answer: clause 9.3.2.4.2); none: a Release 97
     *        message without those additions
     * \return a CS-1 block
     */
    static std::vector<uint8_t> PacketUplinkAckNack(
        const GprsDownlinkMacHeader& mac,
        uint8_t tfi,
        GprsCodingScheme command,
        const GprsRlcAckNackDescription& ackNack,
        std::optional<uint32_t> contentionResolutionTlli = std::nullopt,
        std::optional<bool> tbfEst = std::nullopt);

    /**
     * Packet Control Acknowledgement (TS 44.060 clause 11.2.2), uplink, RLC/MAC control block
     * format, CTRL_ACK = 10: the answer to a control block without optional header octets
     * (which counts as RBSN = 0, Table 11.2.2.2).
     * \param tlli the mobile's TLLI
     * \return a CS-1 block
     */
    static std::vector<uint8_t> PacketControlAcknowledgement(uint32_t tlli);

    /**
     * Packet Resource Request (TS 44.060 clause 11.2.16), uplink: the mobile addressed by its
     * TLLI asks for an uplink TBF, here in the block the final Packet Uplink Ack/Nack reserved
     * (TBF_EST, clause 9.3.2.4.2); no access type, radio access capability, change mark or
     * interference levels; C_VALUE 0 as in the model's Packet Downlink Ack/Nack.
     * \param tlli the mobile's TLLI
     * \param request the Channel Request Description IE (clause 12.7)
     * \return a CS-1 block
     */
    static std::vector<uint8_t> PacketResourceRequest(uint32_t tlli,
                                                      const GprsChannelRequestDescription& request);

    /**
     * Packet Uplink Dummy Control Block (TS 44.060 clause 11.2.8b), uplink.
     * \param tlli the mobile's TLLI
     * \return a CS-1 block
     */
    static std::vector<uint8_t> PacketUplinkDummyControlBlock(uint32_t tlli);

    /**
     * Packet Downlink Dummy Control Block (TS 44.060 clause 11.2.8), downlink, PAGE_MODE normal,
     * no PERSISTENCE_LEVEL: the block that carries a USF when nothing else is sent.
     * \param mac the MAC header fields
     * \return a CS-1 block
     */
    static std::vector<uint8_t> PacketDownlinkDummyControlBlock(const GprsDownlinkMacHeader& mac);

    /**
     * Packet Downlink Assignment (TS 44.060 clause 11.2.7), downlink.
     * \param mac the MAC header fields
     * \param assignment what it assigns
     * \return a CS-1 block
     */
    static std::vector<uint8_t> PacketDownlinkAssignment(const GprsDownlinkMacHeader& mac,
                                                         const GprsDownlinkAssignment& assignment);

    /**
     * Packet Uplink Assignment (TS 44.060 clause 11.2.29), downlink, dynamic allocation.
     * \param mac the MAC header fields
     * \param assignment what it assigns
     * \return a CS-1 block
     */
    static std::vector<uint8_t> PacketUplinkAssignment(const GprsDownlinkMacHeader& mac,
                                                       const GprsUplinkAssignment& assignment);

  private:
    /// \param w a CS-1 block being written \param mac downlink MAC header, control payload
    static void PutDownlinkControlHeader(GprsBitWriter& w, const GprsDownlinkMacHeader& mac);
    /// \param w a CS-1 block being written: uplink MAC header, control payload
    static void PutUplinkControlHeader(GprsBitWriter& w);
    /**
     * The start of an assignment: MAC header, message type, PAGE_MODE normal, no
     * PERSISTENCE_LEVEL, the mobile's TLLI, the message escape bit 0 (GPRS).
     * \param w a CS-1 block being written \param mac the MAC header fields
     * \param messageType the message type \param tlli the mobile's TLLI
     */
    static void PutAssignmentStart(GprsBitWriter& w,
                                   const GprsDownlinkMacHeader& mac,
                                   uint8_t messageType,
                                   uint32_t tlli);
    /// \param w a block being written \param ackNack the Ack/Nack Description IE (clause 12.3)
    static void PutAckNack(GprsBitWriter& w, const GprsRlcAckNackDescription& ackNack);
    /// \param w a block being written \param request the Channel Request Description IE
    /// (clause 12.7)
    static void PutChannelRequestDescription(GprsBitWriter& w,
                                             const GprsChannelRequestDescription& request);
    /// \param w a block being written: Packet Timing Advance IE, TIMING_ADVANCE_VALUE 0 (12.12)
    static void PutTimingAdvance(GprsBitWriter& w);
    /**
     * The Frequency Parameters IE with one ARFCN (clause 12.8), after its presence bit.
     * \param w a block being written \param arfcn the ARFCN \param tsc the training sequence
     */
    static void PutFrequencyParameters(GprsBitWriter& w, uint16_t arfcn, uint8_t tsc);
};

} // namespace ns3

#endif /* GPRS_RLCMAC_ENCODER_H */
