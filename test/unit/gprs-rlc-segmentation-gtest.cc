/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-rlc-segmentation.h"

#include <algorithm>
#include <cstring>
#include <gtest/gtest.h>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ns3;

namespace
{
/// LI octet as TS 44.060 clause 10.2 draws it: LI in bits 8..3, M in bit 2, E in bit 1.
constexpr uint8_t
LiOctet(uint32_t li, bool m, bool e)
{
    return static_cast<uint8_t>((li << 2) | (m ? 2 : 0) | (e ? 1 : 0));
}

/// Frame contents for the codec: frame id -> octets.
class FrameStore
{
  public:
    /// Add a frame whose octets are drawn from rng.
    void Add(uint64_t id, uint32_t length, std::mt19937& rng)
    {
        std::uniform_int_distribution<int> octet(0, 255);
        auto& bytes = m_frames[id];
        bytes.resize(length);
        std::generate(bytes.begin(), bytes.end(), [&] { return static_cast<uint8_t>(octet(rng)); });
    }

    const std::vector<uint8_t>& Get(uint64_t id) const
    {
        return m_frames.at(id);
    }

    GprsLlcFrameOctets Octets() const
    {
        return [this](uint64_t id, uint32_t offset, uint8_t* out, uint32_t length) {
            const auto& bytes = m_frames.at(id);
            ASSERT_LE(offset + length, bytes.size());
            std::memcpy(out, bytes.data() + offset, length);
        };
    }

  private:
    std::map<uint64_t, std::vector<uint8_t>> m_frames;
};

/// Octets that never matter (the frame contents are not checked by the test using it).
GprsLlcFrameOctets
AnyOctets()
{
    return [](uint64_t id, uint32_t offset, uint8_t* out, uint32_t length) {
        for (uint32_t i = 0; i < length; ++i)
        {
            out[i] = static_cast<uint8_t>(id + offset + i);
        }
    };
}

/// Enqueue frames of the given lengths with ids 1, 2, ...
void
EnqueueAll(GprsLlcSegmenter& segmenter, const std::vector<uint32_t>& lengths)
{
    for (std::size_t i = 0; i < lengths.size(); ++i)
    {
        segmenter.Enqueue(i + 1, lengths[i]);
    }
}

/// Drain the segmenter with one coding scheme.
std::vector<GprsRlcDataBlock>
Drain(GprsLlcSegmenter& segmenter, GprsCodingScheme cs, bool endOfTbf)
{
    std::vector<GprsRlcDataBlock> blocks;
    while (segmenter.HasData())
    {
        blocks.push_back(segmenter.NextBlock(cs, endOfTbf));
    }
    return blocks;
}

/// A block's octets and what the decoder reads in them.
struct Coded
{
    GprsRlcDataField field;          //!< encoder output
    GprsDecodedRlcDataField decoded; //!< decoder output
};

/// Encode, decode and check that the octets say what the descriptor says.
Coded
ExpectOctetsMatchDescriptor(const GprsRlcDataBlock& block, const GprsLlcFrameOctets& octets)
{
    const auto field = EncodeRlcDataBlock(block, octets);
    EXPECT_EQ(field.octets.size(), GprsRlcDataOctets(block.cs));
    EXPECT_EQ(field.e, block.liOctets == 0);
    const auto decoded = DecodeRlcDataBlock(field.octets, block.cs, field.e, block.fbi);
    EXPECT_EQ(decoded.liOctets, block.liOctets);
    EXPECT_EQ(decoded.fillerOctets, block.GetFillerOctets());
    EXPECT_EQ(decoded.segments.size(), block.segments.size());
    uint32_t pos = block.liOctets;
    for (std::size_t i = 0; i < std::min(decoded.segments.size(), block.segments.size()); ++i)
    {
        EXPECT_EQ(decoded.segments[i].dataOffset, pos) << "segment " << i;
        EXPECT_EQ(decoded.segments[i].length, block.segments[i].length) << "segment " << i;
        EXPECT_EQ(decoded.segments[i].endsFrame, block.segments[i].endsFrame) << "segment " << i;
        pos += block.segments[i].length;
    }
    for (uint32_t i = pos; i < field.octets.size(); ++i)
    {
        EXPECT_EQ(field.octets[i], kGprsRlcFillerOctet) << "filler octet " << i;
    }
    return Coded{field, decoded};
}

/// Expect a call to throw E with a message that contains every fragment.
template <typename E, typename F>
void
ExpectThrowWith(F&& call, const std::vector<std::string>& fragments)
{
    try
    {
        call();
        ADD_FAILURE() << "no exception; expected one mentioning '" << fragments.front() << "'";
    }
    catch (const E& e)
    {
        const std::string msg = e.what();
        for (const auto& fragment : fragments)
        {
            EXPECT_NE(msg.find(fragment), std::string::npos)
                << "'" << fragment << "' not in: " << msg;
        }
    }
}

GprsLlcSegment
Seg(uint64_t id, uint16_t offset, uint8_t length, bool ends)
{
    return GprsLlcSegment{id, offset, length, ends};
}

/// ceil(a / b)
uint32_t
CeilDiv(uint32_t a, uint32_t b)
{
    return (a + b - 1) / b;
}
} // namespace

TEST(GprsRlcSegmentation, SegmentBoundFollowsLargestDataField)
{
    uint32_t largest = 0;
    for (auto cs : kGprsCodingSchemes)
    {
        largest = std::max(largest, GprsRlcDataOctets(cs));
    }
    EXPECT_EQ(GprsMaxRlcDataOctets(GprsCsFamily::GPRS), largest);
    // n segments need at least 2 (n - 1) + 1 octets: n - 1 delimited ones and a last one. The
    // bound is EGPRS's, whose data field is the larger.
    const uint32_t egprs = GprsMaxRlcDataOctets(GprsCsFamily::EGPRS);
    EXPECT_GT(egprs, largest);
    const auto n = GprsRlcDataBlock::kMaxSegments;
    EXPECT_LE(2 * (n - 1) + 1, egprs);
    EXPECT_GT(2 * n + 1, egprs);
}

TEST(GprsRlcSegmentation, ManySmallFramesShareOneBlock)
{
    for (auto cs : kGprsCodingSchemes)
    {
        const uint32_t capacity = GprsRlcDataOctets(cs);
        GprsLlcSegmenter segmenter;
        // One more frame than fits: each 1-octet frame costs its LI octet + 1 data octet.
        EnqueueAll(segmenter, std::vector<uint32_t>(capacity / 2 + 1, 1));
        const auto block = segmenter.NextBlock(cs, false);
        ASSERT_EQ(block.segments.size(), capacity / 2) << ToString(cs);
        EXPECT_EQ(block.liOctets, capacity / 2);
        EXPECT_EQ(block.GetFillerOctets(), 0U);
        EXPECT_FALSE(block.fbi);
        for (std::size_t i = 0; i < block.segments.size(); ++i)
        {
            EXPECT_EQ(block.segments[i], Seg(i + 1, 0, 1, true));
        }
        EXPECT_EQ(segmenter.GetQueuedFrames(), 1U);
        const auto field = EncodeRlcDataBlock(block, AnyOctets());
        for (uint32_t i = 0; i < block.liOctets; ++i)
        {
            // M = 1 while another frame follows in the block; E = 1 on the last LI octet only.
            const bool last = i + 1 == block.liOctets;
            EXPECT_EQ(field.octets[i], LiOctet(1, !last, last)) << ToString(cs) << " LI " << i;
        }
        ExpectOctetsMatchDescriptor(block, AnyOctets());
    }
    // The most segments a GPRS block carries: CS-4's 50 octets hold 25 one-octet frames.
    const std::size_t most = (GprsMaxRlcDataOctets(GprsCsFamily::GPRS) - 1) / 2 + 1;
    GprsLlcSegmenter segmenter;
    EnqueueAll(segmenter, std::vector<uint32_t>(most, 1));
    EXPECT_EQ(segmenter.NextBlock(GprsCodingScheme::CS4, true).segments.size(), most);
}

TEST(GprsRlcSegmentation, SmallFrameAloneIsDelimitedAndPadded)
{
    for (auto cs : kGprsCodingSchemes)
    {
        const uint32_t capacity = GprsRlcDataOctets(cs);
        GprsLlcSegmenter segmenter;
        segmenter.Enqueue(7, 5);
        const auto block = segmenter.NextBlock(cs, true);
        EXPECT_FALSE(segmenter.HasData());
        EXPECT_TRUE(block.fbi);
        EXPECT_EQ(block.cs, cs);
        EXPECT_EQ(block.liOctets, 1);
        ASSERT_EQ(block.segments.size(), 1U);
        EXPECT_EQ(block.segments[0], Seg(7, 0, 5, true));
        EXPECT_EQ(block.GetFillerOctets(), capacity - 6);
        const auto field = EncodeRlcDataBlock(block, AnyOctets());
        EXPECT_FALSE(field.e);
        EXPECT_EQ(field.octets[0], LiOctet(5, false, true));
        ExpectOctetsMatchDescriptor(block, AnyOctets());
    }
}

TEST(GprsRlcSegmentation, FrameFillingTheFinalBlockNeedsNoLi)
{
    for (auto cs : kGprsCodingSchemes)
    {
        const uint32_t capacity = GprsRlcDataOctets(cs);
        GprsLlcSegmenter segmenter;
        segmenter.Enqueue(1, capacity);
        const auto block = segmenter.NextBlock(cs, true);
        EXPECT_TRUE(block.fbi);
        EXPECT_EQ(block.liOctets, 0);
        ASSERT_EQ(block.segments.size(), 1U);
        EXPECT_EQ(block.segments[0], Seg(1, 0, capacity, true));
        EXPECT_TRUE(EncodeRlcDataBlock(block, AnyOctets()).e);
        ExpectOctetsMatchDescriptor(block, AnyOctets());
    }
}

TEST(GprsRlcSegmentation, FrameEndingAtBlockBoundaryUsesLiZero)
{
    for (auto cs : kGprsCodingSchemes)
    {
        const uint32_t capacity = GprsRlcDataOctets(cs);
        // Not final because the TBF goes on, or because another frame is queued.
        for (bool secondFrame : {false, true})
        {
            GprsLlcSegmenter segmenter;
            segmenter.Enqueue(1, capacity);
            if (secondFrame)
            {
                segmenter.Enqueue(2, 3);
            }
            const auto first = segmenter.NextBlock(cs, secondFrame);
            EXPECT_FALSE(first.fbi);
            EXPECT_EQ(first.liOctets, 1);
            ASSERT_EQ(first.segments.size(), 1U);
            EXPECT_EQ(first.segments[0], Seg(1, 0, capacity - 1, false));
            const auto field = EncodeRlcDataBlock(first, AnyOctets());
            EXPECT_FALSE(field.e);
            EXPECT_EQ(field.octets[0], LiOctet(0, false, true));
            ExpectOctetsMatchDescriptor(first, AnyOctets());

            const auto second = segmenter.NextBlock(cs, secondFrame);
            EXPECT_FALSE(segmenter.HasData());
            EXPECT_EQ(second.fbi, secondFrame);
            ASSERT_GE(second.segments.size(), 1U);
            EXPECT_EQ(second.segments[0], Seg(1, capacity - 1, 1, true));
            if (secondFrame)
            {
                ASSERT_EQ(second.segments.size(), 2U);
                EXPECT_EQ(second.segments[1], Seg(2, 0, 3, true));
            }
            ExpectOctetsMatchDescriptor(second, AnyOctets());
        }
    }
}

TEST(GprsRlcSegmentation, LiZeroAfterOtherFramesMatchesHandEncodedOctets)
{
    // CS-1, 20 octets: frame 1 (5 octets) + LI, then frame 2 would need exactly the 14 left.
    GprsLlcSegmenter segmenter;
    EnqueueAll(segmenter, {5, 14, 10});
    const auto block = segmenter.NextBlock(GprsCodingScheme::CS1, true);
    EXPECT_EQ(block.liOctets, 2);
    ASSERT_EQ(block.segments.size(), 2U);
    EXPECT_EQ(block.segments[0], Seg(1, 0, 5, true));
    EXPECT_EQ(block.segments[1], Seg(2, 0, 13, false));
    const auto field =
        EncodeRlcDataBlock(block, [](uint64_t id, uint32_t, uint8_t* out, uint32_t n) {
            std::memset(out, static_cast<int>(0xA0 + id), n);
        });
    std::vector<uint8_t> expected = {LiOctet(5, true, false), LiOctet(0, false, true)};
    expected.insert(expected.end(), 5, 0xA1);
    expected.insert(expected.end(), 13, 0xA2);
    EXPECT_EQ(field.octets, expected);

    const auto next = segmenter.NextBlock(GprsCodingScheme::CS1, true);
    ASSERT_EQ(next.segments.size(), 2U);
    EXPECT_EQ(next.segments[0], Seg(2, 13, 1, true));
    EXPECT_EQ(next.segments[1], Seg(3, 0, 10, true));
    EXPECT_TRUE(next.fbi);
    EXPECT_EQ(next.GetFillerOctets(), 20U - 2 - 11);
}

TEST(GprsRlcSegmentation, OneOctetLeftForAOneOctetFrame)
{
    // CS-1: LI + 18 octets leave one octet; a 1-octet frame would end exactly there.
    GprsLlcSegmenter notFinal;
    EnqueueAll(notFinal, {18, 1});
    const auto padded = notFinal.NextBlock(GprsCodingScheme::CS1, false);
    ASSERT_EQ(padded.segments.size(), 1U);
    EXPECT_EQ(padded.GetFillerOctets(), 1U);
    ExpectOctetsMatchDescriptor(padded, AnyOctets());
    const auto next = notFinal.NextBlock(GprsCodingScheme::CS1, false);
    ASSERT_EQ(next.segments.size(), 1U);
    EXPECT_EQ(next.segments[0], Seg(2, 0, 1, true));
    EXPECT_EQ(next.liOctets, 1);

    // In the final block the frame fills the octet without LI.
    GprsLlcSegmenter finalTbf;
    EnqueueAll(finalTbf, {18, 1});
    const auto block = finalTbf.NextBlock(GprsCodingScheme::CS1, true);
    EXPECT_TRUE(block.fbi);
    EXPECT_EQ(block.liOctets, 1);
    ASSERT_EQ(block.segments.size(), 2U);
    EXPECT_EQ(block.segments[1], Seg(2, 0, 1, true));
    const auto field = EncodeRlcDataBlock(block, AnyOctets());
    EXPECT_EQ(field.octets[0], LiOctet(18, true, true));
    ExpectOctetsMatchDescriptor(block, AnyOctets());
}

TEST(GprsRlcSegmentation, LargeFrameBlockCountPerCodingScheme)
{
    for (auto cs : kGprsCodingSchemes)
    {
        const uint32_t capacity = GprsRlcDataOctets(cs);
        for (uint32_t length :
             {capacity - 1, capacity + 1, 2 * capacity, 3 * capacity + 7, 576U, 1500U, 1560U})
        {
            // Alone in its TBF: full blocks without LI, then one with LI and filler, or a
            // last block filled exactly without LI.
            GprsLlcSegmenter segmenter;
            segmenter.Enqueue(1, length);
            const auto blocks = Drain(segmenter, cs, true);
            ASSERT_EQ(blocks.size(), CeilDiv(length, capacity)) << ToString(cs) << " " << length;
            for (std::size_t i = 0; i + 1 < blocks.size(); ++i)
            {
                EXPECT_EQ(blocks[i].liOctets, 0);
                EXPECT_FALSE(blocks[i].fbi);
                EXPECT_EQ(blocks[i].segments[0], Seg(1, i * capacity, capacity, false));
            }
            const auto& last = blocks.back();
            EXPECT_TRUE(last.fbi);
            EXPECT_EQ(last.liOctets, length % capacity == 0 ? 0 : 1);
            EXPECT_TRUE(last.segments.back().endsFrame);

            // With the TBF going on, a frame ending exactly at a block end spills one octet.
            GprsLlcSegmenter open;
            open.Enqueue(1, length);
            const uint32_t expected =
                length % capacity == 0 ? length / capacity + 1 : CeilDiv(length, capacity);
            EXPECT_EQ(Drain(open, cs, false).size(), expected) << ToString(cs) << " " << length;
        }
    }
}

TEST(GprsRlcSegmentation, FbiOnlyOnTheBlockThatEndsTheTbf)
{
    GprsLlcSegmenter segmenter;
    EnqueueAll(segmenter, {100, 7, 300});
    const auto open = Drain(segmenter, GprsCodingScheme::CS2, false);
    EXPECT_TRUE(std::none_of(open.begin(), open.end(), [](const auto& b) { return b.fbi; }));

    EnqueueAll(segmenter, {100, 7, 300});
    const auto closing = Drain(segmenter, GprsCodingScheme::CS2, true);
    for (std::size_t i = 0; i < closing.size(); ++i)
    {
        EXPECT_EQ(closing[i].fbi, i + 1 == closing.size()) << "block " << i;
    }
}

TEST(GprsRlcSegmentation, CodingSchemeMayChangeEveryBlock)
{
    const std::vector<GprsCodingScheme> sequence = {GprsCodingScheme::CS4,
                                                    GprsCodingScheme::CS1,
                                                    GprsCodingScheme::CS3,
                                                    GprsCodingScheme::CS2};
    FrameStore store;
    std::mt19937 rng(1);
    store.Add(1, 1000, rng);
    store.Add(2, 40, rng);
    GprsLlcSegmenter segmenter;
    segmenter.Enqueue(1, 1000);
    segmenter.Enqueue(2, 40);
    GprsLlcReassembler reassembler;
    std::vector<GprsReassembledLlcFrame> delivered;
    uint32_t offset = 0;
    for (std::size_t i = 0; segmenter.HasData(); ++i)
    {
        const auto cs = sequence[i % sequence.size()];
        const auto block = segmenter.NextBlock(cs, true);
        EXPECT_EQ(block.cs, cs);
        ExpectOctetsMatchDescriptor(block, store.Octets());
        if (block.segments[0].frameId == 1)
        {
            EXPECT_EQ(block.segments[0].offset, offset);
            offset += block.segments[0].length;
        }
        if (segmenter.HasData())
        {
            // Not the last block: the data field of this block's CS is used up.
            EXPECT_EQ(block.GetFillerOctets(), 0U);
            EXPECT_EQ(block.liOctets + block.GetDataOctets(), GprsRlcDataOctets(cs));
        }
        for (const auto& f : reassembler.Receive(block))
        {
            delivered.push_back(f);
        }
    }
    EXPECT_EQ(offset, 1000U);
    ASSERT_EQ(delivered.size(), 2U);
    EXPECT_EQ(delivered[0].frameId, 1U);
    EXPECT_EQ(delivered[0].lengthOctets, 1000U);
    EXPECT_EQ(delivered[1].frameId, 2U);
    EXPECT_EQ(delivered[1].lengthOctets, 40U);
}

TEST(GprsRlcSegmentation, QueueQueriesFollowTheSegmentation)
{
    GprsLlcSegmenter segmenter;
    EXPECT_FALSE(segmenter.HasData());
    EXPECT_EQ(segmenter.GetQueuedOctets(), 0U);
    EnqueueAll(segmenter, {45, 10});
    EXPECT_TRUE(segmenter.HasData());
    EXPECT_EQ(segmenter.GetQueuedOctets(), 55U);
    EXPECT_EQ(segmenter.GetQueuedFrames(), 2U);
    segmenter.NextBlock(GprsCodingScheme::CS1, false); // 20 octets of frame 1
    EXPECT_EQ(segmenter.GetQueuedOctets(), 35U);
    EXPECT_EQ(segmenter.GetQueuedFrames(), 2U);
    segmenter.NextBlock(GprsCodingScheme::CS1, false); // 20 more of frame 1
    segmenter.NextBlock(GprsCodingScheme::CS1, false); // LI + 5 of frame 1, LI + 10 of frame 2
    EXPECT_EQ(segmenter.GetQueuedOctets(), 0U);
    EXPECT_EQ(segmenter.GetQueuedFrames(), 0U);
    EXPECT_FALSE(segmenter.HasData());
    EXPECT_THROW(segmenter.NextBlock(GprsCodingScheme::CS1, true), std::logic_error);
}

TEST(GprsRlcSegmentation, RandomFramesSurviveByteIdenticalInOrderOnce)
{
    std::mt19937 rng(20240607);
    std::uniform_int_distribution<uint32_t> anyLength(1, kGprsMaxLlcFrameOctets);
    std::uniform_int_distribution<uint32_t> smallLength(1, 60);
    std::uniform_int_distribution<std::size_t> csIndex(0, kGprsCodingSchemes.size() - 1);
    std::bernoulli_distribution coin(0.5);
    // About 27 octets offered per block period against 20..50 sent: the queue often runs empty.
    std::bernoulli_distribution arrival(1.0 / 30);
    std::uniform_int_distribution<int> burst(1, 3);

    const uint64_t frameCount = 4000;
    FrameStore store;
    GprsLlcSegmenter segmenter;
    GprsLlcReassembler reassembler;
    std::vector<uint64_t> descriptorOrder;
    std::vector<uint64_t> octetOrder;
    std::vector<uint8_t> current; // frame being rebuilt from decoded octets
    uint64_t nextId = 1;
    std::size_t blocks = 0;
    std::set<uint32_t> fillerSeen;
    bool liZeroSeen = false;
    while (nextId <= frameCount || segmenter.HasData())
    {
        // Frames arrive in bursts, so the queue sometimes runs empty mid-TBF.
        for (int k = arrival(rng) ? burst(rng) : 0; k > 0 && nextId <= frameCount; --k, ++nextId)
        {
            const uint32_t length = coin(rng) ? anyLength(rng) : smallLength(rng);
            store.Add(nextId, length, rng);
            segmenter.Enqueue(nextId, length);
        }
        if (!segmenter.HasData())
        {
            continue;
        }
        const auto cs = kGprsCodingSchemes[csIndex(rng)];
        const auto block = segmenter.NextBlock(cs, nextId > frameCount);
        ++blocks;
        fillerSeen.insert(block.GetFillerOctets());
        liZeroSeen = liZeroSeen ||
                     (block.liOctets == block.segments.size() && !block.segments.back().endsFrame);

        const auto [field, decoded] = ExpectOctetsMatchDescriptor(block, store.Octets());
        for (const auto& s : decoded.segments)
        {
            current.insert(current.end(),
                           field.octets.begin() + s.dataOffset,
                           field.octets.begin() + s.dataOffset + s.length);
            if (s.endsFrame)
            {
                const uint64_t id = octetOrder.size() + 1;
                octetOrder.push_back(id);
                ASSERT_EQ(current, store.Get(id)) << "frame " << id;
                current.clear();
            }
        }
        for (const auto& f : reassembler.Receive(block))
        {
            EXPECT_EQ(f.lengthOctets, store.Get(f.frameId).size());
            descriptorOrder.push_back(f.frameId);
        }
        if (HasFailure())
        {
            return;
        }
    }
    std::vector<uint64_t> all(frameCount);
    std::iota(all.begin(), all.end(), 1);
    EXPECT_EQ(octetOrder, all);
    EXPECT_EQ(descriptorOrder, all);
    EXPECT_TRUE(current.empty());
    EXPECT_EQ(reassembler.GetDroppedFrames(), 0U);
    // The run exercised the special cases, not only plain blocks.
    EXPECT_TRUE(liZeroSeen);
    EXPECT_GT(fillerSeen.size(), 10U);
    EXPECT_GT(blocks, frameCount);
}

namespace
{
/// Blocks of three frames in CS-1: 30 octets (blocks 0-1), 5 (block 1), 40 (blocks 1-3).
std::vector<GprsRlcDataBlock>
ThreeFrameBlocks()
{
    GprsLlcSegmenter segmenter;
    EnqueueAll(segmenter, {30, 5, 40});
    auto blocks = Drain(segmenter, GprsCodingScheme::CS1, true);
    EXPECT_EQ(blocks.size(), 4U);
    return blocks;
}

/// Feed blocks, skipping the lost ones with NotifyGap; return the delivered frame ids.
std::vector<uint64_t>
FeedWithLosses(GprsLlcReassembler& reassembler,
               const std::vector<GprsRlcDataBlock>& blocks,
               const std::set<std::size_t>& lost)
{
    std::vector<uint64_t> ids;
    for (std::size_t i = 0; i < blocks.size(); ++i)
    {
        if (lost.count(i))
        {
            reassembler.NotifyGap();
            continue;
        }
        for (const auto& f : reassembler.Receive(blocks[i]))
        {
            ids.push_back(f.frameId);
        }
    }
    return ids;
}
} // namespace

TEST(GprsRlcSegmentation, GapDropsTheFramesItTouches)
{
    const auto blocks = ThreeFrameBlocks();
    {
        // Block 1 ends frame 1, holds frame 2 and starts frame 3: all three are lost; frames 1
        // and 3 had segments received, so they are the ones counted.
        GprsLlcReassembler r;
        EXPECT_EQ(FeedWithLosses(r, blocks, {1}), std::vector<uint64_t>{});
        EXPECT_EQ(r.GetDroppedFrames(), 2U);
    }
    {
        // Block 2 is the middle of frame 3: frames 1 and 2 arrive, frame 3 is counted once.
        GprsLlcReassembler r;
        EXPECT_EQ(FeedWithLosses(r, blocks, {2}), (std::vector<uint64_t>{1, 2}));
        EXPECT_EQ(r.GetDroppedFrames(), 1U);
    }
    {
        // Block 0 is the head of frame 1: its tail in block 1 is discarded, 2 and 3 arrive.
        GprsLlcReassembler r;
        EXPECT_EQ(FeedWithLosses(r, blocks, {0}), (std::vector<uint64_t>{2, 3}));
        EXPECT_EQ(r.GetDroppedFrames(), 1U);
    }
    {
        // Two consecutive lost blocks count as one gap.
        GprsLlcReassembler r;
        EXPECT_EQ(FeedWithLosses(r, blocks, {1, 2}), std::vector<uint64_t>{});
        EXPECT_EQ(r.GetDroppedFrames(), 2U);
    }
}

TEST(GprsRlcSegmentation, FrameStartingABlockAfterAGapIsDropped)
{
    // CS-1: frame 1 with its LI fills block 0 exactly, frame 2 starts block 1. Without block 0
    // the receiver cannot know that frame 2 starts there (no start marker in GPRS).
    GprsLlcSegmenter segmenter;
    EnqueueAll(segmenter, {19, 10, 4});
    const auto blocks = Drain(segmenter, GprsCodingScheme::CS1, true);
    ASSERT_EQ(blocks.size(), 2U);
    ASSERT_EQ(blocks[1].segments[0], Seg(2, 0, 10, true));
    GprsLlcReassembler r;
    EXPECT_EQ(FeedWithLosses(r, blocks, {0}), std::vector<uint64_t>{3});
    EXPECT_EQ(r.GetDroppedFrames(), 1U);
}

TEST(GprsRlcSegmentation, RandomGapsDropExactlyTheAffectedFrames)
{
    std::mt19937 rng(77);
    std::uniform_int_distribution<uint32_t> length(1, 400);
    std::bernoulli_distribution lose(0.1);
    GprsLlcSegmenter segmenter;
    const uint64_t frameCount = 500;
    for (uint64_t id = 1; id <= frameCount; ++id)
    {
        segmenter.Enqueue(id, length(rng));
    }
    std::vector<GprsRlcDataBlock> blocks;
    while (segmenter.HasData())
    {
        blocks.push_back(segmenter.NextBlock(kGprsCodingSchemes[blocks.size() % 4], true));
    }
    std::set<std::size_t> lost;
    for (std::size_t i = 0; i < blocks.size(); ++i)
    {
        if (lose(rng))
        {
            lost.insert(i);
        }
    }
    // Affected: frames with a segment in a lost block, and the frame of the first segment of
    // the first block received after a gap. Counted: affected frames with a received segment.
    std::set<uint64_t> affected;
    std::set<uint64_t> seen;
    for (std::size_t i = 0; i < blocks.size(); ++i)
    {
        for (const auto& s : blocks[i].segments)
        {
            (lost.count(i) ? affected : seen).insert(s.frameId);
        }
        if (!lost.count(i) && i > 0 && lost.count(i - 1))
        {
            affected.insert(blocks[i].segments[0].frameId);
        }
    }
    std::vector<uint64_t> expected;
    uint64_t counted = 0;
    for (uint64_t id = 1; id <= frameCount; ++id)
    {
        if (!affected.count(id))
        {
            expected.push_back(id);
        }
        else if (seen.count(id))
        {
            ++counted;
        }
    }
    ASSERT_FALSE(lost.empty());
    GprsLlcReassembler r;
    EXPECT_EQ(FeedWithLosses(r, blocks, lost), expected);
    EXPECT_EQ(r.GetDroppedFrames(), counted);
}

TEST(GprsRlcSegmentation, RejectsBadFrameLengths)
{
    GprsLlcSegmenter segmenter;
    ExpectThrowWith<std::invalid_argument>([&] { segmenter.Enqueue(3, 0); },
                                           {"frame 3", "length 0", "1..1560"});
    ExpectThrowWith<std::invalid_argument>([&] { segmenter.Enqueue(4, 1561); },
                                           {"frame 4", "length 1561", "1..1560"});
    EXPECT_FALSE(segmenter.HasData());
    EXPECT_NO_THROW(segmenter.Enqueue(5, 1));
    EXPECT_NO_THROW(segmenter.Enqueue(6, kGprsMaxLlcFrameOctets));
    EXPECT_EQ(segmenter.GetQueuedOctets(), 1U + kGprsMaxLlcFrameOctets);
}

TEST(GprsRlcSegmentation, DecoderRejectsMalformedOctets)
{
    using V = std::vector<uint8_t>;
    const auto cs1 = GprsCodingScheme::CS1;
    const auto field = [](std::initializer_list<uint8_t> head, std::size_t size = 20) {
        V v(size, kGprsRlcFillerOctet);
        std::copy(head.begin(), head.end(), v.begin());
        return v;
    };
    ExpectThrowWith<std::invalid_argument>([&] { DecodeRlcDataBlock(V(19), cs1, true, false); },
                                           {"CS-1", "19 octets", "expected 20"});
    ExpectThrowWith<std::invalid_argument>(
        [&] { DecodeRlcDataBlock(field({LiOctet(25, false, true)}), cs1, false, false); },
        {"LI 0 = 25", "points past", "19 octets left"});
    ExpectThrowWith<std::invalid_argument>(
        [&] {
            DecodeRlcDataBlock(field({LiOctet(3, true, false), LiOctet(17, false, true)}),
                               cs1,
                               false,
                               false);
        },
        {"LI 1 = 17", "points past"});
    ExpectThrowWith<std::invalid_argument>(
        [&] { DecodeRlcDataBlock(field({LiOctet(5, false, false)}), cs1, false, false); },
        {"M = 0 and E = 0", "reserved"});
    ExpectThrowWith<std::invalid_argument>(
        [&] { DecodeRlcDataBlock(V(20, LiOctet(1, true, false)), cs1, false, false); },
        {"run past the end"});
    ExpectThrowWith<std::invalid_argument>(
        [&] { DecodeRlcDataBlock(field({LiOctet(19, true, true)}), cs1, false, false); },
        {"M = 1", "full"});
    ExpectThrowWith<std::invalid_argument>(
        [&] { DecodeRlcDataBlock(field({LiOctet(0, false, true)}), cs1, false, true); },
        {"LI = 0", "final block"});
    ExpectThrowWith<std::invalid_argument>(
        [&] {
            DecodeRlcDataBlock(V(50, LiOctet(1, true, false)), GprsCodingScheme::CS4, false, false);
        },
        {"more than 25 LI octets"});
}

TEST(GprsRlcSegmentation, EncoderRejectsDescriptorsTheOctetsCannotSay)
{
    const auto expectReject = [](const GprsRlcDataBlock& block, const std::string& fragment) {
        ExpectThrowWith<std::invalid_argument>([&] { EncodeRlcDataBlock(block, AnyOctets()); },
                                               {"BSN 9", fragment});
    };
    GprsRlcDataBlock block;
    block.bsn = 9;
    expectReject(block, "no segment");

    block.segments = {Seg(1, 0, 10, false), Seg(2, 0, 8, true)};
    block.liOctets = 1;
    expectReject(block, "does not end its frame but is not the last");

    block.segments = {Seg(1, 0, 10, true), Seg(2, 4, 8, true)};
    block.liOctets = 2;
    expectReject(block, "must start at offset 0, not 4");

    block.segments = {Seg(1, 0, 10, true), Seg(2, 0, 10, true)};
    block.liOctets = 2;
    expectReject(block, "needs 22 octets, more than the 20-octet");

    block.segments = {Seg(1, 0, 10, true)};
    block.liOctets = 3;
    expectReject(block, "3 LI octets for 1 segments");

    block.segments = {Seg(1, 0, 10, false)};
    block.liOctets = 1;
    expectReject(block, "9 filler octets");

    block.segments = {Seg(1, 0, 20, true)};
    block.liOctets = 0;
    expectReject(block, "without an LI, allowed only in the final block");

    block.segments = {Seg(1, 0, 19, false)};
    block.liOctets = 1;
    block.fbi = true;
    expectReject(block, "final (FBI) but leaves frame 1 unfinished");

    block.segments = {Seg(1, 0, 0, true)};
    block.liOctets = 1;
    block.fbi = false;
    expectReject(block, "length 0");
}

TEST(GprsRlcSegmentation, ReassemblerSaysWhetherABlockContinues)
{
    GprsRlcDataBlock head;
    head.segments = {Seg(1, 0, 20, false)};
    GprsRlcDataBlock tail;
    tail.segments = {Seg(1, 20, 5, true)};
    tail.liOctets = 1;
    GprsRlcDataBlock other;
    other.segments = {Seg(2, 0, 20, false)};
    GprsLlcReassembler r;
    EXPECT_TRUE(r.Continues(head)) << "a new frame at offset 0";
    EXPECT_FALSE(r.Continues(tail)) << "a continuation with no frame in progress";
    EXPECT_TRUE(r.Receive(head).empty());
    EXPECT_TRUE(r.Continues(tail));
    EXPECT_FALSE(r.Continues(other)) << "another frame while frame 1 is in progress";
    r.NotifyGap();
    EXPECT_TRUE(r.Continues(other)) << "after a gap anything may come";
}

TEST(GprsRlcSegmentation, ReassemblerRejectsBlocksThatDoNotContinue)
{
    GprsRlcDataBlock head;
    head.bsn = 0;
    head.segments = {Seg(1, 0, 20, false)};
    GprsRlcDataBlock wrongOffset;
    wrongOffset.bsn = 1;
    wrongOffset.segments = {Seg(1, 21, 5, true)};
    wrongOffset.liOctets = 1;
    GprsLlcReassembler r;
    EXPECT_TRUE(r.Receive(head).empty());
    ExpectThrowWith<std::invalid_argument>([&] { r.Receive(wrongOffset); },
                                           {"BSN 1", "frame 1 at offset 21", "offset 20"});
    GprsRlcDataBlock otherFrame = wrongOffset;
    otherFrame.segments = {Seg(2, 20, 5, true)};
    ExpectThrowWith<std::invalid_argument>([&] { r.Receive(otherFrame); },
                                           {"frame 2", "expected frame 1 at offset 20"});

    GprsLlcReassembler fresh;
    ExpectThrowWith<std::invalid_argument>([&] { fresh.Receive(wrongOffset); },
                                           {"expected a new frame at offset 0"});
}

TEST(GprsRlcSegmentation, CountBlocksForeseesNextBlockWithoutConsumingTheQueue)
{
    // A frame that fills a block exactly takes one final block, but two otherwise: the LI = 0
    // rule moves its last octet on (TS 44.060 clause 10.4.14).
    for (auto cs : kGprsCodingSchemes)
    {
        GprsLlcSegmenter exact;
        exact.Enqueue(1, GprsRlcDataOctets(cs));
        EXPECT_EQ(exact.CountBlocks(cs, true), 1U) << ToString(cs);
        EXPECT_EQ(exact.CountBlocks(cs, false), 2U) << ToString(cs);
        EXPECT_EQ(exact.GetQueuedOctets(), GprsRlcDataOctets(cs));
    }
    GprsLlcSegmenter segmenter;
    for (uint32_t i = 0; i < 9; ++i)
    {
        segmenter.Enqueue(i, 7 + 31 * i);
    }
    for (auto cs : kGprsCodingSchemes)
    {
        const uint32_t expected = segmenter.CountBlocks(cs, true);
        GprsLlcSegmenter copy = segmenter;
        uint32_t blocks = 0;
        for (; copy.HasData(); ++blocks)
        {
            copy.NextBlock(cs, true);
        }
        EXPECT_EQ(expected, blocks) << ToString(cs);
    }
    EXPECT_EQ(segmenter.GetQueuedFrames(), 9U);
}

TEST(GprsRlcSegmentation, TlliTakesFourOctetsAfterTheLengthIndicators)
{
    // TS 44.060 clauses 10.2.2, 10.4.15: with TI = 1 the TLLI follows the LI octets and the LLC
    // data gets 4 octets less of the field.
    for (auto cs : kGprsCodingSchemes)
    {
        const uint32_t capacity = GprsRlcDataOctets(cs);
        GprsLlcSegmenter segmenter;
        segmenter.Enqueue(1, 100);
        EXPECT_EQ(segmenter.CountBlocks(cs, true, true), CeilDiv(100, capacity - 4));
        const auto full = segmenter.NextBlock(cs, true, true);
        EXPECT_TRUE(full.tlli);
        EXPECT_EQ(full.GetFieldOctets(), capacity - 4);
        EXPECT_EQ(full.GetDataOctets(), capacity - 4);
        EXPECT_EQ(full.liOctets, 0);
        const auto field = EncodeRlcDataBlock(full, AnyOctets(), 0xC0000003);
        ASSERT_EQ(field.octets.size(), capacity);
        EXPECT_EQ(std::vector<uint8_t>(field.octets.begin(), field.octets.begin() + 4),
                  (std::vector<uint8_t>{0xC0, 0x00, 0x00, 0x03}));
        EXPECT_EQ(field.octets[4], static_cast<uint8_t>(1)); // frame 1's octet 0
        const auto decoded = DecodeRlcDataBlock(field.octets, cs, field.e, full.fbi, true);
        EXPECT_EQ(decoded.tlli, 0xC0000003U);
        ASSERT_EQ(decoded.segments.size(), 1U);
        EXPECT_EQ(decoded.segments[0].dataOffset, 4);
        EXPECT_EQ(decoded.segments[0].length, capacity - 4);
        // The rest without the TLLI: the field's full size again.
        const auto plain = segmenter.NextBlock(cs, true);
        EXPECT_FALSE(plain.tlli);
        EXPECT_EQ(plain.GetDataOctets(), std::min(capacity, 100 - (capacity - 4)));
    }
    // A small frame: LI octet, TLLI, data, filler.
    GprsLlcSegmenter segmenter;
    segmenter.Enqueue(7, 5);
    const auto block = segmenter.NextBlock(GprsCodingScheme::CS1, true, true);
    EXPECT_EQ(block.liOctets, 1);
    EXPECT_EQ(block.GetFillerOctets(), 20U - 1 - 4 - 5);
    const auto field = EncodeRlcDataBlock(block, AnyOctets(), 0x01020304);
    EXPECT_EQ(field.octets[0], LiOctet(5, false, true));
    EXPECT_EQ(std::vector<uint8_t>(field.octets.begin() + 1, field.octets.begin() + 5),
              (std::vector<uint8_t>{1, 2, 3, 4}));
    EXPECT_EQ(field.octets[5], static_cast<uint8_t>(7)); // frame 7's octet 0
    EXPECT_EQ(field.octets[10], kGprsRlcFillerOctet);
    const auto decoded = DecodeRlcDataBlock(field.octets, GprsCodingScheme::CS1, false, true, true);
    EXPECT_EQ(decoded.tlli, 0x01020304U);
    ASSERT_EQ(decoded.segments.size(), 1U);
    EXPECT_EQ(decoded.segments[0].dataOffset, 5);
    EXPECT_EQ(decoded.fillerOctets, 10);
}

TEST(GprsRlcSegmentation, TlliBlockMustLeaveRoomForTheTlli)
{
    // A descriptor filling the whole field cannot also carry the TLLI.
    GprsRlcDataBlock block;
    block.cs = GprsCodingScheme::CS1;
    block.fbi = true;
    block.tlli = true;
    block.segments.push_back(Seg(1, 0, 20, true));
    ExpectThrowWith<std::invalid_argument>([&] { EncodeRlcDataBlock(block, AnyOctets()); },
                                           {"needs 20 octets, more than the 16-octet RLC data "
                                            "field left by its TLLI"});
    // A decoder told TI = 1 finds no room for the TLLI after 17 LI octets.
    std::vector<uint8_t> octets(20, kGprsRlcFillerOctet);
    for (std::size_t i = 0; i < 17; ++i)
    {
        octets[i] = LiOctet(1, true, i == 16);
    }
    ExpectThrowWith<std::invalid_argument>(
        [&] { DecodeRlcDataBlock(octets, GprsCodingScheme::CS1, false, false, true); },
        {"the TLLI (TI = 1) runs past the end of the field"});
}
