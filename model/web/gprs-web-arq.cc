/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-arq.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{

/// NACKs travel as 16-bit offsets from the report's `ack` (GprsWebTransportHeader).
constexpr uint32_t kMaxNackOffset = 0xFFFF;

/**
 * \param what the bad value and what is allowed
 * \throws std::invalid_argument always
 */
[[noreturn]] void
Invalid(const std::string& what)
{
    throw std::invalid_argument(what);
}

} // namespace

GprsWebCreditEstimator::GprsWebCreditEstimator(uint32_t initialCredit,
                                               double margin,
                                               uint32_t rateSamples,
                                               uint32_t segment)
    : m_margin(margin),
      m_rateSamples(rateSamples),
      m_segment(segment),
      m_credit(std::max(initialCredit, segment))
{
    if (initialCredit == 0)
    {
        Invalid("GPRSWeb initial credit 0: must be at least 1 octet");
    }
    if (!(margin >= 0) || !std::isfinite(margin))
    {
        std::ostringstream os;
        os << "GPRSWeb credit margin " << margin << ": must be a finite value >= 0";
        Invalid(os.str());
    }
    if (rateSamples == 0)
    {
        Invalid("GPRSWeb rate samples 0: the rate filter needs at least 1");
    }
    if (segment == 0)
    {
        Invalid("GPRSWeb credit segment 0: must be at least 1 octet");
    }
}

void
GprsWebCreditEstimator::AddRttSample(Time rtt, uint32_t octets)
{
    if (!rtt.IsStrictlyPositive())
    {
        return;
    }
    if (m_samples.empty())
    {
        m_early.emplace_back(rtt, octets);
        if (m_early.size() > 16)
        {
            m_early.erase(std::max_element(m_early.begin(), m_early.end()));
        }
        return;
    }
    TakeLatency(rtt, octets);
}

void
GprsWebCreditEstimator::TakeLatency(Time rtt, uint32_t octets)
{
    const Time latency = Max(rtt - Seconds(octets / GetRate()), Time(0));
    if (!m_latency || latency < *m_latency)
    {
        m_latency = latency;
    }
}

void
GprsWebCreditEstimator::AddRateSample(double octetsPerSecond)
{
    if (octetsPerSecond > 0)
    {
        m_samples.push_back(octetsPerSecond);
        if (m_samples.size() > m_rateSamples)
        {
            m_samples.pop_front();
        }
        for (const auto& [rtt, octets] : m_early)
        {
            TakeLatency(rtt, octets);
        }
        m_early.clear();
    }
}

bool
GprsWebCreditEstimator::Update()
{
    if (!m_latency || m_samples.empty())
    {
        return false;
    }
    const double bdp = (1 + m_margin) * GetRate() * GetRtt().GetSeconds();
    // Rounded up to whole segments; a rounding error of the time arithmetic adds none.
    const double segments = std::max(1.0, std::ceil(bdp / m_segment - 1e-9));
    const auto credit = static_cast<uint32_t>(
        std::min<double>(segments * m_segment, UINT32_MAX / m_segment * m_segment));
    const bool changed = credit != m_credit;
    m_credit = credit;
    return changed;
}

uint32_t
GprsWebCreditEstimator::GetCredit() const
{
    return m_credit;
}

Time
GprsWebCreditEstimator::GetRtt() const
{
    if (!m_latency || m_samples.empty())
    {
        return Time(0);
    }
    return *m_latency + Seconds(m_segment / GetRate());
}

double
GprsWebCreditEstimator::GetRate() const
{
    if (m_samples.empty())
    {
        return 0;
    }
    std::vector<double> sorted(m_samples.begin(), m_samples.end());
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

GprsWebSender::GprsWebSender(uint32_t segmentSize,
                             GprsWebCreditEstimator credit,
                             Time probeInterval,
                             uint32_t initialSeq)
    : m_segmentSize(segmentSize),
      m_credit(std::move(credit)),
      m_probeInterval(probeInterval),
      m_nextSeq(initialSeq),
      m_nextTx(initialSeq)
{
    if (segmentSize == 0)
    {
        Invalid("GPRSWeb segment size 0: must be at least 1 octet");
    }
    if (!probeInterval.IsStrictlyPositive())
    {
        Invalid("GPRSWeb probe interval " + std::to_string(probeInterval.GetSeconds()) +
                " s: must be > 0");
    }
}

uint32_t
GprsWebSender::Enqueue(Ptr<Packet> message, GprsWebPriority priority)
{
    if (!message || message->GetSize() == 0)
    {
        Invalid("GPRSWeb message of 0 octets: a message has at least 1 octet");
    }
    const uint32_t id = m_nextMessageId++;
    m_messages[id] = Message{message, priority};
    m_queue[priority == GprsWebPriority::NORMAL ? 0 : 1].push_back(id);
    return id;
}

std::optional<uint32_t>
GprsWebSender::NextMessage() const
{
    for (const auto& queue : m_queue)
    {
        if (!queue.empty())
        {
            return queue.front();
        }
    }
    return std::nullopt;
}

uint32_t
GprsWebSender::NextLength() const
{
    if (!m_lost.empty())
    {
        return m_outstanding.at(*m_lost.begin()).length;
    }
    if (const auto id = NextMessage())
    {
        const Message& m = m_messages.at(*id);
        return std::min(m_segmentSize, m.packet->GetSize() - m.nextOffset);
    }
    return 0;
}

std::optional<GprsWebSegment>
GprsWebSender::NextSegment(Time now)
{
    const uint32_t length = NextLength();
    // The credit bounds the octets in flight; one segment may always go when none are.
    if (length == 0 || (m_inFlight > 0 && m_inFlight + length > m_credit.GetCredit()))
    {
        return std::nullopt;
    }
    GprsWebSegment seg;
    if (!m_lost.empty())
    {
        const uint32_t seq = *m_lost.begin();
        m_lost.erase(m_lost.begin());
        Outstanding& o = m_outstanding.at(seq);
        o.lost = false;
        o.retransmitted = true;
        const Message& m = m_messages.at(o.messageId);
        seg.seq = seq;
        seg.messageId = o.messageId;
        seg.offset = o.offset;
        seg.messageLength = m.packet->GetSize();
        seg.payload = m.packet->CreateFragment(o.offset, o.length);
        seg.retransmission = true;
    }
    else
    {
        if (m_outstanding.empty())
        {
            // The send ends idleness: the probe clock starts now.
            m_lastProgress = now;
            m_lastProbe.reset();
        }
        seg = Cut(*NextMessage());
    }
    seg.tx = Transmit(seg.seq, now);
    // Back to back with the transmission before: the pair's spacing at the receiver is the
    // bottleneck's time for this segment.
    seg.burst = m_lastDataTx && *m_lastDataTx + 1 == seg.tx && m_lastDataTime == now;
    m_lastDataTx = seg.tx;
    m_lastDataTime = now;
    return seg;
}

GprsWebSegment
GprsWebSender::Cut(uint32_t id)
{
    Message& m = m_messages.at(id);
    const uint32_t size = m.packet->GetSize();
    GprsWebSegment seg;
    seg.seq = m_nextSeq++;
    seg.messageId = id;
    seg.offset = m.nextOffset;
    seg.messageLength = size;
    const uint32_t length = std::min(m_segmentSize, size - m.nextOffset);
    seg.payload = m.packet->CreateFragment(m.nextOffset, length);
    m.nextOffset += length;
    ++m.unackedSegments;
    if (m.nextOffset == size)
    {
        auto& queue = m_queue[m.priority == GprsWebPriority::NORMAL ? 0 : 1];
        queue.pop_front();
    }
    Outstanding o;
    o.messageId = id;
    o.offset = seg.offset;
    o.length = length;
    m_outstanding[seg.seq] = o;
    return seg;
}

uint32_t
GprsWebSender::Transmit(uint32_t seq, Time now)
{
    Outstanding& o = m_outstanding.at(seq);
    o.tx = m_nextTx++;
    o.sentTime = now;
    m_txTimes[o.tx] = {now, o.length};
    m_inFlight += o.length;
    return o.tx;
}

void
GprsWebSender::Acknowledge(uint32_t seq, Time now, GprsWebAckResult& result)
{
    auto it = m_outstanding.find(seq);
    const Outstanding o = it->second;
    m_outstanding.erase(it);
    if (o.lost)
    {
        m_lost.erase(seq);
    }
    else
    {
        m_inFlight -= o.length;
    }
    result.ackedOctets += o.length;
    Message& m = m_messages.at(o.messageId);
    --m.unackedSegments;
    if (m.unackedSegments == 0 && m.nextOffset == m.packet->GetSize())
    {
        result.completed.push_back(m.packet);
        m_messages.erase(o.messageId);
    }
}

GprsWebAckResult
GprsWebSender::OnAck(const GprsWebAckInfo& info, Time now)
{
    GprsWebAckResult result;
    // The rate first: the RTT sample is taken less its segment's serialization at the rate.
    if (info.rate > 0)
    {
        m_credit.AddRateSample(info.rate);
    }
    if (info.hasEcho)
    {
        auto it = m_txTimes.find(info.echo);
        if (it != m_txTimes.end())
        {
            result.rtt = now - it->second.first;
            m_credit.AddRttSample(*result.rtt, it->second.second);
        }
        // Older transmissions can no longer give a sample: the echo has passed them.
        while (!m_txTimes.empty() && !GprsWebSeqLess(info.echo, m_txTimes.begin()->first))
        {
            m_txTimes.erase(m_txTimes.begin());
        }
    }
    while (!m_outstanding.empty() && GprsWebSeqLess(m_outstanding.begin()->first, info.ack))
    {
        Acknowledge(m_outstanding.begin()->first, now, result);
    }
    const std::set<uint32_t> nacks(info.nacks.begin(), info.nacks.end());
    std::vector<uint32_t> covered;
    for (const auto& [seq, o] : m_outstanding)
    {
        if (!GprsWebSeqLess(seq, info.coverEnd))
        {
            break;
        }
        if (!nacks.count(seq))
        {
            covered.push_back(seq);
        }
    }
    for (uint32_t seq : covered)
    {
        Acknowledge(seq, now, result);
    }
    if (info.hasEcho)
    {
        // Lost: reported missing (NACKed, or beyond a complete report's range) by a receiver
        // that has seen a later transmission. GPRS does not reorder (RLC delivers in order), so
        // the later one overtaking it means it is gone.
        for (auto& [seq, o] : m_outstanding)
        {
            const bool missing =
                nacks.count(seq) || (!info.truncated && !GprsWebSeqLess(seq, info.coverEnd));
            if (!o.lost && missing && GprsWebSeqLess(o.tx, info.echo))
            {
                o.lost = true;
                m_inFlight -= o.length;
                m_lost.insert(seq);
                ++result.lostSegments;
            }
        }
    }
    if (result.ackedOctets > 0)
    {
        m_lastProgress = now;
        m_lastProbe.reset();
    }
    result.creditChanged = m_credit.Update();
    return result;
}

bool
GprsWebSender::ShouldProbe(Time now) const
{
    const auto due = NextProbeTime();
    return due && now >= *due;
}

std::optional<Time>
GprsWebSender::NextProbeTime() const
{
    if (m_outstanding.empty())
    {
        return std::nullopt;
    }
    return std::max(m_lastProgress, m_lastProbe.value_or(m_lastProgress)) + m_probeInterval;
}

uint32_t
GprsWebSender::TakeProbe(Time now)
{
    // No RTT sample from a probe: the credit is about full segments, and a probe's few octets
    // cross the radio faster.
    const uint32_t tx = m_nextTx++;
    m_lastProbe = now;
    return tx;
}

GprsWebSender::Abandoned
GprsWebSender::DropAll()
{
    std::set<uint32_t> lostMessages;
    for (const auto& [seq, o] : m_outstanding)
    {
        if (o.lost)
        {
            lostMessages.insert(o.messageId);
        }
    }
    Abandoned abandoned;
    for (const auto& [id, m] : m_messages)
    {
        const bool mayHaveArrived =
            m.nextOffset == m.packet->GetSize() && lostMessages.count(id) == 0;
        (mayHaveArrived ? abandoned.unconfirmed : abandoned.dropped).push_back(m.packet);
    }
    m_messages.clear();
    m_queue[0].clear();
    m_queue[1].clear();
    m_outstanding.clear();
    m_lost.clear();
    m_txTimes.clear();
    m_inFlight = 0;
    m_lastProbe.reset();
    return abandoned;
}

uint32_t
GprsWebSender::GetInFlight() const
{
    return m_inFlight;
}

uint32_t
GprsWebSender::GetCredit() const
{
    return m_credit.GetCredit();
}

const GprsWebCreditEstimator&
GprsWebSender::GetCreditEstimator() const
{
    return m_credit;
}

bool
GprsWebSender::HasUnacked() const
{
    return !m_outstanding.empty();
}

bool
GprsWebSender::HasWaiting() const
{
    return !m_lost.empty() || NextMessage().has_value();
}

uint32_t
GprsWebSender::GetNextSeq() const
{
    return m_nextSeq;
}

GprsWebReceiver::GprsWebReceiver(uint32_t ackEvery, uint32_t maxNacks, uint32_t initialSeq)
    : m_ackEvery(ackEvery),
      m_maxNacks(maxNacks),
      m_vR(initialSeq)
{
    if (ackEvery == 0)
    {
        Invalid("GPRSWeb ACK every 0 segments: must be at least 1");
    }
    if (maxNacks == 0)
    {
        Invalid("GPRSWeb NACKs per report 0: must be at least 1");
    }
}

void
GprsWebReceiver::OnTransmission(uint32_t tx)
{
    if (!m_hasEcho || GprsWebSeqLess(m_echo, tx))
    {
        m_echo = tx;
        m_hasEcho = true;
    }
}

GprsWebReceiver::Result
GprsWebReceiver::OnSegment(const GprsWebSegment& seg, Time now)
{
    const uint32_t size = seg.payload ? seg.payload->GetSize() : 0;
    if (size == 0 || seg.messageLength == 0 || seg.offset >= seg.messageLength ||
        seg.messageLength - seg.offset < size)
    {
        std::ostringstream os;
        os << "GPRSWeb segment " << seg.seq << ": " << size << " octets at offset " << seg.offset
           << " do not fit a message of " << seg.messageLength << " octets";
        Invalid(os.str());
    }
    OnTransmission(seg.tx);
    if (seg.burst && m_lastArrivalTx && *m_lastArrivalTx + 1 == seg.tx && now > m_lastArrival)
    {
        m_rate = static_cast<uint32_t>(
            std::min<double>(size / (now - m_lastArrival).GetSeconds(), UINT32_MAX));
    }
    m_lastArrivalTx = seg.tx;
    m_lastArrival = now;
    Result result;
    ++m_unreported;
    if (GprsWebSeqLess(seg.seq, m_vR) || m_received.count(seg.seq))
    {
        result.duplicate = true;
        result.urgency = m_unreported >= m_ackEvery ? AckUrgency::NOW : AckUrgency::DELAYED;
        return result;
    }
    const bool outOfOrder = seg.seq != m_vR;
    const bool fillsGap = !outOfOrder && !m_received.empty();
    m_received.insert(seg.seq);
    while (!m_received.empty() && *m_received.begin() == m_vR)
    {
        m_received.erase(m_received.begin());
        ++m_vR;
    }
    Partial& p = m_partial[seg.messageId];
    p.length = seg.messageLength;
    p.received += size;
    p.segments[seg.offset] = seg.payload;
    m_held += size;
    if (p.received >= p.length)
    {
        auto whole = Create<Packet>();
        for (const auto& [offset, part] : p.segments)
        {
            whole->AddAtEnd(part);
        }
        m_held -= p.received;
        m_partial.erase(seg.messageId);
        result.delivered.push_back(whole);
    }
    result.urgency = outOfOrder || fillsGap || m_unreported >= m_ackEvery ? AckUrgency::NOW
                                                                          : AckUrgency::DELAYED;
    return result;
}

GprsWebAckInfo
GprsWebReceiver::GetAckInfo() const
{
    GprsWebAckInfo info;
    info.ack = m_vR;
    info.coverEnd = m_vR;
    info.hasEcho = m_hasEcho;
    info.echo = m_echo;
    info.rate = m_rate;
    uint32_t expected = m_vR;
    for (uint32_t seq : m_received)
    {
        while (expected != seq)
        {
            if (info.nacks.size() == m_maxNacks || expected - m_vR > kMaxNackOffset)
            {
                info.truncated = true;
                return info;
            }
            info.nacks.push_back(expected);
            info.coverEnd = expected + 1;
            ++expected;
        }
        ++expected;
        info.coverEnd = expected;
    }
    return info;
}

void
GprsWebReceiver::AckSent()
{
    m_unreported = 0;
    m_rate = 0;
}

uint32_t
GprsWebReceiver::GetUnreported() const
{
    return m_unreported;
}

uint32_t
GprsWebReceiver::GetNextExpected() const
{
    return m_vR;
}

uint32_t
GprsWebReceiver::GetHeldOctets() const
{
    return m_held;
}

} // namespace ns3
