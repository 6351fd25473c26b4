/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RADIO_BLOCK_RECORD_H
#define GPRS_RADIO_BLOCK_RECORD_H

#include "gprs-rlc-entity.h"
#include "gprs-rlcmac-types.h"

#include "ns3/gprs-coding-scheme.h"

#include <array>
#include <cstdint>
#include <optional>

/**
 * \file
 * \ingroup gprs
 * What the cell reports of each block on the air (the GprsPcu "RlcBlock" and "RadioBlock" trace
 * sources), for statistics and exporters such as GprsGsmtapWriter.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * One RLC data block on the air, as reported by the GprsPcu "RlcBlock" trace source.
 */
struct GprsRlcBlockRecord
{
    uint32_t ms;         //!< mobile index in the cell
    GprsDirection dir;   //!< direction
    uint8_t pdch;        //!< timeslot
    uint16_t bsn;        //!< block sequence number
    GprsCodingScheme cs; //!< coding scheme
    GprsRlcTxKind kind;  //!< new, NACKed retransmission or pending-ack resend
    bool fbi;            //!< final block indicator
    bool polled;         //!< RRBP valid (downlink): the mobile must answer
    bool stalled;        //!< the sender's window is stalled after this block
    bool lost;           //!< the receiver failed to decode it
    double ciDb;         //!< C/I at the receiver
    double bler;         //!< BLER the loss was drawn with
};

/// USF value no uplink TBF gets: the model hands out 0..6 on each PDCH (GprsTbfResources),
/// so 7 in a downlink block grants the next uplink block to nobody (TS 44.060 clause 10.4.1).
constexpr uint8_t kGprsUsfFree = 7;

/**
 * \ingroup gprs
 * One radio block on the air with what its RLC/MAC header and control message say, as reported
 * by the GprsPcu "RadioBlock" trace source for exporters such as GprsGsmtapWriter. Pointers point
 * into the PCU and are valid during the callback only.
 */
struct GprsRadioBlockRecord
{
    /// What the block is.
    enum Kind : uint8_t
    {
        DATA,     //!< an RLC data block
        CONTROL,  //!< an RLC/MAC control block carrying msg
        USF_ONLY, //!< downlink: no block of the model, only a USF to carry (in the real cell a
                  //!< Packet Downlink Dummy Control Block, TS 44.060 clause 11.2.8)
    };

    Kind kind{DATA};                            //!< what the block is
    GprsDirection dir{GprsDirection::DOWNLINK}; //!< direction
    uint8_t pdch{0};                            //!< timeslot
    uint64_t frame{0}; //!< first TDMA frame of the block since frame 0 (FN: GprsBlockTiming::ToFn)
    uint32_t ms{0};    //!< sender (uplink) or addressee (downlink); USF_ONLY: the mobile granted
    bool lost{false};  //!< the receiver does not decode it (USF_ONLY: the mobile misses its USF)
    double ciDb{0};    //!< C/I of the mobile (dB) when the block was sent
    uint8_t usf{kGprsUsfFree}; //!< downlink: USF of the next uplink block of this PDCH
    bool polled{false}; //!< downlink: S/P = 1, RRBP = 0: the addressee answers 3 blocks later
    uint8_t tfi{0};     //!< data, Ack/Nack: the TBF's TFI; assignment: the TFI assigned
    const GprsRlcDataBlock* block{nullptr};   //!< data: the block (BSN, CS, FBI, segments)
    GprsRlcTxKind txKind{GprsRlcTxKind::NEW}; //!< data: new or sent again
    uint8_t cv{15};                           //!< uplink data: countdown value (10.4.6)
    bool stalled{false};                      //!< uplink data: SI, the mobile's window is stalled
    GprsControlMessage msg{};                 //!< control: the message
    const GprsRlcAckNackDescription* ackNack{nullptr}; //!< Ack/Nack messages: the description
    bool channelRequest{false};       //!< Packet Downlink Ack/Nack: asks for an uplink TBF
    bool contentionResolution{false}; //!< Packet Uplink Ack/Nack: carries the mobile's TLLI as
                                      //!< CONTENTION_RESOLUTION_TLLI (TS 44.060 7.1.2.3)
    /// Packet Uplink Ack/Nack: TBF_EST of its Release 99 additions (set on the final one when
    /// the cell's TbfEst is on); none: the cell sends Release 97 messages without them
    std::optional<bool> tbfEst;
    GprsCodingScheme cs{GprsCodingScheme::CS1};     //!< data: its CS; Packet Uplink Ack/Nack and
                                                    //!< Packet Uplink Assignment: the CS commanded
    GprsRlcMode rlcMode{GprsRlcMode::ACKNOWLEDGED}; //!< RLC mode of the cell's TBFs
    uint8_t timeslots{0};   //!< assignments: timeslots assigned, bit 7 is TN 0
    bool controlAck{false}; //!< Packet Downlink Assignment: CONTROL_ACK, the mobile's T3192 runs
    std::array<uint8_t, 8> usfs{}; //!< Packet Uplink Assignment: USF per assigned timeslot
};

} // namespace ns3

#endif /* GPRS_RADIO_BLOCK_RECORD_H */
