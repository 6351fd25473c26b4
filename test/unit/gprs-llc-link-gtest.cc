/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// One mobile's logical links (GprsLlcLink) without a cell: framing, what RLC is offered, what
// is delivered and what is reported lost, the LLC PDU lifetime, and acknowledged mode end to
// end through the peer link.

#include "gprs-fake-llc-user.h"

#include "ns3/gprs-rlc-segmentation.h"
#include "ns3/simulator.h"

#include <gtest/gtest.h>

using namespace ns3;
using gprs_test::FakeLlcUser;

namespace
{

constexpr GprsDirection kDl = GprsDirection::DOWNLINK;
constexpr GprsDirection kUl = GprsDirection::UPLINK;

/// \return RLC's report that frames \p ids were reassembled
std::vector<GprsReassembledLlcFrame>
Reassembled(std::initializer_list<uint64_t> ids)
{
    std::vector<GprsReassembledLlcFrame> frames;
    for (const uint64_t id : ids)
    {
        frames.push_back({id, 0});
    }
    return frames;
}

class GprsLlcLinkTest : public ::testing::Test
{
  protected:
    void TearDown() override
    {
        Simulator::Destroy();
    }
};

} // namespace

TEST_F(GprsLlcLinkTest, UiPacketIsCutIntoFramesThatRlcTakesInOrder)
{
    FakeLlcUser cell;
    ASSERT_TRUE(cell.dl.Enqueue(Create<Packet>(1200), Seconds(0)));
    EXPECT_TRUE(cell.dl.HasDataForLlc());
    EXPECT_EQ(cell.dl.GetBufferedOctets(), 1200U);
    const uint64_t framed = cell.dl.GetBufferedFrameOctets();
    ASSERT_TRUE(cell.dl.HandOver(Seconds(0)));
    EXPECT_TRUE(cell.dl.IsBufferEmpty());
    const uint32_t count = cell.config.ui.FrameCount(1200);
    ASSERT_EQ(cell.rlc[0].size(), count);
    ASSERT_GT(count, 1U);
    uint64_t octets = 0;
    for (uint32_t i = 0; i < count; ++i)
    {
        EXPECT_EQ(cell.rlc[0][i].first, i) << "frame ids count from 0 per link";
        EXPECT_EQ(cell.rlc[0][i].second, cell.config.ui.FrameOctets(1200, i));
        octets += cell.rlc[0][i].second;
    }
    EXPECT_EQ(octets, framed) << "GetBufferedFrameOctets() predicts the frames";
    EXPECT_TRUE(cell.dl.AllFramesInRlc());
    const auto occupancy = cell.Find("occupancy", kDl);
    ASSERT_EQ(occupancy.size(), 2U);
    EXPECT_EQ(occupancy[0].value, 1200U);
    EXPECT_EQ(occupancy[1].value, 0U);
    EXPECT_TRUE(cell.rlc[1].empty()) << "the uplink link got nothing";
}

TEST_F(GprsLlcLinkTest, PacketIsDeliveredOnlyWhenEverySegmentArrives)
{
    FakeLlcUser cell;
    cell.dl.Enqueue(Create<Packet>(1200), Seconds(0));
    cell.dl.Enqueue(Create<Packet>(1200), Seconds(0));
    cell.dl.HandOver(Seconds(0));
    cell.dl.HandOver(Seconds(0));
    const uint64_t perPacket = cell.config.ui.FrameCount(1200);
    ASSERT_EQ(perPacket, 3U);
    // The first packet's middle frame is lost; the second arrives whole.
    cell.dl.DeliverFrames(Reassembled({0, 2, 3, 4, 5}));
    EXPECT_EQ(cell.Find("frameLost", kDl).size(), 1U);
    EXPECT_EQ(cell.Find("packetLost", kDl).size(), 1U);
    ASSERT_EQ(cell.Find("delivered", kDl).size(), 1U);
    EXPECT_EQ(cell.Find("delivered", kDl)[0].value, 1200U);
    EXPECT_FALSE(cell.dl.HasFrames());
    cell.dl.DeliverFrames(Reassembled({4}));
    EXPECT_EQ(cell.Find("delivered", kDl).size(), 1U) << "a frame handled before is ignored";
}

TEST_F(GprsLlcLinkTest, FramesWaitForTheNextTbfAndEndWithTheirs)
{
    FakeLlcUser cell;
    cell.rlcTakes = false;
    cell.ul.Enqueue(Create<Packet>(100), Seconds(0));
    cell.ul.HandOver(Seconds(0));
    cell.ul.QueueEmptyFrame(Seconds(0));
    EXPECT_EQ(cell.ul.GetFrameCount(), 2U);
    EXPECT_FALSE(cell.ul.AllFramesInRlc()) << "no TBF took them";
    std::vector<uint64_t> ids;
    cell.ul.HandAllToRlc([&ids](uint64_t id, uint32_t) { ids.push_back(id); });
    EXPECT_EQ(ids, (std::vector<uint64_t>{0, 1}));
    EXPECT_TRUE(cell.ul.AllFramesInRlc());
    cell.ul.EndTbf(true);
    EXPECT_EQ(cell.ul.GetFrameCount(), 2U) << "kept for a retry";
    EXPECT_FALSE(cell.ul.AllFramesInRlc()) << "the next TBF gets them again";
    cell.ul.HandAllToRlc([](uint64_t, uint32_t) {});
    cell.ul.EndTbf(false);
    EXPECT_FALSE(cell.ul.HasFrames());
    EXPECT_EQ(cell.Find("frameLost", kUl).size(), 2U);
    EXPECT_EQ(cell.Find("packetLost", kUl).size(), 1U);
    EXPECT_EQ(cell.Find("signallingLost", kUl).size(), 1U) << "the empty frame carried no packet";
}

TEST_F(GprsLlcLinkTest, DownlinkPacketsPastTheLifetimeAreDropped)
{
    FakeLlcUser cell;
    cell.config.lifetime = Seconds(1);
    cell.dl.Enqueue(Create<Packet>(100), Seconds(0));
    cell.dl.Enqueue(Create<Packet>(200), Seconds(1.5));
    EXPECT_TRUE(cell.dl.HandOver(Seconds(2)));
    ASSERT_EQ(cell.Find("expired", kDl).size(), 1U);
    EXPECT_EQ(cell.Find("expired", kDl)[0].value, 100U);
    EXPECT_EQ(cell.Find("queued", kDl).size(), 1U) << "only the packet in time is framed";
    cell.dl.Enqueue(Create<Packet>(300), Seconds(2));
    EXPECT_FALSE(cell.dl.HandOver(Seconds(3.5))) << "nothing left to hand over";
    EXPECT_TRUE(cell.dl.IsBufferEmpty());
    cell.ul.Enqueue(Create<Packet>(100), Seconds(0));
    EXPECT_TRUE(cell.ul.HandOver(Seconds(5))) << "the lifetime is the SGSN's: downlink only";
}

TEST_F(GprsLlcLinkTest, FullBufferRefusesAPacket)
{
    FakeLlcUser cell(false, 1000);
    EXPECT_TRUE(cell.dl.Enqueue(Create<Packet>(600), Seconds(0)));
    EXPECT_FALSE(cell.dl.Enqueue(Create<Packet>(600), Seconds(0)));
    EXPECT_EQ(cell.dl.GetBufferedOctets(), 600U);
    EXPECT_EQ(cell.Find("occupancy", kDl).size(), 1U) << "a refused packet changes nothing";
}

TEST_F(GprsLlcLinkTest, AcknowledgedModeDeliversThroughThePeerAndIsConfirmed)
{
    FakeLlcUser cell(true);
    const Ptr<Packet> packet = Create<Packet>(300);
    cell.dl.Enqueue(packet, Seconds(0));
    ASSERT_TRUE(cell.dl.HasDataForLlc()) << "ABM, window open: LLC takes the packet";
    cell.dl.HandOver(Seconds(0));
    EXPECT_FALSE(cell.dl.HasDataForLlc()) << "the next packet waits until LLC sent this one";
    EXPECT_FALSE(cell.Find("ready", kDl).empty()) << "a frame to carry: the link asks for a TBF";
    ASSERT_EQ(cell.Find("abm", kDl).size(), 1U);
    EXPECT_EQ(cell.Find("abm", kDl)[0].value, static_cast<uint64_t>(GprsLlcAbmFrameType::I));
    const auto queued = cell.Find("queued", kDl);
    ASSERT_EQ(queued.size(), 1U);
    EXPECT_EQ(queued[0].packet, packet) << "the frame record names the packet the I frame carries";
    // RLC delivers the I frame: the mobile's entity (the uplink link's) delivers the packet on
    // the direction it was sent on, and acknowledges it on the uplink.
    cell.dl.DeliverFrames(Reassembled({0}));
    const auto delivered = cell.Find("delivered", kDl);
    ASSERT_EQ(delivered.size(), 1U);
    EXPECT_EQ(delivered[0].packet, packet);
    const auto acks = cell.Find("abm", kUl);
    ASSERT_EQ(acks.size(), 1U);
    EXPECT_EQ(acks[0].value, static_cast<uint64_t>(GprsLlcAbmFrameType::S));
    cell.ul.DeliverFrames(Reassembled({0}));
    EXPECT_TRUE(cell.Find("packetLost", kDl).empty()) << "confirmed, delivered: not lost";
    EXPECT_TRUE(cell.Find("delivered", kUl).empty()) << "an S frame carries no packet";
}

TEST_F(GprsLlcLinkTest, AcknowledgedModeLosesThePacketOfAnAbandonedFrame)
{
    FakeLlcUser cell(true);
    const Ptr<Packet> packet = Create<Packet>(300);
    cell.dl.Enqueue(packet, Seconds(0));
    cell.dl.HandOver(Seconds(0));
    // No frame ever arrives: T200 expires N200 times, re-establishment fails, the link is
    // released and the packet is lost; the timer is the link's own event.
    Simulator::Run();
    EXPECT_GT(cell.Find("abm", kDl).size(), 1U) << "T200 repeated frames";
    const auto lost = cell.Find("packetLost", kDl);
    ASSERT_EQ(lost.size(), 1U);
    EXPECT_EQ(lost[0].packet, packet);
    EXPECT_TRUE(cell.Find("delivered", kDl).empty());
}
