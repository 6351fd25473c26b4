/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-serial-line.h"

#include "ns3/abort.h"
#include "ns3/simulator.h"

namespace ns3
{

void
GprsSerialLine::Configure(uint32_t flows, Delivery delivery)
{
    NS_ABORT_MSG_UNLESS(flows > 0, "a line needs at least one flow");
    m_queues.assign(flows, {});
    m_bytes.assign(flows, 0);
    m_waiting = 0;
    m_last = flows - 1;
    m_delivery = std::move(delivery);
}

void
GprsSerialLine::Send(uint32_t flow, Ptr<Packet> packet, Time line)
{
    NS_ABORT_MSG_UNLESS(flow < m_queues.size(),
                        "flow " << flow << " of a line of " << m_queues.size() << " flows");
    m_bytes[flow] += packet->GetSize();
    m_queues[flow].push_back({packet, line, Simulator::Now()});
    ++m_waiting;
    if (m_endEvent.IsExpired())
    {
        StartNext();
    }
}

uint64_t
GprsSerialLine::GetBytes(uint32_t flow) const
{
    return flow < m_bytes.size() ? m_bytes[flow] : 0;
}

void
GprsSerialLine::Clear()
{
    m_endEvent.Cancel();
    m_queues.clear();
    m_bytes.clear();
    m_waiting = 0;
    m_sending = Entry();
}

void
GprsSerialLine::StartNext()
{
    if (m_waiting == 0)
    {
        return;
    }
    const auto flows = static_cast<uint32_t>(m_queues.size());
    uint32_t flow = m_last;
    do
    {
        flow = (flow + 1) % flows;
    } while (m_queues[flow].empty());
    m_last = flow;
    m_sendingFlow = flow;
    m_sending = m_queues[flow].front();
    m_queues[flow].pop_front();
    --m_waiting;
    m_sendingWaited = Simulator::Now() - m_sending.queued;
    m_endEvent = Simulator::Schedule(m_sending.line, &GprsSerialLine::EndTransmission, this);
}

void
GprsSerialLine::EndTransmission()
{
    const Entry sent = m_sending;
    m_sending = Entry();
    m_bytes[m_sendingFlow] -= sent.packet->GetSize();
    const uint32_t flow = m_sendingFlow;
    const Time waited = m_sendingWaited;
    // The next packet starts before the delivery runs, which may send on this line again.
    StartNext();
    m_delivery(flow, sent.packet, waited, sent.line);
}

} // namespace ns3
