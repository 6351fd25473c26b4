/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-uplink-block-controller.h"

#include <stdexcept>
#include <string>

namespace ns3
{

void
GprsUplinkBlockController::ThrowTaken(uint64_t block, uint8_t pdch)
{
    throw std::logic_error("uplink block " + std::to_string(block) + " of TN " +
                           std::to_string(pdch) + " is not free");
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
