/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-pacch.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsPacch");

GprsPacch::GprsPacch(std::vector<GprsCellMobile>& mss, GprsTbfController& tbfs)
    : m_mss(mss),
      m_tbfs(tbfs)
{
}

void
GprsPacch::Sent(uint32_t index, GprsControlMessage msg)
{
    if (msg == GprsControlMessage::PACKET_UPLINK_ACK_NACK)
    {
        m_mss[index].ul.ackOwed = false;
        m_mss[index].ul.blocksSinceAck = 0;
        return;
    }
    const GprsDirection dir = msg == GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT
                                  ? GprsDirection::DOWNLINK
                                  : GprsDirection::UPLINK;
    m_tbfs.AllocateTfi(index, dir);
    m_mss[index].GetBearer(dir).tbf.AssignmentSent();
}

bool
GprsPacch::GrantAnswered(uint32_t index, bool heard)
{
    GprsTbf& tbf = m_mss[index].ul.tbf;
    if (heard)
    {
        tbf.GrantUsed();
    }
    else if (tbf.GetState() != GprsTbfState::FINISHED && tbf.GrantUnused())
    {
        NS_LOG_INFO("MS " << index << " N3101 expired");
        m_tbfs.ReleaseTbf(index, GprsDirection::UPLINK, true);
    }
    return heard;
}

void
GprsPacch::Receive(const GprsAirBlock& air)
{
    const GprsCellMobile& ms = m_mss[air.ms];
    switch (air.purpose)
    {
    case GprsPollPurpose::DL_DATA:
        ReceiveDownlinkAckNack(air);
        break;
    case GprsPollPurpose::UL_DUMMY:
        if (ms.ul.tbf.GetState() == GprsTbfState::HOLD)
        {
            GrantAnswered(air.ms, !air.lost);
        }
        break;
    case GprsPollPurpose::UL_FINAL:
        if (ms.ul.tbf.GetState() == GprsTbfState::FINISHED)
        {
            if (air.lost)
            {
                m_tbfs.PollUnanswered(air.ms, air.purpose);
            }
            else if (air.msg == GprsControlMessage::PACKET_RESOURCE_REQUEST)
            {
                m_tbfs.ResourceRequested(air.ms);
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
        const GprsTbf& tbf = ms.GetBearer(dir).tbf;
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
GprsPacch::ReceiveDownlinkAckNack(const GprsAirBlock& air)
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
    dl.ApplyAckNack(air.ackNack);
    if (air.channelRequest && ms.ul.tbf.GetState() == GprsTbfState::CHANNEL_REQUEST)
    {
        ms.ul.tbf.RequestOnPacch(Simulator::Now()); // Packet Uplink Assignment follows on PACCH
    }
    if (dl.tx->IsFinalSent() && dl.tx->IsComplete())
    {
        m_tbfs.ReleaseTbf(air.ms, GprsDirection::DOWNLINK, false);
    }
}

} // namespace ns3
