/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_AIR_BLOCK_H
#define GPRS_AIR_BLOCK_H

#include "gprs-cell-mobile.h"

#include "ns3/gprs-radio-block-record.h"
#include "ns3/gprs-rlc-entity.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/gprs-uplink-block-controller.h"

/**
 * \file
 * \ingroup gprs
 * What is on the air in one direction of one PDCH during one block period.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What is on the air in one direction of one PDCH during one block period: nothing, an RLC
 * data block or a control block, with what its header and message carry. It takes effect at
 * its receiver at the next block boundary.
 */
struct GprsAirBlock
{
    /// What the block is.
    enum Kind : uint8_t
    {
        NONE,     //!< nothing on the air
        DATA,     //!< an RLC data block
        CONTROL,  //!< an RLC/MAC control block
    } kind{NONE}; //!< nothing, an RLC data block or a control block

    uint32_t ms{0};                    //!< sender (uplink) or addressee (downlink)
    GprsControlMessage msg{};          //!< the control message
    bool lost{false};                  //!< the receiver does not decode it
    bool final{false};                 //!< control: FAI of a Packet Uplink Ack/Nack
    bool tbfEst{false};                //!< Packet Uplink Ack/Nack: the cell's TbfEst is on
    bool channelRequest{false};        //!< Packet Downlink Ack/Nack asks for an uplink TBF
    bool stalled{false};               //!< uplink data: SI = 1, the mobile's window stalled
    bool polled{false};                //!< downlink: RRBP valid
    uint8_t cv{15};                    //!< uplink data: countdown value
    GprsRlcTxKind txKind{};            //!< data: new or sent again
    GprsPollPurpose purpose{};         //!< uplink control: what it answers
    GprsRlcDataBlock block;            //!< data block
    GprsRlcAckNackDescription ackNack; //!< Ack/Nack description

    /**
     * Fill in what the block's header and message say (kind, addressee, loss, C/I, TFI, data
     * block, message fields) for the RadioBlock trace.
     * \param dir its direction
     * \param ms its sender (uplink) or addressee (downlink)
     * \param r the record; its direction, PDCH, frame, RLC mode and USF are the caller's
     */
    void Describe(GprsDirection dir, const GprsCellMobile& ms, GprsRadioBlockRecord& r) const;
};

} // namespace ns3

#endif /* GPRS_AIR_BLOCK_H */
