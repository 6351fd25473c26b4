/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_PROXY_HELPER_H
#define GPRS_WEB_PROXY_HELPER_H

#include "ns3/address.h"
#include "ns3/attribute.h"
#include "ns3/gprs-web-client-proxy.h"
#include "ns3/gprs-web-server-proxy.h"
#include "ns3/ipv4-address.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"

#include <string>

/**
 * \file
 * \ingroup gprs
 * Installs GPRSWeb's dual proxy: the client proxy on a mobile, the server proxy on a node of
 * the network side, joined by GPRSWeb's transport.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The two halves of an installed GPRSWeb proxy pair.
 */
struct GprsWebProxyPair
{
    Ptr<GprsWebClientProxy> client; //!< on the mobile
    Ptr<GprsWebServerProxy> server; //!< on the network side
};

/**
 * \ingroup gprs
 * \brief Installs a GprsWebClientProxy on a mobile and a GprsWebServerProxy on another node
 * (the scenario's proxy node, next to the GGSN), pointing each at the other and the server
 * proxy at the origin web server; both serve the same Page. A GprsWebBrowser on the mobile uses
 * the pair with Remote = GetBrowserRemote() and DnsLookups 0 (ProxyDns on) or 1 (off: its
 * query is relayed by the client proxy to the origin's resolver).
 */
class GprsWebProxyHelper
{
  public:
    GprsWebProxyHelper();

    /**
     * \param name an attribute of GprsWebClientProxy \param value its value
     */
    void SetClientAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param name an attribute of GprsWebServerProxy (Caching, Compression, Delta, Push,
     *        ProxyDns, Preload, PageVersion, ...) \param value its value
     */
    void SetServerAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Install the pair.
     * \param mobile the mobile
     * \param mobileAddress its address (the server proxy's peer)
     * \param proxy the network-side node
     * \param proxyAddress its address (the client proxy's peer)
     * \param origin the origin GprsWebServer's address and HTTP port
     * \param page the page the origin serves (GprsWebServerProxy Page; also the client's, for
     *        Preload)
     * \return the pair, started at time 0
     */
    GprsWebProxyPair Install(Ptr<Node> mobile,
                             Ipv4Address mobileAddress,
                             Ptr<Node> proxy,
                             Ipv4Address proxyAddress,
                             const InetSocketAddress& origin,
                             const std::string& page) const;

    /// \return the address the browser connects to: 127.0.0.1 and the client proxy's Port
    Address GetBrowserRemote() const;

  private:
    ObjectFactory m_client; //!< client proxies
    ObjectFactory m_server; //!< server proxies
};

} // namespace ns3

#endif /* GPRS_WEB_PROXY_HELPER_H */
