/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-expect-invalid.h"

#include "ns3/double.h"
#include "ns3/gprs-bler-model.h"
#include "ns3/gprs-coding-scheme.h"
#include "ns3/gprs-statistical-channel.h"
#include "ns3/gprs-statistical-link.h"

#include <cmath>
#include <gtest/gtest.h>
#include <random>

using namespace ns3;

namespace
{

/**
 * \param name a GprsStatisticalChannel attribute
 * \return its default value
 */
double
ChannelDefault(const std::string& name)
{
    TypeId::AttributeInformation info;
    EXPECT_TRUE(GprsStatisticalChannel::GetTypeId().LookupAttributeByName(name, &info));
    DoubleValue value;
    value.DeserializeFromString(info.initialValue->SerializeToString(info.checker), info.checker);
    return value.Get();
}

} // namespace

TEST(GprsStatisticalLink, LlcOctetsAreSnUnitdataInUiFrames)
{
    // One frame: SN-UNITDATA 4 + UI 6 octets (TS 44.065 7.2, TS 44.064 6.3).
    EXPECT_EQ(GprsStatisticalLlcOctets(470), 480U);
    EXPECT_EQ(GprsStatisticalLlcOctets(40), 50U);
    // 1500 octets: segments of at most N201-U 500, 4 frames of 6 + SNDCP 4 + 3 + 3 + 3.
    EXPECT_EQ(GprsStatisticalLlcOctets(1500), 1500U + 4 * 6 + 4 + 3 * 3);
}

TEST(GprsStatisticalLink, BlocksRoundUp)
{
    EXPECT_EQ(GprsRlcBlocks(480, 30), 16U);
    EXPECT_EQ(GprsRlcBlocks(481, 30), 17U);
    EXPECT_EQ(GprsRlcBlocks(1, 50), 1U);
    EXPECT_EQ(GprsRlcBlocks(0, 20), 1U);
    ExpectInvalid([]() { GprsRlcBlocks(480, 0); }, "RLC data octets per block 0");
}

TEST(GprsStatisticalLink, PacketErrorRateFromBlocks)
{
    EXPECT_DOUBLE_EQ(GprsPacketErrorRate(0, 16), 0);
    EXPECT_DOUBLE_EQ(GprsPacketErrorRate(1, 1), 1);
    EXPECT_NEAR(GprsPacketErrorRate(0.1, 2), 0.19, 1e-12);
    ExpectInvalid([]() { GprsPacketErrorRate(1.5, 2); }, "block error rate 1.5 (allowed: a");
}

TEST(GprsStatisticalLink, DefaultsFollowTheBlerCurveAtRendonsCell)
{
    // The channel's defaults are CS-2 at 24 dB by the module's curve, and a full 430-octet
    // segment's blocks: a changed curve or framing must show here.
    const double bler = GprsBlerModel().GetBler(GprsCodingScheme::CS2, 24);
    EXPECT_NEAR(ChannelDefault("BlockErrorRate"), bler, 0.005e-4);
    const uint32_t blocks = GprsRlcBlocks(GprsStatisticalLlcOctets(470), 30);
    EXPECT_EQ(blocks, 16U);
    EXPECT_NEAR(ChannelDefault("PacketErrorRate"), GprsPacketErrorRate(bler, blocks), 0.005e-3);
}

TEST(GprsStatisticalLink, PacketUnitIgnoresSize)
{
    const GprsStatisticalLoss loss(GprsStatisticalErrorUnit::PACKET, 0.25, 0.9, 30);
    EXPECT_DOUBLE_EQ(loss.GetLossProbability(50), 0.25);
    EXPECT_DOUBLE_EQ(loss.GetLossProbability(1500), 0.25);
    EXPECT_TRUE(loss.IsLost(0.2499, 50));
    EXPECT_FALSE(loss.IsLost(0.25, 50));
}

TEST(GprsStatisticalLink, BlockUnitGrowsWithSize)
{
    const GprsStatisticalLoss loss(GprsStatisticalErrorUnit::BLOCK, 0.9, 0.01, 30);
    EXPECT_NEAR(loss.GetLossProbability(30), 0.01, 1e-12);
    EXPECT_NEAR(loss.GetLossProbability(480), 1 - std::pow(0.99, 16), 1e-12);
    EXPECT_GT(loss.GetLossProbability(1500), loss.GetLossProbability(480));
}

TEST(GprsStatisticalLink, LossDrawsHitTheRate)
{
    const GprsStatisticalLoss loss(GprsStatisticalErrorUnit::BLOCK, 0, 0.02, 30);
    std::mt19937 gen(7);
    std::uniform_real_distribution<double> u(0, 1);
    const int n = 200000;
    int lost = 0;
    for (int i = 0; i < n; ++i)
    {
        lost += loss.IsLost(u(gen), 480) ? 1 : 0;
    }
    const double p = 1 - std::pow(0.98, 16);
    EXPECT_NEAR(static_cast<double>(lost) / n, p, 4 * std::sqrt(p * (1 - p) / n));
}

TEST(GprsStatisticalLink, BadRatesRefused)
{
    ExpectInvalid([]() { GprsStatisticalLoss(GprsStatisticalErrorUnit::PACKET, -0.1, 0, 30); },
                  "packet error rate -0.1 (allowed: a probability from 0 to 1)");
    ExpectInvalid([]() { GprsStatisticalLoss(GprsStatisticalErrorUnit::PACKET, 0, 2, 30); },
                  "block error rate 2 (allowed");
    ExpectInvalid([]() { GprsStatisticalLoss(GprsStatisticalErrorUnit::BLOCK, 0, 0.1, 0); },
                  "RLC data octets per block 0");
}

TEST(GprsStatisticalLink, RetransmissionsUpToTheCount)
{
    EXPECT_EQ(GprsStatisticalNext(false, 1, 0), GprsStatisticalOutcome::DELIVER);
    EXPECT_EQ(GprsStatisticalNext(true, 1, 0), GprsStatisticalOutcome::DROP);
    // N200 = 2: the first transmission and two retransmissions.
    EXPECT_EQ(GprsStatisticalNext(true, 1, 2), GprsStatisticalOutcome::RESEND);
    EXPECT_EQ(GprsStatisticalNext(true, 2, 2), GprsStatisticalOutcome::RESEND);
    EXPECT_EQ(GprsStatisticalNext(true, 3, 2), GprsStatisticalOutcome::DROP);
    EXPECT_EQ(GprsStatisticalNext(false, 3, 2), GprsStatisticalOutcome::DELIVER);
}

TEST(GprsStatisticalLink, ReorderingLetsAShortDelayOvertake)
{
    GprsStatisticalOrder order;
    EXPECT_EQ(order.Arrival(MilliSeconds(0), MilliSeconds(200), true), MilliSeconds(200));
    EXPECT_EQ(order.Arrival(MilliSeconds(80), MilliSeconds(100), true), MilliSeconds(180));
    EXPECT_EQ(order.Arrival(MilliSeconds(160), MilliSeconds(-5), true), MilliSeconds(160));
}

TEST(GprsStatisticalLink, KeptOrderHoldsAShortDelayBack)
{
    GprsStatisticalOrder order;
    EXPECT_EQ(order.Arrival(MilliSeconds(0), MilliSeconds(200), false), MilliSeconds(200));
    EXPECT_EQ(order.Arrival(MilliSeconds(80), MilliSeconds(100), false), MilliSeconds(200));
    EXPECT_EQ(order.Arrival(MilliSeconds(160), MilliSeconds(100), false), MilliSeconds(260));
}

TEST(GprsStatisticalLink, KeptOrderNeverOvertakesOverManyDraws)
{
    std::mt19937 gen(3);
    std::uniform_real_distribution<double> delay(0.1, 0.2);
    GprsStatisticalOrder kept;
    GprsStatisticalOrder reordered;
    Time lastKept;
    Time lastReordered;
    int overtaken = 0;
    const int n = 10000;
    for (int i = 0; i < n; ++i)
    {
        const Time sent = MilliSeconds(80 * i);
        const Time d = Seconds(delay(gen));
        const Time a = kept.Arrival(sent, d, false);
        EXPECT_GE(a, lastKept);
        EXPECT_GE(a, sent + d);
        lastKept = a;
        const Time b = reordered.Arrival(sent, d, true);
        overtaken += b < lastReordered ? 1 : 0;
        lastReordered = Max(b, lastReordered);
    }
    // Uniform 100-200 ms delays 80 ms apart: P(D1 - D2 > 80 ms) = 0.2^2 / 2 = 2 %.
    EXPECT_NEAR(static_cast<double>(overtaken) / n, 0.02, 0.006);
}

TEST(GprsStatisticalLink, EnumNames)
{
    EXPECT_STREQ(ToString(GprsStatisticalDrop::QUEUE_FULL), "QueueFull");
    EXPECT_STREQ(ToString(GprsStatisticalDrop::RADIO), "Radio");
    EXPECT_STREQ(ToString(GprsStatisticalErrorUnit::BLOCK), "Block");
}
