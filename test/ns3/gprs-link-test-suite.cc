/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Scenario tests of the links around the cell: the Gb interface delays a downlink packet into
// the PCU by its serialisation at the committed information rate, and the terminal's link
// delays an uplink packet into the mobile's buffer, and a downlink one into the host, by its
// PPP frame on the line. The expected times come from the framings (GprsGbFraming,
// GprsPppFraming), whose octets the unit tests check against the standards.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/boolean.h"
#include "ns3/core-module.h"
#include "ns3/gprs-gb-framing.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-ppp-framing.h"
#include "ns3/network-module.h"
#include "ns3/string.h"
#include "ns3/test.h"

using namespace ns3;
using namespace ns3::gprs_test;

NS_LOG_COMPONENT_DEFINE("GprsLinkTestSuite");

namespace
{

/// An IP packet of a full TCP segment of a 1500-octet MTU.
constexpr uint32_t kFullPacket = 1500;

/// When one packet reached the points a test looks at.
struct PacketTimes
{
    Time enteredBuffer; //!< the PCU's buffer of its direction first held octets
    Time pcuDelivered;  //!< the PCU's PacketDelivered
    Time passedUp;      //!< MacRx at the far device
    Time framingLine;   //!< the line time its framing gives (the test's expectation)
};

/**
 * Send one packet of kFullPacket octets through an idle cell at 1 s and record its times.
 * \param setup the cell
 * \param dir its direction
 * \return the times
 */
PacketTimes
RunOnePacket(const CellSetup& setup, GprsDirection dir)
{
    CellRecorder rec;
    const GprsScenario s = setup.Build(rec);
    PacketTimes t;
    s.pcu->TraceConnectWithoutContext("BufferOccupancy",
                                      MakeCallback(+[](PacketTimes* t,
                                                       GprsDirection want,
                                                       uint32_t,
                                                       GprsDirection d,
                                                       uint32_t b) {
                                          if (d == want && b > 0 && t->enteredBuffer.IsZero())
                                          {
                                              t->enteredBuffer = Simulator::Now();
                                          }
                                      }).Bind(&t, dir));
    s.pcu->TraceConnectWithoutContext(
        "PacketDelivered",
        MakeCallback(+[](PacketTimes* t, uint32_t, GprsDirection, Ptr<const Packet>, Time) {
            t->pcuDelivered = Simulator::Now();
        }).Bind(&t));
    const Ptr<NetDevice> far =
        dir == GprsDirection::DOWNLINK ? s.msDevices.Get(0) : s.bssDevices.Get(0);
    far->TraceConnectWithoutContext("MacRx", MakeCallback(+[](PacketTimes* t, Ptr<const Packet>) {
                                                 t->passedUp = Simulator::Now();
                                             }).Bind(&t));
    if (dir == GprsDirection::DOWNLINK)
    {
        SendUdpDown(s, 0, kFullPacket, Seconds(1), 1, Seconds(1));
    }
    else
    {
        SendUdp(s.mobiles.Get(0),
                s.server,
                s.serverAddress,
                kFullPacket,
                Seconds(1),
                1,
                Seconds(1));
    }
    Simulator::Stop(Seconds(10));
    Simulator::Run();
    Simulator::Destroy();
    return t;
}

/**
 * A full segment reaches the PCU later by its serialisation on the Gb: the time of its LLC
 * frames in BSSGP, NS and frame relay framing at the committed information rate; and reaches
 * the mobile later by that, give or take the block it then waits for.
 */
class GprsGbSerialisationTestCase : public TestCase
{
  public:
    GprsGbSerialisationTestCase()
        : TestCase("1500-octet downlink packet, Gb at 64 kbps against none: enters the PCU "
                   "later by its serialisation time")
    {
    }

  private:
    void DoRun() override
    {
        // The TBF's CCCH assignment takes a constant delay: with the protocol's CCCH the later
        // packet may miss a paging block and wait a DRX cycle more.
        CellSetup none;
        none.Bss("GbCommittedInformationRate", DataRateValue(DataRate(0)));
        none.Pcu("CcchAccess", BooleanValue(false));
        none.Pcu("DownlinkAssignmentDelay",
                 StringValue("ns3::ConstantRandomVariable[Constant=0.15]"));
        CellSetup gb;
        gb.Bss("GbCommittedInformationRate", DataRateValue(DataRate("64kbps")));
        gb.Pcu("CcchAccess", BooleanValue(false));
        gb.Pcu("DownlinkAssignmentDelay",
               StringValue("ns3::ConstantRandomVariable[Constant=0.15]"));
        const PacketTimes without = RunOnePacket(none, GprsDirection::DOWNLINK);
        const PacketTimes with = RunOnePacket(gb, GprsDirection::DOWNLINK);
        const Ptr<GprsPcu> pcu = CreateObject<GprsPcu>();
        const Time line =
            NanoSeconds(GprsGbFraming(pcu->MakeLinkConfig().ui)
                            .PacketNanoSeconds(GprsDirection::DOWNLINK, kFullPacket, 64000));
        NS_LOG_INFO("Gb line time "
                    << line.As(Time::MS) << ", PCU entry " << without.enteredBuffer.As(Time::MS)
                    << " -> " << with.enteredBuffer.As(Time::MS) << ", arrival "
                    << without.passedUp.As(Time::MS) << " -> " << with.passedUp.As(Time::MS));
        NS_TEST_ASSERT_MSG_GT(without.passedUp, Seconds(1), "delivered without the Gb");
        NS_TEST_ASSERT_MSG_GT(with.passedUp, Seconds(1), "delivered with the Gb");
        // 1632 octets of frames, a bit in 62 inserted, at 64 kbit/s: about 207 ms.
        NS_TEST_EXPECT_MSG_GT(line, MilliSeconds(200), "the framing's time");
        NS_TEST_EXPECT_MSG_EQ(with.enteredBuffer - without.enteredBuffer,
                              line,
                              "the packet enters the PCU later by its Gb time");
        // Then it waits for the next radio block boundary: at most one block period more or less.
        const Time later = with.passedUp - without.passedUp;
        NS_TEST_EXPECT_MSG_GT(later, line - MilliSeconds(24), "arrives later by the Gb time");
        NS_TEST_EXPECT_MSG_LT(later, line + MilliSeconds(24), "arrives later by the Gb time");
    }
};

/**
 * The terminal link at 115200 bit/s 8N1: an uplink full segment enters the mobile's buffer
 * later, and a downlink one reaches the host after the PCU delivers it, by its PPP frame's time.
 */
class GprsTerminalLinkTestCase : public TestCase
{
  public:
    GprsTerminalLinkTestCase()
        : TestCase("1500-octet packets over a 115200 bps PPP terminal link: each way later "
                   "by the PPP frame's time")
    {
    }

  private:
    void DoRun() override
    {
        CellSetup none;
        CellSetup link;
        link.Ms("TerminalLinkRate", DataRateValue(DataRate("115200bps")));
        const Time line = NanoSeconds(GprsPppFraming(GprsPppFraming::kDefaultAccm, 10)
                                          .PacketNanoSeconds(kFullPacket, 115200));
        // 1500 + 2 octets with 34 of 256 values escaped, 7 header octets, 10 bits each.
        NS_TEST_EXPECT_MSG_GT(line, MilliSeconds(147), "the framing's time");
        const PacketTimes upWithout = RunOnePacket(none, GprsDirection::UPLINK);
        const PacketTimes upWith = RunOnePacket(link, GprsDirection::UPLINK);
        NS_TEST_EXPECT_MSG_EQ(upWith.enteredBuffer - upWithout.enteredBuffer,
                              line,
                              "uplink: enters the mobile's buffer later by the PPP frame");
        NS_TEST_ASSERT_MSG_GT(upWith.passedUp, upWith.enteredBuffer, "uplink delivered");
        const PacketTimes downWithout = RunOnePacket(none, GprsDirection::DOWNLINK);
        const PacketTimes downWith = RunOnePacket(link, GprsDirection::DOWNLINK);
        NS_TEST_EXPECT_MSG_EQ(downWithout.passedUp, downWithout.pcuDelivered, "no link: at once");
        NS_TEST_EXPECT_MSG_EQ(downWith.passedUp - downWith.pcuDelivered,
                              line,
                              "downlink: reaches the host later by the PPP frame");
    }
};

/// The Gb's and the terminal link's scenario tests.
class GprsLinkTestSuite : public GprsTestSuite
{
  public:
    GprsLinkTestSuite()
        : GprsTestSuite("gprs-link")
    {
        Add<GprsGbSerialisationTestCase>();
        Add<GprsTerminalLinkTestCase>();
    }
};

GprsLinkTestSuite g_link; //!< suite

} // namespace
