/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-scenario-helper.h"

#include "ns3/abort.h"
#include "ns3/error-model.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv4.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/string.h"

namespace ns3
{

Ipv4Address
GprsScenario::GetMobileAddress(uint32_t i) const
{
    return mobileInterfaces.GetAddress(i);
}

GprsScenarioHelper::GprsScenarioHelper()
    : m_rate("10Mbps"),
      m_delay(MilliSeconds(100)),
      m_lossRate(0),
      m_proxy(false),
      m_giDelay(MilliSeconds(1))
{
}

GprsHelper&
GprsScenarioHelper::Cell()
{
    return m_cell;
}

void
GprsScenarioHelper::SetInternetLink(DataRate rate, Time delay, double lossRate)
{
    NS_ABORT_MSG_IF(lossRate < 0 || lossRate > 1,
                    "Internet loss rate " << lossRate << " out of range (allowed: 0..1)");
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(), "Internet delay " << delay << " is negative");
    m_rate = rate;
    m_delay = delay;
    m_lossRate = lossRate;
}

void
GprsScenarioHelper::SetProxy(bool enable, Time giDelay)
{
    m_proxy = enable;
    m_giDelay = giDelay;
}

GprsScenario
GprsScenarioHelper::Install(uint32_t mobiles)
{
    NS_ABORT_MSG_IF(mobiles == 0, "a scenario needs at least one mobile");
    GprsScenario s;
    s.server = CreateObject<Node>();
    s.ggsn = CreateObject<Node>();
    s.mobiles.Create(mobiles);
    NodeContainer all(s.server, s.ggsn);
    if (m_proxy)
    {
        s.proxy = CreateObject<Node>();
        all.Add(s.proxy);
    }
    all.Add(s.mobiles);
    InternetStackHelper stack;
    stack.Install(all);

    // Internet: server -- (proxy or GGSN).
    const Ptr<Node> gateway = m_proxy ? s.proxy : s.ggsn;
    PointToPointHelper internet;
    internet.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
    internet.SetChannelAttribute("Delay", TimeValue(m_delay));
    s.internetDevices = internet.Install(s.server, gateway);
    if (m_lossRate > 0)
    {
        for (uint32_t i = 0; i < 2; ++i)
        {
            const Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
            em->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
            em->SetRate(m_lossRate);
            s.internetDevices.Get(i)->SetAttribute("ReceiveErrorModel", PointerValue(em));
        }
    }
    Ipv4AddressHelper address;
    address.SetBase("10.0.0.0", "255.255.255.0");
    const Ipv4InterfaceContainer internetIf = address.Assign(s.internetDevices);
    s.serverAddress = internetIf.GetAddress(0);

    Ipv4InterfaceContainer giIf;
    if (m_proxy)
    {
        PointToPointHelper gi;
        gi.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        gi.SetChannelAttribute("Delay", TimeValue(m_giDelay));
        address.SetBase("10.0.1.0", "255.255.255.0");
        giIf = address.Assign(gi.Install(s.proxy, s.ggsn));
        s.proxyAddress = giIf.GetAddress(0);
    }

    const NetDeviceContainer cellDevices = m_cell.Install(s.ggsn, s.mobiles);
    s.pcu = GprsHelper::GetPcu(cellDevices);
    s.bssDevices.Add(cellDevices.Get(0));
    for (uint32_t i = 0; i < mobiles; ++i)
    {
        s.msDevices.Add(cellDevices.Get(i + 1));
    }
    address.SetBase("10.1.0.0", "255.255.0.0");
    const Ipv4InterfaceContainer cellIf = address.Assign(cellDevices);
    for (uint32_t i = 0; i < mobiles; ++i)
    {
        s.mobileInterfaces.Add(cellIf.Get(i + 1));
    }

    // Static routes: everything not local goes towards the other end of the path.
    Ipv4StaticRoutingHelper routing;
    routing.GetStaticRouting(s.server->GetObject<Ipv4>())
        ->SetDefaultRoute(internetIf.GetAddress(1), 1);
    const Ipv4Address ggsnCellAddress = cellIf.GetAddress(0);
    for (uint32_t i = 0; i < mobiles; ++i)
    {
        routing.GetStaticRouting(s.mobiles.Get(i)->GetObject<Ipv4>())
            ->SetDefaultRoute(ggsnCellAddress, 1);
    }
    if (m_proxy)
    {
        routing.GetStaticRouting(s.proxy->GetObject<Ipv4>())
            ->AddNetworkRouteTo("10.1.0.0", "255.255.0.0", giIf.GetAddress(1), 2);
        routing.GetStaticRouting(s.ggsn->GetObject<Ipv4>())->SetDefaultRoute(giIf.GetAddress(0), 1);
    }
    return s;
}

} // namespace ns3
