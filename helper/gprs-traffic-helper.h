/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TRAFFIC_HELPER_H
#define GPRS_TRAFFIC_HELPER_H

#include "gprs-scenario-helper.h"

#include "ns3/gprs-traffic-generator.h"
#include "ns3/gprs-traffic-sink.h"
#include "ns3/object-factory.h"

#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Puts a background user's traffic, chosen by service name, between a server and a mobile.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What GprsTrafficHelper::Install built.
 */
struct GprsTrafficApps
{
    Ptr<GprsTrafficGenerator> generator; //!< on the server
    Ptr<GprsTrafficSink> sink;           //!< on the mobile
};

/**
 * \ingroup gprs
 * \brief Installs a background user's traffic generator, chosen by service name so that a
 * scenario can take it from the command line: `email` (GprsEmailTraffic), `www`
 * (GprsWwwTraffic), `ftp` (GprsFtpTraffic). The generator runs on the server and sends to a
 * GprsTrafficSink on the mobile (which, unlike
 * ns-3's PacketSink, closes each connection once it is complete); both start at once
 * (Application::SetStartTime changes that).
 */
class GprsTrafficHelper
{
  public:
    /// \param service a service name (see GetServices; Check() refuses others)
    explicit GprsTrafficHelper(const std::string& service);

    /// \return the service names: email, www, ftp
    static const std::vector<std::string>& GetServices();

    /**
     * Set an attribute of the generators installed from now on. Check() refuses an attribute
     * the service's generator does not have and a value out of its range (the first such).
     * \param name the attribute, e.g. "ReadingTime"
     * \param value its value
     * \sa GprsTrafficGenerator and its subclasses for the attributes
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Check the service and the attributes set, as Install does before installing (and stops
     * the program with the message). Whether the attributes fit together is checked by the
     * generator Install creates (GprsTrafficGenerator::CheckConfiguration).
     * \throws std::invalid_argument naming the bad value and what is allowed
     */
    void Check() const;

    /**
     * Install a generator on a server and a sink on a mobile.
     * \param server the sending node
     * \param mobile the receiving node
     * \param mobileAddress the mobile's address
     * \param port the sink's port
     * \return both applications; stops the program naming the value when Check() refuses one
     *         or the attributes do not fit together (GprsTrafficGenerator::CheckConfiguration)
     */
    GprsTrafficApps Install(Ptr<Node> server,
                            Ptr<Node> mobile,
                            Ipv4Address mobileAddress,
                            uint16_t port) const;

    /**
     * Install a generator on a scenario's server, sending to mobile i.
     * \param scenario built by GprsScenarioHelper
     * \param mobile the mobile's index
     * \param port the sink's port
     * \return both applications
     */
    GprsTrafficApps Install(const GprsScenario& scenario, uint32_t mobile, uint16_t port) const;

  private:
    std::string m_service;   //!< the service
    ObjectFactory m_factory; //!< its generator
    std::string m_problem;   //!< the first value Check() refuses, or empty
};

} // namespace ns3

#endif /* GPRS_TRAFFIC_HELPER_H */
