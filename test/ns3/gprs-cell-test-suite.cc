/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Scenario tests of a whole GPRS cell (GprsPcu with its devices, driven by the ns-3 simulator
// through GprsScenarioHelper): throughput against the radio tables, ARQ, reliability of TCP,
// fairness, multislot limits, outages, determinism and the rejection of bad attribute values.
// The tests of the PCU's TBF, RLC and LLC behaviour that UDP-like packets can drive (buffer,
// TBF delay, uplink final Ack/Nack, countdown, TFI limit, keep-alive, LLC lifetime, RLC
// unacknowledged mode, unreachable mobile, reselection) are googletests of the PCU alone in
// test/pcu/ (the PCU test seam, gprs-pcu-fixture.h). Every expected figure is derived from the
// protocol tables (coding schemes, block timing, LLC/SNDCP framing, multislot classes) and the
// attributes in force, never copied from a previous run.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>

using namespace ns3;
using namespace ns3::gprs_test;
using ns3::gprs_records::RlcOctetsPerPacket;

NS_LOG_COMPONENT_DEFINE("GprsCellTestSuite");

namespace
{

/// Radio blocks per second on one PDCH (TS 45.002: 12 blocks per 240 ms 52-multiframe).
constexpr double kBlocksPerSecond = GprsBlockTiming::kBlocksPerSecond;

/// Interval of the saturating UDP flows in ms: 50 kB/s of 500-octet packets, more than 8 PDCHs
/// of CS-4 carry (8 x 50 blocks/s x 50 octets = 20 kB/s).
constexpr int64_t kSaturatingIntervalMs = 10;

/**
 * \param msg a control message
 * \return true if the mobile sends it (uplink)
 */
bool
IsUplink(GprsControlMessage msg)
{
    return msg == GprsControlMessage::PACKET_DOWNLINK_ACK_NACK ||
           msg == GprsControlMessage::PACKET_CONTROL_ACK ||
           msg == GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK;
}

/**
 * \param msClass multislot class
 * \param pdchs PDCHs of the cell
 * \return downlink PDCHs of a downlink TBF (GprsAssignTbfTimeslots)
 */
uint32_t
DownlinkPdchs(uint32_t msClass, uint32_t pdchs)
{
    return static_cast<uint32_t>(
        GprsAssignTbfTimeslots(static_cast<int>(msClass), static_cast<int>(pdchs))
            .downlinkTbf.downlink.count());
}

/// IP size of the saturating UDP packets.
constexpr uint32_t kUdpIpOctets = 500;
/// Deliveries skipped before the measurement window (TBF establishment, start-up).
constexpr std::size_t kSkipPackets = 3;

/**
 * Predicted downlink goodput of a saturated TBF: PDCHs x 50 blocks/s x RLC data octets of the
 * CS x (1 - BLER) x IP octets / RLC octets per IP packet. Selective-repeat ARQ delivers a
 * fraction 1 - BLER of the blocks and spends the rest on retransmissions.
 * \param pcu the PCU (framing attributes)
 * \param pdchs downlink PDCHs of the TBF
 * \param cs coding scheme
 * \param bler block error rate
 * \return IP octets per second
 */
double
PredictedGoodput(Ptr<GprsPcu> pcu, uint32_t pdchs, GprsCodingScheme cs, double bler)
{
    return pdchs * kBlocksPerSecond * GprsRlcDataOctets(cs) * (1 - bler) * kUdpIpOctets /
           RlcOctetsPerPacket(pcu, kUdpIpOctets);
}

/**
 * Goodput of a window of deliveries: the IP octets of packets first+1 .. last over the time
 * from the delivery of packet first to that of packet last. Timing from delivery to delivery
 * cancels the start-up and the granularity of whole packets.
 * \param d deliveries in order
 * \param first index of the packet that opens the window
 * \param last index of the packet that closes it
 * \return octets per second
 */
double
Goodput(const std::vector<Delivery>& d, std::size_t first, std::size_t last)
{
    double octets = 0;
    for (std::size_t i = first + 1; i <= last; ++i)
    {
        octets += d[i].bytes;
    }
    return octets / (d[last].at - d[first].at).GetSeconds();
}

/**
 * Saturate the downlink of one mobile with UDP and measure its goodput after start-up.
 * \param setup the cell (one mobile)
 * \param bler the BLER of setup.blerFile, for the window length
 * \param windowBlockPeriods the measurement window lasts about this many block periods
 * \param[out] predicted PredictedGoodput() of this setup
 * \param[out] recorder the traces
 * \return measured goodput, octets per second
 */
double
MeasureSaturatedGoodput(const CellSetup& setup,
                        double bler,
                        double windowBlockPeriods,
                        double& predicted,
                        CellRecorder& recorder)
{
    const GprsScenario s = setup.Build(recorder);
    SendUdpDown(s, 0, kUdpIpOctets, MilliSeconds(kSaturatingIntervalMs), 1000000, Seconds(0.5));
    const uint32_t pdchs = DownlinkPdchs(setup.msClass, setup.pdchs);
    predicted = PredictedGoodput(s.pcu, pdchs, setup.cs, bler);
    // Packets that fill the window: deliveries fall on block boundaries, 4 or 5 TDMA frames
    // apart, so the timing error is under one block period in the window.
    const auto window = static_cast<std::size_t>(
        std::ceil(windowBlockPeriods / kBlocksPerSecond * predicted / kUdpIpOctets));
    recorder.stopAfterDownlink = kSkipPackets + window + 1;
    Simulator::Stop(Seconds(1000));
    Simulator::Run();
    const auto& d = recorder.deliveries[0];
    if (d.size() < recorder.stopAfterDownlink)
    {
        return 0;
    }
    return Goodput(d, kSkipPackets, kSkipPackets + window);
}

/**
 * 1. Saturating downlink UDP with BLER 0 achieves PDCHs x 50 blocks/s x RLC data octets x
 * framing efficiency, for every CS and 1, 2, 4 and 8 PDCHs.
 */
class GprsCellSaturationTestCase : public TestCase
{
  public:
    GprsCellSaturationTestCase()
        : TestCase(
              "saturating downlink UDP, BLER 0: goodput = PDCHs x 50 blocks per s x RLC octets x "
              "IP over (IP + LLC + SNDCP + LI), CS-1..CS-4, 1, 2, 4 and 8 PDCHs")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t pdchs : {1U, 2U, 4U, 8U})
        {
            // Class 8 (4+1, Meyer's mobile) up to 4 PDCHs, class 18 (8+8, type 2) for 8.
            const uint32_t msClass = pdchs <= 4 ? 8 : 18;
            NS_TEST_ASSERT_MSG_EQ(DownlinkPdchs(msClass, pdchs),
                                  pdchs,
                                  "class " << msClass << " on " << pdchs << " PDCHs");
            for (GprsCodingScheme cs : kGprsCodingSchemes)
            {
                CellSetup setup;
                setup.pdchs = pdchs;
                setup.cs = cs;
                setup.msClass = msClass;
                setup.blerFile = "cell-bler-zero.txt";
                CellRecorder rec;
                double predicted = 0;
                const double measured = MeasureSaturatedGoodput(setup, 0, 500, predicted, rec);
                NS_LOG_INFO("saturation " << ToString(cs) << ", " << pdchs << " PDCHs: measured "
                                          << measured << " B/s, predicted " << predicted << " B/s");
                NS_TEST_EXPECT_MSG_EQ_TOL(measured,
                                          predicted,
                                          0.02 * predicted,
                                          ToString(cs) << ", " << pdchs << " PDCHs");
                const auto lost = std::count_if(rec.blocks.begin(),
                                                rec.blocks.end(),
                                                [](const TimedBlock& b) { return b.record.lost; });
                NS_TEST_EXPECT_MSG_EQ(lost, 0, "BLER 0 file: no block may be lost");
                Simulator::Destroy();
            }
        }
    }
};

/**
 * 2. A constant BLER of 0.3 (every block, data and control) lowers the goodput by the factor
 * 1 - 0.3 that selective-repeat ARQ predicts: a fraction 0.7 of the transmissions get
 * through, retransmissions take the rest.
 *
 * The factor is reached only where the 64-block window (TS 44.060 clause 9.1.9) does not
 * stall. One Ack/Nack cycle takes at least 4 block periods (the RRBP answer comes 13 TDMA frames,
 * 3 blocks, after the poll, TS 44.060 Table 10.4.5.1, and counts one block later) and succeeds only
 * if both the polling block and the answer get through, 0.7 x 0.7 = 49 % of the time; a lost
 * block waits for a successful cycle and for its retransmission, each again lost with
 * probability 0.3. On 1 PDCH the window spans 64 block periods, far more than that; on 4 PDCHs
 * only 16, so the window stalls and 1 - BLER is an upper bound there, which no ARQ can exceed.
 */
class GprsCellArqTestCase : public TestCase
{
  public:
    GprsCellArqTestCase()
        : TestCase("saturating downlink UDP, BLER 0.3: goodput x (1 - 0.3) on 1 PDCH, at most "
                   "that on 4 PDCHs")
    {
    }

  private:
    void DoRun() override
    {
        constexpr double kBler = 0.3;
        for (uint32_t pdchs : {1U, 4U})
        {
            CellSetup setup;
            setup.pdchs = pdchs;
            setup.blerFile = "cell-bler-zero.txt";
            CellRecorder ideal;
            double idealPredicted = 0;
            const double idealMeasured =
                MeasureSaturatedGoodput(setup, 0, 500, idealPredicted, ideal);
            Simulator::Destroy();

            setup.blerFile = "cell-bler-0.3.txt";
            CellRecorder rec;
            double predicted = 0;
            // 10000 block periods: on one PDCH the fraction of blocks lost has a standard error
            // of sqrt(0.3 x 0.7 / 10000) = 0.46 %, 0.65 % of the ratio 0.7: the 5 % tolerance is
            // 7 standard errors; deliveries released together by a retransmission (at most a
            // 64-block window) shift the window by less than 1 %.
            const double measured = MeasureSaturatedGoodput(setup, kBler, 10000, predicted, rec);
            Simulator::Destroy();

            const auto lost = std::count_if(rec.blocks.begin(),
                                            rec.blocks.end(),
                                            [](const TimedBlock& b) { return b.record.lost; });
            const auto resent =
                std::count_if(rec.blocks.begin(), rec.blocks.end(), [](const TimedBlock& b) {
                    return b.record.kind == GprsRlcTxKind::PENDING_ACK;
                });
            const double lossRate = static_cast<double>(lost) / rec.blocks.size();
            const double ratio = measured / idealMeasured;
            NS_LOG_INFO("BLER 0.3, " << pdchs << " PDCHs: " << measured
                                     << " B/s, BLER 0: " << idealMeasured << " B/s, ratio " << ratio
                                     << "; blocks lost " << lossRate << ", pending-ack resends "
                                     << static_cast<double>(resent) / rec.blocks.size()
                                     << ", abnormal TBF releases " << rec.AbnormalReleases());
            NS_TEST_EXPECT_MSG_EQ_TOL(lossRate, kBler, 0.03, "loss rate drawn from the file");
            if (pdchs == 1)
            {
                NS_TEST_EXPECT_MSG_EQ_TOL(ratio,
                                          1 - kBler,
                                          0.05 * (1 - kBler),
                                          "1 PDCH: ratio to the BLER 0 goodput");
            }
            else
            {
                NS_TEST_EXPECT_MSG_LT_OR_EQ(ratio,
                                            (1 - kBler) * 1.05,
                                            pdchs << " PDCHs: ratio to the BLER 0 goodput");
            }
        }
    }
};

/**
 * 3. A TCP download arrives complete and in order, with good and with lossy radio conditions:
 * RLC acknowledged mode hides the block losses from TCP.
 */
class GprsCellTcpTestCase : public TestCase
{
  public:
    GprsCellTcpTestCase()
        : TestCase(
              "TCP download of 200 kB: every byte, in order, at C over I 24 dB and 8 dB (CS-2)")
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kBytes = 200000;
        for (const std::string radio : {"24", "8"})
        {
            CellSetup setup;
            setup.radio = radio;
            setup.Pcu("DownlinkBufferBytes", UintegerValue(kLargeBuffer));
            CellRecorder rec;
            const TcpDownload r = RunTcpDownload(setup, kBytes, Seconds(1), Seconds(600), rec);
            const auto lost = std::count_if(rec.blocks.begin(),
                                            rec.blocks.end(),
                                            [](const TimedBlock& b) { return b.record.lost; });
            NS_LOG_INFO("TCP C/I " << radio << " dB: " << r.sinkBytes << " bytes by "
                                   << r.completed.As(Time::S) << ", RLC blocks "
                                   << rec.blocks.size() << " of which lost " << lost
                                   << ", TCP duplicates " << r.order.duplicates);
            NS_TEST_EXPECT_MSG_EQ(r.sinkBytes, kBytes, "C/I " << radio << ": bytes at the sink");
            NS_TEST_EXPECT_MSG_EQ(r.order.inOrderBytes, kBytes, "C/I " << radio << ": in order");
            NS_TEST_EXPECT_MSG_EQ(r.order.gaps, 0, "C/I " << radio << ": segments out of order");
            NS_TEST_EXPECT_MSG_EQ(rec.framesLost, 0, "C/I " << radio << ": LLC frames lost");
            NS_TEST_EXPECT_MSG_EQ(rec.bufferDrops, 0, "C/I " << radio << ": GGSN drops");
            NS_TEST_EXPECT_MSG_EQ(r.bssMacDrops, 0, "C/I " << radio << ": IP packets lost");
            if (radio == "8")
            {
                NS_TEST_EXPECT_MSG_GT(lost, 0, "C/I 8 dB must lose radio blocks");
            }
            Simulator::Destroy();
        }
    }
};

/**
 * 4. Two mobiles saturating one PDCH each get half of it (round robin).
 */
class GprsCellFairnessTestCase : public TestCase
{
  public:
    GprsCellFairnessTestCase()
        : TestCase("two mobiles with saturating downlink UDP share one PDCH: half each")
    {
    }

  private:
    void DoRun() override
    {
        CellSetup setup;
        setup.pdchs = 1;
        setup.mobiles = 2;
        setup.blerFile = "cell-bler-zero.txt";
        CellRecorder rec;
        const GprsScenario s = setup.Build(rec);
        for (uint32_t m = 0; m < 2; ++m)
        {
            SendUdpDown(s,
                        m,
                        kUdpIpOctets,
                        MilliSeconds(kSaturatingIntervalMs),
                        1000000,
                        Seconds(0.5));
        }
        // Measure over 2000 block periods once both TBFs run.
        const Time from = Seconds(5);
        const Time to = from + Seconds(2000 / kBlocksPerSecond);
        Simulator::Stop(to);
        Simulator::Run();
        const double half = PredictedGoodput(s.pcu, 1, setup.cs, 0) / 2;
        double goodput[2];
        for (uint32_t m = 0; m < 2; ++m)
        {
            const auto d = rec.DeliveredTo(m);
            // Whole packets between the first delivery after 'from' and the last before 'to'.
            const auto first =
                std::find_if(d.begin(), d.end(), [&](const Delivery& x) { return x.at >= from; });
            NS_TEST_ASSERT_MSG_GT(std::distance(first, d.end()), 2, "mobile " << m << " starved");
            goodput[m] = Goodput(d, static_cast<std::size_t>(first - d.begin()), d.size() - 1);
            NS_LOG_INFO("fairness: mobile " << m << " " << goodput[m] << " B/s, half " << half
                                            << " B/s");
            NS_TEST_EXPECT_MSG_EQ_TOL(goodput[m], half, 0.1 * half, "mobile " << m);
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(goodput[0] / goodput[1], 1.0, 0.1, "ratio of the two mobiles");
        Simulator::Destroy();
    }
};

/**
 * 5. A mobile's blocks stay within its multislot class: the timeslots it receives and sends on
 * are those GprsAssignTbfTimeslots gives, and in every block period the timeslots it receives
 * on and those it transmits on (data and polled control blocks) are a configuration its class
 * supports (GprsMultislotClass::Allows).
 */
class GprsCellMultislotTestCase : public TestCase
{
  public:
    GprsCellMultislotTestCase()
        : TestCase("multislot classes 8 and 1 on 8 PDCHs: blocks only on the assigned timeslots, "
                   "every block period within the class")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t msClass : {8U, 1U})
        {
            CellSetup setup;
            setup.pdchs = 8;
            setup.msClass = msClass;
            setup.blerFile = "cell-bler-zero.txt";
            CellRecorder rec;
            const GprsScenario s = setup.Build(rec);
            // Saturate both directions, so that both TBFs run at once.
            SendUdpDown(s,
                        0,
                        kUdpIpOctets,
                        MilliSeconds(kSaturatingIntervalMs),
                        1000000,
                        Seconds(0.5));
            SendUdp(s.mobiles.Get(0),
                    s.server,
                    s.serverAddress,
                    kUdpIpOctets,
                    MilliSeconds(kSaturatingIntervalMs),
                    1000000,
                    Seconds(0.5));
            Simulator::Stop(Seconds(10));
            Simulator::Run();

            const GprsMultislotClass& row = GprsMultislotClass::Get(static_cast<int>(msClass));
            const GprsTbfTimeslots assigned = GprsAssignTbfTimeslots(static_cast<int>(msClass), 8);
            // Timeslots per direction over the run, and per block period.
            GprsTimeslotSet used[2];
            std::map<Time, std::array<GprsTimeslotSet, 2>> perPeriod;
            for (const auto& b : rec.blocks)
            {
                used[GprsDirIndex(b.record.dir)].set(b.record.pdch);
                perPeriod[b.at][GprsDirIndex(b.record.dir)].set(b.record.pdch);
            }
            for (const auto& c : rec.controls)
            {
                perPeriod[c.at][IsUplink(c.msg) ? 1 : 0].set(c.pdch);
            }
            NS_LOG_INFO("class " << msClass << ": DL TNs " << used[0] << ", UL TNs " << used[1]
                                 << "; assigned DL " << assigned.downlinkTbf.downlink << " (UL "
                                 << assigned.downlinkTbf.uplink << "), UL TBF "
                                 << assigned.uplinkTbf.uplink);
            NS_TEST_EXPECT_MSG_GT(used[0].count(), 0, "class " << msClass << ": no DL data");
            NS_TEST_EXPECT_MSG_GT(used[1].count(), 0, "class " << msClass << ": no UL data");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(used[0].count(),
                                        row.maxRx,
                                        "class " << msClass << ": DL timeslots " << used[0]);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(used[1].count(),
                                        row.maxTx,
                                        "class " << msClass << ": UL timeslots " << used[1]);
            const GprsTimeslotSet uplinkAllowed =
                assigned.uplinkTbf.uplink | assigned.downlinkTbf.uplink;
            NS_TEST_EXPECT_MSG_EQ((used[1] & ~uplinkAllowed).none(),
                                  true,
                                  "class " << msClass << ": UL timeslots " << used[1]
                                           << " outside the assignments " << uplinkAllowed);
            NS_TEST_EXPECT_MSG_EQ((used[0] & ~assigned.downlinkTbf.downlink).none(),
                                  true,
                                  "class " << msClass << ": DL timeslots " << used[0]
                                           << " outside the assignment "
                                           << assigned.downlinkTbf.downlink);
            uint32_t violations = 0;
            std::ostringstream first;
            for (const auto& [at, sets] : perPeriod)
            {
                if (!row.Allows(sets[0], sets[1]))
                {
                    if (violations++ == 0)
                    {
                        first << at.As(Time::S) << ": Rx " << sets[0] << ", Tx " << sets[1];
                    }
                }
            }
            NS_TEST_EXPECT_MSG_EQ(violations,
                                  0,
                                  "class " << msClass << ": block periods beyond the class, "
                                           << "first at " << first.str());
            Simulator::Destroy();
        }
    }
};

/**
 * 6. An outage of 10 s during a TCP download in RLC acknowledged mode: the abnormal TBF release
 * with retry loses nothing; without retry LLC frames are lost and counted.
 */
class GprsCellOutageTestCase : public TestCase
{
  public:
    GprsCellOutageTestCase()
        : TestCase("outage 20-30 s during a TCP download: delayed, nothing lost with "
                   "RetryAfterAbort; frames lost and counted without")
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t kBytes = 200000;
        CellSetup setup;
        setup.Pcu("DownlinkBufferBytes", UintegerValue(kLargeBuffer));
        CellRecorder clear;
        const TcpDownload reference =
            RunTcpDownload(setup, kBytes, Seconds(1), Seconds(600), clear);
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(reference.sinkBytes, kBytes, "download without outage");
        NS_TEST_ASSERT_MSG_GT(reference.completed, Seconds(30), "must still run at 20 s");

        setup.outages = "20s-30s";
        CellRecorder rec;
        const TcpDownload r = RunTcpDownload(setup, kBytes, Seconds(1), Seconds(600), rec);
        Simulator::Destroy();
        NS_LOG_INFO("outage, retry: done at " << r.completed.As(Time::S) << " (without outage "
                                              << reference.completed.As(Time::S)
                                              << "), abnormal releases " << rec.AbnormalReleases()
                                              << ", frames lost " << rec.framesLost);
        NS_TEST_EXPECT_MSG_EQ(r.sinkBytes, kBytes, "bytes at the sink");
        NS_TEST_EXPECT_MSG_EQ(r.order.inOrderBytes, kBytes, "in order");
        NS_TEST_EXPECT_MSG_EQ(r.order.gaps, 0, "segments out of order");
        NS_TEST_EXPECT_MSG_GT(rec.AbnormalReleases(), 0, "the outage must abort the TBF");
        NS_TEST_EXPECT_MSG_EQ(rec.framesLost, 0, "LLC frames lost despite RetryAfterAbort");
        NS_TEST_EXPECT_MSG_EQ(rec.bufferDrops, 0, "GGSN buffer overflow");
        NS_TEST_EXPECT_MSG_EQ(r.bssMacDrops, 0, "IP packets lost");
        // The radio link, the bottleneck before and after, carries nothing for 10 s.
        NS_TEST_EXPECT_MSG_GT_OR_EQ(r.completed,
                                    reference.completed + Seconds(10),
                                    "the outage must delay the download");

        setup.Pcu("RetryAfterAbort", BooleanValue(false));
        CellRecorder noRetry;
        const TcpDownload lossy = RunTcpDownload(setup, kBytes, Seconds(1), Seconds(600), noRetry);
        Simulator::Destroy();
        NS_LOG_INFO("outage, no retry: done at "
                    << lossy.completed.As(Time::S) << ", frames lost " << noRetry.framesLost
                    << ", IP packets lost " << lossy.bssMacDrops << ", gaps " << lossy.order.gaps);
        NS_TEST_EXPECT_MSG_GT(noRetry.AbnormalReleases(), 0, "the outage must abort the TBF");
        NS_TEST_EXPECT_MSG_GT(noRetry.framesLost, 0, "LLC frames must be lost without retry");
        NS_TEST_EXPECT_MSG_GT(lossy.bssMacDrops, 0, "IP packets must be lost without retry");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(lossy.bssMacDrops,
                                    noRetry.framesLost,
                                    "an IP packet is lost only with one of its frames");
        NS_TEST_EXPECT_MSG_EQ(lossy.sinkBytes, kBytes, "TCP recovers the lost packets");
    }
};

/**
 * A TCP download of 30000 bytes to mobile 0 at C/I 8 dB (default BLER of CS-2 between Meyer's
 * 3.4 % at 13 dB and 46.4 % at 6 dB: losses are drawn all the time), serialized.
 * \param setup the cell (its C/I is set here)
 * \param[out] rec the traces
 * \return every RLC data block, control block and delivery, one per line
 */
std::string
DownloadTrace(CellSetup setup, CellRecorder& rec)
{
    setup.radio = "8";
    RunTcpDownload(setup, 30000, Seconds(1), Seconds(60), rec);
    Simulator::Destroy();
    std::ostringstream os;
    for (const auto& b : rec.blocks)
    {
        const auto& r = b.record;
        os << b.at.GetNanoSeconds() << " " << r.ms << " " << ToString(r.dir) << " " << +r.pdch
           << " " << +r.bsn << " " << ToString(r.cs) << " " << static_cast<int>(r.kind) << " "
           << r.fbi << r.polled << r.lost << "\n";
    }
    for (const auto& c : rec.controls)
    {
        os << c.at.GetNanoSeconds() << " " << ToString(c.msg) << " " << +c.pdch << " " << c.lost
           << "\n";
    }
    for (const auto& list : rec.deliveries)
    {
        for (const auto& d : list)
        {
            os << d.at.GetNanoSeconds() << " " << d.bytes << " " << d.delay.GetNanoSeconds()
               << "\n";
        }
    }
    return os.str();
}

/**
 * 9. Same seed and run: identical traces; another run number: a different trace.
 */
class GprsCellDeterminismTestCase : public TestCase
{
  public:
    GprsCellDeterminismTestCase()
        : TestCase("same seed and run give identical RLC and delivery traces, another run differs")
    {
    }

  private:
    /**
     * \param run the run number
     * \return DownloadTrace() of one mobile
     */
    static std::string Trace(uint32_t run)
    {
        CellSetup setup;
        setup.run = run;
        CellRecorder rec;
        return DownloadTrace(setup, rec);
    }

    void DoRun() override
    {
        const std::string a = Trace(1);
        const std::string b = Trace(1);
        const std::string c = Trace(2);
        NS_TEST_ASSERT_MSG_GT(a.size(), 1000, "the trace must hold something");
        NS_TEST_EXPECT_MSG_EQ((a == b), true, "same seed and run, different traces");
        NS_TEST_EXPECT_MSG_EQ((a != c), true, "run 1 and run 2 gave the same trace");
    }
};

/**
 * 9b. Idle mobiles are free: the PCU's per-block work looks only at mobiles with a TBF (or an
 * Ack/Nack owed), and mobiles without traffic change nothing for the others.
 */
class GprsCellIdleMobilesTestCase : public TestCase
{
  public:
    GprsCellIdleMobilesTestCase()
        : TestCase("a download among 50 idle mobiles: the PCU tracks only the downloading mobile "
                   "per block, and the traces are those of the download alone")
    {
    }

  private:
    void DoRun() override
    {
        CellRecorder aloneRec;
        const std::string alone = DownloadTrace(CellSetup(), aloneRec);
        CellSetup crowded;
        crowded.mobiles = 51;
        CellRecorder crowdedRec;
        const std::string among = DownloadTrace(crowded, crowdedRec);
        NS_TEST_ASSERT_MSG_GT(alone.size(), 1000, "the trace must hold something");
        NS_TEST_EXPECT_MSG_EQ((alone == among), true, "50 idle mobiles changed the download");
        NS_TEST_EXPECT_MSG_EQ(aloneRec.maxTracked, 1, "one mobile, one tracked");
        NS_TEST_EXPECT_MSG_EQ(crowdedRec.maxTracked, 1, "idle mobiles were tracked per block");
    }
};

/**
 * 10. Out-of-range attribute values are rejected (fatal messages for bad text values are
 * tested in gprs-cell-gtest.cc, with death tests).
 */
class GprsCellAttributeTestCase : public TestCase
{
  public:
    GprsCellAttributeTestCase()
        : TestCase("out-of-range attribute values are rejected")
    {
    }

  private:
    void DoRun() override
    {
        const Ptr<GprsPcu> pcu = CreateObject<GprsPcu>();
        for (uint32_t n : {0U, 9U})
        {
            NS_TEST_EXPECT_MSG_EQ(pcu->SetAttributeFailSafe("NumberOfPdchs", UintegerValue(n)),
                                  false,
                                  "NumberOfPdchs " << n);
            NS_TEST_EXPECT_MSG_EQ(
                Config::SetDefaultFailSafe("ns3::GprsPcu::NumberOfPdchs", UintegerValue(n)),
                false,
                "default NumberOfPdchs " << n);
        }
        NS_TEST_EXPECT_MSG_EQ(pcu->SetAttributeFailSafe("NumberOfPdchs", UintegerValue(8)),
                              true,
                              "NumberOfPdchs 8");
        NS_TEST_EXPECT_MSG_EQ(pcu->SetAttributeFailSafe("DownlinkBufferBytes", UintegerValue(0)),
                              false,
                              "DownlinkBufferBytes 0");
        NS_TEST_EXPECT_MSG_EQ(pcu->SetAttributeFailSafe("N201U", UintegerValue(139)),
                              false,
                              "N201U 139");
        for (const Time& t : {Seconds(2), MilliSeconds(300), MicroSeconds(80001)})
        {
            NS_TEST_EXPECT_MSG_EQ(pcu->SetAttributeFailSafe("T3192", TimeValue(t)),
                                  false,
                                  "T3192 " << t.As(Time::MS) << " (SI13 cannot carry it)");
        }
        NS_TEST_EXPECT_MSG_EQ(pcu->SetAttributeFailSafe("T3192", TimeValue(MilliSeconds(80))),
                              true,
                              "T3192 80 ms");
        for (uint32_t v : {0U, 16U})
        {
            NS_TEST_EXPECT_MSG_EQ(pcu->SetAttributeFailSafe("BsCvMax", UintegerValue(v)),
                                  false,
                                  "BsCvMax " << v);
        }
        NS_TEST_EXPECT_MSG_EQ(pcu->SetAttributeFailSafe("T3195", TimeValue(Seconds(-1))),
                              false,
                              "T3195 -1 s");
        NS_TEST_EXPECT_MSG_EQ(
            pcu->SetAttributeFailSafe("AccessRejectWait", TimeValue(Seconds(256))),
            false,
            "AccessRejectWait 256 s (8-bit wait indication)");
        NS_TEST_EXPECT_MSG_EQ(
            pcu->SetAttributeFailSafe("DelayedReleaseTime", TimeValue(Seconds(-1))),
            false,
            "DelayedReleaseTime -1 s");

        const Ptr<GprsMsNetDevice> ms = CreateObject<GprsMsNetDevice>();
        for (uint32_t c : {0U, 46U})
        {
            NS_TEST_EXPECT_MSG_EQ(ms->SetAttributeFailSafe("MultislotClass", UintegerValue(c)),
                                  false,
                                  "MultislotClass " << c);
            NS_TEST_EXPECT_MSG_EQ(Config::SetDefaultFailSafe("ns3::GprsMsNetDevice::MultislotClass",
                                                             UintegerValue(c)),
                                  false,
                                  "default MultislotClass " << c);
        }
        NS_TEST_EXPECT_MSG_EQ(ms->SetAttributeFailSafe("MultislotClass", UintegerValue(45)),
                              true,
                              "MultislotClass 45");
    }
};

/**
 * 11. A Gilbert-Elliott process replaces BLER(CS, C/I): at 40 dB (BLER about 0 for CS-2) the
 * blocks are lost at the process's stationary rate p / (p + r) and in bursts of mean 1 / r.
 */
class GprsCellGilbertElliottTestCase : public TestCase
{
  public:
    GprsCellGilbertElliottTestCase()
        : TestCase(
              "Gilbert-Elliott losses: rate p over (p + r), bursts of 1 over r blocks at 40 dB")
    {
    }

  private:
    void DoRun() override
    {
        constexpr double kP = 0.1; // good -> bad per block
        constexpr double kR = 0.3; // bad -> good per block
        CellSetup setup;
        setup.radio = "40";
        setup.Ms("UseGilbertElliott", BooleanValue(true))
            .Ms("GeGoodToBad", DoubleValue(kP))
            .Ms("GeBadToGood", DoubleValue(kR))
            .Ms("GeLossGood", DoubleValue(0))
            .Ms("GeLossBad", DoubleValue(1));
        CellRecorder rec;
        const GprsScenario s = setup.Build(rec);
        SendUdpDown(s, 0, 500, MilliSeconds(20), 1000, Seconds(1));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        uint64_t lost = 0;
        uint64_t bursts = 0;
        bool previousLost = false;
        for (const auto& b : rec.blocks)
        {
            if (b.record.dir != GprsDirection::DOWNLINK)
            {
                continue;
            }
            lost += b.record.lost ? 1 : 0;
            bursts += b.record.lost && !previousLost ? 1 : 0;
            previousLost = b.record.lost;
        }
        const double rate = static_cast<double>(lost) / rec.blocks.size();
        const double meanBurst = bursts ? static_cast<double>(lost) / bursts : 0;
        NS_LOG_INFO("Gilbert-Elliott: " << rec.blocks.size() << " blocks, loss rate " << rate
                                        << " (expected " << kP / (kP + kR) << "), mean burst "
                                        << meanBurst << " (expected about " << 1 / kR << ")");
        NS_TEST_EXPECT_MSG_GT(rec.blocks.size(), 2000u, "enough blocks to measure");
        NS_TEST_EXPECT_MSG_EQ_TOL(rate, kP / (kP + kR), 0.04, "stationary loss rate");
        // Control blocks and USF draws step the chain too, so data-block bursts are a little
        // shorter than 1 / r; far from 1 (independent losses) all the same.
        NS_TEST_EXPECT_MSG_GT(meanBurst, 2.0, "losses come in bursts");
        NS_TEST_EXPECT_MSG_LT(meanBurst, 1 / kR + 0.5, "bursts end at rate r");
        Simulator::Destroy();
    }
};

/**
 * 13. Pcap files of the GPRS devices hold the IP packets (DLT_RAW) they sent and received.
 */
class GprsCellPcapTestCase : public TestCase
{
  public:
    GprsCellPcapTestCase()
        : TestCase(
              "pcap of the GPRS devices: DLT_RAW IPv4 packets, one per packet sent or received")
    {
    }

  private:
    void DoRun() override
    {
        const std::string prefix = CreateTempDirFilename("gprs-pcap.pcap");
        std::filesystem::create_directories(std::filesystem::path(prefix).parent_path());
        {
            // The pcap file is complete once the devices, which hold it open, are gone.
            CellSetup setup;
            CellRecorder rec;
            const GprsScenario s = setup.Build(rec);
            GprsHelper().EnablePcap(prefix, s.msDevices.Get(0), false, true);
            SendUdpDown(s, 0, 300, MilliSeconds(100), 5, Seconds(1));
            Simulator::Stop(Seconds(5));
            Simulator::Run();
        }
        Simulator::Destroy();

        PcapFile pcap;
        pcap.Open(prefix, std::ios::in | std::ios::binary);
        NS_TEST_ASSERT_MSG_EQ(pcap.Fail(), false, "pcap file " << prefix << " readable");
        NS_TEST_EXPECT_MSG_EQ(pcap.GetDataLinkType(), gprs::kPcapLinkTypeRaw, "raw IP link type");
        uint32_t udp = 0;
        uint8_t data[2048];
        uint32_t tsSec;
        uint32_t tsUsec;
        uint32_t inclLen;
        uint32_t origLen;
        uint32_t readLen;
        while (true)
        {
            pcap.Read(data, sizeof(data), tsSec, tsUsec, inclLen, origLen, readLen);
            if (pcap.Eof())
            {
                break;
            }
            const int version = data[0] >> 4;
            NS_TEST_EXPECT_MSG_EQ(version, 4, "IPv4 packet");
            udp += data[9] == gprs::kUdpProtocolNumber && origLen == 300 ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_EQ(udp, 5u, "the 5 downlink UDP packets of 300 octets");
    }
};

/**
 * 14. Link adaptation by C/I thresholds: with C/I 24 dB, then 4 dB from 10 s, the downlink
 * blocks use the scheme the thresholds give for each state (CS-4 above Cs4Threshold, CS-1
 * below Cs2Threshold), switching after the first Ack/Nack that reports the new C/I.
 */
class GprsCellLinkAdaptationTestCase : public TestCase
{
  public:
    GprsCellLinkAdaptationTestCase()
        : TestCase("C over I threshold link adaptation: CS-4 at 24 dB, CS-1 at 4 dB")
    {
    }

  private:
    void DoRun() override
    {
        CellSetup setup;
        setup.radio = "0s:24,10s:4";
        setup.Pcu("DownlinkLinkAdaptation", StringValue("ns3::GprsCiThresholdLinkAdaptation"));
        CellRecorder rec;
        const GprsScenario s = setup.Build(rec);
        SendUdpDown(s, 0, 500, MilliSeconds(50), 400, Seconds(1));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        std::map<GprsCodingScheme, uint32_t> good;
        std::map<GprsCodingScheme, uint32_t> bad;
        for (const auto& b : rec.blocks)
        {
            if (b.record.dir != GprsDirection::DOWNLINK || b.record.kind != GprsRlcTxKind::NEW)
            {
                continue;
            }
            // Skip the start of each state: the network learns the C/I from Ack/Nacks, and at
            // 4 dB the CS-4 polls fail until N3105 ends the TBF and a new one starts at CS-1.
            if (b.at > Seconds(3) && b.at < Seconds(10))
            {
                ++good[b.record.cs];
            }
            else if (b.at > Seconds(12))
            {
                ++bad[b.record.cs];
            }
        }
        NS_TEST_EXPECT_MSG_GT(good[GprsCodingScheme::CS4], 100u, "CS-4 used at 24 dB");
        NS_TEST_EXPECT_MSG_EQ(good.size(), 1u, "only CS-4 at 24 dB");
        NS_TEST_EXPECT_MSG_GT(bad[GprsCodingScheme::CS1], 100u, "CS-1 used at 4 dB");
        for (const auto& [cs, n] : bad)
        {
            NS_LOG_INFO("at 4 dB: " << n << " new blocks in " << ToString(cs));
        }
        NS_TEST_EXPECT_MSG_EQ(bad.size(), 1u, "only CS-1 at 4 dB");
        Simulator::Destroy();
    }
};

/**
 * 17. A PACCH assignment goes out once, on one PDCH, polled; it is repeated only when its poll
 * goes unanswered.
 */
class GprsCellPacchAssignmentTestCase : public TestCase
{
  public:
    GprsCellPacchAssignmentTestCase()
        : TestCase("100 kB TCP download: one PACCH assignment per TBF, plus one per unanswered "
                   "poll")
    {
    }

  private:
    void DoRun() override
    {
        CellSetup setup;
        setup.radio = "14";
        CellRecorder rec;
        const TcpDownload r = RunTcpDownload(setup, 100000, Seconds(1), Seconds(300), rec);
        NS_TEST_EXPECT_MSG_EQ(r.sinkBytes, 100000, "download");
        uint32_t assignments = 0;
        uint32_t lost = 0;
        std::map<int64_t, uint32_t> perBlockPeriod;
        for (const TimedControl& c : rec.controls)
        {
            const bool assignment = c.msg == GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT ||
                                    c.msg == GprsControlMessage::PACKET_UPLINK_ASSIGNMENT;
            assignments += assignment;
            lost += c.lost && (assignment || c.msg == GprsControlMessage::PACKET_CONTROL_ACK);
            if (assignment)
            {
                ++perBlockPeriod[c.at.GetMilliSeconds()];
            }
        }
        const auto tbfs = static_cast<uint32_t>(rec.established.size());
        NS_LOG_INFO(assignments << " assignments, " << lost << " of them or their Control Acks "
                                << "lost, " << tbfs << " TBFs");
        NS_TEST_EXPECT_MSG_GT(assignments, 0, "TBFs assigned on PACCH");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(assignments, tbfs + lost, "assignments repeated");
        for (const auto& [ms, n] : perBlockPeriod)
        {
            NS_TEST_EXPECT_MSG_EQ(n, 1, "assignments on several PDCHs at " << ms << " ms");
        }
        Simulator::Destroy();
    }
};

/**
 * 18. Every packet that enters a device ends delivered or in a drop trace, once, followed packet
 * by packet (PacketLedger): in a cell of 10 mobiles with outages, reselections, Gilbert-Elliott
 * losses and GGSN and uplink buffers of a few packets, UDP both ways, for one combination of
 * the RLC and LLC modes; and with a slow Gb and terminal links, where packets wait and drop
 * on those too.
 */
class GprsCellConservationTestCase : public TestCase
{
  public:
    /**
     * \param rlcMode the PCU's RlcMode
     * \param llcMode the PCU's LlcMode
     */
    /**
     * \param links a 16 kbit/s Gb and 9600 bit/s terminal links, else neither
     */
    GprsCellConservationTestCase(const std::string& rlcMode, const std::string& llcMode, bool links)
        : TestCase("10 mobiles, outages, reselections, Gilbert-Elliott, small buffers, RLC " +
                   rlcMode + ", LLC " + llcMode + (links ? ", slow Gb and terminal links" : "") +
                   ": every packet accepted is delivered or dropped, once"),
          m_rlcMode(rlcMode),
          m_llcMode(llcMode),
          m_links(links)
    {
    }

  private:
    void DoRun() override
    {
        CellSetup setup;
        setup.Pcu("RlcMode", StringValue(m_rlcMode));
        setup.Pcu("LlcMode", StringValue(m_llcMode));
        // A few packets: downlink packets are 200-380 octets, uplink ones 120.
        setup.Pcu("DownlinkBufferBytes", UintegerValue(600));
        setup.Pcu("UplinkBufferBytes", UintegerValue(300));
        uint32_t linkDrops = 0;
        if (m_links)
        {
            // Below the cell's rate: packets queue and drop at the Gb and the terminal links.
            setup.Bss("GbCommittedInformationRate", DataRateValue(DataRate("16kbps")));
            setup.Ms("TerminalLinkRate", DataRateValue(DataRate("9600bps")));
        }
        CellRecorder rec;
        PacketLedger ledger;
        const Conservation c = RunConservationScenario(setup, rec, [&](const auto& s) {
            ledger.Connect(NetDeviceContainer(s.bssDevices, s.msDevices), s.pcu);
            s.bssDevices.Get(0)->TraceConnectWithoutContext(
                "GbDrop",
                MakeCallback(+[](uint32_t* n, uint32_t, GprsDirection, Ptr<const Packet>) {
                    ++*n;
                }).Bind(&linkDrops));
            for (uint32_t i = 0; i < s.msDevices.GetN(); ++i)
            {
                s.msDevices.Get(i)->TraceConnectWithoutContext(
                    "TerminalLinkDrop",
                    MakeCallback(+[](uint32_t* n, GprsDirection, Ptr<const Packet>) {
                        ++*n;
                    }).Bind(&linkDrops));
            }
        });
        const std::vector<std::string> problems = ledger.Problems();
        std::string first;
        for (std::size_t i = 0; i < std::min<std::size_t>(problems.size(), 5); ++i)
        {
            first += "\n  " + problems[i];
        }
        NS_LOG_INFO("RLC " << m_rlcMode << ", LLC " << m_llcMode << ": " << ledger.Accepted()
                           << " accepted, " << ledger.Delivered() << " delivered, "
                           << ledger.Dropped() << " dropped (" << ledger.BufferDropped()
                           << " by a full buffer), " << problems.size() << " problems");
        NS_TEST_EXPECT_MSG_EQ(problems.size(), 0, problems.size() << " problems:" << first);
        // The scenario does what it is meant to: most get through, full buffers drop some.
        NS_TEST_EXPECT_MSG_GT(ledger.Delivered(), ledger.Accepted() / 2, "most delivered");
        // The links, which count their packets in the buffers, drop before the buffers do.
        NS_TEST_EXPECT_MSG_GT(m_links ? linkDrops : ledger.BufferDropped(),
                              0,
                              "the small buffers overflow");
        // The devices' own counts agree with the ledger.
        NS_TEST_EXPECT_MSG_EQ(c.accepted, ledger.Accepted(), "MacTx count");
        NS_TEST_EXPECT_MSG_EQ(c.received, ledger.Delivered(), "MacRx count");
        NS_TEST_EXPECT_MSG_EQ(c.dropped, ledger.Dropped(), "MacTxDrop count");
        Simulator::Destroy();
    }

    std::string m_rlcMode; //!< RlcMode
    std::string m_llcMode; //!< LlcMode
    bool m_links;          //!< slow Gb and terminal links
};

/// The conservation test in every combination of RLC and LLC modes.
class GprsCellConservationTestSuite : public GprsTestSuite
{
  public:
    GprsCellConservationTestSuite()
        : GprsTestSuite("gprs-cell-conservation")
    {
        for (const char* rlc : {"Acknowledged", "Unacknowledged"})
        {
            for (const char* llc : {"Unacknowledged", "Acknowledged"})
            {
                AddMade([rlc, llc]() { return new GprsCellConservationTestCase(rlc, llc, false); });
            }
        }
        AddMade([]() {
            return new GprsCellConservationTestCase("Acknowledged", "Unacknowledged", true);
        });
    }
};

/**
 * 19. A TCP download in RLC unacknowledged mode completes (the final uplink block is not
 * overtaken by the final Packet Uplink Ack/Nack).
 */
class GprsCellUnacknowledgedTcpTestCase : public TestCase
{
  public:
    GprsCellUnacknowledgedTcpTestCase()
        : TestCase("TCP downloads of 100 kB in RLC unacknowledged mode at 18 dB complete, runs 1-8")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t run = 1; run <= 8; ++run)
        {
            CellSetup setup;
            setup.radio = "18";
            setup.run = run;
            setup.Pcu("RlcMode", StringValue("Unacknowledged"));
            CellRecorder rec;
            const TcpDownload r = RunTcpDownload(setup, 100000, Seconds(1), Seconds(300), rec);
            NS_LOG_INFO("UM TCP run " << run << ": " << r.sinkBytes << " bytes by "
                                      << r.completed.As(Time::S));
            NS_TEST_EXPECT_MSG_EQ(r.sinkBytes,
                                  100000,
                                  "TCP over RLC UM must complete, run " << run);
            Simulator::Destroy();
        }
    }
};

/**
 * Uplink data during a long downlink TBF, in both RLC modes: the mobile asks for its uplink
 * TBF in the next polled Packet Downlink Ack/Nack (Channel Request Description, TS 44.060
 * 8.1.2.5), so the network must poll in unacknowledged mode too, where the Ack/Nack carries no
 * retransmission requests but still the rest (9.3.3). A network that polls only the final block
 * makes the mobile's data, e.g. TCP's ACKs, wait for the end of the downlink TBF.
 */
class GprsCellUplinkDuringDownlinkTestCase : public TestCase
{
  public:
    GprsCellUplinkDuringDownlinkTestCase()
        : TestCase("uplink packet during a 10 s downlink TBF, RLC acknowledged and "
                   "unacknowledged: delivered within 1 s, before the downlink TBF ends")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string mode : {"Acknowledged", "Unacknowledged"})
        {
            CellSetup setup;
            setup.blerFile = "cell-bler-zero.txt";
            setup.Pcu("RlcMode", StringValue(mode));
            CellRecorder rec;
            const GprsScenario s = setup.Build(rec);
            // 80 kbit/s offered for 10 s, more than the 4 PDCHs of CS-2 carry: the downlink TBF
            // never runs dry before the uplink packet at 5 s.
            SendUdpDown(s, 0, 500, MilliSeconds(50), 200, Seconds(1));
            SendUdp(s.mobiles.Get(0), s.server, s.serverAddress, 200, Seconds(1), 1, Seconds(5));
            Simulator::Stop(Seconds(60));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(rec.deliveries[1].size(), 1, mode << ": uplink packet delivered");
            if (rec.deliveries[1].empty())
            {
                Simulator::Destroy();
                continue;
            }
            const Delivery& up = rec.deliveries[1].front();
            const auto downlinkRelease = [](const TbfEvent& e) {
                return e.dir == GprsDirection::DOWNLINK;
            };
            const auto firstRelease =
                std::find_if(rec.released.begin(), rec.released.end(), downlinkRelease);
            NS_TEST_EXPECT_MSG_EQ((firstRelease != rec.released.end()),
                                  true,
                                  mode << ": downlink TBF released");
            if (firstRelease == rec.released.end())
            {
                Simulator::Destroy();
                continue;
            }
            NS_LOG_INFO(mode << ": uplink packet delivered after " << up.delay.As(Time::MS)
                             << ", first downlink TBF released at "
                             << firstRelease->at.As(Time::S));
            NS_TEST_EXPECT_MSG_LT(up.delay, Seconds(1), mode << ": uplink delay");
            NS_TEST_EXPECT_MSG_LT(up.at,
                                  firstRelease->at,
                                  mode << ": the uplink packet must not wait for the downlink "
                                          "TBF to end");
            Simulator::Destroy();
        }
    }
};

/**
 * A mobile that goes out of coverage during an RLC unacknowledged download: its polls go
 * unanswered, N3105 expires and the network releases the TBF abnormally (TS 44.060 9.3.3, 13),
 * as in acknowledged mode, instead of sending it blocks until its buffer runs dry.
 */
class GprsCellUnacknowledgedN3105TestCase : public TestCase
{
  public:
    GprsCellUnacknowledgedN3105TestCase()
        : TestCase("RLC unacknowledged download, outage 10-40 s: N3105 releases the downlink "
                   "TBF abnormally within 2 s, as in acknowledged mode")
    {
    }

  private:
    void DoRun() override
    {
        for (const std::string mode : {"Acknowledged", "Unacknowledged"})
        {
            CellSetup setup;
            setup.blerFile = "cell-bler-zero.txt";
            setup.outages = "10s-40s";
            setup.Pcu("RlcMode", StringValue(mode));
            CellRecorder rec;
            const GprsScenario s = setup.Build(rec);
            // 80 kbit/s for 40 s: more than the cell carries, data queued all through the outage.
            SendUdpDown(s, 0, 500, MilliSeconds(50), 800, Seconds(1));
            Simulator::Stop(Seconds(45));
            Simulator::Run();
            const auto abnormalDownlink = [](const TbfEvent& e) {
                return e.dir == GprsDirection::DOWNLINK && e.abnormal;
            };
            const auto first =
                std::find_if(rec.released.begin(), rec.released.end(), abnormalDownlink);
            NS_TEST_EXPECT_MSG_EQ((first != rec.released.end()),
                                  true,
                                  mode << ": N3105 must release the downlink TBF");
            if (first == rec.released.end())
            {
                Simulator::Destroy();
                continue;
            }
            NS_LOG_INFO(mode << ": downlink TBF released abnormally at " << first->at.As(Time::S));
            NS_TEST_EXPECT_MSG_GT(first->at, Seconds(10), mode << ": not before the outage");
            NS_TEST_EXPECT_MSG_LT(first->at, Seconds(12), mode << ": N3105 expiry");
            Simulator::Destroy();
        }
    }
};

GprsSingleCaseTestSuite<GprsCellAttributeTestCase> g_attributes("gprs-cell-attributes");  //!< suite
GprsSingleCaseTestSuite<GprsCellSaturationTestCase> g_saturation("gprs-cell-saturation"); //!< suite
GprsSingleCaseTestSuite<GprsCellArqTestCase> g_arq("gprs-cell-arq");                      //!< suite
GprsSingleCaseTestSuite<GprsCellTcpTestCase> g_tcp("gprs-cell-tcp");                      //!< suite
GprsSingleCaseTestSuite<GprsCellFairnessTestCase> g_fairness("gprs-cell-fairness");       //!< suite
GprsSingleCaseTestSuite<GprsCellMultislotTestCase> g_multislot("gprs-cell-multislot");    //!< suite
GprsSingleCaseTestSuite<GprsCellOutageTestCase> g_outage("gprs-cell-outage");             //!< suite
GprsSingleCaseTestSuite<GprsCellDeterminismTestCase> g_determinism(
    "gprs-cell-determinism"); //!< suite
GprsSingleCaseTestSuite<GprsCellIdleMobilesTestCase> g_idleMobiles(
    "gprs-cell-idle-mobiles"); //!< suite
GprsSingleCaseTestSuite<GprsCellGilbertElliottTestCase> g_ge(
    "gprs-cell-gilbert-elliott");                                       //!< suite
GprsSingleCaseTestSuite<GprsCellPcapTestCase> g_pcap("gprs-cell-pcap"); //!< suite
GprsSingleCaseTestSuite<GprsCellLinkAdaptationTestCase> g_la(
    "gprs-cell-link-adaptation"); //!< suite
GprsSingleCaseTestSuite<GprsCellPacchAssignmentTestCase> g_pacch(
    "gprs-cell-pacch-assignment");            //!< suite
GprsCellConservationTestSuite g_conservation; //!< suite
GprsSingleCaseTestSuite<GprsCellUnacknowledgedTcpTestCase> g_umTcp(
    "gprs-cell-unacknowledged-tcp"); //!< suite
GprsSingleCaseTestSuite<GprsCellUplinkDuringDownlinkTestCase> g_uplinkDuringDownlink(
    "gprs-cell-uplink-during-downlink"); //!< suite
GprsSingleCaseTestSuite<GprsCellUnacknowledgedN3105TestCase> g_umN3105(
    "gprs-cell-unacknowledged-n3105"); //!< suite

} // namespace
