/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-pcu.h"

#include "ns3/abort.h"
#include "ns3/gprs-block-timing.h"
#include "ns3/gprs-link-adaptation.h"
#include "ns3/gprs-multislot-class.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/gprs-random-bounds.h"
#include "ns3/gprs-scheduler.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsPcu");

NS_OBJECT_ENSURE_REGISTERED(GprsPcu);

namespace
{
/// RRBP = 0: the reserved uplink block starts 13 frames later, always 3 blocks later.
constexpr uint64_t kRrbpBlocks = 3;

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

} // namespace

TypeId
GprsPcu::GetTypeId()
{
    // The attributes of the TBF controller and of the logical links are declared with their
    // code (GprsTbfSettings, GprsLlcSettings), in this order after the cell's own.
    static TypeId tid = [] {
        TypeId cell =
            TypeId("ns3::GprsPcu")
                .SetParent<Object>()
                .SetGroupName("Gprs")
                .AddConstructor<GprsPcu>()
                .AddAttribute(
                    "NumberOfPdchs",
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
                              MakePointerChecker<GprsScheduler>());
        return GprsLlcSettings::AddAttributes(GprsTbfSettings::AddAttributes(cell))
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
    }();
    return tid;
}

GprsPcu::GprsPcu()
    : m_tbfs(m_mss,
             m_tracked,
             *this,
             *this,
             m_tbfEstablishedTrace,
             m_tbfReleasedTrace,
             m_tbfRejectedTrace),
      m_views{GprsCellSchedulerView(GprsDirection::DOWNLINK,
                                    m_candidates,
                                    m_mss,
                                    m_blockStart,
                                    m_pollInterval),
              GprsCellSchedulerView(GprsDirection::UPLINK,
                                    m_candidates,
                                    m_mss,
                                    m_blockStart,
                                    m_pollInterval)}
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
    // What a delay distribution can draw is read from its attributes, so that a negative or
    // unbounded access delay is refused before the run, not met in the middle of it.
    GprsCheckDelayVariable("DownlinkAssignmentDelay",
                           m_dlAssignmentDelay,
                           GetGprsMaxTbfEstablishmentDelay());
    GprsCheckDelayVariable("UplinkAccessDelay", m_ulAccessDelay, GetGprsMaxTbfEstablishmentDelay());
    MakeLinkConfig();
    m_dlLinkAdaptation.Create<GprsLinkAdaptation>()->CheckConsistency();
    m_ulLinkAdaptation.Create<GprsLinkAdaptation>()->CheckConsistency();
}

void
GprsPcu::DoInitialize()
{
    try
    {
        CheckConfiguration();
        m_llcConfig.emplace(MakeLinkConfig());
        for (GprsCellMobile& ms : m_mss)
        {
            const GprsLlcMode mode = ms.user->GetLlcMode();
            const bool acknowledged =
                (mode == GprsLlcMode::CELL ? m_llcMode : mode) == GprsLlcMode::ACKNOWLEDGED;
            ms.dl.llc.Configure(&*m_llcConfig, acknowledged);
            ms.ul.llc.Configure(&*m_llcConfig, acknowledged);
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
        m_mss[i].dl.llc.GetBuffer()->SetMaxSize(QueueSize(QueueSizeUnit::BYTES, m_dlBufferBytes));
        m_mss[i].ul.llc.GetBuffer()->SetMaxSize(QueueSize(QueueSizeUnit::BYTES, m_ulBufferBytes));
        m_mss[i].dl.tbf.SetConfig(GetTbfConfig(GprsDirection::DOWNLINK));
        m_mss[i].ul.tbf.SetConfig(GetTbfConfig(GprsDirection::UPLINK));
        m_mss[i].AllocateTimeslots(load, candidates, m_numPdch);
        for (const Time& t : m_mss[i].user->GetCellReselections())
        {
            Simulator::Schedule(t, &GprsTbfController::Reselect, &m_tbfs, i);
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
        ms.dl.llc.CancelTimer();
        ms.ul.llc.CancelTimer();
    }
    m_mss.clear();
    m_tracked.clear();
    m_bss = nullptr;
    m_scheduler = nullptr;
    Object::DoDispose();
}

void
GprsPcu::SetBss(GprsCellNetworkUser* bss)
{
    m_bss = bss;
}

uint32_t
GprsPcu::AddMs(GprsCellMsUser* ms)
{
    const auto index = static_cast<uint32_t>(m_mss.size());
    m_mss.emplace_back(index,
                       ms,
                       GprsRadioLink(ms, &m_bler, m_uniform, [this, index](double ci, bool o) {
                           m_radioTrace(index, ci, o);
                       }));
    for (const auto& [link, bytes] : {std::pair{&m_mss.back().dl, m_dlBufferBytes},
                                      std::pair{&m_mss.back().ul, m_ulBufferBytes}})
    {
        link->llc.GetBuffer()->SetMaxSize(QueueSize(QueueSizeUnit::BYTES, bytes));
        link->llc.Attach(this);
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

uint32_t
GprsPcu::GetTlli(uint32_t ms) const
{
    return GetMs(ms).user->GetTlli();
}

GprsTbfState
GprsPcu::GetTbfState(uint32_t ms, GprsDirection dir) const
{
    return GetLink(ms, dir).tbf.GetState();
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
    return GetLink(ms, dir).llc.GetBuffer();
}

bool
GprsPcu::Enqueue(uint32_t index, GprsDirection dir, Ptr<Packet> packet, Time sent)
{
    GprsBearer& link = GetLink(index, dir);
    if (!link.llc.Enqueue(packet, sent))
    {
        NS_LOG_LOGIC("MS " << index << " " << ToString(dir) << " buffer full: drop "
                           << packet->GetSize());
        m_bufferDropTrace(index, dir, packet);
        return false;
    }
    m_tbfs.RequestTbf(index, dir);
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

void
GprsPcu::EnterHold(const GprsCellMobile& ms, GprsDirection dir)
{
    m_tbfs.ArmTimer(ms.index, dir);
    if (dir == GprsDirection::DOWNLINK)
    {
        m_tbfs.FallBackToRandomAccess(ms.index);
    }
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
    Simulator::ScheduleWithContext(m_bss->GetCellContext(),
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
            if (dir[p].kind != GprsAirBlock::NONE)
            {
                return true;
            }
        }
    }
    if (!m_tbfs.GetKeepAliveGrants().empty() || !m_uplinkBlocks.IsEmpty())
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
        GprsAirBlock& dl = m_air[0][p];
        if (dl.kind != GprsAirBlock::NONE)
        {
            ReceiveDownlink(dl);
            dl.kind = GprsAirBlock::NONE;
        }
        GprsAirBlock& ul = m_air[1][p];
        // Of the block just ended, a USF was used when it was sent; a poll is still reserved.
        // Most blocks are neither: no call for those.
        const bool polled = m_uplinkBlocks.IsPolled(m_block - 1, p);
        const GprsUplinkBlock poll =
            polled ? m_uplinkBlocks.Free(m_block - 1, p) : GprsUplinkBlock{};
        if (ul.kind != GprsAirBlock::NONE)
        {
            ReceiveUplink(ul);
            ul.kind = GprsAirBlock::NONE;
        }
        else if (polled)
        {
            // A reservation of the block just ended that nobody answered: the poll failed.
            m_tbfs.PollUnanswered(poll.ms, poll.purpose);
        }
    }
}

void
GprsPcu::ReceiveDownlink(GprsAirBlock& air)
{
    GprsCellMobile& ms = m_mss[air.ms];
    if (air.kind == GprsAirBlock::DATA)
    {
        if (air.lost || !ms.dl.tbf.IsOpen())
        {
            return;
        }
        m_frames.clear();
        ms.dl.rx->Receive(air.block, m_frames);
        ms.dl.llc.DeliverFrames(m_frames);
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
GprsPcu::ReceiveUplink(GprsAirBlock& air)
{
    GprsCellMobile& ms = m_mss[air.ms];
    if (air.kind == GprsAirBlock::DATA)
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
                m_tbfs.ReleaseTbf(air.ms, GprsDirection::UPLINK, true);
            }
            return;
        }
        tbf.GrantUsed();
        m_frames.clear();
        ms.ul.rx->Receive(air.block, m_frames);
        ms.ul.llc.DeliverFrames(m_frames);
        // Ack/Nack every UplinkAckInterval blocks, when all is received, and at once on the final
        // block (CV = 0, even with gaps), on a stalled window (SI = 1): TS 44.060 9.1.8,
        // 9.3.2.4; and on a block with the TLLI, to end contention resolution (7.1.2.3; osmo-pcu).
        if (++ms.ul.blocksSinceAck >= m_ulAckInterval || ms.ul.rx->IsComplete() || air.block.fbi ||
            air.stalled || air.block.tlli)
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
                m_tbfs.ReleaseTbf(air.ms, GprsDirection::UPLINK, true);
            }
        }
        break;
    case GprsPollPurpose::UL_FINAL:
        if (ms.ul.tbf.GetState() == GprsTbfState::FINISHED)
        {
            if (air.lost)
            {
                m_tbfs.PollUnanswered(air.ms, air.purpose);
            }
            else
            {
                m_tbfs.ReleaseTbf(air.ms, GprsDirection::UPLINK, false);
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
            m_tbfs.PollUnanswered(air.ms, air.purpose);
        }
        else
        {
            m_tbfs.Activate(air.ms, dir);
        }
        break;
    }
    }
}

void
GprsPcu::ReceiveDownlinkAckNack(const GprsAirBlock& air)
{
    GprsCellMobile& ms = m_mss[air.ms];
    GprsBearer& dl = ms.dl;
    if (!dl.tbf.IsOpen() || !dl.tx)
    {
        return;
    }
    if (air.lost)
    {
        m_tbfs.PollFailed(air.ms);
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
        m_tbfs.ReleaseTbf(air.ms, GprsDirection::DOWNLINK, false);
    }
}

void
GprsPcu::TransmitUplink(uint8_t pdch)
{
    GprsAirBlock& air = m_air[1][pdch];
    const GprsUplinkBlock& r = m_uplinkBlocks.Get(m_block, pdch);
    if (r.kind == GprsUplinkBlock::POLL)
    {
        if (!r.heard)
        {
            return; // the mobile missed the poll: the block stays empty
        }
        GprsCellMobile& ms = m_mss[r.ms];
        air.kind = GprsAirBlock::CONTROL;
        air.ms = r.ms;
        air.purpose = r.purpose;
        air.msg = r.purpose == GprsPollPurpose::DL_DATA
                      ? GprsControlMessage::PACKET_DOWNLINK_ACK_NACK
                      : GprsControlMessage::PACKET_CONTROL_ACK;
        air.lost = m_mss[r.ms].radio.DrawLoss(kGprsControlCs, m_blockStart);
        if (r.purpose == GprsPollPurpose::DL_DATA && ms.dl.rx)
        {
            air.ackNack = ms.dl.rx->GetAckNack();
            // The Channel Request Description rides on this Ack/Nack.
            air.channelRequest = ms.ul.tbf.GetState() == GprsTbfState::CHANNEL_REQUEST;
            ms.dl.ciReportDb = ms.radio.GetCiDb();
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
        if (!link.llc.HasDataForLlc() && link.tx->PeekNext() == GprsRlcTxKind::NOTHING)
        {
            air.kind = GprsAirBlock::CONTROL;
            air.ms = index;
            air.msg = GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK;
            air.purpose = GprsPollPurpose::UL_DUMMY;
            air.lost = m_mss[index].radio.DrawLoss(kGprsControlCs, m_blockStart);
            ++m_radioBlocks;
            m_controlTrace(index, air.msg, pdch, air.lost);
            if (!m_radioBlockTrace.IsEmpty())
            {
                TraceRadioBlock(GprsDirection::UPLINK, pdch, air);
            }
            return;
        }
        link.tbf.Resume(); // new data rides on the held TBF
        m_tbfs.ArmTimer(index, GprsDirection::UPLINK);
        link.Refill(m_blockStart, GetCountdownBlocks(ms));
    }
    const bool repeatFinal = link.RepeatsFinal(m_rlcMode);
    const GprsTbfState state = link.tbf.GetState();
    if ((state != GprsTbfState::FLOW && state != GprsTbfState::HOLD) ||
        (state == GprsTbfState::FLOW && link.tx->PeekNext() == GprsRlcTxKind::NOTHING &&
         !repeatFinal))
    {
        return; // acknowledged meanwhile: nothing left to send
    }
    air.kind = GprsAirBlock::DATA;
    air.ms = index;
    if (!grant.heard)
    {
        // The mobile missed its USF: the network sees an empty block (N3101).
        air.lost = true;
        return;
    }
    GprsRlcTxKind kind = GprsRlcTxKind::PENDING_ACK;
    air.block = link.TxOpportunity(m_rlcMode, kind);
    double ci = 0;
    double bler = 0;
    air.lost = m_mss[index].radio.DrawLoss(air.block.cs, m_blockStart, &ci, &bler);
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
        air.cv = link.GetCountdownValue(air.block.bsn, ms.ulCount, m_bsCvMax);
        TraceRadioBlock(GprsDirection::UPLINK, pdch, air);
    }
}

void
GprsPcu::TraceRadioBlock(GprsDirection dir, uint8_t pdch, const GprsAirBlock& air)
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
        if (air.kind == GprsAirBlock::NONE)
        {
            if (!granted)
            {
                return; // nothing on the air
            }
            r.kind = GprsRadioBlockRecord::USF_ONLY;
            r.ms = next.ms;
            r.lost = !next.heard;
            r.ciDb = m_mss[r.ms].radio.GetCiDb();
            m_radioBlockTrace(r);
            return;
        }
        r.polled = air.polled;
    }
    air.Describe(dir, m_mss[air.ms], r);
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
    if (!m_sendingUl.empty() || !m_tbfs.GetKeepAliveGrants().empty())
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
                 m_tbfs.HasResources(index, GprsDirection::DOWNLINK))
        {
            msg = GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT;
            poll = GprsPollPurpose::DL_ASSIGNMENT;
        }
        else if (ms.ul.tbf.GetState() == GprsTbfState::ASSIGN_PACCH &&
                 !ms.ul.tbf.IsAssignmentPending() && pdch == ms.GetPacchTn() &&
                 m_tbfs.HasResources(index, GprsDirection::UPLINK))
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
        GprsAirBlock& air = m_air[0][pdch];
        air.kind = GprsAirBlock::CONTROL;
        air.ms = index;
        air.msg = msg;
        air.final = final;
        air.lost = m_mss[index].radio.DrawLoss(kGprsControlCs, m_blockStart);
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
            m_tbfs.AllocateTfi(index, dir);
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
        if (ms.OnDownlinkSlot(pdch) && WantsToSend(ms, ms.dl, pdch))
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
                                         static_cast<uint32_t>(m_candidates.size()),
                                         m_views[0])];
    GprsCellMobile& ms = m_mss[index];
    GprsBearer& link = ms.dl;
    GprsRlcTxKind kind;
    GprsAirBlock& air = m_air[0][pdch];
    air.kind = GprsAirBlock::DATA;
    air.ms = index;
    air.block = link.TxOpportunity(m_rlcMode, kind);
    double ci = 0;
    double bler = 0;
    air.lost = m_mss[index].radio.DrawLoss(air.block.cs, m_blockStart, &ci, &bler);
    ++m_radioBlocks;
    ++link.blocksSincePoll;
    link.lastBlock = m_blockStart;

    // Poll (RRBP) periodically, on the final block, and when the window is about to stall.
    bool polled = false;
    const uint64_t answer = m_block + kRrbpBlocks;
    if (air.block.fbi && link.tbf.GetState() == GprsTbfState::FLOW)
    {
        link.tbf.Finish();
    }
    const bool due = link.IsPollDue(link.blocksSincePoll, air.block.fbi, kind, m_pollInterval);
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
    std::vector<uint32_t>& grants = m_tbfs.GetKeepAliveGrants();
    for (auto it = grants.begin(); it != grants.end(); ++it)
    {
        const uint32_t index = *it;
        const GprsCellMobile& ms = m_mss[index];
        if (ms.ul.tbf.GetState() != GprsTbfState::HOLD)
        {
            it = std::prev(grants.erase(it));
            continue;
        }
        if (pdch == ms.ulFirst)
        {
            grants.erase(it);
            m_uplinkBlocks.Grant(m_block + 1,
                                 pdch,
                                 index,
                                 !m_mss[index].radio.DrawLoss(kGprsControlCs, m_blockStart));
            return;
        }
    }
    m_candidates.clear();
    for (const uint32_t i : m_sendingUl)
    {
        GprsCellMobile& ms = m_mss[i];
        if (ms.OnUplinkSlot(pdch) && WantsToSend(ms, ms.ul, pdch))
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
                                         static_cast<uint32_t>(m_candidates.size()),
                                         m_views[1])];
    m_mss[index].ul.lastBlock = m_blockStart;
    // The USF is coded more robustly than the data (TS 45.003 5.1.2-5.1.4): decoded like CS-1.
    m_uplinkBlocks.Grant(m_block + 1,
                         pdch,
                         index,
                         !m_mss[index].radio.DrawLoss(kGprsControlCs, m_blockStart));
}

// ---------------------------------------------------------------------------------------------
// Delivery

void
GprsPcu::ForgetTbf(uint32_t index, GprsDirection dir)
{
    const bool down = dir == GprsDirection::DOWNLINK;
    auto sentForThisTbf = [down](GprsControlMessage m) {
        return down ? m == GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT
                    : (m == GprsControlMessage::PACKET_UPLINK_ACK_NACK ||
                       m == GprsControlMessage::PACKET_UPLINK_ASSIGNMENT);
    };
    m_uplinkBlocks.Cancel(index, dir);
    for (uint8_t p = 0; p < m_numPdch; ++p)
    {
        GprsAirBlock& data = m_air[GprsDirIndex(dir)][p];
        if (data.kind == GprsAirBlock::DATA && data.ms == index)
        {
            data.kind = GprsAirBlock::NONE;
        }
        GprsAirBlock& ul = m_air[1][p];
        if (ul.kind == GprsAirBlock::CONTROL && ul.ms == index &&
            GetTbfDirection(ul.purpose) == dir)
        {
            ul.kind = GprsAirBlock::NONE;
        }
        GprsAirBlock& dl = m_air[0][p];
        if (dl.kind == GprsAirBlock::CONTROL && dl.ms == index && sentForThisTbf(dl.msg))
        {
            dl.kind = GprsAirBlock::NONE;
        }
    }
}

bool
GprsPcu::OfferToRlc(GprsLlcLink& llc, uint64_t frameId, uint32_t octets)
{
    GprsBearer& link = GetLink(llc.GetMs(), llc.GetDirection());
    if (!link.CanJoinTbf())
    {
        return false;
    }
    link.tx->EnqueueFrame(frameId, octets);
    return true;
}

bool
GprsPcu::WantsFrameRecords(const GprsLlcLink& /* link */) const
{
    return !m_llcFrameTrace.IsEmpty();
}

void
GprsPcu::NotifyFrameQueued(const GprsLlcLink& link, const GprsLlcFrameRecord& record)
{
    m_llcFrameTrace(link.GetMs(), link.GetDirection(), record);
}

void
GprsPcu::NotifyAbmFrame(const GprsLlcLink& link, const GprsLlcAbmFrame& frame)
{
    m_llcAbmFrameTrace(link.GetMs(), link.GetDirection(), frame);
    if (frame.retransmission)
    {
        m_llcRetransmissionTrace(link.GetMs(), link.GetDirection(), frame.GetOctets());
    }
}

void
GprsPcu::NotifyBufferOccupancy(const GprsLlcLink& link)
{
    m_bufferTrace(link.GetMs(), link.GetDirection(), link.GetBufferedOctets());
}

void
GprsPcu::NotifyExpired(const GprsLlcLink& link, Ptr<const Packet> packet)
{
    m_bufferDropTrace(link.GetMs(), link.GetDirection(), packet);
    m_bss->NotifyDrop(packet);
}

void
GprsPcu::NotifyFrameLost(const GprsLlcLink& link, uint32_t octets)
{
    m_frameLostTrace(link.GetMs(), link.GetDirection(), octets);
}

void
GprsPcu::NotifySignallingLost(const GprsLlcLink& link)
{
    if (m_mss[link.GetMs()].cellUpdatePending)
    {
        // A lost cell update: the mobile sends another one.
        Simulator::ScheduleNow(&GprsTbfController::SendCellUpdate, &m_tbfs, link.GetMs());
    }
}

void
GprsPcu::NotifyPacketLost(const GprsLlcLink& link, Ptr<const Packet> packet)
{
    if (link.GetDirection() == GprsDirection::DOWNLINK)
    {
        m_bss->NotifyDrop(packet);
    }
    else
    {
        m_mss[link.GetMs()].user->NotifyDrop(packet);
    }
}

void
GprsPcu::NotifyFrameReceived(const GprsLlcLink& link)
{
    if (link.GetDirection() == GprsDirection::UPLINK && m_mss[link.GetMs()].cellUpdatePending)
    {
        m_tbfs.CellUpdated(link.GetMs()); // any uplink LLC frame tells the SGSN the mobile's cell
    }
}

void
GprsPcu::Deliver(const GprsLlcLink& link, Ptr<Packet> packet, Time sent)
{
    const uint32_t index = link.GetMs();
    m_deliveredTrace(index, link.GetDirection(), packet, Simulator::Now() - sent);
    if (link.GetDirection() == GprsDirection::DOWNLINK)
    {
        m_mss[index].user->Receive(packet->Copy());
    }
    else
    {
        m_bss->ReceiveFromCell(packet->Copy(), index);
    }
}

void
GprsPcu::NotifyDataReady(GprsLlcLink& link)
{
    m_tbfs.RequestTbf(link.GetMs(), link.GetDirection());
}

GprsLlcLink&
GprsPcu::GetPeer(const GprsLlcLink& link)
{
    return GetLink(link.GetMs(), GprsOpposite(link.GetDirection())).llc;
}

} // namespace ns3
