/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RECEIVE_WINDOW_GROWTH_H
#define GPRS_RECEIVE_WINDOW_GROWTH_H

#include "ns3/gprs-linux-receive-window.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/packet.h"
#include "ns3/tcp-header.h"

#include <map>

/**
 * \file
 * \ingroup gprs
 * Gives the TCP connections a PacketSink accepts Linux 2.4's small initial receive window.
 */

namespace ns3
{

class TcpSocketBase;

/**
 * \ingroup gprs
 * \brief Makes ns-3's TCP receivers behind a PacketSink offer the window of a Linux 2.4
 * receiver (GprsLinuxReceiveWindow): InitialWindow at the handshake, two segments more for
 * every in-order data segment of at least 128 octets, up to the sink socket's receive buffer
 * (RcvBufSize, Linux's window_clamp).
 *
 * ns-3's TcpSocketBase offers its receive buffer's free space (TcpRxBuffer::MaxBufferSize less
 * what it holds). Install sets the listening socket's buffer size to the initial window, which
 * every connection it accepts copies; on each in-order data segment (the socket's Rx trace,
 * which a forked socket inherits, fires before the segment is processed) the connection's
 * buffer size becomes rcv_ssthresh, so the ACK of that segment offers the grown window, as
 * Linux's does. TcpRxBuffer::SetMaxBufferSize is used rather than TcpSocket::SetRcvBufSize,
 * which sends an ACK at every increase. The window scale of the SYN is chosen by ns-3 from the
 * initial buffer size, so none is announced below 64 KiB: a receive buffer beyond 65535 octets
 * is offered as 65535. The object must live until the simulation ends.
 */
class GprsReceiveWindowGrowth
{
  public:
    /// \param initialWindow the window of the handshake, octets, > 0 (Linux 2.4.16: 5392)
    explicit GprsReceiveWindowGrowth(uint32_t initialWindow);

    /**
     * Apply to the connections a sink accepts. The sink's listening socket must exist 1 ns
     * after the sink's StartTime (PacketSink opens it when it starts) and no SYN may reach it
     * before then; aborts naming the sink's node otherwise.
     * \param sink a PacketSink of TCP
     */
    void Install(Ptr<PacketSink> sink);

    /// \return the initial window
    uint32_t GetInitialWindow() const;

  private:
    /// \param sink the sink whose listening socket is now open
    void Arm(Ptr<PacketSink> sink);

    /**
     * A segment reached a connection of the sink, before TCP processes it.
     * \param clamp the sink's receive buffer (window_clamp)
     * \param payload its data
     * \param header its TCP header
     * \param socket the receiving socket
     */
    void OnRx(uint32_t clamp,
              Ptr<const Packet> payload,
              const TcpHeader& header,
              Ptr<const TcpSocketBase> socket);

    uint32_t m_initialWindow; //!< at the handshake
    /// per connection, each socket held so that its address is never taken for another
    std::map<Ptr<const TcpSocketBase>, GprsLinuxReceiveWindow> m_windows;
};

} // namespace ns3

#endif /* GPRS_RECEIVE_WINDOW_GROWTH_H */
