/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CELL_TRACES_H
#define GPRS_CELL_TRACES_H

#include "ns3/gprs-llc-abm.h"
#include "ns3/gprs-llc-link.h"
#include "ns3/gprs-radio-block-record.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/traced-callback.h"
#include "ns3/type-id.h"

/**
 * \file
 * \ingroup gprs
 * The trace sources of a cell (GprsPcu).
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Every trace source of a cell, with its signature. A base of GprsPcu, so that the sources
 * keep their names (`ns3::GprsPcu/RlcBlock`, ...) and the signatures theirs
 * (`ns3::GprsPcu::RlcBlockCallback`, ...).
 */
struct GprsCellTraces
{
    /**
     * Add the trace sources to the TypeId of a class derived from GprsCellTraces.
     * \param tid the TypeId
     * \return tid
     */
    static TypeId AddTraceSources(TypeId tid);

    /// Signature of the RlcBlock trace source.
    typedef void (*RlcBlockCallback)(const GprsRlcBlockRecord& record);
    /// Signature of the RadioBlock trace source.
    typedef void (*RadioBlockCallback)(const GprsRadioBlockRecord& record);
    /// Signature of the LlcFrame trace source.
    typedef void (*LlcFrameCallback)(uint32_t ms,
                                     GprsDirection dir,
                                     const GprsLlcFrameRecord& frame);
    /// Signature of the ControlBlock trace source.
    typedef void (*ControlBlockCallback)(uint32_t ms,
                                         GprsControlMessage msg,
                                         uint8_t pdch,
                                         bool lost);
    /// Signature of the TbfEstablished trace source.
    typedef void (*TbfEstablishedCallback)(uint32_t ms, GprsDirection dir, Time delay);
    /// Signature of the TbfRejected trace source.
    typedef void (*TbfRejectedCallback)(uint32_t ms, GprsDirection dir);
    /// Signature of the TbfReleased trace source.
    typedef void (*TbfReleasedCallback)(uint32_t ms, GprsDirection dir, bool abnormal);
    /// Signature of the BufferOccupancy trace source.
    typedef void (*BufferCallback)(uint32_t ms, GprsDirection dir, uint32_t bytes);
    /// Signature of the BufferDrop trace source.
    typedef void (*PacketCallback)(uint32_t ms, GprsDirection dir, Ptr<const Packet> packet);
    /// Signature of the PacketDelivered trace source.
    typedef void (*DeliveredCallback)(uint32_t ms,
                                      GprsDirection dir,
                                      Ptr<const Packet> packet,
                                      Time delay);
    /// Signature of the LlcFrameLost trace source.
    typedef void (*FrameLostCallback)(uint32_t ms, GprsDirection dir, uint32_t octets);
    /// Signature of the RadioConditions trace source.
    typedef void (*RadioCallback)(uint32_t ms, double ciDb, bool outage);
    /// Signature of the LlcAbmFrame trace source.
    typedef void (*LlcAbmFrameCallback)(uint32_t ms,
                                        GprsDirection dir,
                                        const GprsLlcAbmFrame& frame);
    /// Signature of the LlcRetransmission trace source.
    typedef void (*LlcRetransmissionCallback)(uint32_t ms, GprsDirection dir, uint32_t octets);

    TracedCallback<const GprsRlcBlockRecord&> m_rlcBlockTrace;                  //!< data blocks
    TracedCallback<uint32_t, GprsControlMessage, uint8_t, bool> m_controlTrace; //!< control
    TracedCallback<const GprsRadioBlockRecord&> m_radioBlockTrace;              //!< every block
    TracedCallback<uint32_t, GprsDirection, const GprsLlcFrameRecord&> m_llcFrameTrace; //!< LLC
    TracedCallback<uint32_t, GprsDirection, Time> m_tbfEstablishedTrace;                //!< TBF up
    TracedCallback<uint32_t, GprsDirection, bool> m_tbfReleasedTrace; //!< TBF down
    TracedCallback<uint32_t, GprsDirection> m_tbfRejectedTrace;       //!< no TFI/USF free
    TracedCallback<uint32_t, GprsDirection, uint32_t> m_bufferTrace;  //!< occupancy
    TracedCallback<uint32_t, GprsDirection, Ptr<const Packet>> m_bufferDropTrace;      //!< drops
    TracedCallback<uint32_t, GprsDirection, Ptr<const Packet>, Time> m_deliveredTrace; //!< rx
    TracedCallback<uint32_t, GprsDirection, uint32_t> m_frameLostTrace;                //!< LLC lost
    TracedCallback<uint32_t, double, bool> m_radioTrace;                               //!< C/I
    TracedCallback<uint32_t, GprsDirection, const GprsLlcAbmFrame&> m_llcAbmFrameTrace; //!< ABM
    TracedCallback<uint32_t, GprsDirection, uint32_t> m_llcRetransmissionTrace; //!< I resent
};

} // namespace ns3

#endif /* GPRS_CELL_TRACES_H */
