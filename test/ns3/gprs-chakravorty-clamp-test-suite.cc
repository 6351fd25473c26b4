/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Chakravorty & Pratt's finding behind the cwnd clamp (JCN 2002, C7): with the clamp at about
// the bandwidth-delay product the GGSN buffer stays near empty while the radio link stays busy;
// without it, TCP fills the buffer.

#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

namespace
{

using namespace ns3;

/// What one download measured.
struct ClampRun
{
    uint64_t received{0};  //!< octets delivered to the mobile's sink
    Time lastRx;           //!< last delivery
    double bufferMean{0};  //!< time average of the GGSN buffer over the download, octets
    uint32_t bufferMax{0}; //!< its largest value
};

/**
 * A 150 KB download into a 3+1 phone (CS-2, RLC acknowledged, C/I 20 dB, 128 KiB GGSN buffer,
 * MSS 1400, 64 KB receive window), through the clamp at 4 segments and without a proxy.
 *
 * C_clamp: GprsProxyHelper::DeriveClamp for 3 PDCHs of CS-2 (36 kbit/s) and a 1 s RTT, 5062
 * octets, rounded up to whole segments, 5600, since the clamp sends whole segments only. The
 * clamp's in-flight data bounds what can queue at the GGSN: at most its 4 IP packets, and on
 * average less than 2. The plain sender's window grows to the receive window, which the
 * 36 kbit/s link cannot drain: the buffer holds most of it, over 32 KB at its peak and on
 * average more than twice all the clamp ever has in flight. Both keep the link busy: the clamp's
 * goodput is at least 97 % of TCP's, whose sender has data queued at every moment. Fails if the
 * clamp does not hold the window (e.g. with the variant "split", whose leg runs NewReno).
 */
class ClampBufferTestCase : public TestCase
{
  public:
    ClampBufferTestCase()
        : TestCase("cwnd clamp: GGSN buffer near empty, link busy; without: buffer grows")
    {
    }

  private:
    static constexpr uint32_t kMss = 1400;      //!< Chakravorty & Pratt: about 1400
    static constexpr uint64_t kBytes = 153600;  //!< the download
    static constexpr uint32_t kIpOverhead = 80; //!< largest IP + TCP header with options

    /**
     * \param variant GprsProxyHelper variant: none or clamp
     * \param clamp C_clamp
     * \return what the download measured
     */
    ClampRun Run(const std::string& variant, uint32_t clamp)
    {
        Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpNewReno"));
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(kMss));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(65535));
        Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(2));
        Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
        Config::SetDefault("ns3::RttEstimator::InitialEstimation", TimeValue(Seconds(3)));
        const std::string cs2 = "ns3::GprsFixedLinkAdaptation[CodingScheme=CS-2]";
        GprsScenarioHelper helper;
        helper.SetInternetLink(DataRate("10Mbps"), MilliSeconds(5), 0);
        helper.SetProxy(true);
        GprsHelper& cell = helper.Cell();
        cell.SetPcuAttribute("NumberOfPdchs", UintegerValue(4));
        cell.SetPcuAttribute("RlcMode", StringValue("Acknowledged"));
        cell.SetPcuAttribute("DownlinkBufferBytes", UintegerValue(131072));
        cell.SetPcuAttribute("DownlinkLinkAdaptation", StringValue(cs2));
        cell.SetPcuAttribute("UplinkLinkAdaptation", StringValue(cs2));
        cell.SetMsDeviceAttribute("MultislotClass", UintegerValue(4));
        cell.SetMsDeviceAttribute("RadioConditions", StringValue("20"));
        const GprsScenario s = helper.Install(1);
        cell.AssignStreams(s.bssDevices, 1);
        GprsProxyHelper proxies(variant);
        proxies.SetClamp(clamp);
        proxies.Install(s);

        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), 5000));
        const auto sink = DynamicCast<PacketSink>(sinkHelper.Install(s.mobiles.Get(0)).Get(0));
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(s.GetMobileAddress(0), 5000));
        bulk.SetAttribute("MaxBytes", UintegerValue(kBytes));
        bulk.SetAttribute("SendSize", UintegerValue(kMss));
        const Time start = Seconds(1);
        bulk.Install(s.server).Start(start);

        ClampRun run;
        Time last = start;
        uint32_t bytes = 0;
        double integral = 0;
        s.pcu->TraceConnectWithoutContext("BufferOccupancy",
                                          MakeCallback(+[](ClampRun* r,
                                                           Time* at,
                                                           uint32_t* octets,
                                                           double* sum,
                                                           uint32_t ms,
                                                           GprsDirection dir,
                                                           uint32_t now) {
                                              if (ms == 0 && dir == GprsDirection::DOWNLINK)
                                              {
                                                  *sum += *octets *
                                                          (Simulator::Now() - *at).GetSeconds();
                                                  *at = Simulator::Now();
                                                  *octets = now;
                                                  r->bufferMax = std::max(r->bufferMax, now);
                                              }
                                          }).Bind(&run, &last, &bytes, &integral));
        sink->TraceConnectWithoutContext(
            "Rx",
            MakeCallback(+[](ClampRun* r, Ptr<const Packet> p, const Address&) {
                r->received += p->GetSize();
                r->lastRx = Simulator::Now();
            }).Bind(&run));
        Simulator::Stop(Seconds(600));
        Simulator::Run();
        integral += bytes * (run.lastRx - last).GetSeconds();
        run.bufferMean = integral / (run.lastRx - start).GetSeconds();
        Simulator::Destroy();
        Config::Reset();
        return run;
    }

    void DoRun() override
    {
        const uint32_t derived = GprsProxyHelper::DeriveClamp(3, GprsCodingScheme::CS2, Seconds(1));
        const uint32_t clamp = (derived + kMss - 1) / kMss * kMss;
        const ClampRun tcp = Run("none", clamp);
        const ClampRun clamped = Run("clamp", clamp);
        NS_TEST_ASSERT_MSG_EQ(tcp.received, kBytes, "TCP's download completed");
        NS_TEST_ASSERT_MSG_EQ(clamped.received, kBytes, "the clamp's download completed");

        const double packet = kMss + kIpOverhead;
        NS_TEST_EXPECT_MSG_LT_OR_EQ(clamped.bufferMax,
                                    clamp / kMss * packet,
                                    "the clamp queues at most its window at the GGSN");
        NS_TEST_EXPECT_MSG_LT(clamped.bufferMean, 2 * packet, "near empty on average");
        NS_TEST_EXPECT_MSG_GT(tcp.bufferMax, 32768U, "TCP fills the buffer");
        NS_TEST_EXPECT_MSG_GT(tcp.bufferMean,
                              2 * clamp / kMss * packet,
                              "TCP's buffer holds on average twice the clamp's whole window");

        const double tcpGoodput = kBytes / (tcp.lastRx - Seconds(1)).GetSeconds();
        const double clampGoodput = kBytes / (clamped.lastRx - Seconds(1)).GetSeconds();
        NS_TEST_EXPECT_MSG_GT_OR_EQ(clampGoodput,
                                    0.97 * tcpGoodput,
                                    "the clamp keeps the link as busy as TCP");
    }
};

GprsSingleCaseTestSuite<ClampBufferTestCase> g_clampBuffer("gprs-chakravorty-clamp"); //!< suite

} // namespace
