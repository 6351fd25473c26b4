/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-proxy-helper.h"

#include "ns3/gprs-ack-window-clamp.h"
#include "ns3/gprs-snoop-agent.h"
#include "ns3/gprs-split-proxy.h"
#include "ns3/gprs-stop-if-invalid.h"
#include "ns3/gprs-tcp-clamp.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

namespace ns3
{

namespace
{

/// Priority of the proxy in Ipv4ListRouting: above the static (0) and global (-10) routing.
constexpr int16_t kProxyPriority = 10;

/// A short name for a variant: a TypeId and what the name adds to it.
struct GprsProxyAlias
{
    std::string name;   //!< the alias
    TypeId (*typeId)(); //!< the class's GetTypeId; null: no proxy
    /// Sets the attributes the alias stands for, and the window of SetClamp if set; null: none
    void (*configure)(ObjectFactory& factory, std::optional<uint32_t> clamp);
};

/**
 * `clamp`: the split proxy's leg towards the mobile runs GprsTcpClamp, with C_clamp if set.
 * \param factory a GprsSplitProxy factory
 * \param clamp SetClamp
 */
void
ConfigureClamp(ObjectFactory& factory, std::optional<uint32_t> clamp)
{
    std::string congestion = GprsTcpClamp::GetTypeId().GetName();
    if (clamp)
    {
        congestion += "[Clamp=" + std::to_string(*clamp) + "]";
    }
    factory.Set("MobileLegCongestionControl", StringValue(congestion));
    factory.Set("MobileLegRecovery", StringValue(GprsTcpClampRecovery::GetTypeId().GetName()));
}

/**
 * `ack-window`: SetClamp is the largest window.
 * \param factory a GprsAckWindowClamp factory
 * \param clamp SetClamp
 */
void
ConfigureAckWindow(ObjectFactory& factory, std::optional<uint32_t> clamp)
{
    if (clamp)
    {
        factory.Set("Window", UintegerValue(*clamp));
    }
}

/// \return the aliases, in the order of the class description
const std::vector<GprsProxyAlias>&
Aliases()
{
    static const std::vector<GprsProxyAlias> aliases{
        {"none", nullptr, nullptr},
        {"reno", nullptr, nullptr},
        {"snoop", &GprsSnoopAgent::GetTypeId, nullptr},
        {"split", &GprsSplitProxy::GetTypeId, nullptr},
        {"clamp", &GprsSplitProxy::GetTypeId, &ConfigureClamp},
        {"ack-window", &GprsAckWindowClamp::GetTypeId, &ConfigureAckWindow}};
    return aliases;
}

/**
 * \param name a variant
 * \return its alias, or null if it is none
 */
const GprsProxyAlias*
FindAlias(const std::string& name)
{
    const auto& all = Aliases();
    const auto it = std::find_if(all.begin(), all.end(), [&name](const GprsProxyAlias& a) {
        return a.name == name;
    });
    return it == all.end() ? nullptr : &*it;
}

/// \return what a variant may be, for the messages of Check()
std::string
AllowedVariants()
{
    std::ostringstream out;
    for (const std::string& v : GprsProxyHelper::GetVariants())
    {
        out << v << ", ";
    }
    out << "or the TypeId name of a class derived from " << GprsProxy::GetTypeId().GetName()
        << ", e.g. " << GprsSnoopAgent::GetTypeId().GetName();
    return out.str();
}

/**
 * \param variant the variant as given
 * \param tid its TypeId
 * \throws std::invalid_argument unless the TypeId is a proxy class that can be created
 */
void
CheckProxyTypeId(const std::string& variant, TypeId tid)
{
    if (!tid.IsChildOf(GprsProxy::GetTypeId()))
    {
        throw std::invalid_argument("proxy variant '" + variant + "': a TypeId not derived from " +
                                    GprsProxy::GetTypeId().GetName() +
                                    " (allowed: " + AllowedVariants() + ")");
    }
    if (!tid.HasConstructor())
    {
        throw std::invalid_argument("proxy variant '" + variant +
                                    "': a TypeId without a constructor (allowed: a class that "
                                    "calls AddConstructor in its GetTypeId)");
    }
}

} // namespace

GprsProxyHelper::GprsProxyHelper(const std::string& variant)
{
    SetVariant(variant);
}

GprsProxyHelper::GprsProxyHelper(const ObjectFactory& factory)
    : m_variant(factory.IsTypeIdSet() ? factory.GetTypeId().GetName() : ""),
      m_factory(factory)
{
}

const std::vector<std::string>&
GprsProxyHelper::GetVariants()
{
    static const std::vector<std::string> variants = []() {
        std::vector<std::string> names;
        for (const GprsProxyAlias& a : Aliases())
        {
            names.push_back(a.name);
        }
        return names;
    }();
    return variants;
}

void
GprsProxyHelper::SetVariant(const std::string& variant)
{
    m_variant = variant;
    m_factory = ObjectFactory();
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
    std::optional<TypeId> type;
    if (m_factory.IsTypeIdSet())
    {
        type = m_factory.GetTypeId();
        CheckProxyTypeId(m_variant, *type);
    }
    else if (const GprsProxyAlias* alias = FindAlias(m_variant))
    {
        type = alias->typeId ? std::optional<TypeId>(alias->typeId()) : std::nullopt;
    }
    else
    {
        TypeId tid;
        if (!TypeId::LookupByNameFailSafe(m_variant, &tid))
        {
            throw std::invalid_argument("unknown proxy variant '" + m_variant +
                                        "' (allowed: " + AllowedVariants() + ")");
        }
        CheckProxyTypeId(m_variant, tid);
        type = tid;
    }
    if (m_clamp == 0U)
    {
        throw std::invalid_argument("proxy clamp of 0 bytes (allowed: 1 or more, and for the "
                                    "clamp variant at least one segment)");
    }
    // The split proxy's text attributes: its checkers take any text.
    const TypeId split = GprsSplitProxy::GetTypeId();
    for (const auto& [name, value] : m_attributes)
    {
        const auto* text = dynamic_cast<const StringValue*>(PeekPointer(value));
        if (type && (*type == split || type->IsChildOf(split)) && text)
        {
            GprsSplitProxy::CheckLegAttribute(name, text->Get());
        }
    }
}

void
GprsProxyHelper::SetProxyAttribute(const std::string& name, const AttributeValue& value)
{
    m_attributes.emplace_back(name, value.Copy());
}

ObjectFactory
GprsProxyHelper::GetFactory() const
{
    GprsStopIfInvalid([this]() { Check(); });
    ObjectFactory factory = m_factory;
    if (!factory.IsTypeIdSet())
    {
        const GprsProxyAlias* alias = FindAlias(m_variant);
        if (!alias)
        {
            factory.SetTypeId(m_variant);
        }
        else if (!alias->typeId)
        {
            return factory;
        }
        else
        {
            factory.SetTypeId(alias->typeId());
            if (alias->configure)
            {
                alias->configure(factory, m_clamp);
            }
        }
    }
    for (const auto& [name, value] : m_attributes)
    {
        factory.Set(name, *value);
    }
    return factory;
}

Ptr<GprsProxy>
GprsProxyHelper::Install(Ptr<Node> node) const
{
    const ObjectFactory factory = GetFactory();
    if (!factory.IsTypeIdSet())
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
    const Ptr<GprsProxy> proxy = factory.Create<GprsProxy>();
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
    if (!GetFactory().IsTypeIdSet())
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
