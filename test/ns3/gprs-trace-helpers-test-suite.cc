/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The trace helpers on a cell of three mobiles, each downloading by TCP from the one server:
// GprsHelper::EnableRlcTraces writes every RLC data block of each mobile, as the PCU's RlcBlock
// trace reports them (recorded separately here); one GprsTcpTracer per flow records its own
// flow only, although the three sockets share the server, and the run stops when the last
// flow is complete.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/test.h"

#include <fstream>
#include <memory>
#include <sstream>

using namespace ns3;
using namespace ns3::gprs_test;

NS_LOG_COMPONENT_DEFINE("GprsTraceHelpersTestSuite");

namespace
{

constexpr uint32_t kFlows = 3;                                    //!< one download per mobile
constexpr uint32_t kBytes[kFlows] = {30000, 60000, 20000};        //!< bytes of each
const Time kStart[kFlows] = {Seconds(1), Seconds(1), Seconds(2)}; //!< two start together
constexpr uint16_t kFirstPort = 5000; //!< flow i's sink listens on kFirstPort + i

/// Data segments each flow's own socket sent: the oracle of the tracers' sender files.
struct SocketTx
{
    uint32_t segments{0};      //!< data segments, retransmissions included
    uint32_t maxSequence{0};   //!< highest sequence number of one
    uint32_t minSequence{~0U}; //!< lowest
};

/// What one run produced.
struct TraceRun
{
    std::string dir;                                //!< scratch directory
    CellRecorder recorder;                          //!< the PCU's traces, recorded directly
    std::unique_ptr<GprsTcpTracer> tracers[kFlows]; //!< one per flow
    SocketTx tx[kFlows];                            //!< per flow, from its own socket
    uint64_t sinkBytes[kFlows]{};                   //!< per flow's PacketSink
    std::string rlcFiles[kFlows];                   //!< EnableRlcTraces' files, without ".tr"
    Time end;                                       //!< when the run stopped
};

/**
 * Three downloads over a cell at 12 dB (CS-2 loses some blocks, so RLC retransmits), traced by
 * EnableRlcTraces into dir/rlc-* and by one GprsTcpTracer per flow into dir/flow-<i>, which do
 * not exist before.
 * \param run the run, with its dir set
 */
void
RunFlows(TraceRun& run)
{
    CellSetup setup;
    setup.mobiles = kFlows;
    setup.radio = "12";
    const GprsScenario s = setup.Build(run.recorder);
    GprsHelper().EnableRlcTraces(run.dir + "/rlc", s.msDevices);
    for (uint32_t i = 0; i < kFlows; ++i)
    {
        const auto port = static_cast<uint16_t>(kFirstPort + i);
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        const auto sink = DynamicCast<PacketSink>(sinkHelper.Install(s.mobiles.Get(i)).Get(0));
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(s.GetMobileAddress(i), port));
        bulk.SetAttribute("MaxBytes", UintegerValue(kBytes[i]));
        const auto source = DynamicCast<BulkSendApplication>(bulk.Install(s.server).Get(0));
        source->SetStartTime(kStart[i]);
        Simulator::Schedule(kStart[i] + NanoSeconds(1), [source, tx = &run.tx[i]]() {
            source->GetSocket()->TraceConnectWithoutContext(
                "Tx",
                MakeCallback(+[](SocketTx* t,
                                 Ptr<const Packet> p,
                                 const TcpHeader& h,
                                 Ptr<const TcpSocketBase>) {
                    if (p->GetSize() > 0)
                    {
                        ++t->segments;
                        t->maxSequence = std::max(t->maxSequence, h.GetSequenceNumber().GetValue());
                        t->minSequence = std::min(t->minSequence, h.GetSequenceNumber().GetValue());
                    }
                }).Bind(tx));
        });
        run.tracers[i] = std::make_unique<GprsTcpTracer>(run.dir + "/flow-" + std::to_string(i));
        run.tracers[i]->WatchTcp(s.server, kStart[i], sink, kBytes[i]);
        run.tracers[i]->WatchRlc(s.pcu, i);
        const Ptr<NetDevice> ms = s.msDevices.Get(i);
        run.rlcFiles[i] = run.dir + "/rlc-" + std::to_string(ms->GetNode()->GetId()) + "-" +
                          std::to_string(ms->GetIfIndex()) + "-rlc";
    }
    Simulator::Stop(Seconds(300));
    Simulator::Run();
    run.end = Simulator::Now();
    for (uint32_t i = 0; i < kFlows; ++i)
    {
        run.tracers[i]->Close();
        run.sinkBytes[i] =
            DynamicCast<PacketSink>(s.mobiles.Get(i)->GetApplication(0))->GetTotalRx();
    }
    Simulator::Destroy();
}

/**
 * \param path a file
 * \return its lines that are not comments
 */
std::vector<std::string>
DataLines(const std::string& path)
{
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
    {
        if (!line.empty() && line[0] != '#')
        {
            lines.push_back(line);
        }
    }
    return lines;
}

/// EnableRlcTraces writes, per mobile, every block of that mobile as RlcBlock reports it.
class GprsRlcTracesTestCase : public TestCase
{
  public:
    GprsRlcTracesTestCase()
        : TestCase("EnableRlcTraces: per mobile, every RLC block in the .tr and .dat files")
    {
    }

  private:
    void DoRun() override
    {
        ScratchDir dir("gprs-trace-helpers-rlc");
        TraceRun run;
        run.dir = dir.Get();
        RunFlows(run);
        for (uint32_t i = 0; i < kFlows; ++i)
        {
            std::vector<TimedBlock> blocks;
            for (const TimedBlock& b : run.recorder.blocks)
            {
                if (b.record.ms == i)
                {
                    blocks.push_back(b);
                }
            }
            const std::vector<std::string> ascii = DataLines(run.rlcFiles[i] + ".tr");
            const std::vector<std::string> dat = DataLines(run.rlcFiles[i] + ".dat");
            NS_TEST_ASSERT_MSG_GT(blocks.size(), 0, "mobile " << i << " received blocks");
            NS_TEST_ASSERT_MSG_EQ(dat.size(), blocks.size(), "one .dat line per block of " << i);
            NS_TEST_ASSERT_MSG_EQ(ascii.size(), blocks.size(), "one .tr line per block of " << i);
            uint64_t downlink = 0;
            uint64_t downlinkRetx = 0;
            uint64_t retx = 0;
            uint64_t lost = 0;
            for (std::size_t k = 0; k < blocks.size(); ++k)
            {
                const GprsRlcBlockRecord& r = blocks[k].record;
                const bool isRetx = r.kind != GprsRlcTxKind::NEW;
                std::istringstream line(dat[k]);
                double time;
                int dir;
                int bsn;
                int lineRetx;
                int lineLost;
                int pdch;
                int cs;
                double ci;
                line >> time >> dir >> bsn >> lineRetx >> lineLost >> pdch >> cs >> ci;
                NS_TEST_ASSERT_MSG_EQ(bool(line), true, "a whole .dat line: " << dat[k]);
                NS_TEST_EXPECT_MSG_EQ_TOL(time, blocks[k].at.GetSeconds(), 1e-6, dat[k]);
                NS_TEST_EXPECT_MSG_EQ(dir, (r.dir == GprsDirection::DOWNLINK ? 0 : 1), dat[k]);
                NS_TEST_EXPECT_MSG_EQ(bsn, +r.bsn, dat[k]);
                NS_TEST_EXPECT_MSG_EQ(lineRetx, isRetx, dat[k]);
                NS_TEST_EXPECT_MSG_EQ(lineLost, r.lost, dat[k]);
                NS_TEST_EXPECT_MSG_EQ(pdch, +r.pdch, dat[k]);
                NS_TEST_EXPECT_MSG_EQ(cs, static_cast<int>(r.cs), dat[k]);
                NS_TEST_EXPECT_MSG_EQ_TOL(ci, r.ciDb, 1e-3, dat[k]);
                std::ostringstream words;
                words << ToString(r.dir) << " bsn=" << +r.bsn << " cs=" << ToString(r.cs);
                NS_TEST_EXPECT_MSG_NE(ascii[k].find(words.str()), std::string::npos, ascii[k]);
                NS_TEST_EXPECT_MSG_NE(ascii[k].find(" lost=" + std::to_string(r.lost)),
                                      std::string::npos,
                                      ascii[k]);
                const bool isDown = r.dir == GprsDirection::DOWNLINK;
                downlink += isDown ? 1 : 0;
                downlinkRetx += isDown && isRetx ? 1 : 0;
                retx += isRetx ? 1 : 0;
                lost += r.lost ? 1 : 0;
            }
            NS_TEST_EXPECT_MSG_GT(retx, 0, "at 12 dB RLC retransmits to mobile " << i);
            NS_TEST_EXPECT_MSG_GT(lost, 0, "and blocks of mobile " << i << " are lost");
            NS_TEST_EXPECT_MSG_GT(blocks.size(), downlink, "uplink blocks (TCP ACKs) too");
            NS_TEST_EXPECT_MSG_EQ(downlink,
                                  run.tracers[i]->GetRlcBlocks(),
                                  "downlink blocks: GprsTcpTracer's counter of mobile " << i);
            NS_TEST_EXPECT_MSG_EQ(downlinkRetx,
                                  run.tracers[i]->GetRlcRetransmissions(),
                                  "downlink retransmissions: GprsTcpTracer's counter");
        }
    }
};

/// One GprsTcpTracer per flow sees its own flow only; the run ends with the last flow.
class GprsTcpTracerFlowsTestCase : public TestCase
{
  public:
    GprsTcpTracerFlowsTestCase()
        : TestCase("GprsTcpTracer: three flows from one server, one tracer each")
    {
    }

  private:
    void DoRun() override
    {
        ScratchDir dir("gprs-trace-helpers-flows");
        TraceRun run;
        run.dir = dir.Get();
        RunFlows(run);
        Time first = Simulator::GetMaximumSimulationTime();
        Time last;
        for (uint32_t i = 0; i < kFlows; ++i)
        {
            const GprsTcpTracer& t = *run.tracers[i];
            NS_TEST_EXPECT_MSG_EQ(run.sinkBytes[i], kBytes[i], "flow " << i << " complete");
            NS_TEST_EXPECT_MSG_EQ(t.GetBytesReceived(), kBytes[i], "tracer " << i << "'s bytes");
            const std::string flowDir = run.dir + "/flow-" + std::to_string(i);
            const std::vector<std::string> sent = DataLines(flowDir + "/tcp-sender.dat");
            NS_TEST_EXPECT_MSG_EQ(sent.size(),
                                  run.tx[i].segments,
                                  "tracer " << i << " wrote the segments of its socket");
            uint32_t lowest = ~0U;
            uint32_t highest = 0;
            for (const std::string& line : sent)
            {
                double time;
                uint32_t sequence;
                std::istringstream(line) >> time >> sequence;
                lowest = std::min(lowest, sequence);
                highest = std::max(highest, sequence);
            }
            NS_TEST_EXPECT_MSG_EQ(lowest, run.tx[i].minSequence, "first sequence, flow " << i);
            NS_TEST_EXPECT_MSG_EQ(highest, run.tx[i].maxSequence, "last sequence, flow " << i);
            NS_TEST_EXPECT_MSG_EQ(DataLines(flowDir + "/tcp-receiver.dat").empty(),
                                  false,
                                  "tracer " << i << " wrote its receiver file");
            first = std::min(first, t.GetLastReceive());
            last = std::max(last, t.GetLastReceive());
        }
        NS_TEST_ASSERT_MSG_LT(first, last, "the flows must end at different times");
        NS_TEST_EXPECT_MSG_EQ(run.end, last, "the run stops when the last flow is complete");
    }
};

/// The trace helpers' suite.
class GprsTraceHelpersTestSuite : public GprsTestSuite
{
  public:
    GprsTraceHelpersTestSuite()
        : GprsTestSuite("gprs-trace-helpers")
    {
        Add<GprsRlcTracesTestCase>();
        Add<GprsTcpTracerFlowsTestCase>();
    }
};

GprsTraceHelpersTestSuite g_gprsTraceHelpersTestSuite; //!< registers the suite

} // namespace
