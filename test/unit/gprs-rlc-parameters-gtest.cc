/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-rlc-entity.h"
#include "ns3/gprs-rlc-parameters.h"
#include "ns3/gprs-rlc-window.h"

#include <gtest/gtest.h>
#include <stdexcept>
#include <string>

using namespace ns3;

namespace
{

/// EGPRS's largest window: SNS 2048, WS 1024 (TS 44.060 Table 9.1.9.2.1, 8 timeslots).
const GprsRlcSequenceSpace kEgprs(kEgprsRlcSns, kEgprsRlcMaxWs);

/**
 * \param f a callable expected to throw E
 * \param parts texts the message must contain
 */
template <typename E, typename F>
void
ExpectThrowNaming(F f, std::initializer_list<const char*> parts)
{
    try
    {
        f();
        ADD_FAILURE() << "no exception";
    }
    catch (const E& e)
    {
        const std::string what = e.what();
        for (const char* part : parts)
        {
            EXPECT_NE(what.find(part), std::string::npos) << "'" << part << "' not in: " << what;
        }
    }
}

} // namespace

TEST(GprsRlcParameters, SpaceRejectsWhatNoWindowCanBe)
{
    for (uint16_t sns : {0, 1, 3, 100, 4096})
    {
        ExpectThrowNaming<std::invalid_argument>([sns] { GprsRlcSequenceSpace(sns, 1); },
                                                 {"SNS", "power of two"});
    }
    ExpectThrowNaming<std::invalid_argument>([] { GprsRlcSequenceSpace(128, 65); },
                                             {"WS 65", "1..64"});
    ExpectThrowNaming<std::invalid_argument>([] { GprsRlcSequenceSpace(128, 0); }, {"WS 0"});
    EXPECT_EQ(GprsRlcSequenceSpace::Gprs().GetSns(), 128);
    EXPECT_EQ(GprsRlcSequenceSpace::Gprs().GetWs(), 64);
    EXPECT_EQ(kEgprs.Mod(-1), 2047);
    EXPECT_EQ(kEgprs.Mod(2048 + 5), 5);
    EXPECT_EQ(kEgprs.Distance(2040, 3), 11);
    EXPECT_TRUE(kEgprs.InRange(100, 2000, 1024));
    EXPECT_FALSE(kEgprs.InRange(976, 2000, 1024));
    ExpectThrowNaming<std::invalid_argument>([] { kEgprs.CheckSequenceNumber(2048, "BSN"); },
                                             {"BSN 2048", "0..2047"});
}

TEST(GprsRlcParameters, FamilyFixesTheSpace)
{
    const auto gprs = GprsRlcParameters::Gprs(GprsRlcMode::UNACKNOWLEDGED);
    EXPECT_EQ(gprs.GetMode(), GprsRlcMode::UNACKNOWLEDGED);
    EXPECT_EQ(gprs.GetFamily(), GprsCsFamily::GPRS);
    EXPECT_EQ(gprs.GetMaxDataOctets(), 50U);
    const GprsRlcParameters egprs(GprsRlcMode::ACKNOWLEDGED, GprsCsFamily::EGPRS, {2048, 96});
    EXPECT_EQ(egprs.GetSpace().GetWs(), 96);
    EXPECT_EQ(egprs.GetMaxDataOctets(), 74U);
    EXPECT_NE(gprs, GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
    ExpectThrowNaming<std::invalid_argument>(
        [] { GprsRlcParameters(GprsRlcMode::ACKNOWLEDGED, GprsCsFamily::GPRS, kEgprs); },
        {"GPRS TBF with SNS 2048 and WS 1024", "SNS 128 and WS 64"});
    ExpectThrowNaming<std::invalid_argument>([] { GprsRlcSequenceSpace(2048, 1056); },
                                             {"WS 1056", "1..1024"});
    for (uint16_t ws : {32, 100, 1000})
    {
        const auto make = [ws] {
            GprsRlcParameters(GprsRlcMode::ACKNOWLEDGED, GprsCsFamily::EGPRS, {2048, ws});
        };
        ExpectThrowNaming<std::invalid_argument>(
            make,
            {"EGPRS TBF", ("WS " + std::to_string(ws)).c_str(), "steps of 32"});
    }
    ExpectThrowNaming<std::invalid_argument>(
        [] {
            GprsRlcParameters(GprsRlcMode::ACKNOWLEDGED,
                              GprsCsFamily::EGPRS,
                              GprsRlcSequenceSpace::Gprs());
        },
        {"EGPRS TBF with SNS 128"});
}

TEST(GprsRlcParameters, EgprsTransmitWindowStallsAtItsWs)
{
    GprsRlcTxWindow tx(GprsRlcMode::ACKNOWLEDGED, kEgprs);
    for (uint16_t i = 0; i < kEgprsRlcMaxWs; ++i)
    {
        const auto sel = tx.TransmitNext(true);
        ASSERT_EQ(sel.reason, GprsRlcTxReason::NEW_DATA) << "block " << i;
        ASSERT_EQ(sel.bsn, i);
    }
    EXPECT_TRUE(tx.IsStalled());
    EXPECT_EQ(tx.GetOutstanding(), kEgprsRlcMaxWs);
    // Stalled: the oldest pending block again, not V(S) (TS 44.060 9.1.3).
    const auto resend = tx.TransmitNext(true);
    EXPECT_EQ(resend.reason, GprsRlcTxReason::RETRANSMIT_PENDING);
    EXPECT_EQ(resend.bsn, 0);
    EXPECT_EQ(tx.GetState(1023), GprsRlcTxState::PENDING_ACK);
    EXPECT_EQ(tx.GetState(1024), GprsRlcTxState::INVALID);
    // The GPRS description covers 64 BSNs modulo 128: not this window's.
    ExpectThrowNaming<std::logic_error>(
        [&tx] { tx.ApplyAckNack(GprsRlcAckNackDescription(false, 5, 0)); },
        {"SNS 2048 and WS 1024", "GPRS Ack/Nack"});
}

TEST(GprsRlcParameters, EgprsUnacknowledgedSenderWrapsAt2048)
{
    GprsRlcTxWindow tx(GprsRlcMode::UNACKNOWLEDGED, kEgprs);
    uint16_t last = 0;
    for (int i = 0; i < 3000; ++i)
    {
        last = tx.TransmitNext(true).bsn;
    }
    EXPECT_EQ(last, (3000 - 1) % 2048);
    EXPECT_EQ(tx.GetVS(), 3000 % 2048);
    EXPECT_FALSE(tx.IsStalled());
}

TEST(GprsRlcParameters, EgprsReceiveWindowSpansWs)
{
    GprsRlcRxWindow rx(GprsRlcMode::ACKNOWLEDGED, kEgprs);
    // In order across the wrap: every block new and delivered at once.
    for (int i = 0; i < 2100; ++i)
    {
        const uint16_t bsn = kEgprs.Mod(i);
        ASSERT_EQ(rx.Receive(bsn), GprsRlcRxStatus::NEW_BLOCK) << "BSN " << bsn;
        ASSERT_EQ(rx.GetDeliverableCount(), 1) << "BSN " << bsn;
        ASSERT_EQ(rx.PopDeliverable()->bsn, bsn);
    }
    const uint16_t vq = rx.GetVQ();
    EXPECT_EQ(vq, 2100 - 2048);
    EXPECT_TRUE(rx.IsInWindow(kEgprs.Mod(vq + 1023)));
    EXPECT_FALSE(rx.IsInWindow(kEgprs.Mod(vq + 1024)));
    EXPECT_EQ(rx.Receive(kEgprs.Mod(vq + 1024)), GprsRlcRxStatus::OUTSIDE_WINDOW);
    // A block 1,000 ahead is inside the window: stored, nothing deliverable past the gap.
    EXPECT_EQ(rx.Receive(kEgprs.Mod(vq + 1000)), GprsRlcRxStatus::NEW_BLOCK);
    EXPECT_EQ(rx.GetDeliverableCount(), 0);
    EXPECT_EQ(rx.GetVR(), kEgprs.Mod(vq + 1001));
    EXPECT_TRUE(rx.IsReceived(kEgprs.Mod(vq + 1000)));
    EXPECT_FALSE(rx.IsReceived(kEgprs.Mod(vq + 999)));
    ExpectThrowNaming<std::logic_error>([&rx] { rx.GetAckNack(); }, {"SNS 2048"});
}

TEST(GprsRlcParameters, EgprsUnacknowledgedReceiverDeliversGapsAsLost)
{
    GprsRlcRxWindow rx(GprsRlcMode::UNACKNOWLEDGED, kEgprs);
    ASSERT_EQ(rx.Receive(0), GprsRlcRxStatus::NEW_BLOCK);
    ASSERT_TRUE(rx.PopDeliverable()->received);
    // 1,000 ahead: inside the window of 1,024, the gap stays open.
    ASSERT_EQ(rx.Receive(1000), GprsRlcRxStatus::NEW_BLOCK);
    EXPECT_EQ(rx.GetDeliverableCount(), 0);
    // 1,500: the window moves to end there (TS 44.060 9.3.3); BSNs 1..476 leave it as lost.
    ASSERT_EQ(rx.Receive(1500), GprsRlcRxStatus::NEW_BLOCK);
    EXPECT_EQ(rx.GetVQ(), 1500 - 1024 + 1);
    EXPECT_EQ(rx.GetDeliverableCount(), 476);
    const auto first = rx.PopDeliverable();
    EXPECT_EQ(first->bsn, 1);
    EXPECT_FALSE(first->received);
}

TEST(GprsRlcParameters, EntityRefusesACodingSchemeOfAnotherFamily)
{
    GprsRlcTxEntity tx(GprsRlcParameters(GprsRlcMode::ACKNOWLEDGED, GprsCsFamily::EGPRS, kEgprs));
    tx.EnqueueFrame(1, 100);
    GprsRlcTxKind kind;
    ExpectThrowNaming<std::invalid_argument>(
        [&] { tx.SendNext(GprsCodingScheme::CS2, false, kind); },
        {"CS-2", "EGPRS"});
    EXPECT_EQ(tx.GetParameters().GetSpace(), kEgprs);
    // The same entity reset for GPRS sends CS-2 blocks.
    tx.Reset(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED), 16);
    tx.EnqueueFrame(1, 100);
    EXPECT_EQ(tx.SendNext(GprsCodingScheme::CS2, false, kind).cs, GprsCodingScheme::CS2);
    EXPECT_EQ(kind, GprsRlcTxKind::NEW);
}
