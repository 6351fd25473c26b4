/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_TCP_PROBE_H
#define EXAMPLE_TCP_PROBE_H

// What GprsTcpTracer does not record of one TCP flow, seen at its sender's IP layer (the
// handshake, the ACKs' arrival times, RTT samples, the congestion window, throughput samples),
// and a loss induced on purpose: one data segment dropped where it arrives, once.

#include "ns3/error-model.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/sequence-number.h"

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace ns3
{

class Ipv4Header;

/// A loss to induce: the first data segment that arrives at or after a time is dropped, once.
struct InducedLoss
{
    Time after;              //!< when the loss becomes armed; 0: never
    Time at;                 //!< when it happened
    bool done{false};        //!< it happened
    SequenceNumber32 seq{0}; //!< the lost segment's first byte
    uint32_t length{0};      //!< its payload
};

/// Drops the segment an InducedLoss asks for; the receive error model of a point-to-point
/// device (it reads PPP frames).
class InducedLossModel : public ErrorModel
{
  public:
    /// \param loss what to drop, and where to record it
    explicit InducedLossModel(std::shared_ptr<InducedLoss> loss);

  private:
    bool DoCorrupt(Ptr<Packet> p) override;
    void DoReset() override;

    std::shared_ptr<InducedLoss> m_loss; //!< the loss
};

/// What the tracer does not record for one flow, seen at the sender's IP layer: the
/// handshake, the ACKs' arrival times, the congestion window and the induced loss's repair.
class ExampleTcpProbe
{
  public:
    /**
     * \param server the sending node (its BulkSend application to \p port)
     * \param port the sink's port
     * \param start when the sender starts (and sends its SYN)
     * \param sink the receiving application
     * \param loss the induced loss, or null
     * \param bin the time between throughput samples
     */
    ExampleTcpProbe(Ptr<Node> server,
                    uint16_t port,
                    Time start,
                    Ptr<PacketSink> sink,
                    std::shared_ptr<InducedLoss> loss,
                    Time bin);

    /// \return first SYN to SYN-ACK arrival, or a negative time when none arrived
    Time GetHandshake() const;

    /// \return SYNs sent after the first
    uint32_t GetSynRetransmissions() const;

    /**
     * \return the RTT of the first data segment, sent into an empty path: from its sending to
     *         the first ACK of data; negative if there was none. The handshake's RTT sample is
     *         smaller (a 40-octet SYN, not a full segment) and ns-3's RTT trace is smoothed.
     */
    Time GetBaseRtt() const;

    /// \return (ACK arrival, RTT) of every data segment sent once, acknowledged
    const std::vector<std::pair<Time, Time>>& GetRttSamples() const;

    /// \return arrival times of pure ACKs at the server
    const std::vector<Time>& GetAckTimes() const;

    /**
     * \param bytes a window
     * \return first SYN until the congestion window first reached bytes; negative if never
     */
    Time TimeToWindow(uint32_t bytes) const;

    /// \return when the receiver had the lost segment in order; zero if not (yet)
    Time GetRepaired() const;

    /// \return (bin end, bytes received by then), every bin
    const std::vector<std::pair<Time, uint64_t>>& GetSamples() const;

  private:
    /// \param server the sending node: connect to its BulkSend socket's congestion window
    void ConnectSocket(Ptr<Node> server);
    /// IP's SendOutgoing trace
    /// \param ip the header \param p the segment \param interface its interface
    void OnSend(const Ipv4Header& ip, Ptr<const Packet> p, uint32_t interface);
    /// IP's LocalDeliver trace
    /// \param ip the header \param p the segment \param interface its interface
    void OnDeliver(const Ipv4Header& ip, Ptr<const Packet> p, uint32_t interface);
    /// The CongestionWindow trace \param old the window before \param cwnd the window
    void OnCwnd(uint32_t old, uint32_t cwnd);
    /// The sink's Rx trace \param p what arrived \param from its sender
    void OnSinkRx(Ptr<const Packet> p, const Address& from);
    /// Take a throughput sample and schedule the next one
    void Sample();

    uint16_t m_port;                                  //!< the sink's port
    Time m_start;                                     //!< first SYN
    Ptr<PacketSink> m_sink;                           //!< the receiver
    std::shared_ptr<InducedLoss> m_loss;              //!< the induced loss, or null
    Time m_bin;                                       //!< time between throughput samples
    uint32_t m_syns{0};                               //!< SYNs sent
    SequenceNumber32 m_synSeq{0};                     //!< the SYN's sequence number
    Time m_synAck;                                    //!< SYN-ACK arrival, zero: none
    Time m_firstData;                                 //!< first data segment sent
    Time m_firstDataAck;                              //!< first ACK of data arrived
    SequenceNumber32 m_highestSent{0};                //!< end of the highest data sent
    std::map<SequenceNumber32, Time> m_unacked;       //!< end of a segment sent once: when
    std::vector<std::pair<Time, Time>> m_rtt;         //!< RTT samples
    std::vector<Time> m_ackTimes;                     //!< pure ACK arrivals
    std::vector<std::pair<Time, uint32_t>> m_cwnd;    //!< congestion window changes
    uint64_t m_rx{0};                                 //!< bytes delivered in order
    Time m_repaired;                                  //!< lost segment delivered, zero: not
    std::vector<std::pair<Time, uint64_t>> m_samples; //!< throughput samples
};

} // namespace ns3

#endif /* EXAMPLE_TCP_PROBE_H */
