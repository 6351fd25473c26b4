/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TBF behaviour of the PCU through its test seam (gprs-pcu-fixture.h): a GprsPcu with fake
// mobiles and a fake network side, packets injected at its boundary. These cases were ns-3
// scenario tests of a whole cell (test/ns3/gprs-cell-test-suite.cc, suites gprs-cell-*); each
// asserts what it asserted there, with the same thresholds. What differs: a packet enters the
// PCU when the test injects it, so there is no core network delay (the BSS device's
// CoreNetworkDelay) in the delays measured, and "sent" counts packets injected instead of a UDP
// client's.

#include "gprs-pcu-fixture.h"

#include "ns3/gprs-multislot-class.h"
#include "ns3/queue-size.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <set>

using namespace ns3;
using namespace gprs_pcu_test;

namespace
{

/**
 * \param msClass multislot class
 * \param pdchs PDCHs of the cell
 * \return downlink PDCHs of a downlink TBF (GprsAssignTbfTimeslots)
 */
uint32_t
DownlinkPdchs(uint32_t msClass, uint32_t pdchs)
{
    return static_cast<uint32_t>(
        GprsAssignTbfTimeslots(static_cast<int>(msClass), static_cast<int>(pdchs))
            .downlinkTbf.downlink.count());
}

/// Interval of the saturating flows: 50 kB/s of 500-octet packets, more than 8 PDCHs of CS-4.
const Time kSaturatingInterval = MilliSeconds(10);

} // namespace

// (from gprs-cell-buffer) A burst into a small GGSN buffer: while the TBF is being established
// nothing leaves the buffer, so exactly floor(buffer / packet) packets fit and the rest is
// dropped and counted, by the PCU's BufferDrop, the queue's Drop and the network's NotifyDrop.
TEST(GprsPcuBuffer, BurstIntoGgsnBufferOf5000OctetsDropsAndCountsWhatDoesNotFit)
{
    constexpr uint32_t kBuffer = 5000;
    constexpr uint32_t kBurst = 50;
    constexpr uint32_t kOctets = 500;
    PcuFixture f;
    f.UseBlerFile("cell-bler-zero.txt").Pcu("DownlinkBufferBytes", UintegerValue(kBuffer));
    // 50 packets 1 ms apart: the burst is over before the shortest TBF establishment
    // (DownlinkAssignmentDelay >= 100 ms).
    f.SendDown(0, kOctets, MilliSeconds(1), kBurst, Seconds(1));
    f.Start();
    // The buffer is an ns-3 Queue: its own Drop trace and MaxSize agree with the PCU's.
    const Ptr<Queue<Packet>> queue = f.GetPcu()->GetBuffer(0, GprsDirection::DOWNLINK);
    ASSERT_EQ(queue->GetMaxSize(), QueueSize(QueueSizeUnit::BYTES, kBuffer));
    uint32_t queueDrops = 0;
    queue->TraceConnectWithoutContext("Drop", MakeCallback(+[](uint32_t* n, Ptr<const Packet>) {
                                                  ++*n;
                                              }).Bind(&queueDrops));
    f.RunUntil(Seconds(10));
    const std::size_t drops = f.Rec().BufferDrops(GprsDirection::DOWNLINK);
    EXPECT_EQ(queueDrops, drops) << "the queue's Drop trace";
    const std::size_t delivered = f.Rec().deliveries[0].size();
    EXPECT_EQ(f.Injected(), kBurst);
    EXPECT_EQ(drops, kBurst - delivered) << "drops = sent - delivered";
    EXPECT_EQ(delivered, kBuffer / kOctets) << "packets that fit the buffer";
    EXPECT_EQ(f.Ms(0).GetReceived().size(), delivered);
    EXPECT_EQ(f.Network().GetDrops().size(), drops) << "the network side is told of each drop";
}

namespace
{

/// What one run of the TBF delay case gives, and the bounds its configuration implies.
struct TbfDelayRun
{
    Time minWait;  //!< least DownlinkAssignmentDelay
    Time maxWait;  //!< largest DownlinkAssignmentDelay
    Time radioMax; //!< longest radio time of one probe packet on an open TBF
};

} // namespace

// (from gprs-cell-tbf) TBF establishment delay: the first packet after idle waits for the
// assignment, the rest of its burst does not; delayed release keeps the TBF for a packet 1 s
// later but not 5 s later.
TEST(GprsPcuTbf, FirstPacketWaitsForItsTbfAndDelayedReleaseServesALaterOneAtOnce)
{
    constexpr uint32_t kProbeOctets = 200;
    const Time burstEnd = Seconds(2);
    for (const Time& hold : {Seconds(0), Seconds(2)})
    {
        SCOPED_TRACE("DelayedReleaseTime " + std::to_string(hold.GetSeconds()) + " s");
        PcuFixture f;
        f.UseBlerFile("cell-bler-zero.txt").Pcu("DelayedReleaseTime", TimeValue(hold));
        // The mobile leaves PACCH 0.5 s after its TBF: the packet 1.5 s after the burst needs
        // CCCH unless delayed release holds the TBF.
        f.Pcu("T3192", TimeValue(MilliSeconds(500)));
        // A burst of 5 packets at 1 s (1 ms apart), one packet at 2.5 s and one at 7.5 s.
        f.SendDown(0, kProbeOctets, MilliSeconds(1), 5, Seconds(1));
        f.SendDown(0, kProbeOctets, Seconds(2.5));
        f.SendDown(0, kProbeOctets, Seconds(7.5));
        f.RunUntil(Seconds(10));
        TbfDelayRun r;
        std::tie(r.minWait, r.maxWait) = UniformBounds(f.GetPcu(), "DownlinkAssignmentDelay");
        ASSERT_GE(r.minWait, Seconds(0)) << "DownlinkAssignmentDelay is not uniform";
        // Radio time of a packet on an open TBF: its blocks spread over the PDCHs, one block
        // period more for the last block to take effect, one for the wait for the next block
        // boundary; blocks are at most 5 TDMA frames apart.
        const uint32_t pdchs = DownlinkPdchs(8, 4);
        const auto blocks =
            static_cast<int64_t>(std::ceil(RlcOctetsPerPacket(f.GetPcu(), kProbeOctets) /
                                           GprsRlcDataOctets(GprsCodingScheme::CS2)));
        r.radioMax = NanoSeconds(kMaxBlockPeriodNs) * ((blocks + pdchs - 1) / pdchs + 2);

        const auto& d = f.Rec().deliveries[0];
        ASSERT_EQ(d.size(), 7u) << "deliveries";
        const auto burstTbfs = f.Rec().EstablishedIn(GprsDirection::DOWNLINK, Seconds(0), burstEnd);
        ASSERT_EQ(burstTbfs.size(), 1u) << "one TBF for the burst";
        const Time wait = burstTbfs[0].delay;
        // The first packet: the assignment, then its radio time.
        EXPECT_GE(wait, r.minWait) << "assignment delay";
        EXPECT_LE(wait, r.maxWait) << "assignment delay";
        EXPECT_GE(d[0].delay, wait) << "first packet of the burst";
        EXPECT_LE(d[0].delay, wait + r.radioMax) << "first packet of the burst";
        // The others follow one radio time after each other: no second wait.
        for (std::size_t i = 1; i < 5; ++i)
        {
            EXPECT_LE(d[i].at - d[i - 1].at, r.radioMax)
                << "packet " << i << " of the burst waited";
        }
        // 1 s after the burst: the TBF held open by delayed release serves it at once;
        // without, the mobile left PACCH (T3192, 0.5 s) and a new assignment is needed.
        const auto later = f.Rec().EstablishedIn(GprsDirection::DOWNLINK, burstEnd, Seconds(5));
        if (hold.IsZero())
        {
            EXPECT_EQ(later.size(), 1u) << "no delayed release: a new TBF";
            EXPECT_GE(d[5].delay, r.minWait) << "no delayed release: the packet waits";
        }
        else
        {
            EXPECT_EQ(later.size(), 0u) << "delayed release: the TBF is still open";
            EXPECT_LE(d[5].delay, r.radioMax) << "delayed release: no wait";
        }
        // 5 s after that: the held TBF is gone (2 s) and so is PACCH listening (T3192).
        const auto last = f.Rec().EstablishedIn(GprsDirection::DOWNLINK, Seconds(5), Seconds(10));
        ASSERT_EQ(last.size(), 1u) << "a new TBF 5 s later";
        EXPECT_GE(last[0].delay, r.minWait) << "assignment delay";
        EXPECT_LE(last[0].delay, r.maxWait) << "assignment delay";
        EXPECT_GE(d[6].delay, last[0].delay) << "packet 5 s later";
    }
}

// (from gprs-cell-uplink-final-ack) The network answers the final uplink block (CV = 0) at once
// with a Packet Uplink Ack/Nack, even when blocks before it are missing, instead of waiting for
// UplinkAckInterval blocks.
TEST(GprsPcuUplink, FinalBlockAnsweredByPacketUplinkAckNackWithin3BlockPeriodsGapsOrNot)
{
    PcuFixture f;
    f.Ms(0).SetRadio("9");
    f.SendUp(0, 400, Seconds(2), 20, Seconds(1));
    f.RunUntil(Seconds(60));
    const Time limit = NanoSeconds(3 * kMaxBlockPeriodNs);
    const auto acks = f.Rec().Controls(GprsControlMessage::PACKET_UPLINK_ACK_NACK);
    uint32_t finals = 0;
    for (const TimedBlock& b : f.Rec().Blocks(GprsDirection::UPLINK))
    {
        if (!b.record.fbi || b.record.lost)
        {
            continue;
        }
        ++finals;
        const bool answered = std::any_of(acks.begin(), acks.end(), [&](const TimedControl& c) {
            return c.at > b.at && c.at <= b.at + limit;
        });
        EXPECT_TRUE(answered) << "final block at " << b.at.As(Time::MS) << " not answered";
    }
    EXPECT_GT(finals, 10u) << "final uplink blocks received";
}

namespace
{

/// When the second uplink packet is sent: after the first TBF starts (CCCH access <= 200 ms).
const Time kSecondAt = Seconds(1.25);

/**
 * Send two uplink packets, at 1 s and kSecondAt, with BLER 0.
 * \param f the fixture
 * \param firstOctets IP size of the first packet
 */
void
RunCountdown(PcuFixture& f, uint32_t firstOctets)
{
    f.UseBlerFile("cell-bler-zero.txt");
    f.SendUp(0, firstOctets, Seconds(1));
    f.SendUp(0, 200, kSecondAt);
    f.RunUntil(Seconds(10));
}

} // namespace

// (from gprs-cell-countdown) Uplink countdown (TS 44.060 9.3.1): a packet that arrives after the
// mobile started counting down waits for the next TBF; one that arrives before joins the
// current one.
TEST(GprsPcuUplink, CountdownSecondPacketNeedsNewTbfAfterShortFirstJoinsAfterLongFirst)
{
    {
        PcuFixture f;
        RunCountdown(f, 400);
        const PcuRecorder& rec = f.Rec();
        EXPECT_EQ(rec.EstablishedIn(GprsDirection::UPLINK, Seconds(0), Seconds(10)).size(), 2u)
            << "400 octets: counting down at once";
        ASSERT_FALSE(rec.released.empty()) << "TBF released";
        EXPECT_LT(rec.established.front().at, kSecondAt)
            << "the second packet must come during the first TBF";
        EXPECT_GT(rec.released.front().at, kSecondAt)
            << "the second packet must come during the first TBF";
        EXPECT_EQ(rec.deliveries[1].size(), 2u) << "both delivered";
    }
    {
        PcuFixture f;
        RunCountdown(f, 1400);
        EXPECT_EQ(f.Rec().EstablishedIn(GprsDirection::UPLINK, Seconds(0), Seconds(10)).size(), 1u)
            << "1400 octets: not yet counting down";
        EXPECT_EQ(f.Rec().deliveries[1].size(), 2u) << "both delivered";
    }
}

// (from gprs-cell-tfi-limit) TFIs and USFs run out (TS 44.060 12.15, 10.4.1): at most 32 TBFs
// per direction and 7 uplink TBFs per PDCH at a time; the others are rejected or wait, and
// everything arrives.
TEST(GprsPcuTbf, FortyEightMobilesAtMost32TbfsPerDirectionAnd7UplinkPerPdchAllPacketsArrive)
{
    constexpr uint32_t kMobiles = 48;
    PcuFixture f(kMobiles);
    f.UseBlerFile("cell-bler-zero.txt");
    for (uint32_t ms = 0; ms < kMobiles; ++ms)
    {
        f.SendDown(ms, 300, MilliSeconds(200), 10, Seconds(1));
        f.SendUp(ms, 200, MilliSeconds(300), 6, Seconds(1));
    }
    f.RunUntil(Seconds(200));
    const PcuRecorder& rec = f.Rec();
    // TBFs open at once, per direction, from the establishment and release traces; a released
    // TBF may keep its TFI longer, so this count is a lower bound of TFIs in use.
    std::map<Time, std::array<int, 2>> steps;
    for (const TbfEvent& e : rec.established)
    {
        ++steps[e.at][GprsDirIndex(e.dir)];
    }
    for (const TbfEvent& e : rec.released)
    {
        --steps[e.at][GprsDirIndex(e.dir)];
    }
    std::array<int, 2> open{};
    std::array<int, 2> most{};
    for (const auto& [at, delta] : steps)
    {
        for (int d = 0; d < 2; ++d)
        {
            open[d] += delta[d];
            most[d] = std::max(most[d], open[d]);
        }
    }
    std::set<uint8_t> ulPdchs;
    for (const TimedBlock& b : rec.Blocks(GprsDirection::UPLINK))
    {
        ulPdchs.insert(b.record.pdch);
    }
    EXPECT_LE(most[0], 32) << "downlink TBFs beyond the 32 TFIs";
    EXPECT_LE(most[1], 32) << "uplink TBFs beyond the 32 TFIs";
    EXPECT_LE(most[1], static_cast<int>(7 * ulPdchs.size()))
        << "uplink TBFs beyond 7 USFs per PDCH";
    EXPECT_GT(rec.rejected.size(), 0u) << "48 mobiles must run out of TFIs or USFs";
    const std::size_t delivered = rec.deliveries[0].size() + rec.deliveries[1].size();
    EXPECT_EQ(f.Injected(), kMobiles * 16u);
    EXPECT_EQ(delivered, f.Injected()) << "every packet must arrive";
    EXPECT_TRUE(f.CheckConservation().empty());
}

// (from gprs-cell-keep-alive) A held TBF is kept alive, and that costs radio blocks: delayed
// downlink release sends a polled dummy block every KeepAliveInterval and
// ends with a final block; an extended uplink TBF gets a USF every KeepAliveInterval,
// answered with a Packet Uplink Dummy Control Block or with new data.
TEST(GprsPcuTbf, HeldTbfsSendPolledDummyBlocksDownAndDummyControlBlocksUpEveryKeepAliveInterval)
{
    const Time hold = Seconds(2);
    PcuFixture f;
    f.UseBlerFile("cell-bler-zero.txt")
        .Pcu("DelayedReleaseTime", TimeValue(hold))
        .Pcu("ExtendedUplinkTime", TimeValue(hold));
    f.SendDown(0, 200, Seconds(1));
    f.SendUp(0, 200, Seconds(1), 2, Seconds(1.5));
    f.RunUntil(Seconds(10));
    const Time keepAlive = TimeAttribute(f.GetPcu(), "KeepAliveInterval");
    const double perHold = hold.GetSeconds() / keepAlive.GetSeconds();
    const PcuRecorder& rec = f.Rec();

    // Downlink: after the packet, keep-alives until the hold ends, then the final block.
    ASSERT_EQ(rec.DeliveredTo(0).size(), 1u) << "downlink packet";
    const Time delivered = rec.DeliveredTo(0).front().at;
    uint32_t dlAfter = 0;
    uint32_t polled = 0;
    bool final = false;
    for (const TimedBlock& b : rec.Blocks(GprsDirection::DOWNLINK))
    {
        if (b.at <= delivered)
        {
            continue;
        }
        if (b.record.fbi)
        {
            final = true;
            break; // the hold is over
        }
        if (b.record.kind == GprsRlcTxKind::NEW) // not a resend of the data's last blocks
        {
            ++dlAfter;
            polled += b.record.polled;
        }
    }
    EXPECT_GE(dlAfter, perHold - 1) << "downlink keep-alive blocks";
    EXPECT_LE(dlAfter, perHold + 2) << "downlink keep-alive blocks";
    EXPECT_EQ(polled, dlAfter) << "every keep-alive block is polled";
    EXPECT_TRUE(final) << "the held TBF ends with a final block";

    // Uplink: one TBF for both packets, dummy control blocks while held.
    EXPECT_EQ(rec.EstablishedIn(GprsDirection::UPLINK, Seconds(0), Seconds(10)).size(), 1u)
        << "the second uplink packet rides on the held TBF";
    ASSERT_EQ(rec.deliveries[1].size(), 2u) << "uplink packets";
    const Delivery& second = rec.deliveries[1][1];
    const auto dummies = rec.Controls(GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK).size();
    EXPECT_GE(dummies, perHold) << "uplink keep-alive blocks";
    EXPECT_LE(dummies, 2 * perHold + 2) << "uplink keep-alive blocks";
    EXPECT_LE(second.delay, keepAlive + MilliSeconds(300))
        << "the held TBF carries new data at the next USF";
}

// (from gprs-cell-llc-lifetime) LLC PDU lifetime: downlink packets that
// waited longer than LlcPduLifetime in the GGSN buffer (here, through an outage) are dropped
// and traced; none is delivered later than that. Without a lifetime all arrive.
TEST(GprsPcuLlc, PduLifetimeOf3sDropsPacketsThatWaitedThroughAnOutageNoneDeliveredLater)
{
    const Time lifetime = Seconds(3);
    for (const bool withLifetime : {true, false})
    {
        SCOPED_TRACE(withLifetime ? "LlcPduLifetime 3 s" : "no lifetime");
        PcuFixture f;
        f.UseBlerFile("cell-bler-zero.txt");
        f.Ms(0).AddOutages("2s-12s");
        if (withLifetime)
        {
            f.Pcu("LlcPduLifetime", TimeValue(lifetime));
        }
        f.SendDown(0, 300, MilliSeconds(100), 100, Seconds(1));
        f.RunUntil(Seconds(60));
        Time longest;
        for (const Delivery& d : f.Rec().deliveries[0])
        {
            longest = std::max(longest, d.delay);
        }
        const std::size_t drops = f.Rec().BufferDrops(GprsDirection::DOWNLINK);
        EXPECT_TRUE(f.CheckConservation().empty()) << "conservation";
        if (withLifetime)
        {
            EXPECT_GT(drops, 0u) << "expired packets dropped";
            // Waited at most the lifetime in the buffer, then radio time.
            EXPECT_LE(longest, lifetime + Seconds(1))
                << "a packet older than its lifetime delivered";
        }
        else
        {
            EXPECT_EQ(drops, 0u) << "no lifetime: nothing dropped";
            EXPECT_EQ(f.Rec().deliveries[0].size(), 100u) << "no lifetime: all arrive";
            EXPECT_GT(longest, lifetime + Seconds(1)) << "the outage delays";
        }
    }
}

// (from gprs-cell-unacknowledged) RLC unacknowledged mode: no data block is
// sent twice (only the final block is repeated to poll the mobile); at 13 dB with CS-2 (BLER
// 3.4 %) the LLC frames touched by lost blocks are lost (counted by LlcFrameLost) and the rest
// delivered.
TEST(GprsPcuRlcUnacknowledged, NoRetransmissionLostBlocksLoseLlcFrames)
{
    constexpr uint32_t kPackets = 200;
    PcuFixture f;
    f.Pcu("RlcMode", StringValue("Unacknowledged"));
    f.Ms(0).SetRadio("13");
    f.SendDown(0, 500, MilliSeconds(200), kPackets, Seconds(1));
    f.RunUntil(Seconds(60));
    uint32_t retransmissions = 0;
    uint32_t lostBlocks = 0;
    for (const TimedBlock& b : f.Rec().Blocks(GprsDirection::DOWNLINK))
    {
        retransmissions += b.record.kind != GprsRlcTxKind::NEW && !b.record.fbi ? 1 : 0;
        lostBlocks += b.record.lost ? 1 : 0;
    }
    const std::size_t delivered = f.Rec().deliveries[0].size();
    EXPECT_EQ(retransmissions, 0u) << "no retransmission in unacknowledged mode";
    EXPECT_GT(lostBlocks, 0u) << "blocks are lost at 13 dB";
    EXPECT_GT(f.Rec().FramesLost(GprsDirection::DOWNLINK), 0u) << "lost blocks lose LLC frames";
    EXPECT_LT(delivered, kPackets) << "some packets are lost";
    EXPECT_GT(delivered, 0u) << "the others are delivered";
}

// (from gprs-cell-unreachable) One mobile in an outage does not starve the others: after N3105
// expiry its TBF waits out T3195 and is reached again through CCCH, not by
// assignments on every PDCH in every block.
TEST(GprsPcuTbf, MobileInOutageDoesNotStarveOtherAndComesBackThroughCcchAfterT3195)
{
    PcuFixture f(2);
    f.UseBlerFile("cell-bler-zero.txt");
    f.Ms(0).AddOutages("5s-10s");
    for (uint32_t ms = 0; ms < 2; ++ms)
    {
        f.SendDown(ms, 500, kSaturatingInterval, 1400, Seconds(1));
    }
    f.RunUntil(Seconds(16));
    const PcuRecorder& rec = f.Rec();
    auto rate = [&rec](uint32_t ms, Time from, Time to) {
        double sum = 0;
        for (const Delivery& d : rec.DeliveredTo(ms))
        {
            sum += d.at >= from && d.at < to ? d.bytes : 0;
        }
        return sum / (to - from).GetSeconds();
    };
    const double shared = rate(1, Seconds(2), Seconds(5));
    const double during = rate(1, Seconds(6), Seconds(9));
    uint32_t assignmentsDuringOutage = 0;
    for (const TimedControl& c : rec.Controls(GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT))
    {
        assignmentsDuringOutage += c.ms == 0 && c.at >= Seconds(5.5) && c.at < Seconds(10);
    }
    const Time t3195 = TimeAttribute(f.GetPcu(), "T3195");
    const Time maxAccess = UniformBounds(f.GetPcu(), "DownlinkAssignmentDelay").second;
    const auto back = rec.EstablishedIn(GprsDirection::DOWNLINK, Seconds(5), Seconds(16));
    EXPECT_GT(shared, 0) << "mobile 1 must receive before the outage";
    EXPECT_GE(during, 0.8 * shared) << "mobile 1 starved by mobile 0";
    EXPECT_EQ(rec.AbnormalReleases(), 1u) << "N3105 ends mobile 0's TBF once";
    EXPECT_EQ(assignmentsDuringOutage, 0u) << "no PACCH for a mobile that left";
    // Back after the outage: no earlier than T3195 after the abnormal release, then CCCH.
    const auto it = std::find_if(rec.released.begin(), rec.released.end(), [](const TbfEvent& e) {
        return e.abnormal;
    });
    ASSERT_NE(it, rec.released.end()) << "abnormal release";
    ASSERT_FALSE(back.empty()) << "mobile 0 must get a TBF again";
    const TbfEvent& again = back.front();
    EXPECT_EQ(again.ms, 0u) << "the new TBF is mobile 0's";
    EXPECT_GE(again.at, it->at + t3195) << "TBF before T3195 expired";
    EXPECT_GE(again.at, Seconds(10)) << "TBF during the outage";
    EXPECT_LE(again.at - std::max(Seconds(10), it->at + t3195), maxAccess)
        << "one CCCH access after the outage and T3195";
    EXPECT_GT(rate(0, Seconds(12), Seconds(16)), 0) << "mobile 0 receives again";
}

// (from gprs-cell-unacknowledged-wrap) RLC unacknowledged mode through an outage: the downlink
// TBF keeps sending unpolled blocks while the mobile hears nothing, so more than 128 blocks may
// be lost in a row and the BSN wraps without a gap the receive
// window can see. The receiver must drop the frames concerned (as LLC's FCS would) and go on,
// not stop.
TEST(GprsPcuRlcUnacknowledged, BsnWrapsUnseenThroughOutageFramesDroppedPacketsConserved)
{
    PcuFixture f(3);
    f.Pcu("RlcMode", StringValue("Unacknowledged"));
    for (uint32_t ms = 0; ms < 3; ++ms)
    {
        f.Ms(ms).SetRadio("12").AddOutages("5s-6s");
        f.SendDown(ms, 1400, MilliSeconds(300), 100, Seconds(1));
        f.SendUp(ms, 600, MilliSeconds(700), 40, Seconds(1));
    }
    f.RunUntil(Seconds(200));
    const std::size_t delivered = f.Rec().deliveries[0].size() + f.Rec().deliveries[1].size();
    EXPECT_GT(delivered, 0u) << "packets delivered";
    const auto problems = f.CheckConservation();
    EXPECT_TRUE(problems.empty()) << problems.size() << " problems, first: "
                                  << (problems.empty() ? "" : problems.front());
}

// (from gprs-cell-reselection, with UDP instead of TCP) A cell reselection ends the mobile's
// TBFs abnormally and flushes the LLC frames in RLC (lost, counted); the mobile is away
// ReselectionTime, then sends a cell update (TS 23.060 6.9.1.2.1: any uplink LLC frame) on a new
// uplink TBF, and only then does the downlink resume.
TEST(GprsPcuTbf, ReselectionEndsTbfsFlushesFramesThenCellUpdateOnUplinkBeforeDownlinkResumes)
{
    PcuFixture f;
    f.Ms(0).SetCellReselections({Seconds(5)});
    // Downlink packets all along, more than the cell carries: RLC holds frames at 5 s.
    f.SendDown(0, 500, MilliSeconds(50), 300, Seconds(1));
    f.RunUntil(Seconds(60));
    const PcuRecorder& rec = f.Rec();
    const auto atReselection =
        std::count_if(rec.released.begin(), rec.released.end(), [](const TbfEvent& e) {
            return e.abnormal && e.at == Seconds(5);
        });
    EXPECT_GT(atReselection, 0) << "an abnormal TBF release at 5 s";
    EXPECT_GT(rec.FramesLost(GprsDirection::DOWNLINK), 0u) << "LLC frames flushed";
    const Time away = TimeAttribute(f.GetPcu(), "ReselectionTime");
    const Time minAccess = UniformBounds(f.GetPcu(), "UplinkAccessDelay").first;
    const auto after = [&rec](GprsDirection dir) {
        const auto list = rec.EstablishedIn(dir, Seconds(5), Seconds(60));
        return list.empty() ? Seconds(1000) : list.front().at;
    };
    const Time ul = after(GprsDirection::UPLINK);
    const Time dl = after(GprsDirection::DOWNLINK);
    EXPECT_GE(ul, Seconds(5) + away + minAccess)
        << "uplink TBF before the mobile camped and accessed";
    EXPECT_LT(ul, Seconds(60)) << "no cell update";
    EXPECT_GT(dl, ul) << "downlink TBF before the cell update";
    EXPECT_FALSE(rec.DeliveredTo(0).empty() || rec.DeliveredTo(0).back().at <= dl)
        << "the downlink resumes";
    const auto problems = f.CheckConservation();
    EXPECT_TRUE(problems.empty()) << problems.size() << " problems, first: "
                                  << (problems.empty() ? "" : problems.front());
}
