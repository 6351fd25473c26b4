/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-rlc-entity.h"

#include <stdexcept>

namespace ns3
{

namespace
{
/**
 * Empty \p blocks for a new TBF, freeing its memory if it has room for more than \p keepBlocks.
 * \param blocks a store
 * \param keepBlocks most blocks whose memory it keeps
 */
void
EmptyStore(std::vector<GprsRlcDataBlock>& blocks, std::size_t keepBlocks)
{
    if (blocks.capacity() > keepBlocks)
    {
        std::vector<GprsRlcDataBlock>().swap(blocks);
    }
    blocks.clear();
}

/**
 * Grow \p blocks to hold BSN \p bsn; out of line, so that Slot() is inlined where it sends.
 * \param blocks the store
 * \param bsn the BSN
 */
[[gnu::noinline]] void
Grow(std::vector<GprsRlcDataBlock>& blocks, uint16_t bsn)
{
    blocks.resize(bsn + 1U);
}

/**
 * The store's place for a block, grown to hold it. BSNs start at 0 in every TBF, so a TBF's
 * store is as large as the highest BSN it has used: the many short TBFs (an uplink TBF for a
 * burst of TCP ACKs carries a few blocks) hold a few blocks, not all 128 (608 octets each).
 * \param blocks the store
 * \param bsn the block's BSN
 * \return its place
 */
GprsRlcDataBlock&
Slot(std::vector<GprsRlcDataBlock>& blocks, uint16_t bsn)
{
    if (bsn >= blocks.size())
    {
        Grow(blocks, bsn);
    }
    return blocks[bsn];
}
} // namespace

GprsRlcTxEntity::GprsRlcTxEntity(const GprsRlcParameters& parameters)
    : m_parameters(parameters),
      m_window(parameters.GetMode(), parameters.GetSpace())
{
}

void
GprsRlcTxEntity::Reset(const GprsRlcParameters& parameters, std::size_t keepBlocks)
{
    m_parameters = parameters;
    m_familyCheckedCs.reset();
    m_segmenter = GprsLlcSegmenter();
    m_window.Reset(parameters.GetMode(), parameters.GetSpace());
    EmptyStore(m_blocks, keepBlocks);
    m_finalSent = false;
    m_contentionResolution = false;
}

void
GprsRlcTxEntity::EnqueueFrame(uint64_t frameId, uint32_t octets)
{
    m_segmenter.Enqueue(frameId, octets);
}

void
GprsRlcTxEntity::StartContentionResolution()
{
    m_contentionResolution = true;
}

const GprsRlcDataBlock&
GprsRlcTxEntity::SendNext(GprsCodingScheme cs, bool endOfTbf, GprsRlcTxKind& kind)
{
    if (cs != m_familyCheckedCs)
    {
        CheckFamily(cs);
    }
    const GprsRlcTxSelection sel = m_window.TransmitNext(m_segmenter.HasData() && !m_finalSent);
    kind = ToKind(sel.reason);
    GprsRlcDataBlock& block = Slot(m_blocks, sel.bsn);
    if (sel.reason == GprsRlcTxReason::NEW_DATA)
    {
        m_segmenter.NextBlock(cs, endOfTbf, block, m_contentionResolution);
        block.bsn = sel.bsn;
        if (block.fbi)
        {
            m_window.SetFinalBsn(sel.bsn);
            m_finalSent = true;
        }
    }
    return block;
}

GprsRlcAckNackResult
GprsRlcTxEntity::ApplyAckNack(const GprsRlcAckNackDescription& desc)
{
    // A block acknowledged is a block with the TLLI received: the network echoed it.
    m_contentionResolution = m_contentionResolution && desc.GetRbb() == 0;
    return m_window.ApplyAckNack(desc);
}

uint32_t
GprsRlcTxEntity::GetBlocksAfter(uint16_t bsn, GprsCodingScheme cs) const
{
    const uint32_t sent = m_window.GetSpace().Mod(int{m_window.GetVS()} - 1 - int{bsn});
    return sent + (m_finalSent ? 0 : m_segmenter.CountBlocks(cs, true, m_contentionResolution));
}

const GprsRlcDataBlock&
GprsRlcTxEntity::GetFinalBlock() const
{
    const auto finalBsn = m_window.GetFinalBsn();
    if (!finalBsn)
    {
        throw std::logic_error("GPRS RLC: no final block (FBI = 1) has been sent yet");
    }
    return m_blocks[*finalBsn];
}

bool
GprsRlcTxEntity::IsComplete() const
{
    if (m_finalSent)
    {
        // Unacknowledged mode waits for no acknowledgement (TS 44.060 clause 9.3.3).
        return m_window.GetMode() == GprsRlcMode::UNACKNOWLEDGED || m_window.IsFinalAcked();
    }
    // Nothing queued, nothing unacknowledged (unacknowledged mode keeps V(A) = V(S)).
    return m_window.GetOutstanding() == 0 && !m_segmenter.HasData();
}

void
GprsRlcTxEntity::CheckFamily(GprsCodingScheme cs)
{
    if (GetGprsCodingSchemeInfo(cs).family != m_parameters.GetFamily())
    {
        throw std::invalid_argument("RLC: coding scheme " + ToString(cs) + " is not of the " +
                                    ToString(m_parameters.GetFamily()) + " family of this TBF");
    }
    m_familyCheckedCs = cs;
}

GprsRlcRxEntity::GprsRlcRxEntity(const GprsRlcParameters& parameters)
    : m_parameters(parameters),
      m_window(parameters.GetMode(), parameters.GetSpace())
{
}

void
GprsRlcRxEntity::Reset(const GprsRlcParameters& parameters, std::size_t keepBlocks)
{
    m_parameters = parameters;
    m_window.Reset(parameters.GetMode(), parameters.GetSpace());
    m_reassembler = GprsLlcReassembler();
    EmptyStore(m_blocks, keepBlocks);
    m_tlliToEcho = false;
}

bool
GprsRlcRxEntity::Receive(const GprsRlcDataBlock& block,
                         std::vector<GprsReassembledLlcFrame>& frames)
{
    m_tlliToEcho = block.tlli;
    if (m_window.Receive(block.bsn, block.fbi) != GprsRlcRxStatus::NEW_BLOCK)
    {
        return false;
    }
    // In sequence, the block is the only one to deliver: straight to the reassembler, without
    // a copy into the store (the common case, about 3 % of a download's instructions).
    if (m_window.GetDeliverableCount() == 1 &&
        m_window.GetSpace().Mod(m_window.GetVQ() - 1) == block.bsn)
    {
        m_window.PopDeliverable();
        Reassemble(block, frames);
        return true;
    }
    Slot(m_blocks, block.bsn) = block;
    while (const auto delivery = m_window.PopDeliverable())
    {
        if (delivery->received)
        {
            Reassemble(m_blocks[delivery->bsn], frames);
        }
        else
        {
            m_reassembler.NotifyGap();
        }
    }
    return true;
}

void
GprsRlcRxEntity::Reassemble(const GprsRlcDataBlock& block,
                            std::vector<GprsReassembledLlcFrame>& frames)
{
    if (m_window.GetMode() == GprsRlcMode::UNACKNOWLEDGED && !m_reassembler.Continues(block))
    {
        // SNS or more blocks lost in a row: the BSN wrapped and the window saw no gap. LLC's
        // FCS would reject the frames the receiver joins across it: they are a gap.
        m_reassembler.NotifyGap();
    }
    for (const auto& frame : m_reassembler.Receive(block))
    {
        frames.push_back(frame);
    }
}

GprsRlcAckNackDescription
GprsRlcRxEntity::GetAckNack() const
{
    return m_window.GetAckNack();
}

bool
GprsRlcRxEntity::IsComplete() const
{
    return m_window.IsComplete();
}

uint64_t
GprsRlcRxEntity::GetDroppedFrames() const
{
    return m_reassembler.GetDroppedFrames();
}

} // namespace ns3
