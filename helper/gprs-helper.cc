/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-helper.h"

#include "ns3/abort.h"
#include "ns3/gprs-bss-net-device.h"
#include "ns3/gprs-channel.h"
#include "ns3/gprs-ms-net-device.h"
#include "ns3/gprs-pcu.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsHelper");

GprsHelper::GprsHelper()
{
    m_pcuFactory.SetTypeId("ns3::GprsPcu");
    m_bssFactory.SetTypeId("ns3::GprsBssNetDevice");
    m_msFactory.SetTypeId("ns3::GprsMsNetDevice");
}

void
GprsHelper::SetPcuAttribute(const std::string& name, const AttributeValue& value)
{
    m_pcuFactory.Set(name, value);
}

void
GprsHelper::SetBssDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_bssFactory.Set(name, value);
}

void
GprsHelper::SetMsDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_msFactory.Set(name, value);
}

NetDeviceContainer
GprsHelper::Install(Ptr<Node> bssNode, const NodeContainer& mobiles) const
{
    const Ptr<GprsChannel> channel = CreateObject<GprsChannel>();
    const Ptr<GprsBssNetDevice> bss = m_bssFactory.Create<GprsBssNetDevice>();
    bss->SetAttribute("Pcu", PointerValue(m_pcuFactory.Create<GprsPcu>()));
    bssNode->AddDevice(bss);
    bss->Attach(channel);
    NetDeviceContainer devices(bss);
    for (auto it = mobiles.Begin(); it != mobiles.End(); ++it)
    {
        const Ptr<GprsMsNetDevice> ms = m_msFactory.Create<GprsMsNetDevice>();
        (*it)->AddDevice(ms);
        ms->Attach(channel);
        devices.Add(ms);
    }
    return devices;
}

Ptr<GprsPcu>
GprsHelper::GetPcu(const NetDeviceContainer& devices)
{
    const Ptr<GprsBssNetDevice> bss = DynamicCast<GprsBssNetDevice>(devices.Get(0));
    NS_ABORT_MSG_UNLESS(bss, "the first device is not a GprsBssNetDevice (use Install's result)");
    return bss->GetPcu();
}

int64_t
GprsHelper::AssignStreams(const NetDeviceContainer& devices, int64_t stream) const
{
    int64_t used = 0;
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        if (const auto bss = DynamicCast<GprsBssNetDevice>(*it))
        {
            used += bss->AssignStreams(stream + used);
        }
    }
    return used;
}

void
GprsHelper::EnablePcapInternal(std::string prefix,
                               Ptr<NetDevice> nd,
                               bool promiscuous,
                               bool explicitFilename)
{
    const Ptr<GprsNetDevice> device = DynamicCast<GprsNetDevice>(nd);
    if (!device)
    {
        NS_LOG_INFO("GprsHelper::EnablePcapInternal: " << nd << " is not a GPRS device");
        return;
    }
    PcapHelper pcapHelper;
    const std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, device);
    // The devices carry IP packets without link-layer header.
    const Ptr<PcapFileWrapper> file =
        pcapHelper.CreateFile(filename, std::ios::out, PcapHelper::DLT_RAW);
    pcapHelper.HookDefaultSink<GprsNetDevice>(device, "Sniffer", file);
}

} // namespace ns3
