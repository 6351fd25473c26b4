/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_TRANSPORT_H
#define GPRS_WEB_TRANSPORT_H

#include "gprs-web-arq.h"
#include "gprs-web-transport-header.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/inet-socket-address.h"
#include "ns3/node.h"
#include "ns3/object.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <optional>

/**
 * \file
 * \ingroup gprs
 * The GPRSWeb transport: one end of the UDP association between the client proxy on the mobile
 * and the server proxy at the GGSN side.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What one GprsWebTransport did so far.
 */
struct GprsWebTransportCounters
{
    uint64_t octetsSent{0};          //!< UDP payload octets sent: transport headers + data
    uint64_t datagramsSent{0};       //!< datagrams sent (each adds 28 octets of UDP/IPv4)
    uint64_t dataSegments{0};        //!< data segments sent, retransmissions included
    uint64_t retransmissions{0};     //!< data segments sent again
    uint64_t probes{0};              //!< probes sent
    uint64_t acks{0};                //!< datagrams sent with a report only (pure ACKs)
    uint64_t nacks{0};               //!< NACK entries sent (piggybacked or in ACKs)
    uint64_t lostSegments{0};        //!< own segments found lost by the peer's reports
    uint64_t octetsReceived{0};      //!< UDP payload octets received
    uint64_t datagramsReceived{0};   //!< datagrams received
    uint64_t duplicates{0};          //!< data segments received twice (discarded)
    uint64_t messagesSent{0};        //!< messages given to Send
    uint64_t messagesAcked{0};       //!< own messages wholly acknowledged by the peer
    uint64_t messagesDelivered{0};   //!< peer's messages delivered to the receive callback
    uint64_t messagesDropped{0};     //!< own messages the peer cannot have delivered: not
                                     //!< wholly sent, or partly lost, at Close; or given to
                                     //!< Send after Close
    uint64_t messagesUnconfirmed{0}; //!< own messages wholly sent, not wholly acknowledged at
                                     //!< Close: the peer may have delivered them
};

/**
 * \ingroup gprs
 * \brief One end of GPRSWeb's reliable UDP transport (Chakravorty, Clark & Pratt, "GPRSWeb:
 * optimizing the web for GPRS links", MobiSys 2003).
 *
 * No handshake: Setup binds a socket and the first Send goes out at once; sequence numbers
 * continue for the object's life, across pages. No slow start: up to the credit goes out at
 * once. Selective repeat with NACKs: every datagram carries the receiver's report (cumulative
 * ACK, NACKed gaps, the echo of the last transmission seen), piggybacked on data or alone in an
 * ACK; a NACKed segment goes again before any new one. Probes: while data is unacknowledged
 * and nothing progresses for ProbeInterval, an ACK-able probe goes out every ProbeInterval, so
 * an outage is noticed and recovery starts with the first report after it. Credit-based flow
 * control: never more unacknowledged payload octets than the credit, InitialCredit at first,
 * then (1 + CreditMargin) x rate x RTT. Two send queues: NORMAL segments go before PUSH ones.
 *
 * Delivery order: each message is delivered, whole and exactly once, as soon as its last octet
 * has arrived; a message held up by a lost segment does not hold up the messages after it, so
 * messages may be delivered out of sending order. The pure protocol is in gprs-web-arq.h.
 */
class GprsWebTransport : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsWebTransport();
    ~GprsWebTransport() override;

    /**
     * Bind a UDP socket on node at localPort (0: ephemeral) and send to peer. No handshake.
     * Attributes are read here; set them before.
     * \param node the node (with an Internet stack)
     * \param localPort the local UDP port, 0 for an ephemeral one
     * \param peer the other end's address and port
     */
    void Setup(Ptr<Node> node, uint16_t localPort, InetSocketAddress peer);

    /**
     * Queue a message for the peer. It is delivered whole and exactly once to the peer's receive
     * callback as soon as all of it has arrived (not necessarily in sending order).
     * \param message its octets, at least one
     * \param priority NORMAL, or PUSH (sent only when no NORMAL segment waits)
     */
    void Send(Ptr<Packet> message, GprsWebPriority priority);

    /**
     * \param cb called with each message of the peer, once, when all of it has arrived
     */
    void SetReceiveCallback(Callback<void, Ptr<Packet>> cb);

    /// Stop the timers and close the socket. A message not wholly acknowledged goes to the
    /// Drop trace if the peer cannot have it (not wholly sent, or part of it found lost; and a
    /// message given to Send later), else to the Unconfirmed trace: each message is counted
    /// once, acknowledged, dropped or unconfirmed, and none the peer delivered is dropped.
    void Close();

    /// \return the local UDP port (after Setup)
    uint16_t GetLocalPort() const;

    /// \return the counters
    const GprsWebTransportCounters& GetCounters() const;

    /// \return the credit, octets
    uint32_t GetCredit() const;

    /// \return payload octets sent and not yet acknowledged or found lost
    uint32_t GetInFlight() const;

    /// \return the RTT the credit uses: the lowest sample so far (zero before one)
    Time GetRtt() const;

    /**
     * TracedCallback signature of a data segment sent.
     * \param packet the datagram (header and payload)
     * \param header its header
     * \param inFlight payload octets in flight with this one
     * \param credit the credit
     */
    typedef void (*TxSegmentCallback)(Ptr<const Packet> packet,
                                      const GprsWebTransportHeader& header,
                                      uint32_t inFlight,
                                      uint32_t credit);

    /**
     * TracedCallback signature of a datagram sent or received.
     * \param packet the datagram (header and payload)
     * \param header its header
     */
    typedef void (*DatagramCallback)(Ptr<const Packet> packet,
                                     const GprsWebTransportHeader& header);

    /**
     * TracedCallback signature of a message delivered or dropped.
     * \param message the message
     */
    typedef void (*MessageCallback)(Ptr<const Packet> message);

    /**
     * TracedCallback signature of a probe sent.
     * \param tx its transmission number
     */
    typedef void (*ProbeCallback)(uint32_t tx);

  protected:
    void DoDispose() override;

  private:
    /// Send what the credit allows, then re-arm the probe timer.
    void TrySend();

    /**
     * Send a datagram: the report it carries restarts the receiver's ACK counter.
     * \param packet the datagram
     * \param header its header (already added)
     */
    void Transmit(Ptr<Packet> packet, const GprsWebTransportHeader& header);

    /// \return a header carrying the current report
    GprsWebTransportHeader ReportHeader() const;

    /// Send a pure ACK.
    void SendAck();

    /// The delayed-ACK timer.
    void OnAckTimer();

    /// The probe timer.
    void OnProbeTimer();

    /// Re-arm the probe timer for the sender's next probe time.
    void ScheduleProbe();

    /**
     * Socket receive callback.
     * \param socket the socket
     */
    void OnReceive(Ptr<Socket> socket);

    /// Mirror the sender's in-flight octets and credit into the traced values.
    void UpdateTracedState();

    uint32_t m_segmentSize;   //!< SegmentSize
    uint32_t m_initialCredit; //!< InitialCredit
    double m_creditMargin;    //!< CreditMargin
    uint32_t m_rateSamples;   //!< RateSamples
    Time m_probeInterval;     //!< ProbeInterval
    Time m_ackDelay;          //!< AckDelay
    uint32_t m_ackEvery;      //!< AckEvery
    uint32_t m_maxNacks;      //!< MaxNacks

    std::optional<GprsWebSender> m_sender;     //!< sending half, from Setup
    std::optional<GprsWebReceiver> m_receiver; //!< receiving half, from Setup
    Ptr<Socket> m_socket;                      //!< the UDP socket
    InetSocketAddress m_peer;                  //!< the other end
    bool m_closed{false};                      //!< Close was called
    bool m_ackOwed{false};                     //!< a report is due at once
    EventId m_ackEvent;                        //!< delayed-ACK timer
    EventId m_probeEvent;                      //!< probe timer
    Callback<void, Ptr<Packet>> m_receive;     //!< receive callback
    GprsWebTransportCounters m_counters;       //!< counters

    TracedValue<uint32_t> m_credit;   //!< the credit
    TracedValue<uint32_t> m_inFlight; //!< payload octets in flight
    TracedCallback<Ptr<const Packet>, const GprsWebTransportHeader&, uint32_t, uint32_t>
        m_txSegmentTrace; //!< data segment sent
    TracedCallback<Ptr<const Packet>, const GprsWebTransportHeader&>
        m_retransmitTrace; //!< data segment sent again
    TracedCallback<Ptr<const Packet>, const GprsWebTransportHeader&> m_txTrace; //!< any datagram
    TracedCallback<Ptr<const Packet>, const GprsWebTransportHeader&> m_rxTrace; //!< received
    TracedCallback<uint32_t> m_probeTrace;                                      //!< probe sent
    TracedCallback<Ptr<const Packet>> m_deliverTrace;     //!< message delivered
    TracedCallback<Ptr<const Packet>> m_dropTrace;        //!< message dropped at Close
    TracedCallback<Ptr<const Packet>> m_unconfirmedTrace; //!< message unconfirmed at Close
};

} // namespace ns3

#endif /* GPRS_WEB_TRANSPORT_H */
