/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-pcu.h"

#include "gprs-bss-net-device.h"
#include "gprs-ms-net-device.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/gprs-block-timing.h"
#include "ns3/gprs-link-adaptation.h"
#include "ns3/gprs-multislot-class.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/gprs-scheduler.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <functional>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsPcu");

NS_OBJECT_ENSURE_REGISTERED(GprsPcu);

namespace
{
/// Control blocks are always sent with CS-1 (TS 44.060 clause 10.2, 11).
constexpr GprsCodingScheme kControlCs = GprsCodingScheme::CS1;
/// RRBP = 0: the reserved uplink block starts 13 frames later, always 3 blocks later.
constexpr uint64_t kRrbpBlocks = 3;

constexpr uint32_t
DirIndex(GprsDirection dir)
{
    return dir == GprsDirection::DOWNLINK ? 0 : 1;
}

constexpr GprsDirection
Opposite(GprsDirection dir)
{
    return dir == GprsDirection::DOWNLINK ? GprsDirection::UPLINK : GprsDirection::DOWNLINK;
}

/**
 * Blocks whose store memory a pooled RLC entity keeps (6.7 KB): the short TBFs that carry TCP
 * ACKs (most TBFs) reuse it; a long TBF's store (up to 128 blocks, 53 KB) is freed at release,
 * so that a cell's pool does not hold the high-water memory of its busiest moment (the busy
 * network of gprs-benchmark, 500 cells: peak 368,612 KiB so, 560,092 KiB with whole stores).
 */
constexpr std::size_t kPooledStoreBlocks = 16;

/**
 * \param pool entities of released TBFs, reset at release
 * \param mode RLC mode of the new TBF
 * \return an entity for a new TBF: one of \p pool (reset again only if the RlcMode attribute
 *         changed since its release), or a new one if it is empty
 */
template <typename Entity>
std::unique_ptr<Entity>
FromPool(std::vector<std::unique_ptr<Entity>>& pool, GprsRlcMode mode)
{
    if (pool.empty())
    {
        return std::make_unique<Entity>(mode);
    }
    std::unique_ptr<Entity> entity = std::move(pool.back());
    pool.pop_back();
    if (entity->GetMode() != mode)
    {
        entity->Reset(mode, kPooledStoreBlocks);
    }
    return entity;
}
} // namespace

namespace
{
/// T3192 values SI13 can carry (TS 44.060 12.24, 3-bit code).
constexpr std::array<int64_t, 8> kT3192Ms = {0, 80, 120, 160, 200, 500, 1000, 1500};

/// Accepts factories of GprsLinkAdaptation types only (ns-3's checker takes any type, and
/// the PCU would then create an object that chooses no coding scheme).
Ptr<const AttributeChecker>
MakeGprsLinkAdaptationChecker()
{
    return Create<GprsPredicateChecker<ObjectFactoryValue>>(
        [](const ObjectFactoryValue& v) {
            const TypeId tid = v.Get().GetTypeId();
            const TypeId base = GprsLinkAdaptation::GetTypeId();
            return tid == base || tid.IsChildOf(base);
        },
        "ns3::ObjectFactoryValue",
        "ns3::GprsLinkAdaptation or a type derived from it, as Type or Type[Name=value|...]");
}

/// Accepts only the T3192 values SI13 can carry.
Ptr<const AttributeChecker>
MakeGprsT3192Checker()
{
    return Create<GprsPredicateChecker<TimeValue>>(
        [](const TimeValue& v) {
            return std::find(kT3192Ms.begin(), kT3192Ms.end(), v.Get().GetMilliSeconds()) !=
                       kT3192Ms.end() &&
                   v.Get() == MilliSeconds(v.Get().GetMilliSeconds());
        },
        "ns3::TimeValue",
        "Time, one of 0ms 80ms 120ms 160ms 200ms 500ms 1000ms 1500ms");
}
} // namespace

TypeId
GprsPcu::GetTypeId()
{
    // Only a mobile's LLC mode may be Cell (the mode of its cell's PCU).
    const auto notCell = [](GprsLlcMode mode) { return mode != GprsLlcMode::CELL; };
    static TypeId tid =
        TypeId("ns3::GprsPcu")
            .SetParent<Object>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsPcu>()
            .AddAttribute("NumberOfPdchs",
                          "PDCHs (timeslots) of the cell carrying packet data, 1..8. Default 4, "
                          "the setup of Meyer (WCNC 1999) and Rendon et al.",
                          UintegerValue(4),
                          MakeUintegerAccessor(&GprsPcu::m_numPdch),
                          MakeUintegerChecker<uint32_t>(1, 8))
            .AddAttribute("RlcMode",
                          "RLC mode of every TBF (TS 44.060 clause 9.3). Default acknowledged, "
                          "as in all the studies reproduced.",
                          GprsRlcModeValue(GprsRlcMode::ACKNOWLEDGED),
                          MakeGprsRlcModeAccessor(&GprsPcu::m_rlcMode),
                          MakeGprsEnumChecker<GprsRlcModeValue>("ns3::GprsRlcModeValue"))
            .AddAttribute("BlerFile",
                          "Text file of BLER(CS, C/I) points replacing the default curves "
                          "(format in doc/gprs.rst); empty: the defaults.",
                          StringValue(""),
                          MakeStringAccessor(&GprsPcu::m_blerFile),
                          MakeStringChecker())
            .AddAttribute("DownlinkLinkAdaptation",
                          "Coding scheme choice for downlink TBFs. Default: fixed CS-2, the "
                          "scheme of the networks measured by Chakravorty and by Benko.",
                          StringValue("ns3::GprsFixedLinkAdaptation[CodingScheme=CS-2]"),
                          MakeObjectFactoryAccessor(&GprsPcu::m_dlLinkAdaptation),
                          MakeGprsLinkAdaptationChecker())
            .AddAttribute("UplinkLinkAdaptation",
                          "Coding scheme choice for uplink TBFs. Default: fixed CS-2.",
                          StringValue("ns3::GprsFixedLinkAdaptation[CodingScheme=CS-2]"),
                          MakeObjectFactoryAccessor(&GprsPcu::m_ulLinkAdaptation),
                          MakeGprsLinkAdaptationChecker())
            .AddAttribute("Scheduler",
                          "Which TBF gets a PDCH in a block period.",
                          StringValue("ns3::GprsRoundRobinScheduler"),
                          MakePointerAccessor(&GprsPcu::m_scheduler),
                          MakePointerChecker<GprsScheduler>())
            .AddAttribute("DownlinkAssignmentDelay",
                          "Seconds from the first downlink packet for an idle mobile to its "
                          "TBF (paging/CCCH Packet Downlink Assignment). Default uniform "
                          "0.1..0.2 s: the TBF set-up cost measured by Chakravorty & Pratt "
                          "(JCN 2002).",
                          StringValue("ns3::UniformRandomVariable[Min=0.1|Max=0.2]"),
                          MakePointerAccessor(&GprsPcu::m_dlAssignmentDelay),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("UplinkAccessDelay",
                          "Seconds from uplink data at a mobile without a TBF and no downlink "
                          "TBF to the uplink TBF (random access, Immediate Assignment). Default "
                          "uniform 0.1..0.2 s, as the downlink (Chakravorty & Pratt; Rendon et "
                          "al. use an access grant wait of 0.1 s).",
                          StringValue("ns3::UniformRandomVariable[Min=0.1|Max=0.2]"),
                          MakePointerAccessor(&GprsPcu::m_ulAccessDelay),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("PollInterval",
                          "The network polls (RRBP) a downlink TBF every N data blocks, on the "
                          "final block and when the window is about to stall. Default 16: a "
                          "quarter of the 64-block window, so that the Ack/Nack (3 blocks "
                          "later) arrives before the window stalls.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&GprsPcu::m_pollInterval),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("UplinkAckInterval",
                          "The network sends a Packet Uplink Ack/Nack every N received uplink "
                          "blocks, and on the final block. Default 16, as PollInterval.",
                          UintegerValue(16),
                          MakeUintegerAccessor(&GprsPcu::m_ulAckInterval),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("T3192",
                          "After its downlink TBF ends the mobile listens to PACCH this long, "
                          "so a new downlink TBF is assigned there without CCCH delay "
                          "(TS 44.060 clause 13.1). SI13 codes it in 3 bits (TS 44.060 "
                          "12.24): 0, 80, 120, 160, 200, 500, 1000 or 1500 ms. Default 1500 ms "
                          "as osmo-pcu.",
                          TimeValue(MilliSeconds(1500)),
                          MakeTimeAccessor(&GprsPcu::m_t3192),
                          MakeGprsT3192Checker())
            .AddAttribute("T3193",
                          "After a normal downlink release the network keeps the TFI this long "
                          "(TS 44.060 clause 13.2: longer than T3192). Default 1600 ms as "
                          "osmo-pcu.",
                          TimeValue(MilliSeconds(1600)),
                          MakeTimeAccessor(&GprsPcu::m_t3193),
                          MakeTimeChecker(Seconds(0), Seconds(60)))
            .AddAttribute("T3195",
                          "After N3105 expiry the network neither addresses the mobile nor "
                          "reuses its TFI for this long (TS 44.060 clause 13.2; default 5 s as "
                          "osmo-pcu).",
                          TimeValue(Seconds(5)),
                          MakeTimeAccessor(&GprsPcu::m_t3195),
                          MakeTimeChecker(Seconds(0), Seconds(60)))
            .AddAttribute("T3169",
                          "After N3101 or N3103 expiry the network reuses neither the USF nor "
                          "the TFI of the uplink TBF for this long (TS 44.060 clause 13.2; "
                          "default 5 s as osmo-pcu).",
                          TimeValue(Seconds(5)),
                          MakeTimeAccessor(&GprsPcu::m_t3169),
                          MakeTimeChecker(Seconds(0), Seconds(60)))
            .AddAttribute("PacchAssignmentMax",
                          "A PACCH assignment is polled and sent again while its poll goes "
                          "unanswered, at most this many times; then the network reaches the "
                          "mobile through CCCH. Default 8: osmo-pcu counts unanswered assignment "
                          "polls in N3105 (default 8).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&GprsPcu::m_assignmentMax),
                          MakeUintegerChecker<uint32_t>(1, 255))
            .AddAttribute("ReselectionTime",
                          "A mobile that reselects a cell (GprsMsNetDevice::CellReselections) "
                          "cannot be reached for this long: it camps on the new cell and reads "
                          "its system information (TS 45.008 clause 6.6); then it sends a cell "
                          "update, an uplink LLC frame through a new uplink TBF (TS 23.060 "
                          "clause 6.9.1.2.1), and only then can downlink data reach it. "
                          "Default 2 s: an engineer's estimate of camping and reading the new "
                          "cell's system information, not a measurement.",
                          TimeValue(Seconds(2)),
                          MakeTimeAccessor(&GprsPcu::m_reselectionTime),
                          MakeTimeChecker(Seconds(0), Seconds(60)))
            .AddAttribute("BsCvMax",
                          "BS_CV_MAX broadcast in SI13/PSI1 (TS 44.060 clauses 9.3.1, 12.24): a "
                          "mobile starts counting down once its blocks left fit in this many "
                          "block periods of its uplink timeslots, and data arriving later waits "
                          "for the next TBF. 1..15; default 15.",
                          UintegerValue(15),
                          MakeUintegerAccessor(&GprsPcu::m_bsCvMax),
                          MakeUintegerChecker<uint32_t>(1, 15))
            .AddAttribute("AccessRejectWait",
                          "Wait indication of the Immediate Assignment Reject (T3122, TS 44.018 "
                          "3.5.2.1.3.4) or Packet Access Reject (TS 44.060 11.2.1) a mobile gets "
                          "when no TFI or USF is free: it tries again after this. Default 20 s, "
                          "osmo-pcu's wait indication on CCCH (T3142).",
                          TimeValue(Seconds(20)),
                          MakeTimeAccessor(&GprsPcu::m_accessRejectWait),
                          MakeTimeChecker(Seconds(0), Seconds(255)))
            .AddAttribute("KeepAliveInterval",
                          "While a TBF is held (DelayedReleaseTime, ExtendedUplinkTime) the "
                          "network sends the mobile a polled block with an LLC dummy frame "
                          "(downlink) or gives it a USF, answered with data or a Packet Uplink "
                          "Dummy Control Block (uplink, TS 44.060 9.3.1b), this often. Default "
                          "200 ms, about osmo-pcu's keep-alive rate.",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&GprsPcu::m_keepAlive),
                          MakeTimeChecker(MilliSeconds(20), Seconds(10)))
            .AddAttribute("DelayedReleaseTime",
                          "Release 99 delayed downlink TBF release: keep the TBF open this long "
                          "after the last data; 0 disables (GPRS Release 97, Meyer's setup).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&GprsPcu::m_delayedRelease),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("ExtendedUplinkTime",
                          "Release 4 extended uplink TBF: keep the uplink TBF open this long "
                          "after the last data; 0 disables.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&GprsPcu::m_extendedUplink),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("N3105Max",
                          "Unanswered polls of a downlink TBF before it is released abnormally "
                          "(TS 44.060 clause 13.3; default 8 as osmo-pcu).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&GprsPcu::m_n3105Max),
                          MakeUintegerChecker<uint32_t>(1, 255))
            .AddAttribute("N3101Max",
                          "Unused uplink grants (USF) before an uplink TBF is released "
                          "abnormally (TS 44.060 clause 13.3: must exceed 8; default 10 as "
                          "osmo-pcu).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&GprsPcu::m_n3101Max),
                          MakeUintegerChecker<uint32_t>(9, 255))
            .AddAttribute("N3103Max",
                          "Repetitions of the final Packet Uplink Ack/Nack without Packet "
                          "Control Ack before the network releases the uplink TBF "
                          "(TS 44.060 clause 13.3; default 4 as osmo-pcu).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&GprsPcu::m_n3103Max),
                          MakeUintegerChecker<uint32_t>(1, 255))
            .AddAttribute("RetryAfterAbort",
                          "After an abnormal TBF release, send the LLC frames not known to be "
                          "delivered again on the next TBF (TS 44.060 clause 8.7.2 'abnormal "
                          "release with retry'); false loses them (counted and traced).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&GprsPcu::m_retryAfterAbort),
                          MakeBooleanChecker())
            .AddAttribute("DownlinkBufferBytes",
                          "Per-mobile downlink buffer of the core network (GGSN/SGSN), drop-tail, "
                          "in octets of IP packets. Default 128 KiB: Chakravorty & Pratt "
                          "measured over 120 KB on Vodafone UK.",
                          UintegerValue(131072),
                          MakeUintegerAccessor(&GprsPcu::m_dlBufferBytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("UplinkBufferBytes",
                          "Per-mobile uplink buffer in the mobile, drop-tail, octets of IP "
                          "packets. Default 64 KiB (engineer's choice: large enough that "
                          "TCP's window, not the buffer, limits the uplink).",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&GprsPcu::m_ulBufferBytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("LlcPduLifetime",
                          "Downlink IP packets that waited longer than this in the GGSN/SGSN "
                          "buffer are dropped (BufferDrop) when RLC would take them: the LLC PDU "
                          "lifetime the SGSN gives each frame (BSSGP PDU Lifetime, TS 48.018 "
                          "11.3.25; osmo-sgsn sends 10 s, osmo-pcu discards expired frames). "
                          "Default 0: no lifetime, as in the studies reproduced.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&GprsPcu::m_llcLifetime),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("N201U",
                          "Largest LLC information field (TS 44.064 clause 8.9.5: 140..1520, "
                          "default 500 octets for SAPI 3).",
                          UintegerValue(500),
                          MakeUintegerAccessor(&GprsPcu::m_n201U),
                          MakeUintegerChecker<uint32_t>(140, 1520))
            .AddAttribute("LlcOverhead",
                          "LLC octets per frame: address 1 + UI control 2 + FCS 3 "
                          "(TS 44.064 clauses 5, 6.3).",
                          UintegerValue(6),
                          MakeUintegerAccessor(&GprsPcu::m_llcOverhead),
                          MakeUintegerChecker<uint32_t>(0, 64))
            .AddAttribute("SndcpFirstHeader",
                          "SNDCP SN-UNITDATA header of the first segment of an N-PDU: 4 octets "
                          "(TS 44.065 clause 7.2).",
                          UintegerValue(kGprsSnUnitdataFirstHeaderOctets),
                          MakeUintegerAccessor(&GprsPcu::m_sndcpFirstHeader),
                          MakeUintegerChecker<uint32_t>(0, 64))
            .AddAttribute("SndcpNextHeader",
                          "SNDCP SN-UNITDATA header of later segments: 3 octets (no PCOMP/DCOMP "
                          "octet, TS 44.065 clause 7.2).",
                          UintegerValue(kGprsSnUnitdataNextHeaderOctets),
                          MakeUintegerAccessor(&GprsPcu::m_sndcpNextHeader),
                          MakeUintegerChecker<uint32_t>(0, 64))
            .AddAttribute("LlcMode",
                          "LLC mode of the mobiles whose own LlcMode is Cell (TS 44.064 clause "
                          "4.1): Unacknowledged (UI frames: what RLC loses is lost) or "
                          "Acknowledged (ABM: I frames acknowledged and sent again, at most "
                          "LlcN200 times). Default Unacknowledged, as in Meyer's setup and the "
                          "base cases of Rendon et al., who compare it with 'TCP + LLC ACK'.",
                          GprsLlcModeValue(GprsLlcMode::UNACKNOWLEDGED),
                          MakeGprsLlcModeAccessor(&GprsPcu::m_llcMode),
                          MakeGprsEnumChecker<GprsLlcModeValue>("ns3::GprsLlcModeValue", notCell))
            .AddAttribute("LlcN200",
                          "LLC acknowledged mode: retransmissions of an I frame (and of SABM) "
                          "before the link is re-established and the I frames not acknowledged "
                          "are given up, their IP packets lost (TS 44.064 clause 8.9: 1..15; "
                          "default 3, Table 9).",
                          UintegerValue(3),
                          MakeUintegerAccessor(&GprsPcu::m_llcN200),
                          MakeUintegerChecker<uint32_t>(1, 15))
            .AddAttribute("LlcT200",
                          "LLC acknowledged mode: T200 and T201, the SABM and I frame "
                          "retransmission timer (TS 44.064 clause 8.9: 0.1..409.5 s; default "
                          "5 s, Table 9 for SAPI 3).",
                          TimeValue(Seconds(5)),
                          MakeTimeAccessor(&GprsPcu::m_llcT200),
                          MakeTimeChecker(MilliSeconds(100), MilliSeconds(409500)))
            .AddAttribute("LlcWindow",
                          "LLC acknowledged mode: k, the I frames sent and not acknowledged, "
                          "kD = kU (TS 44.064 clause 8.9: 1..255; default 16, Table 9 for SAPI "
                          "3).",
                          UintegerValue(16),
                          MakeUintegerAccessor(&GprsPcu::m_llcWindow),
                          MakeUintegerChecker<uint32_t>(1, 255))
            .AddAttribute("LlcN201I",
                          "LLC acknowledged mode: largest I frame information field, N201-I "
                          "(TS 44.064 clause 8.9: 140..1520; default 1503, Table 9). SNDCP "
                          "(SN-DATA, TS 44.065 clause 7.2: 3 header octets on the first "
                          "segment, 1 on later ones) segments IP packets to fit it.",
                          UintegerValue(1503),
                          MakeUintegerAccessor(&GprsPcu::m_llcN201I),
                          MakeUintegerChecker<uint32_t>(140, 1520))
            .AddTraceSource("RlcBlock",
                            "An RLC data block on the air (either direction), lost or not.",
                            MakeTraceSourceAccessor(&GprsPcu::m_rlcBlockTrace),
                            "ns3::GprsPcu::RlcBlockCallback")
            .AddTraceSource("ControlBlock",
                            "An RLC/MAC control block on the air (Ack/Nack, assignment).",
                            MakeTraceSourceAccessor(&GprsPcu::m_controlTrace),
                            "ns3::GprsPcu::ControlBlockCallback")
            .AddTraceSource("RadioBlock",
                            "A radio block on the air, data or control, either direction, with "
                            "what its RLC/MAC header and message say (GprsRadioBlockRecord); "
                            "also a downlink block period that only carries a USF.",
                            MakeTraceSourceAccessor(&GprsPcu::m_radioBlockTrace),
                            "ns3::GprsPcu::RadioBlockCallback")
            .AddTraceSource("LlcFrame",
                            "An LLC frame joins its link's frames for RLC: mobile, direction and "
                            "what it carries (GprsLlcFrameRecord).",
                            MakeTraceSourceAccessor(&GprsPcu::m_llcFrameTrace),
                            "ns3::GprsPcu::LlcFrameCallback")
            .AddTraceSource("TbfEstablished",
                            "A TBF starts; delay since the data that asked for it.",
                            MakeTraceSourceAccessor(&GprsPcu::m_tbfEstablishedTrace),
                            "ns3::GprsPcu::TbfEstablishedCallback")
            .AddTraceSource("TbfReleased",
                            "A TBF ends, normally or abnormally (counter expiry).",
                            MakeTraceSourceAccessor(&GprsPcu::m_tbfReleasedTrace),
                            "ns3::GprsPcu::TbfReleasedCallback")
            .AddTraceSource("TbfRejected",
                            "No TFI (or, uplink, no USF) was free for a TBF: an uplink access is "
                            "rejected with a wait indication, downlink data waits for a TFI.",
                            MakeTraceSourceAccessor(&GprsPcu::m_tbfRejectedTrace),
                            "ns3::GprsPcu::TbfRejectedCallback")
            .AddTraceSource("BufferOccupancy",
                            "Octets in a mobile's downlink (GGSN) or uplink buffer, on change.",
                            MakeTraceSourceAccessor(&GprsPcu::m_bufferTrace),
                            "ns3::GprsPcu::BufferCallback")
            .AddTraceSource("BufferDrop",
                            "An IP packet dropped from a buffer: full, or its LLC PDU lifetime "
                            "expired.",
                            MakeTraceSourceAccessor(&GprsPcu::m_bufferDropTrace),
                            "ns3::GprsPcu::PacketCallback")
            .AddTraceSource("PacketDelivered",
                            "An IP packet reassembled at the far end of the radio link, with "
                            "its delay since the sending device accepted it.",
                            MakeTraceSourceAccessor(&GprsPcu::m_deliveredTrace),
                            "ns3::GprsPcu::DeliveredCallback")
            .AddTraceSource("LlcFrameLost",
                            "An LLC frame lost: unacknowledged-mode gap, or abnormal release "
                            "without retry.",
                            MakeTraceSourceAccessor(&GprsPcu::m_frameLostTrace),
                            "ns3::GprsPcu::FrameLostCallback")
            .AddTraceSource("RadioConditions",
                            "A mobile's C/I (dB) or outage state as seen by a block, on change.",
                            MakeTraceSourceAccessor(&GprsPcu::m_radioTrace),
                            "ns3::GprsPcu::RadioCallback")
            .AddTraceSource("LlcAbmFrame",
                            "LLC acknowledged mode: a frame (I, S, SABM, UA) leaves its entity "
                            "for RLC; mobile, the direction it travels, the frame.",
                            MakeTraceSourceAccessor(&GprsPcu::m_llcAbmFrameTrace),
                            "ns3::GprsPcu::LlcAbmFrameCallback")
            .AddTraceSource("LlcRetransmission",
                            "LLC acknowledged mode: an I frame sent again; mobile, direction, "
                            "frame octets.",
                            MakeTraceSourceAccessor(&GprsPcu::m_llcRetransmissionTrace),
                            "ns3::GprsPcu::LlcRetransmissionCallback");
    return tid;
}

GprsPcu::GprsPcu()
{
    m_uniform = CreateObject<GprsUnitUniformRandomVariable>();
    // MakeEvent returns the event with one reference already: the Ptr takes it over.
    m_blockEvent = Ptr<EventImpl>(MakeEvent(&GprsPcu::BlockEvent, this), false);
}

GprsPcu::~GprsPcu() = default;

void
GprsPcu::CheckConfiguration() const
{
    if (!(m_t3193 > m_t3192))
    {
        std::ostringstream msg;
        msg << "T3193 (" << m_t3193.As(Time::MS) << ") must exceed T3192 (" << m_t3192.As(Time::MS)
            << "), TS 44.060 clause 13";
        throw std::invalid_argument(msg.str());
    }
    GprsLlcFraming(m_n201U, m_llcOverhead, m_sndcpFirstHeader, m_sndcpNextHeader);
    GprsLlcFraming(m_llcN201I, 0, kGprsSnDataFirstHeaderOctets, kGprsSnDataNextHeaderOctets);
    m_dlLinkAdaptation.Create<GprsLinkAdaptation>()->CheckConsistency();
    m_ulLinkAdaptation.Create<GprsLinkAdaptation>()->CheckConsistency();
}

void
GprsPcu::DoInitialize()
{
    try
    {
        CheckConfiguration();
        m_framing = std::make_unique<GprsLlcFraming>(m_n201U,
                                                     m_llcOverhead,
                                                     m_sndcpFirstHeader,
                                                     m_sndcpNextHeader);
        // I frames: the entity adds its own header octets (GprsLlcAbmFrame::GetOctets()).
        m_abmFraming = std::make_unique<GprsLlcFraming>(m_llcN201I,
                                                        0,
                                                        kGprsSnDataFirstHeaderOctets,
                                                        kGprsSnDataNextHeaderOctets);
        GprsLlcAbmParameters abm;
        abm.t200 = m_llcT200;
        abm.n200 = static_cast<uint8_t>(m_llcN200);
        abm.n201I = static_cast<uint16_t>(m_llcN201I);
        abm.kD = abm.kU = static_cast<uint16_t>(m_llcWindow);
        for (GprsCellMobile& ms : m_mss)
        {
            const GprsLlcMode mode = ms.dev->GetLlcMode();
            if ((mode == GprsLlcMode::CELL ? m_llcMode : mode) == GprsLlcMode::ACKNOWLEDGED)
            {
                ms.dl.llc = std::make_unique<GprsBearer::LlcAbm>(GprsLlcAbmSide::NETWORK, abm);
                ms.ul.llc = std::make_unique<GprsBearer::LlcAbm>(GprsLlcAbmSide::MS, abm);
            }
        }
        if (!m_blerFile.empty())
        {
            m_bler = GprsBlerModel::LoadFile(m_blerFile);
        }
    }
    catch (const std::exception& e)
    {
        NS_FATAL_ERROR("GprsPcu: " << e.what());
    }
    GprsTimeslotLoad load;
    std::map<int, std::vector<GprsTimeslotCandidate>> candidates; // per multislot class
    for (uint32_t i = 0; i < m_mss.size(); ++i)
    {
        // The buffer sizes may have changed since AddMs().
        m_mss[i].dl.buffer->SetMaxSize(QueueSize(QueueSizeUnit::BYTES, m_dlBufferBytes));
        m_mss[i].ul.buffer->SetMaxSize(QueueSize(QueueSizeUnit::BYTES, m_ulBufferBytes));
        m_mss[i].dl.tbf.SetConfig(GetTbfConfig(GprsDirection::DOWNLINK));
        m_mss[i].ul.tbf.SetConfig(GetTbfConfig(GprsDirection::UPLINK));
        ComputeTimeslots(i, load, candidates);
        for (const Time& t : m_mss[i].dev->GetCellReselections())
        {
            Simulator::Schedule(t, &GprsPcu::Reselect, this, i);
        }
    }
    Object::DoInitialize();
}

void
GprsPcu::DoDispose()
{
    if (m_blockEvent)
    {
        m_blockEvent->Cancel(); // the next block event, whichever call scheduled it
    }
    m_blockEvent = nullptr;
    for (auto& ms : m_mss)
    {
        Simulator::Cancel(ms.dl.timer);
        Simulator::Cancel(ms.ul.timer);
        for (const GprsBearer* link : {&ms.dl, &ms.ul})
        {
            if (link->llc)
            {
                Simulator::Cancel(link->llc->timer);
            }
        }
    }
    m_mss.clear();
    m_tracked.clear();
    m_bss = nullptr;
    m_scheduler = nullptr;
    Object::DoDispose();
}

void
GprsPcu::SetBss(Ptr<GprsBssNetDevice> bss)
{
    m_bss = bss;
}

uint32_t
GprsPcu::AddMs(Ptr<GprsMsNetDevice> ms)
{
    const auto index = static_cast<uint32_t>(m_mss.size());
    m_mss.emplace_back(index, ms);
    for (const auto& [link, bytes] : {std::pair{&m_mss.back().dl, m_dlBufferBytes},
                                      std::pair{&m_mss.back().ul, m_ulBufferBytes}})
    {
        link->buffer = CreateObject<DropTailQueue<Packet>>();
        link->buffer->SetMaxSize(QueueSize(QueueSizeUnit::BYTES, bytes));
    }
    // Every state a TBF enters but NONE makes the mobile part of the per-block work.
    const auto observer = [this, index](GprsTbfState state) {
        if (state != GprsTbfState::NONE)
        {
            Track(index);
        }
    };
    m_mss.back().dl.tbf.SetStateObserver(observer);
    m_mss.back().ul.tbf.SetStateObserver(observer);
    return index;
}

void
GprsPcu::Track(uint32_t index)
{
    GprsCellMobile& ms = m_mss[index];
    if (!ms.tracked)
    {
        ms.tracked = true;
        m_tracked.insert(std::lower_bound(m_tracked.begin(), m_tracked.end(), index), index);
    }
}

uint32_t
GprsPcu::GetTrackedMobiles() const
{
    return static_cast<uint32_t>(m_tracked.size());
}

uint32_t
GprsPcu::GetNMs() const
{
    return static_cast<uint32_t>(m_mss.size());
}

Ptr<GprsMsNetDevice>
GprsPcu::GetMsDevice(uint32_t ms) const
{
    return GetMs(ms).dev;
}

GprsCellMobile&
GprsPcu::GetMs(uint32_t ms)
{
    NS_ABORT_MSG_UNLESS(ms < m_mss.size(),
                        "mobile index " << ms << " out of range (cell has " << m_mss.size() << ")");
    return m_mss[ms];
}

const GprsCellMobile&
GprsPcu::GetMs(uint32_t ms) const
{
    NS_ABORT_MSG_UNLESS(ms < m_mss.size(),
                        "mobile index " << ms << " out of range (cell has " << m_mss.size() << ")");
    return m_mss[ms];
}

GprsBearer&
GprsPcu::GetLink(uint32_t index, GprsDirection dir)
{
    return GetMs(index).GetBearer(dir);
}

const GprsBearer&
GprsPcu::GetLink(uint32_t index, GprsDirection dir) const
{
    return GetMs(index).GetBearer(dir);
}

void
GprsPcu::ComputeTimeslots(uint32_t index,
                          GprsTimeslotLoad& load,
                          std::map<int, std::vector<GprsTimeslotCandidate>>& candidates)
{
    GprsCellMobile& ms = m_mss[index];
    const int msClass = static_cast<int>(ms.dev->GetMultislotClass());
    auto known = candidates.find(msClass);
    if (known == candidates.end())
    {
        known = candidates
                    .emplace(msClass, GprsTimeslotCandidates(msClass, static_cast<int>(m_numPdch)))
                    .first;
    }
    // Spread the mobiles over the PDCHs: the load counts who holds each timeslot already (the
    // mobiles placed before this one; a sum kept by the caller, not a scan of all mobiles per
    // mobile) and the allocator avoids the busiest ones.
    auto span = [](uint8_t first, uint8_t count) {
        return GprsTimeslotSet((1UL << count) - 1) << first;
    };
    const GprsMsTimeslots ts = GprsAllocateTimeslots(known->second, load);
    auto firstOf = [](const GprsTimeslotSet& set) {
        for (uint8_t tn = 0; tn < set.size(); ++tn)
        {
            if (set.test(tn))
            {
                return tn;
            }
        }
        return uint8_t{0};
    };
    ms.dlFirst = firstOf(ts.downlink);
    ms.dlCount = static_cast<uint8_t>(ts.downlink.count());
    ms.dlAckTn = static_cast<uint8_t>(ts.ackTn);
    ms.ulFirst = firstOf(ts.uplink);
    ms.ulCount = static_cast<uint8_t>(ts.uplink.count());
    load.Add({span(ms.dlFirst, ms.dlCount), span(ms.ulFirst, ms.ulCount)});
    NS_LOG_INFO("MS " << index << " class " << msClass << ": DL TN " << +ms.dlFirst << "+"
                      << +ms.dlCount << " (Ack/Nack on TN " << +ms.dlAckTn << "), UL TN "
                      << +ms.ulFirst << "+" << +ms.ulCount);
}

uint64_t
GprsPcu::GetBlockPeriods() const
{
    return m_blockPeriods;
}

uint64_t
GprsPcu::GetRadioBlocks() const
{
    return m_radioBlocks;
}

int64_t
GprsPcu::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    m_dlAssignmentDelay->SetStream(stream + 1);
    m_ulAccessDelay->SetStream(stream + 2);
    return 3;
}

// ---------------------------------------------------------------------------------------------
// Buffers and TBF life cycle

Ptr<Queue<Packet>>
GprsPcu::GetBuffer(uint32_t ms, GprsDirection dir) const
{
    return GetLink(ms, dir).buffer;
}

bool
GprsPcu::Enqueue(uint32_t index, GprsDirection dir, Ptr<Packet> packet, Time sent)
{
    GprsBearer& link = GetLink(index, dir);
    if (!link.buffer->Enqueue(packet))
    {
        NS_LOG_LOGIC("MS " << index << " " << ToString(dir) << " buffer full: drop "
                           << packet->GetSize());
        m_bufferDropTrace(index, dir, packet);
        return false;
    }
    link.queued.push_back({sent, packet->GetSize()});
    link.queuedOctets += packet->GetSize();
    m_bufferTrace(index, dir, link.queuedOctets);
    RequestTbf(index, dir);
    return true;
}

void
GprsPcu::EnqueueDownlink(uint32_t index, Ptr<Packet> packet, Time sent)
{
    if (!Enqueue(index, GprsDirection::DOWNLINK, packet, sent))
    {
        m_bss->NotifyDrop(packet);
    }
}

bool
GprsPcu::EnqueueUplink(uint32_t index, Ptr<Packet> packet)
{
    return Enqueue(index, GprsDirection::UPLINK, packet, Simulator::Now());
}

GprsTbfConfig
GprsPcu::GetTbfConfig(GprsDirection dir) const
{
    GprsTbfConfig c;
    c.assignmentMax = m_assignmentMax;
    c.keepAlive = m_keepAlive;
    if (dir == GprsDirection::DOWNLINK)
    {
        c.hold = m_delayedRelease;
        c.releaseNormal = m_t3193;
        c.releaseAbnormal = m_t3195;
        c.pacchAfterRelease = m_t3192;
        c.pollMax = m_n3105Max;
    }
    else
    {
        c.hold = m_extendedUplink;
        c.releaseAbnormal = m_t3169;
        c.pollMax = m_n3103Max;
        c.grantMax = m_n3101Max;
    }
    return c;
}

void
GprsPcu::ArmTimer(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = GetLink(index, dir);
    Simulator::Cancel(link.timer);
    if (const auto deadline = link.tbf.GetDeadline())
    {
        link.timer = Simulator::Schedule(*deadline - Simulator::Now(),
                                         &GprsPcu::TimerExpired,
                                         this,
                                         index,
                                         dir);
    }
}

void
GprsPcu::TimerExpired(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = GetLink(index, dir);
    switch (link.tbf.Expire(Simulator::Now()))
    {
    case GprsTbfTimer::ACCESS:
        // The CCCH assignment (or random access burst) must get through: CS-1 coded.
        if (DrawLoss(index, kControlCs, Simulator::Now()))
        {
            NS_LOG_LOGIC("MS " << index << " " << ToString(dir) << " CCCH access lost, retry");
            StartAccess(index, dir);
        }
        else if (!HasResources(index, dir))
        {
            RejectAccess(index, dir);
        }
        else
        {
            Activate(index, dir);
        }
        break;
    case GprsTbfTimer::KEEP_ALIVE:
        ArmTimer(index, dir);
        KeepAlive(index, dir);
        break;
    case GprsTbfTimer::HOLD:
        EndHold(index, dir);
        break;
    case GprsTbfTimer::RELEASE:
        NS_LOG_LOGIC("MS " << index << " " << ToString(dir) << " TFI free again");
        CheckIdle(index, dir);
        WakeWaiting(dir);
        break;
    }
}

void
GprsPcu::QueueDummyFrame(GprsBearer& link)
{
    // An LLC UI dummy frame: the header and FCS, no information field (osmo-pcu's keep-alive).
    NS_ASSERT_MSG(link.CanJoinTbf(), "dummy LLC frame for a TBF that cannot carry it");
    AppendFrame(link, {nullptr, Simulator::Now(), m_llcOverhead, 0, 1});
}

void
GprsPcu::KeepAlive(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = GetLink(index, dir);
    if (dir == GprsDirection::DOWNLINK)
    {
        // One polled block with a dummy LLC frame keeps the mobile on the TBF and brings back a
        // measurement report (osmo-pcu's delayed release).
        QueueDummyFrame(link);
    }
    else
    {
        // Extended uplink TBF (TS 44.060 9.3.1b): the network keeps giving the mobile USFs; it
        // answers with data or a Packet Uplink Dummy Control Block.
        m_keepAliveGrants.push_back(index);
    }
    EnsureClock();
}

void
GprsPcu::EndHold(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = GetLink(index, dir);
    if (dir == GprsDirection::DOWNLINK)
    {
        // The TBF ends with a final block (a dummy LLC frame with FBI), polled.
        link.tbf.Resume();
        link.closing = true;
        QueueDummyFrame(link);
    }
    else
    {
        // The final Packet Uplink Ack/Nack (FAI) ends the extended uplink TBF.
        link.tbf.Finish();
        link.ackOwed = true;
        Track(index);
    }
    EnsureClock();
}

bool
GprsPcu::HoldsTfi(const GprsTbf& tbf)
{
    const GprsTbfState state = tbf.GetState();
    return tbf.IsOpen() || state == GprsTbfState::RELEASED ||
           (state == GprsTbfState::ASSIGN_PACCH && tbf.IsAssignmentPending());
}

GprsTbfResources
GprsPcu::CountResources(uint32_t index, GprsDirection dir) const
{
    // A TBF that holds a TFI is in a state other than NONE: its mobile is tracked.
    const bool up = dir == GprsDirection::UPLINK;
    GprsTbfResources held;
    for (const uint32_t i : m_tracked)
    {
        const GprsCellMobile& other = m_mss[i];
        const GprsBearer& link = other.GetBearer(dir);
        if (i != index && HoldsTfi(link.tbf))
        {
            held.AddHolder(link.tfi, other.ulFirst, up ? other.ulCount : 0, link.usf);
        }
    }
    return held;
}

bool
GprsPcu::HasResources(uint32_t index, GprsDirection dir) const
{
    const GprsCellMobile& ms = m_mss[index];
    return CountResources(index, dir)
        .HasFree(ms.ulFirst, dir == GprsDirection::UPLINK ? ms.ulCount : 0);
}

void
GprsPcu::AllocateTfi(uint32_t index, GprsDirection dir)
{
    // The assignment carries the lowest values no other TBF of the direction holds; only called
    // once HasResources() said one of each is free.
    const GprsTbfResources held = CountResources(index, dir);
    GprsCellMobile& ms = m_mss[index];
    GprsBearer& link = ms.GetBearer(dir);
    link.tfi = held.LowestFreeTfi();
    for (uint8_t p = ms.ulFirst; dir == GprsDirection::UPLINK && p < ms.ulFirst + ms.ulCount; ++p)
    {
        link.usf[p] = held.LowestFreeUsf(p);
    }
}

void
GprsPcu::RejectAccess(uint32_t index, GprsDirection dir)
{
    m_tbfRejectedTrace(index, dir);
    if (dir == GprsDirection::UPLINK)
    {
        // Immediate Assignment Reject / Packet Access Reject with a wait indication (TS 44.018
        // 3.5.2.1.3.4, TS 44.060 11.2.1): the mobile tries again after it.
        NS_LOG_INFO("MS " << index << " UL access rejected: no TFI or USF");
        StartAccess(index, dir, m_accessRejectWait);
    }
    else
    {
        // The downlink data waits in the GGSN buffer until a TFI is free.
        NS_LOG_INFO("MS " << index << " DL TBF waits for a TFI");
        GetLink(index, dir).tbf.Reset();
        m_waiting[DirIndex(dir)].push_back(index);
    }
}

void
GprsPcu::WakeWaiting(GprsDirection dir)
{
    std::deque<uint32_t> waiting;
    waiting.swap(m_waiting[DirIndex(dir)]);
    for (const uint32_t index : waiting)
    {
        CheckIdle(index, dir);
    }
}

void
GprsPcu::RequestTbf(uint32_t index, GprsDirection dir)
{
    GprsCellMobile& ms = GetMs(index);
    GprsBearer& link = GetLink(index, dir);
    const Time now = Simulator::Now();
    if (link.frames.empty() && !link.HasDataForLlc())
    {
        return; // LLC (acknowledged mode) holds the data back until the peer acknowledges
    }
    if (link.tbf.GetState() == GprsTbfState::HOLD)
    {
        // Delayed release: the network's open TBF carries the new data at once. Extended
        // uplink: the mobile sends it at its next USF (TransmitUplink).
        if (dir == GprsDirection::DOWNLINK)
        {
            link.tbf.Resume();
            link.closing = false;
            ArmTimer(index, dir);
            EnsureClock();
        }
        return;
    }
    if (!link.tbf.CanRequest() || Simulator::Now() < ms.awayUntil ||
        (dir == GprsDirection::DOWNLINK && ms.cellUpdatePending))
    {
        return; // establishment under way, TBF open, its TFI still held, or the mobile not
                // (yet) in the cell: CheckIdle() asks again afterwards
    }
    if (dir == GprsDirection::DOWNLINK && ms.IsOnPacch(now))
    {
        // The mobile listens to PACCH: Packet Downlink Assignment there (TS 44.060 8.1.1.1.3).
        link.tbf.RequestOnPacch(now);
        ArmTimer(index, dir);
        EnsureClock();
    }
    else if (dir == GprsDirection::UPLINK && (ms.dl.tbf.GetState() == GprsTbfState::FLOW ||
                                              ms.dl.tbf.GetState() == GprsTbfState::FINISHED))
    {
        // Channel Request Description in the next Packet Downlink Ack/Nack (TS 44.060 9.3.2.4).
        link.tbf.RequestOnAckNack(now);
        ArmTimer(index, dir);
    }
    else
    {
        StartAccess(index, dir);
    }
}

void
GprsPcu::StartAccess(uint32_t index, GprsDirection dir, Time wait)
{
    GprsBearer& link = GetLink(index, dir);
    const Ptr<RandomVariableStream>& rv =
        dir == GprsDirection::DOWNLINK ? m_dlAssignmentDelay : m_ulAccessDelay;
    const double delay = rv->GetValue();
    NS_ABORT_MSG_IF(delay < 0, "TBF establishment delay drew " << delay << " s (must be >= 0)");
    link.tbf.StartAccess(Simulator::Now(), wait + Seconds(delay));
    ArmTimer(index, dir);
}

void
GprsPcu::Activate(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = GetLink(index, dir);
    if (link.tbf.GetState() != GprsTbfState::ASSIGN_PACCH || !link.tbf.IsAssignmentPending())
    {
        AllocateTfi(index, dir); // a PACCH assignment allocated them when it was sent
    }
    const Time delay = link.tbf.Establish(Simulator::Now());
    ArmTimer(index, dir);
    link.pollOutstanding = false;
    link.ackOwed = false;
    link.countdown = false;
    link.closing = false;
    link.blocksSincePoll = 0;
    link.blocksSinceAck = 0;
    link.tx = FromPool(m_txPool, m_rlcMode);
    link.rx = FromPool(m_rxPool, m_rlcMode);
    // Frames still in RLC from an aborted TBF go first (retry), then the buffer.
    for (uint64_t i = 0; i < link.frames.size(); ++i)
    {
        link.tx->EnqueueFrame(link.firstFrameId + i, link.frames[i].octets);
    }
    link.inRlc = link.frames.size();
    if (!link.linkAdaptation)
    {
        const ObjectFactory& f =
            dir == GprsDirection::DOWNLINK ? m_dlLinkAdaptation : m_ulLinkAdaptation;
        link.linkAdaptation = f.Create<GprsLinkAdaptation>();
    }
    link.linkAdaptation->Reset();
    link.acked = 0;
    link.nacked = 0;
    link.UpdateCs();
    m_tbfEstablishedTrace(index, dir, delay);
    NS_LOG_INFO("MS " << index << " " << ToString(dir) << " TBF established after "
                      << delay.As(Time::MS));
    EnsureClock();
}

void
GprsPcu::Reselect(uint32_t index)
{
    NS_LOG_INFO("MS " << index << " reselects a cell: LLC frames in RLC flushed");
    GprsCellMobile& ms = GetMs(index);
    for (const GprsDirection dir : {GprsDirection::DOWNLINK, GprsDirection::UPLINK})
    {
        GprsBearer& link = GetLink(index, dir);
        const GprsTbfState state = link.tbf.GetState();
        if (state != GprsTbfState::NONE && state != GprsTbfState::RELEASED)
        {
            ReleaseTbf(index, dir, true, true);
        }
        while (!link.frames.empty())
        {
            DropFrontFrame(index, dir); // kept for a retry in the old cell
        }
        // The new cell knows nothing of the old cell's TBFs and TFIs.
        link.tbf.Reset();
        ArmTimer(index, dir);
    }
    ms.awayUntil = Simulator::Now() + m_reselectionTime;
    ms.cellUpdatePending = true;
    Simulator::Schedule(m_reselectionTime, &GprsPcu::SendCellUpdate, this, index);
}

void
GprsPcu::SendCellUpdate(uint32_t index)
{
    // Any uplink LLC frame is a cell update (TS 23.060 6.9.1.2.1): the mobile's next data, or an
    // LLC frame without information field when it has none.
    GprsBearer& ul = GetMs(index).ul;
    if (ul.queued.empty() && ul.frames.empty())
    {
        AppendFrame(ul, {nullptr, Simulator::Now(), m_llcOverhead, 0, 1});
    }
    NS_LOG_INFO("MS " << index << " sends a cell update");
    CheckIdle(index, GprsDirection::UPLINK);
}

void
GprsPcu::CellUpdated(uint32_t index)
{
    NS_LOG_INFO("MS " << index << " cell update received");
    GetMs(index).cellUpdatePending = false;
    CheckIdle(index, GprsDirection::DOWNLINK);
}

void
GprsPcu::ReleaseTbf(uint32_t index, GprsDirection dir, bool abnormal, bool flush)
{
    GprsBearer& link = GetLink(index, dir);
    if (abnormal)
    {
        // The mobile was not heard: its last C/I report is stale. The next TBF starts from the
        // most robust scheme until a new report arrives (the link adaptation policy decides).
        link.ciReportDb.reset();
        link.cs = GprsCodingScheme::CS1;
    }
    // Frames of this TBF not known to be delivered: kept for the next TBF after an abnormal
    // release with retry; lost otherwise (unacknowledged mode ends with its tail lost). Frames
    // queued after the TBF could take no more wait for the next one.
    if (!abnormal || flush || !m_retryAfterAbort)
    {
        for (std::size_t n = link.inRlc; n > 0; --n)
        {
            DropFrontFrame(index, dir);
        }
    }
    link.inRlc = 0;
    // Nothing of this TBF may reach its successor: forget its polls, grants and blocks in flight.
    const bool down = dir == GprsDirection::DOWNLINK;
    auto sentForThisTbf = [down](GprsControlMessage m) {
        return down ? m == GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT
                    : (m == GprsControlMessage::PACKET_UPLINK_ACK_NACK ||
                       m == GprsControlMessage::PACKET_UPLINK_ASSIGNMENT);
    };
    m_uplinkBlocks.Cancel(index, dir);
    for (uint8_t p = 0; p < m_numPdch; ++p)
    {
        Air& data = m_air[DirIndex(dir)][p];
        if (data.kind == Air::DATA && data.ms == index)
        {
            data.kind = Air::NONE;
        }
        Air& ul = m_air[1][p];
        if (ul.kind == Air::CONTROL && ul.ms == index && GetTbfDirection(ul.purpose) == dir)
        {
            ul.kind = Air::NONE;
        }
        Air& dl = m_air[0][p];
        if (dl.kind == Air::CONTROL && dl.ms == index && sentForThisTbf(dl.msg))
        {
            dl.kind = Air::NONE;
        }
    }
    link.ackOwed = false;
    link.pollOutstanding = false;
    if (link.tx)
    {
        // A TBF released before it was established (Activate) has no entities. Reset now, so
        // that the pool frees what it would not keep.
        link.tx->Reset(m_rlcMode, kPooledStoreBlocks);
        link.rx->Reset(m_rlcMode, kPooledStoreBlocks);
        m_txPool.push_back(std::move(link.tx));
        m_rxPool.push_back(std::move(link.rx));
    }
    link.tbf.Release(Simulator::Now(), abnormal);
    ArmTimer(index, dir);
    if (link.tbf.GetState() == GprsTbfState::NONE)
    {
        WakeWaiting(dir);
    }
    if (down)
    {
        FallBackToRandomAccess(index);
    }
    m_tbfReleasedTrace(index, dir, abnormal);
    NS_LOG_INFO("MS " << index << " " << ToString(dir) << " TBF released"
                      << (abnormal ? " abnormally" : ""));
    CheckIdle(index, dir);
}

void
GprsPcu::FallBackToRandomAccess(uint32_t index)
{
    if (m_mss[index].ul.tbf.GetState() == GprsTbfState::CHANNEL_REQUEST)
    {
        // No Packet Downlink Ack/Nack will carry the request any more.
        StartAccess(index, GprsDirection::UPLINK);
    }
}

void
GprsPcu::CheckIdle(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = GetLink(index, dir);
    if (link.tbf.CanRequest() && (link.HasDataForLlc() || !link.frames.empty()))
    {
        RequestTbf(index, dir);
    }
}

void
GprsPcu::AppendFrame(GprsBearer& link, GprsBearer::LlcFrame frame)
{
    if (!m_llcFrameTrace.IsEmpty())
    {
        GprsLlcFrameRecord r;
        r.frameId = link.firstFrameId + link.frames.size();
        r.octets = frame.octets;
        r.npdu = frame.npdu;
        r.segment = frame.segment;
        r.segments = frame.segments;
        r.abm = frame.abm.get();
        if (r.abm && r.abm->type == GprsLlcAbmFrameType::I)
        {
            // An I frame carries one SN-DATA segment of an IP packet (HandToLlc).
            if (const auto part = link.llc->sndcp.Find(r.abm->sduId))
            {
                r.npdu = part->npdu.packet;
                r.segment = part->segment;
                r.segments = part->segments;
            }
        }
        m_llcFrameTrace(link.ms, link.tbf.GetDirection(), r);
    }
    if (link.CanJoinTbf())
    {
        link.tx->EnqueueFrame(link.firstFrameId + link.inRlc, frame.octets);
        ++link.inRlc;
    }
    link.frames.push_back(std::move(frame));
}

uint32_t
GprsPcu::LlcTotalOctets(const GprsBearer& link, uint32_t npduOctets) const
{
    return link.llc ? m_abmFraming->TotalOctets(npduOctets) +
                          m_abmFraming->FrameCount(npduOctets) * kGprsLlcIOverheadOctets
                    : m_framing->TotalOctets(npduOctets);
}

void
GprsPcu::HandToRlc(GprsCellMobile& ms, GprsBearer& link, GprsDirection dir)
{
    const Ptr<Packet> packet = link.buffer->Dequeue();
    const Time sent = link.queued.front().sent;
    link.queued.pop_front();
    link.queuedOctets -= packet->GetSize();
    m_bufferTrace(ms.index, dir, link.queuedOctets);
    if (link.llc)
    {
        HandToLlc(ms.index, dir, packet, sent);
        return;
    }
    const uint32_t size = packet->GetSize();
    const uint32_t count = m_framing->FrameCount(size);
    for (uint32_t s = 0; s < count; ++s)
    {
        AppendFrame(link,
                    {packet,
                     sent,
                     m_framing->FrameOctets(size, s),
                     static_cast<uint16_t>(s),
                     static_cast<uint16_t>(count)});
    }
}

void
GprsPcu::DropExpired(GprsBearer& link)
{
    // The LLC PDU lifetime of the SGSN (BSSGP PDU Lifetime, TS 48.018 clause 11.3.25): the PCU
    // discards a frame that waited longer when it takes it from the queue, as osmo-pcu does.
    while (!link.queued.empty() && Simulator::Now() - link.queued.front().sent > m_llcLifetime)
    {
        const Ptr<Packet> packet = link.buffer->Dequeue();
        link.queued.pop_front();
        link.queuedOctets -= packet->GetSize();
        NS_LOG_LOGIC("MS " << link.ms << " LLC PDU lifetime expired: drop " << packet->GetSize());
        m_bufferTrace(link.ms, GprsDirection::DOWNLINK, link.queuedOctets);
        m_bufferDropTrace(link.ms, GprsDirection::DOWNLINK, packet);
        m_bss->NotifyDrop(packet);
    }
}

void
GprsPcu::RefillRlc(GprsCellMobile& ms, GprsBearer& link, GprsDirection dir)
{
    // Hand IP packets to RLC only when what it holds no longer fills the next block, so the
    // buffer (where TCP's queue builds) keeps what RLC does not need yet, and the next packet's
    // LLC frames follow the last one's in the same block, without filler (TS 44.060 9.1.11).
    while (link.tx->GetQueuedOctets() <= GprsRlcDataOctets(link.cs) && link.HasDataForLlc())
    {
        if (dir == GprsDirection::DOWNLINK && m_llcLifetime.IsStrictlyPositive())
        {
            DropExpired(link);
            if (link.queued.empty())
            {
                break;
            }
        }
        HandToRlc(ms, link, dir);
    }
    if (dir == GprsDirection::DOWNLINK || link.tbf.GetConfig().hold.IsStrictlyPositive())
    {
        return; // no countdown on the downlink, nor in extended uplink TBF mode (9.3.1b)
    }
    // The mobile starts its countdown (CV < 15) once the blocks left fit in BS_CV_MAX block
    // periods of its timeslots (TS 44.060 9.3.1); from then on nothing joins this TBF.
    // Packets LLC holds back (acknowledged mode, window closed) wait for the next TBF.
    const uint64_t threshold = uint64_t{m_bsCvMax} * ms.ulCount * GprsRlcDataOctets(link.cs);
    uint64_t pending = link.tx->GetQueuedOctets();
    if (link.HasDataForLlc())
    {
        if (pending + link.queuedOctets > threshold)
        {
            return;
        }
        for (const GprsBearer::Queued& q : link.queued)
        {
            pending += LlcTotalOctets(link, q.octets);
        }
    }
    if (pending <= threshold)
    {
        while (link.HasDataForLlc())
        {
            HandToRlc(ms, link, dir);
        }
        link.countdown = true;
    }
}

bool
GprsPcu::WantsToSend(GprsCellMobile& ms, GprsBearer& link, GprsDirection dir, uint8_t pdch)
{
    const GprsTbfState state = link.tbf.GetState();
    if (state == GprsTbfState::HOLD)
    {
        // Downlink keep-alive: its block goes where the mobile can answer the poll.
        return dir == GprsDirection::DOWNLINK && pdch == ms.dlAckTn && !link.pollOutstanding &&
               link.tx->PeekNext() != GprsRlcTxKind::NOTHING;
    }
    // The network sends downlink blocks until the final one is acknowledged; an uplink TBF
    // gets no USF once the network has every block (FINISHED).
    if (state != GprsTbfState::FLOW &&
        !(dir == GprsDirection::DOWNLINK && state == GprsTbfState::FINISHED))
    {
        return false;
    }
    Refill(ms, link, dir);
    if (link.tx->PeekNext() != GprsRlcTxKind::NOTHING)
    {
        return true;
    }
    if (m_rlcMode == GprsRlcMode::UNACKNOWLEDGED && link.tx->IsFinalSent())
    {
        // Unacknowledged mode: the final block is repeated until the final acknowledgement
        // arrives (TS 44.060 9.3.3.5); on the downlink with a poll where the mobile can answer.
        return dir == GprsDirection::UPLINK || (pdch == ms.dlAckTn && !link.pollOutstanding);
    }
    if (link.tx->IsComplete() && !link.tx->IsFinalSent())
    {
        // Everything acknowledged and nothing left: hold the TBF open (delayed release /
        // extended uplink); the final block went out already otherwise.
        link.tbf.Hold(Simulator::Now());
        ArmTimer(ms.index, dir);
        if (dir == GprsDirection::DOWNLINK)
        {
            FallBackToRandomAccess(ms.index);
        }
    }
    return false;
}

// ---------------------------------------------------------------------------------------------
// Radio

void
GprsPcu::UpdateRadio(uint32_t index, const Time& now)
{
    GprsCellMobile& ms = m_mss[index];
    // C/I and outage change only at the schedule's points: look them up once per change.
    const GprsRadioConditions& radio = ms.dev->GetRadioConditions();
    const bool outage = radio.IsOutage(now);
    const double ci = radio.GetCiDb(now);
    ms.radioValidUntil = radio.NextChangeAfter(now);
    ms.blerCache.fill(-1);
    if (ci != ms.lastCi || outage != ms.lastOutage)
    {
        ms.lastCi = ci;
        ms.lastOutage = outage;
        m_radioTrace(index, ci, outage);
    }
}

bool
GprsPcu::DrawLoss(uint32_t index, GprsCodingScheme cs, const Time& now, double* ciDb, double* bler)
{
    GprsCellMobile& ms = m_mss[index];
    if (now >= ms.radioValidUntil)
    {
        UpdateRadio(index, now);
    }
    double& cached = ms.blerCache[static_cast<uint8_t>(cs) - 1];
    if (cached < 0)
    {
        cached = GetBler(ms, cs);
    }
    if (ciDb)
    {
        *ciDb = ms.lastCi;
    }
    if (bler)
    {
        *bler = cached;
    }
    // Always draw, so that the random stream does not depend on the channel state.
    const double u = m_uniform->Draw();
    if (GprsGilbertElliott* ge = ms.dev->GetGilbertElliott())
    {
        return ge->NextBlockLost(m_uniform->Draw(), u) || ms.lastOutage;
    }
    return u < cached;
}

double
GprsPcu::GetBler(const GprsCellMobile& ms, GprsCodingScheme cs) const
{
    if (ms.lastOutage)
    {
        return 1.0;
    }
    const GprsGilbertElliott* ge = ms.dev->GetGilbertElliott();
    return ge ? ge->GetMeanLossRate() : m_bler.GetBler(cs, ms.lastCi);
}

void
GprsPcu::EnsureClock()
{
    if (m_clockRunning)
    {
        return;
    }
    m_clockRunning = true;
    uint64_t frame = GprsBlockTiming::FrameAt(Simulator::Now());
    if (!GprsBlockTiming::IsBlockStart(frame) ||
        GprsBlockTiming::FrameStart(frame) < Simulator::Now())
    {
        frame = GprsBlockTiming::NextBlockStartFrame(frame + 1);
    }
    m_frame = frame;
    m_block = frame / GprsBlockTiming::kMultiframeFrames * GprsBlockTiming::kBlocksPerMultiframe +
              GprsBlockTiming::BlockIndex(frame);
    // The clock runs in the BSS node's context whoever starts it (a mobile asks for an uplink
    // TBF in its own). ScheduleWithContext takes over a reference, which the simulator drops
    // once the event has run: give it one of the block event's own.
    m_blockEvent->Ref();
    Simulator::ScheduleWithContext(m_bss->GetNode()->GetId(),
                                   GprsBlockTiming::FrameStart(frame) - Simulator::Now(),
                                   PeekPointer(m_blockEvent));
}

void
GprsPcu::BlockEvent()
{
    m_blockStart = Simulator::Now();
    ++m_blockPeriods;
    ReceiveAir();
    for (uint8_t p = 0; p < m_numPdch; ++p)
    {
        // Most uplink blocks are neither reserved nor granted: no call for those.
        if (m_uplinkBlocks.IsTaken(m_block, p))
        {
            TransmitUplink(p);
        }
    }
    CollectSenders();
    for (uint8_t p = 0; p < m_numPdch; ++p)
    {
        TransmitDownlink(p);
    }
    if (HasWork())
    {
        const uint64_t next = GprsBlockTiming::NextBlockStartFrame(m_frame + 1);
        Simulator::Schedule(NanoSeconds(GprsBlockTiming::FrameStartNs(next) -
                                        GprsBlockTiming::FrameStartNs(m_frame)),
                            m_blockEvent);
        m_frame = next;
        ++m_block;
    }
    else
    {
        m_clockRunning = false;
    }
}

void
GprsPcu::CollectSenders()
{
    // Only TBFs that may send are looked at by the per-PDCH loops.
    m_sendingDl.clear();
    m_sendingUl.clear();
    m_controlPending.clear();
    // Only tracked mobiles, in index order as the old scan over all of them; drop those that
    // need no tracking any more.
    std::size_t kept = 0;
    for (const uint32_t i : m_tracked)
    {
        GprsCellMobile& ms = m_mss[i];
        if (!ms.NeedsTracking())
        {
            ms.tracked = false;
            continue;
        }
        m_tracked[kept++] = i;
        if (ms.ul.ackOwed || ms.dl.tbf.GetState() == GprsTbfState::ASSIGN_PACCH ||
            ms.ul.tbf.GetState() == GprsTbfState::ASSIGN_PACCH)
        {
            m_controlPending.push_back(i);
        }
        const GprsTbfState dl = ms.dl.tbf.GetState();
        if (dl == GprsTbfState::FLOW || dl == GprsTbfState::FINISHED ||
            (dl == GprsTbfState::HOLD && ms.dl.tx->PeekNext() != GprsRlcTxKind::NOTHING))
        {
            m_sendingDl.push_back(i);
        }
        if (ms.ul.tbf.GetState() == GprsTbfState::FLOW)
        {
            m_sendingUl.push_back(i);
        }
    }
    m_tracked.resize(kept);
}

bool
GprsPcu::HasWork() const
{
    for (const auto& dir : m_air)
    {
        for (uint8_t p = 0; p < m_numPdch; ++p)
        {
            if (dir[p].kind != Air::NONE)
            {
                return true;
            }
        }
    }
    if (!m_keepAliveGrants.empty() || !m_uplinkBlocks.IsEmpty())
    {
        return true;
    }
    for (const uint32_t i : m_tracked)
    {
        const GprsCellMobile& ms = m_mss[i];
        for (const GprsBearer* link : {&ms.dl, &ms.ul})
        {
            const GprsTbfState state = link->tbf.GetState();
            if (state == GprsTbfState::FLOW || state == GprsTbfState::ASSIGN_PACCH ||
                state == GprsTbfState::FINISHED || link->ackOwed ||
                (state == GprsTbfState::HOLD && link->tx->PeekNext() != GprsRlcTxKind::NOTHING))
            {
                return true;
            }
        }
    }
    return false;
}

void
GprsPcu::ReceiveAir()
{
    for (uint8_t p = 0; p < m_numPdch; ++p)
    {
        Air& dl = m_air[0][p];
        if (dl.kind != Air::NONE)
        {
            ReceiveDownlink(dl);
            dl.kind = Air::NONE;
        }
        Air& ul = m_air[1][p];
        // Of the block just ended, a USF was used when it was sent; a poll is still reserved.
        // Most blocks are neither: no call for those.
        const bool polled = m_uplinkBlocks.IsPolled(m_block - 1, p);
        const GprsUplinkBlock poll =
            polled ? m_uplinkBlocks.Free(m_block - 1, p) : GprsUplinkBlock{};
        if (ul.kind != Air::NONE)
        {
            ReceiveUplink(ul);
            ul.kind = Air::NONE;
        }
        else if (polled)
        {
            // A reservation of the block just ended that nobody answered: the poll failed.
            PollUnanswered(poll.ms, poll.purpose);
        }
    }
}

void
GprsPcu::PollUnanswered(uint32_t index, GprsPollPurpose purpose)
{
    GprsCellMobile& ms = m_mss[index];
    switch (purpose)
    {
    case GprsPollPurpose::DL_DATA:
        if (ms.dl.tbf.IsOpen())
        {
            PollFailed(index);
        }
        break;
    case GprsPollPurpose::UL_FINAL:
        if (ms.ul.tbf.GetState() == GprsTbfState::FINISHED)
        {
            // N3103 (TS 44.060 9.3.2.4.2, 9.3.3.3): repeat the final Ack/Nack, or give up.
            if (ms.ul.tbf.PollFailed())
            {
                NS_LOG_INFO("MS " << index << " N3103 expired");
                ReleaseTbf(index, GprsDirection::UPLINK, true);
            }
            else
            {
                ms.ul.ackOwed = true;
                Track(index);
            }
        }
        break;
    case GprsPollPurpose::UL_DUMMY:
        break; // granted by USF, not reserved
    case GprsPollPurpose::DL_ASSIGNMENT:
    case GprsPollPurpose::UL_ASSIGNMENT: {
        const GprsDirection dir = GetTbfDirection(purpose);
        GprsTbf& tbf = GetLink(index, dir).tbf;
        if (tbf.GetState() == GprsTbfState::ASSIGN_PACCH && tbf.IsAssignmentPending() &&
            tbf.AssignmentFailed())
        {
            // The mobile is not on PACCH after all: reach it through CCCH.
            NS_LOG_INFO("MS " << index << " " << ToString(dir) << " PACCH assignment unanswered");
            StartAccess(index, dir);
        }
        break;
    }
    }
}

void
GprsPcu::ReceiveDownlink(Air& air)
{
    GprsCellMobile& ms = m_mss[air.ms];
    if (air.kind == Air::DATA)
    {
        if (air.lost || !ms.dl.tbf.IsOpen())
        {
            return;
        }
        m_frames.clear();
        ms.dl.rx->Receive(air.block, m_frames);
        DeliverFrames(air.ms, GprsDirection::DOWNLINK, m_frames);
        return;
    }
    // Assignments take effect when the network hears their Packet Control Ack (ReceiveUplink).
    if (air.msg != GprsControlMessage::PACKET_UPLINK_ACK_NACK || !ms.ul.tbf.IsOpen())
    {
        return;
    }
    if (air.lost)
    {
        // A lost Packet Uplink Ack/Nack is sent again at the next opportunity; the final one
        // counts N3103 when its poll goes unanswered.
        ms.ul.ackOwed = ms.ul.ackOwed || !air.final;
        return;
    }
    const GprsRlcAckNackResult result = ms.ul.tx->ApplyAckNack(air.ackNack);
    ms.ul.acked = result.newlyAcked;
    ms.ul.nacked = result.nacked;
    ms.ul.UpdateCs();
}

void
GprsPcu::ReceiveUplink(Air& air)
{
    GprsCellMobile& ms = m_mss[air.ms];
    if (air.kind == Air::DATA)
    {
        GprsTbf& tbf = ms.ul.tbf;
        if (!tbf.IsOpen())
        {
            return;
        }
        if (air.lost)
        {
            if (tbf.GetState() != GprsTbfState::FINISHED && tbf.GrantUnused())
            {
                NS_LOG_INFO("MS " << air.ms << " N3101 expired");
                ReleaseTbf(air.ms, GprsDirection::UPLINK, true);
            }
            return;
        }
        tbf.GrantUsed();
        m_frames.clear();
        ms.ul.rx->Receive(air.block, m_frames);
        DeliverFrames(air.ms, GprsDirection::UPLINK, m_frames);
        // Ack/Nack every UplinkAckInterval blocks, when all is received, and at once on the final
        // block (CV = 0, even with gaps) and on a stalled window (SI = 1): TS 44.060 9.1.8,
        // 9.3.2.4.
        if (++ms.ul.blocksSinceAck >= m_ulAckInterval || ms.ul.rx->IsComplete() || air.block.fbi ||
            air.stalled)
        {
            ms.ul.ackOwed = true;
            Track(air.ms);
        }
        if (ms.ul.rx->IsComplete() && tbf.GetState() == GprsTbfState::FLOW)
        {
            tbf.Finish();
        }
        return;
    }
    // Control block in a reserved slot (ReceiveAir freed it).
    switch (air.purpose)
    {
    case GprsPollPurpose::DL_DATA:
        ReceiveDownlinkAckNack(air);
        break;
    case GprsPollPurpose::UL_DUMMY:
        if (ms.ul.tbf.GetState() == GprsTbfState::HOLD)
        {
            if (!air.lost)
            {
                ms.ul.tbf.GrantUsed();
            }
            else if (ms.ul.tbf.GrantUnused())
            {
                ReleaseTbf(air.ms, GprsDirection::UPLINK, true);
            }
        }
        break;
    case GprsPollPurpose::UL_FINAL:
        if (ms.ul.tbf.GetState() == GprsTbfState::FINISHED)
        {
            if (air.lost)
            {
                PollUnanswered(air.ms, air.purpose);
            }
            else
            {
                ReleaseTbf(air.ms, GprsDirection::UPLINK, false);
            }
        }
        break;
    case GprsPollPurpose::DL_ASSIGNMENT:
    case GprsPollPurpose::UL_ASSIGNMENT: {
        const GprsDirection dir = GetTbfDirection(air.purpose);
        const GprsTbf& tbf = GetLink(air.ms, dir).tbf;
        if (tbf.GetState() != GprsTbfState::ASSIGN_PACCH || !tbf.IsAssignmentPending())
        {
            break;
        }
        if (air.lost)
        {
            PollUnanswered(air.ms, air.purpose);
        }
        else
        {
            Activate(air.ms, dir);
        }
        break;
    }
    }
}

void
GprsPcu::ReceiveDownlinkAckNack(const Air& air)
{
    GprsCellMobile& ms = m_mss[air.ms];
    GprsBearer& dl = ms.dl;
    if (!dl.tbf.IsOpen() || !dl.tx)
    {
        return;
    }
    if (air.lost)
    {
        PollFailed(air.ms);
        return;
    }
    dl.pollOutstanding = false;
    dl.tbf.PollAnswered();
    const GprsRlcAckNackResult result = dl.tx->ApplyAckNack(air.ackNack);
    dl.acked = result.newlyAcked;
    dl.nacked = result.nacked;
    dl.UpdateCs();
    if (air.channelRequest && ms.ul.tbf.GetState() == GprsTbfState::CHANNEL_REQUEST)
    {
        ms.ul.tbf.RequestOnPacch(Simulator::Now()); // Packet Uplink Assignment follows on PACCH
    }
    if (dl.tx->IsFinalSent() && dl.tx->IsComplete())
    {
        ReleaseTbf(air.ms, GprsDirection::DOWNLINK, false);
    }
}

void
GprsPcu::PollFailed(uint32_t index)
{
    GprsBearer& dl = m_mss[index].dl;
    dl.pollOutstanding = false;
    if (m_rlcMode == GprsRlcMode::UNACKNOWLEDGED && dl.tx->IsFinalSent())
    {
        // Unacknowledged mode: nothing to recover; the TBF ends (T3191 in TS 44.060 9.3.3.5).
        ReleaseTbf(index, GprsDirection::DOWNLINK, false);
    }
    else if (dl.tbf.PollFailed())
    {
        NS_LOG_INFO("MS " << index << " N3105 expired");
        ReleaseTbf(index, GprsDirection::DOWNLINK, true);
    }
}

void
GprsPcu::TransmitUplink(uint8_t pdch)
{
    Air& air = m_air[1][pdch];
    const GprsUplinkBlock& r = m_uplinkBlocks.Get(m_block, pdch);
    if (r.kind == GprsUplinkBlock::POLL)
    {
        if (!r.heard)
        {
            return; // the mobile missed the poll: the block stays empty
        }
        GprsCellMobile& ms = m_mss[r.ms];
        air.kind = Air::CONTROL;
        air.ms = r.ms;
        air.purpose = r.purpose;
        air.msg = r.purpose == GprsPollPurpose::DL_DATA
                      ? GprsControlMessage::PACKET_DOWNLINK_ACK_NACK
                      : GprsControlMessage::PACKET_CONTROL_ACK;
        air.lost = DrawLoss(r.ms, kControlCs, m_blockStart);
        if (r.purpose == GprsPollPurpose::DL_DATA && ms.dl.rx)
        {
            air.ackNack = ms.dl.rx->GetAckNack();
            // The Channel Request Description rides on this Ack/Nack.
            air.channelRequest = ms.ul.tbf.GetState() == GprsTbfState::CHANNEL_REQUEST;
            ms.dl.ciReportDb = ms.lastCi;
        }
        ++m_radioBlocks;
        m_controlTrace(r.ms, air.msg, pdch, air.lost);
        if (!m_radioBlockTrace.IsEmpty())
        {
            TraceRadioBlock(GprsDirection::UPLINK, pdch, air);
        }
        return;
    }
    // Granted by the USF of the previous downlink block: used now, whatever the mobile sends.
    const GprsUplinkBlock grant = m_uplinkBlocks.Free(m_block, pdch);
    NS_ASSERT_MSG(grant.kind == GprsUplinkBlock::USF, "uplink block neither polled nor granted");
    const uint32_t index = grant.ms;
    GprsCellMobile& ms = m_mss[index];
    GprsBearer& link = ms.ul;
    if (link.tbf.GetState() == GprsTbfState::HOLD && grant.heard)
    {
        if (!link.HasDataForLlc() && link.tx->PeekNext() == GprsRlcTxKind::NOTHING)
        {
            air.kind = Air::CONTROL;
            air.ms = index;
            air.msg = GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK;
            air.purpose = GprsPollPurpose::UL_DUMMY;
            air.lost = DrawLoss(index, kControlCs, m_blockStart);
            ++m_radioBlocks;
            m_controlTrace(index, air.msg, pdch, air.lost);
            if (!m_radioBlockTrace.IsEmpty())
            {
                TraceRadioBlock(GprsDirection::UPLINK, pdch, air);
            }
            return;
        }
        link.tbf.Resume(); // new data rides on the held TBF
        ArmTimer(index, GprsDirection::UPLINK);
        Refill(ms, link, GprsDirection::UPLINK);
    }
    const bool repeatFinal = m_rlcMode == GprsRlcMode::UNACKNOWLEDGED && link.tx &&
                             link.tx->IsFinalSent() &&
                             link.tx->PeekNext() == GprsRlcTxKind::NOTHING;
    const GprsTbfState state = link.tbf.GetState();
    if ((state != GprsTbfState::FLOW && state != GprsTbfState::HOLD) ||
        (state == GprsTbfState::FLOW && link.tx->PeekNext() == GprsRlcTxKind::NOTHING &&
         !repeatFinal))
    {
        return; // acknowledged meanwhile: nothing left to send
    }
    air.kind = Air::DATA;
    air.ms = index;
    if (!grant.heard)
    {
        // The mobile missed its USF: the network sees an empty block (N3101).
        air.lost = true;
        return;
    }
    GprsRlcTxKind kind = GprsRlcTxKind::PENDING_ACK;
    air.block =
        repeatFinal ? link.tx->GetFinalBlock() : link.tx->SendNext(link.cs, link.EndsTbf(), kind);
    double ci = 0;
    double bler = 0;
    air.lost = DrawLoss(index, air.block.cs, m_blockStart, &ci, &bler);
    air.stalled = link.tx->IsStalled();
    air.txKind = kind;
    link.ciReportDb = ci;
    ++m_radioBlocks;
    if (!m_rlcBlockTrace.IsEmpty())
    {
        m_rlcBlockTrace(GprsRlcBlockRecord{index,
                                           GprsDirection::UPLINK,
                                           pdch,
                                           air.block.bsn,
                                           air.block.cs,
                                           kind,
                                           air.block.fbi,
                                           false,
                                           link.tx->IsStalled(),
                                           air.lost,
                                           ci,
                                           bler});
    }
    if (!m_radioBlockTrace.IsEmpty())
    {
        air.cv = GetCountdownValue(ms, link, air.block.bsn);
        TraceRadioBlock(GprsDirection::UPLINK, pdch, air);
    }
}

uint8_t
GprsPcu::GetCountdownValue(const GprsCellMobile& ms, const GprsBearer& link, uint8_t bsn) const
{
    // TS 44.060 clause 9.3.1: CV = round-up((TBC - BSN' - 1) / NTS) if that is at most BS_CV_MAX,
    // else 15; TBC - BSN' - 1 is the number of blocks of the TBF after this one, known once the
    // countdown fixed the TBF's data. The blocks yet to be built count at the current CS.
    if (!link.countdown)
    {
        return 15;
    }
    const uint32_t after = link.tx->GetBlocksAfter(bsn, link.cs);
    const uint32_t x = (after + ms.ulCount - 1) / ms.ulCount;
    return x <= m_bsCvMax ? static_cast<uint8_t>(x) : 15;
}

void
GprsPcu::TraceRadioBlock(GprsDirection dir, uint8_t pdch, const Air& air)
{
    GprsRadioBlockRecord r;
    r.dir = dir;
    r.pdch = pdch;
    r.frame = m_frame;
    r.rlcMode = m_rlcMode;
    if (dir == GprsDirection::DOWNLINK)
    {
        const GprsUplinkBlock& next = m_uplinkBlocks.Get(m_block + 1, pdch);
        const bool granted = next.kind == GprsUplinkBlock::USF;
        if (granted)
        {
            r.usf = m_mss[next.ms].ul.usf[pdch];
        }
        if (air.kind == Air::NONE)
        {
            if (!granted)
            {
                return; // nothing on the air
            }
            r.kind = GprsRadioBlockRecord::USF_ONLY;
            r.ms = next.ms;
            r.lost = !next.heard;
            r.ciDb = m_mss[r.ms].lastCi;
            m_radioBlockTrace(r);
            return;
        }
        r.polled = air.polled;
    }
    const GprsCellMobile& ms = m_mss[air.ms];
    r.ms = air.ms;
    r.lost = air.lost;
    r.ciDb = ms.lastCi;
    if (air.kind == Air::DATA)
    {
        const GprsBearer& link = dir == GprsDirection::DOWNLINK ? ms.dl : ms.ul;
        r.kind = GprsRadioBlockRecord::DATA;
        r.tfi = link.tfi;
        r.block = &air.block;
        r.txKind = air.txKind;
        r.cs = air.block.cs;
        r.cv = air.cv;
        r.stalled = air.stalled;
        m_radioBlockTrace(r);
        return;
    }
    r.kind = GprsRadioBlockRecord::CONTROL;
    r.msg = air.msg;
    switch (air.msg)
    {
    case GprsControlMessage::PACKET_DOWNLINK_ACK_NACK:
        r.tfi = ms.dl.tfi;
        r.ackNack = &air.ackNack;
        r.channelRequest = air.channelRequest;
        break;
    case GprsControlMessage::PACKET_UPLINK_ACK_NACK:
        r.tfi = ms.ul.tfi;
        r.ackNack = &air.ackNack;
        r.cs = ms.ul.cs;
        break;
    case GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT:
        r.tfi = ms.dl.tfi;
        for (uint8_t p = ms.dlFirst; p < ms.dlFirst + ms.dlCount; ++p)
        {
            r.timeslots |= static_cast<uint8_t>(0x80 >> p);
        }
        break;
    case GprsControlMessage::PACKET_UPLINK_ASSIGNMENT:
        r.tfi = ms.ul.tfi;
        r.cs = ms.ul.cs;
        for (uint8_t p = ms.ulFirst; p < ms.ulFirst + ms.ulCount; ++p)
        {
            r.timeslots |= static_cast<uint8_t>(0x80 >> p);
            r.usfs[p] = ms.ul.usf[p];
        }
        break;
    case GprsControlMessage::PACKET_CONTROL_ACK:
    case GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK:
        break;
    }
    m_radioBlockTrace(r);
}

void
GprsPcu::TransmitDownlink(uint8_t pdch)
{
    // Most block periods have no control message due and no uplink sender: no call for those.
    if (m_controlPending.empty() || !SendControl(pdch))
    {
        SendDownlinkData(pdch);
    }
    if (!m_sendingUl.empty() || !m_keepAliveGrants.empty())
    {
        GrantUplink(pdch);
    }
    if (!m_radioBlockTrace.IsEmpty())
    {
        TraceRadioBlock(GprsDirection::DOWNLINK, pdch, m_air[0][pdch]);
    }
}

bool
GprsPcu::SendControl(uint8_t pdch)
{
    const uint64_t answer = m_block + kRrbpBlocks;
    // The mobiles with a control message due (CollectSenders), round robin from m_controlRr.
    const auto n = m_controlPending.size();
    const auto first = static_cast<std::size_t>(
        std::lower_bound(m_controlPending.begin(), m_controlPending.end(), m_controlRr) -
        m_controlPending.begin());
    for (std::size_t k = 0; k < n; ++k)
    {
        const uint32_t index = m_controlPending[(first + k) % n];
        GprsCellMobile& ms = m_mss[index];
        GprsControlMessage msg;
        std::optional<GprsPollPurpose> poll;
        bool final = false;
        if (ms.ul.ackOwed && ms.OnUplinkSlot(pdch) && ms.ul.rx)
        {
            msg = GprsControlMessage::PACKET_UPLINK_ACK_NACK;
            final = ms.ul.tbf.GetState() == GprsTbfState::FINISHED;
            if (final)
            {
                poll = GprsPollPurpose::UL_FINAL; // the Packet Control Ack ends the TBF
            }
        }
        else if (ms.dl.tbf.GetState() == GprsTbfState::ASSIGN_PACCH &&
                 !ms.dl.tbf.IsAssignmentPending() && pdch == ms.GetPacchTn() &&
                 HasResources(index, GprsDirection::DOWNLINK))
        {
            msg = GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT;
            poll = GprsPollPurpose::DL_ASSIGNMENT;
        }
        else if (ms.ul.tbf.GetState() == GprsTbfState::ASSIGN_PACCH &&
                 !ms.ul.tbf.IsAssignmentPending() && pdch == ms.GetPacchTn() &&
                 HasResources(index, GprsDirection::UPLINK))
        {
            msg = GprsControlMessage::PACKET_UPLINK_ASSIGNMENT;
            poll = GprsPollPurpose::UL_ASSIGNMENT;
        }
        else
        {
            continue;
        }
        if (poll && m_uplinkBlocks.IsTaken(answer, pdch))
        {
            continue; // a polled message needs the uplink block RRBP points to
        }
        Air& air = m_air[0][pdch];
        air.kind = Air::CONTROL;
        air.ms = index;
        air.msg = msg;
        air.final = final;
        air.lost = DrawLoss(index, kControlCs, m_blockStart);
        if (msg == GprsControlMessage::PACKET_UPLINK_ACK_NACK)
        {
            ms.ul.ackOwed = false;
            ms.ul.blocksSinceAck = 0;
            air.ackNack = ms.ul.rx->GetAckNack();
        }
        else
        {
            const GprsDirection dir = msg == GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT
                                          ? GprsDirection::DOWNLINK
                                          : GprsDirection::UPLINK;
            AllocateTfi(index, dir);
            GetLink(index, dir).tbf.AssignmentSent();
        }
        air.polled = poll.has_value();
        if (poll)
        {
            m_uplinkBlocks.Poll(answer, pdch, index, *poll, !air.lost);
        }
        ++m_radioBlocks;
        m_controlTrace(index, msg, pdch, air.lost);
        m_controlRr = index + 1;
        return true;
    }
    return false;
}

bool
GprsPcu::SendDownlinkData(uint8_t pdch)
{
    m_candidates.clear();
    for (const uint32_t i : m_sendingDl)
    {
        GprsCellMobile& ms = m_mss[i];
        if (ms.OnDownlinkSlot(pdch) && WantsToSend(ms, ms.dl, GprsDirection::DOWNLINK, pdch))
        {
            m_candidates.push_back(i);
        }
    }
    if (m_candidates.empty())
    {
        return false;
    }
    const uint32_t index =
        m_candidates[m_scheduler->Select(GprsScheduler::DOWNLINK,
                                         pdch,
                                         m_candidates.data(),
                                         static_cast<uint32_t>(m_candidates.size()))];
    GprsCellMobile& ms = m_mss[index];
    GprsBearer& link = ms.dl;
    GprsRlcTxKind kind;
    Air& air = m_air[0][pdch];
    air.kind = Air::DATA;
    air.ms = index;
    // WantsToSend() found nothing to send only where unacknowledged mode repeats the final block.
    if (m_rlcMode == GprsRlcMode::UNACKNOWLEDGED && link.tx->IsFinalSent())
    {
        air.block = link.tx->GetFinalBlock();
        kind = GprsRlcTxKind::PENDING_ACK;
    }
    else
    {
        air.block = link.tx->SendNext(link.cs, link.EndsTbf(), kind);
    }
    double ci = 0;
    double bler = 0;
    air.lost = DrawLoss(index, air.block.cs, m_blockStart, &ci, &bler);
    ++m_radioBlocks;
    ++link.blocksSincePoll;

    // Poll (RRBP) periodically, on the final block, and when the window is about to stall.
    bool polled = false;
    const uint64_t answer = m_block + kRrbpBlocks;
    if (air.block.fbi && link.tbf.GetState() == GprsTbfState::FLOW)
    {
        link.tbf.Finish();
    }
    const bool due = link.blocksSincePoll >= m_pollInterval || air.block.fbi ||
                     link.tx->GetOutstanding() + m_pollInterval >= kGprsRlcWs ||
                     link.tx->IsStalled() || kind == GprsRlcTxKind::PENDING_ACK ||
                     link.tbf.GetState() == GprsTbfState::HOLD;
    if (m_rlcMode == GprsRlcMode::ACKNOWLEDGED || air.block.fbi)
    {
        // RRBP reserves the uplink of the polling timeslot: poll only where the mobile can
        // answer within its multislot class.
        if (due && pdch == ms.dlAckTn && !link.pollOutstanding &&
            !m_uplinkBlocks.IsTaken(answer, pdch))
        {
            m_uplinkBlocks.Poll(answer, pdch, index, GprsPollPurpose::DL_DATA, !air.lost);
            link.pollOutstanding = true;
            link.blocksSincePoll = 0;
            polled = true;
        }
    }
    air.polled = polled;
    air.txKind = kind;
    if (!m_rlcBlockTrace.IsEmpty())
    {
        m_rlcBlockTrace(GprsRlcBlockRecord{index,
                                           GprsDirection::DOWNLINK,
                                           pdch,
                                           air.block.bsn,
                                           air.block.cs,
                                           kind,
                                           air.block.fbi,
                                           polled,
                                           link.tx->IsStalled(),
                                           air.lost,
                                           ci,
                                           bler});
    }
    return true;
}

void
GprsPcu::GrantUplink(uint8_t pdch)
{
    if (m_uplinkBlocks.IsTaken(m_block + 1, pdch))
    {
        return; // the next uplink block is reserved by RRBP: USF 'unused'
    }
    // A held (extended) uplink TBF owed its keep-alive USF goes first.
    for (auto it = m_keepAliveGrants.begin(); it != m_keepAliveGrants.end(); ++it)
    {
        const uint32_t index = *it;
        const GprsCellMobile& ms = m_mss[index];
        if (ms.ul.tbf.GetState() != GprsTbfState::HOLD)
        {
            it = std::prev(m_keepAliveGrants.erase(it));
            continue;
        }
        if (pdch == ms.ulFirst)
        {
            m_keepAliveGrants.erase(it);
            m_uplinkBlocks.Grant(m_block + 1,
                                 pdch,
                                 index,
                                 !DrawLoss(index, kControlCs, m_blockStart));
            return;
        }
    }
    m_candidates.clear();
    for (const uint32_t i : m_sendingUl)
    {
        GprsCellMobile& ms = m_mss[i];
        if (ms.OnUplinkSlot(pdch) && WantsToSend(ms, ms.ul, GprsDirection::UPLINK, pdch))
        {
            m_candidates.push_back(i);
        }
    }
    if (m_candidates.empty())
    {
        return;
    }
    const uint32_t index =
        m_candidates[m_scheduler->Select(GprsScheduler::UPLINK,
                                         pdch,
                                         m_candidates.data(),
                                         static_cast<uint32_t>(m_candidates.size()))];
    // The USF is coded more robustly than the data (TS 45.003 5.1.2-5.1.4): decoded like CS-1.
    m_uplinkBlocks.Grant(m_block + 1, pdch, index, !DrawLoss(index, kControlCs, m_blockStart));
}

// ---------------------------------------------------------------------------------------------
// Delivery

void
GprsPcu::DropFrontFrame(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = GetLink(index, dir);
    const GprsBearer::LlcFrame& f = link.frames.front();
    m_frameLostTrace(index, dir, f.octets);
    link.segmentsOk = 0;
    if (!f.npdu)
    {
        // Signalling, or an LLC ABM frame (acknowledged mode recovers its own losses).
        if (m_mss[index].cellUpdatePending)
        {
            // A lost cell update: the mobile sends another one.
            Simulator::ScheduleNow(&GprsPcu::SendCellUpdate, this, index);
        }
    }
    else if (f.segment + 1 == f.segments)
    {
        NotifyPacketLost(index, dir, f.npdu);
    }
    link.PopFrontFrame();
}

void
GprsPcu::NotifyPacketLost(uint32_t index, GprsDirection dir, Ptr<const Packet> packet)
{
    if (dir == GprsDirection::DOWNLINK)
    {
        m_bss->NotifyDrop(packet);
    }
    else
    {
        m_mss[index].dev->NotifyDrop(packet);
    }
}

void
GprsPcu::DeliverFrames(uint32_t index,
                       GprsDirection dir,
                       const std::vector<GprsReassembledLlcFrame>& frames)
{
    if (frames.empty())
    {
        return; // most blocks complete no frame
    }
    GprsBearer& link = GetLink(index, dir);
    for (const auto& fr : frames)
    {
        if (fr.frameId < link.firstFrameId)
        {
            continue; // already handled (retry after an abort delivered it twice)
        }
        // Frames are reassembled in order: older undelivered ones are lost for good.
        while (link.firstFrameId < fr.frameId)
        {
            DropFrontFrame(index, dir);
        }
        if (dir == GprsDirection::UPLINK && m_mss[index].cellUpdatePending)
        {
            CellUpdated(index); // any uplink LLC frame tells the SGSN the mobile's cell
        }
        if (link.frames.front().abm)
        {
            const std::unique_ptr<GprsLlcAbmFrame> abm = std::move(link.frames.front().abm);
            link.PopFrontFrame();
            ReceiveLlc(index, dir, *abm);
            continue;
        }
        const GprsBearer::LlcFrame& f = link.frames.front();
        link.segmentsOk = f.segment == link.segmentsOk ? link.segmentsOk + 1 : 0;
        if (!f.npdu)
        {
            link.segmentsOk = 0; // signalling: nothing to deliver above LLC
        }
        else if (f.segment + 1 == f.segments)
        {
            // SNDCP delivers the N-PDU only if every segment arrived (TS 44.065 6.7.2).
            if (link.segmentsOk == f.segments)
            {
                DeliverUp(index, dir, f.npdu, f.sent);
            }
            else
            {
                NotifyPacketLost(index, dir, f.npdu);
            }
            link.segmentsOk = 0;
        }
        link.PopFrontFrame();
    }
}

void
GprsPcu::DeliverUp(uint32_t index, GprsDirection dir, Ptr<Packet> packet, Time sent)
{
    m_deliveredTrace(index, dir, packet, Simulator::Now() - sent);
    if (dir == GprsDirection::DOWNLINK)
    {
        m_mss[index].dev->Receive(packet->Copy());
    }
    else
    {
        m_bss->ReceiveFromCell(packet->Copy(), m_mss[index].dev->GetAddress());
    }
}

// ---------------------------------------------------------------------------------------------
// LLC acknowledged mode

void
GprsPcu::HandToLlc(uint32_t index, GprsDirection dir, Ptr<Packet> packet, Time sent)
{
    // SNDCP (TS 44.065 clause 6.7, SN-DATA) cuts the packet into LLC PDUs of at most N201-I
    // octets; each is one I frame, named by its identifier.
    GprsBearer::LlcAbm& llc = *GetLink(index, dir).llc;
    const uint32_t size = packet->GetSize();
    const uint32_t count = m_abmFraming->FrameCount(size);
    const uint64_t first = llc.sndcp.Add({packet, sent}, static_cast<uint16_t>(count));
    for (uint32_t s = 0; s < count; ++s)
    {
        llc.entity.Send(first + s, m_abmFraming->FrameOctets(size, s));
    }
    PumpLlc(index, dir);
}

void
GprsPcu::PumpLlc(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = GetLink(index, dir);
    const Time now = Simulator::Now();
    while (const auto frame = link.llc->entity.TakeNextFrame(now))
    {
        const uint32_t octets = frame->GetOctets();
        m_llcAbmFrameTrace(index, dir, *frame);
        if (frame->retransmission)
        {
            m_llcRetransmissionTrace(index, dir, octets);
        }
        AppendFrame(link, {nullptr, now, octets, 0, 1, std::make_unique<GprsLlcAbmFrame>(*frame)});
    }
    const std::optional<Time> expiry = link.llc->entity.GetTimerExpiry();
    if (!expiry)
    {
        Simulator::Cancel(link.llc->timer);
    }
    else if (link.llc->timer.IsExpired() || *expiry != link.llc->timerAt)
    {
        Simulator::Cancel(link.llc->timer);
        link.llc->timerAt = *expiry;
        link.llc->timer =
            Simulator::Schedule(*expiry - now, &GprsPcu::LlcTimerExpired, this, index, dir);
    }
    // New frames, or a window that opened for the packets waiting in the buffer: a held
    // downlink TBF resumes; without a TBF, one is asked for.
    RequestTbf(index, dir);
}

void
GprsPcu::ServeLlc(uint32_t index, GprsDirection dir)
{
    // The entity sending on dir receives on the other direction.
    const GprsDirection back = Opposite(dir);
    GprsBearer::LlcAbm& llc = *GetLink(index, dir).llc;
    GprsBearer::LlcAbm& peer = *GetLink(index, back).llc;
    while (const auto sdu = llc.entity.PopDelivered())
    {
        if (const auto npdu = peer.sndcp.Deliver(sdu->sduId))
        {
            DeliverUp(index, back, npdu->packet, npdu->sent);
        }
    }
    // Done with a PDU, confirmed or abandoned: its packet is lost if the peer did not deliver
    // it (GprsSndcpAckTracker).
    auto release = [this, index, dir, &llc](uint64_t sduId) {
        if (const auto npdu = llc.sndcp.Release(sduId))
        {
            NS_LOG_LOGIC("MS " << index << " " << ToString(dir) << " LLC PDU " << sduId
                               << " undelivered: IP packet lost");
            NotifyPacketLost(index, dir, npdu->packet);
        }
    };
    while (const auto sdu = llc.entity.PopConfirmed())
    {
        release(sdu->sduId);
    }
    while (const auto abandoned = llc.entity.PopAbandoned())
    {
        release(abandoned->sdu.sduId);
    }
    PumpLlc(index, dir);
}

void
GprsPcu::ReceiveLlc(uint32_t index, GprsDirection dir, const GprsLlcAbmFrame& frame)
{
    const GprsDirection back = Opposite(dir);
    try
    {
        GetLink(index, back).llc->entity.Receive(frame, Simulator::Now());
    }
    catch (const std::invalid_argument& e)
    {
        // An N(R) sequence error (TS 44.064): the peer reset its numbering while this end did
        // not, after a SABM repeated because its UA came later than T200. The frame is
        // discarded; the entity's T201 and N200 re-establish the link.
        NS_LOG_LOGIC("MS " << index << " " << ToString(dir)
                           << " LLC frame discarded: " << e.what());
        m_frameLostTrace(index, dir, frame.GetOctets());
    }
    ServeLlc(index, back);
}

void
GprsPcu::LlcTimerExpired(uint32_t index, GprsDirection dir)
{
    GetLink(index, dir).llc->entity.OnTimer(Simulator::Now());
    ServeLlc(index, dir);
}

} // namespace ns3
