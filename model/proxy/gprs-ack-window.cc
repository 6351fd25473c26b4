/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-ack-window.h"

#include "ns3/tcp-option-winscale.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{

/// The largest shift RFC 7323 clause 2.3 allows; a larger option value is taken as 14.
constexpr uint8_t kMaxShift = 14;

/**
 * \param header a SYN's TCP header
 * \return its Window Scale shift, if it carries the option
 */
std::optional<uint8_t>
WindowScaleOf(const TcpHeader& header)
{
    if (!header.HasOption(TcpOption::WINSCALE))
    {
        return std::nullopt;
    }
    const auto ws = DynamicCast<const TcpOptionWinScale>(header.GetOption(TcpOption::WINSCALE));
    return std::min(ws->GetScale(), kMaxShift);
}

/**
 * \param header a TCP header
 * \return it is a SYN
 */
bool
IsSyn(const TcpHeader& header)
{
    return (header.GetFlags() & TcpHeader::SYN) != 0;
}

} // namespace

GprsAckWindowRewriter::GprsAckWindowRewriter(uint32_t limitBytes)
    : m_limit(limitBytes)
{
    if (limitBytes == 0)
    {
        throw std::invalid_argument("ACK-window limit of 0 bytes (allowed: 1 or more)");
    }
}

void
GprsAckWindowRewriter::OnFixedSegment(const TcpHeader& header)
{
    if (IsSyn(header))
    {
        m_fixedScales = WindowScaleOf(header).has_value();
    }
}

GprsAckWindowRewrite
GprsAckWindowRewriter::OnMobileSegment(const TcpHeader& header)
{
    GprsAckWindowRewrite r;
    const uint16_t field = header.GetWindowSize();
    r.field = field;
    uint8_t shift = 0;
    if (IsSyn(header))
    {
        m_mobileShift = WindowScaleOf(header).value_or(0);
        // A SYN's window is never scaled (RFC 7323 clause 2.2).
    }
    else if (m_fixedScales && m_mobileShift)
    {
        shift = *m_fixedScales ? *m_mobileShift : 0;
    }
    else
    {
        r.windowBytes = field;
        return r;
    }
    r.known = true;
    r.field = ClampField(field, shift, m_limit);
    r.changed = r.field != field;
    r.windowBytes = static_cast<uint32_t>(r.field) << shift;
    return r;
}

std::optional<uint8_t>
GprsAckWindowRewriter::GetScale() const
{
    if (!m_fixedScales || !m_mobileShift)
    {
        return std::nullopt;
    }
    return *m_fixedScales ? *m_mobileShift : 0;
}

uint16_t
GprsAckWindowRewriter::ClampField(uint16_t field, uint8_t shift, uint32_t limitBytes)
{
    if (shift > kMaxShift || limitBytes == 0)
    {
        throw std::invalid_argument("window shift " + std::to_string(shift) + " / limit " +
                                    std::to_string(limitBytes) +
                                    " (allowed: shift 0..14, limit 1 or more)");
    }
    const uint32_t allowed = std::clamp<uint32_t>(limitBytes >> shift, 1, 65535);
    return static_cast<uint16_t>(std::min<uint32_t>(field, allowed));
}

} // namespace ns3
