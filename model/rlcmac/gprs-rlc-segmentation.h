/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RLC_SEGMENTATION_H
#define GPRS_RLC_SEGMENTATION_H

#include "ns3/gprs-coding-scheme.h"

#include <boost/container/static_vector.hpp>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Segmentation of LLC frames into GPRS RLC data blocks and their re-assembly
 * (3GPP TS 44.060 clauses 9.1.11, 9.1.12, 10.4.13, 10.4.14, 10.4.16), plus an octet codec of the
 * RLC data field that proves the block descriptors match the standard's octets.
 */

namespace ns3
{

/**
 * Largest LLC frame: information field N201-U of at most 1520 octets (TS 44.064 clause 8.9)
 * + 1-octet address field + control field of at most 36 octets + 3-octet FCS (TS 44.064
 * clause 6) = 1560 octets.
 */
constexpr uint32_t kGprsMaxLlcFrameOctets = 1560;

/// TLLI field of an uplink RLC data block whose TI bit is 1, octets (TS 44.060 clauses 10.2.2,
/// 10.4.9, 10.4.15): it follows the LI octets and takes that much of the RLC data field.
constexpr uint32_t kGprsTlliOctets = 4;

/// Filler octet '00101011' that pads the RLC data field after the last LLC PDU (TS 44.060
/// clause 10.4.16).
constexpr uint8_t kGprsRlcFillerOctet = 0x2B;

/**
 * \ingroup gprs
 * The part of one LLC frame carried by one RLC data block.
 */
struct GprsLlcSegment
{
    uint64_t frameId; //!< the LLC frame, as given to GprsLlcSegmenter::Enqueue
    uint16_t offset;  //!< octet offset of the segment inside the frame
    uint8_t length;   //!< octets of the frame in this block (at least 1)
    bool endsFrame;   //!< true if the segment holds the last octet of the frame
    /**
     * \param other another segment
     * \return true if all fields are equal
     */
    bool operator==(const GprsLlcSegment& other) const;
};

/**
 * \ingroup gprs
 * Descriptor of one GPRS RLC data block: what the simulator stores, retransmits and delivers
 * instead of octets.
 *
 * Layout rules (TS 44.060 clause 10.4.14): every segment but the last ends its frame and is
 * delimited by a Length Indicator (LI) octet. The last segment has an LI octet as well when
 * liOctets == segments.size(): with LI = its length if it ends its frame (filler octets may
 * follow), or LI = 0 if its frame continues in the next block. Without that LI octet the last
 * segment runs to the end of the data field, and it ends its frame only in the final block
 * (fbi).
 */
struct GprsRlcDataBlock
{
    /**
     * Most segments in one block of any family: every segment but the last needs an LI octet
     * and at least one data octet, the last at least one data octet, so 2 (n - 1) + 1 <= 74
     * (EGPRS, GprsMaxRlcDataOctets()) gives n <= 37 (GPRS: 25).
     */
    static constexpr std::size_t kMaxSegments =
        (GprsMaxRlcDataOctets(GprsCsFamily::EGPRS) - 1) / 2 + 1;

    /// Segments in the order of their octets; fixed capacity: no heap allocation per block.
    using Segments = boost::container::static_vector<GprsLlcSegment, kMaxSegments>;

    uint16_t bsn{0}; //!< block sequence number, assigned by the RLC window user (TS 44.060 9.1.4)
    GprsCodingScheme cs{GprsCodingScheme::CS1}; //!< coding scheme the block was built for
    bool fbi{false};     //!< final block indicator: last block of the TBF (TS 44.060 10.4.8)
    uint8_t liOctets{0}; //!< number of LI/M/E octets at the head of the RLC data field
    bool tlli{false};    //!< uplink: TI = 1, the sender's TLLI follows the LI octets (10.4.9)
    Segments segments;   //!< the LLC frame segments the block carries

    /// \return octets of the RLC data field for LI octets, LLC data and filler:
    ///         GprsRlcDataOctets(cs), less kGprsTlliOctets when the block carries a TLLI
    uint32_t GetFieldOctets() const;
    /// \return octets of LLC data carried (sum of the segment lengths)
    uint32_t GetDataOctets() const;
    /// \return filler octets at the end of the data field (GetFieldOctets() - LI - data)
    uint32_t GetFillerOctets() const;
    /**
     * \param other another block
     * \return true if all fields are equal
     */
    bool operator==(const GprsRlcDataBlock& other) const;
};

/**
 * \ingroup gprs
 * Transmit side: queues LLC frames and cuts them into RLC data blocks, one block per call, in
 * the coding scheme the caller picks for that block (link adaptation may change it any time).
 *
 * Only frame identities and lengths are handled; the octets stay with the caller.
 */
class GprsLlcSegmenter
{
  public:
    /**
     * Queue an LLC frame behind those already queued.
     * \param frameId identity reported back in the segments (not interpreted)
     * \param lengthOctets frame length, 1..kGprsMaxLlcFrameOctets
     * \throws std::invalid_argument naming the length and the allowed range
     */
    void Enqueue(uint64_t frameId, uint32_t lengthOctets);

    /**
     * Build the next RLC data block from the queue.
     *
     * Frames are packed back to back; a frame that ends inside the block gets an LI octet. A
     * frame that would end exactly at the end of the data field needs no LI only in the final
     * block; otherwise an LI = 0 octet is added and the frame's last octet moves to the next
     * block (TS 44.060 clause 10.4.14). When the queue runs empty the rest of the field is
     * filler.
     *
     * \param cs coding scheme of this block (sets the data field size, 20/30/36/50 octets)
     * \param endOfTbf true if the TBF ends once the queue is empty: the block that empties the
     *        queue then gets FBI = 1, and a frame filling it exactly needs no LI
     * \param tlli the block carries the sender's TLLI (TI = 1): kGprsTlliOctets fewer octets for
     *        LI octets and data
     * \return the block, BSN left at 0
     * \throws std::logic_error if nothing is queued (check HasData() first)
     */
    GprsRlcDataBlock NextBlock(GprsCodingScheme cs, bool endOfTbf, bool tlli = false)
    {
        GprsRlcDataBlock block;
        NextBlock(cs, endOfTbf, block, tlli);
        return block;
    }

    /**
     * NextBlock() built in place: the sender's store keeps its blocks for retransmission, so it
     * builds each in its place there instead of copying it in.
     * \param cs as NextBlock()
     * \param endOfTbf as NextBlock()
     * \param[out] block overwritten with the block, its BSN kept
     * \param tlli as NextBlock()
     * \throws std::logic_error if nothing is queued (check HasData() first)
     */
    void NextBlock(GprsCodingScheme cs, bool endOfTbf, GprsRlcDataBlock& block, bool tlli = false);

    /// \return true if some LLC octets are still to be put into blocks
    bool HasData() const
    {
        return !m_queue.empty();
    }

    /**
     * \param cs coding scheme of every block
     * \param endOfTbf as NextBlock()
     * \param tlli every block carries a TLLI, as NextBlock()
     * \return how many NextBlock() calls would empty the queue
     */
    uint32_t CountBlocks(GprsCodingScheme cs, bool endOfTbf, bool tlli = false) const;

    /// \return LLC octets not yet put into blocks (including the rest of a partly sent frame)
    uint64_t GetQueuedOctets() const
    {
        return m_queuedOctets;
    }

    /// \return frames with octets not yet put into blocks (including a partly sent frame)
    std::size_t GetQueuedFrames() const;

  private:
    /// A queued frame and how much of it is already in blocks.
    struct PendingFrame
    {
        uint64_t frameId;    //!< identity
        uint32_t length;     //!< total octets
        uint32_t sentOctets; //!< octets already put into blocks
    };

    std::deque<PendingFrame> m_queue; //!< frames in transmission order
    uint64_t m_queuedOctets{0};       //!< octets of m_queue not yet put into blocks
};

/**
 * \ingroup gprs
 * An LLC frame delivered by the reassembler.
 */
struct GprsReassembledLlcFrame
{
    uint64_t frameId;      //!< identity given to the segmenter
    uint32_t lengthOctets; //!< frame length
};

/**
 * \ingroup gprs
 * Receive side: re-assembles LLC frames from RLC data blocks delivered in BSN order
 * (TS 44.060 clause 9.1.12) and checks that each block continues the previous one.
 *
 * Unacknowledged mode: a missing block is signalled with NotifyGap(). The frame in progress is
 * dropped, and so is the frame of the first segment of the next block: GPRS marks where a frame
 * ends (LI), never where one starts, so the receiver cannot tell whether that segment begins a
 * frame or continues one whose head was lost. A dropped frame is counted, never delivered.
 */
class GprsLlcReassembler
{
  public:
    /// Frames completed by one block: at most one per segment.
    using Frames =
        boost::container::static_vector<GprsReassembledLlcFrame, GprsRlcDataBlock::kMaxSegments>;

    /**
     * Take the next block in BSN order.
     * \param block the block
     * \return the frames this block completes, in order
     * \throws std::invalid_argument if the block does not continue the previous one (a segment at
     *         the wrong offset or of another frame, or an unfinished segment before the last)
     */
    Frames Receive(const GprsRlcDataBlock& block);

    /// Signal that one or more blocks before the next Receive() are lost (unacknowledged mode).
    void NotifyGap();

    /**
     * \param block the next block in BSN order
     * \return true if Receive() can take it: its first segment continues the frame in progress
     *         (or starts a new one when none is), or a gap was signalled before it
     */
    bool Continues(const GprsRlcDataBlock& block) const;

    /// \return frames dropped because of gaps (frames of which no segment arrived not included)
    uint64_t GetDroppedFrames() const;

  private:
    /// Counts a dropped frame once, however many of its segments are discarded.
    /// \param frameId the frame
    void CountDrop(uint64_t frameId);

    /// The frame whose next segment is expected.
    struct PartialFrame
    {
        uint64_t frameId;        //!< identity
        uint32_t receivedOctets; //!< octets received so far = offset of the next segment
        bool discard;            //!< true if the frame is already dropped (skip its segments)
    };

    std::optional<PartialFrame> m_partial;      //!< frame in progress, if any
    bool m_afterGap{false};                     //!< a block was lost before the next one
    std::optional<uint64_t> m_lastDroppedFrame; //!< last frame counted in m_droppedFrames
    uint64_t m_droppedFrames{0};                //!< frames dropped so far
};

/**
 * \ingroup gprs
 * The RLC data field of a GPRS RLC data block as octets, with the E bit of octet 2 of the RLC
 * header that says whether LI octets open the field (TS 44.060 clauses 10.2, 10.4.11).
 */
struct GprsRlcDataField
{
    bool e;                      //!< E bit: true = no LI octet, the field starts with LLC data
    std::vector<uint8_t> octets; //!< GprsRlcDataOctets(cs) octets: LI/M/E octets, the TLLI
                                 //!< when TI = 1, data, filler
};

/**
 * \ingroup gprs
 * Copies octets of an LLC frame.
 *
 * Arguments: frame id, offset inside the frame, destination, number of octets to copy.
 */
using GprsLlcFrameOctets = std::function<void(uint64_t, uint32_t, uint8_t*, uint32_t)>;

/**
 * \ingroup gprs
 * Encode a block descriptor into the octets of its RLC data field: LI octets (6-bit LI, M bit,
 * E bit; TS 44.060 clauses 10.4.13, 10.4.14), the TLLI when the block carries one (clauses
 * 10.2.2, 10.4.15: after the LI octets, most significant octet first), then the LLC data, then
 * filler octets kGprsRlcFillerOctet (clause 10.4.16).
 * \param block the descriptor
 * \param frameOctets supplies the octets of each segment
 * \param tlli the sender's TLLI, written when block.tlli
 * \return the data field and the E bit
 * \throws std::invalid_argument if the descriptor breaks the layout rules of GprsRlcDataBlock
 */
GprsRlcDataField EncodeRlcDataBlock(const GprsRlcDataBlock& block,
                                    const GprsLlcFrameOctets& frameOctets,
                                    uint32_t tlli = 0);

/**
 * \ingroup gprs
 * One LLC frame segment found in an RLC data field.
 */
struct GprsDecodedSegment
{
    uint8_t dataOffset; //!< index of the segment's first octet in the data field
    uint8_t length;     //!< octets
    bool endsFrame;     //!< true if an LI (or the final block) says the frame ends here
};

/**
 * \ingroup gprs
 * What the octets of an RLC data field say.
 */
struct GprsDecodedRlcDataField
{
    /// Segments in order.
    boost::container::static_vector<GprsDecodedSegment, GprsRlcDataBlock::kMaxSegments> segments;
    uint8_t liOctets{0};     //!< LI/M/E octets at the head of the field
    uint8_t fillerOctets{0}; //!< octets after the last segment
    uint32_t tlli{0};        //!< the TLLI after the LI octets, when TI = 1
};

/**
 * \ingroup gprs
 * Decode the octets of an RLC data field (TS 44.060 clauses 10.4.13, 10.4.14, 10.4.15).
 * \param octets the data field, exactly GprsRlcDataOctets(cs) octets
 * \param cs the coding scheme of the block
 * \param e the E bit of the RLC header (true: no LI octet)
 * \param fbi the final block indicator (a last segment without LI then ends its frame)
 * \param ti the TI bit of an uplink RLC header: a TLLI follows the LI octets
 * \return the segments (offsets in octets), and the TLLI
 * \throws std::invalid_argument if the size is wrong or the LI octets are malformed (reserved
 *         M/E combination, LI chain or LLC data running past the field, M announcing a frame
 *         with no room left, an unfinished frame in the final block)
 */
GprsDecodedRlcDataField DecodeRlcDataBlock(const std::vector<uint8_t>& octets,
                                           GprsCodingScheme cs,
                                           bool e,
                                           bool fbi,
                                           bool ti = false);

} // namespace ns3

#endif /* GPRS_RLC_SEGMENTATION_H */
