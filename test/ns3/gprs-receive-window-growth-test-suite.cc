/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GprsReceiveWindowGrowth on a plain point-to-point link: the windows a PacketSink's TCP
// receiver offers, as the sender sees them.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <vector>

namespace
{

using namespace ns3;

/// What the sender saw of the receiver's segments.
struct WindowRecord
{
    bool synAck{false}; //!< the receiver's SYN-ACK
    uint32_t ack{0};    //!< acknowledgement number
    uint32_t window{0}; //!< window field (no window scale is announced below 64 KiB)
    uint32_t index{0};  //!< index of the record
};

/**
 * A 40-segment transfer of 536-octet segments (ns-3's default MSS) into a PacketSink with a
 * Linux-like initial window of 4 segments, 2144 octets: the SYN-ACK offers 2144 octets, and
 * every ACK offers 2144 + 2 x 536 octets per data segment received before it (all arrive in
 * order here), up to 65535 (ns-3 announces no window scale for a 2144-octet buffer). Without
 * the growth object the SYN-ACK offers 65535 and every ACK the sink's 131072-octet buffer
 * (ns-3's default), so the test fails at every segment (checked).
 */
class ReceiveWindowGrowthTestCase : public TestCase
{
  public:
    ReceiveWindowGrowthTestCase()
        : TestCase("GprsReceiveWindowGrowth: windows offered grow from the initial one")
    {
    }

  private:
    static constexpr uint32_t kMss = 536;          //!< ns-3's default SegmentSize
    static constexpr uint32_t kSegments = 40;      //!< sent
    static constexpr uint32_t kInitial = 4 * kMss; //!< Linux 2.4's rule: 4 segments

    void DoRun() override
    {
        const gprs_test::WiredPair wired = gprs_test::MakeWiredPair();
        const NodeContainer& nodes = wired.nodes;
        const Ipv4InterfaceContainer& interfaces = wired.interfaces;

        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), 7000));
        const ApplicationContainer sinkApps = sinkHelper.Install(nodes.Get(1));
        const auto sink = DynamicCast<PacketSink>(sinkApps.Get(0));
        GprsReceiveWindowGrowth growth(kInitial);
        growth.Install(sink);

        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(interfaces.GetAddress(1), 7000));
        bulk.SetAttribute("MaxBytes", UintegerValue(kSegments * kMss));
        bulk.SetAttribute("SendSize", UintegerValue(kMss));
        ApplicationContainer bulkApps = bulk.Install(nodes.Get(0));
        bulkApps.Start(Seconds(1));
        const auto sender = DynamicCast<BulkSendApplication>(bulkApps.Get(0));

        std::vector<WindowRecord> records;
        Simulator::Schedule(Seconds(1) + NanoSeconds(1), [sender, &records]() {
            sender->GetSocket()->TraceConnectWithoutContext(
                "Rx",
                MakeCallback(+[](std::vector<WindowRecord>* out,
                                 Ptr<const Packet>,
                                 const TcpHeader& h,
                                 Ptr<const TcpSocketBase>) {
                    const bool synAck = (h.GetFlags() & TcpHeader::SYN) != 0;
                    out->push_back(WindowRecord{synAck,
                                                h.GetAckNumber().GetValue(),
                                                h.GetWindowSize(),
                                                static_cast<uint32_t>(out->size())});
                }).Bind(&records));
        });
        Simulator::Stop(Seconds(30));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(sink->GetTotalRx(), kSegments * kMss, "every octet arrived");
        NS_TEST_ASSERT_MSG_GT(records.size(), 2, "the sender saw the receiver's segments");
        NS_TEST_EXPECT_MSG_EQ(records[0].synAck, true, "the first is the SYN-ACK");
        NS_TEST_EXPECT_MSG_EQ(records[0].window, kInitial, "the SYN-ACK offers the initial window");
        uint32_t previous = kInitial;
        for (const WindowRecord& r : records)
        {
            if (r.synAck)
            {
                continue;
            }
            // ns-3's first data octet is sequence number 1. The last segment carries the FIN,
            // after which ns-3 repeats the window it offered before
            // (TcpSocketBase::AdvertisedWindowSize).
            const bool finAcknowledged = r.ack - 1 > kSegments * kMss;
            const uint32_t segmentsIn = (r.ack - 1) / kMss;
            const uint32_t expected =
                finAcknowledged ? previous : std::min(kInitial + 2 * kMss * segmentsIn, 65535U);
            NS_TEST_EXPECT_MSG_EQ(r.window,
                                  expected,
                                  "window of segment " << r.index << " (ACK " << r.ack << ")");
            previous = r.window;
        }
        NS_TEST_EXPECT_MSG_EQ(previous,
                              kInitial + 2 * kMss * (kSegments - 1),
                              "the window grew with every segment before the FIN's");
        Simulator::Destroy();
    }
};

GprsSingleCaseTestSuite<ReceiveWindowGrowthTestCase> g_growth(
    "gprs-receive-window-growth"); //!< suite

} // namespace
