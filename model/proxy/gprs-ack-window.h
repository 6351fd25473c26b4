/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_ACK_WINDOW_H
#define GPRS_ACK_WINDOW_H

#include "ns3/tcp-header.h"

#include <cstdint>
#include <optional>

/**
 * \file
 * \ingroup gprs
 * Lowering the window the mobile advertises to the fixed host, with window scaling respected
 * (RFC 7323 clause 2).
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What the rewriter makes of one segment from the mobile.
 */
struct GprsAckWindowRewrite
{
    uint16_t field{0};       //!< the window field to send
    uint32_t windowBytes{0}; //!< the window it means, in bytes (field << scale)
    bool changed{false};     //!< field differs from the mobile's
    bool known{false};       //!< the scale is known (the handshake was seen)
};

/**
 * \ingroup gprs
 * \brief One TCP connection seen by the ACK-window clamp: the window field of every segment
 * from the mobile is lowered so that the window it means is at most a limit, never raised.
 *
 * The scale comes from the handshake (RFC 7323 clause 2.2-2.3): the mobile's Window Scale option
 * (in its SYN or SYN-ACK) gives the shift of its window fields, in force only if the fixed host
 * sent the option too; a SYN's own window is never scaled. Until both SYNs were seen the scale is
 * unknown and segments pass unchanged. With a shift s the field can only express multiples of
 * 2^s: the clamped field is limit >> s, and 1 if that is 0, so that a non-zero limit never
 * becomes a closed window. Pure logic: no clock, no packets.
 */
class GprsAckWindowRewriter
{
  public:
    /**
     * \param limitBytes the largest window the fixed host may see, > 0
     * \throws std::invalid_argument if limitBytes is 0
     */
    explicit GprsAckWindowRewriter(uint32_t limitBytes);

    /**
     * A segment from the fixed host towards the mobile: its SYN tells whether the fixed host
     * scales.
     * \param header its TCP header
     */
    void OnFixedSegment(const TcpHeader& header);

    /**
     * A segment from the mobile towards the fixed host.
     * \param header its TCP header
     * \return the window field to send instead of the mobile's
     */
    GprsAckWindowRewrite OnMobileSegment(const TcpHeader& header);

    /// \return the shift of the mobile's window fields, if known
    std::optional<uint8_t> GetScale() const;

    /**
     * \param field a window field
     * \param shift its scale, 0..14
     * \param limitBytes the largest window allowed, > 0
     * \return min(field, max(1, limitBytes >> shift)), at most 65535
     */
    static uint16_t ClampField(uint16_t field, uint8_t shift, uint32_t limitBytes);

  private:
    uint32_t m_limit;                     //!< largest window in bytes
    std::optional<bool> m_fixedScales;    //!< the fixed host's SYN carried Window Scale
    std::optional<uint8_t> m_mobileShift; //!< the mobile's SYN: its shift (0 without option)
};

} // namespace ns3

#endif /* GPRS_ACK_WINDOW_H */
