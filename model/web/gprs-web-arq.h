/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_ARQ_H
#define GPRS_WEB_ARQ_H

#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * The protocol logic of the GPRSWeb transport (Chakravorty, Clark & Pratt, MobiSys 2003): the
 * sender's sequence, retransmission, probe and credit state, and the receiver's reassembly and
 * NACK state. Times come in as arguments; nothing here knows the Simulator (doc/gprsweb.rst.inc).
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The send queue of a GPRSWeb message: NORMAL segments always go before PUSH segments.
 */
enum class GprsWebPriority
{
    NORMAL, //!< requests and responses the browser waits for
    PUSH    //!< low priority: objects pushed ahead of the browser's requests (parse-and-push)
};

/**
 * \ingroup gprs
 * Serial number arithmetic on 32-bit numbers (RFC 1982): a is before b.
 * \param a a number
 * \param b a number less than 2^31 away from a
 * \return a precedes b modulo 2^32
 */
inline bool
GprsWebSeqLess(uint32_t a, uint32_t b)
{
    return static_cast<int32_t>(a - b) < 0;
}

/// \ingroup gprs
/// Orders 32-bit serial numbers that lie within 2^31 of each other.
struct GprsWebSeqOrder
{
    /**
     * \param a a number
     * \param b a number
     * \return a precedes b
     */
    bool operator()(uint32_t a, uint32_t b) const
    {
        return GprsWebSeqLess(a, b);
    }
};

/**
 * \ingroup gprs
 * What a receiver reports about the data it got, in every datagram it sends (piggybacked on its
 * data, or alone in an ACK). Every segment before `ack` arrived; of [ack, coverEnd) every one
 * arrived except those in `nacks`; nothing is said of coverEnd and later. `echo` is the highest
 * transmission number the receiver has seen (data or probe), for loss detection and RTT.
 */
struct GprsWebAckInfo
{
    uint32_t ack{0};             //!< the next in-order sequence number expected
    uint32_t coverEnd{0};        //!< end of the range the NACK list covers
    std::vector<uint32_t> nacks; //!< missing sequence numbers in [ack, coverEnd), ascending
    bool hasEcho{false};         //!< a transmission number was seen
    uint32_t echo{0};            //!< the highest transmission number seen
    bool truncated{false};       //!< more were missing than one report holds
    uint32_t rate{0};            //!< a bottleneck-rate sample, octets/s (0: none new)
};

/**
 * \ingroup gprs
 * One data segment as the sender hands it to the wire.
 */
struct GprsWebSegment
{
    uint32_t seq{0};            //!< sequence number: one per segment, kept by retransmissions
    uint32_t tx{0};             //!< transmission number: one per datagram sent (data or probe)
    uint32_t messageId{0};      //!< the message it belongs to
    uint32_t offset{0};         //!< its first octet's offset in the message
    uint32_t messageLength{0};  //!< the whole message's octets
    Ptr<Packet> payload;        //!< its octets
    bool retransmission{false}; //!< sent before
    bool burst{false};          //!< sent at the same instant as the transmission before it
};

/**
 * \ingroup gprs
 * What one report (GprsWebAckInfo) did to the sender.
 */
struct GprsWebAckResult
{
    uint32_t ackedOctets{0};            //!< payload octets newly acknowledged
    uint32_t lostSegments{0};           //!< segments newly found lost (queued again)
    std::vector<Ptr<Packet>> completed; //!< messages all of whose octets are now acknowledged
    std::optional<Time> rtt;            //!< RTT sample from the echo, if it named a new send
    bool creditChanged{false};          //!< the credit was recomputed to a new value
};

/**
 * \ingroup gprs
 * \brief The credit of the GPRSWeb sender: how many octets it may have unacknowledged.
 *
 * It starts at the bandwidth-delay product estimate (10 KB for a 3+1 phone, Chakravorty & Pratt,
 * "Performance issues with GPRS", JCN 2002) and then follows (1 + margin) x rate x RTT, margin
 * 0.1 (GPRSWeb: "10 % above"). The rate is the bottleneck rate the receiver measures from the
 * spacing of segments sent back to back (packet pairs, Keshav, SIGCOMM 1991): the median of the
 * last `rateSamples` samples, so one pair squeezed together by an RLC retransmission does not
 * count. The RTT is that of a full segment on an empty path: the lowest latency of the
 * association's life, a sample less its segment's own serialization at the rate (octets / rate),
 * plus a full segment's serialization. A short segment's raw RTT would not do: on a GPRS link a
 * segment's serialization is most of its RTT (1400 octets at 4 KB/s: 0.35 s of about 1 s), so
 * the lowest raw sample, from the smallest segment, would undersize the credit to one segment.
 * Neither may come from the flight itself: under load rate = flight / RTT, and 1.1 x (flight /
 * RTT) x RTT would grow by 10 % a round with a sliding RTT (the sender's own queue is in every
 * sample). Only whole segments are sent, so the credit is rounded up to whole segments of
 * `segment` octets (as TCP counts its window in segments), never below one.
 */
class GprsWebCreditEstimator
{
  public:
    /**
     * \param initialCredit octets before any sample, > 0
     * \param margin the fraction above rate x RTT, finite, >= 0
     * \param rateSamples how many rate samples the median filter keeps, > 0
     * \param segment a full segment, octets, > 0: the credit's unit and floor
     * \throws std::invalid_argument naming the bad value
     */
    GprsWebCreditEstimator(uint32_t initialCredit,
                           double margin,
                           uint32_t rateSamples,
                           uint32_t segment);

    /**
     * \param rtt an RTT sample (ignored unless > 0; before the first rate sample it waits for
     *        it, the lowest 16 kept: the first segments of an association meet an empty path)
     * \param octets the payload of the segment that gave it
     */
    void AddRttSample(Time rtt, uint32_t octets);

    /**
     * \param octetsPerSecond a bottleneck-rate sample (ignored unless > 0)
     */
    void AddRateSample(double octetsPerSecond);

    /**
     * Recompute the credit (unchanged without both an RTT and a rate sample).
     * \return the credit changed
     */
    bool Update();

    /// \return the credit, octets
    uint32_t GetCredit() const;

    /// \return the RTT estimate: a full segment's on an empty path, zero without samples
    Time GetRtt() const;

    /// \return the rate estimate (median of the window; of two middle ones their mean),
    ///         octets/s, 0 without samples
    double GetRate() const;

  private:
    double m_margin;                                //!< fraction above rate x RTT
    uint32_t m_rateSamples;                         //!< median filter length
    uint32_t m_segment;                             //!< credit unit and floor
    uint32_t m_credit;                              //!< current credit
    std::optional<Time> m_latency;                  //!< lowest RTT sample less its serialization
    std::vector<std::pair<Time, uint32_t>> m_early; //!< RTT samples before the first rate
    /// Fold an RTT sample of a segment of \p octets into m_latency, with a rate known.
    void TakeLatency(Time rtt, uint32_t octets);
    std::deque<double> m_samples; //!< rate samples, oldest first
};

/**
 * \ingroup gprs
 * \brief The sending half of a GPRSWeb association: messages in, segments out.
 *
 * Messages are cut into segments of at most `segmentSize` octets when they are sent, so a NORMAL
 * message queued later still goes before the rest of a PUSH message. Each segment has a
 * sequence number (kept when it is retransmitted) and each datagram (data or probe) a
 * transmission number; both continue for the object's life, across pages, with no handshake.
 * No slow start: the first segments go out up to the credit at once. A segment is lost when a
 * report NACKs it (or leaves it beyond the covered range) and echoes a transmission made after
 * the segment's last one; lost segments go out again before any new segment. Probes: while
 * octets are unacknowledged and no report acknowledged anything for `probeInterval` (counted
 * from the last progress, the last probe, or the send that ended idleness), a probe asks the
 * receiver for a report.
 */
class GprsWebSender
{
  public:
    /**
     * \param segmentSize largest segment payload, octets, > 0
     * \param credit the credit estimator (its floor should be one segment)
     * \param probeInterval time without progress before a probe, > 0
     * \param initialSeq first sequence number (and first transmission number)
     * \throws std::invalid_argument naming the bad value
     */
    GprsWebSender(uint32_t segmentSize,
                  GprsWebCreditEstimator credit,
                  Time probeInterval,
                  uint32_t initialSeq = 0);

    /**
     * Queue a message.
     * \param message its octets, at least one
     * \param priority its queue
     * \return its message id
     * \throws std::invalid_argument on an empty message
     */
    uint32_t Enqueue(Ptr<Packet> message, GprsWebPriority priority);

    /**
     * The next segment to send now, if the credit allows one: lost segments first, then NORMAL,
     * then PUSH messages. It counts as in flight from now.
     * \param now when it is sent
     * \return the segment, or nothing (nothing waits, or the credit is used up)
     */
    std::optional<GprsWebSegment> NextSegment(Time now);

    /**
     * A report from the receiver.
     * \param info the report
     * \param now when it arrived
     * \return what it changed
     */
    GprsWebAckResult OnAck(const GprsWebAckInfo& info, Time now);

    /**
     * \param now when
     * \return a probe is due now: octets unacknowledged, no progress for the probe interval
     */
    bool ShouldProbe(Time now) const;

    /// \return when the next probe would be due, if octets are unacknowledged
    std::optional<Time> NextProbeTime() const;

    /**
     * A probe goes out now.
     * \param now when
     * \return its transmission number
     */
    uint32_t TakeProbe(Time now);

    /// The messages not wholly acknowledged when the association closes, in message id order.
    struct Abandoned
    {
        /// not wholly sent, or a segment was found lost and not sent again: the peer cannot
        /// have delivered them
        std::vector<Ptr<Packet>> dropped;
        /// every segment sent and none found lost: the peer may have delivered them (their
        /// acknowledgement was still to come)
        std::vector<Ptr<Packet>> unconfirmed;
    };

    /**
     * Forget everything unacknowledged or queued (the association closes).
     * \return the messages not wholly acknowledged
     */
    Abandoned DropAll();

    /// \return payload octets sent and neither acknowledged nor found lost
    uint32_t GetInFlight() const;

    /// \return the credit, octets
    uint32_t GetCredit() const;

    /// \return the credit estimator
    const GprsWebCreditEstimator& GetCreditEstimator() const;

    /// \return some octets are not yet acknowledged (sent or waiting for retransmission)
    bool HasUnacked() const;

    /// \return segments or messages wait to be sent
    bool HasWaiting() const;

    /// \return the next new sequence number
    uint32_t GetNextSeq() const;

  private:
    /// A message being sent.
    struct Message
    {
        Ptr<Packet> packet;          //!< its octets
        GprsWebPriority priority;    //!< its queue
        uint32_t nextOffset{0};      //!< first octet not yet cut into a segment
        uint32_t unackedSegments{0}; //!< segments cut and not yet acknowledged
    };

    /// A segment sent and not yet acknowledged.
    struct Outstanding
    {
        uint32_t messageId{0};     //!< its message
        uint32_t offset{0};        //!< offset in the message
        uint32_t length{0};        //!< payload octets
        uint32_t tx{0};            //!< its last transmission number
        bool lost{false};          //!< found lost, waits in m_lost
        bool retransmitted{false}; //!< sent more than once

        Time sentTime; //!< when last sent
    };

    /**
     * \param id a message id
     * \return a new segment cut from it
     */
    GprsWebSegment Cut(uint32_t id);

    /**
     * Record a transmission of seq.
     * \param seq the segment
     * \param now when
     * \return its new transmission number
     */
    uint32_t Transmit(uint32_t seq, Time now);

    /**
     * Segment seq was acknowledged.
     * \param seq the segment
     * \param now when
     * \param result gets the octets, the rate sample and a completed message
     */
    void Acknowledge(uint32_t seq, Time now, GprsWebAckResult& result);

    /// \return the message whose segment is cut next, in queue order (NORMAL first)
    std::optional<uint32_t> NextMessage() const;

    /// \return octets of the segment that would go next, 0 if none waits
    uint32_t NextLength() const;

    uint32_t m_segmentSize;                                         //!< largest payload
    GprsWebCreditEstimator m_credit;                                //!< the credit
    Time m_probeInterval;                                           //!< probe interval
    uint32_t m_nextSeq;                                             //!< next new sequence number
    uint32_t m_nextTx;                                              //!< next transmission number
    uint32_t m_nextMessageId{0};                                    //!< next message id
    std::map<uint32_t, Message> m_messages;                         //!< messages not wholly acked
    std::deque<uint32_t> m_queue[2];                                //!< message ids per priority
    std::map<uint32_t, Outstanding, GprsWebSeqOrder> m_outstanding; //!< by sequence number
    std::set<uint32_t, GprsWebSeqOrder> m_lost;                     //!< lost, waiting to go again
    std::map<uint32_t, std::pair<Time, uint32_t>, GprsWebSeqOrder>
        m_txTimes;                        //!< send time and payload octets per data transmission
    uint32_t m_inFlight{0};               //!< octets in flight
    std::optional<uint32_t> m_lastDataTx; //!< the last data transmission
    Time m_lastDataTime;                  //!< when it went
    Time m_lastProgress;                  //!< probe clock start
    std::optional<Time> m_lastProbe;      //!< when the last probe went
};

/**
 * \ingroup gprs
 * \brief The receiving half of a GPRSWeb association: segments in, whole messages out.
 *
 * A message is delivered as soon as all its octets have arrived, even if earlier messages are
 * still incomplete: messages complete in any order (one lost segment holds back only its own
 * message). A segment seen before (by sequence number) is discarded, so nothing is delivered
 * twice (but it is reported again: its ACK may have been lost). Reports: an ACK is due at once
 * on a probe (the caller's part), on a segment out of order (a new gap, so its NACK goes out) or
 * filling a gap, and after every `ackEvery` segments; otherwise after a delay the caller times
 * (the delayed ACK of RFC 1122, section 4.2.3.2).
 */
class GprsWebReceiver
{
  public:
    /// What the caller should do about a report after a segment.
    enum class AckUrgency
    {
        DELAYED, //!< report within the ACK delay, or piggyback one sooner
        NOW      //!< report now
    };

    /// What one segment did.
    struct Result
    {
        bool duplicate{false};                   //!< seen before, discarded (still reported)
        AckUrgency urgency{AckUrgency::DELAYED}; //!< report
        std::vector<Ptr<Packet>> delivered;      //!< messages completed by it
    };

    /**
     * \param ackEvery segments after which a report is sent at once, > 0
     * \param maxNacks the most NACKs one report carries, > 0
     * \param initialSeq the sender's first sequence number
     * \throws std::invalid_argument naming the bad value
     */
    GprsWebReceiver(uint32_t ackEvery, uint32_t maxNacks, uint32_t initialSeq = 0);

    /**
     * A data segment arrived. If it was sent back to back with the transmission that arrived
     * just before it, their spacing gives a bottleneck-rate sample for the next report.
     * \param seg the segment (tx is taken as seen, see OnTransmission)
     * \param now when it arrived
     * \return what it did
     */
    Result OnSegment(const GprsWebSegment& seg, Time now);

    /**
     * Any datagram with a transmission number arrived (data or probe).
     * \param tx its transmission number
     */
    void OnTransmission(uint32_t tx);

    /// \return the report to send now
    GprsWebAckInfo GetAckInfo() const;

    /// A report went out (alone or piggybacked): the ACK counter restarts.
    void AckSent();

    /// \return segments arrived since the last report
    uint32_t GetUnreported() const;

    /// \return the next in-order sequence number expected
    uint32_t GetNextExpected() const;

    /// \return octets of incomplete messages held
    uint32_t GetHeldOctets() const;

  private:
    /// A message being reassembled.
    struct Partial
    {
        uint32_t length{0};                       //!< its octets
        uint32_t received{0};                     //!< octets arrived
        std::map<uint32_t, Ptr<Packet>> segments; //!< by offset
    };

    uint32_t m_ackEvery;                            //!< report after this many segments
    uint32_t m_maxNacks;                            //!< NACKs per report
    uint32_t m_vR;                                  //!< next in-order sequence number
    std::set<uint32_t, GprsWebSeqOrder> m_received; //!< arrived at or after m_vR
    bool m_hasEcho{false};                          //!< a transmission was seen
    uint32_t m_echo{0};                             //!< highest transmission seen
    uint32_t m_unreported{0};                       //!< segments since the last report
    std::map<uint32_t, Partial> m_partial;          //!< by message id
    uint32_t m_held{0};                             //!< octets in m_partial
    std::optional<uint32_t> m_lastArrivalTx;        //!< the last data segment's transmission
    Time m_lastArrival;                             //!< when it arrived
    uint32_t m_rate{0};                             //!< rate sample for the next report
};

} // namespace ns3

#endif /* GPRS_WEB_ARQ_H */
