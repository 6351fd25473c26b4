/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-proxy-end.h"

#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"

#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsWebProxyEnd");
NS_OBJECT_ENSURE_REGISTERED(GprsWebProxyEnd);

TypeId
GprsWebProxyEnd::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsWebProxyEnd").SetParent<Application>().SetGroupName("Gprs");
    return tid;
}

Ptr<GprsWebTransport>
GprsWebProxyEnd::GetTransport() const
{
    return m_transport;
}

void
GprsWebProxyEnd::DoDispose()
{
    m_transport = nullptr;
    Application::DoDispose();
}

void
GprsWebProxyEnd::OpenTransport(uint16_t port, const Address& peer)
{
    m_transport = CreateObject<GprsWebTransport>();
    m_transport->Setup(GetNode(), port, InetSocketAddress::ConvertFrom(peer));
    m_transport->SetReceiveCallback(MakeCallback(&GprsWebProxyEnd::Receive, this));
}

void
GprsWebProxyEnd::CloseTransport()
{
    if (m_transport)
    {
        m_transport->Close();
    }
}

uint32_t
GprsWebProxyEnd::SendMessage(const GprsWebMessage& m, GprsWebPriority priority)
{
    const std::vector<uint8_t> header = SerializeGprsWebMessage(m);
    Ptr<Packet> packet = Create<Packet>(header.data(), static_cast<uint32_t>(header.size()));
    if (m.GetSize() > header.size())
    {
        // Only the body's length is modelled: zero octets.
        packet->AddAtEnd(Create<Packet>(m.GetSize() - static_cast<uint32_t>(header.size())));
    }
    NS_LOG_INFO("send type " << static_cast<int>(m.type) << " object " << m.object << " "
                             << packet->GetSize() << " octets");
    m_transport->Send(packet, priority);
    return packet->GetSize();
}

void
GprsWebProxyEnd::Receive(Ptr<Packet> packet)
{
    std::vector<uint8_t> data(packet->GetSize());
    packet->CopyData(data.data(), data.size());
    GprsWebMessage m;
    try
    {
        m = DeserializeGprsWebMessage(data.data(), data.size());
    }
    catch (const std::invalid_argument& e)
    {
        NS_LOG_WARN("dropping a bad message: " << e.what());
        return;
    }
    Handle(m);
}

} // namespace ns3
