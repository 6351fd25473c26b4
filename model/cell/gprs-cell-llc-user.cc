/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-cell-llc-user.h"

#include "ns3/simulator.h"

namespace ns3
{

GprsCellLlcUser::GprsCellLlcUser(std::vector<GprsCellMobile>& mss,
                                 GprsTbfController& tbfs,
                                 GprsCellTraces& traces)
    : m_mss(mss),
      m_tbfs(tbfs),
      m_traces(traces)
{
}

void
GprsCellLlcUser::SetBss(GprsCellNetworkUser* bss)
{
    m_bss = bss;
}

bool
GprsCellLlcUser::OfferToRlc(GprsLlcLink& llc, uint64_t frameId, uint32_t octets)
{
    GprsBearer& bearer = GetBearer(llc);
    if (!bearer.CanJoinTbf())
    {
        return false;
    }
    bearer.tx->EnqueueFrame(frameId, octets);
    return true;
}

bool
GprsCellLlcUser::WantsFrameRecords(const GprsLlcLink& /* link */) const
{
    return !m_traces.m_llcFrameTrace.IsEmpty();
}

void
GprsCellLlcUser::NotifyFrameQueued(const GprsLlcLink& link, const GprsLlcFrameRecord& record)
{
    m_traces.m_llcFrameTrace(link.GetMs(), link.GetDirection(), record);
}

void
GprsCellLlcUser::NotifyAbmFrame(const GprsLlcLink& link, const GprsLlcAbmFrame& frame)
{
    m_traces.m_llcAbmFrameTrace(link.GetMs(), link.GetDirection(), frame);
    if (frame.retransmission)
    {
        m_traces.m_llcRetransmissionTrace(link.GetMs(), link.GetDirection(), frame.GetOctets());
    }
}

void
GprsCellLlcUser::NotifyBufferOccupancy(const GprsLlcLink& link)
{
    m_traces.m_bufferTrace(link.GetMs(), link.GetDirection(), link.GetBufferedOctets());
}

void
GprsCellLlcUser::NotifyExpired(const GprsLlcLink& link, Ptr<const Packet> packet)
{
    m_traces.m_bufferDropTrace(link.GetMs(), link.GetDirection(), packet);
    m_bss->NotifyDrop(packet);
}

void
GprsCellLlcUser::NotifyFrameLost(const GprsLlcLink& link, uint32_t octets)
{
    m_traces.m_frameLostTrace(link.GetMs(), link.GetDirection(), octets);
}

void
GprsCellLlcUser::NotifySignallingLost(const GprsLlcLink& link)
{
    if (m_mss[link.GetMs()].cellUpdatePending)
    {
        // A lost cell update: the mobile sends another one.
        Simulator::ScheduleNow(&GprsTbfController::SendCellUpdate, &m_tbfs, link.GetMs());
    }
}

void
GprsCellLlcUser::NotifyPacketLost(const GprsLlcLink& link, Ptr<const Packet> packet)
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
GprsCellLlcUser::NotifyFrameReceived(const GprsLlcLink& link)
{
    if (link.GetDirection() == GprsDirection::UPLINK && m_mss[link.GetMs()].cellUpdatePending)
    {
        m_tbfs.CellUpdated(link.GetMs()); // any uplink LLC frame tells the SGSN the mobile's cell
    }
}

void
GprsCellLlcUser::Deliver(const GprsLlcLink& link, Ptr<Packet> packet, Time sent)
{
    const uint32_t index = link.GetMs();
    m_traces.m_deliveredTrace(index, link.GetDirection(), packet, Simulator::Now() - sent);
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
GprsCellLlcUser::NotifyDataReady(GprsLlcLink& link)
{
    m_tbfs.RequestTbf(link.GetMs(), link.GetDirection());
}

GprsLlcLink&
GprsCellLlcUser::GetPeer(const GprsLlcLink& link)
{
    return m_mss[link.GetMs()].GetBearer(GprsOpposite(link.GetDirection())).llc;
}

} // namespace ns3
