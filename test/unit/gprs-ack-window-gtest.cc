/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The ACK-window rewriter: the window the fixed host sees is at most the limit and never more
// than the mobile offered, with the scale learnt from the handshake (RFC 7323 clause 2).

#include "ns3/gprs-ack-window.h"
#include "ns3/tcp-option-winscale.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>

using namespace ns3;

namespace
{

/**
 * \param flags TCP flags
 * \param window the window field
 * \param shift the Window Scale option's shift, or -1 for no option
 * \return the header
 */
TcpHeader
Segment(uint8_t flags, uint16_t window, int shift = -1)
{
    TcpHeader h;
    h.SetFlags(flags);
    h.SetWindowSize(window);
    if (shift >= 0)
    {
        const Ptr<TcpOptionWinScale> ws = CreateObject<TcpOptionWinScale>();
        ws->SetScale(static_cast<uint8_t>(shift));
        h.AppendOption(ws);
    }
    return h;
}

TEST(GprsAckWindowRewriter, ClampFieldNeverRaisesAndRespectsTheScale)
{
    EXPECT_EQ(GprsAckWindowRewriter::ClampField(60000, 0, 10000), 10000);
    EXPECT_EQ(GprsAckWindowRewriter::ClampField(5000, 0, 10000), 5000);
    EXPECT_EQ(GprsAckWindowRewriter::ClampField(0, 0, 10000), 0); // a closed window stays closed
    EXPECT_EQ(GprsAckWindowRewriter::ClampField(1000, 4, 10000), 625); // 10000 / 16
    EXPECT_EQ(GprsAckWindowRewriter::ClampField(1000, 7, 10000), 78);  // 9984 bytes
    // A limit below one scaled unit is one unit, not a closed window.
    EXPECT_EQ(GprsAckWindowRewriter::ClampField(1000, 14, 10000), 1);
    EXPECT_EQ(GprsAckWindowRewriter::ClampField(65535, 0, 1000000), 65535);
    EXPECT_THROW(GprsAckWindowRewriter::ClampField(1, 15, 1000), std::invalid_argument);
    EXPECT_THROW(GprsAckWindowRewriter::ClampField(1, 0, 0), std::invalid_argument);
    // Random fields, shifts and limits: never above the field, never above the limit unless the
    // limit is below one unit, never zero from a non-zero field.
    std::mt19937 rng(8);
    for (int i = 0; i < 100000; ++i)
    {
        const auto field = static_cast<uint16_t>(rng() % 65536);
        const auto shift = static_cast<uint8_t>(rng() % 15);
        const uint32_t limit = 1 + rng() % (1u << 24);
        const uint16_t out = GprsAckWindowRewriter::ClampField(field, shift, limit);
        ASSERT_LE(out, field);
        ASSERT_TRUE((static_cast<uint64_t>(out) << shift) <= limit || out == 1);
        ASSERT_TRUE(field == 0 || out > 0);
    }
}

TEST(GprsAckWindowRewriter, ScaleInForceOnlyWhenBothSidesSentTheOption)
{
    // Server-initiated, both scale: the mobile's SYN-ACK says shift 3.
    GprsAckWindowRewriter both(8000);
    both.OnFixedSegment(Segment(TcpHeader::SYN, 65535, 2));
    GprsAckWindowRewrite r =
        both.OnMobileSegment(Segment(TcpHeader::SYN | TcpHeader::ACK, 65535, 3));
    EXPECT_TRUE(r.known);
    EXPECT_EQ(r.field, 8000); // a SYN's window is not scaled
    EXPECT_TRUE(r.changed);
    EXPECT_EQ(both.GetScale(), std::optional<uint8_t>(3));
    r = both.OnMobileSegment(Segment(TcpHeader::ACK, 16384)); // 128 KiB offered
    EXPECT_EQ(r.field, 1000);
    EXPECT_EQ(r.windowBytes, 8000u);
    EXPECT_TRUE(r.changed);
    r = both.OnMobileSegment(Segment(TcpHeader::ACK, 500)); // 4000 bytes offered: kept
    EXPECT_EQ(r.field, 500);
    EXPECT_EQ(r.windowBytes, 4000u);
    EXPECT_FALSE(r.changed);

    // The fixed host did not send the option: the mobile's fields are unscaled.
    GprsAckWindowRewriter mobileOnly(8000);
    mobileOnly.OnFixedSegment(Segment(TcpHeader::SYN, 65535));
    mobileOnly.OnMobileSegment(Segment(TcpHeader::SYN | TcpHeader::ACK, 65535, 3));
    EXPECT_EQ(mobileOnly.GetScale(), std::optional<uint8_t>(0));
    r = mobileOnly.OnMobileSegment(Segment(TcpHeader::ACK, 16384));
    EXPECT_EQ(r.field, 8000);
    EXPECT_EQ(r.windowBytes, 8000u);

    // Mobile-initiated: the mobile's SYN first, then the fixed host's SYN-ACK.
    GprsAckWindowRewriter mobileFirst(8000);
    mobileFirst.OnMobileSegment(Segment(TcpHeader::SYN, 65535, 5));
    EXPECT_EQ(mobileFirst.GetScale(), std::nullopt);
    mobileFirst.OnFixedSegment(Segment(TcpHeader::SYN | TcpHeader::ACK, 65535, 0));
    EXPECT_EQ(mobileFirst.GetScale(), std::optional<uint8_t>(5));
    r = mobileFirst.OnMobileSegment(Segment(TcpHeader::ACK, 2048)); // 64 KiB
    EXPECT_EQ(r.field, 250);
    EXPECT_EQ(r.windowBytes, 8000u);
}

TEST(GprsAckWindowRewriter, UnknownScaleLeavesSegmentsAlone)
{
    // The handshake was not seen (the connection is older than the proxy).
    GprsAckWindowRewriter rw(1000);
    const GprsAckWindowRewrite r = rw.OnMobileSegment(Segment(TcpHeader::ACK, 30000));
    EXPECT_FALSE(r.known);
    EXPECT_FALSE(r.changed);
    EXPECT_EQ(r.field, 30000);
    EXPECT_THROW(GprsAckWindowRewriter(0), std::invalid_argument);
}

} // namespace
