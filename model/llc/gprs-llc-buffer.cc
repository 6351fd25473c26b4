/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-llc-buffer.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsLlcBuffer");

NS_OBJECT_ENSURE_REGISTERED(GprsLlcBuffer);

TypeId
GprsLlcBuffer::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GprsLlcBuffer")
                            .SetParent<Queue<Packet>>()
                            .SetGroupName("Gprs")
                            .AddConstructor<GprsLlcBuffer>();
    return tid;
}

bool
GprsLlcBuffer::Enqueue(Ptr<Packet> packet)
{
    return Enqueue(packet, Simulator::Now());
}

Ptr<Packet>
GprsLlcBuffer::Dequeue()
{
    Time sent;
    return Dequeue(sent);
}

Ptr<Packet>
GprsLlcBuffer::Remove()
{
    const Ptr<Packet> packet = DoRemove(GetContainer().begin());
    if (packet)
    {
        m_sent.pop_front();
    }
    return packet;
}

Ptr<const Packet>
GprsLlcBuffer::Peek() const
{
    return DoPeek(GetContainer().begin());
}

bool
GprsLlcBuffer::Enqueue(Ptr<Packet> packet, Time sent)
{
    if (!DoEnqueue(GetContainer().end(), packet))
    {
        return false;
    }
    m_sent.push_back(sent);
    return true;
}

Ptr<Packet>
GprsLlcBuffer::Dequeue(Time& sent)
{
    const Ptr<Packet> packet = DoDequeue(GetContainer().begin());
    if (packet)
    {
        sent = m_sent.front();
        m_sent.pop_front();
    }
    return packet;
}

} // namespace ns3
