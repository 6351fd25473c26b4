/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-statistical-helper.h"

#include "ns3/gprs-statistical-channel.h"
#include "ns3/gprs-statistical-net-device.h"
#include "ns3/gprs-stop-if-invalid.h"
#include "ns3/node.h"

namespace ns3
{

GprsStatisticalHelper::GprsStatisticalHelper()
{
    m_channelFactory.SetTypeId(GprsStatisticalChannel::GetTypeId());
    m_deviceFactory.SetTypeId(GprsStatisticalNetDevice::GetTypeId());
}

void
GprsStatisticalHelper::SetChannelAttribute(const std::string& name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

void
GprsStatisticalHelper::SetDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
GprsStatisticalHelper::Check() const
{
    m_channelFactory.Create<GprsStatisticalChannel>()->CheckConfiguration();
}

NetDeviceContainer
GprsStatisticalHelper::Install(Ptr<Node> network, const NodeContainer& mobiles) const
{
    GprsStopIfInvalid([this]() { Check(); });
    const Ptr<GprsStatisticalChannel> channel = m_channelFactory.Create<GprsStatisticalChannel>();
    const Ptr<GprsStatisticalNetDevice> gateway =
        m_deviceFactory.Create<GprsStatisticalNetDevice>();
    network->AddDevice(gateway);
    gateway->AttachNetwork(channel);
    NetDeviceContainer devices(gateway);
    for (auto it = mobiles.Begin(); it != mobiles.End(); ++it)
    {
        const Ptr<GprsStatisticalNetDevice> mobile =
            m_deviceFactory.Create<GprsStatisticalNetDevice>();
        (*it)->AddDevice(mobile);
        mobile->AttachMobile(channel);
        devices.Add(mobile);
    }
    return devices;
}

int64_t
GprsStatisticalHelper::AssignStreams(const NetDeviceContainer& devices, int64_t stream)
{
    int64_t used = 0;
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        const auto device = DynamicCast<GprsStatisticalNetDevice>(*it);
        const auto channel =
            device ? DynamicCast<GprsStatisticalChannel>(device->GetChannel()) : nullptr;
        if (channel && channel->GetNetworkDevice() == device)
        {
            used += channel->AssignStreams(stream + used);
        }
    }
    return used;
}

} // namespace ns3
