/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-rlcmac-encoder.h"

#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{
/// Payload Type of an RLC data block (TS 44.060 Table 10.4.7.1).
constexpr uint8_t kPayloadData = 0;
/// Payload Type of an RLC/MAC control block without the optional octets (Table 10.4.7.1).
constexpr uint8_t kPayloadControl = 1;
/// The spare padding octet: spare padding bits are the bits of this octet at their positions
/// (TS 44.060 clause 10.0b, the same value as the RLC data field filler of clause 10.4.16).
constexpr uint8_t kSparePadding = kGprsRlcFillerOctet;

/// Message types of the downlink messages encoded here (TS 44.060 Table 11.2.1, 6 bits).
constexpr uint8_t kPacketDownlinkAssignment = 0b000010;
/// Packet Uplink Ack/Nack.
constexpr uint8_t kPacketUplinkAckNack = 0b001001;
/// Packet Uplink Assignment.
constexpr uint8_t kPacketUplinkAssignment = 0b001010;
/// Packet Downlink Dummy Control Block.
constexpr uint8_t kPacketDownlinkDummyControlBlock = 0b100101;

/// Message types of the uplink messages encoded here (TS 44.060 Table 11.2.1, 6 bits).
constexpr uint8_t kPacketControlAcknowledgement = 0b000001;
/// Packet Downlink Ack/Nack.
constexpr uint8_t kPacketDownlinkAckNack = 0b000010;
/// Packet Uplink Dummy Control Block.
constexpr uint8_t kPacketUplinkDummyControlBlock = 0b000011;
/// Packet Resource Request.
constexpr uint8_t kPacketResourceRequest = 0b000101;

/// CTRL_ACK '10': a control block with RBSN = 0 received, none with RBSN = 1 (Table 11.2.2.2).
constexpr uint8_t kCtrlAckRbsn0 = 0b10;
/// Referenced address choice '10': TLLI (TS 44.060 clauses 11.2.7, 11.2.29).
constexpr uint8_t kAddressTlli = 0b10;
/// Allocation choice '01': Dynamic Allocation struct (TS 44.060 clause 11.2.29).
constexpr uint8_t kDynamicAllocation = 0b01;
/// Frequency Parameters choice '00': a single ARFCN (TS 44.060 clause 12.8).
constexpr uint8_t kSingleArfcn = 0b00;

/**
 * \param cs a coding scheme
 * \return its CHANNEL_CODING_COMMAND value, CS-1 = 00 .. CS-4 = 11 (TS 44.060 clause 12.11)
 */
uint8_t
ChannelCodingCommand(GprsCodingScheme cs)
{
    return static_cast<uint8_t>(GetGprsCodingSchemeInfo(cs).cs) - 1;
}

/**
 * \param block a data block
 * \param field its data field
 * \throws std::invalid_argument if the field does not fill the block's coding scheme
 */
void
CheckDataField(const GprsRlcDataBlock& block, const GprsRlcDataField& field)
{
    if (field.octets.size() != GprsRlcDataOctets(block.cs))
    {
        throw std::invalid_argument("RLC data field of " + std::to_string(field.octets.size()) +
                                    " octets for a " + ToString(block.cs) + " block (expected " +
                                    std::to_string(GprsRlcDataOctets(block.cs)) + ")");
    }
}
} // namespace

uint32_t
GprsRlcMacBlockBits(GprsCodingScheme cs)
{
    // Data bits of the four channel codings: TS 45.003 clauses 5.1.1-5.1.4.
    static constexpr std::array<uint32_t, 4> kBits = {184, 271, 315, 431};
    return kBits[static_cast<uint8_t>(GetGprsCodingSchemeInfo(cs).cs) - 1];
}

uint32_t
GprsRlcMacBlockOctets(GprsCodingScheme cs)
{
    return (GprsRlcMacBlockBits(cs) + 7) / 8;
}

uint32_t
GprsLocalTlli(uint32_t id)
{
    if (id >= (uint32_t{1} << 30))
    {
        throw std::invalid_argument("TLLI source " + std::to_string(id) +
                                    " needs more than 30 bits (allowed: 0..1073741823)");
    }
    return 0xC0000000U | id;
}

GprsBitWriter::GprsBitWriter(uint32_t octets)
    : m_octets(octets, 0)
{
}

void
GprsBitWriter::Put(uint64_t value, uint32_t bits, const char* name)
{
    if (bits == 0 || bits > 64 || (bits < 64 && (value >> bits) != 0))
    {
        throw std::invalid_argument(std::string(name) + " = " + std::to_string(value) +
                                    " does not fit its " + std::to_string(bits) + "-bit field");
    }
    if (m_position + bits > m_octets.size() * 8)
    {
        throw std::invalid_argument(std::string(name) + " runs past the end of the " +
                                    std::to_string(m_octets.size()) + "-octet block");
    }
    for (uint32_t i = bits; i-- > 0; ++m_position)
    {
        if ((value >> i) & 1)
        {
            m_octets[m_position / 8] |= static_cast<uint8_t>(0x80 >> (m_position % 8));
        }
    }
}

void
GprsBitWriter::PutOctets(const std::vector<uint8_t>& octets)
{
    if (m_position % 8 != 0)
    {
        throw std::invalid_argument("octets written at bit " + std::to_string(m_position) +
                                    ", not on an octet boundary");
    }
    for (const uint8_t octet : octets)
    {
        Put(octet, 8, "octet");
    }
}

uint32_t
GprsBitWriter::GetPosition() const
{
    return m_position;
}

std::vector<uint8_t>
GprsBitWriter::FinishWithPadding()
{
    const auto size = static_cast<uint32_t>(m_octets.size() * 8);
    if (m_position < size)
    {
        ++m_position; // the '0' that opens the padding bits
    }
    for (; m_position < size; ++m_position)
    {
        if ((kSparePadding >> (7 - m_position % 8)) & 1)
        {
            m_octets[m_position / 8] |= static_cast<uint8_t>(0x80 >> (m_position % 8));
        }
    }
    return m_octets;
}

std::vector<uint8_t>
GprsBitWriter::Finish()
{
    m_position = static_cast<uint32_t>(m_octets.size() * 8);
    return m_octets;
}

std::vector<uint8_t>
GprsRlcMacEncoder::DownlinkDataBlock(const GprsDownlinkMacHeader& mac,
                                     uint8_t tfi,
                                     const GprsRlcDataBlock& block,
                                     const GprsRlcDataField& field)
{
    CheckDataField(block, field);
    if (block.tlli)
    {
        throw std::invalid_argument("downlink RLC data block BSN " + std::to_string(block.bsn) +
                                    " with a TLLI (allowed: uplink blocks only, TS 44.060 "
                                    "10.2.1 has no TI bit)");
    }
    GprsBitWriter w(GprsRlcMacBlockOctets(block.cs));
    w.Put(kPayloadData, 2, "Payload Type");
    w.Put(mac.rrbp, 2, "RRBP");
    w.Put(mac.sp, 1, "S/P");
    w.Put(mac.usf, 3, "USF");
    w.Put(0, 2, "PR");
    w.Put(tfi, 5, "TFI");
    w.Put(block.fbi, 1, "FBI");
    w.Put(block.bsn, 7, "BSN");
    w.Put(field.e, 1, "E");
    w.PutOctets(field.octets);
    return w.Finish();
}

std::vector<uint8_t>
GprsRlcMacEncoder::UplinkDataBlock(uint8_t cv,
                                   bool si,
                                   uint8_t tfi,
                                   const GprsRlcDataBlock& block,
                                   const GprsRlcDataField& field)
{
    CheckDataField(block, field);
    GprsBitWriter w(GprsRlcMacBlockOctets(block.cs));
    w.Put(kPayloadData, 2, "Payload Type");
    w.Put(cv, 4, "CV");
    w.Put(si, 1, "SI");
    w.Put(0, 1, "R");
    w.Put(0, 1, "spare");
    w.Put(0, 1, "PI");
    w.Put(tfi, 5, "TFI");
    w.Put(block.tlli, 1, "TI");
    w.Put(block.bsn, 7, "BSN");
    w.Put(field.e, 1, "E");
    w.PutOctets(field.octets);
    return w.Finish();
}

void
GprsRlcMacEncoder::PutDownlinkControlHeader(GprsBitWriter& w, const GprsDownlinkMacHeader& mac)
{
    w.Put(kPayloadControl, 2, "Payload Type");
    w.Put(mac.rrbp, 2, "RRBP");
    w.Put(mac.sp, 1, "S/P");
    w.Put(mac.usf, 3, "USF");
}

void
GprsRlcMacEncoder::PutUplinkControlHeader(GprsBitWriter& w)
{
    w.Put(kPayloadControl, 2, "Payload Type");
    w.Put(0, 5, "spare");
    w.Put(0, 1, "R");
}

void
GprsRlcMacEncoder::PutAckNack(GprsBitWriter& w, const GprsRlcAckNackDescription& ackNack)
{
    w.Put(ackNack.GetFinalAck(), 1, "FINAL_ACK_INDICATION");
    w.Put(ackNack.GetSsn(), 7, "STARTING_SEQUENCE_NUMBER");
    // Bit number 64 first (GprsRlcAckNackDescription: bit number n at bit position n - 1).
    w.Put(ackNack.GetRbb(), 64, "RECEIVED_BLOCK_BITMAP");
}

void
GprsRlcMacEncoder::PutAssignmentStart(GprsBitWriter& w,
                                      const GprsDownlinkMacHeader& mac,
                                      uint8_t messageType,
                                      uint32_t tlli)
{
    PutDownlinkControlHeader(w, mac);
    w.Put(messageType, 6, "MESSAGE_TYPE");
    w.Put(0, 2, "PAGE_MODE");
    w.Put(0, 1, "PERSISTENCE_LEVEL present");
    w.Put(kAddressTlli, 2, "referenced address (TLLI)");
    w.Put(tlli, 32, "TLLI");
    // The message escape bit: 0 selects the GPRS content (clauses 11.2.7, 11.2.29).
    w.Put(0, 1, "message escape");
}

void
GprsRlcMacEncoder::PutTimingAdvance(GprsBitWriter& w)
{
    w.Put(1, 1, "TIMING_ADVANCE_VALUE present");
    w.Put(0, 6, "TIMING_ADVANCE_VALUE");
    w.Put(0, 1, "TIMING_ADVANCE_INDEX present");
}

void
GprsRlcMacEncoder::PutFrequencyParameters(GprsBitWriter& w, uint16_t arfcn, uint8_t tsc)
{
    w.Put(1, 1, "Frequency Parameters present");
    w.Put(tsc, 3, "TSC");
    w.Put(kSingleArfcn, 2, "Frequency Parameters choice");
    w.Put(arfcn, 10, "ARFCN");
}

std::vector<uint8_t>
GprsRlcMacEncoder::PacketDownlinkAckNack(
    uint8_t tfi,
    const GprsRlcAckNackDescription& ackNack,
    const std::optional<GprsChannelRequestDescription>& request)
{
    GprsBitWriter w(GprsRlcMacBlockOctets(GprsCodingScheme::CS1));
    PutUplinkControlHeader(w);
    w.Put(kPacketDownlinkAckNack, 6, "MESSAGE_TYPE");
    w.Put(tfi, 5, "DOWNLINK_TFI");
    PutAckNack(w, ackNack);
    w.Put(request.has_value(), 1, "Channel Request Description present");
    if (request)
    {
        PutChannelRequestDescription(w, *request);
    }
    // Channel Quality Report struct: C_VALUE, RXQUAL, SIGN_VAR, then no I_LEVEL_TN0..7.
    w.Put(0, 6, "C_VALUE");
    w.Put(0, 3, "RXQUAL");
    w.Put(0, 6, "SIGN_VAR");
    w.Put(0, 8, "I_LEVEL_TN0..7 present");
    return w.FinishWithPadding();
}

void
GprsRlcMacEncoder::PutChannelRequestDescription(GprsBitWriter& w,
                                                const GprsChannelRequestDescription& request)
{
    w.Put(request.peakThroughputClass, 4, "PEAK_THROUGHPUT_CLASS");
    w.Put(request.radioPriority, 2, "RADIO_PRIORITY");
    w.Put(request.rlcMode == GprsRlcMode::UNACKNOWLEDGED, 1, "RLC_MODE");
    w.Put(request.llcPduNotAck, 1, "LLC_PDU_TYPE");
    w.Put(request.rlcOctetCount, 16, "RLC_OCTET_COUNT");
}

std::vector<uint8_t>
GprsRlcMacEncoder::PacketUplinkAckNack(const GprsDownlinkMacHeader& mac,
                                       uint8_t tfi,
                                       GprsCodingScheme command,
                                       const GprsRlcAckNackDescription& ackNack,
                                       std::optional<uint32_t> contentionResolutionTlli,
                                       std::optional<bool> tbfEst)
{
    GprsBitWriter w(GprsRlcMacBlockOctets(GprsCodingScheme::CS1));
    PutDownlinkControlHeader(w, mac);
    w.Put(kPacketUplinkAckNack, 6, "MESSAGE_TYPE");
    w.Put(0, 2, "PAGE_MODE");
    w.Put(0b00, 2, "'00' before UPLINK_TFI");
    w.Put(tfi, 5, "UPLINK_TFI");
    w.Put(0, 1, "message escape (GPRS)");
    w.Put(ChannelCodingCommand(command), 2, "CHANNEL_CODING_COMMAND");
    PutAckNack(w, ackNack);
    w.Put(contentionResolutionTlli.has_value(), 1, "CONTENTION_RESOLUTION_TLLI present");
    if (contentionResolutionTlli)
    {
        w.Put(*contentionResolutionTlli, 32, "CONTENTION_RESOLUTION_TLLI");
    }
    w.Put(0, 1, "Packet Timing Advance present");
    w.Put(0, 1, "Power Control Parameters present");
    w.Put(0, 1, "Extension Bits present");
    w.Put(0, 1, "'0' (formerly Fixed Allocation)");
    if (tbfEst)
    {
        w.Put(1, 1, "Additions for R99");
        w.Put(0, 1, "Packet Extended Timing Advance present");
        w.Put(*tbfEst, 1, "TBF_EST");
        w.Put(0, 1, "Additions for Rel-5 absent");
    }
    return w.FinishWithPadding();
}

std::vector<uint8_t>
GprsRlcMacEncoder::PacketControlAcknowledgement(uint32_t tlli)
{
    GprsBitWriter w(GprsRlcMacBlockOctets(GprsCodingScheme::CS1));
    PutUplinkControlHeader(w);
    w.Put(kPacketControlAcknowledgement, 6, "MESSAGE_TYPE");
    w.Put(tlli, 32, "TLLI");
    w.Put(kCtrlAckRbsn0, 2, "CTRL_ACK");
    return w.FinishWithPadding();
}

std::vector<uint8_t>
GprsRlcMacEncoder::PacketUplinkDummyControlBlock(uint32_t tlli)
{
    GprsBitWriter w(GprsRlcMacBlockOctets(GprsCodingScheme::CS1));
    PutUplinkControlHeader(w);
    w.Put(kPacketUplinkDummyControlBlock, 6, "MESSAGE_TYPE");
    w.Put(tlli, 32, "TLLI");
    return w.FinishWithPadding();
}

std::vector<uint8_t>
GprsRlcMacEncoder::PacketResourceRequest(uint32_t tlli,
                                         const GprsChannelRequestDescription& request)
{
    GprsBitWriter w(GprsRlcMacBlockOctets(GprsCodingScheme::CS1));
    PutUplinkControlHeader(w);
    w.Put(kPacketResourceRequest, 6, "MESSAGE_TYPE");
    w.Put(0, 1, "ACCESS_TYPE present");
    w.Put(1, 1, "TLLI (not Global TFI)");
    w.Put(tlli, 32, "TLLI");
    w.Put(0, 1, "MS Radio Access Capability 2 present");
    PutChannelRequestDescription(w, request);
    w.Put(0, 1, "CHANGE_MARK present");
    w.Put(0, 6, "C_VALUE");
    w.Put(0, 1, "SIGN_VAR present");
    w.Put(0, 8, "I_LEVEL_TN0..7 present");
    return w.FinishWithPadding();
}

std::vector<uint8_t>
GprsRlcMacEncoder::PacketDownlinkDummyControlBlock(const GprsDownlinkMacHeader& mac)
{
    GprsBitWriter w(GprsRlcMacBlockOctets(GprsCodingScheme::CS1));
    PutDownlinkControlHeader(w, mac);
    w.Put(kPacketDownlinkDummyControlBlock, 6, "MESSAGE_TYPE");
    w.Put(0, 2, "PAGE_MODE");
    w.Put(0, 1, "PERSISTENCE_LEVEL present");
    return w.FinishWithPadding();
}

std::vector<uint8_t>
GprsRlcMacEncoder::PacketDownlinkAssignment(const GprsDownlinkMacHeader& mac,
                                            const GprsDownlinkAssignment& assignment)
{
    GprsBitWriter w(GprsRlcMacBlockOctets(GprsCodingScheme::CS1));
    PutAssignmentStart(w, mac, kPacketDownlinkAssignment, assignment.tlli);
    w.Put(0, 2, "MAC_MODE (dynamic allocation)");
    w.Put(assignment.rlcMode == GprsRlcMode::UNACKNOWLEDGED, 1, "RLC_MODE");
    w.Put(assignment.controlAck, 1, "CONTROL_ACK");
    w.Put(assignment.timeslots, 8, "TIMESLOT_ALLOCATION");
    PutTimingAdvance(w);
    w.Put(0, 1, "P0 present");
    PutFrequencyParameters(w, assignment.arfcn, assignment.tsc);
    w.Put(1, 1, "DOWNLINK_TFI_ASSIGNMENT present");
    w.Put(assignment.tfi, 5, "DOWNLINK_TFI_ASSIGNMENT");
    w.Put(0, 1, "Power Control Parameters present");
    w.Put(0, 1, "TBF Starting Time present");
    w.Put(0, 1, "Measurement Mapping present");
    return w.FinishWithPadding();
}

std::vector<uint8_t>
GprsRlcMacEncoder::PacketUplinkAssignment(const GprsDownlinkMacHeader& mac,
                                          const GprsUplinkAssignment& assignment)
{
    GprsBitWriter w(GprsRlcMacBlockOctets(GprsCodingScheme::CS1));
    PutAssignmentStart(w, mac, kPacketUplinkAssignment, assignment.tlli);
    w.Put(ChannelCodingCommand(assignment.cs), 2, "CHANNEL_CODING_COMMAND");
    w.Put(0, 1, "TLLI_BLOCK_CHANNEL_CODING");
    PutTimingAdvance(w);
    PutFrequencyParameters(w, assignment.arfcn, assignment.tsc);
    w.Put(kDynamicAllocation, 2, "allocation (dynamic)");
    w.Put(0, 1, "Extended_Dynamic_Allocation");
    w.Put(0, 1, "P0 present");
    w.Put(0, 1, "USF_GRANULARITY");
    w.Put(1, 1, "UPLINK_TFI_ASSIGNMENT present");
    w.Put(assignment.tfi, 5, "UPLINK_TFI_ASSIGNMENT");
    w.Put(0, 1, "RLC_DATA_BLOCKS_GRANTED present");
    w.Put(0, 1, "TBF Starting Time present");
    w.Put(0, 1, "Timeslot Allocation (without power control parameters)");
    for (const auto& usf : assignment.usf)
    {
        w.Put(usf.has_value(), 1, "USF_TN present");
        if (usf)
        {
            w.Put(*usf, 3, "USF_TN");
        }
    }
    return w.FinishWithPadding();
}

} // namespace ns3
