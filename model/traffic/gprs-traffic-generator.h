/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TRAFFIC_GENERATOR_H
#define GPRS_TRAFFIC_GENERATOR_H

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <map>
#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Session generators of a busy cell's background users: e-mail, WWW and FTP.
 */

namespace ns3
{

class Socket;

/**
 * \ingroup gprs
 * \brief A background user's downlink traffic, sent by a server to one mobile over TCP.
 *
 * Sessions arrive as a Poisson process (the rate is each service's attribute). Their sizes
 * follow the UMTS 30.03 non-real-time traffic model (ETSI TR 101 112 v3.2.0, Annex B, clause
 * B.1.2.2): a packet call is a geometric number of datagrams (mean DatagramsPerPacketCall)
 * whose sizes are Pareto-distributed and cut off (GprsTruncatedPareto: DatagramSizeShape,
 * DatagramSizeScale, DatagramSizeCutoff). The generator is the sending side, an Application on
 * the server; the helper (GprsTrafficHelper) puts a GprsTrafficSink on the mobile.
 *
 * The model is open-loop, as UMTS 30.03 defines it: it says when data arrives at the network,
 * not when the user has it, so a slow cell delays the data but not the next arrivals.
 * Sessions may overlap.
 */
class GprsTrafficGenerator : public Application
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId();

    GprsTrafficGenerator();
    ~GprsTrafficGenerator() override;

    /**
     * \param stream first stream index
     * \return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * Check the attributes that must fit together.
     * \throws std::invalid_argument naming the value (DatagramSizeCutoff below
     *         DatagramSizeScale; Remote not an IPv4 socket address)
     */
    void CheckConfiguration() const;

    /// \return sessions started
    uint64_t GetSessions() const;
    /// \return packet calls (pages, files, messages) started
    uint64_t GetPacketCalls() const;
    /// \return octets the model offered (arrived at the server for sending)
    uint64_t GetBytesOffered() const;

    /**
     * The connections of SendWhole (FTP files, e-mail messages) the generator holds: from the
     * start of a file until its connection has closed (the mobile's FIN received: TIME_WAIT)
     * or failed; then it lets the socket go, and ns-3 frees it when TIME_WAIT ends. WWW pages
     * are not counted: GprsWwwTraffic lets a page's socket go once it has closed it.
     * \return connections open
     */
    uint64_t GetOpenConnections() const;

    /**
     * TracedCallback signature of Session.
     * \param session the session's number, from 0
     */
    typedef void (*SessionTracedCallback)(uint64_t session);

    /**
     * TracedCallback signature of PacketCall.
     * \param session its session
     * \param datagrams its datagrams
     * \param bytes its octets
     */
    typedef void (*PacketCallTracedCallback)(uint64_t session, uint32_t datagrams, uint64_t bytes);

  protected:
    void DoDispose() override;

    /**
     * Start what a session does; by default, send one packet call whole (SendWhole): an FTP
     * burst's file, an e-mail message.
     * \param session its number
     */
    virtual void StartSession(uint64_t session);

    /**
     * Draw a packet call's datagram sizes and report it (PacketCall).
     * \param session the session it belongs to
     * \return the sizes, in octets
     */
    std::vector<uint32_t> DrawPacketCall(uint64_t session);

    /**
     * \param mean a mean time
     * \return an exponential time with that mean
     */
    Time DrawTime(Time mean);

    /**
     * \param mean a mean count, >= 1
     * \return a geometric count on 1, 2, ... with that mean
     */
    uint32_t DrawCount(double mean);

    /**
     * Send octets as one TCP connection to Remote, all of them available at once, on a socket
     * of the generator's own (OpenTcpSocket), written as BulkSendApplication writes. Not a
     * BulkSendApplication, which sent them before: it gives no way to set its socket's
     * attributes before it connects, and a node no way to remove it once finished. The socket
     * is let go once its connection has closed or failed (GetOpenConnections).
     * \param bytes the octets
     */
    void SendWhole(uint64_t bytes);

    /**
     * \return a new TCP socket on this node, with SegmentSize applied when set: a
     *         GprsGuardedTcpSocket, which before ns-3.41 survives a mobile whose receive window
     *         bounds the flight, without SACK, with losses (ns-3 issue #991)
     */
    Ptr<Socket> OpenTcpSocket() const;

    /// \return whether the application runs (between start and stop)
    bool IsRunning() const;

    double m_sessionsPerHour; //!< session arrival rate, set by each service's attribute
    Address m_remote;         //!< the mobile's address and port

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Start a session and schedule the next arrival.
    void ArriveSession();

    /// \param socket a SendWhole connection of its own, now connected
    void OnWholeConnected(Ptr<Socket> socket);
    /// \param socket a SendWhole connection of its own that failed to connect
    void OnWholeConnectFailed(Ptr<Socket> socket);
    /// \param socket a SendWhole connection, closed normally or by an error: let go of it
    void OnWholeClosed(Ptr<Socket> socket);
    /// \param socket a SendWhole connection that has closed, removed from m_whole
    void ReleaseWhole(Ptr<Socket> socket);

    /**
     * Write what a SendWhole connection of its own still has to send; close after the last.
     * \param socket the connection
     */
    void OnWholeSendSpace(Ptr<Socket> socket, uint32_t);

    double m_datagramsPerPacketCall;         //!< mean datagrams of a packet call
    double m_sizeShape;                      //!< Pareto alpha
    double m_sizeScale;                      //!< Pareto k, octets
    double m_sizeCutoff;                     //!< Pareto m, octets
    uint32_t m_segmentSize{0};               //!< TCP segment size, 0: TcpSocket's default
    std::map<Ptr<Socket>, uint64_t> m_whole; //!< open SendWhole connections: octets to write
    Ptr<UniformRandomVariable> m_uniform;    //!< every draw
    EventId m_nextSession;                   //!< the next session's arrival
    bool m_running{false};                   //!< between start and stop
    uint64_t m_sessions{0};                  //!< sessions started
    uint64_t m_packetCalls{0};               //!< packet calls started
    uint64_t m_bytesOffered{0};              //!< octets offered
    TracedCallback<uint64_t> m_sessionTrace; //!< Session
    TracedCallback<uint64_t, uint32_t, uint64_t> m_packetCallTrace; //!< PacketCall
};

/**
 * \ingroup gprs
 * \brief WWW browsing: the UMTS 30.03 WWW session (ETSI TR 101 112, clause B.1.2.2).
 *
 * A session is a geometric number of pages (PagesPerSession); a page (packet call) is
 * DrawPacketCall's datagrams, arriving DatagramInterval apart on average (exponential, the
 * continuous form of the standard's geometric time), and the next page arrives a reading time
 * (exponential, mean ReadingTime) after the last datagram of the page. Each page is one TCP
 * connection (HTTP/1.0 style) into which every datagram is written when it arrives, and which
 * is closed after the last. Rendon et al.: 3 sessions per hour, 5 pages, 412 s, 25 datagrams,
 * 0.125 s (the standard's 32 kbit/s bearer).
 */
class GprsWwwTraffic : public GprsTrafficGenerator
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId();

    /**
     * TracedCallback signature of Datagram.
     * \param session its session
     * \param bytes its octets
     */
    typedef void (*DatagramTracedCallback)(uint64_t session, uint32_t bytes);

  protected:
    void DoDispose() override;

  private:
    /// A page being sent.
    struct Page
    {
        uint64_t session{0};             //!< its session
        uint32_t pagesLeft{0};           //!< pages of the session after this one
        Ptr<Socket> socket;              //!< its connection
        bool connected{false};           //!< the connection is up
        bool failed{false};              //!< the connection failed: arriving data is dropped
        uint64_t unsent{0};              //!< octets arrived and not yet given to the socket
        std::vector<uint32_t> datagrams; //!< sizes of those still to arrive, last first
    };

    void StartSession(uint64_t session) override;

    /**
     * Open a page's connection and let its first datagram arrive.
     * \param session the session
     * \param pagesLeft pages after this one
     */
    void StartPage(uint64_t session, uint32_t pagesLeft);

    /**
     * A datagram of a page arrives: write it, schedule the next or, after the last, close and
     * schedule the next page.
     * \param page the page's key
     */
    void ArriveDatagram(uint64_t page);

    /**
     * Give the socket what it takes; close after the last datagram.
     * \param page the page's key
     */
    void Flush(uint64_t page);

    /**
     * \param socket a socket
     * \return its page's key, or none once the page is closed
     */
    std::optional<uint64_t> PageOf(Ptr<Socket> socket) const;

    /// \param socket connected
    void OnConnected(Ptr<Socket> socket);
    /// \param socket failed to connect: the page's data is dropped
    void OnConnectFailed(Ptr<Socket> socket);
    /// \param socket has room
    void OnSendSpace(Ptr<Socket> socket, uint32_t);

    uint32_t m_pagesPerSession;                         //!< mean pages of a session
    Time m_readingTime;                                 //!< mean reading time
    Time m_datagramInterval;                            //!< mean time between datagrams
    std::map<uint64_t, Page> m_pages;                   //!< pages being sent, by key
    uint64_t m_nextPage{0};                             //!< next key
    TracedCallback<uint64_t, uint32_t> m_datagramTrace; //!< Datagram
};

/**
 * \ingroup gprs
 * \brief FTP: bursts (file downloads) arriving as a Poisson process, BurstsPerHour (Rendon et
 * al.: 6), each a file of one UMTS 30.03 packet call sent at once on its own TCP connection
 * (SendWhole).
 */
class GprsFtpTraffic : public GprsTrafficGenerator
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId();
};

/**
 * \ingroup gprs
 * \brief E-mail: messages arriving as a Poisson process, MessagesPerHour (Rendon et al.: 5),
 * each one UMTS 30.03 packet call fetched at once on its own TCP connection
 * (SendWhole).
 */
class GprsEmailTraffic : public GprsTrafficGenerator
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId();
};

} // namespace ns3

#endif /* GPRS_TRAFFIC_GENERATOR_H */
