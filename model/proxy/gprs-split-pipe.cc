/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-split-pipe.h"

#include <stdexcept>

namespace ns3
{

GprsSplitPipe::GprsSplitPipe(uint32_t capacity)
    : m_capacity(capacity)
{
    if (capacity == 0)
    {
        throw std::invalid_argument("relay buffer of 0 bytes (allowed: 1 or more)");
    }
}

uint32_t
GprsSplitPipe::GetSpace() const
{
    return m_size >= m_capacity ? 0 : m_capacity - m_size;
}

uint32_t
GprsSplitPipe::GetSize() const
{
    return m_size;
}

void
GprsSplitPipe::Push(Ptr<Packet> packet)
{
    if (!packet || packet->GetSize() == 0)
    {
        return;
    }
    m_size += packet->GetSize();
    m_queue.push_back(packet);
}

Ptr<Packet>
GprsSplitPipe::Pop(uint32_t maxBytes)
{
    if (m_queue.empty() || maxBytes == 0)
    {
        return nullptr;
    }
    const Ptr<Packet> out = Create<Packet>();
    while (!m_queue.empty() && out->GetSize() < maxBytes)
    {
        const Ptr<Packet> front = m_queue.front();
        const uint32_t want = maxBytes - out->GetSize();
        if (front->GetSize() <= want)
        {
            out->AddAtEnd(front);
            m_queue.pop_front();
        }
        else
        {
            out->AddAtEnd(front->CreateFragment(0, want));
            m_queue.front() = front->CreateFragment(want, front->GetSize() - want);
        }
    }
    m_size -= out->GetSize();
    m_bytesOut += out->GetSize();
    return out;
}

void
GprsSplitPipe::SetSourceFinished()
{
    m_sourceFinished = true;
}

bool
GprsSplitPipe::IsSourceFinished() const
{
    return m_sourceFinished;
}

bool
GprsSplitPipe::ShouldShutDown() const
{
    return m_sourceFinished && m_size == 0 && !m_shutDown;
}

void
GprsSplitPipe::SetShutDown()
{
    m_shutDown = true;
}

bool
GprsSplitPipe::IsShutDown() const
{
    return m_shutDown;
}

uint64_t
GprsSplitPipe::GetBytesOut() const
{
    return m_bytesOut;
}

} // namespace ns3
