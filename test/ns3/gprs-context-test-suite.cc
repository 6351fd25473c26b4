/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Every packet a device hands to a node must arrive in that node's simulation context: ns-3
// builds with asserts abort in Node::ReceiveFromDevice otherwise ("Received packet with
// erroneous context"), and log prefixes and context-based traces name the wrong node. Debian's
// ns-3 libraries have no asserts, so this suite checks the context of every delivery itself.

#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <map>
#include <sstream>

using namespace ns3;

namespace
{

/**
 * Watches every packet the devices of some nodes hand up, through a promiscuous protocol
 * handler (Node::ReceiveFromDevice calls it for every device and protocol), and the PCU's
 * radio blocks.
 */
class ContextChecker
{
  public:
    /**
     * \param node a node whose deliveries to check
     */
    void Watch(Ptr<Node> node)
    {
        node->RegisterProtocolHandler(MakeCallback(&ContextChecker::OnReceive, this),
                                      0,
                                      nullptr,
                                      true);
    }

    /**
     * \param pcu the cell's PCU, whose block clock must run in the context of bss
     * \param bss node of the network-side device
     */
    void WatchPcu(Ptr<GprsPcu> pcu, Ptr<Node> bss)
    {
        m_bss = bss->GetId();
        pcu->TraceConnectWithoutContext("RlcBlock", MakeCallback(&ContextChecker::OnBlock, this));
    }

    /**
     * \param node a node id
     * \return packets the node's GPRS device handed up
     */
    uint32_t CellDeliveries(uint32_t node) const
    {
        const auto it = m_cellDeliveries.find(node);
        return it == m_cellDeliveries.end() ? 0 : it->second;
    }

    uint32_t deliveries{0};         //!< packets handed up, all devices
    uint32_t blocks{0};             //!< RLC data blocks seen
    uint32_t wrongDeliveries{0};    //!< deliveries in another node's context
    uint32_t wrongBlocks{0};        //!< blocks sent outside the BSS node's context
    std::string firstWrongDelivery; //!< the first delivery in a wrong context, described
    std::string firstWrongBlock;    //!< the first block in a wrong context, described

  private:
    /**
     * Promiscuous protocol handler: see Node::ProtocolHandler.
     * \param device receiving device
     * \param packet the packet
     */
    void OnReceive(Ptr<NetDevice> device,
                   Ptr<const Packet> packet,
                   uint16_t,
                   const Address&,
                   const Address&,
                   NetDevice::PacketType)
    {
        ++deliveries;
        const uint32_t node = device->GetNode()->GetId();
        if (DynamicCast<GprsNetDevice>(device))
        {
            ++m_cellDeliveries[node];
        }
        if (Simulator::GetContext() != node)
        {
            Wrong(wrongDeliveries,
                  firstWrongDelivery,
                  "node " + std::to_string(node) + " received a packet of " +
                      std::to_string(packet->GetSize()) + " octets from its " +
                      device->GetInstanceTypeId().GetName());
        }
    }

    /// RlcBlock sink: the PCU's block clock runs at the BSS.
    void OnBlock(const GprsRlcBlockRecord&)
    {
        ++blocks;
        if (Simulator::GetContext() != m_bss)
        {
            Wrong(wrongBlocks,
                  firstWrongBlock,
                  "the PCU of node " + std::to_string(m_bss) + " sent a block");
        }
    }

    /**
     * Count a wrong context and describe the first.
     * \param counter the counter to increment
     * \param first the description of the first one
     * \param what what happened
     */
    void Wrong(uint32_t& counter, std::string& first, const std::string& what)
    {
        if (counter++ == 0)
        {
            std::ostringstream os;
            os << what << " at " << Simulator::Now().As(Time::S) << " in the context of node "
               << Simulator::GetContext();
            first = os.str();
        }
    }

    uint32_t m_bss{Simulator::NO_CONTEXT};         //!< node of the network-side device
    std::map<uint32_t, uint32_t> m_cellDeliveries; //!< node -> packets its GPRS device handed up
};

/**
 * A TCP transfer: BulkSend on one node, PacketSink on the other.
 * \param from sender
 * \param to receiver
 * \param toAddress the receiver's address
 * \param port TCP port
 * \param bytes bytes to send
 * \param start start time
 * \return the sink
 */
Ptr<PacketSink>
SendTcp(Ptr<Node> from,
        Ptr<Node> to,
        Ipv4Address toAddress,
        uint16_t port,
        uint32_t bytes,
        Time start)
{
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinkApp = sink.Install(to);
    sinkApp.Start(Seconds(0));
    BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(toAddress, port));
    source.SetAttribute("MaxBytes", UintegerValue(bytes));
    source.Install(from).Start(start);
    return DynamicCast<PacketSink>(sinkApp.Get(0));
}

/**
 * UDP packets: UdpClient on one node, UdpServer on the other.
 * \param from sender
 * \param to receiver
 * \param toAddress the receiver's address
 * \param port UDP port
 * \param count packets to send (200 octets, every 100 ms)
 * \param start first packet
 * \return the server
 */
Ptr<UdpServer>
SendUdp(Ptr<Node> from,
        Ptr<Node> to,
        Ipv4Address toAddress,
        uint16_t port,
        uint32_t count,
        Time start)
{
    UdpServerHelper server(port);
    ApplicationContainer serverApp = server.Install(to);
    serverApp.Start(Seconds(0));
    UdpClientHelper client(toAddress, port);
    client.SetAttribute("PacketSize", UintegerValue(200));
    client.SetAttribute("Interval", TimeValue(MilliSeconds(100)));
    client.SetAttribute("MaxPackets", UintegerValue(count));
    client.Install(from).Start(start);
    return DynamicCast<UdpServer>(serverApp.Get(0));
}

/**
 * Four mobiles with TCP and UDP in both directions: every delivery runs in the context of the
 * receiving node, and the PCU sends its blocks in the context of the network-side node.
 */
class GprsContextTestCase : public TestCase
{
  public:
    GprsContextTestCase()
        : TestCase("TCP and UDP both ways, four mobiles: every packet reaches its node in that "
                   "node's context")
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kMobiles = 4;
        constexpr uint32_t kTcpBytes = 20000;
        constexpr uint32_t kUdpPackets = 20;
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        GprsScenarioHelper helper;
        helper.SetInternetLink(DataRate("10Mbps"), MilliSeconds(10), 0);
        const GprsScenario s = helper.Install(kMobiles);
        helper.Cell().AssignStreams(s.bssDevices, 1000);

        ContextChecker checker;
        for (const Ptr<Node>& node : {s.server, s.ggsn})
        {
            checker.Watch(node);
        }
        for (uint32_t m = 0; m < kMobiles; ++m)
        {
            checker.Watch(s.mobiles.Get(m));
        }
        checker.WatchPcu(s.pcu, s.ggsn);

        // Mobile 3 speaks first, so the cell's first TBF is an uplink one; the others start
        // while TBFs of both directions run.
        const Ptr<UdpServer> up3 =
            SendUdp(s.mobiles.Get(3), s.server, s.serverAddress, 9003, kUdpPackets, Seconds(0.2));
        const Ptr<PacketSink> down0 =
            SendTcp(s.server, s.mobiles.Get(0), s.GetMobileAddress(0), 8000, kTcpBytes, Seconds(1));
        const Ptr<PacketSink> up1 =
            SendTcp(s.mobiles.Get(1), s.server, s.serverAddress, 8001, kTcpBytes, Seconds(1.5));
        const Ptr<UdpServer> down2 = SendUdp(s.server,
                                             s.mobiles.Get(2),
                                             s.GetMobileAddress(2),
                                             9002,
                                             kUdpPackets,
                                             Seconds(0.5));
        const Ptr<UdpServer> up2 =
            SendUdp(s.mobiles.Get(2), s.server, s.serverAddress, 9012, kUdpPackets, Seconds(2));
        Simulator::Stop(Seconds(120));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(down0->GetTotalRx(), kTcpBytes, "TCP download to mobile 0");
        NS_TEST_EXPECT_MSG_EQ(up1->GetTotalRx(), kTcpBytes, "TCP upload from mobile 1");
        NS_TEST_EXPECT_MSG_EQ(down2->GetReceived(), kUdpPackets, "UDP to mobile 2");
        NS_TEST_EXPECT_MSG_EQ(up2->GetReceived(), kUdpPackets, "UDP from mobile 2");
        NS_TEST_EXPECT_MSG_EQ(up3->GetReceived(), kUdpPackets, "UDP from mobile 3");
        for (uint32_t m = 0; m < 3; ++m) // mobile 3 only sends
        {
            NS_TEST_EXPECT_MSG_GT(checker.CellDeliveries(s.mobiles.Get(m)->GetId()),
                                  0,
                                  "mobile " << m << " received nothing over the cell");
        }
        NS_TEST_EXPECT_MSG_GT(checker.CellDeliveries(s.ggsn->GetId()),
                              0,
                              "the GGSN received nothing over the cell");
        NS_TEST_EXPECT_MSG_GT(checker.blocks, 0, "no RLC block sent");
        NS_TEST_EXPECT_MSG_EQ(checker.wrongDeliveries,
                              0,
                              "of " << checker.deliveries
                                    << " deliveries, some in a wrong context; first: "
                                    << checker.firstWrongDelivery);
        NS_TEST_EXPECT_MSG_EQ(checker.wrongBlocks,
                              0,
                              "of " << checker.blocks << " RLC blocks, some in a wrong context; "
                                    << "first: " << checker.firstWrongBlock);
        Simulator::Destroy();
    }
};

/// The context suite.
class GprsContextTestSuite : public GprsTestSuite
{
  public:
    GprsContextTestSuite()
        : GprsTestSuite("gprs-context")
    {
        Add<GprsContextTestCase>();
    }
};

GprsContextTestSuite g_context; //!< registers the suite

} // namespace
