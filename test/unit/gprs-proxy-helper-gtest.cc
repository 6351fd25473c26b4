/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GprsProxyHelper finds a variant by TypeId: an alias and its TypeId give the same proxy, a
// proxy class the helper does not know installs and reports its own counters, and a name that
// is neither is refused naming it.

#include "gprs-expect-invalid.h"

#include "ns3/gprs-ack-window-clamp.h"
#include "ns3/gprs-proxy-helper.h"
#include "ns3/gprs-snoop-agent.h"
#include "ns3/gprs-split-proxy.h"
#include "ns3/gprs-tcp-clamp.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/string.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/uinteger.h"

#include <gtest/gtest.h>
#include <sstream>

using namespace ns3;

namespace
{

/// A proxy of a user's own: it passes every segment on and counts the data towards the mobiles.
class GprsTestCountingProxy : public GprsProxy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        // No group name: the doc lists the module's types, and this one is the test's.
        static TypeId tid = TypeId("ns3::GprsTestCountingProxy")
                                .SetParent<GprsProxy>()
                                .AddConstructor<GprsTestCountingProxy>();
        return tid;
    }

    /// \return dataSegmentsToMobile
    GprsProxyCounters GetCounters() const override
    {
        GprsProxyCounters c;
        c.dataSegmentsToMobile = m_toMobile;
        return c;
    }

  protected:
    bool Intercept(const GprsTransitPacket& packet, const GprsTransitSegment& s) override
    {
        m_toMobile += s.toMobile && s.payload > 0 ? 1 : 0;
        return false;
    }

  private:
    uint64_t m_toMobile{0}; //!< data segments seen towards the mobiles
};

NS_OBJECT_ENSURE_REGISTERED(GprsTestCountingProxy);

/// A proxy class that cannot be created: its TypeId has no constructor.
class GprsTestAbstractProxy : public GprsProxy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::GprsTestAbstractProxy").SetParent<GprsProxy>();
        return tid;
    }
};

NS_OBJECT_ENSURE_REGISTERED(GprsTestAbstractProxy);

/// \return a node with an Internet stack routing through an Ipv4ListRouting
Ptr<Node>
MakeProxyNode()
{
    const Ptr<Node> node = CreateObject<Node>();
    InternetStackHelper().Install(node);
    return node;
}

/**
 * \param factory a factory
 * \return it as text: its TypeId and attributes
 */
std::string
Text(const ObjectFactory& factory)
{
    std::ostringstream out;
    out << factory;
    return out.str();
}

TEST(GprsProxyHelper, AliasAndTypeIdGiveTheSameVariant)
{
    const std::vector<std::pair<std::string, TypeId>> plain{
        {"snoop", GprsSnoopAgent::GetTypeId()},
        {"split", GprsSplitProxy::GetTypeId()},
        {"ack-window", GprsAckWindowClamp::GetTypeId()}};
    for (const auto& [alias, tid] : plain)
    {
        const GprsProxyHelper byAlias(alias);
        const GprsProxyHelper byName(tid.GetName());
        EXPECT_EQ(Text(byAlias.GetFactory()), Text(byName.GetFactory())) << alias;
        EXPECT_EQ(byAlias.Install(MakeProxyNode())->GetInstanceTypeId(), tid) << alias;
        EXPECT_EQ(byName.Install(MakeProxyNode())->GetInstanceTypeId(), tid) << alias;
    }

    // `clamp`: the split proxy with the clamp and its recovery on the leg towards the mobile.
    GprsProxyHelper clamp("clamp");
    clamp.SetClamp(6000);
    GprsProxyHelper clampFactory(ObjectFactory("ns3::GprsSplitProxy",
                                               "MobileLegCongestionControl",
                                               StringValue("ns3::GprsTcpClamp[Clamp=6000]"),
                                               "MobileLegRecovery",
                                               StringValue("ns3::GprsTcpClampRecovery")));
    EXPECT_EQ(clampFactory.GetVariant(), "ns3::GprsSplitProxy");
    EXPECT_EQ(Text(clamp.GetFactory()), Text(clampFactory.GetFactory()));
    for (const GprsProxyHelper* helper : {&clamp, &clampFactory})
    {
        const Ptr<GprsSplitProxy> split =
            DynamicCast<GprsSplitProxy>(helper->Install(MakeProxyNode()));
        ASSERT_TRUE(split);
        const GprsTcpLegConfig mobile = split->GetLegConfig(true);
        ASSERT_TRUE(mobile.congestionControl && mobile.recovery);
        const Ptr<GprsTcpClamp> ops =
            DynamicCast<GprsTcpClamp>(mobile.congestionControl->Create<TcpCongestionOps>());
        ASSERT_TRUE(ops);
        EXPECT_EQ(ops->GetClamp(), 6000u);
        EXPECT_EQ(mobile.recovery->GetTypeId(), GprsTcpClampRecovery::GetTypeId());
        EXPECT_FALSE(split->GetLegConfig(false).congestionControl); // the server leg: default
    }

    // `ack-window`: SetClamp is the Window attribute of ns3::GprsAckWindowClamp.
    GprsProxyHelper window("ack-window");
    window.SetClamp(5000);
    GprsProxyHelper windowByName("ns3::GprsAckWindowClamp");
    windowByName.SetProxyAttribute("Window", UintegerValue(5000));
    for (const GprsProxyHelper* helper : {&window, &windowByName})
    {
        UintegerValue value;
        helper->Install(MakeProxyNode())->GetAttribute("Window", value);
        EXPECT_EQ(value.Get(), 5000u) << helper->GetVariant();
    }

    // `none` and `reno` install nothing.
    for (const char* alias : {"none", "reno"})
    {
        EXPECT_FALSE(GprsProxyHelper(alias).GetFactory().IsTypeIdSet()) << alias;
        EXPECT_EQ(GprsProxyHelper(alias).Install(MakeProxyNode()), nullptr) << alias;
    }
}

TEST(GprsProxyHelper, InstallsAProxyClassItDoesNotKnow)
{
    const Ptr<Node> node = MakeProxyNode();
    const Ptr<GprsProxy> proxy = GprsProxyHelper("ns3::GprsTestCountingProxy").Install(node);
    ASSERT_TRUE(proxy);
    EXPECT_EQ(proxy->GetInstanceTypeId(), GprsTestCountingProxy::GetTypeId());

    // It comes first in the node's routing, above the static routing.
    const Ptr<Ipv4ListRouting> list =
        DynamicCast<Ipv4ListRouting>(node->GetObject<Ipv4>()->GetRoutingProtocol());
    ASSERT_TRUE(list);
    int16_t priority = 0;
    EXPECT_EQ(list->GetRoutingProtocol(0, priority), proxy);
    EXPECT_GT(priority, 0);

    // A data segment from the Internet to a mobile reaches its Intercept, and its own counter
    // reaches GprsProxyHelper::GetCounters.
    TcpHeader tcp;
    tcp.SetSourcePort(80);
    tcp.SetDestinationPort(49153);
    const Ptr<Packet> segment = Create<Packet>(100);
    segment->AddHeader(tcp);
    Ipv4Header ip;
    ip.SetSource(Ipv4Address("198.51.100.1"));
    ip.SetDestination(Ipv4Address("10.1.0.2"));
    ip.SetProtocol(TcpL4Protocol::PROT_NUMBER);
    Ipv4RoutingProtocol::UnicastForwardCallback ucb;
    Ipv4RoutingProtocol::MulticastForwardCallback mcb;
    Ipv4RoutingProtocol::LocalDeliverCallback lcb;
    Ipv4RoutingProtocol::ErrorCallback ecb;
    EXPECT_FALSE(proxy->RouteInput(segment, ip, node->GetDevice(0), ucb, mcb, lcb, ecb));
    EXPECT_EQ(GprsProxyHelper::GetCounters(proxy).dataSegmentsToMobile, 1u);
    // The other way it is not counted.
    ip.SetSource(Ipv4Address("10.1.0.2"));
    ip.SetDestination(Ipv4Address("198.51.100.1"));
    EXPECT_FALSE(proxy->RouteInput(segment, ip, node->GetDevice(0), ucb, mcb, lcb, ecb));
    EXPECT_EQ(GprsProxyHelper::GetCounters(proxy).dataSegmentsToMobile, 1u);

    // Through an ObjectFactory too.
    EXPECT_EQ(GprsProxyHelper(ObjectFactory("ns3::GprsTestCountingProxy"))
                  .Install(MakeProxyNode())
                  ->GetInstanceTypeId(),
              GprsTestCountingProxy::GetTypeId());
}

TEST(GprsProxyHelper, BadVariantIsRefusedNamingIt)
{
    const std::string allowed = "(allowed: none, reno, snoop, split, clamp, ack-window, or the "
                                "TypeId name of a class derived from ns3::GprsProxy, e.g. "
                                "ns3::GprsSnoopAgent)";
    ExpectInvalid([]() { GprsProxyHelper("snooper").Check(); },
                  "unknown proxy variant 'snooper' " + allowed);
    ExpectInvalid([]() { GprsProxyHelper("ns3::Node").Check(); },
                  "proxy variant 'ns3::Node': a TypeId not derived from ns3::GprsProxy " + allowed);
    ExpectInvalid([]() { GprsProxyHelper("ns3::GprsProxy").Check(); },
                  "proxy variant 'ns3::GprsProxy': a TypeId not derived from ns3::GprsProxy");
    ExpectInvalid([]() { GprsProxyHelper(ObjectFactory("ns3::Node")).Check(); },
                  "proxy variant 'ns3::Node': a TypeId not derived from ns3::GprsProxy");
    ExpectInvalid([]() { GprsProxyHelper("ns3::GprsTestAbstractProxy").Check(); },
                  "proxy variant 'ns3::GprsTestAbstractProxy': a TypeId without a constructor");
    ExpectInvalid([]() { GprsProxyHelper(ObjectFactory()).Check(); },
                  "unknown proxy variant '' (allowed: none");
    // SetVariant replaces a factory given before.
    GprsProxyHelper replaced(ObjectFactory("ns3::GprsSnoopAgent"));
    replaced.SetVariant("splitt");
    ExpectInvalid([&replaced]() { replaced.Check(); }, "unknown proxy variant 'splitt'");
    EXPECT_DEATH(GprsProxyHelper("ns3::Node").GetFactory(),
                 "^msg=\"proxy variant 'ns3::Node': a TypeId not derived from ns3::GprsProxy");
}

} // namespace
