/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Chakravorty & Pratt (JCN 2002, C6): a new connection's handshake waits behind the GGSN
// queue that an earlier bulk flow to the same mobile built up. With a large per-mobile buffer
// the second flow's SYN reaches the mobile seconds late or is retransmitted; with a buffer of
// about the bandwidth-delay product it is not.

#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("GprsChakravortyTcpTestSuite");

namespace
{

constexpr uint16_t kF1Port = 5000; //!< the first flow's sink
constexpr uint16_t kF2Port = 5001; //!< the second flow's sink
const Time kF1Start = Seconds(1);  //!< the first flow starts on an idle cell
const Time kF2Start = Seconds(11); //!< the second 10 s later (the paper's C6)

/// The second flow's handshake, seen at the server.
struct Handshake
{
    uint32_t syns{0}; //!< SYNs the server sent to kF2Port
    Time synAck;      //!< when the first SYN-ACK from kF2Port arrived; zero: none
};

/// f2's SYN behind f1's queue: late or retransmitted with a large GGSN buffer, not with a small.
class GprsChakravortySynBehindQueueTestCase : public TestCase
{
  public:
    GprsChakravortySynBehindQueueTestCase()
        : TestCase("Chakravorty C6: a second flow's SYN waits behind the first flow's GGSN queue")
    {
    }

  private:
    /**
     * f1 downloads from 1 s on; f2 connects at 11 s.
     * \param bufferBytes the GGSN's per-mobile downlink buffer
     * \return f2's handshake
     */
    static Handshake Run(uint32_t bufferBytes)
    {
        // The paper's MSS and 64 KB receive window (Linux 2.4); CS-2 on a 3+1 phone.
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1400));
        Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(65535));
        GprsScenarioHelper helper;
        helper.Cell().SetPcuAttribute("DownlinkBufferBytes", UintegerValue(bufferBytes));
        helper.Cell().SetMsDeviceAttribute("MultislotClass", UintegerValue(4));
        helper.Cell().SetMsDeviceAttribute("RadioConditions", StringValue("24"));
        const GprsScenario s = helper.Install(1);

        for (const auto& [port, start] : {std::pair{kF1Port, kF1Start}, {kF2Port, kF2Start}})
        {
            PacketSinkHelper sink("ns3::TcpSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), port));
            sink.Install(s.mobiles.Get(0));
            BulkSendHelper bulk("ns3::TcpSocketFactory",
                                InetSocketAddress(s.GetMobileAddress(0), port));
            bulk.SetAttribute("SendSize", UintegerValue(1400));
            bulk.Install(s.server).Start(start);
        }

        Handshake h;
        const auto ip = s.server->GetObject<Ipv4L3Protocol>();
        ip->TraceConnectWithoutContext(
            "SendOutgoing",
            MakeCallback(+[](Handshake* h, const Ipv4Header&, Ptr<const Packet> p, uint32_t) {
                TcpHeader tcp;
                if (p->PeekHeader(tcp) > 0 && tcp.GetDestinationPort() == kF2Port &&
                    (tcp.GetFlags() & TcpHeader::SYN) != 0)
                {
                    ++h->syns;
                }
            }).Bind(&h));
        ip->TraceConnectWithoutContext(
            "LocalDeliver",
            MakeCallback(+[](Handshake* h, const Ipv4Header&, Ptr<const Packet> p, uint32_t) {
                TcpHeader tcp;
                if (p->PeekHeader(tcp) > 0 && tcp.GetSourcePort() == kF2Port &&
                    (tcp.GetFlags() & TcpHeader::SYN) != 0 && h->synAck.IsZero())
                {
                    h->synAck = Simulator::Now();
                }
            }).Bind(&h));
        Simulator::Stop(kF2Start + Seconds(60));
        Simulator::Run();
        Simulator::Destroy();
        Config::Reset();
        return h;
    }

    void DoRun() override
    {
        // The paper's operator buffered over 120 KB (the module's default 128 KiB); 6 KB is
        // about CS-2 x 3 timeslots x a 1.3 s RTT, the bandwidth-delay product.
        const Handshake large = Run(131072);
        const Handshake small = Run(6144);
        const Time connTimeout = Seconds(3); // ns-3's ConnTimeout, RFC 1122's initial RTO

        NS_TEST_ASSERT_MSG_EQ(large.synAck.IsZero(), false, "f2 connects (large buffer)");
        NS_TEST_ASSERT_MSG_EQ(small.synAck.IsZero(), false, "f2 connects (small buffer)");
        const Time largeDelay = large.synAck - kF2Start;
        const Time smallDelay = small.synAck - kF2Start;
        NS_LOG_INFO("large buffer: " << large.syns << " SYNs, SYN-ACK after "
                                     << largeDelay.As(Time::S) << "; small buffer: " << small.syns
                                     << " SYNs, SYN-ACK after " << smallDelay.As(Time::S));
        NS_TEST_EXPECT_MSG_EQ((large.syns > 1 || largeDelay > connTimeout),
                              true,
                              "large buffer: f2's SYN waits behind f1's queue (SYN-ACK after "
                                  << largeDelay.As(Time::S) << ", " << large.syns << " SYNs)");
        NS_TEST_EXPECT_MSG_EQ(small.syns,
                              1,
                              "small buffer: f2's SYN is not retransmitted (SYN-ACK after "
                                  << smallDelay.As(Time::S) << ")");
        NS_TEST_EXPECT_MSG_LT(smallDelay,
                              connTimeout,
                              "small buffer: f2's SYN-ACK arrives before the SYN would be sent "
                              "again");
    }
};

GprsSingleCaseTestSuite<GprsChakravortySynBehindQueueTestCase> g_gprsChakravortyTcpTestSuite(
    "gprs-chakravorty-tcp");

} // namespace
