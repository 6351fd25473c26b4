/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Chakravorty & Pratt, "Performance issues with General Packet Radio Service" (JCN 2002),
// the TCP measurements: C4 slow start of a 600 KB download under three radio conditions, C5
// excess queueing in the GGSN buffer with a 64 KB receive window and the SACK recovery of one
// loss behind that queue, C6 a second flow started 10 s after the first on the same mobile.
//
// Prints a CSV table (header first, one row per experiment, condition, flow and run);
// --outdir receives per-flow traces (helper/gprs-tcp-tracer), throughput and ACK inter-arrival
// .dat files and gnuplot scripts (rendered to PNG when gnuplot is installed).

#include "common/example-jobs.h"
#include "common/example-option-text.h"
#include "common/example-options.h"
#include "common/example-plot.h"
#include "common/example-runs.h"
#include "common/example-statistics.h"
#include "common/example-tcp-probe.h"
#include "common/example-traces.h"
#include "setups/chakravorty-setup.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <vector>

using namespace ns3;

namespace
{

/// C4, C5, C6, and C4's uplink: a greedy flow from the mobile to the server.
const std::vector<std::string> kExperiments{"startup", "queueing", "fairness", "uplink"};
const std::vector<std::string> kConditions{"good", "medium", "poor"}; //!< C4's radio conditions

constexpr uint16_t kFirstPort = 5000;           //!< flow f<i>'s sink listens on kFirstPort + i - 1
const Time kFirstStart = Seconds(1);            //!< f1 starts (the cell is idle before)
const Time kThroughputBin = Seconds(1);         //!< throughput over time: averaged per bin
const Time kStartupWindowPlot = Seconds(20);    //!< C4 figure: slow start and what follows
const Time kAckBunchGap = MilliSeconds(10);     //!< ACKs closer than half a block period: a bunch
const Time kAckHistogramBin = MilliSeconds(10); //!< ACK inter-arrival histogram bins
const Time kAckHistogramMax = Seconds(2);       //!< its last bin collects what is longer

/// Inputs of the study; the testbed's are in ChakravortySetup.
struct TcpStudy
{
    ChakravortySetup testbed;     //!< the shared testbed
    uint64_t bytes{600000};       //!< C4 and C6 downloads (paper: 600 KB)
    uint64_t queueBytes{1000000}; //!< C5's long transfer (paper: "long")
    uint64_t uplinkBytes{100000}; //!< the uplink flow (paper: not given)
    std::string good{"24"};       //!< C4 good radio, C/I dB
    std::string medium{"13"};     //!< C4 medium radio (CS-2 BLER 3.4 %)
    std::string poor{"9"};        //!< C4 poor radio
    std::string ci{"24"};         //!< C5 and C6 radio
    Time dropAt{Seconds(60)};     //!< C5: the first data segment at the GGSN then is lost
    Time f2Delay{Seconds(10)};    //!< C6: f2 starts this long after f1 (paper: 10 s)
    Time limit{Seconds(1800)};    //!< a flow not done by then is incomplete
};

/// One simulation.
struct Job
{
    std::string experiment; //!< a kExperiments entry
    std::string condition;  //!< startup: a kConditions entry; else the C/I
    uint64_t run;           //!< RNG run number
    bool traces;            //!< write trace files (the --traceRun run of each)
};

/// What one flow of one simulation measured.
struct FlowResult
{
    bool complete{false};           //!< all bytes arrived within --limit
    uint64_t bytes{0};              //!< bytes received
    double durationS{0};            //!< first SYN to last byte
    uint32_t synRetransmissions{0}; //!< SYNs sent after the first
    double handshakeS{-1};          //!< first SYN to the SYN-ACK at the server; -1: none
    double rttMedianS{0};           //!< median RTT sample
    double rttMaxS{0};              //!< largest RTT sample
    double baseRttS{-1};            //!< the first data segment's RTT
    uint32_t bdpBytes{0};           //!< downlink RLC data rate x base RTT
    double timeToBdpS{-1};          //!< first SYN until cwnd >= bdpBytes; -1: never
    uint64_t acks{0};               //!< pure ACKs that reached the server
    double ackBunchMean{0};         //!< ACKs per bunch (gaps below kAckBunchGap)
    double lossAtS{-1};             //!< when the induced loss happened; -1: none
    double recoveryS{-1};           //!< from the loss until the receiver had the segment
    double share{-1};               //!< share of the bytes while both flows ran; -1: one flow
    uint32_t timeouts{0};           //!< retransmission timeouts

    /// \return the goodput, kbit/s, or -1 (not measured) if incomplete
    double GoodputKbps() const
    {
        return complete ? bytes * 8 / durationS / 1000 : -1;
    }
};

/**
 * \param job the simulation
 * \param outdir the output directory, or empty
 * \return the job's directory for trace files, created; empty without outdir or traces
 */
std::string
JobDirectory(const Job& job, const std::string& outdir)
{
    if (outdir.empty() || !job.traces)
    {
        return "";
    }
    const std::string dir =
        outdir + "/" + job.experiment + (job.experiment == "startup" ? "-" + job.condition : "");
    std::filesystem::create_directories(dir);
    return dir;
}

/**
 * \param times ACK arrivals, in order
 * \param dir where ack-gaps.dat goes, or empty
 * \return mean ACKs per bunch (consecutive ACKs less than kAckBunchGap apart)
 */
double
AckBunching(const std::vector<Time>& times, const std::string& dir)
{
    if (times.empty())
    {
        return 0;
    }
    const auto bins = static_cast<std::size_t>(kAckHistogramMax.GetMilliSeconds() /
                                               kAckHistogramBin.GetMilliSeconds()) +
                      1;
    std::vector<uint64_t> histogram(bins, 0);
    uint64_t bunches = 1;
    for (std::size_t i = 1; i < times.size(); ++i)
    {
        const Time gap = times[i] - times[i - 1];
        bunches += gap < kAckBunchGap ? 0 : 1;
        ++histogram[std::min<std::size_t>(gap.GetMilliSeconds() /
                                              kAckHistogramBin.GetMilliSeconds(),
                                          bins - 1)];
    }
    if (!dir.empty())
    {
        std::ofstream dat(dir + "/ack-gaps.dat");
        dat << "# gap_bin_start_ms acks (last bin: " << kAckHistogramMax.GetMilliSeconds()
            << " ms and more)\n";
        for (std::size_t b = 0; b < bins; ++b)
        {
            dat << b * kAckHistogramBin.GetMilliSeconds() << " " << histogram[b] << "\n";
        }
    }
    return static_cast<double>(times.size()) / bunches;
}

/**
 * \param samples (time, cumulative bytes) every kThroughputBin
 * \param dir where throughput.dat goes, or empty
 */
void
WriteThroughput(const std::vector<std::pair<Time, uint64_t>>& samples, const std::string& dir)
{
    if (dir.empty())
    {
        return;
    }
    std::ofstream dat(dir + "/throughput.dat");
    dat << "# bin_end_s kbit_s (received per " << kThroughputBin.GetSeconds() << " s bin)\n";
    uint64_t before = 0;
    for (const auto& [t, bytes] : samples)
    {
        dat << t.GetSeconds() << " " << (bytes - before) * 8 / kThroughputBin.GetSeconds() / 1000
            << "\n";
        before = bytes;
    }
}

/**
 * \param study the inputs
 * \param job the simulation
 * \return the radio conditions the job's mobile sees
 */
std::string
RadioOf(const TcpStudy& study, const Job& job)
{
    if (job.experiment != "startup")
    {
        return study.ci;
    }
    return job.condition == "good"     ? study.good
           : job.condition == "medium" ? study.medium
                                       : study.poor;
}

/// The uplink's RLC data per kThroughputBin: what the link carried, and of it the new blocks.
struct UplinkRlcBins
{
    std::map<int64_t, std::pair<uint64_t, uint64_t>> octets; //!< bin -> (all, new) RLC data

    /// \param r a radio block of the cell's RLC
    void OnBlock(const GprsRlcBlockRecord& r)
    {
        if (r.dir != GprsDirection::UPLINK || r.lost)
        {
            return;
        }
        auto& bin = octets[Simulator::Now().GetMilliSeconds() / kThroughputBin.GetMilliSeconds()];
        bin.first += GprsRlcDataOctets(r.cs);
        bin.second += r.kind == GprsRlcTxKind::NEW ? GprsRlcDataOctets(r.cs) : 0;
    }

    /// \param dir where rlc-uplink.dat goes
    void Write(const std::string& dir) const
    {
        std::ofstream dat(dir + "/rlc-uplink.dat");
        dat << "# bin_end_s all_kbit_s new_kbit_s (uplink RLC data blocks received, per "
            << kThroughputBin.GetSeconds() << " s bin)\n";
        for (const auto& [bin, bytes] : octets)
        {
            dat << (bin + 1) * kThroughputBin.GetSeconds() << " "
                << bytes.first * 8 / kThroughputBin.GetSeconds() / 1000 << " "
                << bytes.second * 8 / kThroughputBin.GetSeconds() / 1000 << "\n";
        }
    }
};

/**
 * Run one simulation.
 * \param study the inputs
 * \param job the simulation
 * \param outdir the output directory, or empty
 * \return one result per flow
 */
std::vector<FlowResult>
RunOne(const TcpStudy& study, const Job& job, const std::string& outdir)
{
    RngSeedManager::SetRun(job.run);
    study.testbed.ConfigureTcp();
    if (!gprs::kWindowLimitedSenderSurvivesLoss)
    {
        // ns-3 before 3.41 crashes a sender limited by its peer's window at its first duplicate
        // ACK (issue #991), and C5 and C6 have losses: the same window limits the sender's
        // buffer instead (unacknowledged plus unsent data), and the receiver's never binds.
        Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(study.testbed.rcvBuf));
        Config::SetDefault(
            "ns3::TcpSocket::RcvBufSize",
            UintegerValue(std::min<uint64_t>(2ULL * study.testbed.rcvBuf, UINT32_MAX)));
    }
    const GprsScenario s = study.testbed.Build(RadioOf(study, job), 1, false, 100);
    const std::string dir = JobDirectory(job, outdir);
    if (!dir.empty())
    {
        EnableRunTraces(s, dir);
    }

    auto loss = std::make_shared<InducedLoss>();
    if (job.experiment == "queueing")
    {
        loss->after = study.dropAt;
        s.internetDevices.Get(1)->SetAttribute("ReceiveErrorModel",
                                               PointerValue(CreateObject<InducedLossModel>(loss)));
    }

    const bool twoFlows = job.experiment == "fairness";
    // The uplink experiment reverses the flow: the mobile sends, the server receives.
    const bool uplink = job.experiment == "uplink";
    const Ptr<Node> sender = uplink ? s.mobiles.Get(0) : s.server;
    const Ptr<Node> receiver = uplink ? s.server : s.mobiles.Get(0);
    const Ipv4Address receiverAddress = uplink ? s.serverAddress : s.GetMobileAddress(0);
    const uint64_t bytes = job.experiment == "queueing" ? study.queueBytes
                           : uplink                     ? study.uplinkBytes
                                                        : study.bytes;
    std::vector<std::unique_ptr<GprsTcpTracer>> tracers;
    std::vector<std::unique_ptr<ExampleTcpProbe>> probes;
    std::vector<Time> starts;
    UplinkRlcBins uplinkRlc;
    if (uplink && !dir.empty())
    {
        s.pcu->TraceConnectWithoutContext("RlcBlock",
                                          MakeCallback(&UplinkRlcBins::OnBlock, &uplinkRlc));
    }
    for (uint32_t f = 0; f < (twoFlows ? 2U : 1U); ++f)
    {
        const uint16_t port = kFirstPort + f;
        const Time start = kFirstStart + (f == 1 ? study.f2Delay : Time(0));
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        const auto sink = DynamicCast<PacketSink>(sinkHelper.Install(receiver).Get(0));
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(receiverAddress, port));
        bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
        bulk.SetAttribute("SendSize", UintegerValue(study.testbed.mss));
        bulk.Install(sender).Start(start);
        const std::string flowDir =
            dir.empty() ? "" : (twoFlows ? dir + "/f" + std::to_string(f + 1) : dir);
        tracers.push_back(std::make_unique<GprsTcpTracer>(flowDir));
        tracers.back()->WatchTcp(sender, start, sink, bytes);
        if (f == 0)
        {
            tracers.back()->WatchRlc(s.pcu, 0);
        }
        probes.push_back(
            std::make_unique<ExampleTcpProbe>(sender,
                                              port,
                                              start,
                                              sink,
                                              job.experiment == "queueing" ? loss : nullptr,
                                              kThroughputBin));
        starts.push_back(start);
    }
    Simulator::Stop(kFirstStart + study.limit);
    Simulator::Run();
    const Time end = Simulator::Now();
    if (uplink && !dir.empty())
    {
        uplinkRlc.Write(dir);
    }

    // The link's rate for the BDP: the mobile's downlink timeslots at the coding scheme's RLC
    // data rate (3 x 12 kbit/s for the paper's 3+1 phone and CS-2).
    const uint32_t slots = std::min<uint32_t>(study.testbed.pdchs,
                                              GprsMultislotClass::Get(study.testbed.msClass).maxRx);
    std::vector<FlowResult> results;
    for (std::size_t f = 0; f < tracers.size(); ++f)
    {
        GprsTcpTracer& t = *tracers[f];
        const ExampleTcpProbe& p = *probes[f];
        const std::string flowDir =
            dir.empty() ? "" : (twoFlows ? dir + "/f" + std::to_string(f + 1) : dir);
        FlowResult r;
        r.bytes = t.GetBytesReceived();
        r.complete = r.bytes >= bytes;
        r.durationS = ((r.complete ? t.GetLastReceive() : end) - starts[f]).GetSeconds();
        r.synRetransmissions = p.GetSynRetransmissions();
        r.handshakeS = p.GetHandshake().GetSeconds();
        std::vector<double> rtt;
        std::unique_ptr<std::ofstream> rttDat;
        if (!flowDir.empty())
        {
            rttDat = std::make_unique<std::ofstream>(flowDir + "/rtt-samples.dat");
            *rttDat << "# ack_time_s rtt_s (every data segment sent once)\n";
        }
        for (const auto& [at, sample] : p.GetRttSamples())
        {
            rtt.push_back(sample.GetSeconds());
            if (rttDat)
            {
                *rttDat << at.GetSeconds() << " " << sample.GetSeconds() << "\n";
            }
        }
        if (!rtt.empty())
        {
            r.rttMedianS = Median(rtt);
            r.rttMaxS = *std::max_element(rtt.begin(), rtt.end());
        }
        r.baseRttS = p.GetBaseRtt().GetSeconds();
        if (r.baseRttS > 0)
        {
            r.bdpBytes = GprsProxyHelper::DeriveClamp(slots,
                                                      ParseGprsCodingScheme(study.testbed.cs),
                                                      Seconds(r.baseRttS),
                                                      0);
            r.timeToBdpS = p.TimeToWindow(r.bdpBytes).GetSeconds();
        }
        r.acks = p.GetAckTimes().size();
        r.ackBunchMean = AckBunching(p.GetAckTimes(), flowDir);
        WriteThroughput(p.GetSamples(), flowDir);
        if (job.experiment == "queueing" && loss->done)
        {
            r.lossAtS = loss->at.GetSeconds();
            r.recoveryS = p.GetRepaired().IsZero() ? -1 : (p.GetRepaired() - loss->at).GetSeconds();
        }
        r.timeouts = t.GetTimeouts();
        results.push_back(r);
    }
    if (twoFlows)
    {
        // Shares while both ran: from f2's start until the first of them finished.
        const Time from = starts[1];
        Time until = end;
        for (const auto& t : tracers)
        {
            if (t->GetBytesReceived() >= bytes)
            {
                until = std::min(until, t->GetLastReceive());
            }
        }
        std::vector<uint64_t> during;
        for (const auto& p : probes)
        {
            uint64_t atFrom = 0;
            uint64_t atUntil = 0;
            for (const auto& [t, b] : p->GetSamples())
            {
                atFrom = t <= from ? b : atFrom;
                atUntil = t <= until ? b : atUntil;
            }
            during.push_back(atUntil - atFrom);
        }
        const uint64_t total = during[0] + during[1];
        for (std::size_t f = 0; f < 2; ++f)
        {
            results[f].share = total == 0 ? -1 : static_cast<double>(during[f]) / total;
        }
    }
    for (auto& t : tracers)
    {
        t->Close();
    }
    Simulator::Destroy();
    return results;
}

/**
 * \param value a measurement
 * \param precision digits after the point
 * \return it as text, or empty when negative (not measured)
 */
std::string
Field(double value, int precision = 3)
{
    return value < 0 ? "" : RunField(value, precision);
}

/// What the startup figure states of a radio condition's traced run.
struct StartupMarks
{
    uint32_t bdpBytes{0};   //!< its BDP
    double goodputKbps{-1}; //!< its goodput, -1 if incomplete
};

/**
 * Write the gnuplot scripts for what ran, and render them.
 * \param outdir the output directory
 * \param experiments the experiments that ran
 * \param study the inputs
 * \param startup per startup condition, its traced run's marks
 */
void
WritePlots(const std::string& outdir,
           const std::vector<std::string>& experiments,
           const TcpStudy& study,
           const std::map<std::string, StartupMarks>& startup)
{
    const auto ran = [&experiments](const std::string& e) {
        return std::count(experiments.begin(), experiments.end(), e) > 0;
    };
    std::vector<std::string> scripts;
    const auto script = [&outdir, &scripts](const std::string& name, int height) {
        std::ofstream gp(outdir + "/" + name + ".gp");
        gp << "set terminal pngcairo size 1000," << height << " noenhanced\nset output '" << name
           << ".png'\n";
        scripts.push_back(name + ".gp");
        return gp;
    };
    if (ran("startup"))
    {
        std::ofstream gp = script("chakravorty-startup", 900);
        gp << "set multiplot layout 2,1 title \"C4: " << study.bytes << "-byte download, C/I good "
           << study.good << ", medium " << study.medium << ", poor " << study.poor
           << " dB\"\nset xlabel 'time (s)'\nset grid\nset key top left\n"
              "set ylabel 'data received (KB)'\nplot ";
        // Cumulative data: its slope is the throughput, where 1 s bins of 1400-octet segments
        // flip between whole numbers of segments.
        for (std::size_t i = 0; i < kConditions.size(); ++i)
        {
            const StartupMarks& m = startup.at(kConditions[i]);
            gp << (i > 0 ? ", " : "") << "'startup-" << kConditions[i]
               << "/tcp-receiver.dat' using 1:($2/1000) with steps lc " << i + 1 << " title '"
               << kConditions[i] << ": "
               << (m.goodputKbps < 0 ? "incomplete" : Field(m.goodputKbps, 1) + " kbit/s") << "'";
        }
        // The data in flight, not cwnd: the receive window caps it once cwnd outgrows it.
        gp << "\nset ylabel 'data in flight (bytes)'\nset logscale y\nset yrange [1000:"
           << 2 * study.testbed.rcvBuf << "]\nset xrange [0:" << kStartupWindowPlot.GetSeconds()
           << "]\nplot ";
        for (std::size_t i = 0; i < kConditions.size(); ++i)
        {
            gp << "'startup-" << kConditions[i] << "/inflight.dat' with steps lc " << i + 1
               << " title '" << kConditions[i] << "', " << startup.at(kConditions[i]).bdpBytes
               << " with lines dt 2 lc " << i + 1 << " title 'BDP, " << kConditions[i] << "', ";
        }
        gp << study.testbed.rcvBuf << " with lines dt 3 lc black title 'receive window'\n"
           << "unset multiplot\n";
        std::ofstream acks = script("chakravorty-ack-gaps", 500);
        acks << "set title 'C4: ACK inter-arrival at the server (good radio), "
             << kAckHistogramBin.GetMilliSeconds()
             << " ms bins'\nset xlabel 'gap (ms)'\nset ylabel 'ACKs'\nset xrange [0:"
             << kAckHistogramMax.GetMilliSeconds()
             << "]\nset grid\nset style fill solid 0.5\n"
                "plot 'startup-good/ack-gaps.dat' with boxes notitle\n";
    }
    if (ran("uplink"))
    {
        // Received per bin: what the uplink RLC carried (rlc-uplink.dat), and TCP's goodput.
        // The mobile's uplink timeslots (1 for the paper's 3+1 phone) at the coding scheme's
        // RLC data rate: what the greedy upload can reach at most.
        const uint32_t slots =
            std::min<uint32_t>(study.testbed.pdchs,
                               GprsMultislotClass::Get(study.testbed.msClass).maxTx);
        const double rlcKbps =
            slots * GetGprsCodingSchemeInfo(ParseGprsCodingScheme(study.testbed.cs)).dataRateBps /
            1000;
        std::ofstream gp = script("chakravorty-uplink", 800);
        gp << "set multiplot layout 2,1 title \"C4 uplink: a " << study.uplinkBytes
           << "-byte upload from the mobile at C/I " << study.ci << " dB, " << slots
           << " uplink timeslot(s) of " << study.testbed.cs
           << "\"\nset xlabel 'time (s)'\nset grid\nset key top left\n"
              "set ylabel 'data received at the server (KB)'\n"
              "plot 'uplink/tcp-receiver.dat' using 1:($2/1000) with steps title 'received'\n"
              "set ylabel 'throughput (kbit/s)'\nset yrange [0:*]\nset key below\n"
              "plot 'uplink/rlc-uplink.dat' using 1:2 with steps title 'RLC data received', "
              "'' using 1:3 with steps title 'of it new RLC data', 'uplink/throughput.dat' "
              "with steps lw 2 title 'TCP data received (goodput)', "
           << rlcKbps
           << " with lines dt 2 lc black title 'RLC data rate of the uplink timeslots'\n"
              "unset multiplot\n";
    }
    if (ran("queueing"))
    {
        std::ofstream gp = script("chakravorty-queueing", 900);
        gp << "set multiplot layout 2,1 title \"C5: " << study.queueBytes
           << "-byte transfer, receive window " << study.testbed.rcvBuf << " bytes, GGSN buffer "
           << study.testbed.ggsnBuffer << " bytes, one segment lost at "
           << study.dropAt.GetSeconds()
           << " s\"\n"
              "set xlabel 'time (s)'\nset grid\n"
              "set ylabel 'RTT (s)'\n"
              "plot 'queueing/rtt-samples.dat' with points pt 7 ps 0.3 title 'RTT of each "
              "segment', "
              "'queueing/rtt.dat' using 1:($3/1000) with steps title 'RTO'\n"
              "set ylabel 'bytes'\n"
              "plot 'queueing/inflight.dat' with steps title 'outstanding (in flight)', "
              "'queueing/ggsn-buffer.dat' with steps title 'GGSN buffer'\n"
              "unset multiplot\n";
    }
    if (ran("fairness"))
    {
        std::ofstream gp = script("chakravorty-fairness", 900);
        gp << "set multiplot layout 2,1 title \"C6: f2 starts " << study.f2Delay.GetSeconds()
           << " s after f1 on the same mobile\"\n"
              "set xlabel 'time (s)'\nset grid\nset key top left\n"
              "set ylabel 'bytes received'\n"
              "plot 'fairness/f1/tcp-receiver.dat' with steps title 'f1', "
              "'fairness/f2/tcp-receiver.dat' with steps title 'f2'\n"
              "set ylabel 'RTT (s)'\n"
              "plot 'fairness/f1/rtt-samples.dat' with points pt 7 ps 0.3 title 'f1', "
              "'fairness/f2/rtt-samples.dat' with points pt 7 ps 0.3 title 'f2'\n"
              "unset multiplot\n";
    }
    for (const auto& script : scripts)
    {
        if (!RenderGnuplot(outdir, script))
        {
            std::cerr << "warning: gnuplot failed on " << outdir << "/" << script << "\n";
        }
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    TcpStudy study;
    std::string experimentList = "startup,queueing,fairness";
    uint32_t runs = 1;
    uint32_t jobs = 1;
    std::string outdir;
    ExampleTraceRun traceRun("first");

    ExampleOptions options(
        __FILE__,
        "Chakravorty & Pratt's TCP measurements over GPRS, --experiment a comma-separated list "
        "of: startup (C4: a --bytes download from the server to the mobile under three radio "
        "conditions, --good, --medium, --poor: throughput over time, time from the SYN until "
        "the congestion window reaches the bandwidth-delay product, ACK inter-arrival at the "
        "server), queueing (C5: a --queueBytes transfer at --ci with the receive window "
        "--rcvBuf: RTT and outstanding data over time; the first data segment to reach the "
        "GGSN from the Internet at --dropAt or later is dropped there, and recovery_s is the "
        "time from that drop until the receiver has the segment), fairness (C6: f1 and f2, "
        "--bytes each, to the same mobile at --ci, f2 starting --f2Delay after f1: SYN "
        "retransmissions and RTT of f2 and each flow's share of the bytes received while "
        "both ran), uplink (C4's uplink: a greedy --uplinkBytes upload from the mobile to the "
        "server at --ci, the mobile's uplink timeslots measured: goodput_kbps and throughput "
        "over time against their RLC data rate; not in the default list, whose results it "
        "would not change). The server opens the connections (ns-3's BulkSend), so the handshake "
        "packet that waits in the GGSN buffer is the server's SYN (in the paper the mobile "
        "opened them and its SYN-ACK waited). BDP = the mobile's downlink timeslots x the "
        "coding scheme's RLC data rate x the base RTT, the RTT of the flow's first data segment "
        "(sent into an empty path; 3 x 12 kbit/s for "
        "the paper's phone and CS-2). ACKs closer than 10 ms at the server count as one "
        "bunch. Prints CSV with columns experiment, condition, flow, run, bytes, duration_s "
        "(first SYN to last byte), goodput_kbps, syn_retransmissions, handshake_s (first SYN "
        "to the SYN-ACK at the server), rtt_median_s and rtt_max_s (RTT of every data segment "
        "sent once, from its sending to the first ACK covering it, at the server), base_rtt_s, "
        "bdp_bytes, "
        "time_to_bdp_s, acks, ack_bunch_mean, loss_at_s, recovery_s, share, timeouts, "
        "complete (empty: not measured or not applicable), window_limit (receiver: --rcvBuf is "
        "the mobile's receive window; sender: on ns-3 before 3.41, whose TCP crashes a "
        "sender limited by its peer's window at its first duplicate ACK (issue #991), the "
        "sender's buffer is --rcvBuf and the receiver's twice that, so the same window limits "
        "the data outstanding; this is " +
            gprs::Ns3VersionText() +
            "); --outdir receives per experiment "
            "(and flow) the tracer's files (tcp-sender.dat, rtt.dat, cwnd.dat, inflight.dat, "
            "ggsn-buffer.dat, ...), rtt-samples.dat, throughput.dat and ack-gaps.dat, with "
            "server.pcap, ggsn.pcap, mobile.pcap, gsmtap.pcap and the mobile's RLC block trace, "
            "for the --traceRun run (the first by default), gnuplot scripts of them rendered to "
            "PNG when gnuplot is installed, and runs.csv (the table's rows, one per run and "
            "flow: experiment, condition, flow, run, complete, then the other columns). Radio "
            "choices (the paper does not "
            "give C/I): good 24 dB, medium 13 dB (CS-2 BLER 3.4 %), poor 9 dB; C5 and C6 at 24 "
            "dB. " +
            ChakravortySetup::Choices());
    options.AddChecked(
        "experiment",
        "experiments, comma-separated",
        experimentList,
        "a comma-separated list of startup, queueing, fairness, uplink, each once",
        [](const std::string& text) { return ReadChoiceList(text, kExperiments, nullptr); });
    options.AddInteger<uint32_t>("runs", "runs of each experiment and condition", runs, 1, 1000);
    options.AddInteger<uint32_t>("jobs", "parallel worker processes", jobs, 1, 64);
    options.AddInteger<uint64_t>("bytes",
                                 "bytes of each download in startup and fairness (paper: 600 KB)",
                                 study.bytes,
                                 1,
                                 UINT32_MAX);
    options.AddInteger<uint64_t>("uplinkBytes",
                                 "bytes of the uplink experiment's upload (paper: not given)",
                                 study.uplinkBytes,
                                 1,
                                 UINT32_MAX);
    options.AddInteger<uint64_t>("queueBytes",
                                 "bytes of the queueing transfer (paper: a long transfer)",
                                 study.queueBytes,
                                 1,
                                 UINT32_MAX);
    options.AddRadioConditions("good",
                               "startup's good radio, C/I dB or a schedule (paper: not given)",
                               study.good);
    options.AddRadioConditions("medium", "startup's medium radio (paper: not given)", study.medium);
    options.AddRadioConditions("poor", "startup's poor radio (paper: not given)", study.poor);
    options.AddRadioConditions("ci", "radio of queueing and fairness (paper: not given)", study.ci);
    options.AddTime("dropAt",
                    "queueing: the first data segment reaching the GGSN at or after this time "
                    "is lost (0: none)",
                    study.dropAt,
                    NanoSeconds(1),
                    kMaxExampleTime,
                    true);
    options.AddTime("f2Delay",
                    "fairness: f2 starts this long after f1 (paper: 10 s; 0: together)",
                    study.f2Delay,
                    NanoSeconds(1),
                    kMaxExampleTime,
                    true);
    options.AddDuration("limit",
                        "simulated time after which a flow counts as incomplete",
                        study.limit);
    options.AddOutputDirectory("outdir",
                               "directory for runs.csv, traces, .dat files and plots",
                               outdir);
    traceRun.AddTo(
        options,
        "for each experiment and condition, the tracer's files, rtt-samples.dat, "
        "throughput.dat, ack-gaps.dat, server.pcap, ggsn.pcap, mobile.pcap, "
        "gsmtap.pcap and the mobile's RLC block trace, in <experiment>[-<condition>], "
        "which the figures plot",
        [&runs]() { return runs; },
        &outdir);
    study.testbed.AddOptions(options);
    options.SetsAttribute("ns3::BulkSendApplication::MaxBytes", {"bytes", "queueBytes"}, false);
    options.SetsAttribute("ns3::BulkSendApplication::SendSize", {"mss"});
    options.SetsAttribute("ns3::PointToPointNetDevice::ReceiveErrorModel", {"dropAt"}, false);
    if (!options.Parse(argc, argv))
    {
        return 2;
    }

    std::vector<std::string> experiments;
    const auto given = SplitList(experimentList);
    std::copy_if(kExperiments.begin(),
                 kExperiments.end(),
                 std::back_inserter(experiments),
                 [&given](const auto& e) { return std::count(given.begin(), given.end(), e) > 0; });

    const uint64_t firstRun = RngSeedManager::GetRun();
    std::vector<Job> all;
    for (const auto& e : experiments)
    {
        const std::vector<std::string> conditions =
            e == "startup" ? kConditions : std::vector<std::string>{study.ci};
        for (const auto& c : conditions)
        {
            for (uint32_t r = 0; r < runs; ++r)
            {
                all.push_back(Job{e, c, firstRun + r, traceRun.IsTraced(firstRun + r)});
            }
        }
    }
    const std::vector<std::vector<FlowResult>> measured =
        RunJobs("chakravorty-tcp", all.size(), jobs, [&study, &all, &outdir](std::size_t i) {
            return RunOne(study, all[i], outdir);
        });

    const std::string windowLimit = gprs::kWindowLimitedSenderSurvivesLoss ? "receiver" : "sender";
    std::map<std::string, StartupMarks> startup;
    std::cout << "experiment,condition,flow,run,bytes,duration_s,goodput_kbps,"
                 "syn_retransmissions,handshake_s,rtt_median_s,rtt_max_s,base_rtt_s,bdp_bytes,"
                 "time_to_bdp_s,acks,ack_bunch_mean,loss_at_s,recovery_s,share,timeouts,"
                 "complete,window_limit\n";
    // runs.csv: the same rows, with the columns in the shared order (ExampleRunRows).
    ExampleRunRows runRows({"experiment", "condition", "flow"},
                           {"bytes",
                            "duration_s",
                            "goodput_kbps",
                            "syn_retransmissions",
                            "handshake_s",
                            "rtt_median_s",
                            "rtt_max_s",
                            "base_rtt_s",
                            "bdp_bytes",
                            "time_to_bdp_s",
                            "acks",
                            "ack_bunch_mean",
                            "loss_at_s",
                            "recovery_s",
                            "share",
                            "timeouts",
                            "window_limit"});
    for (std::size_t i = 0; i < all.size(); ++i)
    {
        for (std::size_t f = 1; f <= measured[i].size(); ++f)
        {
            const FlowResult& r = measured[i][f - 1];
            const bool isStartup = all[i].experiment == "startup";
            if (isStartup && all[i].traces)
            {
                startup[all[i].condition] = {r.bdpBytes, r.GoodputKbps()};
            }
            const std::vector<std::string> keys{all[i].experiment,
                                                all[i].condition,
                                                "f" + std::to_string(f)};
            std::vector<std::string> values{std::to_string(r.bytes),
                                            Field(r.durationS),
                                            Field(r.GoodputKbps()),
                                            std::to_string(r.synRetransmissions),
                                            Field(r.handshakeS),
                                            Field(r.rttMedianS),
                                            Field(r.rttMaxS),
                                            Field(r.baseRttS),
                                            isStartup ? std::to_string(r.bdpBytes) : "",
                                            isStartup ? Field(r.timeToBdpS) : "",
                                            std::to_string(r.acks),
                                            isStartup ? Field(r.ackBunchMean, 2) : "",
                                            Field(r.lossAtS),
                                            Field(r.recoveryS),
                                            Field(r.share),
                                            std::to_string(r.timeouts)};
            std::cout << keys[0] << "," << keys[1] << "," << keys[2] << "," << all[i].run;
            for (const std::string& value : values)
            {
                std::cout << "," << value;
            }
            std::cout << "," << r.complete << "," << windowLimit << "\n";
            values.push_back(windowLimit);
            runRows.Add(keys, all[i].run, r.complete, values);
        }
    }
    if (!runRows.Write(outdir))
    {
        return 1;
    }
    // The figures plot the traced run's files.
    const bool traced =
        std::any_of(all.begin(), all.end(), [](const Job& job) { return job.traces; });
    if (!outdir.empty() && traced)
    {
        WritePlots(outdir, experiments, study, startup);
    }
    return 0;
}
