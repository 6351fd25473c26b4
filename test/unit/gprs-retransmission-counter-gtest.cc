/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A TCP sender's data segments classified: new, retransmitted on duplicate ACKs, retransmitted
// after a timeout.

#include "ns3/gprs-retransmission-counter.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

using Kind = GprsRetransmissionCounter::Kind;

TEST(GprsRetransmissionCounter, SegmentsBelowTheHighestSentAreRetransmissionsOfTheState)
{
    GprsRetransmissionCounter c;
    EXPECT_EQ(c.OnDataSegment(SequenceNumber32(1), 430), Kind::NEW);
    EXPECT_EQ(c.OnDataSegment(SequenceNumber32(431), 430), Kind::NEW);
    EXPECT_EQ(c.OnDataSegment(SequenceNumber32(861), 430), Kind::NEW);
    // Fast retransmit of the second segment, then new data in recovery.
    EXPECT_EQ(c.OnDataSegment(SequenceNumber32(431), 430), Kind::DATA_DRIVEN);
    EXPECT_EQ(c.OnDataSegment(SequenceNumber32(1291), 430), Kind::NEW);
    // A timeout: go-back-N from the first unacknowledged segment.
    c.SetLossState(true);
    EXPECT_EQ(c.OnDataSegment(SequenceNumber32(861), 430), Kind::TIMER_DRIVEN);
    EXPECT_EQ(c.OnDataSegment(SequenceNumber32(1291), 430), Kind::TIMER_DRIVEN);
    // Beyond what was sent: new even in CA_LOSS.
    EXPECT_EQ(c.OnDataSegment(SequenceNumber32(1721), 430), Kind::NEW);
    c.SetLossState(false);
    EXPECT_EQ(c.OnDataSegment(SequenceNumber32(1721), 430), Kind::DATA_DRIVEN);
    EXPECT_EQ(c.GetSegments(), 9u);
    EXPECT_EQ(c.GetDataDriven(), 2u);
    EXPECT_EQ(c.GetTimerDriven(), 2u);
}

TEST(GprsRetransmissionCounter, SequenceNumbersWrap)
{
    GprsRetransmissionCounter c;
    const SequenceNumber32 nearTop(0xFFFFFF00);
    EXPECT_EQ(c.OnDataSegment(nearTop, 430), Kind::NEW); // ends past 2^32
    EXPECT_EQ(c.OnDataSegment(nearTop + 430, 430), Kind::NEW);
    EXPECT_EQ(c.OnDataSegment(nearTop, 430), Kind::DATA_DRIVEN);
}

} // namespace
