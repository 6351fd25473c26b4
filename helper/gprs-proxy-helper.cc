/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-proxy-helper.h"

#include "gprs-helper-check.h"

#include "ns3/gprs-ack-window-clamp.h"
#include "ns3/gprs-snoop-agent.h"
#include "ns3/gprs-split-proxy.h"
#include "ns3/gprs-tcp-clamp.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

namespace
{

/// Priority of the proxy in Ipv4ListRouting: above the static (0) and global (-10) routing.
constexpr int16_t kProxyPriority = 10;

/// \return "a, b, c": the variant names
std::string
VariantList()
{
    std::ostringstream out;
    for (const std::string& v : GprsProxyHelper::GetVariants())
    {
        out << (out.tellp() > 0 ? ", " : "") << v;
    }
    return out.str();
}

} // namespace

GprsProxyHelper::GprsProxyHelper(const std::string& variant)
{
    SetVariant(variant);
}

const std::vector<std::string>&
GprsProxyHelper::GetVariants()
{
    static const std::vector<std::string> variants{"none",
                                                   "reno",
                                                   "snoop",
                                                   "split",
                                                   "clamp",
                                                   "ack-window"};
    return variants;
}

void
GprsProxyHelper::SetVariant(const std::string& variant)
{
    m_variant = variant;
}

const std::string&
GprsProxyHelper::GetVariant() const
{
    return m_variant;
}

void
GprsProxyHelper::SetClamp(uint32_t bytes)
{
    m_clamp = bytes;
}

void
GprsProxyHelper::Check() const
{
    const auto& all = GetVariants();
    if (std::find(all.begin(), all.end(), m_variant) == all.end())
    {
        throw std::invalid_argument("unknown proxy variant '" + m_variant +
                                    "' (allowed: " + VariantList() + ")");
    }
    if (m_clamp == 0U)
    {
        throw std::invalid_argument("proxy clamp of 0 bytes (allowed: 1 or more, and for the "
                                    "clamp variant at least one segment)");
    }
}

void
GprsProxyHelper::SetProxyAttribute(const std::string& name, const AttributeValue& value)
{
    m_attributes.emplace_back(name, value.Copy());
}

Ptr<GprsProxy>
GprsProxyHelper::Install(Ptr<Node> node) const
{
    GprsStopIfInvalid([this]() { Check(); });
    if (m_variant == "none" || m_variant == "reno")
    {
        return nullptr;
    }
    if (!node)
    {
        NS_FATAL_ERROR("proxy variant '" << m_variant << "' installed on no node");
    }
    const Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    if (!ipv4)
    {
        NS_FATAL_ERROR("proxy variant '" << m_variant << "': node " << node->GetId()
                                         << " has no Internet stack (install one with "
                                            "InternetStackHelper first)");
    }
    const Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(ipv4->GetRoutingProtocol());
    if (!list)
    {
        NS_FATAL_ERROR("proxy variant '"
                       << m_variant << "': node " << node->GetId() << " routes with "
                       << (ipv4->GetRoutingProtocol()
                               ? ipv4->GetRoutingProtocol()->GetInstanceTypeId().GetName()
                               : std::string("nothing"))
                       << ", not an Ipv4ListRouting");
    }
    ObjectFactory factory;
    if (m_variant == "snoop")
    {
        factory.SetTypeId(GprsSnoopAgent::GetTypeId());
    }
    else if (m_variant == "ack-window")
    {
        factory.SetTypeId(GprsAckWindowClamp::GetTypeId());
        if (m_clamp)
        {
            factory.Set("Window", UintegerValue(*m_clamp));
        }
    }
    else
    {
        factory.SetTypeId(GprsSplitProxy::GetTypeId());
        if (m_variant == "clamp")
        {
            std::string clamp = GprsTcpClamp::GetTypeId().GetName();
            if (m_clamp)
            {
                clamp += "[Clamp=" + std::to_string(*m_clamp) + "]";
            }
            factory.Set("MobileLegCongestionControl", StringValue(clamp));
            factory.Set("MobileLegRecovery",
                        StringValue(GprsTcpClampRecovery::GetTypeId().GetName()));
        }
    }
    for (const auto& [name, value] : m_attributes)
    {
        factory.Set(name, *value);
    }
    const Ptr<GprsProxy> proxy = factory.Create<GprsProxy>();
    if (const Ptr<GprsSplitProxy> split = DynamicCast<GprsSplitProxy>(proxy))
    {
        // Check the legs' configuration now rather than at the first connection.
        split->GetLegConfig(false);
        split->GetLegConfig(true);
    }
    list->AddRoutingProtocol(proxy, kProxyPriority);
    return proxy;
}

Ptr<GprsProxy>
GprsProxyHelper::Install(const GprsScenario& scenario) const
{
    return Install(scenario, scenario.mobileNetwork, scenario.mobileMask);
}

Ptr<GprsProxy>
GprsProxyHelper::Install(const GprsScenario& scenario, uint32_t cell) const
{
    if (cell >= scenario.ggsnCellAddresses.size())
    {
        NS_FATAL_ERROR("proxy for cell " << cell << " (allowed: below "
                                         << scenario.ggsnCellAddresses.size()
                                         << ", the scenario's number of cells)");
    }
    return Install(scenario, scenario.GetCellNetwork(cell), scenario.cellMask);
}

Ptr<GprsProxy>
GprsProxyHelper::Install(const GprsScenario& scenario, Ipv4Address network, Ipv4Mask mask) const
{
    GprsStopIfInvalid([this]() { Check(); });
    if (m_variant == "none" || m_variant == "reno")
    {
        return nullptr;
    }
    if (!scenario.proxy)
    {
        NS_FATAL_ERROR("proxy variant '" << m_variant
                                         << "': the scenario has no proxy node (build it with "
                                            "GprsScenarioHelper::SetProxy(true))");
    }
    const Ptr<GprsProxy> proxy = Install(scenario.proxy);
    proxy->SetAttribute("MobileNetwork", Ipv4AddressValue(network));
    proxy->SetAttribute("MobileMask", Ipv4MaskValue(mask));
    return proxy;
}

uint32_t
GprsProxyHelper::DeriveClamp(uint32_t pdchs, GprsCodingScheme cs, Time rtt, double margin)
{
    if (pdchs < 1 || pdchs > 8)
    {
        NS_FATAL_ERROR("C_clamp from " << pdchs << " PDCHs (allowed: 1..8)");
    }
    if (!rtt.IsStrictlyPositive())
    {
        NS_FATAL_ERROR("C_clamp from an RTT of " << rtt.As(Time::MS) << " (allowed: > 0)");
    }
    if (!(margin >= 0 && margin <= 1))
    {
        NS_FATAL_ERROR("C_clamp with a margin of " << margin
                                                   << " (allowed: 0..1; 0.10-0.15 in "
                                                      "Chakravorty & Pratt)");
    }
    const double bytesPerSecond = pdchs * GetGprsCodingSchemeInfo(cs).dataRateBps / 8;
    return static_cast<uint32_t>(std::ceil(bytesPerSecond * rtt.GetSeconds() * (1 + margin)));
}

GprsProxyCounters
GprsProxyHelper::GetCounters(Ptr<const GprsProxy> proxy)
{
    return proxy ? proxy->GetCounters() : GprsProxyCounters{};
}

} // namespace ns3
