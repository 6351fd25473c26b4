/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-pcu.h"

#include "ns3/abort.h"
#include "ns3/gprs-block-timing.h"
#include "ns3/gprs-multislot-class.h"
#include "ns3/gprs-scheduler.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

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

} // namespace

TypeId
GprsPcu::GetTypeId()
{
    static TypeId tid = GprsCellTraces::AddTraceSources(GprsCellSettings::AddAttributes(
        TypeId("ns3::GprsPcu").SetParent<Object>().SetGroupName("Gprs").AddConstructor<GprsPcu>()));
    return tid;
}

GprsPcu::GprsPcu()
    : m_tbfs(m_mss,
             m_tracked,
             *this,
             *this,
             *this,
             m_tbfEstablishedTrace,
             m_tbfReleasedTrace,
             m_tbfRejectedTrace),
      m_llcUser(m_mss, m_tbfs, *this),
      m_pacch(m_mss, m_tbfs),
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
    m_llcUser.SetBss(nullptr);
    m_scheduler = nullptr;
    Object::DoDispose();
}

void
GprsPcu::SetBss(GprsCellNetworkUser* bss)
{
    m_llcUser.SetBss(bss);
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
        link->llc.Attach(&m_llcUser);
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
    m_rachUniform->SetStream(stream + 3);
    return 4;
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
        m_llcUser.GetBss()->NotifyDrop(packet);
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
    Simulator::ScheduleWithContext(m_llcUser.GetBss()->GetCellContext(),
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
        if (!air.lost && ms.dl.tbf.IsOpen())
        {
            ms.dl.ReceiveBlock(air.block, m_frames);
        }
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
    ms.ul.ApplyAckNack(air.ackNack);
}

void
GprsPcu::ReceiveUplink(GprsAirBlock& air)
{
    if (air.kind != GprsAirBlock::DATA)
    {
        m_pacch.Receive(air); // in a reserved block (ReceiveAir freed it) or a granted one
        return;
    }
    GprsCellMobile& ms = m_mss[air.ms];
    GprsTbf& tbf = ms.ul.tbf;
    if (!tbf.IsOpen() || !m_pacch.GrantAnswered(air.ms, !air.lost))
    {
        return;
    }
    ms.ul.ReceiveBlock(air.block, m_frames);
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
}

void
GprsPcu::PutControl(GprsAirBlock& air, uint32_t index, GprsControlMessage msg)
{
    air.kind = GprsAirBlock::CONTROL;
    air.ms = index;
    air.msg = msg;
    air.lost = m_mss[index].radio.DrawLoss(kGprsControlCs, m_blockStart);
}

void
GprsPcu::CountControl(GprsDirection dir, uint8_t pdch, const GprsAirBlock& air)
{
    ++m_radioBlocks;
    m_controlTrace(air.ms, air.msg, pdch, air.lost);
    // The downlink block's record also carries the USF, known after the grant.
    if (dir == GprsDirection::UPLINK && !m_radioBlockTrace.IsEmpty())
    {
        TraceRadioBlock(GprsDirection::UPLINK, pdch, air);
    }
}

void
GprsPcu::TraceRlcBlock(GprsDirection dir,
                       uint8_t pdch,
                       const GprsAirBlock& air,
                       bool stalled,
                       double ci,
                       double bler)
{
    m_rlcBlockTrace(GprsRlcBlockRecord{air.ms,
                                       dir,
                                       pdch,
                                       air.block.bsn,
                                       air.block.cs,
                                       air.txKind,
                                       air.block.fbi,
                                       dir == GprsDirection::DOWNLINK && air.polled,
                                       stalled,
                                       air.lost,
                                       ci,
                                       bler});
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
        GprsControlMessage answer = GprsControlMessage::PACKET_CONTROL_ACK;
        if (r.purpose == GprsPollPurpose::DL_DATA)
        {
            answer = GprsControlMessage::PACKET_DOWNLINK_ACK_NACK;
        }
        else if (r.purpose == GprsPollPurpose::UL_FINAL && m_tbfEst && ms.ul.HasDataForNextTbf())
        {
            // TBF_EST was set in the final Packet Uplink Ack/Nack: data that came after the
            // countdown asks for the next TBF in the reserved block (TS 44.060 9.3.2.4.2).
            answer = GprsControlMessage::PACKET_RESOURCE_REQUEST;
        }
        PutControl(air, r.ms, answer);
        air.purpose = r.purpose;
        if (r.purpose == GprsPollPurpose::DL_DATA && ms.dl.rx)
        {
            air.ackNack = ms.dl.rx->GetAckNack();
            // The Channel Request Description rides on this Ack/Nack.
            air.channelRequest = ms.ul.tbf.GetState() == GprsTbfState::CHANNEL_REQUEST;
            ms.dl.ciReportDb = ms.dl.linkAdaptation->GetCiReport();
        }
        CountControl(GprsDirection::UPLINK, pdch, air);
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
            PutControl(air, index, GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK);
            air.purpose = GprsPollPurpose::UL_DUMMY;
            CountControl(GprsDirection::UPLINK, pdch, air);
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
    air.block = link.TxOpportunity(m_rlcMode, air.txKind);
    double ci = 0;
    double bler = 0;
    air.lost = ms.radio.DrawLoss(air.block.cs, m_blockStart, &ci, &bler);
    air.stalled = link.tx->IsStalled();
    link.linkAdaptation->MeasureCi(m_block, ci);
    link.ciReportDb = link.linkAdaptation->GetCiReport();
    ++m_radioBlocks;
    if (!m_rlcBlockTrace.IsEmpty())
    {
        TraceRlcBlock(GprsDirection::UPLINK, pdch, air, air.stalled, ci, bler);
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
        const std::optional<GprsDueControl> due = m_pacch.GetDue(index, pdch);
        // A polled message needs the uplink block RRBP points to.
        if (!due || (due->poll && m_uplinkBlocks.IsTaken(answer, pdch)))
        {
            continue;
        }
        GprsAirBlock& air = m_air[0][pdch];
        PutControl(air, index, due->msg);
        air.final = due->final;
        if (due->msg == GprsControlMessage::PACKET_UPLINK_ACK_NACK)
        {
            air.ackNack = m_mss[index].ul.rx->GetAckNack();
            air.tbfEst = m_tbfEst;
        }
        m_pacch.Sent(index, due->msg);
        air.polled = due->poll.has_value();
        if (due->poll)
        {
            m_uplinkBlocks.Poll(answer, pdch, index, *due->poll, !air.lost);
        }
        CountControl(GprsDirection::DOWNLINK, pdch, air);
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
    const uint32_t index = m_candidates[PeekPointer(m_scheduler)
                                            ->Select(GprsScheduler::DOWNLINK,
                                                     pdch,
                                                     m_candidates.data(),
                                                     static_cast<uint32_t>(m_candidates.size()),
                                                     m_views[0])];
    GprsCellMobile& ms = m_mss[index];
    GprsBearer& link = ms.dl;
    GprsAirBlock& air = m_air[0][pdch];
    air.kind = GprsAirBlock::DATA;
    air.ms = index;
    air.block = link.TxOpportunity(m_rlcMode, air.txKind);
    double ci = 0;
    double bler = 0;
    air.lost = ms.radio.DrawLoss(air.block.cs, m_blockStart, &ci, &bler);
    link.linkAdaptation->MeasureCi(m_block, ci); // the mobile measures the blocks it receives
    ++m_radioBlocks;
    ++link.blocksSincePoll;
    link.lastBlock = m_blockStart;

    // Poll (RRBP) periodically, on the final block, and when the window is about to stall.
    air.polled = false;
    const uint64_t answer = m_block + kRrbpBlocks;
    if (air.block.fbi && link.tbf.GetState() == GprsTbfState::FLOW)
    {
        link.tbf.Finish();
    }
    const bool due =
        link.IsPollDue(link.blocksSincePoll, air.block.fbi, air.txKind, m_pollInterval);
    // Both RLC modes: in unacknowledged mode the Packet Downlink Ack/Nack carries no
    // retransmission requests but the mobile's request for an uplink TBF (TS 44.060 8.1.2.5,
    // 9.3.3), and unanswered polls count N3105 (13). RRBP reserves the uplink of the polling
    // timeslot: poll only where the mobile can answer within its multislot class.
    if (due && pdch == ms.dlAckTn && !link.pollOutstanding && !m_uplinkBlocks.IsTaken(answer, pdch))
    {
        m_uplinkBlocks.Poll(answer, pdch, index, GprsPollPurpose::DL_DATA, !air.lost);
        link.pollOutstanding = true;
        link.blocksSincePoll = 0;
        link.lastPoll = m_blockStart;
        air.polled = true;
        if (link.tbf.GetState() == GprsTbfState::FINISHED)
        {
            link.tbf.FinalBlockPolled(m_blockStart); // T3191 (re)starts
            m_tbfs.ArmTimer(index, GprsDirection::DOWNLINK);
        }
    }
    if (!m_rlcBlockTrace.IsEmpty())
    {
        TraceRlcBlock(GprsDirection::DOWNLINK, pdch, air, link.tx->IsStalled(), ci, bler);
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
    const uint32_t index = m_candidates[PeekPointer(m_scheduler)
                                            ->Select(GprsScheduler::UPLINK,
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

} // namespace ns3
