/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-uplink-block-controller.h"

#include <stdexcept>
#include <string>

namespace ns3
{

void
GprsUplinkBlockController::Take(uint64_t block, uint8_t pdch, const GprsUplinkBlock& owner)
{
    if (pdch >= kPdchs || m_blocks[block % kDepth][pdch].kind != GprsUplinkBlock::FREE)
    {
        // A caller's bug: one uplink block cannot carry two mobiles' blocks.
        throw std::logic_error("uplink block " + std::to_string(block) + " of TN " +
                               std::to_string(pdch) + " is not free");
    }
    m_blocks[block % kDepth][pdch] = owner;
    ++m_taken;
}

void
GprsUplinkBlockController::Poll(uint64_t block,
                                uint8_t pdch,
                                uint32_t ms,
                                GprsPollPurpose purpose,
                                bool heard)
{
    Take(block, pdch, GprsUplinkBlock{GprsUplinkBlock::POLL, ms, heard, purpose});
}

void
GprsUplinkBlockController::Grant(uint64_t block, uint8_t pdch, uint32_t ms, bool heard)
{
    Take(block, pdch, GprsUplinkBlock{GprsUplinkBlock::USF, ms, heard, GprsPollPurpose::UL_DUMMY});
}

GprsUplinkBlock
GprsUplinkBlockController::Free(uint64_t block, uint8_t pdch)
{
    GprsUplinkBlock& b = m_blocks[block % kDepth][pdch];
    const GprsUplinkBlock owner = b;
    if (b.kind != GprsUplinkBlock::FREE)
    {
        b.kind = GprsUplinkBlock::FREE;
        --m_taken;
    }
    return owner;
}

void
GprsUplinkBlockController::Cancel(uint32_t ms, GprsDirection dir)
{
    for (auto& slot : m_blocks)
    {
        for (GprsUplinkBlock& b : slot)
        {
            const bool ofTbf = b.kind == GprsUplinkBlock::POLL
                                   ? GetTbfDirection(b.purpose) == dir
                                   : b.kind == GprsUplinkBlock::USF && dir == GprsDirection::UPLINK;
            if (ofTbf && b.ms == ms)
            {
                b.kind = GprsUplinkBlock::FREE;
                --m_taken;
            }
        }
    }
}

} // namespace ns3
