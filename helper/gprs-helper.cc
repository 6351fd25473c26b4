/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-helper.h"

#include "ns3/fatal-error.h"
#include "ns3/gprs-bss-net-device.h"
#include "ns3/gprs-channel.h"
#include "ns3/gprs-gsmtap-writer.h"
#include "ns3/gprs-ms-net-device.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/gprs-pcu.h"
#include "ns3/gprs-radio-conditions.h"
#include "ns3/gprs-stop-if-invalid.h"
#include "ns3/gprs-text-input.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <iomanip>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsHelper");

namespace
{

/**
 * RlcBlock sink of EnableRlcTraces: the blocks of one mobile into its two files.
 * \param ascii the .tr file
 * \param dat the .dat file
 * \param ms the mobile's index in its cell
 * \param r a block of any mobile of the cell
 */
void
WriteRlcBlock(Ptr<OutputStreamWrapper> ascii,
              Ptr<OutputStreamWrapper> dat,
              uint32_t ms,
              const GprsRlcBlockRecord& r)
{
    if (r.ms != ms)
    {
        return;
    }
    const double now = Simulator::Now().GetSeconds();
    const bool retransmission = r.kind != GprsRlcTxKind::NEW;
    const char* kind = r.kind == GprsRlcTxKind::NEW      ? "new"
                       : r.kind == GprsRlcTxKind::NACKED ? "nacked"
                                                         : "pending-ack";
    *ascii->GetStream() << std::fixed << std::setprecision(6) << now << std::defaultfloat << " "
                        << ToString(r.dir) << " bsn=" << +r.bsn << " cs=" << ToString(r.cs)
                        << " kind=" << kind << " pdch=" << +r.pdch << " fbi=" << r.fbi
                        << " polled=" << r.polled << " stalled=" << r.stalled << " lost=" << r.lost
                        << " ci_db=" << r.ciDb << " bler=" << r.bler << "\n";
    *dat->GetStream() << std::fixed << std::setprecision(6) << now << std::defaultfloat << " "
                      << GprsDirIndex(r.dir) << " " << +r.bsn << " " << retransmission << " "
                      << r.lost << " " << +r.pdch << " " << static_cast<int>(r.cs) << " " << r.ciDb
                      << "\n";
}

/// \return every device of every node built so far
NetDeviceContainer
AllDevices()
{
    NetDeviceContainer devices;
    for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
    {
        for (uint32_t i = 0; i < (*node)->GetNDevices(); ++i)
        {
            devices.Add((*node)->GetDevice(i));
        }
    }
    return devices;
}

/**
 * Write a cell, or one mobile of it, into the pcap file of a device (GprsGsmtapWriter); the
 * writer is aggregated to the device, so that it lives as long as the device and closes its
 * file on Dispose.
 * \param device a GprsBssNetDevice or GprsMsNetDevice
 * \param prefix file name prefix, or the file name itself if explicitFilename
 * \param explicitFilename prefix is the file name
 * \param pcu the cell's PCU
 * \param ms the mobile's index in the cell; none: the whole cell
 */
void
AddGsmtapWriter(Ptr<NetDevice> device,
                const std::string& prefix,
                bool explicitFilename,
                Ptr<GprsPcu> pcu,
                std::optional<uint32_t> ms)
{
    if (device->GetObject<GprsGsmtapWriter>())
    {
        NS_FATAL_ERROR("GprsHelper::EnableGsmtap: GSMTAP already enabled on device "
                       << device->GetIfIndex() << " of node " << device->GetNode()->GetId());
    }
    PcapHelper pcapHelper;
    const std::string filename =
        explicitFilename ? prefix : pcapHelper.GetFilenameFromDevice(prefix, device);
    const Ptr<PcapFileWrapper> file =
        pcapHelper.CreateFile(filename, std::ios::out, gprs::kPcapLinkTypeRaw);
    const Ptr<GprsGsmtapWriter> writer = CreateObject<GprsGsmtapWriter>();
    if (ms)
    {
        writer->Attach(pcu, *ms, file);
    }
    else
    {
        writer->Attach(pcu, file);
    }
    device->AggregateObject(writer);
}

} // namespace

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
    if (const auto* text = dynamic_cast<const StringValue*>(&value))
    {
        if (name == "RadioConditions")
        {
            m_radioSpec = text->Get();
        }
        else if (name == "Outages")
        {
            m_outageSpec = text->Get();
        }
    }
}

void
GprsHelper::Check() const
{
    // The parse the device makes, of what this helper will set (else the attribute's default).
    TypeId::AttributeInformation radio;
    GprsMsNetDevice::GetTypeId().LookupAttributeByName("RadioConditions", &radio);
    GprsMsNetDevice::ParseRadio(
        m_radioSpec.value_or(radio.initialValue->SerializeToString(radio.checker)),
        m_outageSpec.value_or(""));
}

NetDeviceContainer
GprsHelper::Install(Ptr<Node> bssNode, const NodeContainer& mobiles) const
{
    GprsStopIfInvalid([this]() { Check(); });
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

void
GprsHelper::ActivatePdpContexts(const NetDeviceContainer& devices)
{
    GprsStopIfInvalid([&devices]() {
        for (auto it = devices.Begin(); it != devices.End(); ++it)
        {
            const Ptr<GprsMsNetDevice> ms = DynamicCast<GprsMsNetDevice>(*it);
            if (!ms)
            {
                continue;
            }
            const Ptr<GprsChannel> cell = ms->GetGprsChannel();
            const Ptr<Ipv4> ipv4 = ms->GetNode()->GetObject<Ipv4>();
            const int32_t iface = ipv4 ? ipv4->GetInterfaceForDevice(ms) : -1;
            if (!cell || !cell->GetBss() || iface < 0 || ipv4->GetNAddresses(iface) == 0)
            {
                std::ostringstream msg;
                msg << "ActivatePdpContexts: the GPRS device of node " << ms->GetNode()->GetId()
                    << (cell && cell->GetBss() ? " has no IPv4 address"
                                               : " is in no cell with a network side")
                    << " (allowed: GprsHelper::Install's devices, after "
                       "Ipv4AddressHelper::Assign)";
                throw std::invalid_argument(msg.str());
            }
            for (uint32_t a = 0; a < ipv4->GetNAddresses(iface); ++a)
            {
                cell->GetBss()->ActivatePdpContext(ipv4->GetAddress(iface, a).GetLocal(),
                                                   ms->GetIndex());
            }
        }
    });
}

Ptr<GprsPcu>
GprsHelper::GetPcu(const NetDeviceContainer& devices)
{
    const Ptr<GprsBssNetDevice> bss = DynamicCast<GprsBssNetDevice>(devices.Get(0));
    if (!bss)
    {
        NS_FATAL_ERROR("GprsHelper::GetPcu: the first device is not a GprsBssNetDevice "
                       "(allowed: Install's result)");
    }
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
GprsHelper::EnableRlcTraces(const std::string& prefix, const NetDeviceContainer& devices) const
{
    AsciiTraceHelper names;
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        const Ptr<GprsMsNetDevice> ms = DynamicCast<GprsMsNetDevice>(*it);
        if (!ms)
        {
            continue;
        }
        if (!ms->GetGprsChannel())
        {
            NS_FATAL_ERROR("EnableRlcTraces: mobile device " << ms
                                                             << " is in no cell (allowed: "
                                                                "Install's result)");
        }
        // AsciiTraceHelper's name for the device, with "-rlc" before the extension.
        std::string base = names.GetFilenameFromDevice(prefix, ms);
        base.erase(base.size() - std::string(".tr").size());
        const Ptr<OutputStreamWrapper> ascii = names.CreateFileStream(base + "-rlc.tr");
        const Ptr<OutputStreamWrapper> dat = names.CreateFileStream(base + "-rlc.dat");
        *ascii->GetStream() << "# RLC data blocks of mobile " << ms->GetIndex() << " (node "
                            << ms->GetNode()->GetId() << ", device " << ms->GetIfIndex()
                            << "), both directions\n";
        *dat->GetStream() << "# time_s direction(0=DL,1=UL) bsn retransmission lost pdch cs "
                             "ci_db\n";
        ms->GetGprsChannel()->GetBss()->GetPcu()->TraceConnectWithoutContext(
            "RlcBlock",
            MakeBoundCallback(&WriteRlcBlock, ascii, dat, ms->GetIndex()));
    }
}

void
GprsHelper::EnableRlcTracesAll(const std::string& prefix) const
{
    EnableRlcTraces(prefix, AllDevices());
}

void
GprsHelper::EnableGsmtap(const std::string& prefix) const
{
    EnableGsmtap(prefix, AllDevices());
}

void
GprsHelper::EnableGsmtap(const std::string& prefix,
                         const NetDeviceContainer& devices,
                         bool explicitFilename) const
{
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        if (const Ptr<GprsBssNetDevice> bss = DynamicCast<GprsBssNetDevice>(*it))
        {
            AddGsmtapWriter(bss, prefix, explicitFilename, bss->GetPcu(), std::nullopt);
        }
    }
}

void
GprsHelper::EnableGsmtap(const std::string& prefix,
                         Ptr<NetDevice> device,
                         bool explicitFilename) const
{
    if (DynamicCast<GprsBssNetDevice>(device))
    {
        EnableGsmtap(prefix, NetDeviceContainer(device), explicitFilename);
        return;
    }
    const Ptr<GprsMsNetDevice> ms = DynamicCast<GprsMsNetDevice>(device);
    if (!ms)
    {
        NS_FATAL_ERROR("GprsHelper::EnableGsmtap: device "
                       << device->GetIfIndex() << " of node " << device->GetNode()->GetId()
                       << " is neither a GprsMsNetDevice nor a GprsBssNetDevice");
    }
    AddGsmtapWriter(ms,
                    prefix,
                    explicitFilename,
                    ms->GetGprsChannel()->GetBss()->GetPcu(),
                    ms->GetIndex());
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
        pcapHelper.CreateFile(filename, std::ios::out, gprs::kPcapLinkTypeRaw);
    pcapHelper.HookDefaultSink<GprsNetDevice>(device, "Sniffer", file);
}

} // namespace ns3
