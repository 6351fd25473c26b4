/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Scenario test of the PCU's timeslot allocation (GprsAllocateTimeslots): mobiles of a cell get
// different uplink timeslots, so uploads that run at once use several uplink PDCHs. The expected
// goodput is derived from the protocol tables (block rate, RLC data octets of the coding scheme,
// LLC/SNDCP framing), never copied from a previous run.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <map>
#include <set>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("GprsTimeslotTestSuite");

namespace
{

/**
 * Three class 8 mobiles (4+1) in a cell of 4 PDCHs each saturate their uplink with UDP. With
 * one uplink timeslot each, they can use three uplink PDCHs and together carry three times what
 * one PDCH carries; piled onto one shared uplink timeslot they would carry one PDCH's worth.
 */
class GprsTimeslotUplinkSpreadTestCase : public TestCase
{
  public:
    GprsTimeslotUplinkSpreadTestCase()
        : TestCase("three class 8 mobiles on 4 PDCHs, saturating uplink UDP: three uplink "
                   "PDCHs, aggregate goodput 3 x one PDCH")
    {
    }

  private:
    static constexpr uint32_t kMobiles = 3;                        //!< mobiles, all uploading
    static constexpr uint32_t kPdchs = 4;                          //!< PDCHs of the cell
    static constexpr uint32_t kIpOctets = 500;                     //!< IP size of the UDP packets
    static constexpr GprsCodingScheme kCs = GprsCodingScheme::CS2; //!< uplink coding scheme
    static constexpr std::size_t kSkip = 3; //!< deliveries before each mobile's window opens

    /// Uplink deliveries of one mobile: times and IP octets.
    struct Deliveries
    {
        std::vector<Time> at;         //!< delivery times
        std::vector<uint32_t> octets; //!< IP octets
    };

    std::map<uint32_t, std::set<uint8_t>> m_uplinkPdchs; //!< uplink PDCHs of each mobile's data
    std::map<uint32_t, Deliveries> m_delivered;          //!< uplink deliveries per mobile

    /// RlcBlock sink: the uplink PDCHs each mobile sends data on.
    void OnBlock(const GprsRlcBlockRecord& r)
    {
        if (r.dir == GprsDirection::UPLINK)
        {
            m_uplinkPdchs[r.ms].insert(r.pdch);
        }
    }

    /// PacketDelivered sink: uplink IP packets reaching the network side.
    void OnDelivered(uint32_t ms, GprsDirection dir, Ptr<const Packet> packet, Time)
    {
        if (dir == GprsDirection::UPLINK)
        {
            m_delivered[ms].at.push_back(Simulator::Now());
            m_delivered[ms].octets.push_back(packet->GetSize());
        }
    }

    /**
     * \param d one mobile's deliveries
     * \return IP octets per second from delivery kSkip to the last one (timing from delivery
     * to delivery cancels the TBF set-up and the granularity of whole packets)
     */
    static double Goodput(const Deliveries& d)
    {
        if (d.at.size() <= kSkip + 1)
        {
            return 0;
        }
        double octets = 0;
        for (std::size_t i = kSkip + 1; i < d.octets.size(); ++i)
        {
            octets += d.octets[i];
        }
        return octets / (d.at.back() - d.at[kSkip]).GetSeconds();
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        GprsScenarioHelper helper;
        helper.SetInternetLink(DataRate("10Mbps"), MilliSeconds(10), 0);
        GprsHelper& cell = helper.Cell();
        cell.SetPcuAttribute("NumberOfPdchs", UintegerValue(kPdchs));
        cell.SetPcuAttribute("UplinkLinkAdaptation",
                             StringValue("ns3::GprsFixedLinkAdaptation[CodingScheme=" +
                                         std::string(ToString(kCs)) + "]"));
        cell.SetPcuAttribute("BlerFile",
                             StringValue(gprs_test::DataFile("cell-bler-zero.txt"))); // none lost
        cell.SetMsDeviceAttribute("MultislotClass", UintegerValue(8));
        const GprsScenario s = helper.Install(kMobiles);
        cell.AssignStreams(s.bssDevices, 1000);
        s.pcu->TraceConnectWithoutContext(
            "RlcBlock",
            MakeCallback(&GprsTimeslotUplinkSpreadTestCase::OnBlock, this));
        s.pcu->TraceConnectWithoutContext(
            "PacketDelivered",
            MakeCallback(&GprsTimeslotUplinkSpreadTestCase::OnDelivered, this));

        // 50 kB/s per mobile: far more than one PDCH of CS-2 carries (50 blocks/s x 30 octets).
        constexpr uint16_t port = 9;
        UdpServerHelper(port).Install(s.server);
        UdpClientHelper client(s.serverAddress, port);
        client.SetAttribute("PacketSize", UintegerValue(kIpOctets - 28)); // IPv4 20 + UDP 8
        client.SetAttribute("Interval", TimeValue(MilliSeconds(10)));
        client.SetAttribute("MaxPackets", UintegerValue(1000000));
        client.Install(s.mobiles).Start(Seconds(0.5));
        Simulator::Stop(Seconds(20));
        Simulator::Run();

        // One saturated uplink PDCH: 50 blocks/s of RLC data, of which a packet takes its LLC
        // frames (SNDCP and LLC headers) plus one Length Indicator octet per frame.
        auto attribute = [&s](const std::string& name) {
            UintegerValue v;
            s.pcu->GetAttribute(name, v);
            return static_cast<uint32_t>(v.Get());
        };
        const GprsLlcFraming framing(attribute("N201U"),
                                     attribute("LlcOverhead"),
                                     attribute("SndcpFirstHeader"),
                                     attribute("SndcpNextHeader"));
        const double onePdch = GprsBlockTiming::kBlocksPerSecond * GprsRlcDataOctets(kCs) *
                               kIpOctets /
                               (framing.TotalOctets(kIpOctets) + framing.FrameCount(kIpOctets));

        std::set<uint8_t> pdchs;
        double aggregate = 0;
        for (uint32_t ms = 0; ms < kMobiles; ++ms)
        {
            const double goodput = Goodput(m_delivered[ms]);
            NS_LOG_INFO("MS " << ms << ": uplink PDCHs " << m_uplinkPdchs[ms].size() << ", goodput "
                              << goodput << " B/s");
            // Class 8 sends on one uplink timeslot per TDMA frame.
            NS_TEST_EXPECT_MSG_EQ(m_uplinkPdchs[ms].size(), 1, "MS " << ms);
            pdchs.insert(m_uplinkPdchs[ms].begin(), m_uplinkPdchs[ms].end());
            aggregate += goodput;
        }
        NS_LOG_INFO("uplink PDCHs used " << pdchs.size() << ", aggregate " << aggregate
                                         << " B/s, one PDCH " << onePdch << " B/s");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(pdchs.size(), 3, "uplink data piles up on fewer PDCHs");
        // Sharing one uplink PDCH they would carry onePdch, within the 2 % this measurement
        // allows.
        NS_TEST_EXPECT_MSG_GT(aggregate, 1.02 * onePdch, "no more than one shared PDCH carries");
        NS_TEST_EXPECT_MSG_EQ_TOL(aggregate,
                                  kMobiles * onePdch,
                                  0.02 * kMobiles * onePdch,
                                  "each mobile saturates its own uplink PDCH");
        Simulator::Destroy();
    }
};

/// The timeslot allocation's scenario tests.
class GprsTimeslotTestSuite : public GprsTestSuite
{
  public:
    GprsTimeslotTestSuite()
        : GprsTestSuite("gprs-timeslot")
    {
        Add<GprsTimeslotUplinkSpreadTestCase>();
    }
};

GprsTimeslotTestSuite g_timeslot; //!< suite

} // namespace
