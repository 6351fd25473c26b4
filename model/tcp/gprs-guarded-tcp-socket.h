/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_GUARDED_TCP_SOCKET_H
#define GPRS_GUARDED_TCP_SOCKET_H

#include "ns3/object-factory.h"
#include "ns3/tcp-socket-base.h"

#include <cstdint>
#include <optional>

/**
 * \file
 * \ingroup gprs
 * The module's TCP socket: ns-3's TcpSocketBase kept from sending empty segments.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The TCP configuration of a socket GprsGuardedTcpSocket::Create makes: one leg of a split
 * connection, a traffic generator's connection. What is not set is what any new socket of the
 * node gets: the node's TcpL4Protocol SocketType and RecoveryType, the TcpSocket and
 * TcpSocketBase attribute defaults (as Config::SetDefault left them).
 */
struct GprsTcpLegConfig
{
    std::optional<ObjectFactory> congestionControl; //!< a TcpCongestionOps
    std::optional<ObjectFactory> recovery;          //!< a TcpRecoveryOps
    std::optional<uint32_t> segmentSize;            //!< MSS (TcpSocket SegmentSize)
    std::optional<uint32_t> sndBufSize;             //!< send buffer (TcpSocket SndBufSize)
    std::optional<uint32_t> rcvBufSize;             //!< receive buffer (TcpSocket RcvBufSize)
    std::optional<bool> sack;                       //!< SACK (TcpSocketBase Sack)
    std::optional<bool> timestamp;                  //!< timestamps (TcpSocketBase Timestamp)
};

/**
 * \ingroup gprs
 * \brief A TcpSocketBase that never sends an empty data segment: the sockets the module opens
 * itself (GprsTrafficGenerator's connections, GprsProxyTcpSocket's legs).
 *
 * AvailableWindow is 0 when the next segment TcpTxBuffer::NextSeg would offer is empty. Before
 * ns-3.41 a sender limited by the peer's receive window is offered such a zero-length segment,
 * sends it and crashes (in TcpRateLinux::SkbSent) once the data in flight fills the window
 * exactly while some of it is SACKed or marked lost, or taken as received by a duplicate ACK
 * without SACK (ns-3 issue #991, fixed in 3.41 by commit 13c1b9b6). A mobile with a small
 * receive window (benko-gi's 8760 octets, Chakravorty & Pratt's 5392) meets it at its first
 * losses. From ns-3.41 on, NextSeg offers no empty segment and the guard is skipped
 * (gprs::kWindowLimitedSenderSurvivesLoss).
 */
class GprsGuardedTcpSocket : public TcpSocketBase
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsGuardedTcpSocket();

    /**
     * \param sock the socket to copy (a listener forking)
     */
    GprsGuardedTcpSocket(const GprsGuardedTcpSocket& sock);

    ~GprsGuardedTcpSocket() override;

    /**
     * Create a socket on a node, as TcpL4Protocol::CreateSocket does (the node's RTT
     * estimator, congestion control and recovery), with a TCP configuration.
     * \param node the node, with an Internet stack
     * \param config the configuration
     * \return the socket
     */
    static Ptr<GprsGuardedTcpSocket> Create(Ptr<Node> node, const GprsTcpLegConfig& config);

  protected:
    /**
     * Attach a new socket to a node's TcpL4Protocol and configure it: what Create does, for a
     * socket of a subclass.
     * \param socket the socket, not yet used
     * \param node the node, with an Internet stack
     * \param config the configuration
     */
    static void SetUp(Ptr<GprsGuardedTcpSocket> socket,
                      Ptr<Node> node,
                      const GprsTcpLegConfig& config);

    uint32_t AvailableWindow() const override;
    Ptr<TcpSocketBase> Fork() override;

  protected:
    /**
     * Before ns-3.41, a fast retransmission or timeout can also be offered the empty segment
     * (DoRetransmit sends what NextSeg gives, SEQ to SEQ) and crashes the same way. ns-3.41's
     * NextSeg offers nothing there and DoRetransmit resends the head of the buffer, one segment:
     * so does this guard.
     * \param seq first sequence number to send
     * \param maxSize most octets to send
     * \param withAck whether to set the ACK flag
     * \return octets sent
     */
    uint32_t SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck) override;
};

} // namespace ns3

#endif /* GPRS_GUARDED_TCP_SOCKET_H */
