/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-tbf-controller.h"

#include "ns3/boolean.h"
#include "ns3/fatal-error.h"
#include "ns3/gprs-block-timing.h"
#include "ns3/gprs-link-adaptation.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/gprs-random-bounds.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsTbfController");

namespace
{
/**
 * Blocks whose store memory a pooled RLC entity keeps (9.7 KB): the short TBFs that carry TCP
 * ACKs (most TBFs) reuse it; a long TBF's store (up to 128 blocks, 78 KB) is freed at release,
 * so that a cell's pool does not hold the high-water memory of its busiest moment (the busy
 * network of gprs-benchmark, 500 cells, measured with 416-octet blocks: peak 368,612 KiB so,
 * 560,092 KiB with whole stores).
 */
constexpr std::size_t kPooledStoreBlocks = 16;

/**
 * \param pool entities of released TBFs, reset at release
 * \param parameters what the new TBF's entity is built for
 * \return an entity for a new TBF: one of \p pool (reset again only if its parameters differ,
 *         e.g. the RlcMode attribute changed since its release), or a new one if it is empty
 */
template <typename Entity>
std::unique_ptr<Entity>
FromPool(std::vector<std::unique_ptr<Entity>>& pool, const GprsRlcParameters& parameters)
{
    if (pool.empty())
    {
        return std::make_unique<Entity>(parameters);
    }
    std::unique_ptr<Entity> entity = std::move(pool.back());
    pool.pop_back();
    if (entity->GetParameters() != parameters)
    {
        entity->Reset(parameters, kPooledStoreBlocks);
    }
    return entity;
}

} // namespace

GprsTbfController::GprsTbfController(std::vector<GprsCellMobile>& mss,
                                     const std::vector<uint32_t>& tracked,
                                     const GprsTbfSettings& settings,
                                     const GprsCcchSettings& ccch,
                                     GprsTbfControllerUser& user,
                                     EstablishedTrace& established,
                                     ReleasedTrace& released,
                                     RejectedTrace& rejected)
    : m_mss(mss),
      m_tracked(tracked),
      m_settings(settings),
      m_ccchSettings(ccch),
      m_user(user),
      m_established(established),
      m_released(released),
      m_rejected(rejected)
{
}

void
GprsTbfController::CancelTimers()
{
    for (GprsCellMobile& ms : m_mss)
    {
        Simulator::Cancel(ms.dl.timer);
        Simulator::Cancel(ms.ul.timer);
    }
}

void
GprsTbfController::ArmTimer(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = m_mss[index].GetBearer(dir);
    Simulator::Cancel(link.timer);
    if (link.onCcch && link.tbf.GetState() != GprsTbfState::ACCESS_CCCH)
    {
        m_ccch->Cancel(GetGprsCcchKey(index, GprsDirIndex(dir)));
        link.onCcch = false;
    }
    if (const auto deadline = link.tbf.GetDeadline())
    {
        link.timer = Simulator::Schedule(*deadline - Simulator::Now(),
                                         &GprsTbfController::TimerExpired,
                                         this,
                                         index,
                                         dir);
    }
}

void
GprsTbfController::TimerExpired(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = m_mss[index].GetBearer(dir);
    switch (link.tbf.Expire(Simulator::Now()))
    {
    case GprsTbfTimer::ACCESS:
        if (link.onCcch)
        {
            AdvanceCcch(index, dir);
        }
        // The CCCH assignment (or random access burst) must get through: CS-1 coded.
        else if (m_mss[index].radio.DrawLoss(kGprsControlCs, Simulator::Now()))
        {
            NS_LOG_LOGIC("MS " << index << " " << ToString(dir) << " CCCH access lost, retry");
            StartAccess(index, dir);
        }
        else
        {
            AccessGranted(index, dir);
        }
        break;
    case GprsTbfTimer::KEEP_ALIVE:
        ArmTimer(index, dir);
        KeepAlive(index, dir);
        break;
    case GprsTbfTimer::HOLD:
        EndHold(index, dir);
        break;
    case GprsTbfTimer::FINAL_ACK:
        NS_LOG_INFO("MS " << index << " T3191 expired");
        ReleaseTbf(index, dir, true);
        break;
    case GprsTbfTimer::RELEASE:
        NS_LOG_LOGIC("MS " << index << " " << ToString(dir) << " TFI free again");
        CheckIdle(index, dir);
        WakeWaiting(dir);
        break;
    }
}

void
GprsTbfController::QueueDummyFrame(GprsBearer& link)
{
    // An LLC UI dummy frame: the header and FCS, no information field (osmo-pcu's keep-alive).
    NS_ASSERT_MSG(link.CanJoinTbf(), "dummy LLC frame for a TBF that cannot carry it");
    link.llc.QueueEmptyFrame(Simulator::Now());
}

void
GprsTbfController::KeepAlive(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = m_mss[index].GetBearer(dir);
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
    m_user.EnsureClock();
}

void
GprsTbfController::EndHold(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = m_mss[index].GetBearer(dir);
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
        m_user.Track(index);
    }
    m_user.EnsureClock();
}

bool
GprsTbfController::HoldsTfi(const GprsTbf& tbf)
{
    const GprsTbfState state = tbf.GetState();
    return tbf.IsOpen() || state == GprsTbfState::RELEASED ||
           (state == GprsTbfState::ASSIGN_PACCH && tbf.IsAssignmentPending());
}

GprsTbfResources
GprsTbfController::CountResources(uint32_t index, GprsDirection dir) const
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
GprsTbfController::HasResources(uint32_t index, GprsDirection dir) const
{
    const GprsCellMobile& ms = m_mss[index];
    return CountResources(index, dir)
        .HasFree(ms.ulFirst, dir == GprsDirection::UPLINK ? ms.ulCount : 0);
}

void
GprsTbfController::AllocateTfi(uint32_t index, GprsDirection dir)
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
GprsTbfController::RejectAccess(uint32_t index, GprsDirection dir)
{
    m_rejected(index, dir);
    if (dir == GprsDirection::UPLINK)
    {
        // Immediate Assignment Reject / Packet Access Reject with a wait indication (TS 44.018
        // 3.5.2.1.3.4, TS 44.060 11.2.1): the mobile tries again after it.
        NS_LOG_INFO("MS " << index << " UL access rejected: no TFI or USF");
        StartAccess(index, dir, m_settings.m_accessRejectWait);
    }
    else
    {
        // The downlink data waits in the GGSN buffer until a TFI is free.
        NS_LOG_INFO("MS " << index << " DL TBF waits for a TFI");
        m_mss[index].GetBearer(dir).tbf.Reset();
        m_waiting[GprsDirIndex(dir)].push_back(index);
    }
}

void
GprsTbfController::WakeWaiting(GprsDirection dir)
{
    std::deque<uint32_t> waiting;
    waiting.swap(m_waiting[GprsDirIndex(dir)]);
    for (const uint32_t index : waiting)
    {
        CheckIdle(index, dir);
    }
}

void
GprsTbfController::RequestTbf(uint32_t index, GprsDirection dir)
{
    GprsCellMobile& ms = m_mss[index];
    GprsBearer& link = m_mss[index].GetBearer(dir);
    const Time now = Simulator::Now();
    if (!link.llc.HasFrames() && !link.llc.HasDataForLlc())
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
            m_user.EnsureClock();
        }
        return;
    }
    if (!link.tbf.CanRequest() || Simulator::Now() < ms.awayUntil ||
        (dir == GprsDirection::DOWNLINK && ms.cellUpdatePending))
    {
        return; // establishment under way, TBF open, its TFI still held, or the mobile not
                // (yet) in the cell: CheckIdle() asks again afterwards
    }
    if (link.resourceRequest || (dir == GprsDirection::DOWNLINK && ms.IsOnPacch(now)))
    {
        // The mobile listens to PACCH: Packet Downlink Assignment there (TS 44.060 8.1.1.1.3),
        // or the Packet Uplink Assignment that answers its Packet Resource Request.
        link.resourceRequest = false;
        link.controlAck =
            link.tbf.GetState() == GprsTbfState::RELEASED && link.tbf.KeepsMobileOnPacch(now);
        link.tbf.RequestOnPacch(now);
        ArmTimer(index, dir);
        m_user.EnsureClock();
    }
    else if (dir == GprsDirection::UPLINK && ms.dl.tbf.IsOpen())
    {
        // Channel Request Description in the next Packet Downlink Ack/Nack (TS 44.060 9.3.2.4,
        // 11.2.6): any polled one, a keep-alive's during delayed release too (osmo-pcu).
        link.tbf.RequestOnAckNack(now);
        ArmTimer(index, dir);
    }
    else
    {
        StartAccess(index, dir);
    }
}

void
GprsTbfController::AccessGranted(uint32_t index, GprsDirection dir)
{
    if (HasResources(index, dir))
    {
        Activate(index, dir);
    }
    else
    {
        RejectAccess(index, dir);
    }
}

void
GprsTbfController::AdvanceCcch(uint32_t index, GprsDirection dir)
{
    GprsCellMobile& ms = m_mss[index];
    GprsBearer& link = ms.GetBearer(dir);
    const Time now = Simulator::Now();
    const GprsCcch::Step step = m_ccch->Advance(
        GetGprsCcchKey(index, GprsDirIndex(dir)),
        GprsBlockTiming::FrameAt(now),
        [this]() { return m_ccchSettings.m_rachUniform->GetValue(); },
        // CHANNEL REQUEST and IMMEDIATE ASSIGNMENT get through as a CS-1 block would.
        [&ms, now]() { return ms.radio.DrawLoss(kGprsControlCs, now); });
    switch (step.result)
    {
    case GprsCcch::Result::WAIT:
        link.tbf.ContinueAccess(GprsBlockTiming::FrameStart(step.frame));
        ArmTimer(index, dir);
        break;
    case GprsCcch::Result::ASSIGNED:
        link.onCcch = false;
        AccessGranted(index, dir);
        break;
    case GprsCcch::Result::FAILED:
        // T3126 expired: the mobile still has data and starts the access again.
        NS_LOG_INFO("MS " << index << " random access failed (T3126), starts again");
        link.onCcch = false;
        StartAccess(index, dir);
        break;
    }
}

void
GprsTbfController::StartAccess(uint32_t index, GprsDirection dir, Time wait)
{
    GprsBearer& link = m_mss[index].GetBearer(dir);
    if (m_ccchSettings.m_ccchAccess)
    {
        if (!m_ccch)
        {
            m_ccch.emplace(m_ccchSettings.MakeCcch());
        }
        const GprsCellMobile& ms = m_mss[index];
        const Time now = Simulator::Now();
        const uint64_t frame = GprsBlockTiming::FrameAt(now + wait);
        const uint32_t key = GetGprsCcchKey(index, GprsDirIndex(dir));
        const uint64_t next =
            dir == GprsDirection::UPLINK
                ? m_ccch->StartUplink(key,
                                      frame,
                                      [this]() { return m_ccchSettings.m_rachUniform->GetValue(); })
                : m_ccch->StartDownlink(
                      key,
                      frame,
                      now < ms.nonDrxUntil
                          ? std::nullopt
                          : std::optional<uint32_t>(m_ccch->GetLayout().GetPagingGroup(index)));
        link.tbf.StartAccess(now, GprsBlockTiming::FrameStart(next) - now);
        link.onCcch = true;
        ArmTimer(index, dir);
        return;
    }
    const Ptr<RandomVariableStream>& rv = dir == GprsDirection::DOWNLINK
                                              ? m_settings.m_dlAssignmentDelay
                                              : m_settings.m_ulAccessDelay;
    const double delay = rv->GetValue();
    const Time maxDelay = GetGprsMaxTbfEstablishmentDelay();
    if (!(delay >= 0 && delay <= maxDelay.GetSeconds()))
    {
        // GprsPcu checks what the distribution can draw when the cell starts; one set or changed
        // later is met here, where a negative delay would stop the TBF and a huge one overflow
        // ns-3's Time.
        std::ostringstream msg;
        msg << (dir == GprsDirection::DOWNLINK ? "DownlinkAssignmentDelay " : "UplinkAccessDelay ")
            << GetGprsRandomVariableText(rv) << " drew " << delay
            << " s (allowed: a delay from 0 to " << maxDelay.GetSeconds()
            << " s): a distribution set after the cell started is checked only when it draws";
        NS_FATAL_ERROR(msg.str());
    }
    link.tbf.StartAccess(Simulator::Now(), wait + Seconds(delay));
    ArmTimer(index, dir);
}

void
GprsTbfController::Activate(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = m_mss[index].GetBearer(dir);
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
    link.lastBlock = Simulator::Now();
    link.lastPoll = link.lastBlock;
    const GprsRlcParameters parameters = m_settings.GetRlcParameters();
    link.tx = FromPool(m_txPool, parameters);
    if (link.tbf.IsOnePhaseAccess())
    {
        link.tx->StartContentionResolution(); // TS 44.060 7.1.2.3
    }
    link.rx = FromPool(m_rxPool, parameters);
    // Frames still in RLC from an aborted TBF go first (retry), then the buffer.
    link.llc.HandAllToRlc(
        [&link](uint64_t id, uint32_t octets) { link.tx->EnqueueFrame(id, octets); });
    if (!link.linkAdaptation)
    {
        const ObjectFactory& f = dir == GprsDirection::DOWNLINK ? m_settings.m_dlLinkAdaptation
                                                                : m_settings.m_ulLinkAdaptation;
        link.linkAdaptation = f.Create<GprsLinkAdaptation>();
    }
    link.linkAdaptation->Reset();
    link.acked = 0;
    link.nacked = 0;
    link.UpdateCs();
    m_established(index, dir, delay);
    NS_LOG_INFO("MS " << index << " " << ToString(dir) << " TBF established after "
                      << delay.As(Time::MS));
    m_user.EnsureClock();
}

void
GprsTbfController::Reselect(uint32_t index)
{
    NS_LOG_INFO("MS " << index << " reselects a cell: LLC frames in RLC flushed");
    GprsCellMobile& ms = m_mss[index];
    for (const GprsDirection dir : {GprsDirection::DOWNLINK, GprsDirection::UPLINK})
    {
        GprsBearer& link = m_mss[index].GetBearer(dir);
        const GprsTbfState state = link.tbf.GetState();
        if (state != GprsTbfState::NONE && state != GprsTbfState::RELEASED)
        {
            ReleaseTbf(index, dir, true, true);
        }
        link.llc.DropAllFrames(); // kept for a retry in the old cell
        link.resourceRequest = false;
        // The new cell knows nothing of the old cell's TBFs and TFIs.
        link.tbf.Reset();
        ArmTimer(index, dir);
    }
    ms.awayUntil = Simulator::Now() + m_settings.m_reselectionTime;
    ms.nonDrxUntil = Time(0); // the new cell: idle mode, DRX
    ms.cellUpdatePending = true;
    Simulator::Schedule(m_settings.m_reselectionTime,
                        &GprsTbfController::SendCellUpdate,
                        this,
                        index);
}

void
GprsTbfController::SendCellUpdate(uint32_t index)
{
    // Any uplink LLC frame is a cell update (TS 23.060 6.9.1.2.1): the mobile's next data, or an
    // LLC frame without information field when it has none.
    GprsBearer& ul = m_mss[index].ul;
    if (ul.llc.IsBufferEmpty() && !ul.llc.HasFrames())
    {
        ul.llc.QueueEmptyFrame(Simulator::Now());
    }
    NS_LOG_INFO("MS " << index << " sends a cell update");
    CheckIdle(index, GprsDirection::UPLINK);
}

void
GprsTbfController::CellUpdated(uint32_t index)
{
    NS_LOG_INFO("MS " << index << " cell update received");
    m_mss[index].cellUpdatePending = false;
    CheckIdle(index, GprsDirection::DOWNLINK);
}

void
GprsTbfController::ReleaseTbf(uint32_t index, GprsDirection dir, bool abnormal, bool flush)
{
    GprsBearer& link = m_mss[index].GetBearer(dir);
    if (abnormal)
    {
        // The mobile was not heard: its last C/I report is stale. The next TBF starts from the
        // most robust scheme until a new report arrives (the link adaptation policy decides).
        link.ciReportDb.reset();
        link.cs = GprsCodingScheme::CS1;
    }
    // Frames of this TBF not known to be delivered: kept for the next TBF after an abnormal
    // release with retry in acknowledged mode; lost otherwise: unacknowledged mode sends no
    // block twice (TS 44.060 9.3.3), so those RLC took end with the TBF. Frames queued after the
    // TBF could take no more wait for the next one.
    const bool acknowledged =
        !link.tx || link.tx->GetParameters().GetMode() == GprsRlcMode::ACKNOWLEDGED;
    link.llc.EndTbf(abnormal && !flush && m_settings.m_retryAfterAbort && acknowledged);
    if (link.tx)
    {
        // The mobile leaves packet transfer mode (after T3192 following a normal downlink
        // release) and stays in non-DRX mode for NonDrxTimer (TS 44.060 5.5.1.5).
        const Time pacch =
            dir == GprsDirection::DOWNLINK && !abnormal ? m_settings.m_t3192 : Time(0);
        GprsCellMobile& ms = m_mss[index];
        ms.nonDrxUntil =
            std::max(ms.nonDrxUntil, Simulator::Now() + pacch + m_ccchSettings.m_nonDrxTimer);
    }
    // Nothing of this TBF may reach its successor.
    m_user.ForgetTbf(index, dir);
    link.ackOwed = false;
    link.pollOutstanding = false;
    if (link.tx)
    {
        // A TBF released before it was established (Activate) has no entities. Reset now, so
        // that the pool frees what it would not keep.
        link.tx->Reset(link.tx->GetParameters(), kPooledStoreBlocks);
        link.rx->Reset(link.rx->GetParameters(), kPooledStoreBlocks);
        m_txPool.push_back(std::move(link.tx));
        m_rxPool.push_back(std::move(link.rx));
    }
    link.tbf.Release(Simulator::Now(), abnormal);
    ArmTimer(index, dir);
    if (link.tbf.GetState() == GprsTbfState::NONE)
    {
        WakeWaiting(dir);
    }
    if (dir == GprsDirection::DOWNLINK)
    {
        FallBackToRandomAccess(index);
    }
    m_released(index, dir, abnormal);
    NS_LOG_INFO("MS " << index << " " << ToString(dir) << " TBF released"
                      << (abnormal ? " abnormally" : ""));
    CheckIdle(index, dir);
}

void
GprsTbfController::ResourceRequested(uint32_t index)
{
    NS_LOG_INFO("MS " << index << " asks for its next uplink TBF (Packet Resource Request)");
    m_mss[index].ul.resourceRequest = true;
    ReleaseTbf(index, GprsDirection::UPLINK, false); // CheckIdle() asks on PACCH
}

void
GprsTbfController::FallBackToRandomAccess(uint32_t index)
{
    if (m_mss[index].ul.tbf.GetState() == GprsTbfState::CHANNEL_REQUEST)
    {
        // No Packet Downlink Ack/Nack will carry the request any more.
        StartAccess(index, GprsDirection::UPLINK);
    }
}

void
GprsTbfController::CheckIdle(uint32_t index, GprsDirection dir)
{
    GprsBearer& link = m_mss[index].GetBearer(dir);
    if (link.tbf.CanRequest() && (link.llc.HasDataForLlc() || link.llc.HasFrames()))
    {
        RequestTbf(index, dir);
    }
}

void
GprsTbfController::PollUnanswered(uint32_t index, GprsPollPurpose purpose)
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
                m_user.Track(index);
            }
        }
        break;
    case GprsPollPurpose::UL_DUMMY:
        break; // granted by USF, not reserved
    case GprsPollPurpose::DL_ASSIGNMENT:
    case GprsPollPurpose::UL_ASSIGNMENT: {
        const GprsDirection dir = GetTbfDirection(purpose);
        GprsTbf& tbf = m_mss[index].GetBearer(dir).tbf;
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
GprsTbfController::PollFailed(uint32_t index)
{
    GprsBearer& dl = m_mss[index].dl;
    dl.pollOutstanding = false;
    // The final block goes again with a new poll (GprsBearer::PrepareTx), until its Ack/Nack,
    // N3105 or T3191.
    if (dl.tbf.PollFailed())
    {
        NS_LOG_INFO("MS " << index << " N3105 expired");
        ReleaseTbf(index, GprsDirection::DOWNLINK, true);
    }
}

} // namespace ns3
