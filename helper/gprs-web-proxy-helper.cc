/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-proxy-helper.h"

#include "ns3/inet-socket-address.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

GprsWebProxyHelper::GprsWebProxyHelper()
{
    m_client.SetTypeId(GprsWebClientProxy::GetTypeId());
    m_server.SetTypeId(GprsWebServerProxy::GetTypeId());
}

void
GprsWebProxyHelper::SetClientAttribute(const std::string& name, const AttributeValue& value)
{
    m_client.Set(name, value);
}

void
GprsWebProxyHelper::SetServerAttribute(const std::string& name, const AttributeValue& value)
{
    m_server.Set(name, value);
}

GprsWebProxyPair
GprsWebProxyHelper::Install(Ptr<Node> mobile,
                            Ipv4Address mobileAddress,
                            Ptr<Node> proxy,
                            Ipv4Address proxyAddress,
                            const InetSocketAddress& origin,
                            const std::string& page) const
{
    GprsWebProxyPair pair;
    pair.client = m_client.Create<GprsWebClientProxy>();
    pair.server = m_server.Create<GprsWebServerProxy>();
    UintegerValue clientPort;
    UintegerValue serverPort;
    pair.client->GetAttribute("TransportPort", clientPort);
    pair.server->GetAttribute("Port", serverPort);
    pair.client->SetAttribute(
        "Remote",
        AddressValue(InetSocketAddress(proxyAddress, static_cast<uint16_t>(serverPort.Get()))));
    pair.client->SetAttribute("Page", StringValue(page));
    pair.server->SetAttribute(
        "Client",
        AddressValue(InetSocketAddress(mobileAddress, static_cast<uint16_t>(clientPort.Get()))));
    pair.server->SetAttribute("Origin", AddressValue(origin));
    pair.server->SetAttribute("Page", StringValue(page));
    mobile->AddApplication(pair.client);
    proxy->AddApplication(pair.server);
    return pair;
}

Address
GprsWebProxyHelper::GetBrowserRemote() const
{
    Ptr<GprsWebClientProxy> probe = m_client.Create<GprsWebClientProxy>();
    UintegerValue port;
    probe->GetAttribute("Port", port);
    return InetSocketAddress(Ipv4Address::GetLoopback(), static_cast<uint16_t>(port.Get()));
}

} // namespace ns3
