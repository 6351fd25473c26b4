/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The relay buffer of one direction of a split connection: bounded, in order, and the FIN passed
// on once, after the last octet.

#include "ns3/gprs-split-pipe.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <stdexcept>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param first value of the first octet
 * \param n octets
 * \return a packet of n octets counting up from first (modulo 256)
 */
Ptr<Packet>
Counting(uint32_t first, uint32_t n)
{
    std::vector<uint8_t> bytes(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        bytes[i] = static_cast<uint8_t>(first + i);
    }
    return Create<Packet>(bytes.data(), n);
}

/**
 * \param p a packet
 * \return its octets
 */
std::vector<uint8_t>
Octets(Ptr<const Packet> p)
{
    std::vector<uint8_t> bytes(p->GetSize());
    p->CopyData(bytes.data(), bytes.size());
    return bytes;
}

TEST(GprsSplitPipe, BoundedAndInOrderAcrossPacketBoundaries)
{
    GprsSplitPipe pipe(1000);
    EXPECT_EQ(pipe.GetSpace(), 1000u);
    EXPECT_EQ(pipe.Pop(10), nullptr);
    pipe.Push(Counting(0, 300));
    pipe.Push(Counting(44, 500)); // octets 300..799 continue the count (300 mod 256 = 44)
    pipe.Push(Create<Packet>());  // ignored
    EXPECT_EQ(pipe.GetSize(), 800u);
    EXPECT_EQ(pipe.GetSpace(), 200u);
    uint32_t next = 0;
    for (uint32_t want : {250u, 100u, 1000u})
    {
        const Ptr<Packet> p = pipe.Pop(want);
        ASSERT_NE(p, nullptr);
        for (uint8_t b : Octets(p))
        {
            ASSERT_EQ(b, static_cast<uint8_t>(next++));
        }
    }
    EXPECT_EQ(next, 800u);
    EXPECT_EQ(pipe.GetSize(), 0u);
    EXPECT_EQ(pipe.GetBytesOut(), 800u);
    EXPECT_EQ(pipe.Pop(0), nullptr);
}

TEST(GprsSplitPipe, FinalReadMayExceedTheCapacity)
{
    GprsSplitPipe pipe(100);
    pipe.Push(Counting(0, 250));
    EXPECT_EQ(pipe.GetSpace(), 0u);
    EXPECT_EQ(pipe.GetSize(), 250u);
    EXPECT_EQ(pipe.Pop(200)->GetSize(), 200u);
    EXPECT_EQ(pipe.GetSpace(), 50u);
    EXPECT_THROW(GprsSplitPipe(0), std::invalid_argument);
}

TEST(GprsSplitPipe, FinPassedOnOnceAfterTheLastOctet)
{
    GprsSplitPipe pipe(100);
    pipe.Push(Counting(0, 40));
    EXPECT_FALSE(pipe.ShouldShutDown());
    pipe.SetSourceFinished();
    EXPECT_TRUE(pipe.IsSourceFinished());
    EXPECT_FALSE(pipe.ShouldShutDown()); // 40 octets still to send
    pipe.Pop(40);
    EXPECT_TRUE(pipe.ShouldShutDown());
    EXPECT_FALSE(pipe.IsShutDown());
    pipe.SetShutDown();
    EXPECT_TRUE(pipe.IsShutDown());
    EXPECT_FALSE(pipe.ShouldShutDown());
}

} // namespace
