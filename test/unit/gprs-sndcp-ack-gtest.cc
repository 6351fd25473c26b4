/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-sndcp-ack.h"

#include <algorithm>
#include <cstdint>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>
#include <vector>

using namespace ns3;

namespace
{

TEST(GprsSndcpAckTracker, SegmentsGetConsecutiveIdentifiers)
{
    GprsSndcpAckTracker<int> tracker;
    EXPECT_EQ(tracker.Add(10, 1), 0u);
    EXPECT_EQ(tracker.Add(11, 3), 1u);
    EXPECT_EQ(tracker.Add(12, 2), 4u);
    EXPECT_EQ(tracker.GetSegments(), 6u);
    EXPECT_THROW(tracker.Add(13, 0), std::invalid_argument);
}

TEST(GprsSndcpAckTracker, FindNamesTheNpduAndPlaceOfASegmentUntilReleased)
{
    GprsSndcpAckTracker<int> tracker;
    tracker.Add(10, 1);
    const uint64_t first = tracker.Add(11, 3);
    const auto part = tracker.Find(first + 2);
    ASSERT_TRUE(part);
    EXPECT_EQ(part->npdu, 11);
    EXPECT_EQ(part->segment, 2u);
    EXPECT_EQ(part->segments, 3u);
    EXPECT_EQ(tracker.Find(0)->segment, 0u);
    tracker.Release(first + 2);
    EXPECT_FALSE(tracker.Find(first + 2));
    EXPECT_FALSE(tracker.Find(first + 3));
}

TEST(GprsSndcpAckTracker, NpduDeliveredWhenItsLastSegmentIs)
{
    GprsSndcpAckTracker<int> tracker;
    const uint64_t first = tracker.Add(7, 3);
    EXPECT_EQ(tracker.Deliver(first), std::nullopt);
    EXPECT_EQ(tracker.Deliver(first + 1), std::nullopt);
    EXPECT_EQ(tracker.Deliver(first + 2), std::optional<int>(7));
    // Confirmed afterwards: no loss, and the segments are forgotten.
    for (uint64_t s = first; s < first + 3; ++s)
    {
        EXPECT_EQ(tracker.Release(s), std::nullopt);
    }
    EXPECT_EQ(tracker.GetSegments(), 0u);
}

TEST(GprsSndcpAckTracker, AbandonedUndeliveredSegmentLosesItsNpduOnce)
{
    GprsSndcpAckTracker<int> tracker;
    const uint64_t first = tracker.Add(5, 3);
    EXPECT_EQ(tracker.Deliver(first), std::nullopt);
    EXPECT_EQ(tracker.Release(first), std::nullopt);              // confirmed
    EXPECT_EQ(tracker.Release(first + 1), std::optional<int>(5)); // abandoned undelivered
    // The last segment still arrives: the N-PDU is lost already, it is not delivered.
    EXPECT_EQ(tracker.Deliver(first + 2), std::nullopt);
    EXPECT_EQ(tracker.Release(first + 2), std::nullopt);
    EXPECT_EQ(tracker.GetSegments(), 0u);
}

TEST(GprsSndcpAckTracker, AbandonedButDeliveredSegmentIsNoLoss)
{
    // Only the acknowledgement was lost: the peer has the segment.
    GprsSndcpAckTracker<int> tracker;
    const uint64_t id = tracker.Add(3, 1);
    EXPECT_EQ(tracker.Deliver(id), std::optional<int>(3));
    EXPECT_EQ(tracker.Release(id), std::nullopt);
}

TEST(GprsSndcpAckTracker, ConfirmedUndeliveredSegmentLosesItsNpdu)
{
    // The ends disagree on the numbering (a repeated SABM reset one end only): the sender takes
    // an acknowledgement for a frame the receiver never delivered.
    GprsSndcpAckTracker<int> tracker;
    const uint64_t id = tracker.Add(4, 1);
    EXPECT_EQ(tracker.Release(id), std::optional<int>(4));
    EXPECT_EQ(tracker.Deliver(id), std::nullopt); // late copy after it was done: ignored
}

TEST(GprsSndcpAckTracker, SegmentDeliveredTwiceCountsOnce)
{
    GprsSndcpAckTracker<int> tracker;
    const uint64_t first = tracker.Add(9, 2);
    EXPECT_EQ(tracker.Deliver(first), std::nullopt);
    EXPECT_EQ(tracker.Deliver(first), std::nullopt);
    EXPECT_EQ(tracker.Deliver(first + 1), std::optional<int>(9));
    EXPECT_EQ(tracker.Deliver(first + 1), std::nullopt);
}

TEST(GprsSndcpAckTracker, ReleasingAnUnknownSegmentIsAnError)
{
    GprsSndcpAckTracker<int> tracker;
    const uint64_t id = tracker.Add(1, 1);
    EXPECT_EQ(tracker.Release(id), std::optional<int>(1));
    EXPECT_THROW(tracker.Release(id), std::invalid_argument);
    EXPECT_THROW(tracker.Release(id + 1), std::invalid_argument);
}

TEST(GprsSndcpAckTracker, RandomFatesGiveEveryNpduExactlyOneOutcome)
{
    // Each segment is delivered 0, 1 or 2 times, before or after its sender is done with it, in
    // a random interleaving: every N-PDU ends delivered or lost, never both, never twice; it is
    // lost if a segment is never delivered and delivered if each is before its sender is done.
    std::mt19937 rng(20261123);
    for (int round = 0; round < 200; ++round)
    {
        GprsSndcpAckTracker<int> tracker;

        struct Event
        {
            uint64_t sduId;
            bool release;
        };

        std::vector<Event> events;
        std::map<int, std::vector<uint64_t>> segmentsOf;
        std::map<int, bool> someNeverDelivered;
        const int npdus = 1 + static_cast<int>(rng() % 20);
        for (int n = 0; n < npdus; ++n)
        {
            const auto segments = static_cast<uint16_t>(1 + rng() % 4);
            const uint64_t first = tracker.Add(n, segments);
            for (uint64_t s = first; s < first + segments; ++s)
            {
                segmentsOf[n].push_back(s);
                const auto deliveries = rng() % 3;
                someNeverDelivered[n] = someNeverDelivered[n] || deliveries == 0;
                for (uint32_t d = 0; d < deliveries; ++d)
                {
                    events.push_back({s, false});
                }
                events.push_back({s, true});
            }
        }
        std::shuffle(events.begin(), events.end(), rng);
        std::map<int, int> delivered;
        std::map<int, int> lost;
        std::map<uint64_t, bool> released;
        std::map<uint64_t, bool> deliveredBeforeRelease;
        for (const Event& e : events)
        {
            if (e.release)
            {
                released[e.sduId] = true;
                if (const auto npdu = tracker.Release(e.sduId))
                {
                    ++lost[*npdu];
                }
            }
            else
            {
                deliveredBeforeRelease[e.sduId] =
                    deliveredBeforeRelease[e.sduId] || !released[e.sduId];
                if (const auto npdu = tracker.Deliver(e.sduId))
                {
                    ++delivered[*npdu];
                }
            }
        }
        EXPECT_EQ(tracker.GetSegments(), 0u);
        for (int n = 0; n < npdus; ++n)
        {
            EXPECT_EQ(delivered[n] + lost[n], 1) << "round " << round << ", N-PDU " << n;
            if (someNeverDelivered[n])
            {
                EXPECT_EQ(lost[n], 1) << "round " << round << ", N-PDU " << n;
            }
            const bool allEarly =
                std::all_of(segmentsOf[n].begin(), segmentsOf[n].end(), [&](uint64_t s) {
                    return deliveredBeforeRelease[s];
                });
            if (allEarly)
            {
                EXPECT_EQ(delivered[n], 1) << "round " << round << ", N-PDU " << n;
            }
        }
    }
}

} // namespace
