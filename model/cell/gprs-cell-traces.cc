/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-cell-traces.h"

#include "ns3/trace-source-accessor.h"

namespace ns3
{

TypeId
GprsCellTraces::AddTraceSources(TypeId tid)
{
    return tid
        .AddTraceSource("RlcBlock",
                        "An RLC data block on the air (either direction), lost or not.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_rlcBlockTrace),
                        "ns3::GprsPcu::RlcBlockCallback")
        .AddTraceSource("ControlBlock",
                        "An RLC/MAC control block on the air (Ack/Nack, assignment).",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_controlTrace),
                        "ns3::GprsPcu::ControlBlockCallback")
        .AddTraceSource("RadioBlock",
                        "A radio block on the air, data or control, either direction, with "
                        "what its RLC/MAC header and message say (GprsRadioBlockRecord); "
                        "also a downlink block period that only carries a USF.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_radioBlockTrace),
                        "ns3::GprsPcu::RadioBlockCallback")
        .AddTraceSource("LlcFrame",
                        "An LLC frame joins its link's frames for RLC: mobile, direction and "
                        "what it carries (GprsLlcFrameRecord).",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_llcFrameTrace),
                        "ns3::GprsPcu::LlcFrameCallback")
        .AddTraceSource("TbfEstablished",
                        "A TBF starts; delay since the data that asked for it.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_tbfEstablishedTrace),
                        "ns3::GprsPcu::TbfEstablishedCallback")
        .AddTraceSource("TbfReleased",
                        "A TBF ends, normally or abnormally (counter expiry).",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_tbfReleasedTrace),
                        "ns3::GprsPcu::TbfReleasedCallback")
        .AddTraceSource("TbfRejected",
                        "No TFI (or, uplink, no USF) was free for a TBF: an uplink access is "
                        "rejected with a wait indication, downlink data waits for a TFI.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_tbfRejectedTrace),
                        "ns3::GprsPcu::TbfRejectedCallback")
        .AddTraceSource("BufferOccupancy",
                        "Octets in a mobile's downlink (GGSN) or uplink buffer, on change.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_bufferTrace),
                        "ns3::GprsPcu::BufferCallback")
        .AddTraceSource("BufferDrop",
                        "An IP packet dropped from a buffer: full, or its LLC PDU lifetime "
                        "expired.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_bufferDropTrace),
                        "ns3::GprsPcu::PacketCallback")
        .AddTraceSource("PacketDelivered",
                        "An IP packet reassembled at the far end of the radio link, with "
                        "its delay since the sending device accepted it.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_deliveredTrace),
                        "ns3::GprsPcu::DeliveredCallback")
        .AddTraceSource("LlcFrameLost",
                        "An LLC frame lost: unacknowledged-mode gap, or abnormal release "
                        "without retry.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_frameLostTrace),
                        "ns3::GprsPcu::FrameLostCallback")
        .AddTraceSource("RadioConditions",
                        "A mobile's C/I (dB) or outage state as seen by a block, on change.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_radioTrace),
                        "ns3::GprsPcu::RadioCallback")
        .AddTraceSource("LlcAbmFrame",
                        "LLC acknowledged mode: a frame (I, S, SABM, UA) leaves its entity "
                        "for RLC; mobile, the direction it travels, the frame.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_llcAbmFrameTrace),
                        "ns3::GprsPcu::LlcAbmFrameCallback")
        .AddTraceSource("LlcRetransmission",
                        "LLC acknowledged mode: an I frame sent again; mobile, direction, "
                        "frame octets.",
                        MakeTraceSourceAccessor(&GprsCellTraces::m_llcRetransmissionTrace),
                        "ns3::GprsPcu::LlcRetransmissionCallback");
}

} // namespace ns3
