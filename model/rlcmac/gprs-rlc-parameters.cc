/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-rlc-parameters.h"

#include <stdexcept>
#include <string>

namespace ns3
{

GprsRlcSequenceSpace::GprsRlcSequenceSpace(uint16_t sns, uint16_t ws)
    : m_mask(static_cast<uint16_t>(sns - 1)),
      m_ws(ws)
{
    if (sns < 2 || sns > kEgprsRlcSns || (sns & (sns - 1)) != 0)
    {
        throw std::invalid_argument("RLC sequence number space SNS " + std::to_string(sns) +
                                    " not allowed (allowed: a power of two, 2.." +
                                    std::to_string(kEgprsRlcSns) + ")");
    }
    if (ws < 1 || ws > sns / 2)
    {
        throw std::invalid_argument("RLC window size WS " + std::to_string(ws) +
                                    " not allowed with SNS " + std::to_string(sns) +
                                    " (allowed: 1.." + std::to_string(sns / 2) +
                                    ", TS 44.060 clause 9.1.9)");
    }
}

void
GprsRlcSequenceSpace::CheckSequenceNumber(uint16_t value, const char* what) const
{
    if (value > m_mask)
    {
        throw std::invalid_argument(std::string("RLC ") + what + " " + std::to_string(value) +
                                    " out of range (allowed: 0.." + std::to_string(m_mask) + ")");
    }
}

GprsRlcParameters::GprsRlcParameters(GprsRlcMode mode,
                                     GprsCsFamily family,
                                     GprsRlcSequenceSpace space)
    : m_mode(mode),
      m_family(family),
      m_space(space)
{
    const uint16_t sns = space.GetSns();
    const uint16_t ws = space.GetWs();
    const bool allowed =
        family == GprsCsFamily::GPRS
            ? sns == kGprsRlcSns && ws == kGprsRlcWs
            : sns == kEgprsRlcSns && ws >= kEgprsRlcMinWs && ws <= kEgprsRlcMaxWs && ws % 32 == 0;
    if (!allowed)
    {
        throw std::invalid_argument(
            std::string(ToString(family)) + " TBF with SNS " + std::to_string(sns) + " and WS " +
            std::to_string(ws) + " not allowed (allowed: " +
            (family == GprsCsFamily::GPRS
                 ? "SNS 128 and WS 64, TS 44.060 clause 9.1.9.1"
                 : "SNS 2048 and WS 64..1024 in steps of 32, TS 44.060 clauses 9.1.9.2, 12.5.2") +
            ")");
    }
}

} // namespace ns3
