/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-llc-abm.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <gtest/gtest.h>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// \return every value pop() gives until it gives nothing
template <typename Pop>
auto
Drain(Pop pop)
{
    std::vector<typename decltype(pop())::value_type> values;
    while (auto value = pop())
    {
        values.push_back(*value);
    }
    return values;
}

/// \return every frame the entity has to send now
std::vector<GprsLlcAbmFrame>
TakeAll(GprsLlcAbmEntity& entity, Time now)
{
    return Drain([&] { return entity.TakeNextFrame(now); });
}

/// \return the identifiers of the PDUs
std::vector<uint64_t>
Ids(const std::vector<GprsLlcAbmSdu>& sdus)
{
    std::vector<uint64_t> ids;
    for (const auto& sdu : sdus)
    {
        ids.push_back(sdu.sduId);
    }
    return ids;
}

/// \return the identifiers of every PDU the entity delivered since the last call
std::vector<uint64_t>
Delivered(GprsLlcAbmEntity& entity)
{
    return Ids(Drain([&] { return entity.PopDelivered(); }));
}

/// \return the identifiers of every PDU the peer acknowledged since the last call
std::vector<uint64_t>
Confirmed(GprsLlcAbmEntity& entity)
{
    return Ids(Drain([&] { return entity.PopConfirmed(); }));
}

/// \return the PDUs the entity gave up since the last call
std::vector<GprsLlcAbmAbandoned>
Abandoned(GprsLlcAbmEntity& entity)
{
    return Drain([&] { return entity.PopAbandoned(); });
}

/// \return an I frame as a peer would send it
GprsLlcAbmFrame
IFrame(uint16_t ns, uint16_t nr, bool ackRequest, uint64_t sduId)
{
    GprsLlcAbmFrame frame;
    frame.type = GprsLlcAbmFrameType::I;
    frame.ns = ns;
    frame.nr = nr;
    frame.ackRequest = ackRequest;
    frame.sduId = sduId;
    frame.infoOctets = 100;
    return frame;
}

/// \return an S frame as a peer would send it; bits are the n of N(R) + n for SACK
GprsLlcAbmFrame
SFrame(uint16_t nr,
       GprsLlcSupervisoryFunction function,
       const std::vector<uint32_t>& bits = {},
       bool ackRequest = false)
{
    GprsLlcAbmFrame frame;
    frame.type = GprsLlcAbmFrameType::S;
    frame.nr = nr;
    frame.function = function;
    frame.ackRequest = ackRequest;
    for (const uint32_t n : bits)
    {
        frame.sackBitmap.set(n - 1);
    }
    return frame;
}

/// \return a U frame of the given type
GprsLlcAbmFrame
UFrame(GprsLlcAbmFrameType type)
{
    GprsLlcAbmFrame frame;
    frame.type = type;
    return frame;
}

/// \return N(S) of each frame, which must all be I frames
std::vector<uint16_t>
SendNumbers(const std::vector<GprsLlcAbmFrame>& frames)
{
    std::vector<uint16_t> numbers;
    for (const auto& frame : frames)
    {
        EXPECT_EQ(frame.type, GprsLlcAbmFrameType::I);
        numbers.push_back(frame.ns);
    }
    return numbers;
}

/// \return first, first + 1, ..., first + count - 1
std::vector<uint64_t>
Range(uint64_t first, uint64_t count)
{
    std::vector<uint64_t> values;
    for (uint64_t i = 0; i < count; ++i)
    {
        values.push_back(first + i);
    }
    return values;
}

/// Expect call() to throw std::invalid_argument whose message contains text.
void
ExpectInvalid(const std::function<void()>& call, const std::string& text)
{
    try
    {
        call();
        ADD_FAILURE() << "accepted: " << text;
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    }
}

/// An entity with N(S) 0, 1, 2 outstanding (SDUs 0, 1, 2) sent at time 0; A set on N(S) 2.
GprsLlcAbmEntity
EntityWithThreeOutstanding(const GprsLlcAbmParameters& parameters)
{
    GprsLlcAbmEntity entity(GprsLlcAbmSide::NETWORK, parameters);
    for (uint64_t id = 0; id < 3; ++id)
    {
        entity.Send(id, 200);
    }
    const auto frames = TakeAll(entity, Seconds(0));
    EXPECT_EQ(SendNumbers(frames), (std::vector<uint16_t>{0, 1, 2}));
    return entity;
}

} // namespace

TEST(GprsLlcAbmParameters, Table9DefaultsPerSapi)
{
    struct Case
    {
        uint8_t sapi;
        double t200;
        uint16_t k;
    };

    for (const Case& c : {Case{3, 5, 16}, Case{5, 10, 8}, Case{9, 20, 4}, Case{11, 40, 2}})
    {
        const auto parameters = GprsLlcAbmParameters::ForSapi(c.sapi);
        EXPECT_EQ(parameters.t200, Seconds(c.t200)) << "SAPI " << int{c.sapi};
        EXPECT_EQ(parameters.n200, 3);
        EXPECT_EQ(parameters.n201I, 1503);
        EXPECT_EQ(parameters.kD, c.k);
        EXPECT_EQ(parameters.kU, c.k);
        EXPECT_NO_THROW(parameters.Check());
    }
    // The default constructed parameters are those of SAPI 3.
    const GprsLlcAbmParameters defaults;
    EXPECT_EQ(defaults.t200, Seconds(5));
    EXPECT_EQ(defaults.kD, 16);
    ExpectInvalid([] { GprsLlcAbmParameters::ForSapi(1); }, "SAPI 1");
    ExpectInvalid([] { GprsLlcAbmParameters::ForSapi(7); }, "SAPI 7");
}

TEST(GprsLlcAbmParameters, RangesAllowAStudyOfTwoRetransmissions)
{
    GprsLlcAbmParameters parameters;
    parameters.n200 = 2;
    EXPECT_NO_THROW(parameters.Check());
    parameters.n200 = 1;
    EXPECT_NO_THROW(parameters.Check());
    parameters.n200 = 15;
    EXPECT_NO_THROW(parameters.Check());

    const auto with = [](const std::function<void(GprsLlcAbmParameters&)>& change) {
        return [change] {
            GprsLlcAbmParameters parameters;
            change(parameters);
            GprsLlcAbmEntity entity(GprsLlcAbmSide::MS, parameters);
        };
    };
    ExpectInvalid(with([](auto& p) { p.n200 = 0; }), "N200 0");
    ExpectInvalid(with([](auto& p) { p.n200 = 16; }), "N200 16");
    ExpectInvalid(with([](auto& p) { p.n201I = 139; }), "N201-I 139");
    ExpectInvalid(with([](auto& p) { p.n201I = 1521; }), "N201-I 1521");
    ExpectInvalid(with([](auto& p) { p.kD = 0; }), "kD 0");
    ExpectInvalid(with([](auto& p) { p.kU = 256; }), "kU 256");
    ExpectInvalid(with([](auto& p) { p.t200 = MilliSeconds(50); }), "T200");
    ExpectInvalid(with([](auto& p) { p.t200 = Seconds(410); }), "T200");
}

TEST(GprsLlcAbmFrame, OctetsPerFrameTypeFollowTs44064Clause6)
{
    // UI: address 1 + control 2 + FCS 3, as the unacknowledged framing counts.
    EXPECT_EQ(kGprsLlcUiOverheadOctets, 6U);
    // I: address 1 + control 3 + FCS 3.
    EXPECT_EQ(kGprsLlcIOverheadOctets, 7U);

    GprsLlcAbmFrame i = IFrame(0, 0, false, 1);
    i.infoOctets = 500;
    EXPECT_EQ(i.GetHeaderOctets(), 7U);
    EXPECT_EQ(i.GetOctets(), 507U);
    EXPECT_EQ(SFrame(0, GprsLlcSupervisoryFunction::RR).GetOctets(), 6U);
    EXPECT_EQ(SFrame(0, GprsLlcSupervisoryFunction::ACK).GetOctets(), 6U);
    EXPECT_EQ(SFrame(0, GprsLlcSupervisoryFunction::RNR).GetOctets(), 6U);
    EXPECT_EQ(UFrame(GprsLlcAbmFrameType::SABM).GetOctets(), 5U);
    EXPECT_EQ(UFrame(GprsLlcAbmFrameType::UA).GetOctets(), 5U);

    // SACK: the bitmap R reaches the highest frame reported, in whole octets.
    EXPECT_EQ(SFrame(0, GprsLlcSupervisoryFunction::SACK, {1}).GetSackBitmapOctets(), 1U);
    EXPECT_EQ(SFrame(0, GprsLlcSupervisoryFunction::SACK, {1}).GetOctets(), 7U);
    EXPECT_EQ(SFrame(0, GprsLlcSupervisoryFunction::SACK, {8}).GetSackBitmapOctets(), 1U);
    EXPECT_EQ(SFrame(0, GprsLlcSupervisoryFunction::SACK, {2, 9}).GetSackBitmapOctets(), 2U);
    EXPECT_EQ(SFrame(0, GprsLlcSupervisoryFunction::SACK, {256}).GetOctets(), 1U + 2 + 32 + 3);
    // I+S with SACK adds the K octet in front of the bitmap.
    i.function = GprsLlcSupervisoryFunction::SACK;
    i.sackBitmap.set(8);
    EXPECT_EQ(i.GetHeaderOctets(), 1U + 3 + 1 + 2 + 3);
    EXPECT_EQ(i.GetOctets(), 500U + 10);
}

TEST(GprsLlcAbmEntity, SendsWithinTheWindowAndBlocksWhenFull)
{
    GprsLlcAbmEntity entity(GprsLlcAbmSide::NETWORK); // kD = 16
    EXPECT_EQ(entity.GetTransmitWindow(), 16);
    for (uint64_t id = 100; id < 120; ++id)
    {
        entity.Send(id, 1503);
    }
    const auto frames = TakeAll(entity, Seconds(1));
    ASSERT_EQ(frames.size(), 16U);
    for (uint16_t i = 0; i < 16; ++i)
    {
        EXPECT_EQ(frames[i].ns, i);
        EXPECT_EQ(frames[i].nr, 0);
        EXPECT_EQ(frames[i].sduId, 100U + i);
        EXPECT_EQ(frames[i].function, GprsLlcSupervisoryFunction::RR);
        EXPECT_FALSE(frames[i].retransmission);
        // A = 1 only when the window closes behind the frame.
        EXPECT_EQ(frames[i].ackRequest, i == 15) << "N(S) " << i;
    }
    EXPECT_FALSE(entity.HasFrameToSend());
    EXPECT_EQ(entity.GetOutstanding(), 16);
    EXPECT_EQ(entity.GetQueued(), 4U);
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(6));
    EXPECT_EQ(entity.GetCounters().iFrames, 16U);
    EXPECT_EQ(entity.GetCounters().infoOctets, 16U * 1503);
    EXPECT_EQ(entity.GetCounters().headerOctets, 16U * 7);

    // The MS side sends with kU.
    GprsLlcAbmParameters parameters;
    parameters.kU = 3;
    EXPECT_EQ(GprsLlcAbmEntity(GprsLlcAbmSide::MS, parameters).GetTransmitWindow(), 3);
}

TEST(GprsLlcAbmEntity, AcknowledgementAdvancesTheWindow)
{
    GprsLlcAbmEntity entity(GprsLlcAbmSide::NETWORK);
    for (uint64_t id = 0; id < 25; ++id)
    {
        entity.Send(id, 100);
    }
    ASSERT_EQ(TakeAll(entity, Seconds(0)).size(), 16U);
    entity.Receive(SFrame(5, GprsLlcSupervisoryFunction::RR), Seconds(1));
    EXPECT_EQ(Confirmed(entity), Range(0, 5));
    EXPECT_EQ(entity.GetVA(), 5);
    // The frame T201 waits for (N(S) 15) is still unacknowledged: T201 keeps running.
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(5));
    const auto frames = TakeAll(entity, Seconds(1));
    EXPECT_EQ(SendNumbers(frames), (std::vector<uint16_t>{16, 17, 18, 19, 20}));
    EXPECT_TRUE(frames.back().ackRequest);
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(6));
    entity.Receive(SFrame(21, GprsLlcSupervisoryFunction::RR), Seconds(2));
    EXPECT_EQ(Confirmed(entity), Range(5, 16));
    EXPECT_FALSE(entity.GetTimerExpiry().has_value());
    // The last 4 PDUs go now; A on the last since nothing follows it.
    const auto last = TakeAll(entity, Seconds(2));
    EXPECT_EQ(SendNumbers(last), (std::vector<uint16_t>{21, 22, 23, 24}));
    EXPECT_FALSE(last[2].ackRequest);
    EXPECT_TRUE(last[3].ackRequest);
}

TEST(GprsLlcAbmEntity, T201ExpiryRetransmitsTheFrameWithTheABit)
{
    GprsLlcAbmEntity entity = EntityWithThreeOutstanding(GprsLlcAbmParameters{});
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(5));
    EXPECT_FALSE(entity.OnTimer(Seconds(4.9)));
    EXPECT_FALSE(entity.HasFrameToSend());
    EXPECT_TRUE(entity.OnTimer(Seconds(5)));
    const auto frames = TakeAll(entity, Seconds(5));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].ns, 2);
    EXPECT_EQ(frames[0].sduId, 2U);
    EXPECT_TRUE(frames[0].retransmission);
    EXPECT_TRUE(frames[0].ackRequest);
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(10));
    EXPECT_EQ(entity.GetCounters().iRetransmissions, 1U);
    // The peer had everything: its RR ends the recovery.
    entity.Receive(SFrame(3, GprsLlcSupervisoryFunction::RR), Seconds(6));
    EXPECT_EQ(Confirmed(entity), Range(0, 3));
    EXPECT_FALSE(entity.GetTimerExpiry().has_value());
    EXPECT_FALSE(entity.HasFrameToSend());
}

TEST(GprsLlcAbmEntity, N200ExhaustionReestablishesAndAbandons)
{
    GprsLlcAbmParameters parameters;
    parameters.n200 = 2;
    GprsLlcAbmEntity entity = EntityWithThreeOutstanding(parameters);
    // Two retransmissions of N(S) 2 are allowed ...
    for (int expiry = 1; expiry <= 2; ++expiry)
    {
        ASSERT_TRUE(entity.OnTimer(Seconds(5 * expiry)));
        const auto frames = TakeAll(entity, Seconds(5 * expiry));
        ASSERT_EQ(frames.size(), 1U);
        EXPECT_EQ(frames[0].ns, 2);
        EXPECT_TRUE(frames[0].retransmission);
    }
    entity.Send(10, 300);
    entity.Send(11, 300);
    // ... the third expiry re-establishes the link.
    ASSERT_TRUE(entity.OnTimer(Seconds(15)));
    EXPECT_EQ(entity.GetState(), GprsLlcAbmState::LOCAL_ESTABLISHMENT);
    EXPECT_EQ(entity.GetCounters().reestablishments, 1U);
    EXPECT_EQ(entity.GetCounters().iRetransmissions, 2U);
    const auto sabm = TakeAll(entity, Seconds(15));
    ASSERT_EQ(sabm.size(), 1U);
    EXPECT_EQ(sabm[0].type, GprsLlcAbmFrameType::SABM);
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(20));
    // The peer's fate for the frames is settled only when the UA arrives.
    EXPECT_TRUE(Abandoned(entity).empty());
    // I frames from the peer mean nothing while establishing.
    entity.Receive(IFrame(0, 0, true, 77), Seconds(16));
    EXPECT_TRUE(Delivered(entity).empty());
    EXPECT_FALSE(entity.HasFrameToSend());

    entity.Receive(UFrame(GprsLlcAbmFrameType::UA), Seconds(16));
    EXPECT_EQ(entity.GetState(), GprsLlcAbmState::ABM);
    EXPECT_FALSE(entity.GetTimerExpiry().has_value());
    EXPECT_EQ(entity.GetVS(), 0);
    const auto abandoned = Abandoned(entity);
    ASSERT_EQ(abandoned.size(), 3U);
    for (uint64_t id = 0; id < 3; ++id)
    {
        EXPECT_EQ(abandoned[id].sdu.sduId, id);
        EXPECT_EQ(abandoned[id].sdu.infoOctets, 200U);
        EXPECT_EQ(abandoned[id].cause, GprsLlcAbmAbandonCause::REESTABLISHMENT);
    }
    // Queued PDUs survive and start the new numbering.
    const auto frames = TakeAll(entity, Seconds(16));
    ASSERT_EQ(frames.size(), 2U);
    EXPECT_EQ(frames[0].ns, 0);
    EXPECT_EQ(frames[0].sduId, 10U);
    EXPECT_EQ(frames[1].ns, 1);
    EXPECT_EQ(frames[1].sduId, 11U);
    EXPECT_FALSE(frames[0].retransmission);
}

TEST(GprsLlcAbmEntity, FailedReestablishmentReleasesTheLink)
{
    GprsLlcAbmParameters parameters;
    parameters.n200 = 2;
    parameters.t200 = Seconds(1);
    GprsLlcAbmEntity entity = EntityWithThreeOutstanding(parameters);
    double now = 0;
    for (int retransmission = 0; retransmission < parameters.n200; ++retransmission)
    {
        now += 1;
        ASSERT_TRUE(entity.OnTimer(Seconds(now)));
        ASSERT_EQ(TakeAll(entity, Seconds(now)).size(), 1U); // N(S) 2 again
    }
    now += 1;
    ASSERT_TRUE(entity.OnTimer(Seconds(now)));
    ASSERT_EQ(entity.GetState(), GprsLlcAbmState::LOCAL_ESTABLISHMENT);
    // Queued while establishing: not sent before the UA.
    entity.Send(10, 300);
    // SABM sent N200 + 1 times, no UA.
    std::size_t sabms = 0;
    for (int expiry = 0; expiry <= parameters.n200; ++expiry)
    {
        const auto frames = TakeAll(entity, Seconds(now));
        ASSERT_EQ(frames.size(), 1U);
        EXPECT_EQ(frames[0].type, GprsLlcAbmFrameType::SABM);
        ++sabms;
        now += 1;
        ASSERT_TRUE(entity.OnTimer(Seconds(now)));
    }
    EXPECT_EQ(sabms, 3U);
    EXPECT_EQ(entity.GetState(), GprsLlcAbmState::ADM);
    EXPECT_EQ(entity.GetCounters().releases, 1U);
    EXPECT_FALSE(entity.GetTimerExpiry().has_value());
    EXPECT_FALSE(entity.HasFrameToSend());
    const auto abandoned = Abandoned(entity);
    ASSERT_EQ(abandoned.size(), 4U);
    EXPECT_EQ(abandoned[2].cause, GprsLlcAbmAbandonCause::REESTABLISHMENT);
    EXPECT_EQ(abandoned[3].sdu.sduId, 10U);
    EXPECT_EQ(abandoned[3].cause, GprsLlcAbmAbandonCause::RELEASE);
    // New data establishes the link again.
    entity.Send(11, 300);
    EXPECT_EQ(entity.GetState(), GprsLlcAbmState::LOCAL_ESTABLISHMENT);
    const auto frames = TakeAll(entity, Seconds(now));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].type, GprsLlcAbmFrameType::SABM);
}

TEST(GprsLlcAbmEntity, ReceiverDeliversInOrderAndReportsGaps)
{
    GprsLlcAbmEntity entity(GprsLlcAbmSide::MS);
    entity.Receive(IFrame(0, 0, false, 1000), Seconds(0));
    EXPECT_EQ(Delivered(entity), (std::vector<uint64_t>{1000}));
    EXPECT_FALSE(entity.HasFrameToSend());

    // N(S) 2 skips 1: kept, and the gap is reported at once with ACK (N(R) = 1, 2 received).
    entity.Receive(IFrame(2, 0, false, 1002), Seconds(0));
    EXPECT_TRUE(Delivered(entity).empty());
    auto frames = TakeAll(entity, Seconds(0));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].type, GprsLlcAbmFrameType::S);
    EXPECT_EQ(frames[0].function, GprsLlcSupervisoryFunction::ACK);
    EXPECT_EQ(frames[0].nr, 1);
    EXPECT_FALSE(frames[0].ackRequest);

    // N(S) 3 follows the kept frame: no new gap, but A = 1 asks for a SACK.
    entity.Receive(IFrame(3, 0, true, 1003), Seconds(0));
    frames = TakeAll(entity, Seconds(0));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].function, GprsLlcSupervisoryFunction::SACK);
    EXPECT_EQ(frames[0].nr, 1);
    EXPECT_EQ(frames[0].sackBitmap.to_string().substr(kGprsLlcSackMaxBits - 2), "11");
    EXPECT_EQ(frames[0].sackBitmap.count(), 2U);
    EXPECT_EQ(frames[0].GetOctets(), 7U);

    // N(S) 6 opens a second gap: reported without being asked.
    entity.Receive(IFrame(6, 0, false, 1006), Seconds(0));
    frames = TakeAll(entity, Seconds(0));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].function, GprsLlcSupervisoryFunction::SACK);
    EXPECT_TRUE(frames[0].sackBitmap.test(0) && frames[0].sackBitmap.test(1));
    EXPECT_TRUE(frames[0].sackBitmap.test(4));
    EXPECT_EQ(frames[0].sackBitmap.count(), 3U);

    // N(S) 1 fills the first gap: 1, 2, 3 go up in order, 6 waits for 4 and 5.
    entity.Receive(IFrame(1, 0, false, 1001), Seconds(0));
    EXPECT_EQ(Delivered(entity), (std::vector<uint64_t>{1001, 1002, 1003}));
    EXPECT_EQ(entity.GetVR(), 4);
    EXPECT_FALSE(entity.HasFrameToSend());
    entity.Receive(IFrame(5, 0, false, 1005), Seconds(0));
    entity.Receive(IFrame(4, 0, false, 1004), Seconds(0));
    EXPECT_EQ(Delivered(entity), (std::vector<uint64_t>{1004, 1005, 1006}));
    EXPECT_EQ(entity.GetVR(), 7);
}

TEST(GprsLlcAbmEntity, DuplicatesAndFramesOutsideTheWindowAreDiscarded)
{
    GprsLlcAbmEntity entity(GprsLlcAbmSide::MS); // receives with kD = 16
    entity.Receive(IFrame(0, 0, false, 1), Seconds(0));
    entity.Receive(IFrame(0, 0, false, 1), Seconds(0));
    EXPECT_EQ(Delivered(entity), (std::vector<uint64_t>{1}));
    EXPECT_EQ(entity.GetCounters().duplicatesDiscarded, 1U);
    EXPECT_FALSE(entity.HasFrameToSend());

    // A kept frame received twice is a duplicate as well.
    entity.Receive(IFrame(3, 0, false, 4), Seconds(0));
    TakeAll(entity, Seconds(0));
    entity.Receive(IFrame(3, 0, false, 4), Seconds(0));
    EXPECT_EQ(entity.GetCounters().duplicatesDiscarded, 2U);
    EXPECT_FALSE(entity.HasFrameToSend());

    // N(S) = V(R) + k is beyond the window.
    entity.Receive(IFrame(1 + 16, 0, false, 99), Seconds(0));
    EXPECT_EQ(entity.GetCounters().duplicatesDiscarded, 3U);

    // A duplicate with A = 1 is answered: the peer lost our acknowledgement.
    entity.Receive(IFrame(0, 0, true, 1), Seconds(0));
    const auto frames = TakeAll(entity, Seconds(0));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].nr, 1);
    EXPECT_EQ(frames[0].function, GprsLlcSupervisoryFunction::SACK);
    EXPECT_TRUE(Delivered(entity).empty());
}

TEST(GprsLlcAbmEntity, SelectiveAcknowledgementResendsOnlyLostCopies)
{
    GprsLlcAbmEntity entity(GprsLlcAbmSide::NETWORK);
    for (uint64_t id = 0; id < 6; ++id)
    {
        entity.Send(id, 100);
    }
    ASSERT_EQ(TakeAll(entity, Seconds(0)).size(), 6U);
    // The peer has 0, 1, 3, 5: N(R) = 2, bitmap n = 1 (3) and n = 3 (5).
    entity.Receive(SFrame(2, GprsLlcSupervisoryFunction::SACK, {1, 3}), Seconds(1));
    EXPECT_EQ(Confirmed(entity), Range(0, 2));
    auto frames = TakeAll(entity, Seconds(1));
    EXPECT_EQ(SendNumbers(frames), (std::vector<uint16_t>{2, 4}));
    EXPECT_TRUE(frames[0].retransmission && frames[1].retransmission);
    EXPECT_FALSE(frames[0].ackRequest);
    EXPECT_TRUE(frames[1].ackRequest);
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(6));
    // The same report again (sent before the copies arrived) resends nothing.
    entity.Receive(SFrame(2, GprsLlcSupervisoryFunction::SACK, {1, 3}), Seconds(1.5));
    EXPECT_FALSE(entity.HasFrameToSend());
    entity.Receive(SFrame(6, GprsLlcSupervisoryFunction::RR), Seconds(2));
    EXPECT_EQ(Confirmed(entity), Range(2, 4));
    EXPECT_FALSE(entity.GetTimerExpiry().has_value());
    EXPECT_EQ(entity.GetCounters().iRetransmissions, 2U);
}

TEST(GprsLlcAbmEntity, AckFunctionResendsFrameNrOnly)
{
    GprsLlcAbmEntity entity(GprsLlcAbmSide::NETWORK);
    for (uint64_t id = 0; id < 4; ++id)
    {
        entity.Send(id, 100);
    }
    TakeAll(entity, Seconds(0));
    // 1 missing, 2 received, 3 not yet: only 1 is known lost.
    entity.Receive(SFrame(1, GprsLlcSupervisoryFunction::ACK), Seconds(0.5));
    EXPECT_EQ(Confirmed(entity), Range(0, 1));
    const auto frames = TakeAll(entity, Seconds(0.5));
    EXPECT_EQ(SendNumbers(frames), (std::vector<uint16_t>{1}));
    EXPECT_TRUE(frames[0].ackRequest);
}

TEST(GprsLlcAbmEntity, TimerKeepsRunningWhileFramesWaitForAcknowledgement)
{
    GprsLlcAbmEntity entity = EntityWithThreeOutstanding(GprsLlcAbmParameters{});
    // Only 2 arrived: 0 and 1 left before it, so they are lost and go again.
    entity.Receive(SFrame(0, GprsLlcSupervisoryFunction::SACK, {2}), Seconds(1));
    auto frames = TakeAll(entity, Seconds(1));
    EXPECT_EQ(SendNumbers(frames), (std::vector<uint16_t>{0, 1}));
    EXPECT_TRUE(frames[1].ackRequest);
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(6));
    // The peer got the first copy of 1 late: it reports 1 and 2, not 0. The frame T201 waited
    // for (1) is acknowledged; the second copy of 0 left after every frame reported, so it may
    // still arrive and is not sent again, but T201 now watches it.
    entity.Receive(SFrame(0, GprsLlcSupervisoryFunction::SACK, {1, 2}), Seconds(2));
    EXPECT_FALSE(entity.HasFrameToSend());
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(7));
    ASSERT_TRUE(entity.OnTimer(Seconds(7)));
    frames = TakeAll(entity, Seconds(7));
    EXPECT_EQ(SendNumbers(frames), (std::vector<uint16_t>{0}));
    EXPECT_TRUE(frames[0].ackRequest);
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(12));
}

TEST(GprsLlcAbmEntity, WrapsModulo512)
{
    GprsLlcAbmEntity network(GprsLlcAbmSide::NETWORK);
    GprsLlcAbmEntity ms(GprsLlcAbmSide::MS);
    const uint64_t total = 1100;
    uint64_t sent = 0;
    std::vector<uint64_t> delivered;
    Time now = Seconds(0);
    while (delivered.size() < total)
    {
        while (sent < total && network.GetQueued() < 20)
        {
            network.Send(sent++, 40);
        }
        for (const auto& frame : TakeAll(network, now))
        {
            ASSERT_EQ(frame.ns, frame.sduId % kGprsLlcAbmSns);
            ms.Receive(frame, now);
        }
        for (const auto& frame : TakeAll(ms, now))
        {
            network.Receive(frame, now);
        }
        const auto ids = Delivered(ms);
        delivered.insert(delivered.end(), ids.begin(), ids.end());
        now += MilliSeconds(20);
        ASSERT_LT(now, Seconds(100));
    }
    EXPECT_EQ(delivered, Range(0, total));
    EXPECT_EQ(network.GetVS(), total % kGprsLlcAbmSns);
    EXPECT_EQ(network.GetVA(), total % kGprsLlcAbmSns);
    EXPECT_EQ(ms.GetVR(), total % kGprsLlcAbmSns);
    EXPECT_EQ(network.GetCounters().iRetransmissions, 0U);
    EXPECT_EQ(Confirmed(network), Range(0, total));
}

TEST(GprsLlcAbmEntity, ReportsGapsAcrossTheWrap)
{
    GprsLlcAbmEntity entity(GprsLlcAbmSide::MS);
    for (uint16_t ns = 0; ns < 510; ++ns)
    {
        entity.Receive(IFrame(ns, 0, false, ns), Seconds(0));
    }
    ASSERT_EQ(Delivered(entity).size(), 510U);
    ASSERT_EQ(entity.GetVR(), 510);
    for (const uint16_t ns : {511, 0, 1})
    {
        entity.Receive(IFrame(ns, 0, ns == 1, 1000 + ns), Seconds(0));
    }
    const auto frames = TakeAll(entity, Seconds(0));
    ASSERT_FALSE(frames.empty());
    const auto& report = frames.back();
    EXPECT_EQ(report.function, GprsLlcSupervisoryFunction::SACK);
    EXPECT_EQ(report.nr, 510);
    EXPECT_EQ(report.sackBitmap.count(), 3U);
    EXPECT_TRUE(report.sackBitmap.test(0) && report.sackBitmap.test(1) &&
                report.sackBitmap.test(2));
    entity.Receive(IFrame(510, 0, false, 1510), Seconds(0));
    EXPECT_EQ(Delivered(entity), (std::vector<uint64_t>{1510, 1511, 1000, 1001}));
    EXPECT_EQ(entity.GetVR(), 2);

    // A sender across the wrap: N(R) and SACK bits count modulo 512 as well.
    GprsLlcAbmEntity sender(GprsLlcAbmSide::NETWORK);
    GprsLlcAbmEntity sink(GprsLlcAbmSide::MS);
    for (uint64_t id = 0; id < 508; ++id)
    {
        sender.Send(id, 10);
        for (const auto& frame : TakeAll(sender, Seconds(0)))
        {
            sink.Receive(frame, Seconds(0));
        }
        for (const auto& frame : TakeAll(sink, Seconds(0)))
        {
            sender.Receive(frame, Seconds(0));
        }
    }
    ASSERT_EQ(sender.GetVA(), 508);
    for (uint64_t id = 508; id < 514; ++id)
    {
        sender.Send(id, 10);
    }
    EXPECT_EQ(SendNumbers(TakeAll(sender, Seconds(1))),
              (std::vector<uint16_t>{508, 509, 510, 511, 0, 1}));
    // 508, 509 and 0 arrived: 510 and 511 left before 0 and are lost; 1 left after 0.
    sender.Receive(SFrame(510, GprsLlcSupervisoryFunction::SACK, {2}), Seconds(2));
    EXPECT_EQ(Confirmed(sender), Range(0, 510));
    EXPECT_EQ(SendNumbers(TakeAll(sender, Seconds(2))), (std::vector<uint16_t>{510, 511}));
}

TEST(GprsLlcAbmEntity, PeerReceiverBusyStopsIFramesAndPolls)
{
    GprsLlcAbmParameters parameters;
    parameters.n200 = 2;
    GprsLlcAbmEntity entity(GprsLlcAbmSide::NETWORK, parameters);
    entity.Send(0, 100);
    entity.Send(1, 100);
    TakeAll(entity, Seconds(0));
    entity.Receive(SFrame(1, GprsLlcSupervisoryFunction::RNR), Seconds(1));
    EXPECT_TRUE(entity.IsPeerBusy());
    EXPECT_EQ(Confirmed(entity), Range(0, 1));
    entity.Send(2, 100);
    EXPECT_FALSE(entity.HasFrameToSend());
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(6));
    // T201 polls with an S frame, A = 1.
    ASSERT_TRUE(entity.OnTimer(Seconds(6)));
    auto frames = TakeAll(entity, Seconds(6));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].type, GprsLlcAbmFrameType::S);
    EXPECT_TRUE(frames[0].ackRequest);
    EXPECT_EQ(entity.GetTimerExpiry(), Seconds(11));
    // Still busy.
    entity.Receive(SFrame(1, GprsLlcSupervisoryFunction::RNR), Seconds(7));
    EXPECT_FALSE(entity.HasFrameToSend());
    // Busy cleared: the frame the peer may have discarded goes again, then the new one.
    entity.Receive(SFrame(1, GprsLlcSupervisoryFunction::RR), Seconds(8));
    EXPECT_FALSE(entity.IsPeerBusy());
    frames = TakeAll(entity, Seconds(8));
    EXPECT_EQ(SendNumbers(frames), (std::vector<uint16_t>{1, 2}));
    EXPECT_TRUE(frames[0].retransmission);
    EXPECT_FALSE(frames[1].retransmission);

    // A peer that stays busy through N200 polls gets the link re-established.
    entity.Receive(SFrame(1, GprsLlcSupervisoryFunction::RNR), Seconds(9));
    double now = 9;
    for (int poll = 0; poll < parameters.n200; ++poll)
    {
        now += 5;
        ASSERT_TRUE(entity.OnTimer(Seconds(now)));
        ASSERT_EQ(TakeAll(entity, Seconds(now)).size(), 1U);
    }
    now += 5;
    ASSERT_TRUE(entity.OnTimer(Seconds(now)));
    EXPECT_EQ(entity.GetState(), GprsLlcAbmState::LOCAL_ESTABLISHMENT);
}

TEST(GprsLlcAbmEntity, OwnReceiverBusySendsRnrAndDiscards)
{
    GprsLlcAbmEntity entity(GprsLlcAbmSide::MS);
    entity.SetOwnReceiverBusy(true);
    auto frames = TakeAll(entity, Seconds(0));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].function, GprsLlcSupervisoryFunction::RNR);
    entity.Receive(IFrame(0, 0, false, 5), Seconds(0));
    EXPECT_TRUE(Delivered(entity).empty());
    EXPECT_EQ(entity.GetCounters().busyDiscarded, 1U);
    frames = TakeAll(entity, Seconds(0));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].function, GprsLlcSupervisoryFunction::RNR);
    EXPECT_EQ(frames[0].nr, 0);
    entity.SetOwnReceiverBusy(false);
    frames = TakeAll(entity, Seconds(1));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].function, GprsLlcSupervisoryFunction::RR);
    entity.Receive(IFrame(0, 0, false, 5), Seconds(1));
    EXPECT_EQ(Delivered(entity), (std::vector<uint64_t>{5}));
}

TEST(GprsLlcAbmEntity, PeerSabmAbandonsOutstandingAndAnswersUa)
{
    GprsLlcAbmParameters parameters;
    parameters.kD = 3;
    GprsLlcAbmEntity entity = EntityWithThreeOutstanding(parameters);
    entity.Send(3, 100); // window full: stays queued
    entity.Receive(IFrame(0, 0, false, 50), Seconds(0));
    entity.Receive(IFrame(2, 0, false, 52), Seconds(0));
    TakeAll(entity, Seconds(0));
    entity.Receive(UFrame(GprsLlcAbmFrameType::SABM), Seconds(1));
    EXPECT_EQ(entity.GetCounters().peerReestablishments, 1U);
    const auto abandoned = Abandoned(entity);
    ASSERT_EQ(abandoned.size(), 3U);
    EXPECT_EQ(abandoned[0].cause, GprsLlcAbmAbandonCause::PEER_REESTABLISHMENT);
    EXPECT_EQ(entity.GetVR(), 0);
    EXPECT_FALSE(entity.GetTimerExpiry().has_value());
    // UA first, then the queued PDU with the new numbering.
    const auto frames = TakeAll(entity, Seconds(1));
    ASSERT_EQ(frames.size(), 2U);
    EXPECT_EQ(frames[0].type, GprsLlcAbmFrameType::UA);
    EXPECT_EQ(frames[1].type, GprsLlcAbmFrameType::I);
    EXPECT_EQ(frames[1].ns, 0);
    EXPECT_EQ(frames[1].sduId, 3U);
    EXPECT_EQ(frames[1].nr, 0);
    EXPECT_EQ(frames[1].function, GprsLlcSupervisoryFunction::RR);
    EXPECT_EQ(Delivered(entity), (std::vector<uint64_t>{50}));
}

TEST(GprsLlcAbmEntity, CrossingSabmsAnswerUaAndWaitForTheUa)
{
    GprsLlcAbmParameters parameters;
    parameters.n200 = 1;
    GprsLlcAbmEntity entity = EntityWithThreeOutstanding(parameters);
    ASSERT_TRUE(entity.OnTimer(Seconds(5)));
    TakeAll(entity, Seconds(5));
    ASSERT_TRUE(entity.OnTimer(Seconds(10)));
    ASSERT_EQ(entity.GetState(), GprsLlcAbmState::LOCAL_ESTABLISHMENT);
    ASSERT_EQ(TakeAll(entity, Seconds(10)).size(), 1U); // SABM
    entity.Receive(UFrame(GprsLlcAbmFrameType::SABM), Seconds(10.5));
    const auto frames = TakeAll(entity, Seconds(10.5));
    ASSERT_EQ(frames.size(), 1U);
    EXPECT_EQ(frames[0].type, GprsLlcAbmFrameType::UA);
    EXPECT_EQ(entity.GetState(), GprsLlcAbmState::LOCAL_ESTABLISHMENT);
    entity.Receive(UFrame(GprsLlcAbmFrameType::UA), Seconds(11));
    EXPECT_EQ(entity.GetState(), GprsLlcAbmState::ABM);
    EXPECT_EQ(Abandoned(entity).size(), 3U);
    // A late UA in ABM is ignored.
    entity.Receive(UFrame(GprsLlcAbmFrameType::UA), Seconds(12));
    EXPECT_EQ(entity.GetState(), GprsLlcAbmState::ABM);
}

TEST(GprsLlcAbmEntity, RejectsMalformedInput)
{
    GprsLlcAbmEntity entity = EntityWithThreeOutstanding(GprsLlcAbmParameters{});
    ExpectInvalid([&] { entity.Receive(SFrame(4, GprsLlcSupervisoryFunction::RR), Seconds(1)); },
                  "N(R) 4 outside [V(A), V(S)] = [0, 3]");
    ExpectInvalid(
        [&] { entity.Receive(SFrame(1, GprsLlcSupervisoryFunction::SACK, {2}), Seconds(1)); },
        "N(S) 3 not sent");
    ExpectInvalid([&] { entity.Receive(SFrame(2, GprsLlcSupervisoryFunction::ACK), Seconds(1)); },
                  "N(S) 3 not sent");
    ExpectInvalid(
        [&] { entity.Receive(SFrame(1, GprsLlcSupervisoryFunction::RR, {1}), Seconds(1)); },
        "SACK bitmap");
    ExpectInvalid([&] { entity.Receive(IFrame(512, 0, false, 1), Seconds(1)); }, "N(S) 512");
    ExpectInvalid([&] { entity.Receive(SFrame(600, GprsLlcSupervisoryFunction::RR), Seconds(1)); },
                  "N(R) 600");
    ExpectInvalid([&] { entity.Send(1, 0); }, "0 octets");
    ExpectInvalid([&] { entity.Send(1, 1504); }, "1504 octets");
    // Nothing was changed by the rejected input.
    EXPECT_EQ(entity.GetVA(), 0);
    EXPECT_EQ(entity.GetOutstanding(), 3);
    EXPECT_TRUE(Confirmed(entity).empty());
}

namespace
{

/// Property test parameters: frame loss network-to-MS and MS-to-network, N200, busy periods.
using LossCase = std::tuple<double, double, int, bool>;

/// Fate of the PDUs of one direction, as seen by the test.
struct Direction
{
    /**
     * \param from sending entity
     * \param to receiving entity
     * \param first identifier of the first PDU
     * \param count PDUs to send
     */
    Direction(GprsLlcAbmEntity* from, GprsLlcAbmEntity* to, uint64_t first, uint64_t count)
        : sender(from),
          receiver(to),
          firstId(first),
          total(count),
          delivered(count, 0),
          outcomes(count, 0),
          transmissions(count, 0),
          abandonedBefore(count, false)
    {
    }

    GprsLlcAbmEntity* sender;              //!< sending entity
    GprsLlcAbmEntity* receiver;            //!< receiving entity
    uint64_t firstId;                      //!< identifier of the first PDU
    uint64_t total;                        //!< PDUs to send
    uint64_t offered{0};                   //!< PDUs given to the sender so far
    std::vector<int> delivered;            //!< deliveries per PDU
    std::vector<int> outcomes;             //!< confirmations + abandonments per PDU
    std::vector<int> transmissions;        //!< I frame copies per PDU
    std::vector<bool> abandonedBefore;     //!< abandoned while not delivered
    std::optional<uint64_t> lastDelivered; //!< newest PDU delivered
    std::optional<uint64_t> lastConfirmed; //!< newest PDU confirmed
    uint64_t abandonedCount{0};            //!< PDUs abandoned
};

/// A lossy link that keeps the order of the frames it does not lose.
struct Link
{
    double loss;                                           //!< loss probability per frame
    std::deque<std::pair<Time, GprsLlcAbmFrame>> inFlight; //!< frames and arrival times
};

class GprsLlcAbmLossTest : public ::testing::TestWithParam<LossCase>
{
};

/// Check what an observer outside the entity can check at any time.
void
CheckLiveness(const GprsLlcAbmEntity& entity)
{
    ASSERT_LE(entity.GetOutstanding(), entity.GetTransmitWindow());
    if (entity.GetState() == GprsLlcAbmState::LOCAL_ESTABLISHMENT ||
        (entity.GetState() == GprsLlcAbmState::ABM && entity.GetOutstanding() > 0))
    {
        // Frames wait for the peer: either something can go or a timer will act.
        ASSERT_TRUE(entity.HasFrameToSend() || entity.GetTimerExpiry().has_value());
    }
    if (entity.GetState() == GprsLlcAbmState::ADM)
    {
        ASSERT_EQ(entity.GetQueued(), 0U);
        ASSERT_FALSE(entity.GetTimerExpiry().has_value());
    }
}

} // namespace

TEST_P(GprsLlcAbmLossTest, EveryPduDeliveredOnceInOrderOrAbandoned)
{
    const auto [lossDown, lossUp, n200, busyPeriods] = GetParam();
    GprsLlcAbmParameters parameters;
    parameters.n200 = static_cast<uint8_t>(n200);
    GprsLlcAbmEntity network(GprsLlcAbmSide::NETWORK, parameters);
    GprsLlcAbmEntity ms(GprsLlcAbmSide::MS, parameters);
    std::mt19937_64 rng(44064 + static_cast<uint64_t>(lossDown * 100) * 1000 +
                        static_cast<uint64_t>(lossUp * 100) * 10 + n200);
    std::uniform_real_distribution<double> uniform(0, 1);
    std::uniform_int_distribution<uint32_t> octets(1, parameters.n201I);

    // More than 512 PDUs downlink: numbering wraps unless re-establishment restarts it.
    Direction down(&network, &ms, 0, 1200);
    Direction up(&ms, &network, 1000000, 300);
    Link toMs{lossDown, {}};
    Link toNetwork{lossUp, {}};

    const auto collect = [&]() {
        // Deliveries first: an abandonment reported now must not precede a delivery made now.
        for (Direction* d : {&down, &up})
        {
            while (const auto sdu = d->receiver->PopDelivered())
            {
                const uint64_t i = sdu->sduId - d->firstId;
                ASSERT_LT(i, d->total);
                ASSERT_FALSE(d->abandonedBefore[i]) << "PDU " << i << " delivered after abandon";
                ASSERT_EQ(++d->delivered[i], 1) << "PDU " << i << " delivered twice";
                ASSERT_TRUE(!d->lastDelivered || i > *d->lastDelivered) << "out of order " << i;
                d->lastDelivered = i;
            }
        }
        for (Direction* d : {&down, &up})
        {
            while (const auto sdu = d->sender->PopConfirmed())
            {
                const uint64_t i = sdu->sduId - d->firstId;
                ASSERT_EQ(d->delivered[i], 1) << "PDU " << i << " confirmed, never delivered";
                ASSERT_EQ(++d->outcomes[i], 1) << "PDU " << i << " has two outcomes";
                ASSERT_TRUE(!d->lastConfirmed || i > *d->lastConfirmed);
                d->lastConfirmed = i;
            }
            while (const auto abandoned = d->sender->PopAbandoned())
            {
                const uint64_t i = abandoned->sdu.sduId - d->firstId;
                ASSERT_EQ(++d->outcomes[i], 1) << "PDU " << i << " has two outcomes";
                d->abandonedBefore[i] = d->delivered[i] == 0;
                ++d->abandonedCount;
            }
        }
    };

    const Time step = MilliSeconds(20);
    Time now = Seconds(0);
    uint64_t steps = 0;
    bool busy = false;
    const auto idle = [&]() {
        return down.offered == down.total && up.offered == up.total && !busy &&
               toMs.inFlight.empty() && toNetwork.inFlight.empty() && !network.HasFrameToSend() &&
               !ms.HasFrameToSend() && !network.GetTimerExpiry() && !ms.GetTimerExpiry() &&
               network.GetQueued() == 0 && ms.GetQueued() == 0;
    };
    while (!idle())
    {
        ASSERT_LT(++steps, 5000000U) << "no termination";
        for (auto [link, entity] : {std::pair{&toMs, &ms}, std::pair{&toNetwork, &network}})
        {
            while (!link->inFlight.empty() && link->inFlight.front().first <= now)
            {
                entity->Receive(link->inFlight.front().second, now);
                link->inFlight.pop_front();
                collect();
            }
        }
        for (GprsLlcAbmEntity* entity : {&network, &ms})
        {
            entity->OnTimer(now);
            collect();
        }
        for (Direction* d : {&down, &up})
        {
            // Bursts of 1 to 5 PDUs, 7.5 PDUs/s on average.
            if (d->offered < d->total && uniform(rng) < 0.05)
            {
                const uint64_t burst = 1 + rng() % 5;
                for (uint64_t b = 0; b < burst && d->offered < d->total; ++b)
                {
                    d->sender->Send(d->firstId + d->offered++, octets(rng));
                }
                collect();
            }
        }
        if (busyPeriods)
        {
            // The MS's layer 3 is busy now and then while PDUs are still coming.
            const bool wanted = (down.offered < down.total || up.offered < up.total)
                                    ? (busy ? uniform(rng) < 0.97 : uniform(rng) < 0.01)
                                    : false;
            if (wanted != busy)
            {
                busy = wanted;
                ms.SetOwnReceiverBusy(busy);
            }
        }
        for (auto [link, entity] : {std::pair{&toMs, &network}, std::pair{&toNetwork, &ms}})
        {
            // The lower layer takes 0 to 3 frames per 20 ms, delivers them in order 50 to
            // 500 ms later, and loses some.
            const uint64_t budget = rng() % 4;
            for (uint64_t f = 0; f < budget; ++f)
            {
                const auto frame = entity->TakeNextFrame(now);
                if (!frame)
                {
                    break;
                }
                if (frame->type == GprsLlcAbmFrameType::I)
                {
                    Direction& d = entity == &network ? down : up;
                    const uint64_t i = frame->sduId - d.firstId;
                    ASSERT_LE(++d.transmissions[i], n200 + 1) << "PDU " << i << " sent too often";
                }
                if (uniform(rng) >= link->loss)
                {
                    Time arrival = now + MilliSeconds(50 + rng() % 451);
                    if (!link->inFlight.empty())
                    {
                        arrival = std::max(arrival, link->inFlight.back().first);
                    }
                    link->inFlight.emplace_back(arrival, *frame);
                }
            }
        }
        collect();
        CheckLiveness(network);
        CheckLiveness(ms);
        if (HasFatalFailure())
        {
            return;
        }
        now += step;
    }

    for (const Direction* d : {&down, &up})
    {
        for (uint64_t i = 0; i < d->total; ++i)
        {
            ASSERT_EQ(d->outcomes[i], 1) << "PDU " << i << " has no outcome";
        }
    }
    if (lossDown == 0 && lossUp == 0 && !busyPeriods)
    {
        // Delays (at most 0.5 s each way) stay far below T201 (5 s): nothing is resent.
        for (const Direction* d : {&down, &up})
        {
            EXPECT_EQ(d->abandonedCount, 0U);
            EXPECT_EQ(d->lastDelivered, d->total - 1);
        }
        EXPECT_EQ(network.GetCounters().iRetransmissions, 0U);
        EXPECT_EQ(ms.GetCounters().iRetransmissions, 0U);
        EXPECT_EQ(network.GetVS(), down.total % kGprsLlcAbmSns);
        EXPECT_EQ(ms.GetVR(), down.total % kGprsLlcAbmSns);
    }
    if (lossDown == 0.1 && lossUp == 0.1 && n200 == 3)
    {
        // Re-establishment needs 4 failed rounds of frame and answer (0.19^4 = 0.1 % each) and
        // abandons at most k = 16 PDUs: retransmission recovers nearly everything.
        EXPECT_GT(network.GetCounters().iRetransmissions, 0U);
        EXPECT_LT(down.abandonedCount, down.total / 4);
    }
}

INSTANTIATE_TEST_SUITE_P(Loss,
                         GprsLlcAbmLossTest,
                         ::testing::Values(LossCase{0, 0, 3, false},
                                           LossCase{0.1, 0.1, 3, false},
                                           LossCase{0.3, 0.3, 3, false},
                                           LossCase{0.5, 0.5, 3, false},
                                           LossCase{0.7, 0.7, 3, false},
                                           LossCase{0.9, 0.9, 3, false},
                                           LossCase{0.9, 0, 3, false},
                                           LossCase{0, 0.9, 3, false},
                                           LossCase{0.3, 0.3, 2, false},
                                           LossCase{0.7, 0.7, 2, false},
                                           LossCase{0.3, 0.1, 1, false},
                                           LossCase{0, 0, 3, true},
                                           LossCase{0.3, 0.3, 3, true},
                                           LossCase{0.9, 0.9, 2, true}));
