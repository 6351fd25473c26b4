/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TCP_TRACER_H
#define GPRS_TCP_TRACER_H

#include "ns3/gprs-pcu.h"
#include "ns3/gprs-retransmission-counter.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/sequence-number.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-state.h"

#include <boost/icl/interval_set.hpp>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Observes one TCP transfer across a GPRS cell and writes the time series the papers plot.
 */

namespace ns3
{

class TcpSocketBase;

/**
 * \ingroup gprs
 * \brief Records one TCP bulk transfer (sender socket, receiving PacketSink) and the RLC blocks
 * of one mobile: counters for a CSV summary and, when given a directory, tcptrace-style time
 * series files. Watch any number of flows with one tracer each (and a directory each), also
 * when they share a sender node; see WatchTcp for how a run stops. Files:
 *
 * - `tcp-sender.dat`: time_s seq retransmission(0/1) for every data segment sent
 * - `tcp-receiver.dat`: time_s bytes, cumulative bytes delivered in order to the application
 * - `tcp-receiver-segments.dat`: time_s seq duplicate(0/1) for every data segment that reaches
 *   the receiving node's TCP, duplicates included (ns-3's TCP discards a segment wholly below
 *   RCV.NXT before its own Rx trace fires, so the tracer watches IP's LocalDeliver instead)
 * - `rtt.dat`: time_s rtt_ms rto_ms at each RTT sample: the smoothed RTT (SRTT, RFC 6298)
 *   from TcpSocketBase's "RTT" trace source, on every release (ns-3.37 describes it as the last
 *   sample but assigns it the estimator's estimate; ns-3.43 names it the smoothed RTT and traces
 *   the samples themselves as "LastRTT"), so the file is the same on both
 * - `cwnd.dat`: time_s cwnd_bytes; `inflight.dat`: time_s bytes_in_flight
 * - `rlc-dl.dat`: time_s bsn retransmission(0/1) lost(0/1) pdch cs for every downlink block
 * - `ggsn-buffer.dat`: time_s octets
 *
 * Files are written as events happen, so the same seed and run give byte-identical files.
 */
class GprsTcpTracer
{
  public:
    /**
     * \param outdir directory for the .dat files, created with its parents when missing;
     *        empty: counters only
     * \throws std::runtime_error if the directory cannot be created or a file written
     */
    explicit GprsTcpTracer(const std::string& outdir);
    ~GprsTcpTracer();

    /**
     * Watch a transfer.
     * \param sender node of the TCP sender; the TCP socket watched is the one that, 1 ns after
     *        start, is connected to the sink's port on the sink's node (BulkSendApplication
     *        connects when it starts); other sockets of the node, other flows, are ignored. If
     *        there is none then, the program stops with a message saying so.
     * \param start when the sending application starts
     * \param sink the receiving PacketSink; the first connection to its port is watched
     * \param expectedBytes when this flow has received this many bytes, and every other flow
     *        watched with an expectedBytes by a GprsTcpTracer alive has received its own, stop
     *        the simulation; 0: this flow never stops it
     * \throws std::invalid_argument if the sink's Local address is not an IPv4 socket address
     */
    void WatchTcp(Ptr<Node> sender, Time start, Ptr<PacketSink> sink, uint64_t expectedBytes);

    /**
     * Watch the RLC blocks and buffer of one mobile.
     * \param pcu the cell's PCU
     * \param ms the mobile's index in the cell
     */
    void WatchRlc(Ptr<GprsPcu> pcu, uint32_t ms);

    /// Flush and close the files.
    void Close();

    /// \return bytes delivered to the receiving application
    uint64_t GetBytesReceived() const;
    /// \return time of the last delivery
    Time GetLastReceive() const;
    /// \return retransmission timeouts at the sender (entries into CA_LOSS)
    uint32_t GetTimeouts() const;
    /// \return data segments sent again (sequence below the highest sent)
    uint32_t GetRetransmissions() const;
    /// \return data segments sent, retransmissions included
    uint64_t GetDataSegments() const;
    /// \return retransmissions on duplicate ACKs (outside a timeout recovery)
    uint64_t GetDataDrivenRetransmissions() const;
    /// \return retransmissions after a timeout, until the sender leaves CA_LOSS
    uint64_t GetTimerDrivenRetransmissions() const;
    /// \return data segments that reached the receiver when every byte of them had arrived
    ///         before (TCP then discards them); a retransmission that fills a hole is not one
    uint32_t GetDuplicateSegments() const;
    /// \return the smoothed RTT after each RTT sample, in ms (see `rtt.dat`)
    const std::vector<double>& GetRttSamplesMs() const;
    /// \return downlink RLC data blocks sent to the mobile
    uint64_t GetRlcBlocks() const;
    /// \return of which retransmissions (NACKed or pending-ack resends)
    uint64_t GetRlcRetransmissions() const;
    /// \return times the downlink window became stalled
    uint32_t GetRlcStalls() const;
    /// \return downlink blocks lost / sent while the C/I was at least ciDb (-1 if none sent)
    /// \param ciDb threshold
    /// \param above true: blocks at C/I >= ciDb; false: below
    double GetBlockErrorRate(double ciDb, bool above) const;
    /// \return TBFs established for the mobile, both directions
    uint32_t GetTbfs() const;
    /// \return LLC frames of the mobile lost in either direction (LlcFrameLost)
    uint32_t GetLlcFramesLost() const;

  private:
    /// Connect to the sender's socket once it exists.
    void ConnectSender();
    /// \return the tracers whose flows have an expectedBytes not yet received
    static std::set<GprsTcpTracer*>& Pending();
    void OnTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s);
    /// Every packet the receiving node's IP delivers locally, before TCP judges it.
    void OnLocalDeliver(const Ipv4Header& ip, Ptr<const Packet> p, uint32_t interface);
    void OnRtt(Time oldRtt, Time newRtt);
    void OnRto(Time oldRto, Time newRto);
    void OnCwnd(uint32_t oldCwnd, uint32_t newCwnd);
    void OnInFlight(uint32_t oldValue, uint32_t newValue);
    void OnCongState(TcpSocketState::TcpCongState_t oldState,
                     TcpSocketState::TcpCongState_t newState);
    void OnSinkRx(Ptr<const Packet> p, const Address& from);
    void OnRlcBlock(const GprsRlcBlockRecord& r);
    void OnTbf(uint32_t ms, GprsDirection dir, Time delay);
    void OnBuffer(uint32_t ms, GprsDirection dir, uint32_t bytes);
    void OnFrameLost(uint32_t ms, GprsDirection dir, uint32_t octets);

    std::string m_outdir;                           //!< where files go, or empty
    std::unique_ptr<std::ofstream> m_sender;        //!< tcp-sender.dat
    std::unique_ptr<std::ofstream> m_receiver;      //!< tcp-receiver.dat
    std::unique_ptr<std::ofstream> m_rxSegments;    //!< tcp-receiver-segments.dat
    std::unique_ptr<std::ofstream> m_rtt;           //!< rtt.dat
    std::unique_ptr<std::ofstream> m_cwnd;          //!< cwnd.dat
    std::unique_ptr<std::ofstream> m_inflight;      //!< inflight.dat
    std::unique_ptr<std::ofstream> m_rlc;           //!< rlc-dl.dat
    std::unique_ptr<std::ofstream> m_buffer;        //!< ggsn-buffer.dat
    Ptr<Node> m_senderNode;                         //!< sender node
    Ptr<Node> m_receiverNode;                       //!< receiver node
    Ptr<PacketSink> m_sink;                         //!< receiving application
    Time m_start;                                   //!< when the sender starts
    uint64_t m_expected{0};                         //!< bytes that end the run
    uint16_t m_sinkPort{0};                         //!< the sink's TCP port
    uint64_t m_rxBytes{0};                          //!< delivered bytes
    Time m_lastRx;                                  //!< last delivery
    GprsRetransmissionCounter m_txSegments;         //!< the sender's data segments
    bool m_rxSynSeen{false};                        //!< the watched connection's SYN arrived
    Ipv4Address m_rxPeer;                           //!< its sender's address
    uint16_t m_rxPeerPort{0};                       //!< and port
    SequenceNumber32 m_rxFirstByte{0};              //!< sequence of its first data byte
    boost::icl::interval_set<uint32_t> m_rxArrived; //!< offsets of data bytes that arrived
    uint32_t m_timeouts{0};                         //!< RTOs
    uint32_t m_duplicates{0};                       //!< duplicate segments received
    Time m_rto;                                     //!< current RTO
    std::vector<double> m_rttMs;                    //!< RTT samples
    uint32_t m_ms{0};                               //!< watched mobile
    uint64_t m_rlcBlocks{0};                        //!< downlink blocks
    uint64_t m_rlcRetx{0};                          //!< of which retransmissions
    uint32_t m_stalls{0};                           //!< stall episodes
    bool m_stalled{false};                          //!< currently stalled
    std::vector<std::pair<double, bool>> m_blockCi; //!< (C/I, lost) per downlink block
    uint32_t m_tbfs{0};                             //!< TBFs
    uint32_t m_framesLost{0};                       //!< LLC frames lost
};

} // namespace ns3

#endif /* GPRS_TCP_TRACER_H */
