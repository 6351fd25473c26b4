/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Where the time of one small packet goes through an idle GPRS cell, component by component:
// one UDP packet down from the GGSN to the mobile's host, then one up, each after the cell has
// gone idle. Every component is measured from the trace sources of the devices and the PCU,
// whatever mechanism sets it (TBF establishment in particular), never assumed.

#include "common/example-options.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"

#include <cmath>
#include <iomanip>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("GprsLatencyBudget");

namespace
{

/// Gap between two probes: the first's TBFs and their release timers have ended by then.
const Time kProbeGap = Seconds(10);

/// When one probe packet reached each point of its path (zero: not yet).
struct LatencyProbe
{
    GprsDirection dir{GprsDirection::DOWNLINK}; //!< its direction
    uint32_t octets{0};                         //!< IP octets
    Time start;                                 //!< when it is sent
    Time accepted;                              //!< MacTx of the sending device
    Time gbOut;                                 //!< left the Gb
    Time gbTime;                                //!< waited for and took on the Gb
    Time terminalTime;                          //!< waited for and took on the terminal link
    Time buffered;                              //!< entered the PCU's buffer
    Time established;                           //!< its direction's TBF established
    Time firstBlock;                            //!< first RLC data block of the TBF
    Time lastNewBlock;                          //!< last block sent for the first time
    Time lastBlock;                             //!< last block before the delivery
    Time pcuDelivered;                          //!< PacketDelivered
    Time passedUp;                              //!< MacRx of the far device
};

/// The probes and the one in flight.
struct Budget
{
    std::vector<LatencyProbe> probes; //!< in order
    std::size_t current{0};           //!< index of the probe in flight

    /// \return the probe in flight
    LatencyProbe& Now()
    {
        return probes[current];
    }

    /**
     * \param t a time to set if not set yet
     * \param value its value
     */
    static void First(Time& t, Time value)
    {
        if (t.IsZero())
        {
            t = value;
        }
    }
};

/**
 * \param p a probe
 * \return its components in path order, milliseconds, and their sum: the one-way delay
 */
std::vector<std::pair<std::string, double>>
Components(const LatencyProbe& p)
{
    const bool down = p.dir == GprsDirection::DOWNLINK;
    const auto ms = [](Time t) { return t.GetSeconds() * 1000; };
    // Without a Gb the packet enters (downlink) or leaves (uplink) the core at the PCU.
    const Time gbEnd = p.gbOut.IsZero() ? (down ? p.buffered : p.pcuDelivered) : p.gbOut;
    const double core = down ? ms(gbEnd - p.gbTime - p.accepted) : ms(p.passedUp - gbEnd);
    const double terminal = ms(p.terminalTime);
    const double tbf = ms(p.established - p.buffered);
    const double firstWait = ms(p.firstBlock - p.established);
    const double waits = ms(p.lastBlock - p.lastNewBlock);
    const double radio = ms(p.pcuDelivered - p.firstBlock) - waits;
    std::vector<std::pair<std::string, double>> rows;
    if (!down)
    {
        rows.emplace_back("terminal_link", terminal);
    }
    else
    {
        rows.emplace_back("core", core);
        rows.emplace_back("gb", ms(p.gbTime));
    }
    rows.emplace_back("tbf_establishment", tbf);
    rows.emplace_back("first_block_wait", firstWait);
    rows.emplace_back("radio_blocks", radio);
    rows.emplace_back("rlc_ack_waits", waits);
    if (down)
    {
        rows.emplace_back("terminal_link", terminal);
    }
    else
    {
        rows.emplace_back("gb", ms(p.gbTime));
        rows.emplace_back("core", core);
    }
    rows.emplace_back("total", ms(p.passedUp - p.accepted));
    return rows;
}

/**
 * Send one UDP packet of \p octets IP octets at \p at.
 * \param from sender \param to receiver \param address receiver's address
 * \param octets IP octets \param at when
 */
void
SendOne(Ptr<Node> from, Ptr<Node> to, Ipv4Address address, uint32_t octets, Time at)
{
    static uint16_t port = 7000;
    ++port;
    UdpServerHelper server(port);
    server.Install(to);
    UdpClientHelper client(address, port);
    client.SetAttribute("MaxPackets", UintegerValue(1));
    // IPv4 20 and UDP 8 octets around the payload.
    client.SetAttribute("PacketSize", UintegerValue(octets - 28));
    client.Install(from).Start(at);
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t size = 64;
    bool full = false;
    uint32_t rounds = 1;
    std::string outdir;
    ExampleOptions options(
        __FILE__,
        "The latency budget of an idle GPRS cell: one UDP packet of --size IP octets from the "
        "GGSN down to the mobile's host at 1 s, then one up at 11 s (and, with --full, the same "
        "with 1500 octets at 21 s and 31 s), each through an idle cell; --rounds times, each "
        "packet sent up to 1.2 s (a DRX cycle) after its 10 s slot begins, at a random moment, "
        "so that the means cover the phases of the CCCH's paging blocks and RACH slots. Prints "
        "one CSV row per component of the packets' mean one-way delay, from the sending device "
        "accepting it (MacTx) to the far device passing it up (MacRx), in path order: core "
        "(CoreNetworkDelay), gb "
        "(wait for and serialisation on the Gb), tbf_establishment (from the packet entering "
        "the PCU's buffer to its TBF existing, TbfEstablished), first_block_wait (to the first "
        "RLC data block), radio_blocks (the blocks that carry it), rlc_ack_waits (after the "
        "last block sent for the first time, until the last retransmission before the "
        "delivery), terminal_link (host-phone link, TerminalLinkRate); then total. Each is "
        "measured from trace sources. The module's defaults (doc/gprs.rst) set the cell: 4 "
        "PDCHs, CS-2, C/I 24 dB, one class 8 mobile; change them with --ns3::... attributes.");
    options.AddInteger<uint32_t>("size", "IP octets of the small packet", size, 40, 1500);
    options.AddFlag("full", "also a 1500-octet packet each way", full);
    options.AddInteger<uint32_t>("rounds",
                                 "rounds of packets whose components are averaged",
                                 rounds,
                                 1,
                                 10000);
    options.AddOutputDirectory("outdir", "unused: the budget is on stdout", outdir);
    options.SetsAttribute("ns3::UdpClient::PacketSize", {"size", "full"});
    options.SetsAttribute("ns3::UdpClient::MaxPackets");
    options.SetsAttribute("ns3::PointToPointNetDevice::DataRate");
    options.SetsAttribute("ns3::PointToPointChannel::Delay");
    if (!options.Parse(argc, argv))
    {
        return 2;
    }

    GprsScenarioHelper scenario;
    scenario.SetInternetLink(DataRate("10Mbps"), MilliSeconds(1), 0);
    GprsScenario s = scenario.Install(1);
    scenario.Cell().AssignStreams(s.bssDevices, 100);

    Budget budget;
    std::vector<uint32_t> sizes{size};
    if (full)
    {
        sizes.push_back(1500);
    }
    // Each round's send times: a DRX cycle (BS_PA_MFRMS 5 x 235 ms) of phases.
    const Ptr<UniformRandomVariable> phase = CreateObject<UniformRandomVariable>();
    phase->SetStream(99);
    Time at = Seconds(1);
    for (uint32_t round = 0; round < rounds; ++round)
    {
        for (const uint32_t octets : sizes)
        {
            for (const GprsDirection dir : {GprsDirection::DOWNLINK, GprsDirection::UPLINK})
            {
                LatencyProbe p;
                p.dir = dir;
                p.octets = octets;
                p.start = at + (rounds > 1 ? MilliSeconds(std::floor(phase->GetValue(0, 1200)))
                                           : Time(0));
                const Time sendAt = p.start;
                budget.probes.push_back(p);
                if (dir == GprsDirection::DOWNLINK)
                {
                    SendOne(s.server, s.mobiles.Get(0), s.GetMobileAddress(0), octets, sendAt);
                }
                else
                {
                    SendOne(s.mobiles.Get(0), s.server, s.serverAddress, octets, sendAt);
                }
                at += kProbeGap;
            }
        }
    }
    // Each probe is the one in flight from its start on.
    for (std::size_t i = 1; i < budget.probes.size(); ++i)
    {
        Simulator::Schedule(budget.probes[i].start - NanoSeconds(1),
                            [&budget, i]() { budget.current = i; });
    }

    const Ptr<NetDevice> bss = s.bssDevices.Get(0);
    const Ptr<NetDevice> ms = s.msDevices.Get(0);
    // MacTx of the sending device, MacRx of the far one.
    const auto accepted = MakeCallback(+[](Budget* b, GprsDirection d, Ptr<const Packet>) {
        if (b->Now().dir == d)
        {
            Budget::First(b->Now().accepted, Simulator::Now());
        }
    });
    const auto passedUp = MakeCallback(+[](Budget* b, GprsDirection d, Ptr<const Packet>) {
        if (b->Now().dir == d)
        {
            Budget::First(b->Now().passedUp, Simulator::Now());
        }
    });
    for (const GprsDirection dir : {GprsDirection::DOWNLINK, GprsDirection::UPLINK})
    {
        const bool down = dir == GprsDirection::DOWNLINK;
        Callback<void, Budget*, GprsDirection, Ptr<const Packet>> tx = accepted;
        Callback<void, Budget*, GprsDirection, Ptr<const Packet>> rx = passedUp;
        (down ? bss : ms)->TraceConnectWithoutContext("MacTx", tx.Bind(&budget, dir));
        (down ? ms : bss)->TraceConnectWithoutContext("MacRx", rx.Bind(&budget, dir));
    }
    bss->TraceConnectWithoutContext(
        "GbPacket",
        MakeCallback(+[](Budget* b, uint32_t, GprsDirection, Ptr<const Packet>, Time w, Time l) {
            b->Now().gbOut = Simulator::Now();
            b->Now().gbTime = w + l;
        }).Bind(&budget));
    ms->TraceConnectWithoutContext(
        "TerminalLink",
        MakeCallback(+[](Budget* b, GprsDirection, Ptr<const Packet>, Time w, Time l) {
            b->Now().terminalTime = w + l;
        }).Bind(&budget));
    const Ptr<GprsPcu> pcu = s.pcu;
    pcu->TraceConnectWithoutContext(
        "BufferOccupancy",
        MakeCallback(+[](Budget* b, uint32_t, GprsDirection d, uint32_t bytes) {
            if (d == b->Now().dir && bytes > 0)
            {
                Budget::First(b->Now().buffered, Simulator::Now());
            }
        }).Bind(&budget));
    pcu->TraceConnectWithoutContext("TbfEstablished",
                                    MakeCallback(+[](Budget* b, uint32_t, GprsDirection d, Time) {
                                        if (d == b->Now().dir)
                                        {
                                            Budget::First(b->Now().established, Simulator::Now());
                                        }
                                    }).Bind(&budget));
    pcu->TraceConnectWithoutContext("RlcBlock",
                                    MakeCallback(+[](Budget* b, const GprsRlcBlockRecord& r) {
                                        LatencyProbe& p = b->Now();
                                        if (r.dir != p.dir || p.established.IsZero() ||
                                            !p.pcuDelivered.IsZero())
                                        {
                                            return;
                                        }
                                        Budget::First(p.firstBlock, Simulator::Now());
                                        p.lastBlock = Simulator::Now();
                                        if (r.kind == GprsRlcTxKind::NEW)
                                        {
                                            p.lastNewBlock = Simulator::Now();
                                        }
                                    }).Bind(&budget));
    pcu->TraceConnectWithoutContext(
        "PacketDelivered",
        MakeCallback(+[](Budget* b, uint32_t, GprsDirection d, Ptr<const Packet>, Time) {
            if (d == b->Now().dir)
            {
                Budget::First(b->Now().pcuDelivered, Simulator::Now());
            }
        }).Bind(&budget));

    Simulator::Stop(at);
    Simulator::Run();

    std::cout << "direction,ip_octets,component,ms\n";
    int status = 0;
    // The first round's probes in their order; each row the mean over the rounds.
    const std::size_t perRound = budget.probes.size() / rounds;
    for (std::size_t k = 0; k < perRound; ++k)
    {
        const LatencyProbe& first = budget.probes[k];
        const char* dir = first.dir == GprsDirection::DOWNLINK ? "downlink" : "uplink";
        std::vector<std::pair<std::string, double>> mean;
        for (uint32_t round = 0; round < rounds; ++round)
        {
            const LatencyProbe& p = budget.probes[round * perRound + k];
            if (p.passedUp.IsZero())
            {
                std::cerr << "error: the " << dir << " packet of " << p.octets
                          << " octets of round " << round + 1 << " was not delivered\n";
                status = 1;
                continue;
            }
            const auto components = Components(p);
            mean.resize(components.size());
            for (std::size_t c = 0; c < components.size(); ++c)
            {
                mean[c].first = components[c].first;
                mean[c].second += components[c].second / rounds;
            }
        }
        for (const auto& [component, ms] : mean)
        {
            std::cout << dir << "," << first.octets << "," << component << "," << std::fixed
                      << std::setprecision(3) << ms << "\n";
        }
    }
    Simulator::Destroy();
    return status;
}
