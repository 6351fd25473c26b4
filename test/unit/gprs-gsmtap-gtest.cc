/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-expect-invalid.h"

#include "ns3/gprs-bssgp.h"
#include "ns3/gprs-gsmtap.h"
#include "ns3/gprs-llc-abm.h"
#include "ns3/gprs-llc-framing.h"

#include <gtest/gtest.h>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/// \return the CRC register over data, preset to ones, without the final complement
uint32_t
RawRegister(const std::vector<uint8_t>& data)
{
    // ~GprsLlcFcs() undoes the final complement.
    return ~GprsLlcFcs(data.data(), data.size()) & 0xFFFFFF;
}

} // namespace

TEST(Gsmtap, HeaderFieldsInNetworkOrder)
{
    GsmtapHeader h;
    h.type = GsmtapType::UM;
    h.timeslot = 6;
    h.arfcn = 871;
    h.uplink = true;
    h.signalDbm = -70;
    h.snrDb = 12;
    h.frameNumber = 2715647;
    h.subType = GsmtapChannel::PDTCH;
    const auto packet = EncodeGsmtap(h, {0xAA, 0xBB});
    // libosmocore struct gsmtap_hdr: version, hdr_len (words), type, timeslot, arfcn (uplink
    // flag 0x4000), signal_dbm, snr_db, frame_number, sub_type, antenna_nr, sub_slot, res.
    const std::vector<uint8_t> expected =
        {2, 4, 1, 6, 0x43, 0x67, 0xBA, 12, 0x00, 0x29, 0x6F, 0xFF, 0x0D, 0, 0, 0, 0xAA, 0xBB};
    EXPECT_EQ(packet, expected);
    ExpectInvalid(
        [] {
            GsmtapHeader bad;
            bad.timeslot = 8;
            EncodeGsmtap(bad, {});
        },
        "timeslot 8 (allowed: 0..7)");
    ExpectInvalid(
        [] {
            GsmtapHeader bad;
            bad.arfcn = 0x4000;
            EncodeGsmtap(bad, {});
        },
        "ARFCN 16384");
}

TEST(Gsmtap, Ipv4UdpCarrierHasAValidChecksum)
{
    const std::vector<uint8_t> payload(37, 0x55);
    const auto packet = EncapsulateGsmtap(payload, 0x7F000001, 0x7F000002);
    ASSERT_EQ(packet.size(), 20u + 8u + 37u);
    EXPECT_EQ(packet[0], 0x45);
    EXPECT_EQ((packet[2] << 8) | packet[3], 65);
    EXPECT_EQ(packet[9], 17); // UDP
    EXPECT_EQ(std::vector<uint8_t>(packet.begin() + 12, packet.begin() + 20),
              (std::vector<uint8_t>{127, 0, 0, 1, 127, 0, 0, 2}));
    // RFC 1071: the one's complement sum over a header with its checksum is 0xFFFF.
    uint32_t sum = 0;
    for (int i = 0; i < 20; i += 2)
    {
        sum += (packet[i] << 8) | packet[i + 1];
    }
    while (sum >> 16)
    {
        sum = (sum & 0xFFFF) + (sum >> 16);
    }
    EXPECT_EQ(sum, 0xFFFFu);
    // UDP from and to port 4729, length 8 + 37, checksum 0.
    EXPECT_EQ(std::vector<uint8_t>(packet.begin() + 20, packet.begin() + 28),
              (std::vector<uint8_t>{0x12, 0x79, 0x12, 0x79, 0, 45, 0, 0}));
    EXPECT_TRUE(std::equal(payload.begin(), payload.end(), packet.begin() + 28));
}

TEST(Gsmtap, UdpCarrierOfAnotherPort)
{
    const auto packet = EncapsulateUdp({1, 2, 3}, 0x7F000001, 0xC0000003, kGprsNsUdpPort);
    ASSERT_EQ(packet.size(), 31U);
    EXPECT_EQ(std::vector<uint8_t>(packet.begin() + 16, packet.begin() + 24),
              (std::vector<uint8_t>{192, 0, 0, 3, 0x08, 0x6D, 0x08, 0x6D})); // port 2157
}

TEST(GprsBssgp, UnitdataPdusNameTheMobileByItsTlli)
{
    // TS 48.018 clause 10.2.1: PDU type 0x00, TLLI, QoS Profile (peak bit rate 0; spare, C/R,
    // T, A, precedence), PDU Lifetime (IEI 0x16, length 2 with ext = 1), LLC-PDU (IEI 0x0E).
    GprsBssgpQos data;
    data.precedence = 1;
    EXPECT_EQ(EncodeBssgpDlUnitdata(0xC0000003, data, 0xFFFF, {0xAA, 0xBB}),
              (std::vector<uint8_t>{0x00,
                                    0xC0,
                                    0x00,
                                    0x00,
                                    0x03,
                                    0x00,
                                    0x00,
                                    0b00'1'1'0'001,
                                    0x16,
                                    0x82,
                                    0xFF,
                                    0xFF,
                                    0x0E,
                                    0x82,
                                    0xAA,
                                    0xBB}));
    // Clause 10.2.2: PDU type 0x01, TLLI, QoS, Cell Identifier (IEI 0x08: RAI 001-01, LAC 1,
    // RAC 0; CI), LLC-PDU; a SACK in RLC unacknowledged mode, radio priority 1.
    GprsBssgpQos sack;
    sack.ackOrSack = true;
    sack.rlcUnacknowledged = true;
    EXPECT_EQ(EncodeBssgpUlUnitdata(0xC0000004, sack, 0x1234, {0xCC}),
              (std::vector<uint8_t>{0x01,           0xC0, 0x00, 0x00, 0x04, 0x00, 0x00,
                                    0b00'0'1'1'000, 0x08, 0x88, 0x00, 0xF1, 0x10, 0x00,
                                    0x01,           0x00, 0x12, 0x34, 0x0E, 0x81, 0xCC}));
    // A frame of 128 octets or more: a two-octet length indicator, ext = 0.
    const auto pdu = EncodeBssgpDlUnitdata(0xC0000003, data, 1000, std::vector<uint8_t>(300, 7));
    ASSERT_EQ(pdu.size(), 12U + 3U + 300U);
    EXPECT_EQ(std::vector<uint8_t>(pdu.begin() + 10, pdu.begin() + 15),
              (std::vector<uint8_t>{0x03, 0xE8, 0x0E, 0x01, 0x2C}));
    GprsBssgpQos bad;
    bad.precedence = 8;
    ExpectInvalid([&] { EncodeBssgpDlUnitdata(1, bad, 0, {}); },
                  "BSSGP precedence 8 (allowed: 0..7)");
    // TS 48.016 clause 9.2.10: NS-UNITDATA, control bits 0, BVCI.
    EXPECT_EQ(EncodeNsUnitdata(kGprsPtpBvci, {0x01, 0x02}),
              (std::vector<uint8_t>{0x00, 0x00, 0x00, 0x02, 0x01, 0x02}));
}

TEST(GprsLlcFcs, FrameWithItsFcsLeavesTheSameRemainderWhateverTheData)
{
    // A CRC appended least significant octet first drives the register to a constant that
    // depends only on the generator: check that property on random frames of random lengths.
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> octet(0, 255);
    std::uniform_int_distribution<int> size(0, 300);
    std::optional<uint32_t> remainder;
    for (int trial = 0; trial < 50; ++trial)
    {
        std::vector<uint8_t> frame(size(rng));
        for (auto& o : frame)
        {
            o = static_cast<uint8_t>(octet(rng));
        }
        const uint32_t fcs = GprsLlcFcs(frame.data(), frame.size());
        ASSERT_LE(fcs, 0xFFFFFFu);
        frame.push_back(static_cast<uint8_t>(fcs));
        frame.push_back(static_cast<uint8_t>(fcs >> 8));
        frame.push_back(static_cast<uint8_t>(fcs >> 16));
        const uint32_t r = RawRegister(frame);
        if (!remainder)
        {
            remainder = r;
        }
        EXPECT_EQ(r, *remainder) << "trial " << trial;
    }
    // An error in any single bit changes the FCS.
    std::vector<uint8_t> frame(40);
    std::iota(frame.begin(), frame.end(), 0);
    const uint32_t fcs = GprsLlcFcs(frame.data(), frame.size());
    for (std::size_t bit = 0; bit < frame.size() * 8; ++bit)
    {
        frame[bit / 8] ^= static_cast<uint8_t>(1 << (bit % 8));
        EXPECT_NE(GprsLlcFcs(frame.data(), frame.size()), fcs) << "bit " << bit;
        frame[bit / 8] ^= static_cast<uint8_t>(1 << (bit % 8));
    }
    // Nothing to divide: the preset register complemented.
    EXPECT_EQ(GprsLlcFcs(nullptr, 0), 0u);
}

TEST(GprsLlcFraming, UiFrameLayout)
{
    // TS 44.064 clauses 6.2, 6.3.3: address PD 0, C/R, SAPI; control 110 XX N(U) E PM; FCS sent
    // least significant octet first.
    const auto down = EncodeLlcUiFrame(kGprsLlcSapiUserData, true, 0x155, {0x11, 0x22});
    ASSERT_EQ(down.size(), 2u + 6u);
    EXPECT_EQ(down[0], 0x43);
    EXPECT_EQ(down[1], 0b110'00'101);
    EXPECT_EQ(down[2], 0b010101'0'1);
    EXPECT_EQ(down[3], 0x11);
    EXPECT_EQ(down[4], 0x22);
    const uint32_t fcs = GprsLlcFcs(down.data(), 5);
    EXPECT_EQ(down[5], fcs & 0xFF);
    EXPECT_EQ(down[6], (fcs >> 8) & 0xFF);
    EXPECT_EQ(down[7], fcs >> 16);
    const auto up = EncodeLlcUiFrame(kGprsLlcSapiGmm, false, 0, {});
    ASSERT_EQ(up.size(), 6u);
    EXPECT_EQ(up[0], 0x01);
    EXPECT_EQ(up[1], 0xC0);
    EXPECT_EQ(up[2], 0x01);
    ExpectInvalid([] { EncodeLlcUiFrame(3, true, 512, {}); }, "N(U) 512");
}

TEST(GprsLlcFraming, SnUnitdataHeaders)
{
    // TS 44.065 clause 7.2: X F T M NSAPI; DCOMP PCOMP (first segment); segment number and the
    // N-PDU number's top 4 bits; its low 8 bits.
    const uint8_t data[] = {0x45, 0x00};
    EXPECT_EQ(EncodeSnUnitdata(5, 0x123, 0, true, data, 2),
              (std::vector<uint8_t>{0b0'1'1'1'0101, 0x00, 0x01, 0x23, 0x45, 0x00}));
    EXPECT_EQ(EncodeSnUnitdata(5, 0x123, 2, false, data, 1),
              (std::vector<uint8_t>{0b0'0'1'0'0101, 0x21, 0x23, 0x45}));
    ExpectInvalid([&] { EncodeSnUnitdata(5, 4096, 0, false, data, 1); }, "N-PDU number 4096");
}

TEST(GprsLlcFraming, SegmentsTileTheIpPacket)
{
    // N201-U 500, SN-UNITDATA headers 4 and 3: 496 octets in the first segment, 497 after.
    const GprsLlcFraming framing(500, 6, 4, 3);
    const uint32_t size = 1500;
    uint32_t next = 0;
    for (uint32_t s = 0; s < framing.FrameCount(size); ++s)
    {
        EXPECT_EQ(framing.DataOffset(s), next);
        EXPECT_EQ(framing.FrameOctets(size, s), 6 + (s == 0 ? 4 : 3) + framing.DataOctets(size, s));
        next += framing.DataOctets(size, s);
    }
    EXPECT_EQ(next, size);
    EXPECT_EQ(framing.DataOctets(size, 0), 496u);
    EXPECT_EQ(framing.DataOffset(2), 993u);
}

TEST(GprsLlcFraming, SnDataHeaders)
{
    // TS 44.065 clause 7.2: X F T M NSAPI; DCOMP PCOMP and the 8-bit N-PDU number in the first
    // segment only.
    const uint8_t data[] = {0x45, 0x00};
    EXPECT_EQ(EncodeSnData(5, 0x12, true, true, data, 2),
              (std::vector<uint8_t>{0b0'1'0'1'0101, 0x00, 0x12, 0x45, 0x00}));
    EXPECT_EQ(EncodeSnData(5, 0x12, false, false, data, 1),
              (std::vector<uint8_t>{0b0'0'0'0'0101, 0x45}));
    ExpectInvalid([&] { EncodeSnData(5, 256, true, false, data, 1); }, "N-PDU number 256");
}

TEST(GprsLlcAbm, FrameOctetsFollowTheFormats)
{
    // TS 44.064 clause 6.3: I+S control field 0 A X N(S) X N(R) S1 S2.
    GprsLlcAbmFrame i;
    i.type = GprsLlcAbmFrameType::I;
    i.ns = 421; // 1 1010 0101
    i.nr = 243; // 011 110011
    i.ackRequest = true;
    i.function = GprsLlcSupervisoryFunction::RR;
    i.infoOctets = 1;
    const auto down = EncodeLlcAbmFrame(i, kGprsLlcSapiUserData, true, {0xAA});
    ASSERT_EQ(down.size(), i.GetOctets());
    EXPECT_EQ(std::vector<uint8_t>(down.begin(), down.end() - 3),
              (std::vector<uint8_t>{0x43, 0b0'1'0'11010, 0b0101'0'011, 0b110011'00, 0xAA}));
    const uint32_t fcs = GprsLlcFcs(down.data(), down.size() - 3);
    EXPECT_EQ(down[down.size() - 3], fcs & 0xFF);
    EXPECT_EQ(down[down.size() - 1], fcs >> 16);
    // I+S with SACK: the K octet (bitmap octets - 1), then the bitmap, R(1) first.
    i.function = GprsLlcSupervisoryFunction::SACK;
    i.sackBitmap.set(0);
    i.sackBitmap.set(8);
    const auto sack = EncodeLlcAbmFrame(i, kGprsLlcSapiUserData, false, {0xAA});
    ASSERT_EQ(sack.size(), i.GetOctets());
    EXPECT_EQ(std::vector<uint8_t>(sack.begin(), sack.begin() + 7),
              (std::vector<uint8_t>{0x03, 0x5A, 0x53, 0b110011'11, 1, 0x80, 0x80}));
    // S format: 1 0 A X X N(R) S1 S2, the bitmap up to the FCS; a response, C/R = 1 from the
    // mobile.
    GprsLlcAbmFrame s;
    s.type = GprsLlcAbmFrameType::S;
    s.nr = 2;
    s.function = GprsLlcSupervisoryFunction::SACK;
    s.sackBitmap.set(0);
    s.sackBitmap.set(8);
    const auto up = EncodeLlcAbmFrame(s, kGprsLlcSapiUserData, false, {});
    ASSERT_EQ(up.size(), s.GetOctets());
    EXPECT_EQ(std::vector<uint8_t>(up.begin(), up.begin() + 5),
              (std::vector<uint8_t>{0x43, 0b10'0'00'000, 0b000010'11, 0x80, 0x80}));
    // U format: 1 1 1 P/F M4..M1, SABM 0111 (a command), UA 0110 (a response).
    GprsLlcAbmFrame u;
    u.type = GprsLlcAbmFrameType::SABM;
    EXPECT_EQ(EncodeLlcAbmFrame(u, kGprsLlcSapiUserData, true, {})[1], 0xF7);
    EXPECT_EQ(EncodeLlcAbmFrame(u, kGprsLlcSapiUserData, true, {})[0], 0x43);
    u.type = GprsLlcAbmFrameType::UA;
    const auto ua = EncodeLlcAbmFrame(u, kGprsLlcSapiUserData, true, {});
    ASSERT_EQ(ua.size(), u.GetOctets());
    EXPECT_EQ(ua[0], 0x03);
    EXPECT_EQ(ua[1], 0xF6);
    ExpectInvalid([&] { EncodeLlcAbmFrame(i, 3, true, {}); }, "0 information octets");
}
