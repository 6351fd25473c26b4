/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The statistical radio link (doc/gprs.rst, "Statistical radio link") in a GprsScenario: with
// Reorder packets overtake each other at the rate their delays imply, without it never; every
// packet a device accepts is delivered or dropped with its reason.

#include "gprs-test-suite.h"

#include "ns3/boolean.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <map>

using namespace ns3;

namespace
{

constexpr uint16_t kPort = 9;           //!< the mobiles' UDP sink
constexpr uint32_t kUdpPayload = 442;   //!< 470-octet IP packets: 480 LLC octets, 80 ms
const Time kSpacing = MilliSeconds(10); //!< sends faster than the link: back-to-back

/**
 * A scenario of \p mobiles mobiles on the statistical radio, without Internet loss or delay
 * variation, a UDP sink on each mobile, streams fixed.
 * \param helper the helper, its statistical radio configured
 * \param mobiles number of mobiles
 * \return the scenario
 */
GprsScenario
Build(GprsScenarioHelper& helper, uint32_t mobiles)
{
    helper.SetStatisticalRadio(true);
    helper.SetInternetLink(DataRate("10Mbps"), MilliSeconds(10), 0);
    const GprsScenario s = helper.Install(mobiles);
    GprsScenarioHelper::AssignStreams(s, 1);
    for (uint32_t i = 0; i < mobiles; ++i)
    {
        const Ptr<Socket> sink =
            Socket::CreateSocket(s.mobiles.Get(i), UdpSocketFactory::GetTypeId());
        sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), kPort));
    }
    return s;
}

/**
 * Send \p count UDP packets from \p from to \p to, one every kSpacing from \p start.
 * \param from the sending node
 * \param to the destination address
 * \param count packets
 * \param start the first send
 */
void
SendUdp(Ptr<Node> from, Ipv4Address to, uint32_t count, Time start)
{
    const Ptr<Socket> socket = Socket::CreateSocket(from, UdpSocketFactory::GetTypeId());
    socket->Bind();
    for (uint32_t k = 0; k < count; ++k)
    {
        Simulator::Schedule(start + kSpacing * k, [socket, to]() {
            socket->SendTo(Create<Packet>(kUdpPayload), 0, InetSocketAddress(to, kPort));
        });
    }
}

/// Downlink packets of one mobile: how many arrived after a packet sent later than them.
class GprsStatisticalReorderTestCase : public TestCase
{
  public:
    /**
     * \param reorder the channel's Reorder
     */
    explicit GprsStatisticalReorderTestCase(bool reorder)
        : TestCase(reorder ? "statistical radio: packets overtake at the delays' rate"
                           : "statistical radio without Reorder: no packet overtakes"),
          m_reorder(reorder)
    {
    }

  private:
    void DoRun() override
    {
        GprsScenarioHelper helper;
        helper.StatisticalRadio().SetChannelAttribute("Reorder", BooleanValue(m_reorder));
        helper.StatisticalRadio().SetChannelAttribute("PacketErrorRate", DoubleValue(0));
        helper.StatisticalRadio().SetDeviceAttribute("QueueBytes", UintegerValue(2000000));
        const GprsScenario s = Build(helper, 1);
        const uint32_t count = 3000;
        std::map<uint64_t, uint32_t> sentIndex; // packet uid -> order of its transmission
        s.bssDevices.Get(0)->TraceConnectWithoutContext(
            "Tx",
            MakeCallback(+[](std::map<uint64_t, uint32_t>* sent, Ptr<const Packet> p, uint32_t n) {
                sent->emplace(p->GetUid(), static_cast<uint32_t>(sent->size()));
            }).Bind(&sentIndex));
        uint32_t received = 0;
        uint32_t overtaken = 0;
        int64_t latest = -1;
        const std::function<void(Ptr<const Packet>)> onRx = [&](Ptr<const Packet> p) {
            const auto index = static_cast<int64_t>(sentIndex.at(p->GetUid()));
            ++received;
            overtaken += index < latest ? 1 : 0;
            latest = std::max(latest, index);
        };
        s.msDevices.Get(0)->TraceConnectWithoutContext("Rx",
                                                       Callback<void, Ptr<const Packet>>(onRx));
        SendUdp(s.server, s.GetMobileAddress(0), count, Seconds(1));
        Simulator::Stop(Seconds(1) + kSpacing * count + Seconds(300));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(received, count, "every packet arrives (no loss, no overflow)");
        if (!m_reorder)
        {
            NS_TEST_ASSERT_MSG_EQ(overtaken, 0U, "no packet overtakes without Reorder");
            return;
        }
        // Back to back, 80 ms apart, delays uniform 100-200 ms: a packet arrives after the next
        // with P(D1 - D2 > 80 ms) = 0.2^2 / 2 = 2 % (the one after that: 0.08 %).
        const double share = static_cast<double>(overtaken) / count;
        const double expected = 0.02 + 0.0008;
        const double sigma = std::sqrt(expected * (1 - expected) / count);
        NS_TEST_ASSERT_MSG_EQ_TOL(share, expected, 4 * sigma, "overtaken share " << share);
    }

    bool m_reorder; //!< the channel's Reorder
};

/// Every packet a device accepted is delivered or dropped, with every drop reason exercised.
class GprsStatisticalConservationTestCase : public TestCase
{
  public:
    GprsStatisticalConservationTestCase()
        : TestCase("statistical radio: every packet delivered or in the Drop trace")
    {
    }

  private:
    /// What the devices' traces counted.
    struct Ledger
    {
        uint64_t accepted{0};                         //!< MacTx, all devices
        uint64_t delivered{0};                        //!< Rx, all devices
        uint64_t retransmissions{0};                  //!< Tx after the first
        std::map<GprsStatisticalDrop, uint64_t> drop; //!< Drop, by reason
    };

    void DoRun() override
    {
        GprsScenarioHelper helper;
        helper.StatisticalRadio().SetChannelAttribute("PacketErrorRate", DoubleValue(0.1));
        helper.StatisticalRadio().SetDeviceAttribute("QueueBytes", UintegerValue(5000));
        const uint32_t mobiles = 3;
        const GprsScenario s = Build(helper, mobiles);
        s.msDevices.Get(1)->SetAttribute("MaxRetransmissions", UintegerValue(2));
        Ledger ledger;
        NetDeviceContainer all(s.bssDevices, s.msDevices);
        for (auto it = all.Begin(); it != all.End(); ++it)
        {
            (*it)->TraceConnectWithoutContext(
                "MacTx",
                MakeCallback(+[](Ledger* l, Ptr<const Packet>) { ++l->accepted; }).Bind(&ledger));
            (*it)->TraceConnectWithoutContext("Rx", MakeCallback(+[](Ledger* l, Ptr<const Packet>) {
                                                        ++l->delivered;
                                                    }).Bind(&ledger));
            (*it)->TraceConnectWithoutContext(
                "Tx",
                MakeCallback(+[](Ledger* l, Ptr<const Packet>, uint32_t n) {
                    l->retransmissions += n > 1 ? 1 : 0;
                }).Bind(&ledger));
            (*it)->TraceConnectWithoutContext(
                "Drop",
                MakeCallback(+[](Ledger* l, Ptr<const Packet>, GprsStatisticalDrop why) {
                    ++l->drop[why];
                }).Bind(&ledger));
        }
        for (uint32_t i = 0; i < mobiles; ++i)
        {
            SendUdp(s.server, s.GetMobileAddress(i), 200, Seconds(1));
            SendUdp(s.mobiles.Get(i), s.serverAddress, 100, Seconds(2));
        }
        // An address of the cell's network that no mobile has.
        SendUdp(s.server, Ipv4Address("10.1.0.200"), 3, Seconds(1));
        Simulator::Stop(Seconds(600));
        Simulator::Run();
        Simulator::Destroy();

        uint64_t dropped = 0;
        for (const auto& [why, n] : ledger.drop)
        {
            dropped += n;
        }
        NS_TEST_ASSERT_MSG_EQ(ledger.accepted,
                              ledger.delivered + dropped,
                              "accepted = delivered + dropped");
        NS_TEST_ASSERT_MSG_GT(ledger.drop[GprsStatisticalDrop::QUEUE_FULL], 0U, "queue drops");
        NS_TEST_ASSERT_MSG_EQ(ledger.drop[GprsStatisticalDrop::NO_MOBILE], 3U, "no mobile");
        NS_TEST_ASSERT_MSG_GT(ledger.drop[GprsStatisticalDrop::RADIO], 0U, "radio drops");
        NS_TEST_ASSERT_MSG_GT(ledger.retransmissions, 0U, "mobile 1's link retransmits");
        NS_TEST_ASSERT_MSG_GT(ledger.delivered, 0U, "packets delivered");
    }
};

/// The statistical radio's suite.
class GprsStatisticalTestSuite : public GprsTestSuite
{
  public:
    GprsStatisticalTestSuite()
        : GprsTestSuite("gprs-statistical")
    {
        AddMade([]() { return new GprsStatisticalReorderTestCase(true); });
        AddMade([]() { return new GprsStatisticalReorderTestCase(false); });
        Add<GprsStatisticalConservationTestCase>();
    }
};

GprsStatisticalTestSuite g_gprsStatisticalTestSuite; //!< registers the suite

} // namespace
