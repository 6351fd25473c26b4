/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_PROXY_HELPER_H
#define GPRS_PROXY_HELPER_H

#include "gprs-scenario-helper.h"

#include "ns3/gprs-coding-scheme.h"
#include "ns3/gprs-proxy.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"

#include <optional>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Puts a TCP proxy variant, chosen by TypeId or by a short name, on the proxy node.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Installs a TCP proxy variant on a node: any class derived from GprsProxy with a
 * constructor in its TypeId, named by its TypeId (e.g. "ns3::GprsSnoopAgent") or given as an
 * ObjectFactory with attributes, so that a new proxy needs no change here. Short names (aliases)
 * let a scenario take today's variants from the command line:
 *
 * - `none` (also `reno`): no proxy, TCP end to end (Rendon et al.'s "TCP Reno" baseline);
 *   Install returns null.
 * - `snoop`: ns3::GprsSnoopAgent.
 * - `split`: ns3::GprsSplitProxy.
 * - `clamp`: ns3::GprsSplitProxy whose leg towards the mobile runs GprsTcpClamp with
 *   GprsTcpClampRecovery (Chakravorty & Pratt): SetClamp gives C_clamp.
 * - `ack-window`: ns3::GprsAckWindowClamp: SetClamp gives the largest window (its Window).
 *
 * The proxy is added to the node's Ipv4ListRouting above the static routing. It handles the
 * connections to the mobiles of its MobileNetwork and MobileMask attributes: Install(scenario)
 * sets them to all the scenario's mobiles (GprsScenario::mobileNetwork, 10.1.0.0/16),
 * Install(scenario, cell) to one cell's subnet, and Install(Ptr<Node>) leaves them as set by
 * SetProxyAttribute (default 10.1.0.0/16). Values are checked by Check(), which Install calls.
 */
class GprsProxyHelper
{
  public:
    /**
     * \param variant an alias (see GetVariants) or the TypeId name of a class derived from
     *        GprsProxy (Check() refuses others)
     */
    explicit GprsProxyHelper(const std::string& variant = "none");

    /**
     * \param factory the TypeId of a class derived from GprsProxy, with attributes (Check()
     *        refuses other TypeIds); SetProxyAttribute may add more
     */
    explicit GprsProxyHelper(const ObjectFactory& factory);

    /// \return the aliases, in the order of the class description
    static const std::vector<std::string>& GetVariants();

    /**
     * \param variant an alias (see GetVariants) or the TypeId name of a class derived from
     *        GprsProxy (Check() refuses others)
     */
    void SetVariant(const std::string& variant);

    /// \return the variant: the alias or TypeId name given, or the factory's TypeId name
    const std::string& GetVariant() const;

    /**
     * The window of the aliases `clamp` (C_clamp, the fixed congestion window towards the
     * mobile) and `ack-window` (the largest advertised window); ignored by the other variants,
     * including those given by TypeId, whose attributes SetProxyAttribute sets (e.g. Window of
     * ns3::GprsAckWindowClamp). Unset: the classes' default (10240 bytes).
     * \param bytes the window, > 0 (Check() refuses 0)
     */
    void SetClamp(uint32_t bytes);

    /**
     * Check the variant and the clamp, as every Install does before installing.
     * \throws std::invalid_argument naming the bad value and what is allowed
     */
    void Check() const;

    /**
     * Set an attribute of the proxy object (the variant's class), e.g. "CacheSize" of
     * GprsSnoopAgent or "MobileLegSegmentSize" of GprsSplitProxy; it overrides what the alias
     * and SetClamp set.
     * \param name the attribute
     * \param value its value
     */
    void SetProxyAttribute(const std::string& name, const AttributeValue& value);

    /**
     * What Install creates the proxy from: the variant's TypeId with the attributes of its
     * alias, SetClamp and SetProxyAttribute. Checks the values first (stops the program as
     * Install does).
     * \return the factory; without a TypeId for `none`
     */
    ObjectFactory GetFactory() const;

    /**
     * Install the variant on a node.
     * \param node a node with an Internet stack whose routing is an Ipv4ListRouting (as
     *        InternetStackHelper gives); otherwise the program stops with a message naming it
     * \return the proxy, or null for `none`
     */
    Ptr<GprsProxy> Install(Ptr<Node> node) const;

    /**
     * Install the variant on a scenario's proxy node, for all its mobiles (every cell).
     * \param scenario built by GprsScenarioHelper with SetProxy(true) (the program stops
     *        otherwise, unless the variant is `none`)
     * \return the proxy, or null for `none`
     */
    Ptr<GprsProxy> Install(const GprsScenario& scenario) const;

    /**
     * Install the variant on a scenario's proxy node for the mobiles of one cell only; the
     * other cells' connections pass the proxy node untouched (or through a proxy installed
     * for them by another call).
     * \param scenario built by GprsScenarioHelper with SetProxy(true)
     * \param cell the cell, below the scenario's number of cells
     * \return the proxy, or null for `none`
     */
    Ptr<GprsProxy> Install(const GprsScenario& scenario, uint32_t cell) const;

    /**
     * Chakravorty & Pratt's rule for C_clamp ("Performance issues with General Packet Radio
     * Service", JCN 4(4), 2002: best 10-15 % above the link's bandwidth-delay product): the
     * RLC data rate of the mobile's downlink PDCHs times a typical RTT, plus a margin.
     * \param pdchs downlink PDCHs of the mobile, 1..8
     * \param cs their coding scheme
     * \param rtt a typical RTT, > 0
     * \param margin the margin above the product, 0..1; default 0.125, the middle of 10-15 %
     * \return C_clamp in bytes, rounded up
     */
    static uint32_t DeriveClamp(uint32_t pdchs,
                                GprsCodingScheme cs,
                                Time rtt,
                                double margin = 0.125);

    /**
     * \param proxy a proxy, or null (no proxy)
     * \return its counters; all 0 for null
     */
    static GprsProxyCounters GetCounters(Ptr<const GprsProxy> proxy);

  private:
    /**
     * Install the variant on a scenario's proxy node for the mobiles of a network.
     * \param scenario the scenario
     * \param network the mobiles' network
     * \param mask its mask
     * \return the proxy, or null for `none`
     */
    Ptr<GprsProxy> Install(const GprsScenario& scenario, Ipv4Address network, Ipv4Mask mask) const;

    std::string m_variant;           //!< the variant
    ObjectFactory m_factory;         //!< the factory given to the constructor, else no TypeId
    std::optional<uint32_t> m_clamp; //!< SetClamp
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_attributes; //!< for the proxy
};

} // namespace ns3

#endif /* GPRS_PROXY_HELPER_H */
