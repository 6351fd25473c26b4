/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_SNOOP_CACHE_H
#define GPRS_SNOOP_CACHE_H

#include "ns3/nstime.h"
#include "ns3/sequence-number.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>

/**
 * \file
 * \ingroup gprs
 * The per-connection state of a Snoop agent (Balakrishnan, Seshan, Amir, Katz, "Improving
 * TCP/IP performance over wireless networks", MobiCom 1995, section 3.1): the cache of the
 * fixed host's unacknowledged segments, the duplicate ACK rules and the local timer's RTT
 * estimate.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Parameters of a Snoop connection (GprsSnoopAgent attributes).
 */
struct GprsSnoopConfig
{
    /// Segments the cache holds; ns-2.35's SNOOP_MAXWIND (tcp/snoop.h) is 100.
    uint32_t maxSegments{100};
    /// The duplicate ACK that triggers a local retransmission: 1, the first one, as in the
    /// paper (section 3.1); ns-2.35 and Click's SnoopTCP retransmit on the second.
    uint32_t dupAckThreshold{1};
    /// Local retransmissions of one segment before Snoop leaves it to the sender; ns-2.35's
    /// SNOOP_MAX_RXMIT is 10.
    uint32_t maxLocalRetransmissions{10};
    /// Local timeout before the first RTT sample: RFC 6298 clause 2.1.
    Time initialRto{Seconds(1)};
    /// Least local timeout: ns-2.35's SNOOP_MIN_TIMO, 100 ms.
    Time minRto{MilliSeconds(100)};
    /// Largest local timeout after backing off: RFC 6298 clause 2.5 allows 60 s.
    Time maxRto{Seconds(60)};
};

/**
 * \ingroup gprs
 * What the Snoop agent does with an ACK from the mobile.
 */
struct GprsSnoopAckDecision
{
    bool suppress{false};                       //!< drop it: do not forward it to the fixed host
    std::optional<SequenceNumber32> retransmit; //!< send this cached segment again now
    bool newAck{false};                         //!< it acknowledged new data: restart the timer
};

/**
 * \ingroup gprs
 * How a data segment from the fixed host entered the cache.
 */
enum class GprsSnoopDataResult : uint8_t
{
    CACHED,      //!< a new segment, now cached
    SENDER_RETX, //!< a copy of a segment sent before (the sender retransmitted): marked
    NOT_CACHED,  //!< already acknowledged by the mobile, or the cache is full
};

/**
 * \ingroup gprs
 * \brief One Snoop connection: the fixed host's data segments towards the mobile, cached until
 * the mobile acknowledges them, and the mobile's ACKs, some of which it answers locally.
 *
 * Pure logic, no clock: the caller passes the time and runs the one timer. Sequence numbers are
 * TCP's (wrapping) byte numbers. The rules, after the paper's section 3.1:
 *
 * - Data: a segment beyond everything seen is cached (if there is room) with its send time. A
 *   segment below that is a sender retransmission (or arrived out of order): if cached, its entry
 *   is marked; if not, it is cached marked. A segment the mobile acknowledged already is not
 *   cached (it is still forwarded, so the mobile ACKs again).
 * - A new ACK frees the acknowledged segments, yields an RTT sample from the newest of them if it
 *   was sent once only (Karn), and resets the duplicate ACK count. An older ACK passes.
 * - A duplicate ACK (same ACK number, no data, no SYN/FIN/RST, same window: RFC 5681 clause 2)
 *   means the segment starting at the ACK number is lost. If it is not cached, or the sender
 *   retransmitted it (the sender is recovering it), the ACK passes. Otherwise the duplicates
 *   below the threshold pass, the threshold-th is suppressed and the segment retransmitted
 *   locally, and the duplicates expected from the segments sent after the lost one (the cached
 *   segments above it) are suppressed; any more pass to the sender, the local retransmission
 *   having evidently failed. A segment is retransmitted locally at most maxLocalRetransmissions
 *   times.
 * - The local timer (run by the caller while the cache holds segments) retransmits the oldest
 *   cached segment and doubles the timeout, up to maxRto; a new ACK resets the backoff. The
 *   timeout is RFC 6298's SRTT + 4 RTTVAR from the samples, at least minRto.
 *
 * Unlike ns-2.35's tcp/snoop.cc every counter and threshold belongs to its connection (ns-2's
 * threshold is a static shared by all of them) and no flag is cleared by OR-ing its complement.
 *
 * \tparam Segment what the caller keeps of a cached segment (copied), e.g. the IP packet
 */
template <typename Segment>
class GprsSnoopCache
{
  public:
    /// \param config the parameters
    explicit GprsSnoopCache(const GprsSnoopConfig& config)
        : m_config(config)
    {
    }

    /**
     * A data segment from the fixed host, being forwarded to the mobile.
     * \param seq its first sequence number
     * \param length its payload octets, at least 1
     * \param segment what to keep of it
     * \param now the time
     * \return how it entered the cache
     */
    GprsSnoopDataResult OnData(SequenceNumber32 seq,
                               uint32_t length,
                               const Segment& segment,
                               Time now)
    {
        if (m_lastAck && seq + length <= *m_lastAck)
        {
            return GprsSnoopDataResult::NOT_CACHED;
        }
        const auto it = m_cache.find(seq);
        if (it != m_cache.end())
        {
            it->second.senderRetx = true;
            it->second.segment = segment;
            it->second.length = std::max(it->second.length, length);
            return GprsSnoopDataResult::SENDER_RETX;
        }
        const bool beyond = !m_highestEnd || seq >= *m_highestEnd;
        if (beyond)
        {
            m_highestEnd = seq + length;
        }
        if (m_cache.size() >= m_config.maxSegments)
        {
            return GprsSnoopDataResult::NOT_CACHED;
        }
        m_cache.emplace(seq, Entry{segment, length, now, !beyond, 0});
        return GprsSnoopDataResult::CACHED;
    }

    /**
     * An ACK from the mobile (a segment with the ACK flag).
     * \param ack its acknowledgement number
     * \param window its window field
     * \param pure no payload and none of SYN, FIN, RST: it may be a duplicate ACK
     * \param now the time
     * \return what to do with it
     */
    GprsSnoopAckDecision OnAck(SequenceNumber32 ack, uint16_t window, bool pure, Time now)
    {
        GprsSnoopAckDecision d;
        if (!m_lastAck || ack > *m_lastAck)
        {
            Clean(ack, now);
            m_lastAck = ack;
            m_lastWindow = window;
            m_dupAcks = 0;
            m_expectedDupAcks = 0;
            m_backoff = 0;
            d.newAck = true;
            return d;
        }
        if (ack < *m_lastAck)
        {
            return d; // an old ACK, overtaken: the sender ignores it
        }
        if (!pure || window != m_lastWindow)
        {
            m_lastWindow = window;
            return d; // a window update or data: not a duplicate ACK
        }
        const auto lost = m_cache.find(ack);
        if (lost == m_cache.end() || lost->second.senderRetx)
        {
            return d; // the sender must resend it, or is resending it
        }
        ++m_dupAcks;
        if (m_dupAcks < m_config.dupAckThreshold)
        {
            return d;
        }
        if (m_dupAcks == m_config.dupAckThreshold)
        {
            if (lost->second.localRetx >= m_config.maxLocalRetransmissions)
            {
                return d;
            }
            const auto after = static_cast<uint32_t>(std::distance(std::next(lost), m_cache.end()));
            m_expectedDupAcks = after > m_dupAcks ? after - m_dupAcks : 0;
            ++lost->second.localRetx;
            d.suppress = true;
            d.retransmit = ack;
            return d;
        }
        if (m_expectedDupAcks > 0)
        {
            --m_expectedDupAcks;
            d.suppress = true;
        }
        return d;
    }

    /**
     * The local timer expired.
     * \return the cached segment to send again, if any: the oldest, unless it was retransmitted
     *         locally maxLocalRetransmissions times already
     */
    std::optional<SequenceNumber32> OnTimeout()
    {
        if (m_cache.empty())
        {
            return std::nullopt;
        }
        Entry& head = m_cache.begin()->second;
        if (head.localRetx >= m_config.maxLocalRetransmissions)
        {
            return std::nullopt;
        }
        ++head.localRetx;
        ++m_backoff;
        return m_cache.begin()->first;
    }

    /// \return the local timeout now: SRTT + 4 RTTVAR (at least minRto), backed off
    Time GetRto() const
    {
        Time rto = m_srtt ? std::max(m_config.minRto, *m_srtt + 4 * m_rttVar) : m_config.initialRto;
        for (uint32_t i = 0; i < m_backoff && rto < m_config.maxRto; ++i)
        {
            rto = rto * 2;
        }
        return std::min(rto, m_config.maxRto);
    }

    /// \return the smoothed RTT towards the mobile, if sampled
    std::optional<Time> GetSrtt() const
    {
        return m_srtt;
    }

    /**
     * \param seq the first sequence number of a cached segment
     * \return what was kept of it
     */
    const Segment* Find(SequenceNumber32 seq) const
    {
        const auto it = m_cache.find(seq);
        return it == m_cache.end() ? nullptr : &it->second.segment;
    }

    /// \return segments in the cache
    std::size_t GetSize() const
    {
        return m_cache.size();
    }

    /// \return the last ACK number from the mobile, if any
    std::optional<SequenceNumber32> GetLastAck() const
    {
        return m_lastAck;
    }

  private:
    /// A cached segment.
    struct Entry
    {
        Segment segment;    //!< what the caller keeps
        uint32_t length;    //!< payload octets
        Time sent;          //!< when it was first forwarded
        bool senderRetx;    //!< the sender sent it more than once
        uint32_t localRetx; //!< local retransmissions
    };

    /**
     * Free the segments an ACK covers and take an RTT sample.
     * \param ack the new ACK number
     * \param now the time
     */
    void Clean(SequenceNumber32 ack, Time now)
    {
        std::optional<Time> sample;
        while (!m_cache.empty())
        {
            const auto head = m_cache.begin();
            if (head->first + head->second.length > ack)
            {
                break;
            }
            const Entry& e = head->second;
            sample = (e.senderRetx || e.localRetx > 0) ? std::nullopt
                                                       : std::optional<Time>(now - e.sent);
            m_cache.erase(head);
        }
        if (sample)
        {
            Sample(*sample);
        }
    }

    /**
     * RFC 6298 clause 2: alpha 1/8, beta 1/4.
     * \param rtt a sample
     */
    void Sample(Time rtt)
    {
        if (!m_srtt)
        {
            m_srtt = rtt;
            m_rttVar = rtt / 2;
            return;
        }
        m_rttVar = (m_rttVar * 3 + Abs(*m_srtt - rtt)) / 4;
        m_srtt = (*m_srtt * 7 + rtt) / 8;
    }

    /// Segments by first sequence number; SequenceNumber32's order wraps, as TCP's does.
    using Cache = std::map<SequenceNumber32, Entry>;

    GprsSnoopConfig m_config;                     //!< parameters
    Cache m_cache;                                //!< unacknowledged segments
    std::optional<SequenceNumber32> m_highestEnd; //!< end of the highest segment seen
    std::optional<SequenceNumber32> m_lastAck;    //!< last ACK number from the mobile
    uint16_t m_lastWindow{0};                     //!< its window field
    uint32_t m_dupAcks{0};                        //!< duplicate ACKs since the last new ACK
    uint32_t m_expectedDupAcks{0};                //!< duplicates still to suppress
    uint32_t m_backoff{0};                        //!< timeouts since the last new ACK
    std::optional<Time> m_srtt;                   //!< smoothed RTT
    Time m_rttVar;                                //!< RTT variation
};

} // namespace ns3

#endif /* GPRS_SNOOP_CACHE_H */
