/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-receive-window-growth.h"

#include "ns3/fatal-error.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsReceiveWindowGrowth");

GprsReceiveWindowGrowth::GprsReceiveWindowGrowth(uint32_t initialWindow)
    : m_initialWindow(initialWindow)
{
    if (initialWindow == 0)
    {
        NS_FATAL_ERROR("GprsReceiveWindowGrowth: initial window 0; it must be > 0 octets");
    }
}

uint32_t
GprsReceiveWindowGrowth::GetInitialWindow() const
{
    return m_initialWindow;
}

void
GprsReceiveWindowGrowth::Install(Ptr<PacketSink> sink)
{
    if (!sink)
    {
        NS_FATAL_ERROR("GprsReceiveWindowGrowth::Install: no sink");
    }
    TimeValue start;
    sink->GetAttribute("StartTime", start);
    const Time at = start.Get() + NanoSeconds(1) - Simulator::Now();
    if (at.IsNegative())
    {
        NS_FATAL_ERROR("GprsReceiveWindowGrowth::Install: the sink of node "
                       << sink->GetNode()->GetId() << " started already");
    }
    Simulator::ScheduleWithContext(sink->GetNode()->GetId(),
                                   at,
                                   &GprsReceiveWindowGrowth::Arm,
                                   this,
                                   sink);
}

void
GprsReceiveWindowGrowth::Arm(Ptr<PacketSink> sink)
{
    const auto listener = DynamicCast<TcpSocketBase>(sink->GetListeningSocket());
    if (!listener)
    {
        NS_FATAL_ERROR("GprsReceiveWindowGrowth: the sink of node "
                       << sink->GetNode()->GetId() << " has no TCP listening socket");
    }
    if (!sink->GetAcceptedSockets().empty())
    {
        NS_FATAL_ERROR("GprsReceiveWindowGrowth: the sink of node "
                       << sink->GetNode()->GetId() << " accepted a connection already");
    }
    NS_LOG_FUNCTION(this << sink << m_initialWindow);
    // The receive buffer the sink was configured with is Linux's window_clamp.
    const Ptr<TcpRxBuffer> buffer = listener->GetRxBuffer();
    const uint32_t clamp = buffer->MaxBufferSize();
    buffer->SetMaxBufferSize(std::min(m_initialWindow, clamp));
    listener->TraceConnectWithoutContext(
        "Rx",
        MakeCallback(&GprsReceiveWindowGrowth::OnRx, this).Bind(clamp));
}

void
GprsReceiveWindowGrowth::OnRx(uint32_t clamp,
                              Ptr<const Packet> payload,
                              const TcpHeader& header,
                              Ptr<const TcpSocketBase> socket)
{
    const Ptr<TcpRxBuffer> buffer = socket->GetRxBuffer();
    if (payload->GetSize() == 0 || header.GetSequenceNumber() != buffer->NextRxSequence())
    {
        return;
    }
    auto it = m_windows.find(socket);
    if (it == m_windows.end())
    {
        UintegerValue mss;
        socket->GetAttribute("SegmentSize", mss);
        it = m_windows
                 .emplace(socket,
                          GprsLinuxReceiveWindow(std::min(buffer->MaxBufferSize(), clamp),
                                                 clamp,
                                                 static_cast<uint32_t>(mss.Get())))
                 .first;
    }
    const uint32_t window = it->second.OnInOrderData(payload->GetSize());
    NS_LOG_LOGIC("rcv_ssthresh " << window);
    buffer->SetMaxBufferSize(window);
}

} // namespace ns3
