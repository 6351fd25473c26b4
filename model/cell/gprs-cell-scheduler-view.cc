/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-cell-scheduler-view.h"

namespace ns3
{

GprsSchedulingCandidate
GprsCellSchedulerView::Get(uint32_t position) const
{
    GprsSchedulingCandidate c;
    c.ms = m_candidates.at(position);
    const GprsCellMobile& ms = m_mss[c.ms];
    const GprsBearer& link = ms.GetBearer(m_dir);
    c.keepAlive = link.tbf.GetState() == GprsTbfState::HOLD;
    c.cs = link.cs;
    c.ciDb = ms.radio.GetCiDb();
    c.waiting = m_blockStart - link.lastBlock;
    if (m_dir == GprsDirection::DOWNLINK)
    {
        // Nothing new to send yet a candidate: unacknowledged mode repeats the final block.
        const GprsRlcTxKind next = link.tx->PeekNext();
        c.kind = next == GprsRlcTxKind::NOTHING ? GprsRlcTxKind::PENDING_ACK : next;
        c.queuedOctets = link.llc.GetBufferedOctets() + link.tx->GetQueuedOctets();
        c.ackTimeslot = ms.dlAckTn;
        c.sincePoll = m_blockStart - link.lastPoll;
        c.pollDue = !link.pollOutstanding &&
                    link.IsPollDue(link.blocksSincePoll + 1, false, c.kind, m_pollInterval);
    }
    return c;
}

} // namespace ns3
