/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// How TBFs end and how a mobile asks for the next one, through the PCU's test seam
// (gprs-pcu-fixture.h): the final block until its Packet Downlink Ack/Nack or T3191 (TS 44.060
// 9.3.2.5, 9.3.3.5), the uplink request in any polled Ack/Nack (11.2.6) and in the final Packet
// Uplink Ack/Nack's answer (TBF_EST, 9.3.2.4.2).

#include "gprs-pcu-fixture.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace ns3;
using namespace gprs_pcu_test;

namespace
{

/// The longest a block period lasts (an idle frame in it): a block's effect at its receiver.
const Time kBlockPeriod = NanoSeconds(kMaxBlockPeriodNs);

/**
 * \param rec what the PCU traced
 * \param ms a mobile
 * \param at a downlink release of its TBF
 * \return whether the network heard a Packet Downlink Ack/Nack of the mobile in the block
 *         period that ended at \p at (the answer that released the TBF)
 */
bool
HeardAckNackBefore(const PcuRecorder& rec, uint32_t ms, Time at)
{
    const auto acks = rec.Controls(GprsControlMessage::PACKET_DOWNLINK_ACK_NACK);
    return std::any_of(acks.begin(), acks.end(), [ms, at](const TimedControl& c) {
        return c.ms == ms && !c.lost && c.at < at && c.at >= at - kBlockPeriod;
    });
}

} // namespace

// At 6 dB a CS-1 control block is lost often: the final block's poll goes unanswered for many
// TBFs. In both RLC modes the network sends the final block again with a new poll until the
// Packet Downlink Ack/Nack arrives (TS 44.060 9.3.2.5, 9.3.3.5), N3105 counting the unanswered
// polls (13.3); it never ends a TBF normally without having heard that answer.
TEST(GprsPcuRelease, FinalDownlinkBlockRepeatedUntilItsAckNackArrivesInBothRlcModes)
{
    for (const std::string mode : {"Acknowledged", "Unacknowledged"})
    {
        constexpr uint32_t kPackets = 200;
        PcuFixture f;
        f.Pcu("RlcMode", StringValue(mode));
        f.Ms(0).SetRadio("6");
        // One 100-octet packet per TBF: T3192 (1.5 s) and T3193 (1.6 s) are over before the
        // next one.
        f.SendDown(0, 100, Seconds(2), kPackets, Seconds(1));
        f.RunUntil(Seconds(2.0 * kPackets + 5));
        const PcuRecorder& rec = f.Rec();
        uint32_t normal = 0;
        uint32_t unanswered = 0;
        for (const TbfEvent& e : rec.released)
        {
            if (e.dir != GprsDirection::DOWNLINK || e.abnormal)
            {
                continue;
            }
            ++normal;
            unanswered += HeardAckNackBefore(rec, 0, e.at) ? 0 : 1;
        }
        uint32_t lostAcks = 0;
        for (const TimedControl& c : rec.Controls(GprsControlMessage::PACKET_DOWNLINK_ACK_NACK))
        {
            lostAcks += c.lost ? 1 : 0;
        }
        EXPECT_GT(lostAcks, 20u) << mode << ": at 6 dB many Ack/Nacks are lost";
        EXPECT_GE(normal, kPackets * 9 / 10) << mode << ": TBFs end normally";
        EXPECT_EQ(unanswered, 0u) << mode << ": " << unanswered << " of " << normal
                                  << " downlink TBFs ended normally without an Ack/Nack";
    }
}

// A mobile that never answers (outage from just after its TBF's establishment): in both RLC
// modes the network sends the final block again with a poll until N3105 expires and releases the
// TBF abnormally (TS 44.060 9.3.2.5, 9.3.3.5, 13.3).
TEST(GprsPcuRelease, UnansweredFinalBlockPolledAgainUntilN3105InBothRlcModes)
{
    for (const std::string mode : {"Acknowledged", "Unacknowledged"})
    {
        PcuFixture f;
        f.UseBlerFile("cell-bler-zero.txt");
        f.Pcu("RlcMode", StringValue(mode));
        f.Pcu("DownlinkAssignmentDelay", StringValue("ns3::ConstantRandomVariable[Constant=0.1]"));
        f.Ms(0).AddOutages("1.101s-30s");
        f.SendDown(0, 100, Seconds(1));
        f.RunUntil(Seconds(10));
        const PcuRecorder& rec = f.Rec();
        ASSERT_EQ(rec.released.size(), 1u) << mode;
        const TbfEvent& end = rec.released.front();
        uint32_t polls = 0;
        uint32_t finalPolls = 0;
        bool finalSent = false;
        for (const TimedBlock& b : rec.Blocks(GprsDirection::DOWNLINK))
        {
            finalSent = finalSent || b.record.fbi;
            polls += b.record.polled ? 1 : 0;
            finalPolls += b.record.polled && finalSent ? 1 : 0;
        }
        EXPECT_TRUE(end.abnormal) << mode << ": no Ack/Nack heard";
        EXPECT_EQ(polls, UintegerAttribute(f.GetPcu(), "N3105Max"))
            << mode << ": one poll per N3105 count";
        EXPECT_GT(finalPolls, 1u) << mode << ": the final Ack/Nack asked for again";
        EXPECT_LT(end.at, Seconds(3)) << mode << ": N3105 expiry";
    }
}

// T3191 runs from each poll once the final block is sent (osmo-pcu restarts it with every one).
// Shorter than the poll's answer, it ends every TBF before its Ack/Nack: released abnormally one
// T3191 after that poll, its TFI free at once (TS 44.060 13.2), so the next packet's TBF comes
// through CCCH without waiting for T3195.
TEST(GprsPcuRelease, T3191ExpiryReleasesTheDownlinkTbfWithItsTfiFreeAtOnce)
{
    PcuFixture f;
    f.UseBlerFile("cell-bler-zero.txt");
    f.Pcu("T3191", TimeValue(MilliSeconds(20)));
    f.SendDown(0, 100, Seconds(1));
    f.SendDown(0, 100, Seconds(1.5));
    f.RunUntil(Seconds(3));
    const PcuRecorder& rec = f.Rec();
    ASSERT_EQ(rec.released.size(), 2u);
    ASSERT_EQ(rec.established.size(), 2u);
    const auto blocks = rec.Blocks(GprsDirection::DOWNLINK);
    const auto isFinal = [](const TimedBlock& b) { return b.record.fbi; };
    const auto firstFinal = std::find_if(blocks.begin(), blocks.end(), isFinal);
    const auto isPolled = [](const TimedBlock& b) { return b.record.polled; };
    const auto finalPoll = std::find_if(firstFinal, blocks.end(), isPolled);
    ASSERT_NE(finalPoll, blocks.end());
    const TbfEvent& end = rec.released.front();
    EXPECT_TRUE(end.abnormal) << "T3191 expiry is an abnormal release";
    EXPECT_EQ(end.at, finalPoll->at + MilliSeconds(20)) << "T3191 after the final poll";
    const Time maxAccess = UniformBounds(f.GetPcu(), "DownlinkAssignmentDelay").second;
    EXPECT_LE(rec.established.back().at, Seconds(1.5) + maxAccess)
        << "the next TBF does not wait for T3195";
}

// Uplink data while the downlink TBF is held (delayed release): the mobile is in packet transfer
// mode answering keep-alive polls, so its Channel Request Description rides on the next polled
// Packet Downlink Ack/Nack (TS 44.060 11.2.6; osmo-pcu takes it in any polled Ack/Nack) and the
// Packet Uplink Assignment follows on PACCH, instead of a random access on CCCH.
TEST(GprsPcuRelease, UplinkRequestDuringDelayedReleaseRidesOnAKeepAliveAckNack)
{
    PcuFixture f;
    f.UseBlerFile("cell-bler-zero.txt");
    f.Pcu("DelayedReleaseTime", TimeValue(Seconds(3)));
    // CCCH made slow, so that an access there cannot pass for the PACCH path.
    f.Pcu("UplinkAccessDelay", StringValue("ns3::ConstantRandomVariable[Constant=1]"));
    f.SendDown(0, 100, Seconds(1));
    f.SendUp(0, 100, Seconds(2));
    f.RunUntil(Seconds(4));
    const PcuRecorder& rec = f.Rec();
    ASSERT_EQ(f.Network().ReceivedFrom(0).size(), 1u) << "uplink packet delivered";
    const auto up = rec.EstablishedIn(GprsDirection::UPLINK, Seconds(2), Seconds(4));
    ASSERT_EQ(up.size(), 1u) << "one uplink TBF";
    EXPECT_EQ(rec.Controls(GprsControlMessage::PACKET_UPLINK_ASSIGNMENT).size(), 1u)
        << "assigned on PACCH";
    // The next keep-alive poll (KeepAliveInterval 200 ms), its answer, the assignment and its
    // Packet Control Ack.
    EXPECT_LT(up.front().delay, MilliSeconds(400)) << "no random access";
    EXPECT_EQ(rec.DeliveredTo(0).size(), 1u) << "downlink packet delivered";
}

// TBF_EST (TS 44.060 9.3.2.4.2, 11.2.28): a packet that arrives after the mobile started
// counting down waits for the next uplink TBF. With TbfEst (Release 99, osmo-pcu) the mobile asks
// for it in the block the final Packet Uplink Ack/Nack reserved, with a Packet Resource Request,
// and the network assigns it on PACCH; without (Release 97) it makes a random access after the
// TBF ends.
TEST(GprsPcuRelease, PacketAfterTheCountdownGetsItsTbfOnPacchWithTbfEstElseByRandomAccess)
{
    for (const bool tbfEst : {true, false})
    {
        PcuFixture f;
        f.UseBlerFile("cell-bler-zero.txt");
        f.Pcu("TbfEst", BooleanValue(tbfEst));
        // CCCH made slow, so that an access there cannot pass for the PACCH path.
        f.Pcu("UplinkAccessDelay", StringValue("ns3::ConstantRandomVariable[Constant=1]"));
        // 400 octets: the countdown starts at once; the second packet comes 20 ms after the
        // first TBF is established (at 2 s), before its last block.
        f.SendUp(0, 400, Seconds(1));
        f.SendUp(0, 100, Seconds(2.02));
        f.RunUntil(Seconds(6));
        const PcuRecorder& rec = f.Rec();
        const auto ups = rec.EstablishedIn(GprsDirection::UPLINK, Seconds(0), Seconds(6));
        ASSERT_EQ(ups.size(), 2u) << "TbfEst " << tbfEst << ": two uplink TBFs";
        ASSERT_EQ(f.Network().ReceivedFrom(0).size(), 2u) << "TbfEst " << tbfEst;
        const Time second = f.Network().ReceivedFrom(0).back().at - Seconds(2.02);
        const auto requests = rec.Controls(GprsControlMessage::PACKET_RESOURCE_REQUEST);
        const auto assignments = rec.Controls(GprsControlMessage::PACKET_UPLINK_ASSIGNMENT);
        if (tbfEst)
        {
            EXPECT_EQ(requests.size(), 1u) << "asked in the final Ack/Nack's reserved block";
            EXPECT_EQ(assignments.size(), 1u) << "assigned on PACCH";
            // The Packet Uplink Assignment and its Packet Control Ack.
            EXPECT_LT(ups.back().delay, MilliSeconds(200)) << "no random access";
            EXPECT_LT(second, Seconds(1));
        }
        else
        {
            EXPECT_TRUE(requests.empty()) << "Release 97: no Packet Resource Request";
            EXPECT_TRUE(assignments.empty()) << "a random access, no PACCH";
            EXPECT_GE(ups.back().delay, Seconds(1)) << "the random access's 1 s";
            EXPECT_GT(second, Seconds(1));
        }
    }
}
