/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_ACK_WINDOW_CLAMP_H
#define GPRS_ACK_WINDOW_CLAMP_H

#include "gprs-ack-window.h"
#include "gprs-proxy.h"

#include "ns3/traced-value.h"

#include <map>

/**
 * \file
 * \ingroup gprs
 * The ACK-window clamp on the proxy node.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief A proxy that does not split connections but limits each one's outstanding data: it
 * lowers the window advertised in the mobile's segments towards the fixed host to at most
 * Window bytes, never raising it, with each connection's window scale learnt from its SYN and
 * SYN-ACK (GprsAckWindowRewriter).
 *
 * A changed segment is re-serialised; its TCP checksum is recomputed when ns-3 computes
 * checksums (the global ChecksumEnabled), and a segment whose checksum was already wrong is left
 * unchanged, so that its receiver still drops it. Connections whose handshake the proxy did not
 * see pass unchanged.
 */
class GprsAckWindowClamp : public GprsProxy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsAckWindowClamp();
    ~GprsAckWindowClamp() override;

    /// \return acksRewritten and windowInForce
    GprsProxyCounters GetCounters() const override;

  protected:
    void DoDispose() override;
    bool Intercept(const GprsTransitPacket& packet, const GprsTransitSegment& s) override;

  private:
    /**
     * \param p a segment's IP payload
     * \param header its IP header
     * \param window the new window field
     * \return the payload with the new window, or null if its checksum is wrong
     */
    static Ptr<Packet> Rewrite(Ptr<const Packet> p, const Ipv4Header& header, uint16_t window);

    uint32_t m_window{0};                                 //!< Window
    std::map<GprsTcpFlow, GprsAckWindowRewriter> m_flows; //!< connections seen from their SYN
    TracedValue<uint64_t> m_acksRewritten;                //!< AcksRewritten
    TracedValue<uint32_t> m_windowInForce;                //!< WindowInForce
};

} // namespace ns3

#endif /* GPRS_ACK_WINDOW_CLAMP_H */
