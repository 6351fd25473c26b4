/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The Snoop per-connection rules, segment by segment: caching, freeing, duplicate ACKs answered
// locally and suppressed, the local timer and its RTT estimate. Segments are 100 octets from
// sequence number 1000; the payload kept is the segment's index.

#include "ns3/gprs-snoop-cache.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <optional>

using namespace ns3;

namespace
{

constexpr uint32_t kLen = 100; //!< payload octets of every test segment

/**
 * \param i a segment index
 * \param base the first sequence number
 * \return the sequence number of segment i
 */
SequenceNumber32
Seq(uint32_t i, uint32_t base = 1000)
{
    return SequenceNumber32(base + i * kLen);
}

/**
 * Send segments 0..n-1 through a cache, one every 10 ms from t = 0.
 * \param cache the cache
 * \param n segments
 * \param base the first sequence number
 */
void
SendSegments(GprsSnoopCache<int>& cache, uint32_t n, uint32_t base = 1000)
{
    for (uint32_t i = 0; i < n; ++i)
    {
        EXPECT_EQ(cache.OnData(Seq(i, base), kLen, static_cast<int>(i), MilliSeconds(10 * i)),
                  GprsSnoopDataResult::CACHED);
    }
}

/**
 * \param config the parameters
 * \param n segments sent from t = 0
 * \return a cache after segment 0 was acknowledged at 1 s: segments 1..n-1 cached
 */
GprsSnoopCache<int>
AfterFirstAck(const GprsSnoopConfig& config, uint32_t n)
{
    GprsSnoopCache<int> cache(config);
    SendSegments(cache, n);
    cache.OnAck(Seq(1), 1000, true, Seconds(1));
    return cache;
}

TEST(GprsSnoopCache, NewAckFreesSegmentsAndSamplesRtt)
{
    GprsSnoopCache<int> cache(GprsSnoopConfig{});
    SendSegments(cache, 4);
    EXPECT_EQ(cache.GetSize(), 4u);
    EXPECT_EQ(cache.GetRto(), Seconds(1)); // RFC 6298: 1 s before any sample
    // Segments 0 and 1 acknowledged at 400 ms: the sample is segment 1's, sent at 10 ms.
    const GprsSnoopAckDecision d = cache.OnAck(Seq(2), 1000, true, MilliSeconds(400));
    EXPECT_TRUE(d.newAck);
    EXPECT_FALSE(d.suppress);
    EXPECT_FALSE(d.retransmit);
    EXPECT_EQ(cache.GetSize(), 2u);
    EXPECT_EQ(cache.Find(Seq(1)), nullptr);
    ASSERT_NE(cache.Find(Seq(2)), nullptr);
    EXPECT_EQ(*cache.Find(Seq(2)), 2);
    // First sample R = 390 ms: SRTT = R, RTTVAR = R/2, RTO = SRTT + 4 RTTVAR = 3 R.
    EXPECT_EQ(cache.GetSrtt(), MilliSeconds(390));
    EXPECT_EQ(cache.GetRto(), MilliSeconds(1170));
    // Second sample R' = 500 - 30 = 470 ms: RTTVAR = 3/4 195 + 1/4 80, SRTT = 7/8 390 + 1/8 470.
    cache.OnAck(Seq(4), 1000, true, MilliSeconds(500));
    EXPECT_EQ(cache.GetSize(), 0u);
    EXPECT_EQ(cache.GetSrtt(), MilliSeconds(400));
    EXPECT_EQ(cache.GetRto(), MilliSeconds(400) + 4 * MicroSeconds(166250));
}

TEST(GprsSnoopCache, FirstDuplicateAckRetransmitsAndExpectedOnesAreSuppressed)
{
    GprsSnoopCache<int> cache(GprsSnoopConfig{});
    SendSegments(cache, 5);
    cache.OnAck(Seq(1), 1000, true, MilliSeconds(300)); // segment 0 arrived, 1 lost
    // Segments 2, 3, 4 arrive: three duplicates of ACK Seq(1).
    GprsSnoopAckDecision d = cache.OnAck(Seq(1), 1000, true, MilliSeconds(310));
    EXPECT_TRUE(d.suppress);
    ASSERT_TRUE(d.retransmit);
    EXPECT_EQ(*d.retransmit, Seq(1));
    EXPECT_FALSE(d.newAck);
    for (int i = 0; i < 2; ++i)
    {
        d = cache.OnAck(Seq(1), 1000, true, MilliSeconds(320 + i));
        EXPECT_TRUE(d.suppress) << "expected duplicate " << i;
        EXPECT_FALSE(d.retransmit);
    }
    // A fourth duplicate was not expected: the local retransmission failed, the sender decides.
    d = cache.OnAck(Seq(1), 1000, true, MilliSeconds(330));
    EXPECT_FALSE(d.suppress);
    EXPECT_FALSE(d.retransmit);
    // The retransmission arrives: everything acknowledged. The sample is the newest segment
    // freed, 4, sent once at 40 ms: 400 ms, after the first one of 300 ms (segment 0).
    d = cache.OnAck(Seq(5), 1000, true, MilliSeconds(440));
    EXPECT_TRUE(d.newAck);
    EXPECT_EQ(cache.GetSize(), 0u);
    EXPECT_EQ(cache.GetSrtt(), (MilliSeconds(300) * 7 + MilliSeconds(400)) / 8);
}

TEST(GprsSnoopCache, DuplicatesAreNotAnsweredWithoutALocalCopy)
{
    GprsSnoopCache<int> cache(GprsSnoopConfig{});
    // Segment 1 never reached the agent (lost on the Internet): only 0, 2, 3 cached.
    EXPECT_EQ(cache.OnData(Seq(0), kLen, 0, Seconds(0)), GprsSnoopDataResult::CACHED);
    EXPECT_EQ(cache.OnData(Seq(2), kLen, 2, Seconds(0)), GprsSnoopDataResult::CACHED);
    EXPECT_EQ(cache.OnData(Seq(3), kLen, 3, Seconds(0)), GprsSnoopDataResult::CACHED);
    cache.OnAck(Seq(1), 1000, true, Seconds(1));
    for (int i = 0; i < 3; ++i)
    {
        const GprsSnoopAckDecision d = cache.OnAck(Seq(1), 1000, true, Seconds(1));
        EXPECT_FALSE(d.suppress);
        EXPECT_FALSE(d.retransmit);
    }
    // The sender's fast retransmission fills the hole: cached, marked a sender retransmission,
    // so that its own later duplicates go to the sender too.
    EXPECT_EQ(cache.OnData(Seq(1), kLen, 1, Seconds(2)), GprsSnoopDataResult::CACHED);
    const GprsSnoopAckDecision d = cache.OnAck(Seq(1), 1000, true, Seconds(2));
    EXPECT_FALSE(d.suppress);
    // The ACK that frees 1..3 samples the newest of them, 3, sent once at 0 s: 3 s after the
    // first sample of 1 s (segment 0).
    cache.OnAck(Seq(4), 1000, true, Seconds(3));
    EXPECT_EQ(cache.GetSrtt(), (Seconds(1) * 7 + Seconds(3)) / 8);
}

TEST(GprsSnoopCache, SenderRetransmissionOfACachedSegmentIsLeftToTheSender)
{
    GprsSnoopCache<int> cache = AfterFirstAck(GprsSnoopConfig{}, 3);
    EXPECT_EQ(cache.OnData(Seq(1), kLen, 11, Seconds(2)), GprsSnoopDataResult::SENDER_RETX);
    ASSERT_NE(cache.Find(Seq(1)), nullptr);
    EXPECT_EQ(*cache.Find(Seq(1)), 11); // the newest copy is kept
    const GprsSnoopAckDecision d = cache.OnAck(Seq(1), 1000, true, Seconds(2));
    EXPECT_FALSE(d.suppress);
    EXPECT_FALSE(d.retransmit);
    // Data the mobile acknowledged already is not cached again.
    EXPECT_EQ(cache.OnData(Seq(0), kLen, 0, Seconds(2)), GprsSnoopDataResult::NOT_CACHED);
}

TEST(GprsSnoopCache, WindowUpdatesDataAndOldAcksAreNotDuplicates)
{
    GprsSnoopCache<int> cache = AfterFirstAck(GprsSnoopConfig{}, 4);
    EXPECT_FALSE(cache.OnAck(Seq(1), 2000, true, Seconds(1)).suppress);  // window update
    EXPECT_FALSE(cache.OnAck(Seq(1), 2000, false, Seconds(1)).suppress); // carries data
    EXPECT_FALSE(cache.OnAck(Seq(0), 2000, true, Seconds(1)).suppress);  // older ACK
    // The next real duplicate (same window as the last one) is the first: retransmission.
    const GprsSnoopAckDecision d = cache.OnAck(Seq(1), 2000, true, Seconds(1));
    EXPECT_TRUE(d.suppress);
    EXPECT_TRUE(d.retransmit);
}

TEST(GprsSnoopCache, ThresholdCountsPerConnection)
{
    GprsSnoopConfig config;
    config.dupAckThreshold = 2;
    GprsSnoopCache<int> a = AfterFirstAck(config, 5);
    GprsSnoopCache<int> b = AfterFirstAck(config, 5);
    // Interleaved duplicates: each connection retransmits on its own second one (ns-2's shared
    // static threshold would count them together).
    EXPECT_FALSE(a.OnAck(Seq(1), 1000, true, Seconds(1)).suppress);
    EXPECT_FALSE(b.OnAck(Seq(1), 1000, true, Seconds(1)).suppress);
    const GprsSnoopAckDecision da = a.OnAck(Seq(1), 1000, true, Seconds(1));
    const GprsSnoopAckDecision db = b.OnAck(Seq(1), 1000, true, Seconds(1));
    EXPECT_TRUE(da.suppress && da.retransmit);
    EXPECT_TRUE(db.suppress && db.retransmit);
    // Three segments after the lost one, two duplicates seen: one more is expected.
    EXPECT_TRUE(a.OnAck(Seq(1), 1000, true, Seconds(1)).suppress);
    EXPECT_FALSE(a.OnAck(Seq(1), 1000, true, Seconds(1)).suppress);
}

TEST(GprsSnoopCache, TimerRetransmitsTheOldestAndBacksOff)
{
    GprsSnoopConfig config;
    config.maxLocalRetransmissions = 2;
    config.maxRto = Seconds(3);
    GprsSnoopCache<int> cache(config);
    EXPECT_EQ(cache.OnTimeout(), std::nullopt); // nothing cached
    SendSegments(cache, 3);
    EXPECT_EQ(cache.OnTimeout(), std::optional<SequenceNumber32>(Seq(0)));
    EXPECT_EQ(cache.GetRto(), Seconds(2));
    EXPECT_EQ(cache.OnTimeout(), std::optional<SequenceNumber32>(Seq(0)));
    EXPECT_EQ(cache.GetRto(), Seconds(3));      // 4 s, capped
    EXPECT_EQ(cache.OnTimeout(), std::nullopt); // two local retransmissions are the most
    // A new ACK resets the backoff; the retransmitted segment gives no sample (Karn).
    EXPECT_TRUE(cache.OnAck(Seq(1), 1000, true, Seconds(5)).newAck);
    EXPECT_EQ(cache.GetSrtt(), std::nullopt);
    EXPECT_EQ(cache.GetRto(), Seconds(1));
    // Segment 0 is freed: the timer now retransmits segment 1.
    EXPECT_EQ(cache.OnTimeout(), std::optional<SequenceNumber32>(Seq(1)));
}

TEST(GprsSnoopCache, ExhaustedSegmentIsLeftToTheSender)
{
    GprsSnoopConfig config;
    config.maxLocalRetransmissions = 1;
    GprsSnoopCache<int> cache = AfterFirstAck(config, 4);
    EXPECT_EQ(cache.OnTimeout(), std::optional<SequenceNumber32>(Seq(1)));
    const GprsSnoopAckDecision d = cache.OnAck(Seq(1), 1000, true, Seconds(2));
    EXPECT_FALSE(d.suppress);
    EXPECT_FALSE(d.retransmit);
}

TEST(GprsSnoopCache, FullCacheForwardsWithoutCaching)
{
    GprsSnoopConfig config;
    config.maxSegments = 2;
    GprsSnoopCache<int> cache(config);
    EXPECT_EQ(cache.OnData(Seq(0), kLen, 0, Seconds(0)), GprsSnoopDataResult::CACHED);
    EXPECT_EQ(cache.OnData(Seq(1), kLen, 1, Seconds(0)), GprsSnoopDataResult::CACHED);
    EXPECT_EQ(cache.OnData(Seq(2), kLen, 2, Seconds(0)), GprsSnoopDataResult::NOT_CACHED);
    EXPECT_EQ(cache.GetSize(), 2u);
    cache.OnAck(Seq(1), 1000, true, Seconds(1));
    EXPECT_EQ(cache.OnData(Seq(3), kLen, 3, Seconds(1)), GprsSnoopDataResult::CACHED);
}

TEST(GprsSnoopCache, SequenceNumbersWrap)
{
    GprsSnoopCache<int> cache(GprsSnoopConfig{});
    const uint32_t base = 0xFFFFFF00; // segments 3.. wrap past 2^32
    SendSegments(cache, 5, base);
    cache.OnAck(Seq(2, base), 1000, true, Seconds(1));
    EXPECT_EQ(cache.GetSize(), 3u);
    const GprsSnoopAckDecision d = cache.OnAck(Seq(2, base), 1000, true, Seconds(1));
    ASSERT_TRUE(d.retransmit);
    EXPECT_EQ(*d.retransmit, Seq(2, base));
    EXPECT_TRUE(cache.OnAck(Seq(5, base), 1000, true, Seconds(2)).newAck);
    EXPECT_EQ(cache.GetSize(), 0u);
}

} // namespace
