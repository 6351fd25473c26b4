/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TRAFFIC_SINK_H
#define GPRS_TRAFFIC_SINK_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/traced-callback.h"

#include <set>

/**
 * \file
 * \ingroup gprs
 * The receiving side of the background traffic generators: a TCP sink that closes what it
 * has finished receiving.
 */

namespace ns3
{

class Packet;
class Socket;

/**
 * \ingroup gprs
 * \brief Accepts TCP connections on Local, reads and counts everything they carry and closes
 * each connection once its peer has closed it (the peer's FIN, after the last octet), as a
 * client that has read a whole response does.
 *
 * It stands in for ns-3's PacketSink, which keeps every accepted socket until the application
 * is disposed and never answers the peer's FIN: in an hour of a busy network that is tens of
 * thousands of finished connections held open at both ends (about 21 KB each), the largest
 * part of a long run's memory. A closed connection's socket is let go at once; ns-3's
 * TcpL4Protocol keeps it until the close has completed (LAST-ACK).
 */
class GprsTrafficSink : public Application
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId();

    GprsTrafficSink();
    ~GprsTrafficSink() override;

    /// \return octets received over all connections
    uint64_t GetTotalRx() const;
    /// \return connections accepted
    uint64_t GetAccepted() const;
    /// \return connections accepted and not yet closed by their peer
    uint64_t GetOpenConnections() const;
    /// \return the listening socket, or null before the application starts
    Ptr<Socket> GetListeningSocket() const;

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /**
     * \param socket a new connection
     * \param from its peer
     */
    void HandleAccept(Ptr<Socket> socket, const Address& from);
    /// \param socket a connection with data to read
    void HandleRead(Ptr<Socket> socket);
    /// \param socket a connection its peer has closed (or reset): read what is left, close it
    void HandlePeerClose(Ptr<Socket> socket);

    Address m_local;              //!< where it listens
    Ptr<Socket> m_listener;       //!< the listening socket
    std::set<Ptr<Socket>> m_open; //!< accepted connections not yet closed
    uint64_t m_totalRx{0};        //!< octets received
    uint64_t m_accepted{0};       //!< connections accepted
    TracedCallback<Ptr<const Packet>, const Address&> m_rxTrace; //!< Rx
};

} // namespace ns3

#endif /* GPRS_TRAFFIC_SINK_H */
