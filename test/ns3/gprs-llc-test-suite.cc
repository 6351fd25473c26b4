/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Scenario tests of LLC acknowledged mode (ABM) in a whole GPRS cell: what RLC loses, LLC
// recovers, at the price of uplink TBFs for its acknowledgements; N200 bounds the copies of a
// frame and what it gives up is counted as lost; every packet is delivered or dropped exactly
// once; the mode can be set per mobile. Expected figures follow from the protocol (N200, the
// BLER curves, what each mode does with a lost frame), never from a previous run.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <map>
#include <set>
#include <tuple>

using namespace ns3;
using namespace ns3::gprs_test;

NS_LOG_COMPONENT_DEFINE("GprsLlcTestSuite");

namespace
{

/// What the PCU's LLC acknowledged-mode trace sources report during one run.
struct LlcRecorder
{
    /// Copies of each I frame sent: (mobile, direction, PDU identifier) -> copies.
    std::map<std::tuple<uint32_t, uint32_t, uint64_t>, uint32_t> iCopies;
    uint32_t sFrames[2]{};         //!< [GprsDirIndex] S frames
    uint32_t sabms[2]{};           //!< [GprsDirIndex] SABM frames (re-establishments)
    uint32_t retransmissions[2]{}; //!< [GprsDirIndex] LlcRetransmission count
    std::set<uint32_t> mobiles;    //!< mobiles whose LLC sent ABM frames

    /**
     * Connect to the PCU's trace sources.
     * \param pcu the PCU
     */
    void Connect(Ptr<GprsPcu> pcu)
    {
        pcu->TraceConnectWithoutContext("LlcAbmFrame", MakeCallback(&LlcRecorder::OnFrame, this));
        pcu->TraceConnectWithoutContext("LlcRetransmission",
                                        MakeCallback(&LlcRecorder::OnRetransmission, this));
    }

    /// LlcAbmFrame sink.
    void OnFrame(uint32_t ms, GprsDirection dir, const GprsLlcAbmFrame& frame)
    {
        mobiles.insert(ms);
        switch (frame.type)
        {
        case GprsLlcAbmFrameType::I:
            ++iCopies[{ms, GprsDirIndex(dir), frame.sduId}];
            break;
        case GprsLlcAbmFrameType::S:
            ++sFrames[GprsDirIndex(dir)];
            break;
        case GprsLlcAbmFrameType::SABM:
            ++sabms[GprsDirIndex(dir)];
            break;
        case GprsLlcAbmFrameType::UA:
            break;
        }
    }

    /// LlcRetransmission sink.
    void OnRetransmission(uint32_t, GprsDirection dir, uint32_t)
    {
        ++retransmissions[GprsDirIndex(dir)];
    }

    /**
     * \param dir a direction
     * \return I frames sent in that direction, retransmissions included
     */
    uint32_t IFrames(GprsDirection dir) const
    {
        uint32_t n = 0;
        for (const auto& [key, copies] : iCopies)
        {
            n += std::get<1>(key) == GprsDirIndex(dir) ? copies : 0;
        }
        return n;
    }

    /// \return the most copies of one I frame
    uint32_t MostCopies() const
    {
        uint32_t most = 0;
        for (const auto& [key, copies] : iCopies)
        {
            most = std::max(most, copies);
        }
        return most;
    }
};

/// Outcome of a downlink UDP flow to each mobile of a cell.
struct UdpRun
{
    std::vector<uint64_t> received;   //!< [mobile] packets at the UDP server
    uint64_t bssDrops{0};             //!< packets the network-side device reported lost
    std::vector<uint32_t> framesLost; //!< [mobile] LlcFrameLost, downlink
    uint32_t uplinkTbfs{0};           //!< uplink TBFs established
    uint32_t abnormalReleases{0};     //!< TBFs released abnormally
};

/**
 * Send packets of ipOctets every interval from 1 s to every mobile and run until stop.
 * \param setup the cell
 * \param packets packets per mobile
 * \param ipOctets IP packet size
 * \param interval time between packets
 * \param stop simulation end
 * \param llc the LLC recorder, connected here
 * \param before called with the scenario before the simulation runs
 * \return what arrived
 */
UdpRun
RunUdpDown(const CellSetup& setup,
           uint32_t packets,
           uint32_t ipOctets,
           Time interval,
           Time stop,
           LlcRecorder& llc,
           const std::function<void(const GprsScenario&)>& before = {})
{
    CellRecorder rec;
    const GprsScenario s = setup.Build(rec);
    llc.Connect(s.pcu);
    UdpRun r;
    r.framesLost.resize(setup.mobiles);
    s.pcu->TraceConnectWithoutContext(
        "LlcFrameLost",
        MakeCallback(+[](std::vector<uint32_t>* lost, uint32_t ms, GprsDirection dir, uint32_t) {
            (*lost)[ms] += dir == GprsDirection::DOWNLINK ? 1 : 0;
        }).Bind(&r.framesLost));
    s.bssDevices.Get(0)->TraceConnectWithoutContext(
        "MacTxDrop",
        MakeCallback(+[](uint64_t* n, Ptr<const Packet>) { ++*n; }).Bind(&r.bssDrops));
    std::vector<Ptr<UdpServer>> servers;
    for (uint32_t ms = 0; ms < setup.mobiles; ++ms)
    {
        SendUdpDown(s, ms, ipOctets, interval, packets, Seconds(1));
        const Ptr<Node> node = s.mobiles.Get(ms);
        servers.push_back(
            DynamicCast<UdpServer>(node->GetApplication(node->GetNApplications() - 1)));
    }
    if (before)
    {
        before(s);
    }
    Simulator::Stop(stop);
    Simulator::Run();
    for (const auto& server : servers)
    {
        r.received.push_back(server->GetReceived());
    }
    r.uplinkTbfs =
        static_cast<uint32_t>(rec.EstablishedIn(GprsDirection::UPLINK, Seconds(0), stop).size());
    r.abnormalReleases = static_cast<uint32_t>(rec.AbnormalReleases());
    Simulator::Destroy();
    return r;
}

/// Downlink UDP packets of the RLC unacknowledged-mode tests.
constexpr uint32_t kPackets = 300;
/// Their IP size: 100 + 3 SNDCP + 7 LLC octets fit 4 CS-2 blocks, so that an I frame is lost
/// with probability 1 - (1 - BLER)^4.
constexpr uint32_t kSmallIpOctets = 100;

/**
 * 1. RLC unacknowledged mode at 15 dB (CS-2 BLER 1.4 %, an LLC frame of 4 blocks lost at most
 * 5.4 % of the time): with UI frames a few packets are lost; LLC ABM resends what RLC lost
 * (losing a frame N200 + 1 = 4 times has probability 0.054^4 = 1e-5 at most) and delivers
 * every packet. Its acknowledgements need uplink TBFs, which UI mode never opens for a downlink
 * flow.
 */
class GprsLlcAbmRecoveryTestCase : public TestCase
{
  public:
    GprsLlcAbmRecoveryTestCase()
        : TestCase("RLC unacknowledged mode at 15 dB, 300 downlink UDP packets: LLC UI loses "
                   "some, LLC ABM resends and delivers all, acknowledged on uplink TBFs")
    {
    }

  private:
    void DoRun() override
    {
        CellSetup setup;
        setup.radio = "15";
        setup.Pcu("RlcMode", StringValue("Unacknowledged"));
        LlcRecorder uiLlc;
        const UdpRun ui =
            RunUdpDown(setup, kPackets, kSmallIpOctets, MilliSeconds(200), Seconds(120), uiLlc);
        setup.Pcu("LlcMode", StringValue("Acknowledged"));
        LlcRecorder abmLlc;
        const UdpRun abm =
            RunUdpDown(setup, kPackets, kSmallIpOctets, MilliSeconds(200), Seconds(120), abmLlc);
        NS_LOG_INFO("UI: " << ui.received[0] << " delivered, " << ui.bssDrops << " dropped, "
                           << ui.framesLost[0] << " frames lost, " << ui.uplinkTbfs
                           << " UL TBFs; ABM: " << abm.received[0] << " delivered, "
                           << abm.framesLost[0] << " frames lost by RLC, "
                           << abmLlc.retransmissions[0] << " I frames resent, " << abmLlc.sFrames[1]
                           << " UL S frames, " << abm.uplinkTbfs << " UL TBFs");
        NS_TEST_EXPECT_MSG_LT(ui.received[0], kPackets, "UI: RLC losses lose packets");
        NS_TEST_EXPECT_MSG_EQ(ui.received[0] + ui.bssDrops, kPackets, "UI: delivered or dropped");
        NS_TEST_EXPECT_MSG_EQ(ui.uplinkTbfs, 0, "UI: a downlink flow needs no uplink TBF");
        NS_TEST_EXPECT_MSG_EQ(uiLlc.mobiles.empty(), true, "UI: no ABM frame");

        NS_TEST_EXPECT_MSG_EQ(abm.received[0], kPackets, "ABM: every packet delivered");
        NS_TEST_EXPECT_MSG_EQ(abm.bssDrops, 0, "ABM: no packet dropped");
        NS_TEST_EXPECT_MSG_GT(abm.framesLost[0], 0, "ABM: RLC loses frames at 15 dB");
        NS_TEST_EXPECT_MSG_GT(abmLlc.retransmissions[0], 0, "ABM: lost I frames resent");
        NS_TEST_EXPECT_MSG_EQ(abmLlc.IFrames(GprsDirection::DOWNLINK),
                              kPackets + abmLlc.retransmissions[0],
                              "ABM: one I frame per packet, plus the copies traced as resent");
        NS_TEST_EXPECT_MSG_EQ(abmLlc.IFrames(GprsDirection::UPLINK), 0, "ABM: no uplink data");
        NS_TEST_EXPECT_MSG_GT(abmLlc.sFrames[1], 0, "ABM: the mobile acknowledges with S frames");
        NS_TEST_EXPECT_MSG_GT(abm.uplinkTbfs, 0, "ABM: S frames travel on uplink TBFs");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(abmLlc.MostCopies(), 4, "ABM: N200 = 3 bounds the copies");
    }
};

/**
 * 2. LlcN200 = 2: no I frame is sent more than 3 times. At 9 dB (CS-2 BLER 18 %, a 4-block frame
 * lost about 55 % of the time, 3 times in a row 17 %) LLC gives frames up: it re-establishes
 * the link (SABM) and their packets are counted as drops, so that every packet is delivered or
 * dropped.
 */
class GprsLlcN200TestCase : public TestCase
{
  public:
    GprsLlcN200TestCase()
        : TestCase("LlcN200 = 2 at 9 dB in RLC unacknowledged mode: at most 3 copies of an I "
                   "frame, frames given up after re-establishment counted as dropped packets")
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kN200 = 2;
        constexpr uint32_t kSent = 100;
        CellSetup setup;
        setup.radio = "9";
        setup.Pcu("RlcMode", StringValue("Unacknowledged"));
        setup.Pcu("LlcMode", StringValue("Acknowledged"));
        setup.Pcu("LlcN200", UintegerValue(kN200));
        LlcRecorder llc;
        const UdpRun r =
            RunUdpDown(setup, kSent, kSmallIpOctets, MilliSeconds(500), Seconds(600), llc);
        NS_LOG_INFO("N200 = 2 at 9 dB: " << r.received[0] << " delivered, " << r.bssDrops
                                         << " dropped, most copies " << llc.MostCopies()
                                         << ", SABMs " << llc.sabms[0] << " down, " << llc.sabms[1]
                                         << " up, resent " << llc.retransmissions[0]);
        NS_TEST_EXPECT_MSG_EQ(llc.MostCopies(), kN200 + 1, "at most N200 + 1 copies, reached");
        NS_TEST_EXPECT_MSG_GT(llc.sabms[0], 0, "the network re-establishes after N200");
        NS_TEST_EXPECT_MSG_GT(r.bssDrops, 0, "frames given up lose their packets");
        NS_TEST_EXPECT_MSG_GT(r.received[0], 0, "the others are delivered");
        NS_TEST_EXPECT_MSG_EQ(r.received[0] + r.bssDrops, kSent, "delivered or dropped, once");
    }
};

/**
 * 3. LLC ABM keeps every packet's account: in a cell of 10 mobiles with outages, reselections
 * (which flush LLC frames) and Gilbert-Elliott losses, in both RLC modes, every packet a device
 * accepted is delivered or dropped exactly once.
 */
class GprsLlcConservationTestCase : public TestCase
{
  public:
    GprsLlcConservationTestCase()
        : TestCase("LLC ABM, 10 mobiles, outages, reselections, Gilbert-Elliott: accepted = "
                   "delivered + dropped, RLC acknowledged and unacknowledged")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string mode : {"Acknowledged", "Unacknowledged"})
        {
            CellSetup setup;
            setup.Pcu("RlcMode", StringValue(mode));
            setup.Pcu("LlcMode", StringValue("Acknowledged"));
            CellRecorder rec;
            LlcRecorder llc;
            const Conservation c =
                RunConservationScenario(setup, rec, [&llc](const auto& s) { llc.Connect(s.pcu); });
            NS_LOG_INFO("RLC " << mode << ", LLC ABM: " << c.accepted << " accepted, " << c.received
                               << " delivered, " << c.dropped << " dropped, "
                               << llc.retransmissions[0] + llc.retransmissions[1]
                               << " I frames resent");
            NS_TEST_EXPECT_MSG_EQ(llc.mobiles.size(), 10, mode << ": every mobile runs ABM");
            NS_TEST_EXPECT_MSG_GT(llc.retransmissions[0] + llc.retransmissions[1],
                                  0,
                                  mode << ": losses make LLC resend");
            NS_TEST_EXPECT_MSG_GT(c.received, c.accepted / 2, mode << ": most delivered");
            NS_TEST_EXPECT_MSG_EQ(c.accepted,
                                  c.received + c.dropped,
                                  mode << ": packets neither delivered nor dropped");
            Simulator::Destroy();
        }
    }
};

/**
 * 4. The LLC mode per mobile: a mobile set to Acknowledged in a cell whose LlcMode is
 * Unacknowledged runs ABM while its neighbour (Cell) runs UI; and the other way round. At 15 dB
 * in RLC unacknowledged mode the ABM mobile gets every packet and the UI mobile loses some.
 */
class GprsLlcPerMobileTestCase : public TestCase
{
  public:
    GprsLlcPerMobileTestCase()
        : TestCase("LlcMode per mobile: Acknowledged and Unacknowledged mobiles in one cell "
                   "behave as configured, whichever the cell's mode")
    {
    }

  private:
    void DoRun() override
    {
        // PCU mode, mobile 0's, mobile 1's: mobile 0 runs ABM and mobile 1 UI in both.
        const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
            {"Unacknowledged", "Acknowledged", "Cell"},
            {"Acknowledged", "Cell", "Unacknowledged"},
        };
        for (const auto& [cell, ms0, ms1] : cases)
        {
            CellSetup setup;
            setup.mobiles = 2;
            setup.radio = "15";
            setup.Pcu("RlcMode", StringValue("Unacknowledged"));
            setup.Pcu("LlcMode", StringValue(cell));
            LlcRecorder llc;
            const UdpRun r =
                RunUdpDown(setup,
                           kPackets,
                           kSmallIpOctets,
                           MilliSeconds(200),
                           Seconds(120),
                           llc,
                           [ms0 = ms0, ms1 = ms1](const GprsScenario& s) {
                               s.msDevices.Get(0)->SetAttribute("LlcMode", StringValue(ms0));
                               s.msDevices.Get(1)->SetAttribute("LlcMode", StringValue(ms1));
                           });
            const std::string what = "cell " + cell + ", mobiles " + ms0 + " and " + ms1;
            NS_LOG_INFO(what << ": delivered " << r.received[0] << " and " << r.received[1]);
            NS_TEST_EXPECT_MSG_EQ((llc.mobiles == std::set<uint32_t>{0}),
                                  true,
                                  what << ": ABM frames from mobile 0 only");
            NS_TEST_EXPECT_MSG_EQ(r.received[0], kPackets, what << ": ABM delivers all");
            NS_TEST_EXPECT_MSG_LT(r.received[1], kPackets, what << ": UI loses some");
            NS_TEST_EXPECT_MSG_GT(r.framesLost[1], 0, what << ": UI frames lost");
            NS_TEST_EXPECT_MSG_EQ(r.received[0] + r.received[1] + r.bssDrops,
                                  2 * kPackets,
                                  what << ": delivered or dropped");
        }
    }
};

/**
 * 5. An outage of 10 s with RetryAfterAbort false during a downlink flow that keeps the TBF
 * busy (500-octet packets every 100 ms, 5 kB/s of the 6 kB/s 4 CS-2 PDCHs carry): the aborted
 * TBF's LLC frames are lost. In UI mode their packets are lost; in ABM T201 (5 s) resends them,
 * at most N200 = 3 times, which spans the outage, and every packet arrives.
 */
class GprsLlcOutageTestCase : public TestCase
{
  public:
    GprsLlcOutageTestCase()
        : TestCase("outage 20-30 s, RetryAfterAbort false: LLC UI loses the aborted frames' "
                   "packets, LLC ABM recovers them")
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kSent = 400;
        for (const std::string mode : {"Unacknowledged", "Acknowledged"})
        {
            CellSetup setup;
            setup.outages = "20s-30s";
            setup.Pcu("RetryAfterAbort", BooleanValue(false));
            setup.Pcu("LlcMode", StringValue(mode));
            LlcRecorder llc;
            const UdpRun r = RunUdpDown(setup, kSent, 500, MilliSeconds(100), Seconds(200), llc);
            NS_LOG_INFO("outage, LLC " << mode << ": " << r.received[0] << " delivered, "
                                       << r.bssDrops << " dropped, " << r.framesLost[0]
                                       << " frames lost, " << llc.retransmissions[0]
                                       << " I frames resent");
            NS_TEST_EXPECT_MSG_GT(r.abnormalReleases, 0, mode << ": the outage aborts the TBF");
            NS_TEST_EXPECT_MSG_GT(r.framesLost[0], 0, mode << ": the abort loses LLC frames");
            NS_TEST_EXPECT_MSG_EQ(r.received[0] + r.bssDrops, kSent, mode << ": accounted");
            if (mode == "Unacknowledged")
            {
                NS_TEST_EXPECT_MSG_GT(r.bssDrops, 0, "UI: packets lost with their frames");
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(r.received[0], kSent, "ABM: every packet delivered");
                NS_TEST_EXPECT_MSG_GT(llc.retransmissions[0], 0, "ABM: T201 resends");
            }
        }
    }
};

/**
 * 6. Bad LLC attribute values are rejected: "Cell" for the PCU, N200, T200, k and N201-I outside
 * the ranges of TS 44.064 clause 8.9; a mobile accepts "Cell".
 */
class GprsLlcAttributeTestCase : public TestCase
{
  public:
    GprsLlcAttributeTestCase()
        : TestCase("LLC attributes: out-of-range values and unknown modes are rejected")
    {
    }

  private:
    void DoRun() override
    {
        const Ptr<GprsPcu> pcu = CreateObject<GprsPcu>();
        auto pcuAccepts = [&pcu](const std::string& name, const AttributeValue& v) {
            return pcu->SetAttributeFailSafe(name, v);
        };
        NS_TEST_EXPECT_MSG_EQ(pcuAccepts("LlcMode", StringValue("Cell")), false, "PCU: Cell");
        NS_TEST_EXPECT_MSG_EQ(pcuAccepts("LlcMode", StringValue("ABM")), false, "PCU: ABM");
        NS_TEST_EXPECT_MSG_EQ(pcuAccepts("LlcMode", StringValue("Acknowledged")), true, "PCU");
        for (uint32_t n : {0U, 16U})
        {
            NS_TEST_EXPECT_MSG_EQ(pcuAccepts("LlcN200", UintegerValue(n)), false, "N200 " << n);
        }
        NS_TEST_EXPECT_MSG_EQ(pcuAccepts("LlcN200", UintegerValue(2)), true, "N200 2");
        for (const Time& t : {MilliSeconds(99), MilliSeconds(409501)})
        {
            NS_TEST_EXPECT_MSG_EQ(pcuAccepts("LlcT200", TimeValue(t)),
                                  false,
                                  "T200 " << t.As(Time::MS));
        }
        for (uint32_t k : {0U, 256U})
        {
            NS_TEST_EXPECT_MSG_EQ(pcuAccepts("LlcWindow", UintegerValue(k)), false, "k " << k);
        }
        for (uint32_t n : {139U, 1521U})
        {
            NS_TEST_EXPECT_MSG_EQ(pcuAccepts("LlcN201I", UintegerValue(n)), false, "N201-I " << n);
        }
        const Ptr<GprsMsNetDevice> ms = CreateObject<GprsMsNetDevice>();
        NS_TEST_EXPECT_MSG_EQ(ms->SetAttributeFailSafe("LlcMode", StringValue("Cell")),
                              true,
                              "mobile: Cell");
        NS_TEST_EXPECT_MSG_EQ(ms->SetAttributeFailSafe("LlcMode", StringValue("UI")),
                              false,
                              "mobile: UI");
    }
};

GprsSingleCaseTestSuite<GprsLlcAbmRecoveryTestCase> g_recovery("gprs-llc-abm-recovery"); //!< suite
GprsSingleCaseTestSuite<GprsLlcN200TestCase> g_n200("gprs-llc-abm-n200");                //!< suite
GprsSingleCaseTestSuite<GprsLlcConservationTestCase> g_conservation(
    "gprs-llc-abm-conservation");                                                      //!< suite
GprsSingleCaseTestSuite<GprsLlcPerMobileTestCase> g_perMobile("gprs-llc-per-mobile");  //!< suite
GprsSingleCaseTestSuite<GprsLlcOutageTestCase> g_outage("gprs-llc-abm-outage");        //!< suite
GprsSingleCaseTestSuite<GprsLlcAttributeTestCase> g_attributes("gprs-llc-attributes"); //!< suite

} // namespace
