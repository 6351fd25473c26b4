/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-llc-buffer.h"
#include "ns3/simulator.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

Ptr<GprsLlcBuffer>
MakeBuffer(uint32_t bytes)
{
    const Ptr<GprsLlcBuffer> buffer = CreateObject<GprsLlcBuffer>();
    buffer->SetMaxSize(QueueSize(QueueSizeUnit::BYTES, bytes));
    return buffer;
}

} // namespace

TEST(GprsLlcBuffer, EachPacketKeepsItsTimeThroughDropsAndRemovals)
{
    const Ptr<GprsLlcBuffer> buffer = MakeBuffer(300);
    uint32_t drops = 0;
    buffer->TraceConnectWithoutContext("Drop", MakeCallback(+[](uint32_t* n, Ptr<const Packet>) {
                                                   ++*n;
                                               }).Bind(&drops));
    EXPECT_TRUE(buffer->Enqueue(Create<Packet>(100), Seconds(1)));
    EXPECT_TRUE(buffer->Enqueue(Create<Packet>(150), Seconds(2)));
    EXPECT_FALSE(buffer->Enqueue(Create<Packet>(100), Seconds(3))) << "350 > 300 octets";
    EXPECT_EQ(drops, 1U) << "the Queue's own Drop trace";
    EXPECT_TRUE(buffer->Enqueue(Create<Packet>(50), Seconds(4)));
    EXPECT_EQ(buffer->GetNBytes(), 300U);
    EXPECT_EQ(buffer->GetHeadSent(), Seconds(1));
    std::vector<uint32_t> sizes;
    buffer->ForEachSize([&sizes](uint32_t s) { sizes.push_back(s); });
    EXPECT_EQ(sizes, (std::vector<uint32_t>{100, 150, 50}));

    EXPECT_EQ(buffer->Remove()->GetSize(), 100U) << "Remove takes the head with its time";
    Time sent;
    EXPECT_EQ(buffer->Dequeue(sent)->GetSize(), 150U);
    EXPECT_EQ(sent, Seconds(2)) << "not the time of the packet removed before it";
    EXPECT_EQ(buffer->Dequeue(sent)->GetSize(), 50U);
    EXPECT_EQ(sent, Seconds(4)) << "not the time of the packet dropped before it";
    EXPECT_TRUE(buffer->Empty());
    EXPECT_EQ(buffer->Dequeue(sent), nullptr);
    EXPECT_EQ(sent, Seconds(4)) << "an empty buffer leaves the time alone";
}

TEST(GprsLlcBuffer, PlainQueueCallsTakeTheTimeOfTheCall)
{
    const Ptr<GprsLlcBuffer> buffer = MakeBuffer(1000);
    Simulator::Schedule(Seconds(5), [buffer] {
        const Ptr<Queue<Packet>> queue = buffer;
        queue->Enqueue(Create<Packet>(10));
    });
    Simulator::Run();
    EXPECT_EQ(buffer->GetHeadSent(), Seconds(5));
    EXPECT_FALSE(buffer->Empty());
    buffer->Flush();
    EXPECT_TRUE(buffer->IsEmpty());
    EXPECT_TRUE(buffer->Empty());
    EXPECT_TRUE(buffer->Enqueue(Create<Packet>(20), Seconds(7)));
    EXPECT_EQ(buffer->GetHeadSent(), Seconds(7)) << "Flush left no time behind";
    Simulator::Destroy();
}
