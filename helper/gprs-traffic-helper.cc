/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-traffic-helper.h"

#include "ns3/fatal-error.h"
#include "ns3/gprs-stop-if-invalid.h"
#include "ns3/inet-socket-address.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{

namespace
{

/// \return "a, b, c": the service names
std::string
ServiceList()
{
    std::string list;
    for (const std::string& s : GprsTrafficHelper::GetServices())
    {
        list += (list.empty() ? "" : ", ") + s;
    }
    return list;
}

} // namespace

GprsTrafficHelper::GprsTrafficHelper(const std::string& service)
    : m_service(service)
{
    if (service == "email")
    {
        m_factory.SetTypeId(GprsEmailTraffic::GetTypeId());
    }
    else if (service == "www")
    {
        m_factory.SetTypeId(GprsWwwTraffic::GetTypeId());
    }
    else if (service == "ftp")
    {
        m_factory.SetTypeId(GprsFtpTraffic::GetTypeId());
    }
    else
    {
        m_problem = "unknown traffic service '" + service + "' (allowed: " + ServiceList() + ")";
    }
}

const std::vector<std::string>&
GprsTrafficHelper::GetServices()
{
    static const std::vector<std::string> services{"email", "www", "ftp"};
    return services;
}

void
GprsTrafficHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    if (!m_problem.empty())
    {
        return; // Check() reports the first problem
    }
    const TypeId tid = m_factory.GetTypeId();
    TypeId::AttributeInformation info;
    if (!(tid.LookupAttributeByName(name, &info)))
    {
        m_problem =
            "traffic service '" + m_service + "': " + tid.GetName() + " has no attribute " + name;
        return;
    }
    const Ptr<AttributeValue> valid = info.checker->CreateValidValue(value);
    if (!valid)
    {
        m_problem = "traffic service '" + m_service + "': " + tid.GetName() + "::" + name + " = " +
                    value.SerializeToString(info.checker) + " is out of range (allowed: " +
                    (info.checker->HasUnderlyingTypeInformation()
                         ? info.checker->GetUnderlyingTypeInformation()
                         : info.checker->GetValueTypeName()) +
                    "; " + info.help + ")";
        return;
    }
    m_factory.Set(name, *valid);
}

void
GprsTrafficHelper::Check() const
{
    if (!m_problem.empty())
    {
        throw std::invalid_argument(m_problem);
    }
}

GprsTrafficApps
GprsTrafficHelper::Install(Ptr<Node> server,
                           Ptr<Node> mobile,
                           Ipv4Address mobileAddress,
                           uint16_t port) const
{
    GprsStopIfInvalid([this]() { Check(); });
    GprsTrafficApps apps;
    apps.generator = m_factory.Create<GprsTrafficGenerator>();
    apps.generator->SetAttribute("Remote", AddressValue(InetSocketAddress(mobileAddress, port)));
    GprsStopIfInvalid([this, &apps]() {
        try
        {
            apps.generator->CheckConfiguration();
        }
        catch (const std::invalid_argument& e)
        {
            throw std::invalid_argument("traffic service '" + m_service + "': " + e.what());
        }
    });
    server->AddApplication(apps.generator);
    apps.sink = CreateObject<GprsTrafficSink>();
    apps.sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), port)));
    mobile->AddApplication(apps.sink);
    return apps;
}

GprsTrafficApps
GprsTrafficHelper::Install(const GprsScenario& scenario, uint32_t mobile, uint16_t port) const
{
    if (mobile >= scenario.mobiles.GetN())
    {
        NS_FATAL_ERROR("traffic service '" << m_service << "' for mobile " << mobile
                                           << ": the scenario has " << scenario.mobiles.GetN()
                                           << " mobiles");
    }
    return Install(scenario.server,
                   scenario.mobiles.Get(mobile),
                   scenario.GetMobileAddress(mobile),
                   port);
}

} // namespace ns3
