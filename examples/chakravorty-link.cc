/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Chakravorty & Pratt, "Performance issues with General Packet Radio Service" (JCN 2002),
// link measurements C1-C3 on their testbed (chakravorty-setup.h):
// - latency: one-way delay of single UDP packets sent with random 5-10 s spacing, uplink and
//   downlink, and of bursts after idle (the first packet of a burst against the rest);
// - bandwidth: 1024-byte UDP packets sent just above the link rate on the downlink, the
//   receiver's throughput over fixed intervals, under a C/I trace with a 30 s outage;
// - buffer: a downlink UDP burst larger than the GGSN buffer; what arrives reveals its size.
//
// Prints a CSV table per experiment; --outdir receives .dat files and gnuplot scripts
// (rendered to PNG when gnuplot is installed). --jobs runs independent simulations in parallel
// processes; the output does not depend on it.

#include "common/example-jobs.h"
#include "common/example-option-text.h"
#include "common/example-options.h"
#include "common/example-plot.h"
#include "common/example-runs.h"
#include "common/example-statistics.h"
#include "setups/chakravorty-setup.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

constexpr uint16_t kPort = 9000;                          //!< the receiver's UDP port
constexpr int64_t kSpacingStream = 10;                    //!< random stream of the send times
constexpr int64_t kCellStream = 100;                      //!< first random stream of the cell
constexpr uint32_t kIpBytes = 1024 + 8 + 20;              //!< a 1024-byte UDP payload's IPv4 packet
const std::string kDirections[] = {"uplink", "downlink"}; //!< C1's two directions

/// Inputs of the three experiments; defaults are the paper's, or stated choices.
struct LinkSetup
{
    ChakravortySetup testbed; //!< the shared testbed
    std::string ci{"24"};     //!< latency, buffer: C/I (paper: not given)
    //! bandwidth: C/I schedule, 20 s steps between 8 and 24 dB (paper: not given)
    std::string ciTrace{"0s:24,20s:16,40s:10,60s:20,80s:13,100s:24,170s:8,190s:18,210s:12,230s:24"};
    std::string outages{"120s-150s"}; //!< bandwidth: outages (paper: one of 30 s)
    std::string sizes{"64,1024"};     //!< latency: UDP payload sizes (paper: 64, 1024)
    uint32_t packets{1000};           //!< latency: single packets per size and direction
    Time minIdle{Seconds(5)};         //!< latency: shortest spacing (paper: 5 s)
    Time maxIdle{Seconds(10)};        //!< latency: longest spacing (paper: 10 s)
    uint32_t bursts{100};             //!< latency: bursts per size and direction
    uint32_t burstPackets{10};        //!< latency: packets of a burst
    Time burstGap{Seconds(1)};        //!< latency: spacing inside a burst
    DataRate rate{"40kbps"};          //!< bandwidth: send rate, UDP payload
    Time interval{Seconds(5)};        //!< bandwidth: averaging interval
    Time duration{Seconds(250)};      //!< bandwidth: sending time
    uint32_t burstBytes{262144};      //!< buffer: payload bytes of the burst
};

/// One packet received: when it was sent, its delay and its place.
struct Arrival
{
    uint32_t seq;   //!< sequence number
    double sentS;   //!< send time, s
    double delayMs; //!< one-way delay, ms
};

/**
 * Sends UDP packets at given times with a SeqTsHeader and records, at the receiver, what
 * arrives and when; the sender's and receiver's clocks are the simulator's, so the delay is
 * exact.
 */
class UdpProbe
{
  public:
    /**
     * \param from sending node
     * \param to receiving node
     * \param toAddress its address
     */
    UdpProbe(Ptr<Node> from, Ptr<Node> to, Ipv4Address toAddress)
    {
        m_rx = Socket::CreateSocket(to, UdpSocketFactory::GetTypeId());
        m_rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), kPort));
        m_rx->SetRecvCallback(MakeCallback(&UdpProbe::Receive, this));
        m_tx = Socket::CreateSocket(from, UdpSocketFactory::GetTypeId());
        m_tx->Bind();
        m_tx->Connect(InetSocketAddress(toAddress, kPort));
    }

    /**
     * \param at send time
     * \param bytes UDP payload, at least the SeqTsHeader's 12 octets
     */
    void Send(Time at, uint32_t bytes)
    {
        const uint32_t seq = m_sent++;
        Simulator::Schedule(at, [this, seq, bytes]() {
            SeqTsHeader header;
            header.SetSeq(seq);
            const Ptr<Packet> p = Create<Packet>(bytes - header.GetSerializedSize());
            p->AddHeader(header);
            m_tx->Send(p);
        });
    }

    /// \return the packets received, in arrival order
    const std::vector<Arrival>& GetArrivals() const
    {
        return m_arrivals;
    }

    /// \param callback called with each packet received
    void SetArrivalCallback(std::function<void(const Arrival&)> callback)
    {
        m_onArrival = std::move(callback);
    }

  private:
    /// \param socket the receiving socket
    void Receive(Ptr<Socket> socket)
    {
        while (const Ptr<Packet> p = socket->Recv())
        {
            SeqTsHeader header;
            p->RemoveHeader(header);
            m_arrivals.push_back(Arrival{header.GetSeq(),
                                         header.GetTs().GetSeconds(),
                                         (Simulator::Now() - header.GetTs()).GetSeconds() * 1e3});
            if (m_onArrival)
            {
                m_onArrival(m_arrivals.back());
            }
        }
    }

    Ptr<Socket> m_tx;                                //!< sender
    Ptr<Socket> m_rx;                                //!< receiver
    uint32_t m_sent{0};                              //!< packets scheduled
    std::vector<Arrival> m_arrivals;                 //!< packets received
    std::function<void(const Arrival&)> m_onArrival; //!< called with each packet received
};

/**
 * \param values samples, not empty
 * \param q quantile in (0, 1]
 * \return the nearest-rank q-quantile
 */
double
Quantile(std::vector<double> values, double q)
{
    std::sort(values.begin(), values.end());
    const auto rank = static_cast<std::size_t>(std::ceil(q * values.size()));
    return values[std::max<std::size_t>(rank, 1) - 1];
}

/// One latency simulation: a direction, a size, singles or bursts.
struct LatencyJob
{
    std::string direction; //!< uplink or downlink
    uint32_t bytes;        //!< UDP payload
    bool bursts;           //!< bursts, else single packets
    uint64_t run;          //!< RNG run
};

/// One packet of a latency simulation.
struct PacketDelay
{
    std::string position; //!< single, first (of a burst) or rest
    double delayMs{-1};   //!< its one-way delay; -1: lost

    /// \return the members, for RunJobs
    auto Fields() const
    {
        return std::tie(position, delayMs);
    }
};

/**
 * \param setup the inputs
 * \param run RNG run
 * \param ci C/I specification of the mobile
 * \return the scenario with one mobile
 */
GprsScenario
BuildCell(const LinkSetup& setup, uint64_t run, const std::string& ci)
{
    RngSeedManager::SetRun(run);
    setup.testbed.ConfigureTcp();
    return setup.testbed.Build(ci, 1, false, kCellStream);
}

/**
 * One latency simulation.
 * \param setup the inputs
 * \param job what to run
 * \return every packet sent
 */
std::vector<PacketDelay>
RunLatency(const LinkSetup& setup, const LatencyJob& job)
{
    const GprsScenario s = BuildCell(setup, job.run, setup.ci);
    const bool up = job.direction == "uplink";
    UdpProbe probe(up ? s.mobiles.Get(0) : s.server,
                   up ? s.server : s.mobiles.Get(0),
                   up ? s.serverAddress : s.GetMobileAddress(0));
    const auto idle = CreateObject<UniformRandomVariable>();
    idle->SetAttribute("Min", DoubleValue(setup.minIdle.GetSeconds()));
    idle->SetAttribute("Max", DoubleValue(setup.maxIdle.GetSeconds()));
    idle->SetStream(kSpacingStream);
    const uint32_t groups = job.bursts ? setup.bursts : setup.packets;
    const uint32_t n = job.bursts ? setup.burstPackets : 1;
    // Each single packet or burst goes an idle time after the previous one has all arrived (or
    // was given up after kGiveUp), so that every one finds the link idle: a burst of large
    // packets on the uplink can take longer than the idle time.
    const Time kGiveUp = Seconds(60);
    std::vector<PacketDelay> packets;
    uint32_t group = 0;
    uint32_t arrived = 0;
    std::function<void()> next;
    const auto start = [&]() {
        const uint32_t current = group;
        arrived = 0;
        for (uint32_t k = 0; k < n; ++k)
        {
            probe.Send(setup.burstGap * k, job.bytes);
            packets.push_back({!job.bursts ? "single" : (k == 0 ? "first" : "rest")});
        }
        Simulator::Schedule(setup.burstGap * (n - 1) + kGiveUp, [&, current]() {
            if (group == current)
            {
                next();
            }
        });
    };
    next = [&]() {
        if (++group < groups)
        {
            Simulator::Schedule(Seconds(idle->GetValue()), start);
        }
    };
    probe.SetArrivalCallback([&](const Arrival& a) {
        if (a.seq >= group * n && ++arrived == n)
        {
            next();
        }
    });
    Simulator::Schedule(Seconds(idle->GetValue()), start);
    Simulator::Run();
    for (const Arrival& a : probe.GetArrivals())
    {
        packets[a.seq].delayMs = a.delayMs;
    }
    Simulator::Destroy();
    return packets;
}

/**
 * One bandwidth simulation.
 * \param setup the inputs
 * \param run RNG run
 * \return the octets received in each interval
 */
std::vector<uint64_t>
RunBandwidth(const LinkSetup& setup, uint64_t run)
{
    const GprsScenario s = BuildCell(setup, run, setup.ciTrace);
    s.msDevices.Get(0)->SetAttribute("Outages", StringValue(setup.outages));
    UdpProbe probe(s.server, s.mobiles.Get(0), s.GetMobileAddress(0));
    const Time spacing = setup.rate.CalculateBytesTxTime(1024);
    const Time start = Seconds(1);
    for (Time t; t < setup.duration; t += spacing)
    {
        probe.Send(start + t, 1024);
    }
    const Time end = start + setup.duration;
    Simulator::Stop(end);
    Simulator::Run();
    const auto intervals = static_cast<std::size_t>(
        std::ceil(setup.duration.GetSeconds() / setup.interval.GetSeconds()));
    std::vector<uint64_t> bytes(intervals, 0);
    for (const Arrival& a : probe.GetArrivals())
    {
        // Arrival time = send time + delay.
        const double at = a.sentS + a.delayMs / 1e3 - start.GetSeconds();
        const auto i = static_cast<std::size_t>(at / setup.interval.GetSeconds());
        if (i < intervals)
        {
            bytes[i] += 1024;
        }
    }
    Simulator::Destroy();
    return bytes;
}

/// What the buffer experiment measured in one run.
struct BufferResult
{
    uint32_t sent{0};           //!< packets of the burst
    uint32_t received{0};       //!< packets that arrived
    uint32_t dropped{0};        //!< drops of the mobile's GGSN buffer: BufferDrop and GbDrop
    uint32_t maxOccupancy{0};   //!< largest GGSN buffer occupancy, octets
    uint32_t radioBeforeEnd{0}; //!< packets the radio delivered before the burst's end
};

/**
 * One buffer simulation: a burst of 1024-byte packets from the server at the Internet link's
 * rate.
 * \param setup the inputs
 * \param run RNG run
 * \return the result
 */
BufferResult
RunBuffer(const LinkSetup& setup, uint64_t run)
{
    const GprsScenario s = BuildCell(setup, run, setup.ci);
    UdpProbe probe(s.server, s.mobiles.Get(0), s.GetMobileAddress(0));
    BufferResult r;
    r.sent = (setup.burstBytes + 1023) / 1024;
    // Paced at the Internet link's rate, as a sender's interface sends a burst: the server's
    // own queue (ns-3's FqCoDel) would otherwise drop from a standing queue of the whole burst.
    const Time start = Seconds(1);
    const Time onLink = DataRate("10Mbps").CalculateBytesTxTime(kIpBytes + 2);
    for (uint32_t i = 0; i < r.sent; ++i)
    {
        probe.Send(start + onLink * i, 1024);
    }
    s.pcu->TraceConnectWithoutContext(
        "BufferDrop",
        MakeCallback(+[](BufferResult* res, uint32_t, GprsDirection dir, Ptr<const Packet>) {
            res->dropped += dir == GprsDirection::DOWNLINK ? 1 : 0;
        }).Bind(&r));
    // The mobile's buffer admits a packet at the Gb already (the packets waiting for it count
    // in it): a full buffer drops there.
    s.bssDevices.Get(0)->TraceConnectWithoutContext(
        "GbDrop",
        MakeCallback(+[](BufferResult* res, uint32_t, GprsDirection dir, Ptr<const Packet>) {
            res->dropped += dir == GprsDirection::DOWNLINK ? 1 : 0;
        }).Bind(&r));
    s.pcu->TraceConnectWithoutContext(
        "BufferOccupancy",
        MakeCallback(+[](BufferResult* res, uint32_t, GprsDirection dir, uint32_t bytes) {
            if (dir == GprsDirection::DOWNLINK)
            {
                res->maxOccupancy = std::max(res->maxOccupancy, bytes);
            }
        }).Bind(&r));
    // The burst has reached the GGSN when its last packet has crossed the Internet link.
    const Time burstEnd = start + onLink * r.sent + setup.testbed.internetDelay;
    Simulator::Schedule(burstEnd, [&r, &probe]() {
        r.radioBeforeEnd = static_cast<uint32_t>(probe.GetArrivals().size());
    });
    // The buffer drains at the link rate: 128 KiB take about 30 s on 3 CS-2 timeslots.
    Simulator::Stop(start + Seconds(1000));
    Simulator::Run();
    r.received = static_cast<uint32_t>(probe.GetArrivals().size());
    Simulator::Destroy();
    return r;
}

/**
 * \param dir the output directory
 * \param name the script's name, without .gp
 * \param text the script
 */
void
WriteScript(const std::string& dir, const std::string& name, const std::string& text)
{
    std::ofstream(dir + "/" + name + ".gp") << text;
    if (!RenderGnuplot(dir, name + ".gp"))
    {
        std::cerr << "warning: gnuplot failed on " << dir << "/" << name << ".gp\n";
    }
}

/**
 * Latency: run every direction, size and kind, print the table, write the histograms.
 * \param setup the inputs
 * \param runs runs per configuration
 * \param jobs worker processes
 * \param outdir output directory, or empty
 */
void
LatencyExperiment(const LinkSetup& setup, uint32_t runs, uint32_t jobs, const std::string& outdir)
{
    std::vector<uint32_t> sizes;
    for (const auto& item : SplitList(setup.sizes))
    {
        sizes.push_back(static_cast<uint32_t>(std::stoul(item)));
    }
    const uint64_t firstRun = RngSeedManager::GetRun();
    std::vector<LatencyJob> all;
    for (const auto& direction : kDirections)
    {
        for (const uint32_t bytes : sizes)
        {
            for (const bool bursts : {false, true})
            {
                for (uint32_t r = 0; r < runs; ++r)
                {
                    all.push_back(LatencyJob{direction, bytes, bursts, firstRun + r});
                }
            }
        }
    }
    const std::vector<std::vector<PacketDelay>> measured =
        RunJobs("chakravorty-link", all.size(), jobs, [&setup, &all](std::size_t i) {
            return RunLatency(setup, all[i]);
        });
    // Delays per (direction, size, position), and lost packets.
    std::map<std::tuple<std::string, uint32_t, std::string>, std::vector<double>> delays;
    std::map<std::tuple<std::string, uint32_t, std::string>, uint32_t> lost;
    // Per run: its packets, those lost, the median and largest delay of the others. A UDP run
    // always completes: a lost packet is a measurement.
    ExampleRunRows runRows({"direction", "packet_bytes", "pattern"},
                           {"packets", "lost", "median_ms", "max_ms"});
    for (std::size_t i = 0; i < all.size(); ++i)
    {
        std::vector<double> arrived;
        for (const PacketDelay& packet : measured[i])
        {
            if (packet.delayMs >= 0)
            {
                arrived.push_back(packet.delayMs);
            }
        }
        runRows.Add(
            {all[i].direction, std::to_string(all[i].bytes), all[i].bursts ? "bursts" : "single"},
            all[i].run,
            true,
            {std::to_string(measured[i].size()),
             std::to_string(measured[i].size() - arrived.size()),
             arrived.empty() ? "" : RunField(Median(arrived), 1),
             arrived.empty() ? ""
                             : RunField(*std::max_element(arrived.begin(), arrived.end()), 1)});
        for (const PacketDelay& packet : measured[i])
        {
            const auto key = std::make_tuple(all[i].direction, all[i].bytes, packet.position);
            if (packet.delayMs < 0)
            {
                ++lost[key];
            }
            else
            {
                delays[key].push_back(packet.delayMs);
            }
        }
    }
    std::cout << "direction,packet_bytes,position,count,lost,min_ms,median_ms,p90_ms,max_ms,"
                 "mean_ms,stdev_ms\n";
    std::ostringstream plot;
    plot << "set terminal pngcairo size 1200,800 noenhanced\nset output 'link-latency.png'\n"
            "set multiplot layout 2,"
         << sizes.size()
         << " title \"One-way delay of UDP packets (Chakravorty & Pratt C1 setup)\"\n"
            "set xlabel 'one-way delay (ms)'\nset ylabel 'fraction of packets'\nset grid\n"
            "set style data steps\n";
    const double binMs = 10;
    for (const auto& direction : kDirections)
    {
        for (const uint32_t bytes : sizes)
        {
            plot << "set title '" << direction << ", " << bytes << "-byte packets'\nplot ";
            bool firstCurve = true;
            for (const std::string position : {"single", "first", "rest"})
            {
                const auto key = std::make_tuple(direction, bytes, position);
                const std::vector<double>& d = delays[key];
                std::ostringstream row;
                row << std::fixed << std::setprecision(1) << direction << "," << bytes << ","
                    << position << "," << d.size() << "," << lost[key];
                if (!d.empty())
                {
                    row << "," << *std::min_element(d.begin(), d.end()) << "," << Median(d) << ","
                        << Quantile(d, 0.9) << "," << *std::max_element(d.begin(), d.end()) << ","
                        << Mean(d) << "," << StandardDeviation(d);
                }
                else
                {
                    row << ",,,,,,";
                }
                std::cout << row.str() << "\n";
                if (outdir.empty() || d.empty())
                {
                    continue;
                }
                const std::string file =
                    "latency-" + direction + "-" + std::to_string(bytes) + "-" + position + ".dat";
                std::map<int64_t, uint32_t> bins;
                for (const double v : d)
                {
                    ++bins[static_cast<int64_t>(std::floor(v / binMs))];
                }
                std::ofstream dat(outdir + "/" + file);
                dat << "# bin_start_ms fraction (bins of " << binMs << " ms, " << d.size()
                    << " packets)\n";
                // Every bin from the first to one past the last, empty ones too, so steps drop to
                // 0.
                const int64_t last = bins.rbegin()->first + 1;
                for (int64_t b = bins.begin()->first; b <= last; ++b)
                {
                    const auto it = bins.find(b);
                    dat << b * binMs << " "
                        << (it == bins.end() ? 0.0 : static_cast<double>(it->second) / d.size())
                        << "\n";
                }
                plot << (firstCurve ? "" : ", ") << "'" << file << "' title '" << position
                     << "' lw 2";
                firstCurve = false;
            }
            plot << (firstCurve ? "NaN notitle" : "") << "\n";
        }
    }
    plot << "unset multiplot\n";
    if (!outdir.empty())
    {
        WriteScript(outdir, "link-latency", plot.str());
    }
    if (!runRows.Write(outdir))
    {
        std::exit(1);
    }
}

/**
 * Bandwidth: run, print the time series, write it with the C/I.
 * \param setup the inputs
 * \param runs runs
 * \param jobs worker processes
 * \param outdir output directory, or empty
 */
void
BandwidthExperiment(const LinkSetup& setup, uint32_t runs, uint32_t jobs, const std::string& outdir)
{
    const uint64_t firstRun = RngSeedManager::GetRun();
    const std::vector<std::vector<uint64_t>> measured =
        RunJobs("chakravorty-link", runs, jobs, [&setup, firstRun](std::size_t i) {
            return RunBandwidth(setup, firstRun + i);
        });
    GprsRadioConditions radio = GprsRadioConditions::FromSpec(setup.ciTrace);
    if (!setup.outages.empty())
    {
        radio.AddOutages(setup.outages);
    }
    const Time start = Seconds(1);
    std::cout << "run,time_s,throughput_kbps,ci_db,outage\n";
    // runs.csv: the same rows, in the shared column order, with the interval as the key.
    ExampleRunRows runRows({"time_s"}, {"throughput_kbps", "ci_db", "outage"});
    std::ofstream dat;
    if (!outdir.empty())
    {
        dat.open(outdir + "/bandwidth.dat");
        dat << "# run time_s throughput_kbps ci_db outage (interval " << setup.interval.GetSeconds()
            << " s; time is the interval's middle, simulation time as in the C/I trace)\n";
    }
    for (uint32_t r = 0; r < runs; ++r)
    {
        for (uint32_t i = 0; i < measured[r].size(); ++i)
        {
            const uint64_t bytes = measured[r][i];
            const Time from = setup.interval * i;
            const Time to = std::min(from + setup.interval, setup.duration);
            const Time middle = start + (from + to) / 2;
            std::ostringstream row;
            row << std::fixed << std::setprecision(3) << firstRun + r << "," << middle.GetSeconds()
                << "," << bytes * 8 / (to - from).GetSeconds() / 1000 << ","
                << radio.GetCiDb(middle) << "," << radio.IsOutage(middle);
            std::cout << row.str() << "\n";
            runRows.Add({RunField(middle.GetSeconds())},
                        firstRun + r,
                        true,
                        {RunField(bytes * 8 / (to - from).GetSeconds() / 1000),
                         RunField(radio.GetCiDb(middle)),
                         radio.IsOutage(middle) ? "1" : "0"});
            if (dat.is_open())
            {
                std::string line = row.str();
                std::replace(line.begin(), line.end(), ',', ' ');
                dat << line << "\n";
            }
        }
        if (dat.is_open())
        {
            dat << "\n\n";
        }
    }
    if (!outdir.empty())
    {
        dat.close();
        std::ostringstream plot;
        plot << "set terminal pngcairo size 1000,500 noenhanced\nset output 'link-bandwidth.png'\n"
                "set title \"Downlink UDP throughput over "
             << setup.interval.GetSeconds() << " s intervals, 1024-byte packets at "
             << setup.rate.GetBitRate() / 1000
             << " kbit/s (Chakravorty & Pratt C2 setup)\"\n"
                "set xlabel 'time (s)'\nset ylabel 'throughput (kbit/s)'\nset y2label 'C/I "
                "(dB)'\nset ytics nomirror\nset y2tics\nset yrange [0:*]\nset y2range [0:30]\n"
                "set grid\nset key below\nset xrange [0:*]\nset boxwidth "
             << setup.interval.GetSeconds()
             << "\n"
                "plot 'bandwidth.dat' index 0 using 2:3 with histeps lw 2 title 'throughput', "
                "'' index 0 using 2:4 axes x1y2 with histeps dt 2 title 'C/I (interval middle)', "
                "'' index 0 using 2:($5*30) axes x1y2 with boxes fs transparent solid 0.2 "
                "noborder title 'outage'\n";
        WriteScript(outdir, "link-bandwidth", plot.str());
    }
    if (!runRows.Write(outdir))
    {
        std::exit(1);
    }
}

/**
 * Buffer: run, infer the buffer from what arrived, print it against the configuration.
 * \param setup the inputs
 * \param runs runs
 * \param jobs worker processes
 * \param outdir output directory (runs.csv), or empty
 */
void
BufferExperiment(const LinkSetup& setup, uint32_t runs, uint32_t jobs, const std::string& outdir)
{
    const uint64_t firstRun = RngSeedManager::GetRun();
    const std::vector<BufferResult> measured =
        RunJobs("chakravorty-link", runs, jobs, [&setup, firstRun](std::size_t i) {
            return RunBuffer(setup, firstRun + i);
        });
    std::cout << "run,sent_packets,received_packets,buffer_drops,delivered_during_burst,"
                 "inferred_buffer_bytes,configured_buffer_bytes,max_occupancy_bytes\n";
    // runs.csv: the same rows, in the shared column order.
    ExampleRunRows runRows({},
                           {"sent_packets",
                            "received_packets",
                            "buffer_drops",
                            "delivered_during_burst",
                            "inferred_buffer_bytes",
                            "configured_buffer_bytes",
                            "max_occupancy_bytes"});
    for (uint32_t i = 0; i < runs; ++i)
    {
        const BufferResult& r = measured[i];
        // The paper's inference: what arrived was held by the buffer while the burst came in,
        // less what the radio carried meanwhile.
        const uint64_t inferred = static_cast<uint64_t>(r.received - r.radioBeforeEnd) * kIpBytes;
        std::cout << firstRun + i << "," << r.sent << "," << r.received << "," << r.dropped << ","
                  << r.radioBeforeEnd << "," << inferred << "," << setup.testbed.ggsnBuffer << ","
                  << r.maxOccupancy << "\n";
        runRows.Add({},
                    firstRun + i,
                    true,
                    {std::to_string(r.sent),
                     std::to_string(r.received),
                     std::to_string(r.dropped),
                     std::to_string(r.radioBeforeEnd),
                     std::to_string(inferred),
                     std::to_string(setup.testbed.ggsnBuffer),
                     std::to_string(r.maxOccupancy)});
    }
    if (!runRows.Write(outdir))
    {
        std::exit(1);
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    LinkSetup setup;
    std::string experiment = "latency";
    uint32_t runs = 1;
    uint32_t jobs = 1;
    std::string outdir;

    ExampleOptions options(
        __FILE__,
        "Chakravorty & Pratt, 'Performance issues with GPRS' (JCN 2002), link measurements. "
        "--experiment=latency (C1): one-way delay of single UDP packets of each size of --sizes "
        "(UDP payload, 12 octets of it a sequence number and send time), --packets of them with a "
        "spacing drawn uniformly from --minIdle..--maxIdle (paper: 1000 packets, 5-10 s), uplink "
        "and downlink; then --bursts bursts of --burstPackets packets --burstGap apart, each "
        "after such an idle time. Prints CSV with columns direction, packet_bytes, position "
        "(single; first of a burst; rest of a burst), count, lost, min_ms, median_ms, p90_ms "
        "(nearest rank), max_ms, mean_ms and stdev_ms; --outdir receives "
        "latency-DIRECTION-BYTES-POSITION.dat histograms (10 ms bins) and link-latency.gp "
        "(rendered to link-latency.png when gnuplot is installed). --experiment=bandwidth (C2): "
        "1024-byte UDP packets at --rate on the downlink for --duration, the mobile's received "
        "throughput over --interval, the mobile's C/I from --ciTrace (default: 20 s steps between "
        "8 and 24 dB, spanning CS-2's block error rate from 2.3e-4 to 0.26; the paper gives no "
        "C/I) and its --outages (default the paper's 30 s outage, from 120 s); CSV run, time_s "
        "(middle of the interval), throughput_kbps, ci_db, outage; --outdir receives "
        "bandwidth.dat and link-bandwidth.gp (link-bandwidth.png). --experiment=buffer (C3): "
        "--burstBytes of 1024-byte UDP packets sent at once on the downlink, more than the GGSN "
        "buffer holds; CSV run, sent_packets, received_packets, buffer_drops (the PCU's "
        "BufferDrop and the BSS's GbDrop traces: the buffer admits packets at the Gb), "
        "delivered_during_burst (arrived before the burst's last packet "
        "reached the GGSN), inferred_buffer_bytes ((received - delivered_during_burst) x "
        "1052-octet IP packets, the paper's inference), configured_buffer_bytes (--ggsnBuffer) "
        "and max_occupancy_bytes (the BufferOccupancy trace: the PCU's part of the buffer, "
        "without the packets waiting for the Gb). --runs replications use RNG runs "
        "--RngRun .. --RngRun + runs - 1. Every experiment also writes runs.csv to --outdir, "
        "one row per run (latency: direction, packet_bytes, pattern single or bursts, run, "
        "complete, packets, lost, median_ms, max_ms; bandwidth: per run and interval; buffer: "
        "the table's rows); complete is always 1, a UDP run ends when its packets are sent "
        "and a lost packet is a measurement. " +
            ChakravortySetup::Choices() +
            " The TCP options do not matter here (UDP only). Radio for latency and buffer: "
            "--ci (paper: not given; 24 dB, a good cell).");
    options.AddChecked("experiment",
                       "which measurement: latency (C1), bandwidth (C2) or buffer (C3)",
                       experiment,
                       "latency, bandwidth or buffer",
                       [](const std::string& text) {
                           return text == "latency" || text == "bandwidth" || text == "buffer";
                       });
    options.AddInteger<uint32_t>("runs", "runs per configuration", runs, 1, 1000);
    options.AddInteger<uint32_t>("jobs", "parallel worker processes", jobs, 1, 64);
    options.AddOutputDirectory("outdir",
                               "directory for runs.csv, .dat files and gnuplot scripts",
                               outdir);
    setup.testbed.AddOptions(options);
    options.AddRadioConditions("ci",
                               "latency and buffer: C/I of the mobile, dB (paper: not given)",
                               setup.ci);
    options.AddRadioConditions("ciTrace",
                               "bandwidth: C/I of the mobile (paper: not given)",
                               setup.ciTrace);
    options.AddChecked("outages",
                       "bandwidth: the mobile's outages, no block gets through either way "
                       "(paper: one of 30 s)",
                       setup.outages,
                       "empty or comma-separated intervals such as 120s-150s",
                       [](const std::string& text) {
                           try
                           {
                               if (!text.empty())
                               {
                                   GprsRadioConditions(0).AddOutages(text);
                               }
                               return true;
                           }
                           catch (const std::invalid_argument&)
                           {
                               return false;
                           }
                       });
    options.SetsAttribute("ns3::GprsMsNetDevice::Outages", {"outages"});
    options.AddChecked("sizes",
                       "latency: UDP payload sizes, octets, comma-separated (paper: 64 and 1024)",
                       setup.sizes,
                       "a comma-separated list of integers from 12 to 1472" + kExampleListRule,
                       [](const std::string& text) {
                           return ReadList(text, [](const std::string& item) {
                               const auto v = TryParseGprsNumber(item);
                               return v && *v == std::floor(*v) && *v >= 12 && *v <= 1472 &&
                                      item.find_first_not_of("0123456789") == std::string::npos;
                           });
                       });
    options.AddInteger<uint32_t>("packets",
                                 "latency: single packets per size and direction (paper: 1000)",
                                 setup.packets,
                                 1,
                                 100000);
    options.AddTime("minIdle",
                    "latency: shortest spacing of single packets and bursts (paper: 5 s)",
                    setup.minIdle,
                    MilliSeconds(1),
                    Seconds(3600));
    options.AddTime("maxIdle",
                    "latency: longest spacing of single packets and bursts (paper: 10 s)",
                    setup.maxIdle,
                    MilliSeconds(1),
                    Seconds(3600));
    options.AddInteger<uint32_t>("bursts",
                                 "latency: bursts per size and direction (paper: not given)",
                                 setup.bursts,
                                 1,
                                 100000);
    options.AddInteger<uint32_t>("burstPackets",
                                 "latency: packets of a burst (paper: not given)",
                                 setup.burstPackets,
                                 2,
                                 1000);
    options.AddTime("burstGap",
                    "latency: spacing of a burst's packets (paper: not given)",
                    setup.burstGap,
                    NanoSeconds(1),
                    Seconds(10),
                    true);
    options.AddRate("rate",
                    "bandwidth: send rate of UDP payload (paper: just above the link rate)",
                    setup.rate,
                    DataRate("1kbps"),
                    DataRate("10Mbps"));
    options.AddTime("interval",
                    "bandwidth: averaging interval of the receiver (paper: fixed, not given)",
                    setup.interval,
                    MilliSeconds(100),
                    Seconds(3600));
    options.AddTime("duration",
                    "bandwidth: how long the sender sends",
                    setup.duration,
                    Seconds(1),
                    Seconds(100000));
    options.AddInteger<uint32_t>(
        "burstBytes",
        "buffer: UDP payload of the burst, octets (more than --ggsnBuffer)",
        setup.burstBytes,
        1024,
        100000000);
    options.Require("maxIdle", "at least --minIdle", [&setup]() {
        return setup.maxIdle >= setup.minIdle;
    });
    options.Require("interval", "at most --duration", [&setup]() {
        return setup.interval <= setup.duration;
    });
    if (!options.Parse(argc, argv))
    {
        return 2;
    }

    if (experiment == "latency")
    {
        LatencyExperiment(setup, runs, jobs, outdir);
    }
    else if (experiment == "bandwidth")
    {
        BandwidthExperiment(setup, runs, jobs, outdir);
    }
    else
    {
        BufferExperiment(setup, runs, jobs, outdir);
    }
    return 0;
}
