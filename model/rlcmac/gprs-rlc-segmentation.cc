/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-rlc-segmentation.h"

#include <numeric>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{
/// Largest value of GPRS's 6-bit LI field (TS 44.060 clause 10.4.14; EGPRS's has 7 bits).
constexpr uint32_t kMaxLi = 63;
static_assert(GprsMaxRlcDataOctets(GprsCsFamily::GPRS) <= kMaxLi,
              "an LI must be able to count a whole data field");
static_assert(kGprsMaxLlcFrameOctets <= UINT16_MAX, "GprsLlcSegment::offset is 16 bits");

/**
 * One LI octet: LI in bits 8..3, M in bit 2, E in bit 1 (TS 44.060 clause 10.2, octets are
 * numbered with bit 8 the most significant).
 * \param li length indicator
 * \param m more bit
 * \param e extension bit
 * \return the octet
 */
uint8_t
MakeLiOctet(uint32_t li, bool m, bool e)
{
    return static_cast<uint8_t>((li << 2) | (m ? 0x02 : 0) | (e ? 0x01 : 0));
}

/**
 * \param block a block
 * \return "RLC data block BSN <bsn> (<CS>)", to open error messages
 */
std::string
Describe(const GprsRlcDataBlock& block)
{
    return "RLC data block BSN " + std::to_string(block.bsn) + " (" + ToString(block.cs) + ")";
}

/**
 * Check a descriptor against the layout rules of GprsRlcDataBlock.
 * \param block the descriptor
 * \return true if the last segment has an LI octet
 * \throws std::invalid_argument naming the broken rule
 */
bool
CheckLayout(const GprsRlcDataBlock& block)
{
    const auto fail = [&block](const std::string& what) {
        throw std::invalid_argument(Describe(block) + ": " + what);
    };
    const auto& segments = block.segments;
    if (segments.empty())
    {
        fail("carries no segment (at least one LLC octet is required)");
    }
    for (std::size_t i = 0; i < segments.size(); ++i)
    {
        const auto& s = segments[i];
        const std::string name =
            "segment " + std::to_string(i) + " (frame " + std::to_string(s.frameId) + ")";
        if (s.length == 0)
        {
            fail(name + " has length 0 (allowed: 1.." + std::to_string(block.GetFieldOctets()) +
                 ")");
        }
        if (s.offset + s.length > kGprsMaxLlcFrameOctets)
        {
            fail(name + " ends at octet " + std::to_string(s.offset + s.length) +
                 ", past the largest LLC frame of " + std::to_string(kGprsMaxLlcFrameOctets) +
                 " octets");
        }
        if (i + 1 < segments.size() && !s.endsFrame)
        {
            fail(name + " does not end its frame but is not the last segment");
        }
        if (i > 0 && s.offset != 0)
        {
            fail(name + " follows another frame, so it must start at offset 0, not " +
                 std::to_string(s.offset));
        }
    }
    const std::size_t n = segments.size();
    if (block.liOctets + 1U != n && block.liOctets != n)
    {
        fail("has " + std::to_string(block.liOctets) + " LI octets for " + std::to_string(n) +
             " segments (allowed: " + std::to_string(n - 1) + " or " + std::to_string(n) + ")");
    }
    const uint32_t capacity = block.GetFieldOctets();
    const uint32_t used = block.liOctets + block.GetDataOctets();
    if (used > capacity)
    {
        fail("needs " + std::to_string(used) + " octets, more than the " +
             std::to_string(capacity) + "-octet RLC data field" +
             (block.tlli ? " left by its TLLI" : ""));
    }
    const bool lastHasLi = block.liOctets == n;
    const auto& last = segments.back();
    if (block.fbi && !last.endsFrame)
    {
        fail("is final (FBI) but leaves frame " + std::to_string(last.frameId) + " unfinished");
    }
    if (used < capacity && !(lastHasLi && last.endsFrame))
    {
        fail("has " + std::to_string(capacity - used) +
             " filler octets, allowed only after a frame that ends with an LI");
    }
    if (!lastHasLi && last.endsFrame && !block.fbi)
    {
        fail("ends frame " + std::to_string(last.frameId) +
             " without an LI, allowed only in the final block (FBI)");
    }
    return lastHasLi;
}
} // namespace

bool
GprsLlcSegment::operator==(const GprsLlcSegment& other) const
{
    return frameId == other.frameId && offset == other.offset && length == other.length &&
           endsFrame == other.endsFrame;
}

uint32_t
GprsRlcDataBlock::GetFieldOctets() const
{
    return GprsRlcDataOctets(cs) - (tlli ? kGprsTlliOctets : 0);
}

uint32_t
GprsRlcDataBlock::GetDataOctets() const
{
    return std::accumulate(segments.begin(),
                           segments.end(),
                           0U,
                           [](uint32_t sum, const GprsLlcSegment& s) { return sum + s.length; });
}

uint32_t
GprsRlcDataBlock::GetFillerOctets() const
{
    return GetFieldOctets() - liOctets - GetDataOctets();
}

bool
GprsRlcDataBlock::operator==(const GprsRlcDataBlock& other) const
{
    return bsn == other.bsn && cs == other.cs && fbi == other.fbi && liOctets == other.liOctets &&
           tlli == other.tlli && segments == other.segments;
}

void
GprsLlcSegmenter::Enqueue(uint64_t frameId, uint32_t lengthOctets)
{
    if (lengthOctets < 1 || lengthOctets > kGprsMaxLlcFrameOctets)
    {
        throw std::invalid_argument("LLC frame " + std::to_string(frameId) + " has length " +
                                    std::to_string(lengthOctets) + " octets (allowed: 1.." +
                                    std::to_string(kGprsMaxLlcFrameOctets) +
                                    ", the largest LLC frame of TS 44.064)");
    }
    m_queue.push_back(PendingFrame{frameId, lengthOctets, 0});
    m_queuedOctets += lengthOctets;
}

void
GprsLlcSegmenter::NextBlock(GprsCodingScheme cs, bool endOfTbf, GprsRlcDataBlock& block, bool tlli)
{
    if (m_queue.empty())
    {
        throw std::logic_error("GprsLlcSegmenter::NextBlock: no LLC frame queued "
                               "(call it only while HasData() is true)");
    }
    block.cs = cs;
    block.liOctets = 0;
    block.tlli = tlli;
    block.segments.clear();
    uint32_t space = block.GetFieldOctets(); // octets neither LI nor data yet
    const auto take = [&](PendingFrame& frame, uint32_t octets, bool ends) {
        block.segments.push_back(GprsLlcSegment{frame.frameId,
                                                static_cast<uint16_t>(frame.sentOctets),
                                                static_cast<uint8_t>(octets),
                                                ends});
        frame.sentOctets += octets;
        m_queuedOctets -= octets;
        space -= octets;
        if (ends)
        {
            m_queue.pop_front();
        }
    };
    while (!m_queue.empty() && space > 0)
    {
        auto& frame = m_queue.front();
        const uint32_t rest = frame.length - frame.sentOctets;
        if (rest > space)
        {
            // The frame continues in the next block: no LI (TS 44.060 10.4.14).
            take(frame, space, false);
        }
        else if (rest < space)
        {
            // The frame ends inside the block: an LI octet delimits it (TS 44.060 10.4.14).
            ++block.liOctets;
            --space;
            take(frame, rest, true);
        }
        else if (endOfTbf && m_queue.size() == 1)
        {
            // The last frame of the TBF fills the final block exactly: FBI tells the receiver
            // it ends, no LI needed (TS 44.060 10.4.14; osmo-pcu encoding.cpp does the same).
            take(frame, rest, true);
        }
        else if (space == 1)
        {
            // An LI = 0 octet would leave no room for the frame: leave the last octet as
            // filler and start the frame in the next block.
            break;
        }
        else
        {
            // The frame would end exactly at the end of the field, where no LI could mark its
            // end: an LI = 0 octet says the frame continues, and its last octet moves to the
            // next block (TS 44.060 10.4.14; osmo-pcu encoding.cpp and decoding.cpp).
            ++block.liOctets;
            --space;
            take(frame, space, false);
        }
    }
    block.fbi = endOfTbf && m_queue.empty();
}

uint32_t
GprsLlcSegmenter::CountBlocks(GprsCodingScheme cs, bool endOfTbf, bool tlli) const
{
    GprsLlcSegmenter rest = *this;
    uint32_t blocks = 0;
    for (; rest.HasData(); ++blocks)
    {
        rest.NextBlock(cs, endOfTbf, tlli);
    }
    return blocks;
}

std::size_t
GprsLlcSegmenter::GetQueuedFrames() const
{
    return m_queue.size();
}

GprsLlcReassembler::Frames
GprsLlcReassembler::Receive(const GprsRlcDataBlock& block)
{
    Frames frames;
    for (std::size_t i = 0; i < block.segments.size(); ++i)
    {
        const auto& s = block.segments[i];
        if (i == 0 && m_afterGap)
        {
            // Data lost before this segment: the receiver cannot know where its frame starts.
            m_afterGap = false;
            CountDrop(s.frameId);
            m_partial = PartialFrame{s.frameId, static_cast<uint32_t>(s.offset + s.length), true};
        }
        else
        {
            const uint32_t expectedOffset = m_partial ? m_partial->receivedOctets : 0;
            const bool sameFrame = !m_partial || m_partial->frameId == s.frameId;
            if ((m_partial && i > 0) || !sameFrame || s.offset != expectedOffset)
            {
                const std::string expected =
                    m_partial ? "frame " + std::to_string(m_partial->frameId) + " at offset " +
                                    std::to_string(m_partial->receivedOctets)
                              : "a new frame at offset 0";
                throw std::invalid_argument(
                    Describe(block) + ": segment " + std::to_string(i) + " of frame " +
                    std::to_string(s.frameId) + " at offset " + std::to_string(s.offset) +
                    " does not continue the data received so far (expected " + expected + ")");
            }
            if (!m_partial)
            {
                m_partial = PartialFrame{s.frameId, 0, false};
            }
            m_partial->receivedOctets += s.length;
        }
        if (s.endsFrame)
        {
            if (!m_partial->discard)
            {
                frames.push_back(GprsReassembledLlcFrame{s.frameId, m_partial->receivedOctets});
            }
            m_partial.reset();
        }
    }
    return frames;
}

bool
GprsLlcReassembler::Continues(const GprsRlcDataBlock& block) const
{
    if (m_afterGap || block.segments.empty())
    {
        return true;
    }
    const GprsLlcSegment& s = block.segments.front();
    return m_partial ? s.frameId == m_partial->frameId && s.offset == m_partial->receivedOctets
                     : s.offset == 0;
}

void
GprsLlcReassembler::NotifyGap()
{
    if (m_partial)
    {
        CountDrop(m_partial->frameId);
        m_partial.reset();
    }
    m_afterGap = true;
}

uint64_t
GprsLlcReassembler::GetDroppedFrames() const
{
    return m_droppedFrames;
}

void
GprsLlcReassembler::CountDrop(uint64_t frameId)
{
    if (m_lastDroppedFrame != frameId)
    {
        m_lastDroppedFrame = frameId;
        ++m_droppedFrames;
    }
}

GprsRlcDataField
EncodeRlcDataBlock(const GprsRlcDataBlock& block,
                   const GprsLlcFrameOctets& frameOctets,
                   uint32_t tlli)
{
    const bool lastHasLi = CheckLayout(block);
    GprsRlcDataField field{block.liOctets == 0,
                           std::vector<uint8_t>(GprsRlcDataOctets(block.cs), kGprsRlcFillerOctet)};
    const std::size_t n = block.segments.size();
    const std::size_t withLi = lastHasLi ? n : n - 1;
    uint32_t pos = 0;
    for (std::size_t i = 0; i < withLi; ++i)
    {
        const auto& s = block.segments[i];
        const bool lastLi = i + 1 == withLi;
        // M = 1: another frame starts after this one in the block (TS 44.060 Table 10.4.13.1);
        // an unfinished last segment gets LI = 0 with M = 0, E = 1.
        const uint32_t li = s.endsFrame ? s.length : 0;
        field.octets[pos++] = MakeLiOctet(li, i + 1 < n, lastLi);
    }
    if (block.tlli)
    {
        for (uint32_t k = kGprsTlliOctets; k-- > 0;)
        {
            field.octets[pos++] = static_cast<uint8_t>(tlli >> (8 * k));
        }
    }
    for (const auto& s : block.segments)
    {
        frameOctets(s.frameId, s.offset, field.octets.data() + pos, s.length);
        pos += s.length;
    }
    return field;
}

GprsDecodedRlcDataField
DecodeRlcDataBlock(const std::vector<uint8_t>& octets,
                   GprsCodingScheme cs,
                   bool e,
                   bool fbi,
                   bool ti)
{
    const uint32_t capacity = GprsRlcDataOctets(cs);
    const auto fail = [&](const std::string& what) {
        throw std::invalid_argument("malformed " + ToString(cs) + " RLC data field: " + what);
    };
    if (octets.size() != capacity)
    {
        fail(std::to_string(octets.size()) + " octets (expected " + std::to_string(capacity) + ")");
    }
    GprsDecodedRlcDataField field;
    boost::container::static_vector<uint32_t, GprsRlcDataBlock::kMaxSegments> lengths;
    // Most segments a block of the family holds (GprsRlcDataBlock::kMaxSegments is EGPRS's).
    const std::size_t maxSegments =
        (GprsMaxRlcDataOctets(GetGprsCodingSchemeInfo(cs).family) - 1) / 2 + 1;
    // What follows the segments delimited by LIs: filler, or one more segment up to the end of
    // the field, either without LI (it ends its frame only in the final block) or with LI = 0.
    enum class Tail
    {
        FILLER,
        TO_END,
        TO_END_LI0
    };
    Tail tail = e ? Tail::TO_END : Tail::FILLER;
    for (bool more = !e; more;)
    {
        if (field.liOctets >= capacity)
        {
            fail("the LI octets run past the end of the " + std::to_string(capacity) +
                 "-octet field (E = 0 in every octet)");
        }
        const uint8_t octet = octets[field.liOctets++];
        const uint32_t li = octet >> 2;
        const bool m = octet & 0x02;
        more = !(octet & 0x01);
        if (li == 0)
        {
            // LI = 0: the frame fills the rest of the field and continues in the next block; M
            // and E are not used (TS 44.060 10.4.14).
            tail = Tail::TO_END_LI0;
            break;
        }
        if (!m && more)
        {
            fail("LI octet " + std::to_string(field.liOctets - 1) +
                 " has M = 0 and E = 0, a reserved combination (TS 44.060 Table 10.4.13.1)");
        }
        if (lengths.size() == maxSegments)
        {
            fail("more than " + std::to_string(maxSegments) + " LI octets");
        }
        lengths.push_back(li);
        if (!more)
        {
            // M = 1 with E = 1: one more frame starts and runs to the end of the field.
            tail = m ? Tail::TO_END : Tail::FILLER;
        }
    }
    uint32_t pos = field.liOctets;
    if (ti)
    {
        if (pos + kGprsTlliOctets > capacity)
        {
            fail("the TLLI (TI = 1) runs past the end of the field");
        }
        for (uint32_t k = 0; k < kGprsTlliOctets; ++k)
        {
            field.tlli = (field.tlli << 8) | octets[pos++];
        }
    }
    for (std::size_t i = 0; i < lengths.size(); ++i)
    {
        if (pos + lengths[i] > capacity)
        {
            fail("LI " + std::to_string(i) + " = " + std::to_string(lengths[i]) +
                 " points past the end of the field (" + std::to_string(capacity - pos) +
                 " octets left)");
        }
        field.segments.push_back(
            GprsDecodedSegment{static_cast<uint8_t>(pos), static_cast<uint8_t>(lengths[i]), true});
        pos += lengths[i];
    }
    if (tail == Tail::TO_END_LI0 && fbi)
    {
        fail("LI = 0 (frame continues in the next block) in the final block (FBI = 1)");
    }
    if (tail != Tail::FILLER && pos < capacity)
    {
        field.segments.push_back(GprsDecodedSegment{static_cast<uint8_t>(pos),
                                                    static_cast<uint8_t>(capacity - pos),
                                                    tail == Tail::TO_END && fbi});
        pos = capacity;
    }
    else if (tail == Tail::TO_END)
    {
        fail("M = 1 announces another frame but the field is full");
    }
    // An LI = 0 octet that leaves no room for data is tolerated: osmo-pcu sends it when a frame
    // of one octet would end exactly at the end of the field.
    field.fillerOctets = static_cast<uint8_t>(capacity - pos);
    return field;
}

} // namespace ns3
