/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-llc-framing.h"

#include <stdexcept>
#include <string>

namespace ns3
{

GprsLlcFraming::GprsLlcFraming(uint32_t n201U,
                               uint32_t llcOverhead,
                               uint32_t sndcpFirstHeader,
                               uint32_t sndcpNextHeader)
    : m_n201U(n201U),
      m_llcOverhead(llcOverhead),
      m_sndcpFirstHeader(sndcpFirstHeader),
      m_sndcpNextHeader(sndcpNextHeader)
{
    if (n201U < 140 || n201U > 1520)
    {
        throw std::invalid_argument("N201-U " + std::to_string(n201U) +
                                    " out of range (allowed: 140..1520 octets, TS 44.064 8.9.5)");
    }
    if (sndcpFirstHeader >= n201U || sndcpNextHeader >= n201U)
    {
        throw std::invalid_argument("SNDCP header larger than N201-U " + std::to_string(n201U));
    }
}

uint32_t
GprsLlcFraming::FrameCount(uint32_t npduOctets) const
{
    const uint32_t first = m_n201U - m_sndcpFirstHeader;
    if (npduOctets <= first)
    {
        return 1;
    }
    const uint32_t next = m_n201U - m_sndcpNextHeader;
    return 1 + (npduOctets - first + next - 1) / next;
}

uint32_t
GprsLlcFraming::FrameOctets(uint32_t npduOctets, uint32_t index) const
{
    const uint32_t first = m_n201U - m_sndcpFirstHeader;
    if (index == 0)
    {
        const uint32_t data = npduOctets < first ? npduOctets : first;
        return m_llcOverhead + m_sndcpFirstHeader + data;
    }
    const uint32_t next = m_n201U - m_sndcpNextHeader;
    const uint32_t before = first + (index - 1) * next;
    const uint32_t left = npduOctets - before;
    const uint32_t data = left < next ? left : next;
    return m_llcOverhead + m_sndcpNextHeader + data;
}

uint32_t
GprsLlcFraming::TotalOctets(uint32_t npduOctets) const
{
    const uint32_t frames = FrameCount(npduOctets);
    return npduOctets + frames * m_llcOverhead + m_sndcpFirstHeader +
           (frames - 1) * m_sndcpNextHeader;
}

} // namespace ns3
