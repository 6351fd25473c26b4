/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GprsScenario as doc/gprs.rst ("The scenario") describes it: which node and device each field
// holds, the addresses, and that mobile i is the same i everywhere (nodes, devices, addresses,
// the PCU's trace sources reached through the documented Config path).

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/error-model.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>

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

/**
 * One UDP packet each way per mobile (down at 1 + i d, up at \p upAt + i d, d 1 s or, for more
 * than 10 mobiles, 10 s / mobiles: within the run, and spread so that no queue of the Internet
 * link overflows), then run for 20 s and destroy the simulation.
 * \param s the scenario
 * \param upAt when the mobiles send theirs
 * \return per mobile the packets its device received (MacRx), then last the server's
 */
std::vector<uint32_t>
OnePacketEachWay(const GprsScenario& s, Time upAt)
{
    const uint32_t n = s.mobiles.GetN();
    std::vector<uint32_t> rx(n + 1, 0);
    const Time spacing = Seconds(std::min(1.0, 10.0 / n));
    for (uint32_t i = 0; i < n; ++i)
    {
        s.msDevices.Get(i)->TraceConnectWithoutContext(
            "MacRx",
            MakeCallback(+[](uint32_t* c, Ptr<const Packet>) { ++*c; }).Bind(&rx[i]));
        SendUdpDown(s, i, 100, Seconds(1), 1, Seconds(1) + spacing * i);
        SendUdp(s.mobiles.Get(i),
                s.server,
                s.serverAddress,
                100,
                Seconds(1),
                1,
                upAt + spacing * i);
    }
    s.internetDevices.Get(0)->TraceConnectWithoutContext(
        "MacRx",
        MakeCallback(+[](uint32_t* c, Ptr<const Packet>) { ++*c; }).Bind(&rx[n]));
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    Simulator::Destroy();
    return rx;
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
        const std::vector<uint32_t> rx = OnePacketEachWay(s, Seconds(5));
        for (uint32_t i = 0; i < kMobiles; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(down.count[i], 1, "PacketDelivered: downlink to mobile " << i);
            NS_TEST_EXPECT_MSG_EQ(rx[i], 1, "msDevices.Get(" << i << ") received it");
            NS_TEST_EXPECT_MSG_EQ(up.count[i], 1, "PacketDelivered: uplink from mobile " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(rx[kMobiles], kMobiles, "the server received every uplink packet");
    }

    bool m_proxy; //!< with a proxy node
};

/// The Internet link's delay drawn per packet (SetInternetDelayVariation), with and without the
/// order kept.
class GprsInternetDelayVariationTestCase : public TestCase
{
  public:
    /// \param keepOrder whether packets keep their order
    explicit GprsInternetDelayVariationTestCase(bool keepOrder)
        : TestCase(keepOrder ? "Internet delay drawn per packet, order kept"
                             : "Internet delay drawn per packet, packets may overtake"),
          m_keepOrder(keepOrder)
    {
    }

  private:
    /// One packet on the link.
    struct Crossing
    {
        Time sent;    //!< transmission start at the server
        Time arrived; //!< reception end at the gateway
    };

    void DoRun() override
    {
        const Time mean = MilliSeconds(100);
        const Time stdev = MilliSeconds(20);
        GprsScenarioHelper helper;
        helper.SetInternetLink(DataRate("10Mbps"), mean, 0);
        helper.SetInternetDelayVariation(stdev, m_keepOrder);
        const GprsScenario s = helper.Install(1);
        NS_TEST_ASSERT_MSG_NE(s.internetDelay, nullptr, "the scenario gives the delay's stream");
        s.internetDelay->SetStream(7);
        std::map<uint64_t, Crossing> crossings;
        std::vector<uint64_t> order; // arrival order, by uid
        s.internetDevices.Get(0)->TraceConnectWithoutContext(
            "PhyTxBegin",
            MakeCallback(+[](std::map<uint64_t, Crossing>* c, Ptr<const Packet> p) {
                (*c)[p->GetUid()].sent = Simulator::Now();
            }).Bind(&crossings));
        s.internetDevices.Get(1)->TraceConnectWithoutContext(
            "PhyRxEnd",
            MakeCallback(+[](std::map<uint64_t, Crossing>* c,
                             std::vector<uint64_t>* o,
                             Ptr<const Packet> p) {
                (*c)[p->GetUid()].arrived = Simulator::Now();
                o->push_back(p->GetUid());
            }).Bind(&crossings, &order));
        // Widely spaced packets measure the distribution; a burst 1 ms apart (far less than the
        // spread) tells whether packets overtake.
        const uint32_t spaced = 2000;
        const uint32_t burst = 200;
        SendUdpDown(s, 0, 100, MilliSeconds(500), spaced, Seconds(1));
        SendUdpDown(s, 0, 100, MilliSeconds(1), burst, Seconds(1100));
        Simulator::Stop(Seconds(1200));
        Simulator::Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(order.size(), spaced + burst, "every packet crossed the link");
        double sum = 0;
        double sumSq = 0;
        Time least = Seconds(1);
        Time most = Seconds(0);
        uint32_t n = 0;
        for (const auto& [uid, c] : crossings)
        {
            // Minus the transmission of a 100-octet packet plus PPP header at 10 Mbit/s.
            const Time delay = c.arrived - c.sent - DataRate("10Mbps").CalculateBytesTxTime(102);
            least = std::min(least, delay);
            most = std::max(most, delay);
            if (c.sent < Seconds(1100))
            {
                sum += delay.GetSeconds();
                sumSq += delay.GetSeconds() * delay.GetSeconds();
                ++n;
            }
        }
        const double m = sum / n;
        const double sd = std::sqrt(sumSq / n - m * m);
        NS_TEST_EXPECT_MSG_EQ_TOL(m,
                                  mean.GetSeconds(),
                                  5 * stdev.GetSeconds() / std::sqrt(n),
                                  "mean delay of spaced packets");
        NS_TEST_EXPECT_MSG_EQ_TOL(sd, stdev.GetSeconds(), 0.1 * stdev.GetSeconds(), "spread");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(least, Seconds(0), "never negative");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(most, 2 * mean, "within twice the mean");
        uint32_t overtaken = 0;
        for (std::size_t i = 1; i < order.size(); ++i)
        {
            overtaken += crossings[order[i]].sent < crossings[order[i - 1]].sent ? 1 : 0;
        }
        if (m_keepOrder)
        {
            NS_TEST_EXPECT_MSG_EQ(overtaken, 0, "packets arrive in the order sent");
        }
        else
        {
            NS_TEST_EXPECT_MSG_GT(overtaken, burst / 4, "packets of the burst overtake");
        }
    }

    bool m_keepOrder; //!< FIFO
};

/// Several cells behind one GGSN: one PCU and network-side device per cell, each mobile in the
/// cell chosen (SetCells' i mod cells, Attach, or Install's explicit cells), the cells' subnets
/// of 10.1.0.0/16, the fields that name them, and one packet each way per mobile.
class GprsScenarioCellsTestCase : public TestCase
{
  public:
    /// Builds the scenario.
    using Build = std::function<GprsScenario(GprsScenarioHelper&)>;

    /**
     * \param name what the case builds
     * \param build builds it
     * \param mobileCell the cell each mobile must be in
     * \param subnet addresses of a cell's subnet
     */
    GprsScenarioCellsTestCase(const std::string& name,
                              Build build,
                              std::vector<uint32_t> mobileCell,
                              uint32_t subnet)
        : TestCase("GprsScenario with " + name),
          m_build(std::move(build)),
          m_mobileCell(std::move(mobileCell)),
          m_subnet(subnet)
    {
    }

    /**
     * SetCells alone: mobile i in cell i mod cells.
     * \param cells the cells
     * \param mobiles the mobiles
     * \param subnet addresses of a cell's subnet
     * \return the case
     */
    static GprsScenarioCellsTestCase* RoundRobin(uint32_t cells, uint32_t mobiles, uint32_t subnet)
    {
        std::vector<uint32_t> mobileCell(mobiles);
        for (uint32_t i = 0; i < mobiles; ++i)
        {
            mobileCell[i] = i % cells;
        }
        return new GprsScenarioCellsTestCase(
            std::to_string(cells) + " cells behind one GGSN",
            [cells, mobiles](GprsScenarioHelper& helper) {
                helper.SetCells(cells);
                return helper.Install(mobiles);
            },
            mobileCell,
            subnet);
    }

  private:
    void DoRun() override
    {
        GprsScenarioHelper helper;
        const GprsScenario s = m_build(helper);
        const auto mobiles = static_cast<uint32_t>(m_mobileCell.size());
        const uint32_t cells = *std::max_element(m_mobileCell.begin(), m_mobileCell.end()) + 1;
        NS_TEST_ASSERT_MSG_EQ(s.bssDevices.GetN(), cells, "one network-side device per cell");
        NS_TEST_ASSERT_MSG_EQ(s.pcus.size(), cells, "one PCU per cell");
        NS_TEST_ASSERT_MSG_EQ(s.ggsnCellAddresses.size(), cells, "one GGSN address per cell");
        NS_TEST_EXPECT_MSG_EQ(s.pcu, s.pcus[0], "pcu is the first cell's");
        NS_TEST_EXPECT_MSG_EQ(s.cellMask, Ipv4Mask(~(m_subnet - 1)), "cellMask: the subnets'");
        NS_TEST_EXPECT_MSG_EQ(s.mobileNetwork, Ipv4Address("10.1.0.0"), "as documented");
        NS_TEST_EXPECT_MSG_EQ(s.mobileMask, Ipv4Mask("255.255.0.0"), "as documented");
        for (uint32_t c = 0; c < cells; ++c)
        {
            const auto bss = DynamicCast<GprsBssNetDevice>(s.bssDevices.Get(c));
            NS_TEST_ASSERT_MSG_NE(bss, nullptr, "bssDevices holds GprsBssNetDevices");
            NS_TEST_EXPECT_MSG_EQ(bss->GetNode(), s.ggsn, "every cell on the GGSN");
            NS_TEST_EXPECT_MSG_EQ(bss->GetPcu(), s.pcus[c], "pcus[c] is cell c's");
            const Ipv4Address network(Ipv4Address("10.1.0.0").Get() + c * m_subnet);
            NS_TEST_EXPECT_MSG_EQ(AddressOf(s.ggsn, bss),
                                  Ipv4Address(network.Get() + 1),
                                  "cell " << c << "'s GGSN address");
            NS_TEST_EXPECT_MSG_EQ(s.ggsnCellAddresses[c], AddressOf(s.ggsn, bss), "field");
            NS_TEST_EXPECT_MSG_EQ(s.GetCellNetwork(c), network, "cell " << c << "'s subnet");
        }
        NS_TEST_ASSERT_MSG_EQ(s.msDevices.GetN(), mobiles, "one mobile device per mobile");
        std::vector<std::vector<uint32_t>> cellMobiles(cells);
        for (uint32_t i = 0; i < mobiles; ++i)
        {
            const uint32_t c = m_mobileCell[i];
            const auto k = static_cast<uint32_t>(cellMobiles[c].size()); // its index in the cell
            cellMobiles[c].push_back(i);
            NS_TEST_EXPECT_MSG_EQ(s.mobileCell[i], c, "mobile " << i << "'s cell");
            const auto ms = DynamicCast<GprsMsNetDevice>(s.msDevices.Get(i));
            NS_TEST_ASSERT_MSG_NE(ms, nullptr, "msDevices holds GprsMsNetDevices");
            NS_TEST_EXPECT_MSG_EQ(ms->GetNode(), s.mobiles.Get(i), "device i on mobile i");
            NS_TEST_EXPECT_MSG_EQ(
                ms->GetGprsChannel(),
                DynamicCast<GprsBssNetDevice>(s.bssDevices.Get(c))->GetGprsChannel(),
                "mobile " << i << " on its cell's channel");
            NS_TEST_EXPECT_MSG_EQ(ms->GetIndex(), k, "its index in its cell's PCU");
            NS_TEST_EXPECT_MSG_EQ(s.GetMobileAddress(i),
                                  Ipv4Address(Ipv4Address("10.1.0.2").Get() + c * m_subnet + k),
                                  "mobile " << i << "'s address in its cell's subnet");
        }
        for (uint32_t c = 0; c < cells; ++c)
        {
            NS_TEST_EXPECT_MSG_EQ((s.GetCellMobiles(c) == cellMobiles[c]),
                                  true,
                                  "GetCellMobiles(" << c << ")");
        }
        const std::vector<uint32_t> rx = OnePacketEachWay(s, Seconds(8));
        for (uint32_t i = 0; i < mobiles; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(rx[i], 1, "mobile " << i << " received its packet");
        }
        NS_TEST_EXPECT_MSG_EQ(rx[mobiles], mobiles, "the server received every uplink packet");
    }

    Build m_build;                      //!< builds the scenario
    std::vector<uint32_t> m_mobileCell; //!< the cell of each mobile
    uint32_t m_subnet;                  //!< addresses of a cell's subnet
};

/**
 * GprsProxyHelper::Install for a whole scenario of two cells and for one of its cells: a 20 kB
 * TCP download to a mobile of each cell passes the split proxy only where it was installed.
 */
class GprsScenarioProxyPerCellTestCase : public TestCase
{
  public:
    /// \param cell the cell given to Install, or none for Install(scenario)
    explicit GprsScenarioProxyPerCellTestCase(std::optional<uint32_t> cell)
        : TestCase(cell ? "GprsProxyHelper::Install(scenario, " + std::to_string(*cell) + ")"
                        : std::string("GprsProxyHelper::Install(scenario) with two cells")),
          m_cell(cell)
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kBytes = 20000;
        GprsScenarioHelper helper;
        helper.SetProxy(true);
        const GprsScenario s = helper.Install(std::vector<uint32_t>{1, 1});
        const GprsProxyHelper split("split");
        const Ptr<GprsProxy> proxy = m_cell ? split.Install(s, *m_cell) : split.Install(s);
        Ipv4AddressValue network;
        Ipv4MaskValue mask;
        proxy->GetAttribute("MobileNetwork", network);
        proxy->GetAttribute("MobileMask", mask);
        NS_TEST_EXPECT_MSG_EQ(network.Get(),
                              (m_cell ? s.GetCellNetwork(*m_cell) : s.mobileNetwork),
                              "MobileNetwork: the cell's subnet, or every cell's network");
        NS_TEST_EXPECT_MSG_EQ(mask.Get(), (m_cell ? s.cellMask : s.mobileMask), "MobileMask");
        const uint16_t port = 5000;
        const ApplicationContainer sinks =
            PacketSinkHelper("ns3::TcpSocketFactory",
                             InetSocketAddress(Ipv4Address::GetAny(), port))
                .Install(s.mobiles);
        for (uint32_t i = 0; i < 2; ++i)
        {
            BulkSendHelper bulk("ns3::TcpSocketFactory",
                                InetSocketAddress(s.GetMobileAddress(i), port));
            bulk.SetAttribute("MaxBytes", UintegerValue(kBytes));
            bulk.Install(s.server).Start(Seconds(1));
        }
        Simulator::Stop(Seconds(60));
        Simulator::Run();
        for (uint32_t i = 0; i < 2; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(DynamicCast<PacketSink>(sinks.Get(i))->GetTotalRx(),
                                  kBytes,
                                  "mobile " << i << "'s download");
        }
        NS_TEST_EXPECT_MSG_EQ(GprsProxyHelper::GetCounters(proxy).bytesRelayedToMobile,
                              (m_cell ? kBytes : 2 * kBytes),
                              "the proxy relayed the downloads of its cells only");
        Simulator::Destroy();
    }

    std::optional<uint32_t> m_cell; //!< Install's cell
};

/**
 * GprsScenarioHelper::AssignStreams: after it, the Internet link's losses and delays are the
 * same whatever random variables the program made before; without it they are not.
 */
class GprsScenarioStreamsTestCase : public TestCase
{
  public:
    GprsScenarioStreamsTestCase()
        : TestCase("GprsScenarioHelper::AssignStreams fixes the Internet link's draws")
    {
    }

  private:
    /// The draws of a scenario's Internet link: the receive loss of each end, then delays.
    using Draws = std::vector<double>;

    /**
     * \param before random variables made (and drawn from) before the scenario
     * \param assign call AssignStreams
     * \return the first draws of the link's loss models and delay
     */
    static Draws Draw(uint32_t before, bool assign)
    {
        for (uint32_t i = 0; i < before; ++i)
        {
            CreateObject<UniformRandomVariable>()->GetValue();
        }
        GprsScenarioHelper helper;
        helper.SetInternetLink(DataRate("10Mbps"), MilliSeconds(50), 0.5);
        helper.SetInternetDelayVariation(MilliSeconds(10), true);
        const GprsScenario s = helper.Install(1);
        if (assign)
        {
            const int64_t used = GprsScenarioHelper::AssignStreams(s, 7);
            // Each cell's streams, then one per loss model and one for the delay.
            const int64_t cell = GprsHelper().AssignStreams(s.bssDevices, 7);
            NS_ABORT_MSG_UNLESS(used == cell + 3, "streams used: " << used);
        }
        Draws draws;
        for (uint32_t i = 0; i < s.internetDevices.GetN(); ++i)
        {
            PointerValue model;
            s.internetDevices.Get(i)->GetAttribute("ReceiveErrorModel", model);
            for (uint32_t k = 0; k < 32; ++k)
            {
                draws.push_back(model.Get<ErrorModel>()->IsCorrupt(Create<Packet>(100)));
            }
        }
        for (uint32_t k = 0; k < 8; ++k)
        {
            draws.push_back(s.internetDelay->GetValue());
        }
        Simulator::Destroy();
        return draws;
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        const Draws first = Draw(0, true);
        NS_TEST_EXPECT_MSG_EQ((Draw(5, true) == first),
                              true,
                              "assigned: the same after 5 other variables");
        NS_TEST_EXPECT_MSG_EQ((Draw(0, false) == Draw(5, false)),
                              false,
                              "unassigned: 5 other variables change the draws");
    }
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
        AddMade([]() { return new GprsInternetDelayVariationTestCase(true); });
        AddMade([]() { return new GprsInternetDelayVariationTestCase(false); });
        // Three cells (2, 2 and 1 mobiles) take four /18 subnets: 10.1.0.0, 10.1.64.0, ...
        AddMade([]() { return GprsScenarioCellsTestCase::RoundRobin(3, 5, 64 * 256); });
        // The most cells, /26 subnets: the last cell's GGSN is 10.1.255.193.
        AddMade([]() { return GprsScenarioCellsTestCase::RoundRobin(1024, 1024, 64); });
        // Attach: mobiles 0 and 3 in cell 1, the others by i mod 2 (cell 1 gets 0, 1, 3).
        AddMade([]() {
            return new GprsScenarioCellsTestCase(
                "mobiles attached to chosen cells",
                [](GprsScenarioHelper& helper) {
                    helper.SetCells(2);
                    helper.Attach(0, 1);
                    helper.Attach(3, 1);
                    return helper.Install(5);
                },
                {1, 1, 0, 1, 0},
                128 * 256);
        });
        // Explicit cells of 3, 0 and 2 mobiles, numbered cell by cell.
        AddMade([]() {
            return new GprsScenarioCellsTestCase(
                "explicit cells of 3, 0 and 2 mobiles",
                [](GprsScenarioHelper& helper) {
                    return helper.Install(std::vector<uint32_t>{3, 0, 2});
                },
                {0, 0, 0, 2, 2},
                64 * 256);
        });
        AddMade([]() { return new GprsScenarioProxyPerCellTestCase(std::nullopt); });
        AddMade([]() { return new GprsScenarioProxyPerCellTestCase(1); });
        Add<GprsScenarioStreamsTestCase>();
    }
};

GprsScenarioTestSuite g_gprsScenarioTestSuite; //!< registers the suite

} // namespace
