/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_PROXY_TCP_SOCKET_H
#define GPRS_PROXY_TCP_SOCKET_H

#include "ns3/gprs-guarded-tcp-socket.h"
#include "ns3/inet-socket-address.h"

#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * The TCP socket of a split-connection proxy's legs.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief A TcpSocketBase that can stand in for another host: the sockets of GprsSplitProxy's
 * legs.
 *
 * It is a GprsGuardedTcpSocket: no leg sends an empty segment before ns-3.41 (ns-3 issue #991),
 * which a mobile with a small receive buffer (Chakravorty & Pratt's receiver offered 5392
 * bytes) would otherwise cause on the leg towards it at its first duplicate ACK. What it adds
 * to TcpSocketBase besides, and why:
 * - ConnectFrom: open a connection from another host's address and port. TcpSocketBase::Connect
 *   asks the routing for the source address of the route and overwrites the bound one; this
 *   keeps the bound address, so the proxy's SYN carries the address of the host it stands for.
 *   Passive opens need nothing new: a listener bound to another host's address forks sockets
 *   with that local address.
 * - Its own initial sequence number, RFC 6528 style: a 4 us clock plus a hash of the connection,
 *   where ns-3's TcpSocketBase always starts at 0. The proxy's two legs then differ from the
 *   ends', as a real proxy's do. It stays below 2^30: TcpSocketBase starts its highest-ACK mark
 *   at 0 and compares in sequence space, so ISNs up to 2^30 leave 1 GiB per connection.
 * - The ACK that completes a passive open sets the highest-ACK mark. TcpSocketBase takes only
 *   the window from it (UpdateWindowSize before ESTABLISHED) and leaves the mark at 0 until the
 *   next ACK: one short of the data's start with its own ISN of 0, far below it with this one.
 *   The mark plus the peer's window bounds new data (RFC 9293 clause 3.8.6), and ns-3's
 *   TcpSocketBase::SendDataPacket asserts that bound in builds with asserts (ns-3-dev's default
 *   build stopped there when a leg sent before its peer's second ACK).
 * - Abort: reset the connection (RST), as the proxy must when the other leg was reset.
 * - RefusedBy: an RST answering the SYN refuses the connection (RFC 793), where ns-3.37 keeps
 *   retrying the SYN.
 * - Receiver silly-window avoidance (RFC 1122 clause 4.2.3.3), as Linux's receiver applies it:
 *   the window offered is 0 or at least min(MSS, buffer / 2), and a whole number of segments
 *   when it exceeds one (OfferedWindow). ns-3's TcpSocketBase offers whatever its buffer has
 *   free. Its sender, offered less than a segment with nothing in flight, waits (sender
 *   silly-window avoidance) for a window update, with no timer to probe a window that is not
 *   zero: one lost update stalls the connection for good. Offered a zero window instead, it
 *   probes with its persist timer and recovers.
 * - Recv reopens a closed receive window with an ACK at once, as RFC 1122 clause 4.2.3.3 says
 *   and ns-3-dev does since 2026-07 (after 3.48). ns-3.37 sends nothing: its sender then
 *   waits for its next persist probe.
 * - In LAST-ACK an ACK short of the data sent is processed as an ACK (RFC 9293 clause
 *   3.10.7.4: only the acknowledgment of the FIN closes), and the unacknowledged data and FIN
 *   stay to be retransmitted. ns-3's TcpSocketBase closes at any ACK, so a leg that closes
 *   with data in flight (the relay's tail) would lose it at the first ACK still on its way. An
 *   ACK of all the data closes, FIN acknowledged or not: ns-3's receivers in FIN-WAIT
 *   acknowledge a FIN that came with data one short (TcpSocketBase::ProcessWait records the
 *   segment's first sequence number as the FIN's).
 * - In TIME-WAIT a retransmitted FIN is acknowledged again and the 2 MSL timeout restarts
 *   (RFC 9293 clause 3.10.7.4). ns-3's TcpSocketBase ignores every segment there, so a peer
 *   whose ACK of its FIN was lost (a radio block) retries until it fails the connection.
 * - A callback when a listener forks, with the new socket, before its handshake completes.
 */
class GprsProxyTcpSocket : public GprsGuardedTcpSocket
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsProxyTcpSocket();

    /**
     * \param sock the socket to copy (a listener forking)
     */
    GprsProxyTcpSocket(const GprsProxyTcpSocket& sock);

    ~GprsProxyTcpSocket() override;

    /**
     * Create a socket on a node, as GprsGuardedTcpSocket::Create does, with a leg's TCP
     * configuration.
     * \param node the node, with an Internet stack
     * \param config the configuration
     * \return the socket
     */
    static Ptr<GprsProxyTcpSocket> Create(Ptr<Node> node, const GprsTcpLegConfig& config);

    /// Called with the new socket and the peer's address when a listener forks.
    using ForkCallback = Callback<void, Ptr<GprsProxyTcpSocket>, const Address&>;

    /**
     * \param cb called when this listener (and every socket forked from it) forks
     */
    void SetForkCallback(ForkCallback cb);

    /**
     * Open a connection from a given address and port, which need not be the node's.
     * \param local the address and port the segments leave from
     * \param peer the address and port to connect to
     * \return 0, or -1 if the local address and port are taken (GetErrno)
     */
    int ConnectFrom(const InetSocketAddress& local, const InetSocketAddress& peer);

    /// Reset the connection: send RST and close at once.
    void Abort();

    /**
     * RFC 793's rule for an RST in SYN-SENT, which ns-3.37's TcpSocketBase lacks (it takes an
     * RST with ACK for a stray ACK and retries its SYN): if the RST acknowledges the SYN, the
     * connection is refused: the socket closes and reports a failed connection.
     * \param header a segment's TCP header, from the peer
     * \return it refused the connection (the socket is now closed)
     */
    bool RefusedBy(const TcpHeader& header);

    using TcpSocketBase::Recv;
    Ptr<Packet> Recv(uint32_t maxSize, uint32_t flags) override;

    /**
     * The receive window to offer, RFC 1122 clause 4.2.3.3 receiver silly-window avoidance as
     * Linux's __tcp_select_window applies it: nothing while less than min(MSS, buffer / 2) is
     * free, else what is free, rounded down to whole segments when more than one is free. The
     * right edge may so move back by less than a segment, which RFC 9293 clause 3.8.6.2.2
     * discourages; no data is lost by it, since the socket keeps accepting what its buffer holds.
     * \param freeSpace octets the receive buffer has free
     * \param mss the segment size
     * \param bufferSize the receive buffer's size
     * \return the window, in octets
     */
    static uint32_t OfferedWindow(uint32_t freeSpace, uint32_t mss, uint32_t bufferSize);

    /**
     * RFC 6528: ISN = M + F(connection), M a clock ticking every 4 us; F a hash here (no
     * secret is needed in a simulation). Kept in 1 .. 2^30 - 1.
     * \param local local address and port
     * \param peer peer address and port
     * \param now the time
     * \return the initial sequence number
     */
    static SequenceNumber32 ChooseIsn(const InetSocketAddress& local,
                                      const InetSocketAddress& peer,
                                      Time now);

  protected:
    uint16_t AdvertisedWindowSize(bool scale = true) const override;
    void DoForwardUp(Ptr<Packet> packet,
                     const Address& fromAddress,
                     const Address& toAddress) override;
    Ptr<TcpSocketBase> Fork() override;
    void CompleteFork(Ptr<Packet> p,
                      const TcpHeader& tcpHeader,
                      const Address& fromAddress,
                      const Address& toAddress) override;

  private:
    /// \return the receive window to offer now, in octets (OfferedWindow of the free space)
    uint32_t ReceiveWindow() const;

    ForkCallback m_forkCallback; //!< listener forks
};

} // namespace ns3

#endif /* GPRS_PROXY_TCP_SOCKET_H */
