/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-rlc-window.h"

#include <array>
#include <functional>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// GPRS's sequence space (SNS 128, WS 64).
const GprsRlcSequenceSpace kGprs = GprsRlcSequenceSpace::Gprs();

/// \return a description acknowledging every block below ssn (bits beyond V(A) are ignored)
GprsRlcAckNackDescription
AckAllBelow(uint16_t ssn)
{
    return GprsRlcAckNackDescription(false, ssn, ~uint64_t{0});
}

/// \return every block the receiver can hand out now, in order
std::vector<GprsRlcRxDelivery>
TakeAll(GprsRlcRxWindow& rx)
{
    std::vector<GprsRlcRxDelivery> out;
    while (const auto delivery = rx.PopDeliverable())
    {
        out.push_back(*delivery);
    }
    return out;
}

/// \return the BSNs of deliveries, checking that all were received
std::vector<uint16_t>
ReceivedBsns(const std::vector<GprsRlcRxDelivery>& deliveries)
{
    std::vector<uint16_t> bsns;
    for (const auto& delivery : deliveries)
    {
        EXPECT_TRUE(delivery.received) << "BSN " << delivery.bsn;
        bsns.push_back(delivery.bsn);
    }
    return bsns;
}

/// Check the transmit window invariants of TS 44.060 clauses 9.1.1-9.1.3.
void
CheckTxInvariants(const GprsRlcTxWindow& tx)
{
    const uint16_t outstanding = tx.GetOutstanding();
    ASSERT_LE(outstanding, kGprsRlcWs);
    ASSERT_EQ(tx.IsStalled(), outstanding == kGprsRlcWs);
    bool nacked = false;
    for (uint16_t bsn = 0; bsn < kGprsRlcSns; ++bsn)
    {
        const bool inWindow = kGprs.InRange(bsn, tx.GetVA(), outstanding);
        ASSERT_EQ(tx.GetState(bsn) != GprsRlcTxState::INVALID, inWindow) << "BSN " << bsn;
        nacked = nacked || tx.GetState(bsn) == GprsRlcTxState::NACKED;
    }
    ASSERT_EQ(tx.HasNacked(), nacked);
    if (outstanding > 0)
    {
        ASSERT_NE(tx.GetState(tx.GetVA()), GprsRlcTxState::ACKED) << "V(A) not advanced";
    }
}

/// Check the receive window invariants of TS 44.060 clauses 9.1.5-9.1.7.
void
CheckRxInvariants(const GprsRlcRxWindow& rx)
{
    const uint16_t pending = kGprs.Distance(rx.GetVQ(), rx.GetVR());
    ASSERT_LE(pending, kGprsRlcWs);
    if (pending > 0)
    {
        ASSERT_FALSE(rx.IsReceived(rx.GetVQ())) << "V(Q) is not the oldest missing block";
        ASSERT_TRUE(rx.IsReceived(kGprs.Mod(rx.GetVR() - 1))) << "V(R) - 1 not received";
    }
}

} // namespace

TEST(GprsRlcBsn, ModuloArithmetic)
{
    EXPECT_EQ(kGprs.Mod(-1), 127);
    EXPECT_EQ(kGprs.Mod(128), 0);
    EXPECT_EQ(kGprs.Mod(-129), 127);
    EXPECT_EQ(kGprs.Mod(300), 300 - 256);
    EXPECT_EQ(kGprs.Distance(120, 5), 13);
    EXPECT_EQ(kGprs.Distance(5, 120), 115);
    EXPECT_EQ(kGprs.Distance(7, 7), 0);
    EXPECT_TRUE(kGprs.InRange(3, 120, 20));
    EXPECT_TRUE(kGprs.InRange(11, 120, 20));
    EXPECT_FALSE(kGprs.InRange(12, 120, 20));
    EXPECT_FALSE(kGprs.InRange(119, 120, 20));
    for (uint16_t bsn = 0; bsn < kGprsRlcSns; ++bsn)
    {
        EXPECT_FALSE(kGprs.InRange(bsn, 17, 0));
        EXPECT_TRUE(kGprs.InRange(bsn, 17, kGprsRlcSns));
    }
}

TEST(GprsRlcAckNackDescription, BitNumberMapsToBsnPerTs44060Clause12_3)
{
    // BSN = (SSN - bit_number) modulo 128, bit_number = 1..64.
    const GprsRlcAckNackDescription ssn5(false, 5, 0);
    EXPECT_EQ(ssn5.GetBsn(1), 4);
    EXPECT_EQ(ssn5.GetBsn(5), 0);
    EXPECT_EQ(ssn5.GetBsn(6), 127);
    EXPECT_EQ(ssn5.GetBsn(64), 69);
    const GprsRlcAckNackDescription ssn0(false, 0, 0);
    EXPECT_EQ(ssn0.GetBsn(1), 127);
    EXPECT_EQ(ssn0.GetBsn(64), 64);
    for (uint16_t ssn = 0; ssn < kGprsRlcSns; ++ssn)
    {
        const GprsRlcAckNackDescription description(false, ssn, 0);
        for (uint16_t bitNumber = 1; bitNumber <= 64; ++bitNumber)
        {
            EXPECT_EQ(description.GetBsn(bitNumber), (ssn + 128 - bitNumber) % 128);
        }
    }
}

TEST(GprsRlcAckNackDescription, OctetsCarryBit64FirstAndBit1Last)
{
    struct Case
    {
        uint16_t bitNumber;
        std::size_t octet;
        uint8_t value;
    };

    // Octet 0 is sent first, most significant bit first: bit number 64 leads, bit 1 ends.
    for (const Case& c : {Case{1, 7, 0x01},
                          Case{8, 7, 0x80},
                          Case{9, 6, 0x01},
                          Case{57, 0, 0x01},
                          Case{64, 0, 0x80}})
    {
        GprsRlcAckNackDescription description(false, 42, 0);
        description.SetBit(c.bitNumber, true);
        EXPECT_EQ(description.GetRbb(), uint64_t{1} << (c.bitNumber - 1));
        GprsRbbOctets expected{};
        expected[c.octet] = c.value;
        EXPECT_EQ(description.GetRbbOctets(), expected) << "bit number " << c.bitNumber;
        EXPECT_EQ(GprsRlcAckNackDescription::FromRbbOctets(false, 42, expected), description);
        description.SetBit(c.bitNumber, false);
        EXPECT_EQ(description.GetRbb(), 0U);
    }
}

TEST(GprsRlcAckNackDescription, RandomRoundTripThroughOctets)
{
    std::mt19937_64 rng(4406012);
    std::uniform_int_distribution<int> ssnDist(0, kGprsRlcSns - 1);
    for (int i = 0; i < 1000; ++i)
    {
        const GprsRlcAckNackDescription description(rng() % 2 == 0,
                                                    static_cast<uint16_t>(ssnDist(rng)),
                                                    rng());
        const GprsRbbOctets octets = description.GetRbbOctets();
        for (uint16_t bitNumber = 1; bitNumber <= 64; ++bitNumber)
        {
            // Bit number n sits in octet (64 - n) / 8 at bit position (n - 1) % 8.
            const bool onAir = (octets[(64 - bitNumber) / 8] >> ((bitNumber - 1) % 8)) & 1;
            ASSERT_EQ(description.GetBit(bitNumber), onAir);
        }
        const auto decoded = GprsRlcAckNackDescription::FromRbbOctets(description.GetFinalAck(),
                                                                      description.GetSsn(),
                                                                      octets);
        ASSERT_EQ(decoded, description);
    }
}

TEST(GprsRlcAckNackDescription, RejectsValuesOutsideTheFields)
{
    for (const auto& call : std::vector<std::pair<std::string, std::function<void()>>>{
             {"SSN 128", [] { GprsRlcAckNackDescription(false, 128, 0); }},
             {"bit number 0", [] { GprsRlcAckNackDescription().GetBit(0); }},
             {"bit number 65", [] { GprsRlcAckNackDescription().SetBit(65, true); }},
             {"bit number 65", [] { GprsRlcAckNackDescription().GetBsn(65); }}})
    {
        try
        {
            call.second();
            ADD_FAILURE() << "accepted " << call.first;
        }
        catch (const std::invalid_argument& e)
        {
            EXPECT_NE(std::string(e.what()).find(call.first), std::string::npos) << e.what();
        }
    }
}

// Scenario of osmo-pcu tests/types/TypesTest.cpp, test_rlc_dl_ul_basic (uplink window part),
// with the RBB octets its TypesTest.ok prints.
TEST(GprsRlcRxWindow, OsmoPcuUplinkWindowVectors)
{
    GprsRlcRxWindow rx;
    EXPECT_TRUE(rx.IsInWindow(0));
    EXPECT_TRUE(rx.IsInWindow(63));
    EXPECT_FALSE(rx.IsInWindow(64));
    EXPECT_EQ(rx.GetAckNack().GetSsn(), 0);
    EXPECT_EQ(rx.GetAckNack().GetRbbOctets(), GprsRbbOctets{});

    struct Step
    {
        uint16_t bsn;
        uint16_t deliverable;
        uint16_t vQ;
        uint16_t vR;
        GprsRbbOctets rbb;
    };

    for (const Step& step : {Step{0, 1, 1, 1, {0, 0, 0, 0, 0, 0, 0, 0x01}},
                             Step{1, 1, 2, 2, {0, 0, 0, 0, 0, 0, 0, 0x03}},
                             Step{5, 0, 2, 6, {0, 0, 0, 0, 0, 0, 0, 0x31}},
                             Step{65, 0, 2, 66, {0x10, 0, 0, 0, 0, 0, 0, 0x01}}})
    {
        EXPECT_TRUE(rx.IsInWindow(step.bsn));
        EXPECT_EQ(rx.Receive(step.bsn), GprsRlcRxStatus::NEW_BLOCK);
        EXPECT_EQ(rx.GetDeliverableCount(), step.deliverable) << "BSN " << step.bsn;
        TakeAll(rx);
        EXPECT_EQ(rx.GetVQ(), step.vQ);
        EXPECT_EQ(rx.GetVR(), step.vR);
        EXPECT_EQ(rx.GetAckNack().GetSsn(), step.vR);
        EXPECT_EQ(rx.GetAckNack().GetRbbOctets(), step.rbb) << "after BSN " << step.bsn;
    }

    EXPECT_TRUE(rx.IsInWindow(2));
    EXPECT_FALSE(rx.IsInWindow(66));
    rx.Receive(2);
    EXPECT_EQ(ReceivedBsns(TakeAll(rx)), std::vector<uint16_t>{2});
    EXPECT_EQ(rx.GetVQ(), 3);
    EXPECT_EQ(rx.GetVR(), 66);

    EXPECT_TRUE(rx.IsInWindow(66));
    rx.Receive(66);
    EXPECT_EQ(rx.GetDeliverableCount(), 0);
    EXPECT_EQ(rx.GetVQ(), 3);
    EXPECT_EQ(rx.GetVR(), 67);

    for (uint16_t bsn = 3; bsn <= 67; ++bsn)
    {
        // Blocks 5, 65 and 66 came earlier; V(Q) has moved past them when they come again.
        const bool seen = bsn == 5 || bsn == 65 || bsn == 66;
        EXPECT_EQ(rx.Receive(bsn),
                  seen ? GprsRlcRxStatus::OUTSIDE_WINDOW : GprsRlcRxStatus::NEW_BLOCK);
        TakeAll(rx);
    }
    EXPECT_EQ(rx.GetVQ(), 68);
    EXPECT_EQ(rx.GetVR(), 68);

    rx.Receive(68);
    EXPECT_EQ(rx.GetDeliverableCount(), 1);
    TakeAll(rx);
    EXPECT_EQ(rx.GetVQ(), 69);
    EXPECT_EQ(rx.GetVR(), 69);

    // Wrap: the window [69, 133) ends at BSN 4.
    EXPECT_TRUE(rx.IsInWindow(4));
    EXPECT_FALSE(rx.IsInWindow(5));
    rx.Receive(4);
    EXPECT_EQ(rx.GetDeliverableCount(), 0);

    // osmo-pcu's "SSN wrap around case": once everything is in, all 64 bits are 1.
    for (uint16_t bsn = 69; bsn != 4; bsn = kGprs.Mod(bsn + 1))
    {
        rx.Receive(bsn);
    }
    EXPECT_EQ(rx.GetDeliverableCount(), 64);
    EXPECT_EQ(rx.GetVQ(), 5);
    EXPECT_EQ(rx.GetVR(), 5);
    const GprsRbbOctets allReceived{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    EXPECT_EQ(rx.GetAckNack().GetRbbOctets(), allReceived);
    EXPECT_EQ(rx.GetAckNack().GetSsn(), 5);
}

// Scenario of osmo-pcu tests/types/TypesTest.cpp, test_rlc_dl_ul_basic (downlink window part):
// two Ack/Nack bitmaps applied to the transmit window.
TEST(GprsRlcTxWindow, OsmoPcuDownlinkAckNackVectors)
{
    GprsRlcTxWindow tx;
    EXPECT_EQ(tx.GetOutstanding(), 0);
    EXPECT_FALSE(tx.IsStalled());
    for (uint16_t i = 0; i < 36; ++i)
    {
        EXPECT_EQ(tx.TransmitNext(true).bsn, i);
        EXPECT_EQ(tx.GetOutstanding(), i + 1);
    }

    auto first = GprsRlcAckNackDescription::FromRbbOctets(
        false,
        35,
        GprsRbbOctets{0x00, 0x00, 0x00, 0x07, 0xff, 0xff, 0xff, 0xff});
    const GprsRlcAckNackResult r1 = tx.ApplyAckNack(first);
    EXPECT_EQ(r1.newlyAcked, 35);
    EXPECT_EQ(r1.nacked, 0);
    EXPECT_FALSE(r1.finalAcked);
    EXPECT_EQ(tx.GetVA(), 35);

    for (uint16_t i = 0; i < 8; ++i)
    {
        tx.TransmitNext(true);
        EXPECT_EQ(tx.GetOutstanding(), 2 + i);
    }

    auto second = GprsRlcAckNackDescription::FromRbbOctets(
        false,
        35 + 8,
        GprsRbbOctets{0x00, 0x00, 0x07, 0xff, 0xff, 0xff, 0xff, 0x31});
    const GprsRlcAckNackResult r2 = tx.ApplyAckNack(second);
    // 0x31 = bits 1, 5, 6: BSN 42, 38, 37 received; 35, 36, 39, 40, 41 missing.
    EXPECT_EQ(r2.newlyAcked, 3);
    EXPECT_EQ(r2.nacked, 5);
    EXPECT_EQ(tx.GetVA(), 35);
    for (uint16_t bsn : {37, 38, 42})
    {
        EXPECT_EQ(tx.GetState(bsn), GprsRlcTxState::ACKED) << bsn;
    }
    for (uint16_t bsn : {35, 36, 39, 40, 41})
    {
        EXPECT_EQ(tx.GetState(bsn), GprsRlcTxState::NACKED) << bsn;
    }
    EXPECT_EQ(tx.GetState(43), GprsRlcTxState::PENDING_ACK);
    CheckTxInvariants(tx);

    for (uint16_t bsn : {35, 36, 39, 40, 41})
    {
        const GprsRlcTxSelection selection = tx.TransmitNext(true);
        EXPECT_EQ(selection.reason, GprsRlcTxReason::RETRANSMIT_NACKED);
        EXPECT_EQ(selection.bsn, bsn);
    }
    EXPECT_FALSE(tx.HasNacked());
    EXPECT_EQ(tx.TransmitNext(true).reason, GprsRlcTxReason::NEW_DATA);
}

// osmo-pcu TypesTest.cpp, test_rlc_dl_ul_basic: distance grows to 64 and stalls, shrinks on acks,
// and stays constant over two BSN cycles of "send two, acknowledge two".
TEST(GprsRlcTxWindow, StallsExactlyAtWindowSizeAndWraps)
{
    GprsRlcTxWindow tx;
    // Start from V(A) = 100 so that the stall point V(A) + 64 wraps to 36.
    for (uint16_t bsn = 0; bsn < 100; ++bsn)
    {
        tx.TransmitNext(true);
        tx.ApplyAckNack(AckAllBelow(bsn + 1));
    }
    ASSERT_EQ(tx.GetVA(), 100);
    for (uint16_t i = 1; i <= kGprsRlcWs; ++i)
    {
        EXPECT_FALSE(tx.IsStalled());
        EXPECT_EQ(tx.TransmitNext(true).reason, GprsRlcTxReason::NEW_DATA);
        EXPECT_EQ(tx.GetOutstanding(), i);
    }
    EXPECT_TRUE(tx.IsStalled());
    EXPECT_EQ(tx.GetVS(), 36);
    EXPECT_EQ(tx.SelectNext(true).reason, GprsRlcTxReason::RETRANSMIT_PENDING);
    CheckTxInvariants(tx);

    const GprsRlcAckNackResult result = tx.ApplyAckNack(AckAllBelow(101));
    EXPECT_EQ(result.newlyAcked, 1);
    EXPECT_EQ(tx.GetOutstanding(), 63);
    EXPECT_FALSE(tx.IsStalled());
    const GprsRlcTxSelection next = tx.SelectNext(true);
    EXPECT_EQ(next.reason, GprsRlcTxReason::NEW_DATA);
    EXPECT_EQ(next.bsn, 36);

    for (int outstanding = 62; outstanding >= 0; --outstanding)
    {
        tx.ApplyAckNack(AckAllBelow(kGprs.Mod(tx.GetVA() + 1)));
        EXPECT_EQ(tx.GetOutstanding(), outstanding);
    }

    for (int i = 0; i < 4; ++i)
    {
        tx.TransmitNext(true);
    }
    const uint16_t startVS = tx.GetVS();
    for (int i = 0; i < 128; ++i)
    {
        tx.TransmitNext(true);
        tx.TransmitNext(true);
        tx.ApplyAckNack(AckAllBelow(kGprs.Mod(tx.GetVA() + 2)));
        ASSERT_EQ(tx.GetOutstanding(), 4);
        CheckTxInvariants(tx);
    }
    EXPECT_EQ(tx.GetVS(), startVS); // 256 blocks: two full cycles
}

TEST(GprsRlcTxWindow, RetransmissionOrder)
{
    GprsRlcTxWindow tx;
    for (int i = 0; i < 10; ++i)
    {
        tx.TransmitNext(true);
    }
    // Blocks 2, 5 and 7 missing: bit n describes BSN 10 - n.
    GprsRlcAckNackDescription nack(false, 10, 0);
    for (uint16_t bitNumber = 1; bitNumber <= 10; ++bitNumber)
    {
        const uint16_t bsn = nack.GetBsn(bitNumber);
        nack.SetBit(bitNumber, bsn != 2 && bsn != 5 && bsn != 7);
    }
    const GprsRlcAckNackResult result = tx.ApplyAckNack(nack);
    EXPECT_EQ(result.newlyAcked, 7);
    EXPECT_EQ(result.nacked, 3);
    EXPECT_EQ(tx.GetVA(), 2);

    // NACKED first, lowest BSN first, even with new data waiting.
    for (uint16_t bsn : {2, 5, 7})
    {
        EXPECT_TRUE(tx.HasNacked());
        const GprsRlcTxSelection selection = tx.TransmitNext(true);
        EXPECT_EQ(selection.reason, GprsRlcTxReason::RETRANSMIT_NACKED);
        EXPECT_EQ(selection.bsn, bsn);
    }
    EXPECT_FALSE(tx.HasNacked());

    // Then new data up to the stall at V(A) + 64 = 66.
    for (uint16_t bsn = 10; bsn < 66; ++bsn)
    {
        const GprsRlcTxSelection selection = tx.TransmitNext(true);
        EXPECT_EQ(selection.reason, GprsRlcTxReason::NEW_DATA);
        EXPECT_EQ(selection.bsn, bsn);
    }
    EXPECT_TRUE(tx.IsStalled());

    // Stalled: the PENDING_ACK blocks, oldest first, cyclically (ACKED 3, 4, 6, 8, 9 skipped).
    std::vector<uint16_t> pending{2, 5, 7};
    for (uint16_t bsn = 10; bsn < 66; ++bsn)
    {
        pending.push_back(bsn);
    }
    for (int cycle = 0; cycle < 2; ++cycle)
    {
        for (uint16_t bsn : pending)
        {
            const GprsRlcTxSelection selection = tx.TransmitNext(true);
            ASSERT_EQ(selection.reason, GprsRlcTxReason::RETRANSMIT_PENDING);
            ASSERT_EQ(selection.bsn, bsn);
        }
    }

    // A NACK overrides the cycle; the next Ack/Nack restarts the cycle at the oldest block.
    GprsRlcAckNackDescription nack5(false, 6, 0);
    for (uint16_t bitNumber = 1; bitNumber <= 4; ++bitNumber)
    {
        nack5.SetBit(bitNumber, nack5.GetBsn(bitNumber) != 5);
    }
    tx.TransmitNext(true); // resend 2, the cycle moves on to 5
    tx.ApplyAckNack(nack5);
    EXPECT_EQ(tx.GetVA(), 5);
    EXPECT_FALSE(tx.IsStalled());
    EXPECT_EQ(tx.TransmitNext(true).bsn, 5); // NACKED
    EXPECT_EQ(tx.TransmitNext(true).bsn, 66);
    EXPECT_EQ(tx.TransmitNext(true).bsn, 67);
    EXPECT_FALSE(tx.IsStalled());
    // No new data: pending blocks from the oldest again.
    const GprsRlcTxSelection resend = tx.TransmitNext(false);
    EXPECT_EQ(resend.reason, GprsRlcTxReason::RETRANSMIT_PENDING);
    EXPECT_EQ(resend.bsn, 5);
    EXPECT_EQ(tx.TransmitNext(false).bsn, 7);
    CheckTxInvariants(tx);
}

TEST(GprsRlcTxWindow, FinalBlockAcknowledgement)
{
    GprsRlcTxWindow tx;
    EXPECT_EQ(tx.SelectNext(false).reason, GprsRlcTxReason::NONE);
    EXPECT_THROW(tx.SetFinalBsn(127), std::invalid_argument); // nothing sent yet
    for (int i = 0; i < 5; ++i)
    {
        tx.TransmitNext(true);
    }
    EXPECT_THROW(tx.SetFinalBsn(3), std::invalid_argument); // not the last new block
    EXPECT_THROW(tx.SetFinalBsn(128), std::invalid_argument);
    tx.SetFinalBsn(4);
    EXPECT_EQ(tx.GetFinalBsn(), 4);
    EXPECT_THROW(tx.SetFinalBsn(4), std::invalid_argument);
    EXPECT_THROW(tx.TransmitNext(true), std::invalid_argument);
    EXPECT_EQ(tx.TransmitNext(false).reason, GprsRlcTxReason::RETRANSMIT_PENDING);

    EXPECT_FALSE(tx.ApplyAckNack(AckAllBelow(4)).finalAcked);
    const GprsRlcAckNackResult result = tx.ApplyAckNack(AckAllBelow(5));
    EXPECT_TRUE(result.finalAcked);
    EXPECT_TRUE(tx.IsFinalAcked());
    EXPECT_EQ(tx.SelectNext(false).reason, GprsRlcTxReason::NONE);

    // FAI = 1 acknowledges everything whatever SSN and RBB say (clause 12.3).
    GprsRlcTxWindow fai;
    for (int i = 0; i < 7; ++i)
    {
        fai.TransmitNext(true);
    }
    fai.SetFinalBsn(6);
    const GprsRlcAckNackResult faiResult =
        fai.ApplyAckNack(GprsRlcAckNackDescription(true, 100, 0));
    EXPECT_EQ(faiResult.newlyAcked, 7);
    EXPECT_TRUE(faiResult.finalAcked);
    EXPECT_EQ(fai.GetOutstanding(), 0);
}

TEST(GprsRlcTxWindow, RejectsAckNackForBlocksNeverSent)
{
    GprsRlcTxWindow tx;
    for (int i = 0; i < 10; ++i)
    {
        tx.TransmitNext(true);
    }
    tx.ApplyAckNack(AckAllBelow(4));
    EXPECT_NO_THROW(tx.ApplyAckNack(AckAllBelow(4)));  // V(A)
    EXPECT_NO_THROW(tx.ApplyAckNack(AckAllBelow(10))); // V(S)
    try
    {
        tx.ApplyAckNack(AckAllBelow(11));
        ADD_FAILURE() << "accepted SSN 11 > V(S)";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_NE(std::string(e.what()).find("SSN 11"), std::string::npos) << e.what();
    }
    EXPECT_THROW(tx.ApplyAckNack(AckAllBelow(3)), std::invalid_argument); // V(A) is now 10
}

TEST(GprsRlcRxWindow, IgnoresDuplicatesAndBlocksOutsideTheWindow)
{
    GprsRlcRxWindow rx;
    const auto before = rx.GetAckNack();
    EXPECT_EQ(rx.Receive(64), GprsRlcRxStatus::OUTSIDE_WINDOW);  // exactly WS ahead of V(Q)
    EXPECT_EQ(rx.Receive(127), GprsRlcRxStatus::OUTSIDE_WINDOW); // one behind
    EXPECT_EQ(rx.GetAckNack(), before);
    EXPECT_EQ(rx.GetVR(), 0);

    EXPECT_EQ(rx.Receive(63), GprsRlcRxStatus::NEW_BLOCK); // last BSN of the window
    EXPECT_EQ(rx.GetVR(), 64);
    EXPECT_EQ(rx.Receive(63), GprsRlcRxStatus::DUPLICATE);
    // Backwards, so that V(Q) stays at 0 and every repeat is a duplicate inside the window.
    for (uint16_t bsn = 62; bsn > 0; --bsn)
    {
        EXPECT_EQ(rx.Receive(bsn), GprsRlcRxStatus::NEW_BLOCK);
        EXPECT_EQ(rx.Receive(bsn), GprsRlcRxStatus::DUPLICATE);
        EXPECT_EQ(rx.GetVQ(), 0);
    }
    EXPECT_EQ(rx.Receive(0), GprsRlcRxStatus::NEW_BLOCK);
    EXPECT_EQ(rx.Receive(0), GprsRlcRxStatus::OUTSIDE_WINDOW); // V(Q) moved past it
    EXPECT_EQ(TakeAll(rx).size(), 64U);
    EXPECT_EQ(rx.GetVQ(), 64);

    const auto full = rx.GetAckNack();
    EXPECT_EQ(rx.Receive(0), GprsRlcRxStatus::OUTSIDE_WINDOW);  // exactly WS behind V(Q)
    EXPECT_EQ(rx.Receive(63), GprsRlcRxStatus::OUTSIDE_WINDOW); // just delivered
    EXPECT_EQ(rx.GetAckNack(), full);
    EXPECT_EQ(rx.Receive(127), GprsRlcRxStatus::NEW_BLOCK); // V(Q) + 63
    EXPECT_EQ(rx.GetVR(), 0);
    EXPECT_EQ(rx.GetDeliverableCount(), 0);
    EXPECT_THROW(rx.Receive(128), std::invalid_argument);
    CheckRxInvariants(rx);
}

TEST(GprsRlcRxWindow, DeliversInOrderUpToTheFinalBlock)
{
    GprsRlcRxWindow rx;
    rx.Receive(0);
    EXPECT_EQ(ReceivedBsns(TakeAll(rx)), std::vector<uint16_t>{0});
    rx.Receive(2);
    rx.Receive(4, true);
    EXPECT_EQ(rx.GetFinalBsn(), 4);
    EXPECT_EQ(rx.GetDeliverableCount(), 0);
    EXPECT_FALSE(rx.IsComplete());
    EXPECT_FALSE(rx.GetAckNack().GetFinalAck());
    rx.Receive(1);
    EXPECT_EQ(ReceivedBsns(TakeAll(rx)), (std::vector<uint16_t>{1, 2}));
    rx.Receive(3);
    EXPECT_EQ(ReceivedBsns(TakeAll(rx)), (std::vector<uint16_t>{3, 4}));
    EXPECT_TRUE(rx.IsComplete());
    const auto ackNack = rx.GetAckNack();
    EXPECT_TRUE(ackNack.GetFinalAck());
    EXPECT_EQ(ackNack.GetSsn(), 5);
    // A retransmission arriving after completion is ignored.
    EXPECT_EQ(rx.Receive(4, true), GprsRlcRxStatus::OUTSIDE_WINDOW);
}

TEST(GprsRlcRxWindow, RejectsBlocksContradictingTheFinalBlock)
{
    GprsRlcRxWindow afterFinal;
    afterFinal.Receive(3, true);
    EXPECT_THROW(afterFinal.Receive(5), std::invalid_argument);
    EXPECT_EQ(afterFinal.Receive(1), GprsRlcRxStatus::NEW_BLOCK);

    GprsRlcRxWindow finalBelowVR;
    finalBelowVR.Receive(5);
    EXPECT_THROW(finalBelowVR.Receive(2, true), std::invalid_argument);
}

TEST(GprsRlcRxWindow, RefusesToOverwriteBlocksNotTaken)
{
    GprsRlcRxWindow rx;
    for (uint16_t bsn = 0; bsn < kGprsRlcSns; ++bsn)
    {
        ASSERT_EQ(rx.Receive(bsn), GprsRlcRxStatus::NEW_BLOCK);
    }
    EXPECT_EQ(rx.GetDeliverableCount(), kGprsRlcSns);
    EXPECT_THROW(rx.Receive(0), std::logic_error); // would reuse the slot of the first BSN 0
    const auto deliveries = TakeAll(rx);
    ASSERT_EQ(deliveries.size(), kGprsRlcSns);
    for (uint16_t i = 0; i < kGprsRlcSns; ++i)
    {
        EXPECT_EQ(deliveries[i].bsn, i);
    }
    EXPECT_EQ(rx.Receive(0), GprsRlcRxStatus::NEW_BLOCK);
}

TEST(GprsRlcWindows, LosslessTransferWrapsOverSeveralCycles)
{
    GprsRlcTxWindow tx;
    GprsRlcRxWindow rx;
    const uint32_t blocks = 5 * kGprsRlcSns + 17;
    uint32_t delivered = 0;
    for (uint32_t i = 0; i < blocks; ++i)
    {
        const GprsRlcTxSelection selection = tx.TransmitNext(true);
        ASSERT_EQ(selection.reason, GprsRlcTxReason::NEW_DATA);
        ASSERT_EQ(selection.bsn, i % kGprsRlcSns);
        ASSERT_EQ(rx.Receive(selection.bsn), GprsRlcRxStatus::NEW_BLOCK);
        for (const auto& delivery : TakeAll(rx))
        {
            ASSERT_EQ(delivery.bsn, delivered++ % kGprsRlcSns);
        }
        if (i % 5 == 4)
        {
            const auto result = tx.ApplyAckNack(rx.GetAckNack());
            ASSERT_EQ(result.newlyAcked, 5);
            ASSERT_EQ(tx.GetOutstanding(), 0);
        }
        CheckTxInvariants(tx);
        CheckRxInvariants(rx);
    }
    EXPECT_EQ(delivered, blocks);
    EXPECT_EQ(rx.GetVR(), blocks % kGprsRlcSns);
}

TEST(GprsRlcWindows, RandomLossDeliversEveryBlockOnceInOrder)
{
    const uint32_t blocks = 2000;
    const int ackPeriod = 6; // blocks between Ack/Nack polls
    for (double loss : {0.0, 0.1, 0.3, 0.5, 0.7, 0.9})
    {
        SCOPED_TRACE("loss " + std::to_string(loss));
        std::mt19937 rng(static_cast<uint32_t>(1000 * loss) + 1);
        std::bernoulli_distribution lost(loss);
        GprsRlcTxWindow tx;
        GprsRlcRxWindow rx;
        std::array<uint32_t, kGprsRlcSns> sentData{}; // data unit carried by each BSN
        std::array<uint32_t, kGprsRlcSns> rxData{};
        uint32_t nextNew = 0;
        uint32_t nextExpected = 0;
        uint32_t nackedSeen = 0;
        uint64_t step = 0;
        while (!tx.IsFinalAcked())
        {
            ASSERT_LT(++step, 2000000U) << "no progress";
            const GprsRlcTxSelection selection = tx.TransmitNext(nextNew < blocks);
            if (selection.reason == GprsRlcTxReason::NEW_DATA)
            {
                sentData[selection.bsn] = nextNew++;
                if (nextNew == blocks)
                {
                    tx.SetFinalBsn(selection.bsn);
                }
            }
            if (selection.reason != GprsRlcTxReason::NONE && !lost(rng))
            {
                const uint32_t data = sentData[selection.bsn];
                if (rx.Receive(selection.bsn, data + 1 == blocks) == GprsRlcRxStatus::NEW_BLOCK)
                {
                    rxData[selection.bsn] = data;
                }
                while (const auto delivery = rx.PopDeliverable())
                {
                    ASSERT_TRUE(delivery->received);
                    ASSERT_EQ(rxData[delivery->bsn], nextExpected++);
                }
            }
            if (step % ackPeriod == 0 && !lost(rng))
            {
                const auto ackNack = rx.GetAckNack();
                for (uint16_t n = 1; n <= kGprsRlcWs; ++n)
                {
                    // Clause 9.1.8: bit n is V(N) of BSN SSN - n.
                    ASSERT_EQ(ackNack.GetBit(n), rx.IsReceived(ackNack.GetBsn(n)))
                        << "bit " << n << ", V(R) " << rx.GetVR();
                }
                const auto result = tx.ApplyAckNack(ackNack);
                ASSERT_LE(result.newlyAcked + result.nacked, kGprsRlcWs);
                nackedSeen += result.nacked;
            }
            CheckTxInvariants(tx);
            CheckRxInvariants(rx);
        }
        EXPECT_EQ(nextExpected, blocks);
        EXPECT_TRUE(rx.IsComplete());
        EXPECT_EQ(nextNew, blocks);
        EXPECT_EQ(nackedSeen > 0, loss > 0);
    }
}

TEST(GprsRlcUnacknowledged, TransmitterNeverStallsNorRetransmits)
{
    GprsRlcTxWindow tx(GprsRlcMode::UNACKNOWLEDGED);
    for (uint32_t i = 0; i < 3 * kGprsRlcSns; ++i)
    {
        const GprsRlcTxSelection selection = tx.TransmitNext(true);
        ASSERT_EQ(selection.reason, GprsRlcTxReason::NEW_DATA);
        ASSERT_EQ(selection.bsn, i % kGprsRlcSns);
        ASSERT_FALSE(tx.IsStalled());
        ASSERT_EQ(tx.GetOutstanding(), 0);
    }
    // A bitmap of negative acknowledgements changes nothing.
    const auto result = tx.ApplyAckNack(GprsRlcAckNackDescription(false, 5, 0));
    EXPECT_EQ(result.nacked, 0);
    EXPECT_FALSE(tx.HasNacked());
    EXPECT_EQ(tx.SelectNext(false).reason, GprsRlcTxReason::NONE);
    tx.SetFinalBsn(kGprs.Mod(tx.GetVS() - 1));
    EXPECT_FALSE(tx.IsFinalAcked());
    EXPECT_TRUE(tx.ApplyAckNack(GprsRlcAckNackDescription(true, 0, 0)).finalAcked);
}

TEST(GprsRlcUnacknowledged, ReceiverSkipsGapsOnceTheWindowMovesPast)
{
    GprsRlcRxWindow rx(GprsRlcMode::UNACKNOWLEDGED);
    rx.Receive(0);
    rx.Receive(1);
    rx.Receive(3);
    EXPECT_EQ(ReceivedBsns(TakeAll(rx)), (std::vector<uint16_t>{0, 1}));
    for (uint16_t bsn = 4; bsn <= 65; ++bsn)
    {
        rx.Receive(bsn);
        ASSERT_EQ(rx.GetDeliverableCount(), 0) << "BSN 2 may still arrive";
    }
    // BSN 66 lies WS past V(Q) = 2: the window moves to [3, 67) and BSN 2 is lost.
    EXPECT_EQ(rx.Receive(66), GprsRlcRxStatus::NEW_BLOCK);
    const auto deliveries = TakeAll(rx);
    ASSERT_EQ(deliveries.size(), 65U);
    EXPECT_EQ(deliveries[0].bsn, 2);
    EXPECT_FALSE(deliveries[0].received);
    for (uint16_t i = 1; i < deliveries.size(); ++i)
    {
        EXPECT_EQ(deliveries[i].bsn, i + 2);
        EXPECT_TRUE(deliveries[i].received);
    }
    EXPECT_EQ(rx.GetVQ(), 67);

    // Blocks behind the window are ignored, not taken for the next cycle.
    EXPECT_EQ(rx.Receive(10), GprsRlcRxStatus::OUTSIDE_WINDOW);

    // The final block closes the remaining gap at once.
    EXPECT_EQ(rx.Receive(69, true), GprsRlcRxStatus::NEW_BLOCK);
    const auto tail = TakeAll(rx);
    ASSERT_EQ(tail.size(), 3U);
    EXPECT_FALSE(tail[0].received);
    EXPECT_FALSE(tail[1].received);
    EXPECT_EQ(tail[2].bsn, 69);
    EXPECT_TRUE(tail[2].received);
    EXPECT_TRUE(rx.IsComplete());
    EXPECT_TRUE(rx.GetAckNack().GetFinalAck());
}

TEST(GprsRlcUnacknowledged, RandomLossDeliversEveryBlockOnceInOrder)
{
    const uint32_t blocks = 5000;
    // Up to 50 % loss: a run of WS consecutive losses, which SNS = 2 WS cannot resolve, is then
    // too unlikely to occur (0.5^64 per block).
    for (double loss : {0.0, 0.1, 0.3, 0.5})
    {
        SCOPED_TRACE("loss " + std::to_string(loss));
        std::mt19937 rng(static_cast<uint32_t>(1000 * loss) + 7);
        std::bernoulli_distribution lost(loss);
        GprsRlcTxWindow tx(GprsRlcMode::UNACKNOWLEDGED);
        GprsRlcRxWindow rx(GprsRlcMode::UNACKNOWLEDGED);
        std::vector<bool> arrived(blocks, false);
        uint32_t nextExpected = 0;
        for (uint32_t i = 0; i < blocks; ++i)
        {
            const GprsRlcTxSelection selection = tx.TransmitNext(true);
            ASSERT_EQ(selection.reason, GprsRlcTxReason::NEW_DATA);
            const bool final = i + 1 == blocks;
            // The final block gets through: without it the tail waits for release timers.
            arrived[i] = final || !lost(rng);
            if (arrived[i])
            {
                ASSERT_EQ(rx.Receive(selection.bsn, final), GprsRlcRxStatus::NEW_BLOCK);
            }
            while (const auto delivery = rx.PopDeliverable())
            {
                ASSERT_LT(nextExpected, blocks);
                ASSERT_EQ(delivery->bsn, nextExpected % kGprsRlcSns);
                ASSERT_EQ(delivery->received, arrived[nextExpected]) << nextExpected;
                ++nextExpected;
            }
            CheckRxInvariants(rx);
        }
        EXPECT_EQ(nextExpected, blocks);
        EXPECT_TRUE(rx.IsComplete());
    }
}
