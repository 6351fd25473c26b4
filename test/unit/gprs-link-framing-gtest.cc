/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The Gb interface and the terminal's link: the octets of their framings (checked against the
// encoders of the PDUs and against the octet values a map escapes), the time those take on a
// line, and the line that sends the packets of several flows in turn.

#include "gprs-expect-invalid.h"

#include "ns3/gprs-bssgp.h"
#include "ns3/gprs-gb-framing.h"
#include "ns3/gprs-line-time.h"
#include "ns3/gprs-llc-framing.h"
#include "ns3/gprs-ppp-framing.h"
#include "ns3/gprs-serial-line.h"
#include "ns3/simulator.h"

#include <cmath>
#include <cstdlib>
#include <gtest/gtest.h>
#include <vector>

using namespace ns3;

namespace
{

/// The UI frames of the cell's defaults: N201-U 500, LLC 6 octets, SN-UNITDATA 4 / 3.
GprsLlcFraming
DefaultLlc()
{
    return GprsLlcFraming(500,
                          6,
                          kGprsSnUnitdataFirstHeaderOctets,
                          kGprsSnUnitdataNextHeaderOctets);
}

} // namespace

TEST(GprsGbFraming, BssgpAndNsHeadersAreWhatTheEncodersWrite)
{
    GprsBssgpQos qos;
    for (const uint32_t octets : {1U, 74U, 127U, 128U, 506U, 1526U})
    {
        const std::vector<uint8_t> llc(octets, 0x55);
        const auto dl = EncodeBssgpDlUnitdata(0xC0000001, qos, 1000, llc);
        const auto ul = EncodeBssgpUlUnitdata(0xC0000001, qos, 1, llc);
        EXPECT_EQ(GprsGbFraming::BssgpHeaderOctets(GprsDirection::DOWNLINK, octets),
                  dl.size() - octets)
            << octets;
        EXPECT_EQ(GprsGbFraming::BssgpHeaderOctets(GprsDirection::UPLINK, octets),
                  ul.size() - octets)
            << octets;
        EXPECT_EQ(GprsGbFraming::kNsUnitdataHeaderOctets,
                  EncodeNsUnitdata(kGprsPtpBvci, dl).size() - dl.size());
    }
}

TEST(GprsGbFraming, SixtyFourOctetPacketInOneFrame)
{
    const GprsGbFraming gb(DefaultLlc());
    // LLC frame 64 + 4 + 6 = 74; DL-UNITDATA header 1 + 4 + 3 + 4 + 2 = 14; NS 4; Q.922 4;
    // flag 1.
    EXPECT_EQ(gb.PacketOctets(GprsDirection::DOWNLINK, 64), 97U);
    // UL-UNITDATA: the Cell Identifier (10) instead of the PDU Lifetime (4).
    EXPECT_EQ(gb.PacketOctets(GprsDirection::UPLINK, 64), 103U);
    // At 64 kbit/s: the flag as it is, the other 96 octets with a bit in 62 inserted.
    const double bits = 8 + 96 * 8 * 63.0 / 62.0;
    EXPECT_EQ(gb.PacketNanoSeconds(GprsDirection::DOWNLINK, 64, 64000),
              static_cast<uint64_t>(std::ceil(bits / 64000 * 1e9)));
}

TEST(GprsGbFraming, FullSegmentInFourLlcFrames)
{
    const GprsLlcFraming llc = DefaultLlc();
    const GprsGbFraming gb(llc);
    ASSERT_EQ(llc.FrameCount(1500), 4U);
    uint32_t expected = 0;
    for (uint32_t i = 0; i < 4; ++i)
    {
        const uint32_t frame = llc.FrameOctets(1500, i);
        expected +=
            frame + 5 + 4 + GprsGbFraming::BssgpHeaderOctets(GprsDirection::DOWNLINK, frame);
    }
    EXPECT_EQ(gb.PacketOctets(GprsDirection::DOWNLINK, 1500), expected);
    // LLC 4 x 6, SNDCP 4 + 3 x 3, flag, Q.922 and NS 4 x 9, BSSGP 3 x 15 and 14 for the last
    // frame of 19 octets (a one-octet length indicator).
    EXPECT_EQ(expected, 1500U + 4 * 6 + 4 + 3 * 3 + 4 * 9 + 3 * 15 + 14);
    const uint64_t slow = gb.PacketNanoSeconds(GprsDirection::DOWNLINK, 1500, 64000);
    EXPECT_EQ(
        slow,
        static_cast<uint64_t>(std::ceil(8.0 * (4 * 62 + (expected - 4) * 63) / 62 / 64000 * 1e9)));
    // Twice the rate, half the time (to the rounding nanosecond).
    const uint64_t fast = gb.PacketNanoSeconds(GprsDirection::DOWNLINK, 1500, 128000);
    EXPECT_LE(std::llabs(static_cast<long long>(slow) - 2 * static_cast<long long>(fast)), 1);
}

TEST(GprsLineTime, RoundsUpAndRefusesAZeroRate)
{
    EXPECT_EQ(GprsLineNanoSeconds(8, 1, 8), 1000000000U);
    EXPECT_EQ(GprsLineNanoSeconds(1, 3, 1000000000), 1U); // a third of a nanosecond
    ExpectInvalid([] { GprsLineNanoSeconds(8, 1, 0); }, "line rate 0 bit/s");
}

TEST(GprsPppFraming, EscapedValuesAreTheOctetsTheMapEscapes)
{
    for (const uint32_t accm : {0U, GprsPppFraming::kDefaultAccm, 0x000A0000U, 0x80000001U})
    {
        const GprsPppFraming ppp(accm, 10);
        uint32_t escaped = 0;
        for (uint32_t octet = 0; octet < 256; ++octet)
        {
            escaped += ppp.IsEscaped(static_cast<uint8_t>(octet));
        }
        EXPECT_EQ(ppp.EscapedValues(), escaped) << std::hex << accm;
    }
    const GprsPppFraming none(0, 10);
    EXPECT_TRUE(none.IsEscaped(0x7E));
    EXPECT_TRUE(none.IsEscaped(0x7D));
    EXPECT_FALSE(none.IsEscaped(0x00));
    EXPECT_FALSE(none.IsEscaped(0x20));
    const GprsPppFraming all(GprsPppFraming::kDefaultAccm, 10);
    EXPECT_TRUE(all.IsEscaped(0x00));
    EXPECT_TRUE(all.IsEscaped(0x1F));
    EXPECT_FALSE(all.IsEscaped(0x20));
    EXPECT_FALSE(all.IsEscaped(0xFF));
}

TEST(GprsPppFraming, FrameOctetsOnAnAsynchronousLine)
{
    // ACCM 0: flag, FF, 03, 00, 21 unescaped; 1500 + 2 FCS octets gain 2/256 each.
    const GprsPppFraming none(0, 10);
    EXPECT_EQ(none.LineOctetsTimes256(1500), 5U * 256 + 1502U * 258);
    // The default map escapes 03 and 00 of the header and 34 values of 256.
    const GprsPppFraming all(GprsPppFraming::kDefaultAccm, 10);
    EXPECT_EQ(all.LineOctetsTimes256(64), 7U * 256 + 66U * 290);
    // 115200 bit/s 8N1: 11520 octets per second.
    const double octets = 7 + 66 * 290 / 256.0;
    EXPECT_EQ(all.PacketNanoSeconds(64, 115200),
              static_cast<uint64_t>(std::ceil(octets / 11520 * 1e9)));
    // A synchronous stream sends 8 bits per octet instead of 10.
    const GprsPppFraming sync(GprsPppFraming::kDefaultAccm, 8);
    EXPECT_LE(sync.PacketNanoSeconds(64, 115200) * 10 - all.PacketNanoSeconds(64, 115200) * 8, 10U);
}

TEST(GprsPppFraming, RefusesCharactersOutsideEightToTwelveBits)
{
    ExpectInvalid([] { GprsPppFraming(0, 7); }, "line bits per octet 7 (allowed: 8..12");
    ExpectInvalid([] { GprsPppFraming(0, 13); }, "line bits per octet 13 (allowed: 8..12");
}

namespace
{
/// What a line delivered.
struct Delivered
{
    uint32_t flow; //!< flow
    uint32_t size; //!< packet size
    Time at;       //!< when
    Time waited;   //!< its wait
    Time line;     //!< its line time
};
} // namespace

TEST(GprsSerialLine, SendsOnePacketAtATimeTakingFlowsInTurn)
{
    std::vector<Delivered> out;
    GprsSerialLine line;
    line.Configure(2, [&out](uint32_t flow, Ptr<Packet> p, Time waited, Time time) {
        out.push_back({flow, p->GetSize(), Simulator::Now(), waited, time});
    });
    Simulator::Schedule(Seconds(1), [&line]() {
        for (const uint32_t size : {100U, 101U, 102U})
        {
            line.Send(0, Create<Packet>(size), MilliSeconds(10));
        }
        line.Send(1, Create<Packet>(200), MilliSeconds(30));
        EXPECT_EQ(line.GetBytes(0), 303U);
        EXPECT_EQ(line.GetBytes(1), 200U);
    });
    Simulator::Schedule(Seconds(1) + MilliSeconds(45), [&line]() {
        // Flow 0's first packet and flow 1's have left; flow 0's second is on the line.
        EXPECT_EQ(line.GetBytes(0), 203U);
        EXPECT_EQ(line.GetBytes(1), 0U);
    });
    Simulator::Run();
    Simulator::Destroy();
    ASSERT_EQ(out.size(), 4U);
    // Flow 0's burst does not hold flow 1's packet: 0, 1, 0, 0.
    const std::vector<uint32_t> flows{out[0].flow, out[1].flow, out[2].flow, out[3].flow};
    EXPECT_EQ(flows, (std::vector<uint32_t>{0, 1, 0, 0}));
    EXPECT_EQ(out[0].at, Seconds(1) + MilliSeconds(10));
    EXPECT_EQ(out[1].at, Seconds(1) + MilliSeconds(40));
    EXPECT_EQ(out[1].waited, MilliSeconds(10));
    EXPECT_EQ(out[1].line, MilliSeconds(30));
    EXPECT_EQ(out[2].size, 101U);
    EXPECT_EQ(out[2].waited, MilliSeconds(40));
    EXPECT_EQ(out[3].at, Seconds(1) + MilliSeconds(60));
}

TEST(GprsSerialLine, ADeliveryMaySendAgain)
{
    std::vector<Time> at;
    GprsSerialLine line;
    line.Configure(1, [&at, &line](uint32_t, Ptr<Packet> p, Time, Time) {
        at.push_back(Simulator::Now());
        if (p->GetSize() > 1)
        {
            line.Send(0, Create<Packet>(p->GetSize() - 1), MilliSeconds(5));
        }
    });
    Simulator::Schedule(Seconds(0),
                        [&line]() { line.Send(0, Create<Packet>(3), MilliSeconds(5)); });
    Simulator::Run();
    Simulator::Destroy();
    EXPECT_EQ(at, (std::vector<Time>{MilliSeconds(5), MilliSeconds(10), MilliSeconds(15)}));
}
