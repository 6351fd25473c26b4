/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-llc-link.h"

#include "ns3/gprs-rlc-entity.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsLlcLink");

TypeId
GprsLlcSettings::AddAttributes(TypeId tid)
{
    // Only a mobile's LLC mode may be Cell (the mode of its cell's PCU).
    const auto notCell = [](GprsLlcMode mode) { return mode != GprsLlcMode::CELL; };
    return tid
        .AddAttribute("DownlinkBufferBytes",
                      "Per-mobile downlink buffer of the core network (GGSN/SGSN), drop-tail, "
                      "in octets of IP packets. Default 128 KiB: Chakravorty & Pratt "
                      "measured over 120 KB on Vodafone UK.",
                      UintegerValue(131072),
                      MakeUintegerAccessor(&GprsLlcSettings::m_dlBufferBytes),
                      MakeUintegerChecker<uint32_t>(1))
        .AddAttribute("UplinkBufferBytes",
                      "Per-mobile uplink buffer in the mobile, drop-tail, octets of IP "
                      "packets. Default 64 KiB (engineer's choice: large enough that "
                      "TCP's window, not the buffer, limits the uplink).",
                      UintegerValue(65536),
                      MakeUintegerAccessor(&GprsLlcSettings::m_ulBufferBytes),
                      MakeUintegerChecker<uint32_t>(1))
        .AddAttribute("LlcPduLifetime",
                      "Downlink IP packets that waited longer than this in the GGSN/SGSN "
                      "buffer are dropped (BufferDrop) when RLC would take them: the LLC PDU "
                      "lifetime the SGSN gives each frame (BSSGP PDU Lifetime, TS 48.018 "
                      "11.3.25; osmo-sgsn sends 10 s, osmo-pcu discards expired frames). "
                      "Default 0: no lifetime, as in the studies reproduced.",
                      TimeValue(Seconds(0)),
                      MakeTimeAccessor(&GprsLlcSettings::m_llcLifetime),
                      MakeTimeChecker(Seconds(0)))
        .AddAttribute("N201U",
                      "Largest LLC information field (TS 44.064 clause 8.9.5: 140..1520, "
                      "default 500 octets for SAPI 3).",
                      UintegerValue(500),
                      MakeUintegerAccessor(&GprsLlcSettings::m_n201U),
                      MakeUintegerChecker<uint32_t>(140, 1520))
        .AddAttribute("LlcOverhead",
                      "LLC octets per frame: address 1 + UI control 2 + FCS 3 "
                      "(TS 44.064 clauses 5, 6.3).",
                      UintegerValue(6),
                      MakeUintegerAccessor(&GprsLlcSettings::m_llcOverhead),
                      MakeUintegerChecker<uint32_t>(0, 64))
        .AddAttribute("SndcpFirstHeader",
                      "SNDCP SN-UNITDATA header of the first segment of an N-PDU: 4 octets "
                      "(TS 44.065 clause 7.2).",
                      UintegerValue(kGprsSnUnitdataFirstHeaderOctets),
                      MakeUintegerAccessor(&GprsLlcSettings::m_sndcpFirstHeader),
                      MakeUintegerChecker<uint32_t>(0, 64))
        .AddAttribute("SndcpNextHeader",
                      "SNDCP SN-UNITDATA header of later segments: 3 octets (no PCOMP/DCOMP "
                      "octet, TS 44.065 clause 7.2).",
                      UintegerValue(kGprsSnUnitdataNextHeaderOctets),
                      MakeUintegerAccessor(&GprsLlcSettings::m_sndcpNextHeader),
                      MakeUintegerChecker<uint32_t>(0, 64))
        .AddAttribute("LlcMode",
                      "LLC mode of the mobiles whose own LlcMode is Cell (TS 44.064 clause "
                      "4.1): Unacknowledged (UI frames: what RLC loses is lost) or "
                      "Acknowledged (ABM: I frames acknowledged and sent again, at most "
                      "LlcN200 times). Default Unacknowledged, as in Meyer's setup and the "
                      "base cases of Rendon et al., who compare it with 'TCP + LLC ACK'.",
                      GprsLlcModeValue(GprsLlcMode::UNACKNOWLEDGED),
                      MakeGprsLlcModeAccessor(&GprsLlcSettings::m_llcMode),
                      MakeGprsEnumChecker<GprsLlcModeValue>("ns3::GprsLlcModeValue", notCell))
        .AddAttribute("LlcN200",
                      "LLC acknowledged mode: retransmissions of an I frame (and of SABM) "
                      "before the link is re-established and the I frames not acknowledged "
                      "are given up, their IP packets lost (TS 44.064 clause 8.9: 1..15; "
                      "default 3, Table 9).",
                      UintegerValue(3),
                      MakeUintegerAccessor(&GprsLlcSettings::m_llcN200),
                      MakeUintegerChecker<uint32_t>(1, 15))
        .AddAttribute("LlcT200",
                      "LLC acknowledged mode: T200 and T201, the SABM and I frame "
                      "retransmission timer (TS 44.064 clause 8.9: 0.1..409.5 s; default "
                      "5 s, Table 9 for SAPI 3).",
                      TimeValue(Seconds(5)),
                      MakeTimeAccessor(&GprsLlcSettings::m_llcT200),
                      MakeTimeChecker(MilliSeconds(100), MilliSeconds(409500)))
        .AddAttribute("LlcWindow",
                      "LLC acknowledged mode: k, the I frames sent and not acknowledged, "
                      "kD = kU (TS 44.064 clause 8.9: 1..255; default 16, Table 9 for SAPI "
                      "3).",
                      UintegerValue(16),
                      MakeUintegerAccessor(&GprsLlcSettings::m_llcWindow),
                      MakeUintegerChecker<uint32_t>(1, 255))
        .AddAttribute("LlcN201I",
                      "LLC acknowledged mode: largest I frame information field, N201-I "
                      "(TS 44.064 clause 8.9: 140..1520; default 1503, Table 9). SNDCP "
                      "(SN-DATA, TS 44.065 clause 7.2: 3 header octets on the first "
                      "segment, 1 on later ones) segments IP packets to fit it.",
                      UintegerValue(1503),
                      MakeUintegerAccessor(&GprsLlcSettings::m_llcN201I),
                      MakeUintegerChecker<uint32_t>(140, 1520));
}

GprsLlcLinkConfig
GprsLlcSettings::MakeLinkConfig() const
{
    GprsLlcAbmParameters abm;
    abm.t200 = m_llcT200;
    abm.n200 = static_cast<uint8_t>(m_llcN200);
    abm.n201I = static_cast<uint16_t>(m_llcN201I);
    abm.kD = abm.kU = static_cast<uint16_t>(m_llcWindow);
    // I frames: the entity adds its own header octets (GprsLlcAbmFrame::GetOctets()).
    return GprsLlcLinkConfig(
        GprsLlcFraming(m_n201U, m_llcOverhead, m_sndcpFirstHeader, m_sndcpNextHeader),
        GprsLlcFraming(m_llcN201I, 0, kGprsSnDataFirstHeaderOctets, kGprsSnDataNextHeaderOctets),
        m_llcLifetime,
        abm);
}

GprsLlcLinkConfig::GprsLlcLinkConfig(GprsLlcFraming ui,
                                     GprsLlcFraming abm,
                                     Time lifetime,
                                     GprsLlcAbmParameters abmParameters)
    : ui(ui),
      abm(abm),
      lifetime(lifetime),
      abmParameters(abmParameters)
{
}

GprsLlcLink::Abm::Abm(GprsLlcAbmSide side, const GprsLlcAbmParameters& parameters)
    : entity(side, parameters)
{
}

GprsLlcLink::GprsLlcLink(uint32_t ms, GprsDirection dir)
    : m_ms(ms),
      m_dir(dir),
      m_buffer(CreateObject<GprsLlcBuffer>())
{
}

void
GprsLlcLink::Attach(GprsLlcLinkUser* user)
{
    m_user = user;
}

void
GprsLlcLink::Configure(const GprsLlcLinkConfig* config, bool acknowledged)
{
    m_config = config;
    if (acknowledged)
    {
        // The network's entity sends on the downlink, the mobile's on the uplink.
        m_abm = std::make_unique<Abm>(m_dir == GprsDirection::DOWNLINK ? GprsLlcAbmSide::NETWORK
                                                                       : GprsLlcAbmSide::MS,
                                      config->abmParameters);
    }
}

void
GprsLlcLink::CancelTimer()
{
    if (m_abm)
    {
        Simulator::Cancel(m_abm->timer);
    }
}

bool
GprsLlcLink::TakesPacket(const GprsLlcAbmEntity& llc)
{
    // Acknowledged mode: LLC takes an IP packet only when it would send it at once (in ADM the
    // packet starts the establishment), so that the rest waits in the buffer, not in LLC, and a
    // TBF is asked for only when there is a frame to carry.
    const GprsLlcAbmState state = llc.GetState();
    return llc.GetQueued() == 0 &&
           (state == GprsLlcAbmState::ADM || (state == GprsLlcAbmState::ABM && !llc.IsPeerBusy() &&
                                              llc.GetOutstanding() < llc.GetTransmitWindow()));
}

bool
GprsLlcLink::Enqueue(Ptr<Packet> packet, Time sent)
{
    if (!m_buffer->Enqueue(packet, sent))
    {
        return false;
    }
    m_user->NotifyBufferOccupancy(*this);
    return true;
}

uint64_t
GprsLlcLink::GetBufferedFrameOctets() const
{
    uint64_t octets = 0;
    m_buffer->ForEachSize([this, &octets](uint32_t size) {
        octets += m_abm ? m_config->abm.TotalOctets(size) +
                              m_config->abm.FrameCount(size) * kGprsLlcIOverheadOctets
                        : m_config->ui.TotalOctets(size);
    });
    return octets;
}

void
GprsLlcLink::DropExpired(Time now)
{
    // The LLC PDU lifetime of the SGSN (BSSGP PDU Lifetime, TS 48.018 clause 11.3.25): the PCU
    // discards a frame that waited longer when it takes it from the queue, as osmo-pcu does.
    while (!m_buffer->Empty() && now - m_buffer->GetHeadSent() > m_config->lifetime)
    {
        Time sent;
        const Ptr<Packet> packet = m_buffer->Dequeue(sent);
        NS_LOG_LOGIC("MS " << m_ms << " LLC PDU lifetime expired: drop " << packet->GetSize());
        m_user->NotifyBufferOccupancy(*this);
        m_user->NotifyExpired(*this, packet);
    }
}

bool
GprsLlcLink::HandOver(Time now)
{
    if (m_dir == GprsDirection::DOWNLINK && m_config->lifetime.IsStrictlyPositive())
    {
        DropExpired(now);
        if (m_buffer->Empty())
        {
            return false;
        }
    }
    Time sent;
    const Ptr<Packet> packet = m_buffer->Dequeue(sent);
    m_user->NotifyBufferOccupancy(*this);
    if (m_abm)
    {
        HandToAbm(packet, sent);
        return true;
    }
    const uint32_t size = packet->GetSize();
    const uint32_t count = m_config->ui.FrameCount(size);
    for (uint32_t s = 0; s < count; ++s)
    {
        Append({packet,
                sent,
                m_config->ui.FrameOctets(size, s),
                static_cast<uint16_t>(s),
                static_cast<uint16_t>(count)});
    }
    return true;
}

void
GprsLlcLink::QueueEmptyFrame(Time now)
{
    Append({nullptr, now, m_config->ui.GetLlcOverhead(), 0, 1});
}

GprsLlcFrameRecord
GprsLlcLink::Describe(const Frame& frame) const
{
    GprsLlcFrameRecord r;
    r.frameId = m_firstFrameId + m_frames.size();
    r.octets = frame.octets;
    r.npdu = frame.npdu;
    r.segment = frame.segment;
    r.segments = frame.segments;
    r.abm = frame.abm.get();
    if (r.abm && r.abm->type == GprsLlcAbmFrameType::I)
    {
        // An I frame carries one SN-DATA segment of an IP packet (HandToAbm).
        if (const auto part = m_abm->sndcp.Find(r.abm->sduId))
        {
            r.npdu = part->npdu.packet;
            r.segment = part->segment;
            r.segments = part->segments;
        }
    }
    return r;
}

void
GprsLlcLink::Append(Frame frame)
{
    if (m_user->WantsFrameRecords(*this))
    {
        m_user->NotifyFrameQueued(*this, Describe(frame));
    }
    if (m_inRlc == m_frames.size() &&
        m_user->OfferToRlc(*this, m_firstFrameId + m_inRlc, frame.octets))
    {
        ++m_inRlc;
    }
    m_frames.push_back(std::move(frame));
}

void
GprsLlcLink::PopFront()
{
    m_frames.pop_front();
    ++m_firstFrameId;
    m_inRlc -= m_inRlc > 0 ? 1 : 0;
}

void
GprsLlcLink::DropFront()
{
    const Frame& f = m_frames.front();
    m_user->NotifyFrameLost(*this, f.octets);
    m_segmentsOk = 0;
    if (!f.npdu)
    {
        m_user->NotifySignallingLost(*this);
    }
    else if (f.segment + 1 == f.segments)
    {
        m_user->NotifyPacketLost(*this, f.npdu);
    }
    PopFront();
}

void
GprsLlcLink::EndTbf(bool keep)
{
    for (std::size_t n = keep ? 0 : m_inRlc; n > 0; --n)
    {
        DropFront();
    }
    m_inRlc = 0;
}

void
GprsLlcLink::DropAllFrames()
{
    while (!m_frames.empty())
    {
        DropFront();
    }
}

void
GprsLlcLink::TakeReassembled(const std::vector<GprsReassembledLlcFrame>& frames)
{
    for (const auto& fr : frames)
    {
        if (fr.frameId < m_firstFrameId)
        {
            continue; // already handled (retry after an abort delivered it twice)
        }
        // Frames are reassembled in order: older undelivered ones are lost for good.
        while (m_firstFrameId < fr.frameId)
        {
            DropFront();
        }
        m_user->NotifyFrameReceived(*this);
        if (m_frames.front().abm)
        {
            const std::unique_ptr<GprsLlcAbmFrame> abm = std::move(m_frames.front().abm);
            PopFront();
            m_user->GetPeer(*this).Receive(*abm);
            continue;
        }
        const Frame& f = m_frames.front();
        m_segmentsOk = f.segment == m_segmentsOk ? m_segmentsOk + 1 : 0;
        if (!f.npdu)
        {
            m_segmentsOk = 0; // signalling: nothing to deliver above LLC
        }
        else if (f.segment + 1 == f.segments)
        {
            // SNDCP delivers the N-PDU only if every segment arrived (TS 44.065 6.7.2).
            if (m_segmentsOk == f.segments)
            {
                m_user->Deliver(*this, f.npdu, f.sent);
            }
            else
            {
                m_user->NotifyPacketLost(*this, f.npdu);
            }
            m_segmentsOk = 0;
        }
        PopFront();
    }
}

void
GprsLlcLink::HandToAbm(Ptr<Packet> packet, Time sent)
{
    // SNDCP (TS 44.065 clause 6.7, SN-DATA) cuts the packet into LLC PDUs of at most N201-I
    // octets; each is one I frame, named by its identifier.
    const uint32_t size = packet->GetSize();
    const uint32_t count = m_config->abm.FrameCount(size);
    const uint64_t first = m_abm->sndcp.Add({packet, sent}, static_cast<uint16_t>(count));
    for (uint32_t s = 0; s < count; ++s)
    {
        m_abm->entity.Send(first + s, m_config->abm.FrameOctets(size, s));
    }
    Pump();
}

void
GprsLlcLink::Pump()
{
    const Time now = Simulator::Now();
    while (const auto frame = m_abm->entity.TakeNextFrame(now))
    {
        m_user->NotifyAbmFrame(*this, *frame);
        Append({nullptr, now, frame->GetOctets(), 0, 1, std::make_unique<GprsLlcAbmFrame>(*frame)});
    }
    const std::optional<Time> expiry = m_abm->entity.GetTimerExpiry();
    if (!expiry)
    {
        Simulator::Cancel(m_abm->timer);
    }
    else if (m_abm->timer.IsExpired() || *expiry != m_abm->timerAt)
    {
        Simulator::Cancel(m_abm->timer);
        m_abm->timerAt = *expiry;
        m_abm->timer = Simulator::Schedule(*expiry - now, &GprsLlcLink::TimerExpired, this);
    }
    // New frames, or a window that opened for the packets waiting in the buffer: a held
    // downlink TBF resumes; without a TBF, one is asked for.
    m_user->NotifyDataReady(*this);
}

void
GprsLlcLink::Serve()
{
    // This link's entity receives on the other direction: what it delivers are the peer's
    // packets.
    GprsLlcLink& peer = m_user->GetPeer(*this);
    while (const auto sdu = m_abm->entity.PopDelivered())
    {
        if (const auto npdu = peer.m_abm->sndcp.Deliver(sdu->sduId))
        {
            m_user->Deliver(peer, npdu->packet, npdu->sent);
        }
    }
    // Done with a PDU, confirmed or abandoned: its packet is lost if the peer did not deliver
    // it (GprsSndcpAckTracker).
    auto release = [this](uint64_t sduId) {
        if (const auto npdu = m_abm->sndcp.Release(sduId))
        {
            NS_LOG_LOGIC("MS " << m_ms << " " << ToString(m_dir) << " LLC PDU " << sduId
                               << " undelivered: IP packet lost");
            m_user->NotifyPacketLost(*this, npdu->packet);
        }
    };
    while (const auto sdu = m_abm->entity.PopConfirmed())
    {
        release(sdu->sduId);
    }
    while (const auto abandoned = m_abm->entity.PopAbandoned())
    {
        release(abandoned->sdu.sduId);
    }
    Pump();
}

void
GprsLlcLink::Receive(const GprsLlcAbmFrame& frame)
{
    try
    {
        m_abm->entity.Receive(frame, Simulator::Now());
    }
    catch (const std::invalid_argument& e)
    {
        // An N(R) sequence error (TS 44.064): the peer reset its numbering while this end did
        // not, after a SABM repeated because its UA came later than T200. The frame is
        // discarded; the entity's T201 and N200 re-establish the link.
        GprsLlcLink& peer = m_user->GetPeer(*this);
        NS_LOG_LOGIC("MS " << m_ms << " " << ToString(peer.m_dir)
                           << " LLC frame discarded: " << e.what());
        m_user->NotifyFrameLost(peer, frame.GetOctets());
    }
    Serve();
}

void
GprsLlcLink::TimerExpired()
{
    m_abm->entity.OnTimer(Simulator::Now());
    Serve();
}

} // namespace ns3
