/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of GprsTcpTracer's receiver-side classification on a plain point-to-point link, where
// the test controls what reaches the receiver: a delay spike makes TCP retransmit segments
// whose originals arrive later (duplicates, which ns-3's TCP discards before its socket Rx
// trace), and a dropped segment makes a retransmission fill a hole (not a duplicate). The
// expected counts come from a separate observer of the receiver's IP layer that tells
// segments apart by their sequence number alone.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/error-model.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <fstream>
#include <optional>
#include <set>

using namespace ns3;
using namespace ns3::gprs_test;

NS_LOG_COMPONENT_DEFINE("GprsTcpTracerTestSuite");

namespace
{

/// What reached the receiving node's IP: data segments, told apart by their sequence number
/// (a bulk sender with a fixed MSS cuts every copy of a segment at the same boundaries).
struct ArrivalLog
{
    uint32_t arrivals{0};    //!< data segments
    uint32_t duplicates{0};  //!< of which copies of a segment that had arrived before
    uint32_t holeFills{0};   //!< first copies arriving below the highest sequence seen
    std::set<uint32_t> seen; //!< sequence numbers that arrived
    uint32_t highestSeq{0};  //!< highest of them
    uint16_t sinkPort{0};    //!< only segments to this port count

    /// Ipv4L3Protocol LocalDeliver trace: every packet IP hands up, before TCP judges it.
    void OnLocalDeliver(const Ipv4Header& ip, Ptr<const Packet> packet, uint32_t)
    {
        TcpHeader tcp;
        if (ip.GetProtocol() != gprs::kTcpProtocolNumber || packet->PeekHeader(tcp) == 0 ||
            packet->GetSize() == tcp.GetSerializedSize() || tcp.GetDestinationPort() != sinkPort)
        {
            return;
        }
        const uint32_t seq = tcp.GetSequenceNumber().GetValue();
        ++arrivals;
        if (seen.count(seq) > 0)
        {
            ++duplicates;
        }
        else if (!seen.empty() && seq < highestSeq)
        {
            ++holeFills;
        }
        seen.insert(seq);
        highestSeq = std::max(highestSeq, seq);
    }
};

/// What one transfer produced.
struct TransferResult
{
    ArrivalLog log;               //!< the independent observer
    uint32_t tracerDuplicates{0}; //!< GprsTcpTracer::GetDuplicateSegments
    uint32_t tracerRetx{0};       //!< GprsTcpTracer::GetRetransmissions
    uint32_t fileLines{0};        //!< lines of tcp-receiver-segments.dat
    uint32_t fileDuplicates{0};   //!< of which flagged duplicate
    uint64_t bytesReceived{0};    //!< delivered to the sink
};

/**
 * A 100 kB TCP download over a 1 Mbit/s, 20 ms point-to-point link.
 * \param spike if true, segments sent from 0.6 s to 0.7 s take 2 s to arrive
 * \param dropIndex if set, the receiver's device drops its dropIndex-th received packet
 * \param dir directory for the tracer's files
 * \return counts of the tracer and of the independent observer
 */
TransferResult
RunTransfer(bool spike, std::optional<uint32_t> dropIndex, const std::string& dir)
{
    NodeContainer nodes;
    nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("20ms"));
    NetDeviceContainer devices = p2p.Install(nodes);
    InternetStackHelper().Install(nodes);
    Ipv4AddressHelper addresses("10.9.0.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);
    if (dropIndex)
    {
        auto model = CreateObject<ReceiveListErrorModel>();
        model->SetList({*dropIndex});
        devices.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(model));
    }
    if (spike)
    {
        Ptr<Channel> channel = devices.Get(0)->GetChannel();
        Simulator::Schedule(Seconds(0.6),
                            [channel]() { channel->SetAttribute("Delay", TimeValue(Seconds(2))); });
        Simulator::Schedule(Seconds(0.7), [channel]() {
            channel->SetAttribute("Delay", TimeValue(MilliSeconds(20)));
        });
    }

    const uint16_t port = 9;
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    auto sink = DynamicCast<PacketSink>(sinkHelper.Install(nodes.Get(1)).Get(0));
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(interfaces.GetAddress(1), port));
    bulk.SetAttribute("MaxBytes", UintegerValue(100000));
    bulk.Install(nodes.Get(0)).Start(Seconds(0.1));

    TransferResult result;
    result.log.sinkPort = port;
    nodes.Get(1)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
        "LocalDeliver",
        MakeCallback(&ArrivalLog::OnLocalDeliver, &result.log));
    GprsTcpTracer tracer(dir);
    tracer.WatchTcp(nodes.Get(0), Seconds(0.1), sink, 0);
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    tracer.Close();
    result.tracerDuplicates = tracer.GetDuplicateSegments();
    result.tracerRetx = tracer.GetRetransmissions();
    result.bytesReceived = tracer.GetBytesReceived();
    Simulator::Destroy();

    std::ifstream file(dir + "/tcp-receiver-segments.dat");
    double time;
    uint32_t seq;
    uint32_t duplicate;
    while (file >> time >> seq >> duplicate)
    {
        ++result.fileLines;
        result.fileDuplicates += duplicate;
    }
    return result;
}

/// Duplicates that ns-3's TCP discards are counted and written with their flag.
class GprsTcpTracerDuplicateTestCase : public TestCase
{
  public:
    GprsTcpTracerDuplicateTestCase()
        : TestCase("Delayed originals after spurious retransmissions count as duplicates")
    {
    }

  private:
    void DoRun() override
    {
        ScratchDir dir("gprs-tcp-tracer-duplicates");
        const TransferResult r = RunTransfer(true, std::nullopt, dir.Get());
        NS_TEST_ASSERT_MSG_EQ(r.bytesReceived, 100000, "the transfer completes");
        NS_TEST_ASSERT_MSG_GT(r.log.duplicates,
                              1,
                              "the delay spike must bring duplicates, or this test tests nothing");
        NS_TEST_EXPECT_MSG_EQ(r.tracerDuplicates,
                              r.log.duplicates,
                              "duplicates the receiver's IP delivered");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(r.tracerDuplicates,
                                    r.tracerRetx,
                                    "each extra copy needs a retransmission");
        NS_TEST_EXPECT_MSG_EQ(r.fileLines, r.log.arrivals, "one line per arriving segment");
        NS_TEST_EXPECT_MSG_EQ(r.fileDuplicates, r.log.duplicates, "duplicate flags in the file");
    }
};

/// A retransmission that fills a hole is the first copy of its bytes: not a duplicate.
class GprsTcpTracerHoleFillTestCase : public TestCase
{
  public:
    GprsTcpTracerHoleFillTestCase()
        : TestCase("A retransmission filling a hole is not a duplicate")
    {
    }

  private:
    void DoRun() override
    {
        ScratchDir dir("gprs-tcp-tracer-hole-fill");
        // The 30th packet the receiver gets is a data segment in the middle of a window.
        const TransferResult r = RunTransfer(false, 30, dir.Get());
        NS_TEST_ASSERT_MSG_EQ(r.bytesReceived, 100000, "the transfer completes");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.log.holeFills,
                                    1,
                                    "the drop must leave a hole that a retransmission fills");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.tracerRetx, 1, "the dropped segment is retransmitted");
        NS_TEST_EXPECT_MSG_EQ(r.tracerDuplicates,
                              r.log.duplicates,
                              "duplicates the receiver's IP delivered");
        NS_TEST_EXPECT_MSG_EQ(r.fileDuplicates, r.log.duplicates, "duplicate flags in the file");
    }
};

/// The tracer's suite.
class GprsTcpTracerTestSuite : public GprsTestSuite
{
  public:
    GprsTcpTracerTestSuite()
        : GprsTestSuite("gprs-tcp-tracer")
    {
        Add<GprsTcpTracerDuplicateTestCase>();
        Add<GprsTcpTracerHoleFillTestCase>();
    }
};

GprsTcpTracerTestSuite g_gprsTcpTracerTestSuite; //!< registers the suite

} // namespace
