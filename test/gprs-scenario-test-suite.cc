/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GprsScenario as doc/gprs.rst ("The scenario") describes it: which node and device each field
// holds, the addresses, and that mobile i is the same i everywhere (nodes, devices, addresses,
// the PCU's trace sources reached through the documented Config path).

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/test.h"

using namespace ns3;
using namespace ns3::gprs_test;

NS_LOG_COMPONENT_DEFINE("GprsScenarioTestSuite");

namespace
{

constexpr uint32_t kMobiles = 3; //!< mobiles of the scenario

/// Packets counted per mobile.
struct PerMobile
{
    uint32_t count[kMobiles]{}; //!< per mobile index
};

/**
 * \param node a node
 * \param device one of its devices
 * \return the IPv4 address of the device's interface
 */
Ipv4Address
AddressOf(Ptr<Node> node, Ptr<NetDevice> device)
{
    const Ptr<Ipv4> ip = node->GetObject<Ipv4>();
    return ip->GetAddress(ip->GetInterfaceForDevice(device), 0).GetLocal();
}

/// The fields of GprsScenario, with and without a proxy, and one packet each way per mobile.
class GprsScenarioFieldsTestCase : public TestCase
{
  public:
    /// \param proxy build the scenario with a proxy node
    explicit GprsScenarioFieldsTestCase(bool proxy)
        : TestCase(proxy ? "GprsScenario fields and addresses, with a proxy"
                         : "GprsScenario fields and addresses, without a proxy"),
          m_proxy(proxy)
    {
    }

  private:
    void DoRun() override
    {
        GprsScenarioHelper helper;
        helper.SetProxy(m_proxy);
        const GprsScenario s = helper.Install(kMobiles);

        const Ptr<Node> gateway = m_proxy ? s.proxy : s.ggsn;
        NS_TEST_ASSERT_MSG_EQ((s.proxy != nullptr), m_proxy, "a proxy node only when asked for");
        NS_TEST_ASSERT_MSG_EQ(s.internetDevices.GetN(), 2, "two ends of the Internet link");
        NS_TEST_EXPECT_MSG_EQ(s.internetDevices.Get(0)->GetNode(), s.server, "server's first");
        NS_TEST_EXPECT_MSG_EQ(s.internetDevices.Get(1)->GetNode(), gateway, "then the gateway's");
        NS_TEST_EXPECT_MSG_EQ(s.serverAddress,
                              AddressOf(s.server, s.internetDevices.Get(0)),
                              "serverAddress is the server's Internet interface");
        NS_TEST_EXPECT_MSG_EQ(s.serverAddress, Ipv4Address("10.0.0.1"), "as documented");
        if (m_proxy)
        {
            NS_TEST_EXPECT_MSG_EQ(s.proxyAddress, Ipv4Address("10.0.1.1"), "as documented");
        }

        NS_TEST_ASSERT_MSG_EQ(s.bssDevices.GetN(), 1, "one network-side device");
        const auto bss = DynamicCast<GprsBssNetDevice>(s.bssDevices.Get(0));
        NS_TEST_ASSERT_MSG_NE(bss, nullptr, "bssDevices holds a GprsBssNetDevice");
        NS_TEST_EXPECT_MSG_EQ(bss->GetNode(), s.ggsn, "on the GGSN");
        NS_TEST_EXPECT_MSG_EQ(bss->GetPcu(), s.pcu, "pcu is its PCU");
        NS_TEST_EXPECT_MSG_EQ(AddressOf(s.ggsn, bss), Ipv4Address("10.1.0.1"), "as documented");

        NS_TEST_ASSERT_MSG_EQ(s.msDevices.GetN(), kMobiles, "one mobile device per mobile");
        NS_TEST_ASSERT_MSG_EQ(s.mobiles.GetN(), kMobiles, "mobiles");
        for (uint32_t i = 0; i < kMobiles; ++i)
        {
            const auto ms = DynamicCast<GprsMsNetDevice>(s.msDevices.Get(i));
            NS_TEST_ASSERT_MSG_NE(ms, nullptr, "msDevices holds GprsMsNetDevices");
            NS_TEST_EXPECT_MSG_EQ(ms->GetNode(), s.mobiles.Get(i), "device i on mobile i");
            NS_TEST_EXPECT_MSG_EQ(ms->GetIndex(), i, "device i is the PCU's mobile i");
            NS_TEST_EXPECT_MSG_EQ(AddressOf(s.mobiles.Get(i), ms),
                                  s.GetMobileAddress(i),
                                  "GetMobileAddress(i) is device i's address");
            NS_TEST_EXPECT_MSG_EQ(s.GetMobileAddress(i),
                                  Ipv4Address(Ipv4Address("10.1.0.2").Get() + i),
                                  "as documented");
        }

        // One UDP packet each way per mobile: the routes work, and the PCU's trace sources
        // (through the Config path of doc/gprs.rst) and the devices name the same mobile i.
        PerMobile down;
        PerMobile up;
        PerMobile macRx;
        Config::ConnectWithoutContext(
            "/NodeList/*/DeviceList/*/$ns3::GprsBssNetDevice/Pcu/PacketDelivered",
            MakeCallback(+[](PerMobile* d,
                             PerMobile* u,
                             uint32_t ms,
                             GprsDirection dir,
                             Ptr<const Packet>,
                             Time) {
                ++(dir == GprsDirection::DOWNLINK ? d : u)->count[ms];
            }).Bind(&down, &up));
        for (uint32_t i = 0; i < kMobiles; ++i)
        {
            s.msDevices.Get(i)->TraceConnectWithoutContext(
                "MacRx",
                MakeCallback(+[](uint32_t* n, Ptr<const Packet>) { ++*n; }).Bind(&macRx.count[i]));
            SendUdpDown(s, i, 100, Seconds(1), 1, Seconds(1 + i));
            SendUdp(s.mobiles.Get(i), s.server, s.serverAddress, 100, Seconds(1), 1, Seconds(5));
        }
        uint32_t serverRx = 0;
        s.internetDevices.Get(0)->TraceConnectWithoutContext(
            "MacRx",
            MakeCallback(+[](uint32_t* n, Ptr<const Packet>) { ++*n; }).Bind(&serverRx));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        Simulator::Destroy();
        for (uint32_t i = 0; i < kMobiles; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(down.count[i], 1, "PacketDelivered: downlink to mobile " << i);
            NS_TEST_EXPECT_MSG_EQ(macRx.count[i], 1, "msDevices.Get(" << i << ") received it");
            NS_TEST_EXPECT_MSG_EQ(up.count[i], 1, "PacketDelivered: uplink from mobile " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(serverRx, kMobiles, "the server received every uplink packet");
    }

    bool m_proxy; //!< with a proxy node
};

/// GprsScenario's suite.
class GprsScenarioTestSuite : public GprsTestSuite
{
  public:
    GprsScenarioTestSuite()
        : GprsTestSuite("gprs-scenario")
    {
        AddMade([]() { return new GprsScenarioFieldsTestCase(false); });
        AddMade([]() { return new GprsScenarioFieldsTestCase(true); });
    }
};

GprsScenarioTestSuite g_gprsScenarioTestSuite; //!< registers the suite

} // namespace
