/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_PROXY_END_H
#define GPRS_WEB_PROXY_END_H

#include "gprs-web-proxy-protocol.h"
#include "gprs-web-transport.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/ptr.h"

/**
 * \file
 * \ingroup gprs
 * What GPRSWeb's client and server proxies share: their end of the GPRSWeb transport.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief One end of GPRSWeb's proxy pair: sends GprsWebMessage over a GprsWebTransport (the
 * header's octets, then the body's length in zero octets) and hands each message received,
 * read back, to Handle(); malformed ones are dropped with a warning.
 */
class GprsWebProxyEnd : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return the transport to the other proxy (created at the start)
    Ptr<GprsWebTransport> GetTransport() const;

  protected:
    void DoDispose() override;

    /**
     * Create the transport.
     * \param port the local UDP port \param peer the other proxy's address and port
     */
    void OpenTransport(uint16_t port, const Address& peer);
    /// Close the transport, if open.
    void CloseTransport();
    /**
     * \param m a message \param priority its queue
     * \return its octets
     */
    uint32_t SendMessage(const GprsWebMessage& m, GprsWebPriority priority);
    /// \param m a message from the other proxy
    virtual void Handle(const GprsWebMessage& m) = 0;

  private:
    /// \param packet a message from the transport
    void Receive(Ptr<Packet> packet);

    Ptr<GprsWebTransport> m_transport; //!< to the other proxy
};

} // namespace ns3

#endif /* GPRS_WEB_PROXY_END_H */
