/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The GPRSWeb transport's protocol logic without the simulator: sequence numbers that wrap and
// continue across pages, NACKs for gaps, retransmission of what a NACK names, duplicates
// delivered once, the credit never exceeded under random losses, delays and reordering, the
// credit update (1 + margin) x rate x RTT, and probes only while data is unacknowledged.

#include "gprs-expect-invalid.h"

#include "ns3/gprs-web-arq.h"
#include "ns3/gprs-web-transport-header.h"

#include <cstdint>
#include <deque>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param id a message number
 * \param n octets, at least 4
 * \return a message of n octets: id in the first four, then a pattern of id
 */
Ptr<Packet>
MakeMessage(uint32_t id, uint32_t n)
{
    std::vector<uint8_t> bytes(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        bytes[i] = i < 4 ? static_cast<uint8_t>(id >> (8 * i)) : static_cast<uint8_t>(id * 7 + i);
    }
    return Create<Packet>(bytes.data(), n);
}

/**
 * \param p a message made by MakeMessage
 * \return its id, or nothing if an octet breaks the pattern
 */
std::optional<uint32_t>
CheckMessage(Ptr<const Packet> p)
{
    std::vector<uint8_t> bytes(p->GetSize());
    p->CopyData(bytes.data(), bytes.size());
    uint32_t id = 0;
    for (uint32_t i = 0; i < 4; ++i)
    {
        id |= static_cast<uint32_t>(bytes[i]) << (8 * i);
    }
    for (uint32_t i = 4; i < bytes.size(); ++i)
    {
        if (bytes[i] != static_cast<uint8_t>(id * 7 + i))
        {
            return std::nullopt;
        }
    }
    return id;
}

/// \return a credit estimator: 10 KB initial, margin 0.1, 15 rate samples, floor 100 octets
GprsWebCreditEstimator
DefaultCredit(uint32_t initial = 10000)
{
    return GprsWebCreditEstimator(initial, 0.1, 15, 100);
}

/**
 * \param sender a sender
 * \param now when
 * \return every segment the sender may send now
 */
std::vector<GprsWebSegment>
Drain(GprsWebSender& sender, Time now)
{
    std::vector<GprsWebSegment> out;
    while (auto seg = sender.NextSegment(now))
    {
        out.push_back(*seg);
    }
    return out;
}

TEST(GprsWebArq, SequenceContinuesAcrossPagesWithoutHandshake)
{
    GprsWebSender sender(100, DefaultCredit(), Seconds(3));
    GprsWebReceiver receiver(2, 16);
    uint32_t delivered = 0;
    for (uint32_t page = 0; page < 3; ++page)
    {
        const uint32_t firstSeq = sender.GetNextSeq();
        EXPECT_EQ(firstSeq, page * 5) << "page " << page << " continues the numbering";
        sender.Enqueue(MakeMessage(page, 500), GprsWebPriority::NORMAL);
        const Time t = Seconds(10 * page);
        for (const auto& seg : Drain(sender, t))
        {
            for (const auto& m : receiver.OnSegment(seg, Seconds(0)).delivered)
            {
                EXPECT_EQ(CheckMessage(m), page);
                ++delivered;
            }
        }
        const auto result = sender.OnAck(receiver.GetAckInfo(), t + Seconds(1));
        EXPECT_EQ(result.ackedOctets, 500u);
        ASSERT_EQ(result.completed.size(), 1u);
        EXPECT_FALSE(sender.HasUnacked());
        EXPECT_EQ(receiver.GetNextExpected(), firstSeq + 5);
    }
    EXPECT_EQ(delivered, 3u);
}

TEST(GprsWebArq, SequenceNumbersWrapModulo32Bits)
{
    const uint32_t start = UINT32_MAX - 2;
    GprsWebSender sender(10, GprsWebCreditEstimator(1000, 0.1, 15, 10), Seconds(3), start);
    GprsWebReceiver receiver(1, 16, start);
    sender.Enqueue(MakeMessage(9, 60), GprsWebPriority::NORMAL);
    auto segs = Drain(sender, Seconds(0));
    ASSERT_EQ(segs.size(), 6u);
    EXPECT_EQ(segs[2].seq, UINT32_MAX);
    EXPECT_EQ(segs[3].seq, 0u);
    // The segment just after the wrap is lost: the NACK names it across the wrap.
    std::vector<Ptr<Packet>> delivered;
    for (const auto& seg : segs)
    {
        if (seg.seq != 0)
        {
            auto r = receiver.OnSegment(seg, Seconds(0));
            delivered.insert(delivered.end(), r.delivered.begin(), r.delivered.end());
        }
    }
    const GprsWebAckInfo info = receiver.GetAckInfo();
    EXPECT_EQ(info.ack, 0u);
    EXPECT_EQ(info.nacks, std::vector<uint32_t>{0});
    EXPECT_EQ(info.coverEnd, 3u);
    EXPECT_TRUE(delivered.empty());
    const auto result = sender.OnAck(info, Seconds(1));
    EXPECT_EQ(result.lostSegments, 1u);
    EXPECT_EQ(result.ackedOctets, 50u);
    auto again = Drain(sender, Seconds(1));
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0].seq, 0u);
    EXPECT_TRUE(again[0].retransmission);
    auto r = receiver.OnSegment(again[0], Seconds(0));
    ASSERT_EQ(r.delivered.size(), 1u);
    EXPECT_EQ(CheckMessage(r.delivered[0]), 9u);
    EXPECT_EQ(receiver.GetNextExpected(), 3u);
}

TEST(GprsWebArq, ReceiverNacksEveryGapAndTruncatesLongLists)
{
    GprsWebSender sender(10, DefaultCredit(), Seconds(3));
    sender.Enqueue(MakeMessage(1, 80), GprsWebPriority::NORMAL);
    auto segs = Drain(sender, Seconds(0));
    ASSERT_EQ(segs.size(), 8u);
    GprsWebReceiver receiver(100, 16);
    GprsWebReceiver shortList(100, 2);
    for (uint32_t seq : {0u, 1u, 3u, 5u, 7u})
    {
        const auto r = receiver.OnSegment(segs[seq], Seconds(0));
        shortList.OnSegment(segs[seq], Seconds(0));
        // In order: delayed; a new gap (out of order): at once.
        EXPECT_EQ(r.urgency,
                  seq <= 1 ? GprsWebReceiver::AckUrgency::DELAYED
                           : GprsWebReceiver::AckUrgency::NOW)
            << "seq " << seq;
    }
    const GprsWebAckInfo info = receiver.GetAckInfo();
    EXPECT_EQ(info.ack, 2u);
    EXPECT_EQ(info.nacks, (std::vector<uint32_t>{2, 4, 6}));
    EXPECT_EQ(info.coverEnd, 8u);
    EXPECT_FALSE(info.truncated);
    EXPECT_TRUE(info.hasEcho);
    EXPECT_EQ(info.echo, segs[7].tx);
    const GprsWebAckInfo cut = shortList.GetAckInfo();
    EXPECT_EQ(cut.nacks, (std::vector<uint32_t>{2, 4}));
    EXPECT_EQ(cut.coverEnd, 6u); // 5 arrived and is covered; 6 and later are not
    EXPECT_TRUE(cut.truncated);
    // Filling a gap is reported at once too.
    EXPECT_EQ(receiver.OnSegment(segs[2], Seconds(0)).urgency, GprsWebReceiver::AckUrgency::NOW);
    EXPECT_EQ(receiver.GetAckInfo().ack, 4u);
}

TEST(GprsWebArq, RetransmitsWhatANackNamesOnceALaterSendArrived)
{
    GprsWebSender sender(10, DefaultCredit(), Seconds(3));
    sender.Enqueue(MakeMessage(1, 50), GprsWebPriority::NORMAL);
    auto segs = Drain(sender, Seconds(0));
    ASSERT_EQ(segs.size(), 5u);
    GprsWebAckInfo info;
    info.ack = 2;
    info.coverEnd = 4;
    info.nacks = {2};
    info.hasEcho = true;
    // The echo names segment 1's transmission: segment 2 went later, so it may be on its way.
    info.echo = segs[1].tx;
    auto result = sender.OnAck(info, Seconds(1));
    EXPECT_EQ(result.lostSegments, 0u);
    EXPECT_EQ(result.ackedOctets, 30u); // 0, 1 and 3
    EXPECT_FALSE(sender.NextSegment(Seconds(1)).has_value());
    // Segment 4's transmission arrived and 2 is still missing: 2 is lost; 4 is acknowledged.
    info.coverEnd = 5;
    info.echo = segs[4].tx;
    result = sender.OnAck(info, Seconds(1.1));
    EXPECT_EQ(result.lostSegments, 1u);
    EXPECT_EQ(result.ackedOctets, 10u);
    EXPECT_EQ(sender.GetInFlight(), 0u);
    const auto again = sender.NextSegment(Seconds(1.1));
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->seq, 2u);
    EXPECT_TRUE(again->retransmission);
    EXPECT_EQ(again->offset, 20u);
    EXPECT_EQ(again->payload->GetSize(), 10u);
    // The same report again does not retransmit it twice: its new send is later than the echo.
    result = sender.OnAck(info, Seconds(1.2));
    EXPECT_EQ(result.lostSegments, 0u);
    EXPECT_FALSE(sender.NextSegment(Seconds(1.2)).has_value());
    info.ack = 5;
    info.coverEnd = 5;
    info.nacks.clear();
    result = sender.OnAck(info, Seconds(2));
    ASSERT_EQ(result.completed.size(), 1u);
    EXPECT_FALSE(sender.HasUnacked());
}

TEST(GprsWebArq, TailLossIsFoundByTheProbe)
{
    GprsWebSender sender(10, DefaultCredit(), Seconds(3));
    GprsWebReceiver receiver(1, 16);
    sender.Enqueue(MakeMessage(1, 30), GprsWebPriority::NORMAL);
    auto segs = Drain(sender, Seconds(0));
    ASSERT_EQ(segs.size(), 3u);
    receiver.OnSegment(segs[0], Seconds(0));
    receiver.OnSegment(segs[1],
                       Seconds(0)); // segs[2], the last, is lost: no later segment reveals it
    sender.OnAck(receiver.GetAckInfo(), Seconds(1));
    EXPECT_FALSE(sender.HasWaiting());
    EXPECT_FALSE(sender.ShouldProbe(Seconds(3.9)));
    ASSERT_TRUE(sender.ShouldProbe(Seconds(4)));
    receiver.OnTransmission(sender.TakeProbe(Seconds(4)));
    const auto result = sender.OnAck(receiver.GetAckInfo(), Seconds(5));
    EXPECT_EQ(result.lostSegments, 1u);
    EXPECT_FALSE(result.rtt.has_value()) << "a probe gives no RTT sample";
    const auto again = sender.NextSegment(Seconds(5));
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->seq, 2u);
    EXPECT_EQ(receiver.OnSegment(*again, Seconds(0)).delivered.size(), 1u);
}

TEST(GprsWebArq, DuplicatesAreDeliveredOnce)
{
    GprsWebSender sender(10, DefaultCredit(), Seconds(3));
    sender.Enqueue(MakeMessage(4, 25), GprsWebPriority::NORMAL);
    sender.Enqueue(MakeMessage(5, 5), GprsWebPriority::NORMAL);
    auto segs = Drain(sender, Seconds(0));
    ASSERT_EQ(segs.size(), 4u);
    GprsWebReceiver receiver(2, 16);
    uint32_t delivered = 0;
    for (uint32_t i : {0u, 0u, 1u, 3u, 3u, 1u, 2u, 2u, 0u, 3u})
    {
        const auto r = receiver.OnSegment(segs[i], Seconds(0));
        delivered += r.delivered.size();
    }
    EXPECT_EQ(delivered, 2u);
    EXPECT_EQ(receiver.GetHeldOctets(), 0u);
    EXPECT_EQ(receiver.GetNextExpected(), 4u);
}

TEST(GprsWebArq, MessagesCompleteOutOfOrderAndNormalGoesBeforePush)
{
    GprsWebSender sender(10, DefaultCredit(), Seconds(3));
    sender.Enqueue(MakeMessage(1, 30), GprsWebPriority::PUSH);
    auto first = sender.NextSegment(Seconds(0));
    ASSERT_TRUE(first);
    EXPECT_EQ(first->messageId, 0u);
    // A NORMAL message queued now overtakes the rest of the PUSH message.
    sender.Enqueue(MakeMessage(2, 20), GprsWebPriority::NORMAL);
    auto segs = Drain(sender, Seconds(0));
    ASSERT_EQ(segs.size(), 4u);
    EXPECT_EQ(segs[0].messageId, 1u);
    EXPECT_EQ(segs[1].messageId, 1u);
    EXPECT_EQ(segs[2].messageId, 0u);
    GprsWebReceiver receiver(2, 16);
    receiver.OnSegment(*first, Seconds(0));
    // The NORMAL message completes first although the PUSH one started earlier.
    EXPECT_TRUE(receiver.OnSegment(segs[0], Seconds(0)).delivered.empty());
    const auto r = receiver.OnSegment(segs[1], Seconds(0));
    ASSERT_EQ(r.delivered.size(), 1u);
    EXPECT_EQ(CheckMessage(r.delivered[0]), 2u);
}

TEST(GprsWebArq, CreditIsOnePointOneTimesRateTimesFullSegmentRtt)
{
    GprsWebCreditEstimator credit(10000, 0.1, 3, 100);
    EXPECT_EQ(credit.GetCredit(), 10000u) << "the BDP estimate until samples arrive";
    EXPECT_FALSE(credit.Update());
    credit.AddRttSample(Seconds(2.025), 100); // latency 2 s + a segment's 25 ms at 4000 B/s
    EXPECT_FALSE(credit.Update()) << "no rate sample yet: the RTT sample waits for one";
    credit.AddRateSample(4000);
    EXPECT_TRUE(credit.Update());
    EXPECT_EQ(credit.GetRtt(), Seconds(2.025));
    EXPECT_EQ(credit.GetCredit(), 9000u); // 1.1 x 4000 B/s x 2.025 s = 8910: 90 segments
    // A short segment's RTT is lower by its shorter serialization only: the same latency.
    credit.AddRttSample(Seconds(2.005), 20);
    EXPECT_FALSE(credit.Update()) << "a short segment's lower RTT does not shrink the credit";
    credit.AddRttSample(Seconds(1.525), 100);
    EXPECT_TRUE(credit.Update());
    EXPECT_EQ(credit.GetCredit(), 6800u); // 1.1 x 4000 x 1.525 = 6710: 68 segments
    // The median rate of the last 3 samples counts.
    credit.AddRateSample(3000);
    credit.AddRateSample(6000);
    EXPECT_FALSE(credit.Update()) << "median of 4000, 3000, 6000";
    credit.AddRateSample(60000); // one pair squeezed together: an outlier
    credit.Update();
    EXPECT_EQ(credit.GetCredit(), 10100u) << "median of 3000, 6000, 60000: 1.1 x 6000 x 1.5167";
    for (int k = 0; k < 3; ++k)
    {
        credit.AddRateSample(2000);
    }
    credit.Update();
    EXPECT_EQ(credit.GetCredit(), 3500u) << "older samples left the filter: 1.1 x 2000 x 1.55";
    EXPECT_EQ(credit.GetRtt(), Seconds(1.55));
    EXPECT_DOUBLE_EQ(credit.GetRate(), 2000);
    // Another margin; whole segments; the floor of one segment.
    GprsWebCreditEstimator noMargin(10000, 0, 3, 1400);
    noMargin.AddRateSample(5000);
    noMargin.AddRttSample(Seconds(1.28), 1400);
    noMargin.Update();
    EXPECT_EQ(noMargin.GetCredit(), 7000u) << "5000 x 1.28 = 6400, rounded up to 5 segments";
    noMargin.AddRttSample(Seconds(0.1), 100);
    noMargin.Update();
    EXPECT_EQ(noMargin.GetCredit(), 2800u) << "5000 x (0.08 + 0.28) = 1800: 2 segments";
    noMargin.AddRttSample(Seconds(0.01), 1400);
    noMargin.Update();
    EXPECT_EQ(noMargin.GetCredit(), 1400u) << "latency 0 (a sample below its serialization)";
}

TEST(GprsWebArq, ReceiverMeasuresTheRateOfBackToBackSegments)
{
    GprsWebSender sender(500, DefaultCredit(), Seconds(3));
    sender.Enqueue(MakeMessage(1, 1500), GprsWebPriority::NORMAL);
    auto segs = Drain(sender, Seconds(0));
    ASSERT_EQ(segs.size(), 3u);
    EXPECT_FALSE(segs[0].burst);
    EXPECT_TRUE(segs[1].burst);
    EXPECT_TRUE(segs[2].burst);
    sender.Enqueue(MakeMessage(2, 100), GprsWebPriority::NORMAL);
    const auto later = sender.NextSegment(Seconds(1));
    ASSERT_TRUE(later);
    EXPECT_FALSE(later->burst) << "sent alone, later";
    GprsWebReceiver receiver(100, 16);
    receiver.OnSegment(segs[0], Seconds(1));
    EXPECT_EQ(receiver.GetAckInfo().rate, 0u) << "no pair yet";
    receiver.OnSegment(segs[1], Seconds(1.25)); // 500 octets in 0.25 s
    EXPECT_EQ(receiver.GetAckInfo().rate, 2000u);
    receiver.AckSent();
    EXPECT_EQ(receiver.GetAckInfo().rate, 0u) << "each sample is reported once";
    receiver.OnSegment(*later, Seconds(2));
    EXPECT_EQ(receiver.GetAckInfo().rate, 0u) << "not back to back";
    receiver.OnSegment(segs[2], Seconds(3)); // its predecessor did not arrive just before
    EXPECT_EQ(receiver.GetAckInfo().rate, 0u);
}

/// What a sender did on the link of CreditSettlesAtOnePointOneTimesTheLinksBdp.
struct SettledCredit
{
    Time rtt;                       //!< the RTT estimate at the end
    double rate{0};                 //!< the rate estimate at the end
    uint32_t credit{0};             //!< the credit at the end
    uint32_t maxCredit{0};          //!< highest credit after 10 s
    uint32_t minCredit{UINT32_MAX}; //!< lowest credit after 10 s
    Time done;                      //!< when the last octet was acknowledged
};

/**
 * A sender with 200 KB to send over a link of 4000 octets/s and 0.5 s each way; the receiver
 * reports every segment at once. Segments of 1000 octets: a segment's RTT with an empty queue
 * is 0.25 s on the link + 1 s of delay, so the BDP is 5000 octets.
 * \param jitter each report waits up to this much more (uniform), as a GPRS uplink's TBF
 *        establishment and block timing make it wait
 * \return what the sender did
 */
SettledCredit
RunSettle(Time jitter)
{
    constexpr double kRate = 4000;
    const Time delay = Seconds(0.5);
    GprsWebSender sender(1000, GprsWebCreditEstimator(10240, 0.1, 15, 1000), Seconds(3));
    GprsWebReceiver receiver(1, 16);
    for (uint32_t k = 0; k < 200; ++k)
    {
        sender.Enqueue(MakeMessage(k, 1000), GprsWebPriority::NORMAL);
    }
    std::multimap<Time, GprsWebSegment> toReceiver;
    std::multimap<Time, GprsWebAckInfo> toSender;
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> wait(0, jitter.GetSeconds());
    SettledCredit r;
    Time linkFree;
    Time now;
    while (sender.HasUnacked() || sender.HasWaiting())
    {
        while (auto seg = sender.NextSegment(now))
        {
            linkFree = std::max(linkFree, now) + Seconds(seg->payload->GetSize() / kRate);
            toReceiver.emplace(linkFree + delay, *seg);
        }
        if (now > Seconds(10)) // after the first round trips replaced the initial credit
        {
            r.maxCredit = std::max(r.maxCredit, sender.GetCredit());
            r.minCredit = std::min(r.minCredit, sender.GetCredit());
        }
        const Time a = toReceiver.empty() ? Seconds(1e9) : toReceiver.begin()->first;
        const Time b = toSender.empty() ? Seconds(1e9) : toSender.begin()->first;
        if (std::min(a, b) == Seconds(1e9))
        {
            break; // stalled: the caller sees it in `done`
        }
        now = std::min(a, b);
        if (a <= b)
        {
            receiver.OnSegment(toReceiver.begin()->second, now);
            toReceiver.erase(toReceiver.begin());
            toSender.emplace(now + delay + Seconds(wait(rng)), receiver.GetAckInfo());
            receiver.AckSent();
        }
        else
        {
            sender.OnAck(toSender.begin()->second, now);
            toSender.erase(toSender.begin());
        }
    }
    r.rtt = sender.GetCreditEstimator().GetRtt();
    r.rate = sender.GetCreditEstimator().GetRate();
    r.credit = sender.GetCredit();
    r.done = sender.HasUnacked() ? Seconds(1e9) : now;
    return r;
}

TEST(GprsWebArq, CreditSettlesAtOnePointOneTimesTheLinksBdp)
{
    constexpr double kBdp = 4000 * 1.25;
    for (Time jitter : {Seconds(0), Seconds(0.5)})
    {
        const SettledCredit r = RunSettle(jitter);
        EXPECT_GE(r.rtt, Seconds(1.25)) << jitter;
        EXPECT_LT(r.rtt, Seconds(1.3)) << jitter;
        EXPECT_NEAR(r.rate, 4000, 0.02 * 4000) << jitter;
        // 1.1 x the BDP, 5500 octets, rounded up to whole segments of 1000.
        EXPECT_EQ(r.credit, 6000u) << jitter;
        EXPECT_LE(r.maxCredit, 6000u) << jitter << ": no growth from the sender's own queue";
        EXPECT_GT(r.minCredit, kBdp) << jitter << ": no shrinking when the RTT varies";
    }
    // Without jitter 1.1 x BDP keeps the link busy: 200 KB in 50 s plus the first RTT.
    EXPECT_LT(RunSettle(Seconds(0)).done, Seconds(200000 / 4000.0 + 2));
}

TEST(GprsWebArq, ProbesOnlyWhileDataIsUnacknowledged)
{
    GprsWebSender sender(10, DefaultCredit(), Seconds(3));
    for (double t : {0.0, 3.0, 100.0})
    {
        EXPECT_FALSE(sender.ShouldProbe(Seconds(t)));
    }
    EXPECT_FALSE(sender.NextProbeTime());
    sender.Enqueue(MakeMessage(1, 20), GprsWebPriority::NORMAL);
    auto segs = Drain(sender, Seconds(10));
    EXPECT_EQ(sender.NextProbeTime(), Seconds(13));
    EXPECT_FALSE(sender.ShouldProbe(Seconds(12.9)));
    EXPECT_TRUE(sender.ShouldProbe(Seconds(13)));
    sender.TakeProbe(Seconds(13));
    EXPECT_EQ(sender.NextProbeTime(), Seconds(16)) << "every interval while the stall lasts";
    GprsWebAckInfo info;
    info.ack = segs[0].seq + 1;
    info.coverEnd = info.ack;
    sender.OnAck(info, Seconds(14));
    EXPECT_EQ(sender.NextProbeTime(), Seconds(17)) << "progress restarts the clock";
    info.ack = segs[1].seq + 1;
    info.coverEnd = info.ack;
    sender.OnAck(info, Seconds(15));
    EXPECT_FALSE(sender.HasUnacked());
    EXPECT_FALSE(sender.ShouldProbe(Seconds(20)));
    EXPECT_FALSE(sender.NextProbeTime());
}

/// A datagram of the random test: a segment, a probe, or neither, with a report.
struct Datagram
{
    std::optional<GprsWebSegment> segment; //!< data
    std::optional<uint32_t> probe;         //!< probe transmission number
    GprsWebAckInfo ack;                    //!< the report
    uint32_t octets{0};                    //!< size on the link
};

/// One end of the random test.
struct End
{
    /**
     * \param s its sending half
     * \param r its receiving half
     */
    End(GprsWebSender s, GprsWebReceiver r)
        : sender(std::move(s)),
          receiver(std::move(r))
    {
    }

    GprsWebSender sender;                    //!< its sending half
    GprsWebReceiver receiver;                //!< its receiving half
    std::optional<Time> ackDeadline;         //!< a delayed report is due then
    bool ackNow{false};                      //!< a report is due at once
    std::map<uint32_t, uint32_t> deliveries; //!< message id -> times delivered
    uint32_t corrupt{0};                     //!< deliveries that broke the pattern
    uint32_t creditViolations{0};            //!< sends beyond the credit
};

/// A link in one direction: a delay, a rate, random loss and (optionally) reordering.
struct Link
{
    Time delay;                             //!< one-way delay
    double rate{1000};                      //!< octets per second
    double loss{0};                         //!< drop probability
    bool reorder{false};                    //!< per-datagram extra delay
    Time free;                              //!< when the link is next idle
    std::multimap<Time, Datagram> inFlight; //!< by arrival time
};

/**
 * Run two ends exchanging messages over lossy links, as GprsWebTransport does with timers.
 * \param seed the random seed
 * \param reorder reorder datagrams too
 * \return failures found (empty: all delivered exactly once, credit never exceeded)
 */
std::string
RunRandom(uint32_t seed, bool reorder)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    const uint32_t segmentSize = 100 + rng() % 400;
    const Time ackDelay = Seconds(0.2);
    std::vector<End> ends;
    for (int i = 0; i < 2; ++i)
    {
        const uint32_t initial = 500 + rng() % 5000;
        ends.emplace_back(GprsWebSender(segmentSize,
                                        GprsWebCreditEstimator(initial, 0.1, 15, segmentSize),
                                        Seconds(3)),
                          GprsWebReceiver(2, 8));
    }
    Link links[2];
    for (auto& link : links)
    {
        link.delay = Seconds(0.1 + u(rng));
        link.rate = 1000 + 5000 * u(rng);
        link.loss = 0.3 * u(rng);
        link.reorder = reorder;
    }
    // Messages: both ways, random sizes and times, both priorities.
    std::multimap<Time, std::pair<int, uint32_t>> arrivals; // time -> (end, octets)
    uint32_t messages[2] = {0, 0};
    for (int k = 0; k < 30; ++k)
    {
        const int end = rng() % 2;
        arrivals.emplace(Seconds(60 * u(rng)), std::make_pair(end, 4 + rng() % 3000));
        ++messages[end];
    }
    std::vector<uint32_t> sentIds[2];
    auto send = [&](int e, Time now) {
        End& end = ends[e];
        Link& link = links[e];
        auto transmit = [&](Datagram d) {
            d.ack = end.receiver.GetAckInfo();
            end.receiver.AckSent();
            end.ackNow = false;
            end.ackDeadline.reset();
            d.octets += 30 + 2 * d.ack.nacks.size();
            link.free = std::max(link.free, now) + Seconds(d.octets / link.rate);
            Time at = link.free + link.delay;
            if (link.reorder)
            {
                at += Seconds(u(rng));
            }
            if (u(rng) >= link.loss)
            {
                link.inFlight.emplace(at, std::move(d));
            }
        };
        while (true)
        {
            const uint32_t before = end.sender.GetInFlight();
            auto seg = end.sender.NextSegment(now);
            if (!seg)
            {
                break;
            }
            if (before > 0 && end.sender.GetInFlight() > end.sender.GetCredit())
            {
                ++end.creditViolations;
            }
            Datagram d;
            d.octets = seg->payload->GetSize();
            d.segment = seg;
            transmit(std::move(d));
        }
        if (end.sender.ShouldProbe(now))
        {
            Datagram d;
            d.probe = end.sender.TakeProbe(now);
            transmit(std::move(d));
        }
        if (end.ackNow || (end.ackDeadline && now >= *end.ackDeadline))
        {
            transmit(Datagram{});
        }
    };
    Time now;
    const Time limit = Seconds(3000);
    while (now < limit)
    {
        // The next event: a message to send, a datagram to arrive, a report or probe due.
        Time next = limit;
        if (!arrivals.empty())
        {
            next = std::min(next, arrivals.begin()->first);
        }
        for (int e = 0; e < 2; ++e)
        {
            if (!links[e].inFlight.empty())
            {
                next = std::min(next, links[e].inFlight.begin()->first);
            }
            if (ends[e].ackDeadline)
            {
                next = std::min(next, *ends[e].ackDeadline);
            }
            if (auto probe = ends[e].sender.NextProbeTime())
            {
                next = std::min(next, *probe);
            }
        }
        now = std::max(now, next);
        while (!arrivals.empty() && arrivals.begin()->first <= now)
        {
            const auto [end, octets] = arrivals.begin()->second;
            arrivals.erase(arrivals.begin());
            const uint32_t id = sentIds[end].size();
            sentIds[end].push_back(id);
            ends[end].sender.Enqueue(MakeMessage(id, octets),
                                     rng() % 2 ? GprsWebPriority::NORMAL : GprsWebPriority::PUSH);
        }
        for (int e = 0; e < 2; ++e)
        {
            // Link e carries end e's datagrams to end 1 - e.
            End& to = ends[1 - e];
            while (!links[e].inFlight.empty() && links[e].inFlight.begin()->first <= now)
            {
                const Datagram d = links[e].inFlight.begin()->second;
                links[e].inFlight.erase(links[e].inFlight.begin());
                if (d.segment)
                {
                    const auto r = to.receiver.OnSegment(*d.segment, now);
                    for (const auto& m : r.delivered)
                    {
                        const auto id = CheckMessage(m);
                        id ? ++to.deliveries[*id] : ++to.corrupt;
                    }
                    if (r.urgency == GprsWebReceiver::AckUrgency::NOW)
                    {
                        to.ackNow = true;
                    }
                    else if (!to.ackDeadline)
                    {
                        to.ackDeadline = now + ackDelay;
                    }
                }
                if (d.probe)
                {
                    to.receiver.OnTransmission(*d.probe);
                    to.ackNow = true;
                }
                to.sender.OnAck(d.ack, now);
            }
        }
        for (int e = 0; e < 2; ++e)
        {
            send(e, now);
        }
        if (arrivals.empty() && !ends[0].sender.HasUnacked() && !ends[1].sender.HasUnacked() &&
            !ends[0].sender.HasWaiting() && !ends[1].sender.HasWaiting())
        {
            break;
        }
    }
    std::ostringstream failures;
    for (int e = 0; e < 2; ++e)
    {
        const End& to = ends[1 - e];
        if (to.deliveries.size() != messages[e])
        {
            failures << "end " << 1 - e << " got " << to.deliveries.size() << " of " << messages[e]
                     << " messages; ";
        }
        for (const auto& [id, times] : to.deliveries)
        {
            if (times != 1)
            {
                failures << "message " << id << " delivered " << times << " times; ";
            }
        }
        if (to.corrupt || ends[e].creditViolations)
        {
            failures << to.corrupt << " corrupt, " << ends[e].creditViolations
                     << " sends beyond the credit at end " << e << "; ";
        }
    }
    return failures.str();
}

TEST(GprsWebArq, RandomLossDelayAndOrderEverythingOnceWithinTheCredit)
{
    for (uint32_t seed = 1; seed <= 40; ++seed)
    {
        EXPECT_EQ(RunRandom(seed, false), "") << "seed " << seed << ", in order";
        EXPECT_EQ(RunRandom(seed, true), "") << "seed " << seed << ", reordered";
    }
}

TEST(GprsWebTransportHeader, SizesAndRoundTrip)
{
    GprsWebAckInfo info;
    info.ack = UINT32_MAX - 1; // the NACK offsets wrap with it
    info.coverEnd = 5;
    info.nacks = {UINT32_MAX, 1, 3};
    info.hasEcho = true;
    info.echo = 77;
    info.truncated = true;
    GprsWebTransportHeader ack;
    ack.SetAckInfo(GprsWebAckInfo());
    EXPECT_EQ(ack.GetSerializedSize(), 14u);
    GprsWebTransportHeader probe;
    probe.SetProbe(9);
    EXPECT_EQ(probe.GetSerializedSize(), 18u);
    GprsWebSegment seg;
    seg.seq = 123456;
    seg.tx = 654321;
    seg.messageId = 42;
    seg.offset = 1400;
    seg.messageLength = 5000;
    seg.burst = true;
    GprsWebTransportHeader data;
    data.SetAckInfo(info);
    data.SetSegment(seg);
    EXPECT_EQ(data.GetSerializedSize(), 34u + 2 * 3);
    info.rate = 5500;
    data.SetAckInfo(info);
    EXPECT_EQ(data.GetSerializedSize(), 34u + 4 + 2 * 3);
    Ptr<Packet> p = Create<Packet>(100);
    p->AddHeader(data);
    EXPECT_EQ(p->GetSize(), 100u + 44);
    GprsWebTransportHeader back;
    p->RemoveHeader(back);
    EXPECT_EQ(p->GetSize(), 100u);
    ASSERT_TRUE(back.IsData());
    EXPECT_FALSE(back.IsProbe());
    const GprsWebAckInfo got = back.GetAckInfo();
    EXPECT_EQ(got.ack, info.ack);
    EXPECT_EQ(got.coverEnd, info.coverEnd);
    EXPECT_EQ(got.nacks, info.nacks);
    EXPECT_EQ(got.echo, 77u);
    EXPECT_TRUE(got.hasEcho);
    EXPECT_TRUE(got.truncated);
    EXPECT_EQ(got.rate, 5500u);
    const GprsWebSegment s2 = back.GetSegment(p);
    EXPECT_EQ(s2.seq, seg.seq);
    EXPECT_EQ(s2.tx, seg.tx);
    EXPECT_EQ(s2.messageId, 42u);
    EXPECT_EQ(s2.offset, 1400u);
    EXPECT_EQ(s2.messageLength, 5000u);
    EXPECT_TRUE(s2.burst);
    Ptr<Packet> q = Create<Packet>();
    q->AddHeader(probe);
    GprsWebTransportHeader probeBack;
    q->RemoveHeader(probeBack);
    EXPECT_TRUE(probeBack.IsProbe());
    EXPECT_EQ(probeBack.GetTx(), 9u);
    EXPECT_FALSE(probeBack.GetAckInfo().hasEcho);
    GprsWebAckInfo far;
    far.ack = 10;
    far.nacks = {10 + 70000};
    ExpectInvalid([&] { data.SetAckInfo(far); }, "NACK 70010 is 70000 after ack 10");
}

TEST(GprsWebArq, BadParametersAreNamed)
{
    ExpectInvalid([] { GprsWebCreditEstimator(0, 0.1, 1, 1); }, "initial credit 0");
    ExpectInvalid([] { GprsWebCreditEstimator(1, -0.5, 1, 1); }, "margin -0.5");
    ExpectInvalid([] { GprsWebCreditEstimator(1, 0.1, 0, 1); }, "rate samples 0");
    ExpectInvalid([] { GprsWebCreditEstimator(1, 0.1, 1, 0); }, "credit segment 0");
    ExpectInvalid([] { GprsWebSender(0, DefaultCredit(), Seconds(3)); }, "segment size 0");
    ExpectInvalid([] { GprsWebSender(10, DefaultCredit(), Seconds(0)); }, "probe interval 0");
    ExpectInvalid([] { GprsWebReceiver(0, 1); }, "ACK every 0");
    ExpectInvalid([] { GprsWebReceiver(1, 0); }, "NACKs per report 0");
    GprsWebSender sender(10, DefaultCredit(), Seconds(3));
    ExpectInvalid([&] { sender.Enqueue(Create<Packet>(), GprsWebPriority::NORMAL); },
                  "message of 0 octets");
    GprsWebReceiver receiver(1, 1);
    GprsWebSegment bad;
    bad.payload = Create<Packet>(20);
    bad.messageLength = 10;
    ExpectInvalid([&] { receiver.OnSegment(bad, Seconds(0)); },
                  "do not fit a message of 10 octets");
}

} // namespace
