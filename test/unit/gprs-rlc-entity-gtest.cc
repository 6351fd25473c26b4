/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A sending and a receiving RLC entity joined by a simulated lossy radio link: one radio block per
// step, data blocks and Ack/Nack messages lost at random, every block carried as the octets of its
// RLC data field (TS 44.060 clause 10.4) and decoded again on the receiving side.

#include "ns3/gprs-rlc-entity.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <gtest/gtest.h>
#include <optional>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// GPRS's sequence space (SNS 128, WS 64).
const GprsRlcSequenceSpace kGprs = GprsRlcSequenceSpace::Gprs();

/// Frame contents: frame id (0, 1, ...) -> random octets.
class FrameContents
{
  public:
    /**
     * Draw the octets of the next frame.
     * \param length its length
     * \param rng random source
     * \return its id
     */
    uint64_t Add(uint32_t length, std::mt19937& rng)
    {
        std::uniform_int_distribution<int> octet(0, 255);
        std::vector<uint8_t> bytes(length);
        std::generate(bytes.begin(), bytes.end(), [&] { return static_cast<uint8_t>(octet(rng)); });
        m_frames.push_back(std::move(bytes));
        return m_frames.size() - 1;
    }

    /// \return the octets of frame id
    const std::vector<uint8_t>& Get(uint64_t id) const
    {
        return m_frames.at(id);
    }

    /// \return the number of frames
    std::size_t GetCount() const
    {
        return m_frames.size();
    }

    /// \return the octet source EncodeRlcDataBlock() reads the frames from
    GprsLlcFrameOctets Octets() const
    {
        return [this](uint64_t id, uint32_t offset, uint8_t* out, uint32_t length) {
            const auto& bytes = m_frames.at(id);
            if (offset + length > bytes.size())
            {
                throw std::out_of_range("segment past the end of frame " + std::to_string(id));
            }
            std::memcpy(out, bytes.data() + offset, length);
        };
    }

  private:
    std::vector<std::vector<uint8_t>> m_frames; //!< octets by frame id
};

/**
 * Rebuilds LLC frames from the octets of RLC data fields alone (their LI octets, not the block
 * descriptors), fed in BSN order. After a gap it drops the frame in progress and the frame of the
 * next block's first segment, as GprsLlcReassembler documents for unacknowledged mode.
 */
class OctetReassembler
{
  public:
    /**
     * Take the next block.
     * \param field its data field octets
     * \param decoded what DecodeRlcDataBlock() found in them
     */
    void Receive(const GprsRlcDataField& field, const GprsDecodedRlcDataField& decoded)
    {
        for (std::size_t i = 0; i < decoded.segments.size(); ++i)
        {
            const auto& s = decoded.segments[i];
            if (i == 0 && m_afterGap)
            {
                m_afterGap = false;
                m_discard = true;
            }
            const auto first = field.octets.begin() + s.dataOffset;
            m_partial.insert(m_partial.end(), first, first + s.length);
            if (s.endsFrame)
            {
                if (!m_discard)
                {
                    m_frames.push_back(m_partial);
                }
                m_partial.clear();
                m_discard = false;
            }
        }
    }

    /// Signal a lost block before the next Receive().
    void Gap()
    {
        m_partial.clear();
        m_discard = false;
        m_afterGap = true;
    }

    /// \return the frames rebuilt so far, in order
    const std::vector<std::vector<uint8_t>>& GetFrames() const
    {
        return m_frames;
    }

  private:
    std::vector<std::vector<uint8_t>> m_frames; //!< frames completed
    std::vector<uint8_t> m_partial;             //!< octets of the frame in progress
    bool m_discard{false};                      //!< the frame in progress is dropped
    bool m_afterGap{false};                     //!< a block was lost before the next one
};

/// Parameters of one lossy-link run.
struct LinkParams
{
    GprsRlcMode mode; //!< RLC mode of the TBF
    uint32_t seed;    //!< seed of the run's std::mt19937
    double blockLoss; //!< probability that a data block is lost
    double ackLoss;   //!< probability that an Ack/Nack message is lost
    uint32_t frames;  //!< LLC frames to transfer
};

/**
 * Print the parameters in test failure messages.
 * \param params the parameters
 * \param os where to
 */
void
PrintTo(const LinkParams& params, std::ostream* os)
{
    *os << (params.mode == GprsRlcMode::ACKNOWLEDGED ? "acknowledged" : "unacknowledged")
        << " seed " << params.seed << " block loss " << params.blockLoss << " Ack/Nack loss "
        << params.ackLoss << " frames " << params.frames;
}

/// One block of the TBF, indexed by its absolute number (the BSN before the modulo).
struct TbfBlock
{
    GprsRlcDataBlock block;                          //!< as first sent
    GprsRlcDataField field;                          //!< its octets as first sent
    std::optional<GprsDecodedRlcDataField> received; //!< decoded at its first reception
};

/**
 * A sending and a receiving entity joined by a lossy link, one radio block per step. LLC frames
 * arrive at the sender in random bursts; the sender puts FBI on the block that empties its queue
 * once every frame has arrived. The receiver sends an Ack/Nack every 1..8 blocks, which arrives
 * 0..3 blocks later, in order, unless lost. Every transmitted block goes over the air as the octets
 * of its RLC data field and is decoded on the receiving side.
 */
class LossyLink
{
  public:
    /// \param params the run's parameters
    explicit LossyLink(const LinkParams& params)
        : m_params(params),
          m_rng(params.seed),
          m_tx(GprsRlcParameters::Gprs(params.mode)),
          m_rx(GprsRlcParameters::Gprs(params.mode))
    {
    }

    /// Run until both entities are complete, failing the test on any broken invariant.
    void Run()
    {
        std::bernoulli_distribution arrival(kArrivalProbability);
        while (!(m_tx.IsComplete() && m_rx.IsComplete()))
        {
            if (m_contents.GetCount() < m_params.frames && arrival(m_rng))
            {
                EnqueueBurst();
            }
            ASSERT_NO_FATAL_FAILURE(TransmitBlock());
            ASSERT_NO_FATAL_FAILURE(ExchangeAckNack());
            ++m_step;
            // No livelock: each block needs 1 / (1 - p) transmissions on average; the factor 4
            // leaves room for Ack/Nack delay and loss and for stalls.
            const double blocks = m_blocks.size() + kGprsRlcWs;
            ASSERT_LE(m_step - m_lastArrivalStep, 4 * blocks / (1 - m_params.blockLoss) + 1000)
                << "no progress: " << m_blocks.size() << " blocks sent, " << m_delivered.size()
                << " frames delivered";
        }
        EXPECT_EQ(m_contents.GetCount(), m_params.frames);
        EXPECT_TRUE(m_tx.IsFinalSent());
        EXPECT_EQ(m_tx.GetQueuedOctets(), 0U);
        ASSERT_FALSE(m_blocks.empty());
        EXPECT_TRUE(m_blocks.back().block.fbi);
    }

    /// \return the frames' contents
    const FrameContents& GetContents() const
    {
        return m_contents;
    }

    /// \return every block of the TBF by absolute number
    const std::vector<TbfBlock>& GetBlocks() const
    {
        return m_blocks;
    }

    /// \return the frames the receiving entity delivered, in order
    const std::vector<GprsReassembledLlcFrame>& GetDelivered() const
    {
        return m_delivered;
    }

    /// \return the receiving entity
    const GprsRlcRxEntity& GetRx() const
    {
        return m_rx;
    }

    /// \return retransmitted blocks
    uint64_t GetRetransmissions() const
    {
        return m_retransmissions;
    }

    /// \return data blocks lost on the link
    uint64_t GetLostBlocks() const
    {
        return m_lostBlocks;
    }

    /// \return radio block periods in which the sender was stalled
    uint64_t GetStalledSteps() const
    {
        return m_stalledSteps;
    }

  private:
    /// Chance per block period that a burst of 1..40 frames arrives: with about 400 octets per
    /// frame that offers about 28 octets per block period against 20..50 sent, so the queue often
    /// runs empty before the last frame arrives (no FBI yet) and bursts also build long queues.
    static constexpr double kArrivalProbability = 1.0 / 300;

    /// Queue a burst of frames: half of them short (1..60 octets: several frames per block, LIs
    /// at every position), half of any length 1..kGprsMaxLlcFrameOctets.
    void EnqueueBurst()
    {
        std::uniform_int_distribution<uint32_t> burst(1, 40);
        std::uniform_int_distribution<uint32_t> anyLength(1, kGprsMaxLlcFrameOctets);
        std::uniform_int_distribution<uint32_t> shortLength(1, 60);
        std::bernoulli_distribution coin(0.5);
        for (uint32_t n = burst(m_rng); n > 0 && m_contents.GetCount() < m_params.frames; --n)
        {
            const uint32_t length = coin(m_rng) ? anyLength(m_rng) : shortLength(m_rng);
            const uint64_t id = m_contents.Add(length, m_rng);
            m_tx.EnqueueFrame(id, length);
            m_queuedOctets += length;
        }
        m_lastArrivalStep = m_step;
        ASSERT_EQ(m_tx.GetQueuedOctets(), m_queuedOctets);
    }

    /// Send one radio block (if the sender has one) and carry it over the lossy link.
    void TransmitBlock()
    {
        std::uniform_int_distribution<std::size_t> csIndex(0, kGprsCodingSchemes.size() - 1);
        const GprsCodingScheme cs = kGprsCodingSchemes[csIndex(m_rng)];
        const bool endOfTbf = m_contents.GetCount() == m_params.frames;
        const GprsRlcTxKind peeked = m_tx.PeekNext();
        m_stalledSteps += m_tx.IsStalled() ? 1 : 0;
        GprsRlcTxKind kind;
        // A copy: the entity's reference is valid only until its next call.
        const GprsRlcDataBlock block = m_tx.SendNext(cs, endOfTbf, kind);
        ASSERT_EQ(kind, peeked);
        if (kind == GprsRlcTxKind::NOTHING)
        {
            return;
        }
        ASSERT_LE(m_tx.GetOutstanding(), kGprsRlcWs);
        const GprsRlcDataField field = EncodeRlcDataBlock(block, m_contents.Octets());
        std::size_t number = m_blocks.size(); // absolute number of the block
        if (kind == GprsRlcTxKind::NEW)
        {
            ASSERT_EQ(block.bsn, number % kGprsRlcSns);
            ASSERT_EQ(block.cs, cs);
            ASSERT_EQ(block.fbi, m_tx.IsFinalSent());
            if (m_params.mode == GprsRlcMode::ACKNOWLEDGED && number >= kGprsRlcWs)
            {
                // V(S) < V(A) + WS (TS 44.060 clause 9.1.1): block n - WS must be acknowledged,
                // hence received, before block n is sent; otherwise both share the receive
                // window modulo SNS = 2 WS.
                ASSERT_TRUE(m_blocks[number - kGprsRlcWs].received)
                    << "block " << number << " sent before block " << number - kGprsRlcWs
                    << " was received";
            }
            m_queuedOctets -= block.GetDataOctets();
            ASSERT_EQ(m_tx.GetQueuedOctets(), m_queuedOctets);
            m_blocks.push_back(TbfBlock{block, field, std::nullopt});
        }
        else
        {
            ASSERT_EQ(m_params.mode, GprsRlcMode::ACKNOWLEDGED) << "unacknowledged retransmission";
            ++m_retransmissions;
            ASSERT_FALSE(m_blocks.empty());
            const std::size_t newest = m_blocks.size() - 1;
            const uint16_t age = kGprs.Distance(block.bsn, newest % kGprsRlcSns);
            ASSERT_LT(age, kGprsRlcWs)
                << "retransmitted BSN " << int{block.bsn} << " is outside the transmit window";
            number = newest - age;
            const TbfBlock& original = m_blocks[number];
            // Same BSN, coding scheme, FBI, LIs and segments, and the same octets: GPRS cannot
            // re-segment a block (TS 44.060 clause 9.3.2.1).
            ASSERT_TRUE(block == original.block) << "block " << number << " changed";
            ASSERT_EQ(field.octets, original.field.octets) << "block " << number;
            ASSERT_EQ(field.e, original.field.e) << "block " << number;
        }
        ASSERT_NO_FATAL_FAILURE(Carry(block, field, number));
    }

    /**
     * The lossy link and the receiving side of one block.
     * \param block the descriptor sent
     * \param field its octets
     * \param number its absolute number
     */
    void Carry(const GprsRlcDataBlock& block, const GprsRlcDataField& field, std::size_t number)
    {
        bool lost = std::bernoulli_distribution(m_params.blockLoss)(m_rng);
        if (m_params.mode == GprsRlcMode::UNACKNOWLEDGED)
        {
            // The unacknowledged receiver learns of trailing losses only from the final block,
            // and cannot tell WS or more consecutive losses from old blocks (SNS = 2 WS; see
            // GprsRlcRxWindow): keep within what the protocol can handle.
            lost = lost && !block.fbi && m_lossRun + 1 < kGprsRlcWs;
        }
        m_lossRun = lost ? m_lossRun + 1 : 0;
        if (lost)
        {
            ++m_lostBlocks;
            return;
        }
        const GprsDecodedRlcDataField decoded =
            DecodeRlcDataBlock(field.octets, block.cs, field.e, block.fbi);
        ASSERT_EQ(decoded.liOctets, block.liOctets) << "block " << number;
        ASSERT_EQ(decoded.fillerOctets, block.GetFillerOctets()) << "block " << number;
        ASSERT_EQ(decoded.segments.size(), block.segments.size()) << "block " << number;
        for (std::size_t i = 0; i < decoded.segments.size(); ++i)
        {
            ASSERT_EQ(decoded.segments[i].length, block.segments[i].length) << "block " << number;
            ASSERT_EQ(decoded.segments[i].endsFrame, block.segments[i].endsFrame)
                << "block " << number;
        }
        std::vector<GprsReassembledLlcFrame> frames;
        const bool firstReception = !m_blocks[number].received;
        ASSERT_EQ(m_rx.Receive(block, frames), firstReception) << "block " << number;
        ASSERT_TRUE(firstReception || frames.empty()) << "a duplicate delivered frames";
        if (firstReception)
        {
            m_blocks[number].received = decoded;
        }
        m_delivered.insert(m_delivered.end(), frames.begin(), frames.end());
    }

    /// The receiver's Ack/Nack messages: sent every 1..8 blocks, arrive 0..3 blocks later in
    /// order unless lost.
    void ExchangeAckNack()
    {
        if (m_step == m_nextAckStep)
        {
            m_nextAckStep += std::uniform_int_distribution<uint64_t>(1, 8)(m_rng);
            const uint64_t delay = std::uniform_int_distribution<uint64_t>(0, 3)(m_rng);
            if (!std::bernoulli_distribution(m_params.ackLoss)(m_rng))
            {
                const uint64_t arrival =
                    std::max(m_step + delay, m_ackNacks.empty() ? 0 : m_ackNacks.back().first);
                m_ackNacks.emplace_back(arrival, m_rx.GetAckNack());
            }
        }
        while (!m_ackNacks.empty() && m_ackNacks.front().first <= m_step)
        {
            const GprsRlcAckNackResult result = m_tx.ApplyAckNack(m_ackNacks.front().second);
            m_ackNacks.pop_front();
            ASSERT_LE(result.newlyAcked + result.nacked, kGprsRlcWs);
            ASSERT_LE(m_tx.GetOutstanding(), kGprsRlcWs);
            if (m_params.mode == GprsRlcMode::UNACKNOWLEDGED)
            {
                // Only FAI counts: nothing is ever retransmitted (TS 44.060 clause 9.3.3).
                ASSERT_EQ(result.nacked, 0);
                ASSERT_NE(m_tx.PeekNext(), GprsRlcTxKind::NACKED);
            }
        }
    }

    LinkParams m_params;            //!< parameters
    std::mt19937 m_rng;             //!< the run's random source
    GprsRlcTxEntity m_tx;           //!< sender
    GprsRlcRxEntity m_rx;           //!< receiver
    FrameContents m_contents;       //!< frames enqueued so far
    uint64_t m_queuedOctets{0};     //!< octets enqueued and not yet put into a block
    std::vector<TbfBlock> m_blocks; //!< blocks sent, by absolute number
    std::vector<GprsReassembledLlcFrame> m_delivered; //!< frames delivered, in order
    std::deque<std::pair<uint64_t, GprsRlcAckNackDescription>> m_ackNacks; //!< in flight
    uint64_t m_step{0};            //!< radio block periods so far
    uint64_t m_lastArrivalStep{0}; //!< step of the last burst of frames
    uint64_t m_nextAckStep{0};     //!< step of the next Ack/Nack
    uint64_t m_retransmissions{0}; //!< blocks resent
    uint64_t m_lostBlocks{0};      //!< data blocks lost
    uint64_t m_lossRun{0};         //!< consecutive data blocks lost
    uint64_t m_stalledSteps{0};    //!< steps with the sender stalled
};

/// Check that the octets received, decoded in BSN order with the lost blocks as gaps, rebuild
/// exactly the frames the entity delivered, octet for octet.
void
CheckOctetsRebuildTheDeliveredFrames(const LossyLink& link)
{
    OctetReassembler octets;
    for (const auto& b : link.GetBlocks())
    {
        if (b.received)
        {
            octets.Receive(b.field, *b.received);
        }
        else
        {
            octets.Gap();
        }
    }
    const auto& rebuilt = octets.GetFrames();
    const auto& delivered = link.GetDelivered();
    ASSERT_EQ(rebuilt.size(), delivered.size());
    for (std::size_t i = 0; i < delivered.size(); ++i)
    {
        const auto& original = link.GetContents().Get(delivered[i].frameId);
        ASSERT_EQ(delivered[i].lengthOctets, original.size()) << "frame " << delivered[i].frameId;
        ASSERT_EQ(rebuilt[i], original) << "frame " << delivered[i].frameId;
    }
}

/// What an unacknowledged receiving entity must deliver.
struct UnacknowledgedOutcome
{
    std::vector<uint64_t> delivered; //!< frames delivered, in order
    uint64_t dropped{0};             //!< frames counted as dropped
};

/**
 * Derive, from the block descriptors, what an unacknowledged receiver delivers. A frame is
 * delivered if all its segments arrived and it does not open the first block after a gap (the
 * receiver cannot tell whether that segment starts a frame: GPRS marks where frames end, not where
 * they start; TS 44.060 clause 10.4.14). It is dropped, and counted, if some of its segments
 * arrived but it is not delivered.
 * \param blocks every block of the TBF in BSN order (without the modulo)
 * \param received whether each arrived
 * \return the expected outcome
 */
UnacknowledgedOutcome
ExpectUnacknowledged(const std::vector<GprsRlcDataBlock>& blocks, const std::vector<bool>& received)
{
    uint64_t frames = 0;
    for (const auto& block : blocks)
    {
        for (const auto& s : block.segments)
        {
            frames = std::max(frames, s.frameId + 1);
        }
    }
    std::vector<bool> arrived(frames, false);
    std::vector<bool> spoilt(frames, false);
    for (std::size_t n = 0; n < blocks.size(); ++n)
    {
        const bool afterGap = n > 0 && !received[n - 1];
        for (std::size_t i = 0; i < blocks[n].segments.size(); ++i)
        {
            const uint64_t id = blocks[n].segments[i].frameId;
            arrived[id] = arrived[id] || received[n];
            spoilt[id] = spoilt[id] || !received[n] || (i == 0 && afterGap);
        }
    }
    UnacknowledgedOutcome outcome;
    for (uint64_t id = 0; id < frames; ++id)
    {
        if (arrived[id] && !spoilt[id])
        {
            outcome.delivered.push_back(id);
        }
        outcome.dropped += arrived[id] && spoilt[id] ? 1 : 0;
    }
    return outcome;
}

/// \return a readable name for a run's parameters
std::string
ParamName(const testing::TestParamInfo<LinkParams>& info)
{
    const auto percent = [](double p) { return std::to_string(static_cast<int>(p * 100 + 0.5)); };
    return "Seed" + std::to_string(info.param.seed) + "BlockLoss" + percent(info.param.blockLoss) +
           "AckLoss" + percent(info.param.ackLoss);
}

/**
 * \param mode RLC mode
 * \param losses (block loss, Ack/Nack loss) pairs
 * \param frames LLC frames per run at no block loss; fewer at higher losses to bound the runtime
 * \return three seeds for each loss pair
 */
std::vector<LinkParams>
MakeParams(GprsRlcMode mode, const std::vector<std::pair<double, double>>& losses, uint32_t frames)
{
    std::vector<LinkParams> params;
    for (uint32_t seed = 1; seed <= 3; ++seed)
    {
        for (const auto& [blockLoss, ackLoss] : losses)
        {
            const auto scaled =
                static_cast<uint32_t>(std::lround(frames * std::min(1.0, 4 * (1 - blockLoss))));
            params.push_back(LinkParams{mode, seed, blockLoss, ackLoss, scaled});
        }
    }
    return params;
}

class GprsRlcEntityAcknowledged : public testing::TestWithParam<LinkParams>
{
};

TEST_P(GprsRlcEntityAcknowledged, EveryFrameArrivesOnceInOrderByteIdentical)
{
    LossyLink link(GetParam());
    ASSERT_NO_FATAL_FAILURE(link.Run());

    const auto& delivered = link.GetDelivered();
    ASSERT_EQ(delivered.size(), GetParam().frames);
    for (std::size_t i = 0; i < delivered.size(); ++i)
    {
        ASSERT_EQ(delivered[i].frameId, i);
        ASSERT_EQ(delivered[i].lengthOctets, link.GetContents().Get(i).size()) << "frame " << i;
    }
    EXPECT_EQ(link.GetRx().GetDroppedFrames(), 0U);
    for (const auto& b : link.GetBlocks())
    {
        ASSERT_TRUE(b.received) << "BSN " << int{b.block.bsn} << " never received";
    }
    CheckOctetsRebuildTheDeliveredFrames(link);
    // The run exercised what it claims to.
    EXPECT_EQ(link.GetLostBlocks() > 0, GetParam().blockLoss > 0);
    EXPECT_TRUE(link.GetLostBlocks() == 0 || link.GetRetransmissions() > 0);
    if (GetParam().blockLoss >= 0.9)
    {
        EXPECT_GT(link.GetStalledSteps(), 0U);
    }
}

INSTANTIATE_TEST_SUITE_P(
    LossyLink,
    GprsRlcEntityAcknowledged,
    testing::ValuesIn(MakeParams(GprsRlcMode::ACKNOWLEDGED,
                                 {{0, 0}, {0, 0.5}, {0.1, 0.2}, {0.5, 0.3}, {0.9, 0.5}},
                                 1000)),
    ParamName);

class GprsRlcEntityUnacknowledged : public testing::TestWithParam<LinkParams>
{
};

TEST_P(GprsRlcEntityUnacknowledged, LossDropsExactlyTheTouchedFrames)
{
    LossyLink link(GetParam());
    ASSERT_NO_FATAL_FAILURE(link.Run());
    EXPECT_EQ(link.GetRetransmissions(), 0U);

    std::vector<GprsRlcDataBlock> sent;
    std::vector<bool> received;
    for (const auto& b : link.GetBlocks())
    {
        sent.push_back(b.block);
        received.push_back(b.received.has_value());
    }
    const UnacknowledgedOutcome expected = ExpectUnacknowledged(sent, received);
    std::vector<uint64_t> deliveredIds;
    for (const auto& f : link.GetDelivered())
    {
        deliveredIds.push_back(f.frameId);
    }
    EXPECT_EQ(deliveredIds, expected.delivered);
    EXPECT_EQ(link.GetRx().GetDroppedFrames(), expected.dropped);
    CheckOctetsRebuildTheDeliveredFrames(link);
    EXPECT_EQ(expected.dropped > 0, GetParam().blockLoss > 0);
}

INSTANTIATE_TEST_SUITE_P(LossyLink,
                         GprsRlcEntityUnacknowledged,
                         testing::ValuesIn(MakeParams(GprsRlcMode::UNACKNOWLEDGED,
                                                      {{0, 0}, {0.1, 0.2}, {0.3, 0.3}, {0.5, 0.5}},
                                                      1000)),
                         ParamName);

/// What one SendNext() sent.
struct Sent
{
    GprsRlcTxKind kind;     //!< why
    GprsRlcDataBlock block; //!< a copy of the block
};

/**
 * \param tx the sender
 * \param cs coding scheme for a new block
 * \param endOfTbf FBI on the block that empties the queue
 * \return what it sent
 */
Sent
Send(GprsRlcTxEntity& tx, GprsCodingScheme cs = GprsCodingScheme::CS1, bool endOfTbf = false)
{
    Sent sent{GprsRlcTxKind::NOTHING, {}};
    sent.block = tx.SendNext(cs, endOfTbf, sent.kind);
    return sent;
}

/// \return the frames rx delivers for block
std::vector<GprsReassembledLlcFrame>
Deliver(GprsRlcRxEntity& rx, const GprsRlcDataBlock& block)
{
    std::vector<GprsReassembledLlcFrame> frames;
    EXPECT_TRUE(rx.Receive(block, frames)) << "BSN " << int{block.bsn};
    return frames;
}

TEST(GprsRlcEntity, StallsAtWindowSizeUntilOneAckNack)
{
    GprsRlcTxEntity tx(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
    GprsRlcRxEntity rx(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
    // 2 x 1560 octets fill more than WS = 64 CS-1 blocks of 20 octets (TS 44.060 Table 10.2.1).
    tx.EnqueueFrame(1, kGprsMaxLlcFrameOctets);
    tx.EnqueueFrame(2, kGprsMaxLlcFrameOctets);
    const uint16_t lostBsn = 5;
    std::vector<GprsRlcDataBlock> sent;
    for (uint16_t i = 0; i < kGprsRlcWs; ++i)
    {
        ASSERT_FALSE(tx.IsStalled());
        ASSERT_EQ(tx.PeekNext(), GprsRlcTxKind::NEW);
        const Sent s = Send(tx);
        ASSERT_EQ(s.kind, GprsRlcTxKind::NEW);
        ASSERT_EQ(s.block.bsn, i);
        sent.push_back(s.block);
        if (i != lostBsn)
        {
            Deliver(rx, s.block);
        }
    }
    // V(S) = V(A) + WS: no new block (TS 44.060 clause 9.1.1) however long no Ack/Nack comes;
    // the unacknowledged blocks are resent cyclically, oldest first (clause 9.1.3).
    EXPECT_TRUE(tx.IsStalled());
    EXPECT_EQ(tx.GetOutstanding(), kGprsRlcWs);
    EXPECT_GT(tx.GetQueuedOctets(), 0U);
    for (uint16_t i = 0; i < kGprsRlcWs + 10; ++i)
    {
        ASSERT_EQ(tx.PeekNext(), GprsRlcTxKind::PENDING_ACK);
        const Sent s = Send(tx, GprsCodingScheme::CS4);
        ASSERT_EQ(s.kind, GprsRlcTxKind::PENDING_ACK);
        ASSERT_EQ(s.block.bsn, i % kGprsRlcWs);
        ASSERT_TRUE(s.block == sent[s.block.bsn]) << "BSN " << int{s.block.bsn};
        ASSERT_TRUE(tx.IsStalled());
    }
    // One Ack/Nack acknowledges all but BSN 5: V(A) = 5, the window opens by 5.
    const GprsRlcAckNackResult result = tx.ApplyAckNack(rx.GetAckNack());
    EXPECT_EQ(result.newlyAcked, kGprsRlcWs - 1);
    EXPECT_EQ(result.nacked, 1);
    EXPECT_FALSE(tx.IsStalled());
    EXPECT_EQ(tx.GetOutstanding(), kGprsRlcWs - lostBsn);
    ASSERT_EQ(tx.PeekNext(), GprsRlcTxKind::NACKED);
    const Sent resent = Send(tx, GprsCodingScheme::CS4);
    EXPECT_EQ(resent.kind, GprsRlcTxKind::NACKED);
    EXPECT_TRUE(resent.block == sent[lostBsn]);
    Deliver(rx, resent.block);
    const Sent next = Send(tx, GprsCodingScheme::CS2);
    EXPECT_EQ(next.kind, GprsRlcTxKind::NEW);
    EXPECT_EQ(next.block.bsn, kGprsRlcWs);
    EXPECT_EQ(next.block.cs, GprsCodingScheme::CS2);
}

TEST(GprsRlcEntity, NackedBlocksAreResentBeforeNewData)
{
    GprsRlcTxEntity tx(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
    GprsRlcRxEntity rx(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
    for (uint64_t id = 0; id < 10; ++id)
    {
        tx.EnqueueFrame(id, 100);
    }
    const std::vector<uint16_t> lost{2, 7, 9};
    const uint16_t blocks = 20;
    std::vector<GprsRlcDataBlock> sent;
    std::vector<GprsReassembledLlcFrame> delivered;
    for (uint16_t i = 0; i < blocks; ++i)
    {
        const Sent s = Send(tx);
        ASSERT_EQ(s.kind, GprsRlcTxKind::NEW);
        sent.push_back(s.block);
        if (std::find(lost.begin(), lost.end(), i) == lost.end())
        {
            const auto frames = Deliver(rx, s.block);
            delivered.insert(delivered.end(), frames.begin(), frames.end());
        }
    }
    const GprsRlcAckNackDescription ackNack = rx.GetAckNack();
    EXPECT_EQ(ackNack.GetSsn(), blocks);
    for (const uint16_t bsn : lost)
    {
        EXPECT_FALSE(ackNack.GetBit(blocks - bsn)) << "BSN " << bsn;
    }
    const GprsRlcAckNackResult result = tx.ApplyAckNack(ackNack);
    EXPECT_EQ(result.nacked, lost.size());
    EXPECT_EQ(tx.GetOutstanding(), blocks - lost.front());
    // NACKED blocks go first, lowest BSN first (TS 44.060 clause 9.1.3), unchanged whatever
    // coding scheme link adaptation now asks for.
    for (const uint16_t bsn : lost)
    {
        ASSERT_EQ(tx.PeekNext(), GprsRlcTxKind::NACKED);
        const Sent s = Send(tx, GprsCodingScheme::CS4);
        ASSERT_EQ(s.kind, GprsRlcTxKind::NACKED);
        ASSERT_EQ(s.block.bsn, bsn);
        ASSERT_TRUE(s.block == sent[bsn]) << "BSN " << bsn;
        const auto frames = Deliver(rx, s.block);
        delivered.insert(delivered.end(), frames.begin(), frames.end());
    }
    const Sent s = Send(tx, GprsCodingScheme::CS4);
    EXPECT_EQ(s.kind, GprsRlcTxKind::NEW);
    EXPECT_EQ(s.block.bsn, blocks);
    // Every frame that fits in the 20 blocks arrived, in order: 20 CS-1 blocks carry 400 octets
    // (LI octets included), so frames 0..2 of 101 octets (frame + LI) each at least.
    ASSERT_GE(delivered.size(), 3U);
    for (std::size_t i = 0; i < delivered.size(); ++i)
    {
        EXPECT_EQ(delivered[i].frameId, i);
        EXPECT_EQ(delivered[i].lengthOctets, 100U);
    }
}

TEST(GprsRlcEntity, NothingNewAfterTheFinalBlock)
{
    for (const GprsRlcMode mode : {GprsRlcMode::ACKNOWLEDGED, GprsRlcMode::UNACKNOWLEDGED})
    {
        SCOPED_TRACE(mode == GprsRlcMode::ACKNOWLEDGED ? "acknowledged" : "unacknowledged");
        GprsRlcTxEntity tx(GprsRlcParameters::Gprs(mode));
        GprsRlcRxEntity rx(GprsRlcParameters::Gprs(mode));
        // 45 octets in CS-1 (20 octets per block): 20 + 20 + (LI + 5 + filler), FBI on the third.
        tx.EnqueueFrame(1, 45);
        std::vector<GprsRlcDataBlock> sent;
        while (!tx.IsFinalSent())
        {
            const Sent s = Send(tx, GprsCodingScheme::CS1, true);
            ASSERT_EQ(s.kind, GprsRlcTxKind::NEW);
            sent.push_back(s.block);
            ASSERT_LE(sent.size(), 3U);
        }
        ASSERT_EQ(sent.size(), 3U);
        EXPECT_TRUE(sent.back().fbi);
        EXPECT_EQ(tx.GetQueuedOctets(), 0U);
        EXPECT_EQ(tx.IsComplete(), mode == GprsRlcMode::UNACKNOWLEDGED);

        // A frame arriving after the final block belongs to the next TBF: it is never sent in
        // this one. Acknowledged mode resends unacknowledged blocks; unacknowledged mode is done.
        tx.EnqueueFrame(2, 10);
        const GprsRlcTxKind expected =
            mode == GprsRlcMode::ACKNOWLEDGED ? GprsRlcTxKind::PENDING_ACK : GprsRlcTxKind::NOTHING;
        for (std::size_t i = 0; i < 2 * sent.size(); ++i)
        {
            ASSERT_EQ(tx.PeekNext(), expected);
            const Sent s = Send(tx, GprsCodingScheme::CS4, true);
            ASSERT_EQ(s.kind, expected);
            if (expected == GprsRlcTxKind::PENDING_ACK)
            {
                ASSERT_TRUE(s.block == sent[i % sent.size()]);
            }
        }

        std::vector<GprsReassembledLlcFrame> frames;
        for (const auto& block : sent)
        {
            const auto f = Deliver(rx, block);
            frames.insert(frames.end(), f.begin(), f.end());
        }
        ASSERT_EQ(frames.size(), 1U);
        EXPECT_EQ(frames[0].frameId, 1U);
        EXPECT_EQ(frames[0].lengthOctets, 45U);
        EXPECT_TRUE(rx.IsComplete());
        const GprsRlcAckNackDescription ackNack = rx.GetAckNack();
        EXPECT_TRUE(ackNack.GetFinalAck());
        EXPECT_TRUE(tx.ApplyAckNack(ackNack).finalAcked);
        EXPECT_TRUE(tx.IsComplete());
        EXPECT_EQ(tx.PeekNext(), GprsRlcTxKind::NOTHING);
    }
}

TEST(GprsRlcEntity, CompleteWhenNothingIsLeftInBothModes)
{
    // Before the final block, a sender with nothing queued and nothing unacknowledged is done for
    // now: the PCU then holds the TBF open (delayed release / extended uplink) in either mode.
    for (const GprsRlcMode mode : {GprsRlcMode::ACKNOWLEDGED, GprsRlcMode::UNACKNOWLEDGED})
    {
        SCOPED_TRACE(mode == GprsRlcMode::ACKNOWLEDGED ? "acknowledged" : "unacknowledged");
        const bool acked = mode == GprsRlcMode::ACKNOWLEDGED;
        GprsRlcTxEntity tx(GprsRlcParameters::Gprs(mode));
        GprsRlcRxEntity rx(GprsRlcParameters::Gprs(mode));
        for (const bool endOfTbf : {false, true})
        {
            tx.EnqueueFrame(endOfTbf ? 2 : 1, 30);
            EXPECT_FALSE(tx.IsComplete());
            while (tx.GetQueuedOctets() > 0)
            {
                const Sent s = Send(tx, GprsCodingScheme::CS1, endOfTbf);
                ASSERT_EQ(s.kind, GprsRlcTxKind::NEW);
                Deliver(rx, s.block);
            }
            EXPECT_EQ(tx.IsFinalSent(), endOfTbf);
            EXPECT_EQ(rx.IsComplete(), endOfTbf);
            EXPECT_EQ(tx.PeekNext(), acked ? GprsRlcTxKind::PENDING_ACK : GprsRlcTxKind::NOTHING);
            // Acknowledged mode waits for the Ack/Nack; unacknowledged mode expects none.
            EXPECT_EQ(tx.IsComplete(), !acked);
            tx.ApplyAckNack(rx.GetAckNack());
            EXPECT_TRUE(tx.IsComplete());
            EXPECT_EQ(tx.PeekNext(), GprsRlcTxKind::NOTHING);
        }
    }
}

TEST(GprsRlcEntity, UnacknowledgedBridgesTheLongestLossRun)
{
    // WS - 1 consecutive losses are the most an unacknowledged receiver can bridge: the next block
    // is still less than WS past V(R), hence newer, not older (SNS = 2 WS; TS 44.060 clause 9.3.3).
    GprsRlcTxEntity tx(GprsRlcParameters::Gprs(GprsRlcMode::UNACKNOWLEDGED));
    GprsRlcRxEntity rx(GprsRlcParameters::Gprs(GprsRlcMode::UNACKNOWLEDGED));
    // 150 frames of 37 octets + LI: about 285 CS-1 blocks of 20 octets.
    for (uint64_t id = 0; id < 150; ++id)
    {
        tx.EnqueueFrame(id, 37);
    }
    std::vector<GprsRlcDataBlock> sent;
    std::vector<bool> received;
    std::vector<uint64_t> delivered;
    while (!tx.IsFinalSent())
    {
        const Sent s = Send(tx, GprsCodingScheme::CS1, true);
        ASSERT_EQ(s.kind, GprsRlcTxKind::NEW);
        const bool lost = sent.size() >= 10 && sent.size() < 10 + kGprsRlcWs - 1;
        sent.push_back(s.block);
        received.push_back(!lost);
        if (!lost)
        {
            for (const auto& f : Deliver(rx, s.block))
            {
                EXPECT_EQ(f.lengthOctets, 37U);
                delivered.push_back(f.frameId);
            }
        }
    }
    ASSERT_GT(sent.size(), 10U + kGprsRlcWs + kGprsRlcSns); // the run and a BSN wrap after it
    EXPECT_TRUE(rx.IsComplete());
    const UnacknowledgedOutcome expected = ExpectUnacknowledged(sent, received);
    EXPECT_EQ(delivered, expected.delivered);
    EXPECT_EQ(rx.GetDroppedFrames(), expected.dropped);
    // 63 blocks of 20 octets span whole frames of 38: those are neither delivered nor counted.
    EXPECT_GT(expected.delivered.size(), 100U);
    EXPECT_GE(expected.dropped, 2U);
}

TEST(GprsRlcEntity, UnacknowledgedSurvivesAWrapItCannotSee)
{
    // SNS losses in a row (an outage): the next block has the BSN V(R) expects, so the window
    // sees no gap, but its data does not continue the frame in progress. The receiver drops the
    // frames around the hidden gap, as LLC's FCS would, and delivers the later ones.
    GprsRlcTxEntity tx(GprsRlcParameters::Gprs(GprsRlcMode::UNACKNOWLEDGED));
    GprsRlcRxEntity rx(GprsRlcParameters::Gprs(GprsRlcMode::UNACKNOWLEDGED));
    for (uint64_t id = 0; id < 200; ++id)
    {
        tx.EnqueueFrame(id, 37);
    }
    std::vector<uint64_t> delivered;
    for (std::size_t n = 0; !tx.IsFinalSent(); ++n)
    {
        const Sent s = Send(tx, GprsCodingScheme::CS1, true);
        if (n >= 5 && n < 5 + kGprsRlcSns)
        {
            continue; // lost
        }
        for (const auto& f : Deliver(rx, s.block))
        {
            delivered.push_back(f.frameId);
        }
    }
    ASSERT_FALSE(delivered.empty());
    EXPECT_TRUE(std::is_sorted(delivered.begin(), delivered.end()));
    EXPECT_LT(delivered.front(), 3U) << "the frames before the outage";
    EXPECT_EQ(delivered.back(), 199U) << "the frames after it";
    EXPECT_GE(rx.GetDroppedFrames(), 2U) << "the frames cut by the hidden gap";
}

TEST(GprsRlcEntity, LostAckNackLosesNothingTheNextOneCarries)
{
    // Two identical senders; only the first gets the first Ack/Nack.
    GprsRlcTxEntity both(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
    GprsRlcTxEntity secondOnly(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
    GprsRlcRxEntity rx(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
    for (GprsRlcTxEntity* tx : {&both, &secondOnly})
    {
        tx->EnqueueFrame(1, 700);
    }
    std::vector<GprsRlcDataBlock> sent;
    const auto sendBlocks = [&](uint16_t count, const std::vector<uint16_t>& lost) {
        for (uint16_t i = 0; i < count; ++i)
        {
            const Sent a = Send(both, GprsCodingScheme::CS2, true);
            const Sent b = Send(secondOnly, GprsCodingScheme::CS2, true);
            ASSERT_EQ(a.kind, GprsRlcTxKind::NEW);
            ASSERT_TRUE(a.block == b.block);
            sent.push_back(a.block);
            if (std::find(lost.begin(), lost.end(), a.block.bsn) == lost.end())
            {
                Deliver(rx, a.block);
            }
        }
    };
    sendBlocks(10, {3, 4});
    const GprsRlcAckNackDescription first = rx.GetAckNack(); // lost on the way to secondOnly
    sendBlocks(10, {12});
    const GprsRlcAckNackDescription second = rx.GetAckNack();
    both.ApplyAckNack(first);
    both.ApplyAckNack(second);
    const GprsRlcAckNackResult result = secondOnly.ApplyAckNack(second);
    EXPECT_EQ(result.nacked, 3);
    // Same state: the same blocks come next, NACKED ones first.
    EXPECT_EQ(both.GetOutstanding(), secondOnly.GetOutstanding());
    for (const uint16_t bsn : {3, 4, 12})
    {
        const Sent a = Send(both);
        const Sent b = Send(secondOnly);
        ASSERT_EQ(a.kind, GprsRlcTxKind::NACKED);
        ASSERT_EQ(b.kind, GprsRlcTxKind::NACKED);
        ASSERT_EQ(a.block.bsn, bsn);
        ASSERT_TRUE(a.block == b.block);
        Deliver(rx, a.block);
    }
    // Finish the TBF; the Ack/Nack that says FAI = 1 is lost, so the sender keeps resending
    // blocks the receiver already has, which it ignores, until the next one arrives.
    GprsRlcTxEntity& tx = secondOnly;
    while (!tx.IsFinalSent())
    {
        const Sent s = Send(tx, GprsCodingScheme::CS2, true);
        ASSERT_EQ(s.kind, GprsRlcTxKind::NEW);
        Deliver(rx, s.block);
    }
    ASSERT_TRUE(rx.IsComplete());
    ASSERT_TRUE(rx.GetAckNack().GetFinalAck()); // lost
    for (int i = 0; i < 3 * kGprsRlcWs; ++i)
    {
        const Sent s = Send(tx);
        ASSERT_EQ(s.kind, GprsRlcTxKind::PENDING_ACK);
        std::vector<GprsReassembledLlcFrame> frames;
        ASSERT_FALSE(rx.Receive(s.block, frames)) << "BSN " << int{s.block.bsn};
        ASSERT_TRUE(frames.empty());
        ASSERT_FALSE(tx.IsComplete());
    }
    EXPECT_TRUE(tx.ApplyAckNack(rx.GetAckNack()).finalAcked);
    EXPECT_TRUE(tx.IsComplete());
    EXPECT_EQ(tx.PeekNext(), GprsRlcTxKind::NOTHING);
}

} // namespace

TEST(GprsRlcEntity, BlocksAfterCountsSentAndComingBlocks)
{
    // 45 octets in CS-1: blocks 0, 1, 2 (FBI); after BSN 0 come 2 blocks whoever has been sent.
    GprsRlcTxEntity tx(GprsRlcParameters::Gprs(GprsRlcMode::ACKNOWLEDGED));
    tx.EnqueueFrame(1, 45);
    EXPECT_EQ(Send(tx, GprsCodingScheme::CS1, true).block.bsn, 0);
    EXPECT_EQ(tx.GetBlocksAfter(0, GprsCodingScheme::CS1), 2U);
    EXPECT_EQ(Send(tx, GprsCodingScheme::CS1, true).block.bsn, 1);
    EXPECT_EQ(tx.GetBlocksAfter(0, GprsCodingScheme::CS1), 2U);
    EXPECT_EQ(tx.GetBlocksAfter(1, GprsCodingScheme::CS1), 1U);
    // The blocks still to build count in the coding scheme asked for: 5 octets fit any block.
    EXPECT_EQ(tx.GetBlocksAfter(1, GprsCodingScheme::CS4), 1U);
    const Sent last = Send(tx, GprsCodingScheme::CS1, true);
    ASSERT_TRUE(last.block.fbi);
    EXPECT_EQ(tx.GetBlocksAfter(2, GprsCodingScheme::CS1), 0U);
    EXPECT_EQ(tx.GetBlocksAfter(0, GprsCodingScheme::CS1), 2U);
}

TEST(GprsRlcEntity, ContentionResolutionEndsWithTheFirstAckNackThatAcknowledges)
{
    // One phase access (TS 44.060 7.1.2.3): the mobile's blocks carry its TLLI until an
    // Ack/Nack acknowledges one of them; the network echoes the TLLI while the last block it
    // received carried it.
    for (const GprsRlcMode mode : {GprsRlcMode::ACKNOWLEDGED, GprsRlcMode::UNACKNOWLEDGED})
    {
        GprsRlcTxEntity tx(GprsRlcParameters::Gprs(mode));
        GprsRlcRxEntity rx(GprsRlcParameters::Gprs(mode));
        tx.EnqueueFrame(1, 200);
        EXPECT_FALSE(tx.IsContentionResolutionPending());
        tx.StartContentionResolution();
        EXPECT_TRUE(tx.IsContentionResolutionPending());
        // The countdown counts the blocks as they would go now: 200 octets in 16-octet fields.
        EXPECT_EQ(tx.GetBlocksAfter(kGprsRlcSns - 1, GprsCodingScheme::CS1), 13U);
        const Sent lost = Send(tx, GprsCodingScheme::CS1, true);
        EXPECT_TRUE(lost.block.tlli);
        EXPECT_EQ(lost.block.GetDataOctets(), 16U);
        EXPECT_FALSE(rx.IsTlliToEcho());
        // An Ack/Nack before any block arrived acknowledges nothing: still pending.
        tx.ApplyAckNack(rx.GetAckNack());
        EXPECT_TRUE(tx.IsContentionResolutionPending());
        const Sent second = Send(tx, GprsCodingScheme::CS1, true);
        EXPECT_TRUE(second.block.tlli);
        std::vector<GprsReassembledLlcFrame> frames;
        rx.Receive(second.block, frames);
        EXPECT_TRUE(rx.IsTlliToEcho());
        tx.ApplyAckNack(rx.GetAckNack());
        EXPECT_FALSE(tx.IsContentionResolutionPending());
        // Acknowledged mode first sends the lost block again, as it was built: with the TLLI.
        Sent next = Send(tx, GprsCodingScheme::CS1, true);
        if (mode == GprsRlcMode::ACKNOWLEDGED)
        {
            EXPECT_EQ(next.kind, GprsRlcTxKind::NACKED);
            EXPECT_EQ(next.block, lost.block);
            rx.Receive(next.block, frames);
            EXPECT_TRUE(rx.IsTlliToEcho());
            next = Send(tx, GprsCodingScheme::CS1, true);
        }
        EXPECT_EQ(next.kind, GprsRlcTxKind::NEW);
        EXPECT_FALSE(next.block.tlli);
        EXPECT_EQ(next.block.GetDataOctets(), 20U);
        rx.Receive(next.block, frames);
        EXPECT_FALSE(rx.IsTlliToEcho());
        // A new TBF on the reused entities starts without.
        tx.Reset(GprsRlcParameters::Gprs(mode), 8);
        rx.Reset(GprsRlcParameters::Gprs(mode), 8);
        EXPECT_FALSE(tx.IsContentionResolutionPending());
        EXPECT_FALSE(rx.IsTlliToEcho());
    }
}

/**
 * Drive a sender and a receiver through a fixed TBF: two frames, every third block lost, an
 * Ack/Nack after every fourth step, until both are complete (at most 400 steps).
 * \param tx the sender
 * \param rx the receiver
 * \return what happened, one line per step (block, kind, frames delivered, Ack/Nack)
 */
std::vector<std::string>
RunFixedTbf(GprsRlcTxEntity& tx, GprsRlcRxEntity& rx)
{
    std::vector<std::string> transcript;
    tx.EnqueueFrame(100, 300);
    tx.EnqueueFrame(101, 700);
    for (uint32_t step = 0; step < 400 && !(rx.IsComplete() && tx.IsComplete()); ++step)
    {
        std::string line = "step " + std::to_string(step);
        if (tx.PeekNext() != GprsRlcTxKind::NOTHING)
        {
            const Sent sent = Send(tx, GprsCodingScheme::CS2, true);
            line += " BSN " + std::to_string(sent.block.bsn) + " kind " +
                    std::to_string(static_cast<int>(sent.kind)) + " FBI " +
                    std::to_string(sent.block.fbi);
            std::vector<GprsReassembledLlcFrame> frames;
            if (step % 3 != 2 && rx.Receive(sent.block, frames))
            {
                for (const auto& f : frames)
                {
                    line += " frame " + std::to_string(f.frameId) + "/" +
                            std::to_string(f.lengthOctets);
                }
            }
        }
        if (step % 4 == 3)
        {
            const GprsRlcAckNackDescription ackNack = rx.GetAckNack();
            line += " SSN " + std::to_string(ackNack.GetSsn()) + " RBB " +
                    std::to_string(ackNack.GetRbb()) + " FAI " +
                    std::to_string(ackNack.GetFinalAck());
            tx.ApplyAckNack(ackNack);
        }
        transcript.push_back(line);
    }
    transcript.push_back(std::string("complete ") + std::to_string(rx.IsComplete()) + " " +
                         std::to_string(tx.IsComplete()));
    return transcript;
}

TEST(GprsRlcEntity, ResetStartsOverAsIfNew)
{
    for (const GprsRlcMode mode : {GprsRlcMode::ACKNOWLEDGED, GprsRlcMode::UNACKNOWLEDGED})
    {
        // Entities a PCU reuses: an unfinished TBF in the other mode left state in both (V(S),
        // V(R), blocks stored out of sequence, a frame half segmented and half reassembled).
        const GprsRlcMode other = mode == GprsRlcMode::ACKNOWLEDGED ? GprsRlcMode::UNACKNOWLEDGED
                                                                    : GprsRlcMode::ACKNOWLEDGED;
        GprsRlcTxEntity tx(GprsRlcParameters::Gprs(other));
        GprsRlcRxEntity rx(GprsRlcParameters::Gprs(other));
        tx.EnqueueFrame(7, 1400);
        for (int i = 0; i < 5; ++i)
        {
            const Sent sent = Send(tx);
            if (i != 1)
            {
                Deliver(rx, sent.block);
            }
        }
        ASSERT_GT(tx.GetQueuedOctets(), 0U);
        tx.Reset(GprsRlcParameters::Gprs(mode), 2);
        rx.Reset(GprsRlcParameters::Gprs(mode), 2);
        EXPECT_EQ(tx.GetParameters().GetMode(), mode);
        EXPECT_EQ(rx.GetParameters().GetMode(), mode);
        EXPECT_EQ(tx.GetQueuedOctets(), 0U);
        EXPECT_EQ(tx.GetOutstanding(), 0U);
        EXPECT_FALSE(tx.IsFinalSent());

        GprsRlcTxEntity newTx(GprsRlcParameters::Gprs(mode));
        GprsRlcRxEntity newRx(GprsRlcParameters::Gprs(mode));
        const std::vector<std::string> expected = RunFixedTbf(newTx, newRx);
        ASSERT_EQ(expected.back(), "complete 1 1");
        EXPECT_EQ(RunFixedTbf(tx, rx), expected);
    }
}
