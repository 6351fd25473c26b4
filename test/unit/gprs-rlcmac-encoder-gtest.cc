/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-expect-invalid.h"

#include "ns3/gprs-rlcmac-encoder.h"

#include <gtest/gtest.h>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param bits '0' and '1' characters, blanks ignored, most significant bit first
 * \param octets size of the block
 * \param padding true: end with the padding bits of a control message (TS 44.060 clause 11: a
 *        '0', then the bits of 00101011 at their positions); false: spare bits 0
 * \return the block
 */
std::vector<uint8_t>
Block(const std::string& bits, std::size_t octets, bool padding)
{
    std::vector<uint8_t> out(octets, 0);
    std::size_t pos = 0;
    const auto set = [&](bool one) {
        if (one)
        {
            out.at(pos / 8) |= static_cast<uint8_t>(0x80 >> (pos % 8));
        }
        ++pos;
    };
    for (const char c : bits)
    {
        if (c == '0' || c == '1')
        {
            set(c == '1');
        }
    }
    if (padding && pos < octets * 8)
    {
        set(false);
    }
    while (padding && pos < octets * 8)
    {
        set((0x2B >> (7 - pos % 8)) & 1);
    }
    return out;
}

/// \return the 64 bits of an RBB as '0'/'1', bit number 64 first
std::string
RbbBits(uint64_t rbb)
{
    std::string s;
    for (int n = 64; n >= 1; --n)
    {
        s += ((rbb >> (n - 1)) & 1) ? '1' : '0';
    }
    return s;
}

/// \return a block descriptor of one coding scheme with the given header fields
GprsRlcDataBlock
MakeBlock(GprsCodingScheme cs, uint8_t bsn, bool fbi)
{
    GprsRlcDataBlock block;
    block.cs = cs;
    block.bsn = bsn;
    block.fbi = fbi;
    return block;
}

/// \return a data field of cs without LI octets whose octets count 1, 2, 3...
GprsRlcDataField
CountingField(GprsCodingScheme cs)
{
    GprsRlcDataField field{true, std::vector<uint8_t>(GprsRlcDataOctets(cs))};
    for (std::size_t i = 0; i < field.octets.size(); ++i)
    {
        field.octets[i] = static_cast<uint8_t>(i + 1);
    }
    return field;
}

} // namespace

TEST(GprsRlcMacEncoder, BlockSizesFollowTheChannelCodings)
{
    // TS 44.060 Table 10.2.1: 23, 33, 39, 53 octets plus 0, 7, 3, 7 spare bits.
    EXPECT_EQ(GprsRlcMacBlockBits(GprsCodingScheme::CS1), 23u * 8);
    EXPECT_EQ(GprsRlcMacBlockBits(GprsCodingScheme::CS2), 33u * 8 + 7);
    EXPECT_EQ(GprsRlcMacBlockBits(GprsCodingScheme::CS3), 39u * 8 + 3);
    EXPECT_EQ(GprsRlcMacBlockBits(GprsCodingScheme::CS4), 53u * 8 + 7);
    EXPECT_EQ(GprsRlcMacBlockOctets(GprsCodingScheme::CS1), 23u);
    EXPECT_EQ(GprsRlcMacBlockOctets(GprsCodingScheme::CS2), 34u);
    EXPECT_EQ(GprsRlcMacBlockOctets(GprsCodingScheme::CS3), 40u);
    EXPECT_EQ(GprsRlcMacBlockOctets(GprsCodingScheme::CS4), 54u);
}

TEST(GprsRlcMacEncoder, LocalTlliSetsTheTwoTopBits)
{
    EXPECT_EQ(GprsLocalTlli(0), 0xC0000000U);
    EXPECT_EQ(GprsLocalTlli(3), 0xC0000003U);
    EXPECT_EQ(GprsLocalTlli(0x3FFFFFFF), 0xFFFFFFFFU);
    ExpectInvalid([] { GprsLocalTlli(0x40000000); }, "1073741824");
}

TEST(GprsBitWriter, WritesMostSignificantBitFirstAcrossOctets)
{
    GprsBitWriter w(3);
    w.Put(0b101, 3, "a");
    w.Put(0x1FF, 9, "b");
    w.Put(0b0011, 4, "c");
    EXPECT_EQ(w.GetPosition(), 16u);
    EXPECT_EQ(w.Finish(), (std::vector<uint8_t>{0b10111111, 0b11110011, 0}));
}

TEST(GprsBitWriter, PaddingIsAZeroThenTheSparePaddingPattern)
{
    // '101' then '0' then bits 4..7 of 00101011 (1011): 1010 1011; then 00101011.
    GprsBitWriter w(2);
    w.Put(0b101, 3, "a");
    EXPECT_EQ(w.FinishWithPadding(), (std::vector<uint8_t>{0xAB, 0x2B}));
    // A full block has no room for padding.
    GprsBitWriter full(1);
    full.Put(0xFF, 8, "a");
    EXPECT_EQ(full.FinishWithPadding(), (std::vector<uint8_t>{0xFF}));
}

TEST(GprsBitWriter, RejectsValuesWiderThanTheirFieldAndOverflow)
{
    GprsBitWriter w(1);
    ExpectInvalid([&] { w.Put(32, 5, "TFI"); }, "TFI = 32 does not fit its 5-bit field");
    w.Put(0, 6, "x");
    ExpectInvalid([&] { w.Put(0, 3, "BSN"); }, "BSN runs past the end of the 1-octet block");
    GprsBitWriter odd(2);
    odd.Put(1, 1, "x");
    ExpectInvalid([&] { odd.PutOctets({1}); }, "not on an octet boundary");
}

TEST(GprsRlcMacEncoder, DownlinkDataBlockHeaderAndLengthIndicators)
{
    // TS 44.060 clause 10.2.1: octet 1 Payload Type 00, RRBP, S/P, USF; octet 2 PR, TFI, FBI;
    // octet 3 BSN, E; then the LI octet (clause 10.4.14) of a 10-octet frame ending here.
    GprsRlcDataBlock block = MakeBlock(GprsCodingScheme::CS1, 33, true);
    block.liOctets = 1;
    block.segments.push_back({7, 0, 10, true});
    const GprsRlcDataField field =
        EncodeRlcDataBlock(block, [](uint64_t, uint32_t offset, uint8_t* out, uint32_t n) {
            for (uint32_t i = 0; i < n; ++i)
            {
                out[i] = static_cast<uint8_t>(0xA0 + offset + i);
            }
        });
    const auto octets = GprsRlcMacEncoder::DownlinkDataBlock({5, true, 0}, 10, block, field);
    std::vector<uint8_t> expected = {0b00'00'1'101, 0b00'01010'1, 0b0100001'0, 0b001010'0'1};
    for (uint8_t i = 0; i < 10; ++i)
    {
        expected.push_back(static_cast<uint8_t>(0xA0 + i));
    }
    expected.resize(23, 0x2B); // filler octets (clause 10.4.16)
    EXPECT_EQ(octets, expected);
}

TEST(GprsRlcMacEncoder, DataBlocksOfEveryCodingSchemeEndWithZeroSpareBits)
{
    for (const GprsCodingScheme cs : kGprsCodingSchemes)
    {
        const GprsRlcDataField field = CountingField(cs);
        const auto octets =
            GprsRlcMacEncoder::DownlinkDataBlock({0, false, 0}, 0, MakeBlock(cs, 1, false), field);
        ASSERT_EQ(octets.size(), GprsRlcMacBlockOctets(cs)) << ToString(cs);
        // E = 1 after BSN 1, then the data field, then nothing but zeros.
        EXPECT_EQ(octets[2], 0b0000001'1) << ToString(cs);
        EXPECT_TRUE(std::equal(field.octets.begin(), field.octets.end(), octets.begin() + 3))
            << ToString(cs);
        for (std::size_t i = 3 + field.octets.size(); i < octets.size(); ++i)
        {
            EXPECT_EQ(octets[i], 0) << ToString(cs) << " octet " << i;
        }
    }
}

TEST(GprsRlcMacEncoder, UplinkDataBlockHeader)
{
    // TS 44.060 clause 10.2.2: octet 1 Payload Type 00, CV, SI, R; octet 2 spare, PI, TFI, TI;
    // octet 3 BSN, E.
    const GprsRlcDataField field = CountingField(GprsCodingScheme::CS2);
    const auto last =
        GprsRlcMacEncoder::UplinkDataBlock(0,
                                           true,
                                           31,
                                           MakeBlock(GprsCodingScheme::CS2, 127, true),
                                           field);
    ASSERT_EQ(last.size(), 34u);
    EXPECT_EQ(last[0], 0b00'0000'1'0);
    EXPECT_EQ(last[1], 0b0'0'11111'0);
    EXPECT_EQ(last[2], 0b1111111'1);
    const auto counting =
        GprsRlcMacEncoder::UplinkDataBlock(15,
                                           false,
                                           2,
                                           MakeBlock(GprsCodingScheme::CS2, 5, false),
                                           field);
    EXPECT_EQ(counting[0], 0b00'1111'0'0);
    EXPECT_EQ(counting[1], 0b0'0'00010'0);
    EXPECT_EQ(counting[2], 0b0000101'1);
}

TEST(GprsRlcMacEncoder, UplinkDataBlockWithTheTlli)
{
    // Contention resolution (TS 44.060 clauses 7.1.2.3, 10.2.2): TI = 1 in octet 2 and the TLLI
    // after the LI octets, inside the CS-1 block's 20 octets of RLC data.
    GprsLlcSegmenter segmenter;
    segmenter.Enqueue(1, 10);
    GprsRlcDataBlock block = segmenter.NextBlock(GprsCodingScheme::CS1, true, true);
    block.bsn = 3;
    const GprsRlcDataField field = EncodeRlcDataBlock(
        block,
        [](uint64_t, uint32_t offset, uint8_t* out, uint32_t n) {
            for (uint32_t i = 0; i < n; ++i)
            {
                out[i] = static_cast<uint8_t>(0xA0 + offset + i);
            }
        },
        0xC0000003);
    const auto octets = GprsRlcMacEncoder::UplinkDataBlock(0, false, 5, block, field);
    ASSERT_EQ(octets.size(), 23U);
    EXPECT_EQ(octets[1], 0b0'0'00101'1);                          // spare, PI, TFI 5, TI = 1
    EXPECT_EQ(octets[2], 0b0000011'0);                            // BSN 3, E = 0: an LI follows
    EXPECT_EQ(octets[3], static_cast<uint8_t>((10 << 2) | 0b01)); // LI 10, M = 0, E = 1
    EXPECT_EQ(std::vector<uint8_t>(octets.begin() + 4, octets.begin() + 8),
              (std::vector<uint8_t>{0xC0, 0x00, 0x00, 0x03})); // TLLI
    EXPECT_EQ(octets[8], 0xA0);                                // the LLC frame's first octet
    EXPECT_EQ(octets[17], 0xA9);                               // and its last
    EXPECT_EQ(octets[18], kGprsRlcFillerOctet);
    // Downlink data blocks have no TI bit.
    const auto downlink = [&] {
        GprsRlcMacEncoder::DownlinkDataBlock({0, false, 0}, 5, block, field);
    };
    ExpectInvalid(downlink, "downlink RLC data block BSN 3 with a TLLI");
}

TEST(GprsRlcMacEncoder, DataBlocksRejectBadFields)
{
    const GprsRlcDataField cs1 = CountingField(GprsCodingScheme::CS1);
    ExpectInvalid(
        [&] {
            GprsRlcMacEncoder::DownlinkDataBlock({0, false, 0},
                                                 32,
                                                 MakeBlock(GprsCodingScheme::CS1, 0, false),
                                                 cs1);
        },
        "TFI = 32");
    ExpectInvalid(
        [&] {
            GprsRlcMacEncoder::DownlinkDataBlock({8, false, 0},
                                                 0,
                                                 MakeBlock(GprsCodingScheme::CS1, 0, false),
                                                 cs1);
        },
        "USF = 8");
    ExpectInvalid(
        [&] {
            GprsRlcMacEncoder::UplinkDataBlock(16,
                                               false,
                                               0,
                                               MakeBlock(GprsCodingScheme::CS1, 0, false),
                                               cs1);
        },
        "CV = 16");
    ExpectInvalid(
        [&] {
            GprsRlcMacEncoder::UplinkDataBlock(0,
                                               false,
                                               0,
                                               MakeBlock(GprsCodingScheme::CS2, 0, false),
                                               cs1);
        },
        "RLC data field of 20 octets for a CS-2 block (expected 30)");
}

TEST(GprsRlcMacEncoder, PacketDownlinkAckNack)
{
    // TS 44.060 clause 11.2.6 with the Ack/Nack Description IE of clause 12.3: bit number 64 of
    // the RBB (BSN = SSN - 64) first, bit number 1 (BSN = SSN - 1) last.
    const GprsRlcAckNackDescription ackNack(true, 5, 0x8000000000000003ULL);
    const std::string common = "01 00000 0"  // uplink control block MAC header, R = 0
                               "000010"      // MESSAGE_TYPE
                               "00011"       // DOWNLINK_TFI
                               "1 0000101" + // FAI, SSN
                               RbbBits(0x8000000000000003ULL);
    const std::string quality = "000000 000 000000 00000000"; // C_VALUE, RXQUAL, SIGN_VAR, I_LEVELs
    EXPECT_EQ(GprsRlcMacEncoder::PacketDownlinkAckNack(3, ackNack, std::nullopt),
              Block(common + "0" + quality, 23, true));
    GprsChannelRequestDescription request;
    request.rlcMode = GprsRlcMode::UNACKNOWLEDGED;
    request.rlcOctetCount = 500;
    // Channel Request Description IE (clause 12.7): PEAK_THROUGHPUT_CLASS, RADIO_PRIORITY,
    // RLC_MODE, LLC_PDU_TYPE, RLC_OCTET_COUNT.
    EXPECT_EQ(GprsRlcMacEncoder::PacketDownlinkAckNack(3, ackNack, request),
              Block(common + "1 0000 00 1 1 0000000111110100" + quality, 23, true));
}

TEST(GprsRlcMacEncoder, PacketUplinkAckNack)
{
    // TS 44.060 clause 11.2.28, GPRS branch.
    const GprsRlcAckNackDescription ackNack(false, 127, 1);
    EXPECT_EQ(
        GprsRlcMacEncoder::PacketUplinkAckNack({6, true, 0}, 4, GprsCodingScheme::CS3, ackNack),
        Block("01 00 1 110" // downlink control block MAC header: RRBP, S/P, USF
              "001001 00"   // MESSAGE_TYPE, PAGE_MODE
              "00 00100"    // '00', UPLINK_TFI
              "0 10"        // message escape, CHANNEL_CODING_COMMAND CS-3
              "0 1111111" +
                  RbbBits(1) +
                  "0 0 0 0" // no TLLI, timing advance, power control, extension bits
                  "0",      // the bit once used for fixed allocation
              23,
              true));
    // Contention resolution (clause 7.1.2.3): the mobile's TLLI echoed.
    EXPECT_EQ(GprsRlcMacEncoder::PacketUplinkAckNack({6, true, 0},
                                                     4,
                                                     GprsCodingScheme::CS3,
                                                     ackNack,
                                                     0xC0000003),
              Block("01 00 1 110"
                    "001001 00"
                    "00 00100"
                    "0 10"
                    "0 1111111" +
                        RbbBits(1) +
                        "1 11000000000000000000000000000011" // CONTENTION_RESOLUTION_TLLI
                        "0 0 0"
                        "0",
                    23,
                    true));
}

TEST(GprsRlcMacEncoder, PacketUplinkAckNackWithTheRelease99AdditionsCarriesTbfEst)
{
    // TS 44.060 clause 11.2.28: after the bit once used for fixed allocation, '1' (Additions for
    // R99), no Packet Extended Timing Advance, TBF_EST, '0' (no Rel-5 additions).
    const GprsRlcAckNackDescription ackNack(true, 127, 1);
    const std::string common = "01 00 1 110"
                               "001001 00"
                               "00 00100"
                               "0 10"
                               "1 1111111" +
                               RbbBits(1) + "0 0 0 0 0";
    for (const bool tbfEst : {true, false})
    {
        EXPECT_EQ(GprsRlcMacEncoder::PacketUplinkAckNack({6, true, 0},
                                                         4,
                                                         GprsCodingScheme::CS3,
                                                         ackNack,
                                                         std::nullopt,
                                                         tbfEst),
                  Block(common + "1 0" + (tbfEst ? "1" : "0") + "0", 23, true))
            << tbfEst;
    }
}

TEST(GprsRlcMacEncoder, PacketResourceRequest)
{
    GprsChannelRequestDescription request;
    request.rlcMode = GprsRlcMode::UNACKNOWLEDGED;
    // TS 44.060 clause 11.2.16: MESSAGE_TYPE 000101, no ACCESS_TYPE, '1' TLLI, no MS Radio
    // Access Capability 2, the Channel Request Description IE (clause 12.7), no CHANGE_MARK,
    // C_VALUE, no SIGN_VAR, no I_LEVEL_TN0..7.
    EXPECT_EQ(GprsRlcMacEncoder::PacketResourceRequest(0xC0000003, request),
              Block("01 00000 0 000101 0 1 11000000000000000000000000000011 0"
                    "0000 00 1 1 0000000000000000"
                    "0 000000 0 00000000",
                    23,
                    true));
}

TEST(GprsRlcMacEncoder, PacketControlAcknowledgementAndDummyBlocks)
{
    const std::string tlli = "11000000000000000000000000000011";
    // TS 44.060 clause 11.2.2: TLLI, CTRL_ACK = 10.
    EXPECT_EQ(GprsRlcMacEncoder::PacketControlAcknowledgement(0xC0000003),
              Block("01 00000 0 000001" + tlli + "10", 23, true));
    // Clause 11.2.8b.
    EXPECT_EQ(GprsRlcMacEncoder::PacketUplinkDummyControlBlock(0xC0000003),
              Block("01 00000 0 000011" + tlli, 23, true));
    // Clause 11.2.8: MESSAGE_TYPE, PAGE_MODE, no PERSISTENCE_LEVEL.
    EXPECT_EQ(GprsRlcMacEncoder::PacketDownlinkDummyControlBlock({2, false, 0}),
              Block("01 00 0 010 100101 00 0", 23, true));
}

TEST(GprsRlcMacEncoder, PacketDownlinkAssignment)
{
    GprsDownlinkAssignment a;
    a.tlli = 0xC0000003;
    a.rlcMode = GprsRlcMode::UNACKNOWLEDGED;
    a.timeslots = 0b00110000; // TN 2 and 3
    a.tfi = 7;
    a.arfcn = 871;
    a.tsc = 5;
    // TS 44.060 clause 11.2.7.
    EXPECT_EQ(GprsRlcMacEncoder::PacketDownlinkAssignment({0, true, 0}, a),
              Block("01 00 1 000 000010 00 0"               // header, type, page mode
                    "10 11000000000000000000000000000011 0" // TLLI, message escape
                    "00 1 0 00110000"                       // MAC_MODE..TIMESLOT_ALLOCATION
                    "1 000000 0"                            // Packet Timing Advance IE
                    "0"                                     // no P0
                    "1 101 00 1101100111"                   // Frequency Parameters IE
                    "1 00111"                               // DOWNLINK_TFI_ASSIGNMENT
                    "0 0 0",                                // no power control, start, mapping
                    23,
                    true));
    // CONTROL_ACK: a new TBF for a mobile whose T3192 runs.
    a.controlAck = true;
    EXPECT_EQ(GprsRlcMacEncoder::PacketDownlinkAssignment({0, true, 0}, a),
              Block("01 00 1 000 000010 00 0"
                    "10 11000000000000000000000000000011 0"
                    "00 1 1 00110000"
                    "1 000000 0"
                    "0"
                    "1 101 00 1101100111"
                    "1 00111"
                    "0 0 0",
                    23,
                    true));
}

TEST(GprsRlcMacEncoder, PacketUplinkAssignment)
{
    GprsUplinkAssignment a;
    a.tlli = 0xC0000003;
    a.cs = GprsCodingScheme::CS2;
    a.tfi = 9;
    a.usf[2] = 1;
    a.usf[3] = 6;
    a.arfcn = 1;
    // TS 44.060 clause 11.2.29 with the Dynamic Allocation struct.
    EXPECT_EQ(GprsRlcMacEncoder::PacketUplinkAssignment({0, true, 0}, a),
              Block("01 00 1 000 001010 00 0"               // header, type, page mode
                    "10 11000000000000000000000000000011 0" // TLLI, GPRS
                    "01 0"                                  // CS-2, TLLI_BLOCK_CHANNEL_CODING
                    "1 000000 0"                            // Packet Timing Advance IE
                    "1 000 00 0000000001"                   // Frequency Parameters IE
                    "01 0 0 0 1 01001 0 0 0"                // dynamic allocation, UL TFI 9
                    "0 0 1001 1110 0 0 0 0",                // USF_TN0..7
                    23,
                    true));
}
