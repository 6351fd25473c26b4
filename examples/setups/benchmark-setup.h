/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BENCHMARK_SETUP_H
#define BENCHMARK_SETUP_H

// The networks and traffic gprs-benchmark measures:
//
//   server --(Internet link)-- GGSN ==(GPRS cells, or one point-to-point link)== mobiles
//
// one such site per cellsPerGgsn cells (doc/gprs-benchmark.rst.inc).

#include "../common/example-options.h"

#include "ns3/abort.h"
#include "ns3/applications-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \param tid a type
 * \param name one of its attributes
 * \return the attribute's default value
 * \tparam V the attribute's value type (TimeValue, UintegerValue, ...)
 */
template <typename V>
auto
DefaultOf(TypeId tid, const std::string& name)
{
    TypeId::AttributeInformation info;
    NS_ABORT_MSG_UNLESS(tid.LookupAttributeByName(name, &info),
                        tid.GetName() << " has no attribute " << name);
    return DynamicCast<const V>(info.initialValue)->Get();
}

/// What every benchmark network has: its radio, its mobiles, its TCP and its Internet links.
struct BenchmarkNetwork
{
    std::string cs{"CS-2"};               //!< coding scheme of every cell
    std::string ci{"24"};                 //!< C/I of every mobile (good: CS-2 BLER near 0)
    uint32_t msClass{8};                  //!< multislot class of every mobile
    uint32_t mss{1400};                   //!< TCP segment size
    DataRate internetRate{"100Mbps"};     //!< server-GGSN link rate (never the bottleneck)
    Time internetDelay{MilliSeconds(50)}; //!< server-GGSN one-way delay

    /**
     * Register the options of these settings.
     * \param options the benchmark's options
     */
    void AddOptions(ExampleOptions& options);
};

/**
 * Sites of server -- Internet link -- GGSN -- access network(s) -- mobiles. Every GGSN has its
 * own server: the sites share nothing but the simulator.
 */
struct BenchmarkTopology
{
    NodeContainer servers;                  //!< one Internet server per site
    NodeContainer ggsns;                    //!< one GGSN (or point-to-point router) per site
    NodeContainer mobiles;                  //!< all mobiles
    std::vector<Ipv4Address> serverAddress; //!< one per site
    std::vector<Ipv4Address> mobileAddress; //!< one per mobile
    std::vector<uint32_t> mobileSite;       //!< the site of each mobile
    std::vector<Ptr<GprsPcu>> pcus;         //!< one per cell
};

/**
 * \param cells GPRS cells
 * \param perGgsn cells per GGSN, 0: no limit
 * \return the number of sites (GGSNs) for them
 */
uint32_t BenchmarkSiteCount(uint32_t cells, uint32_t perGgsn);

/**
 * GPRS cells of a fixed coding scheme (n.cs), their mobiles at C/I n.ci, of class n.msClass,
 * on sites of BenchmarkSiteCount(cells, perGgsn); cell c's random streams from 1000 + 10 c.
 * \param n the network's settings
 * \param cells the cells
 * \param perCell mobiles per cell
 * \param pdchs PDCHs per cell
 * \param perGgsn cells per GGSN, 0: all on one
 * \return the topology
 */
BenchmarkTopology CreateBenchmarkGprs(const BenchmarkNetwork& n,
                                      uint32_t cells,
                                      uint32_t perCell,
                                      uint32_t pdchs,
                                      uint32_t perGgsn);

/**
 * One mobile behind a point-to-point link, its queue as the GGSN buffer (the default of
 * GprsPcu::DownlinkBufferBytes) and no queue disc, as the GPRS devices.
 * \param n the network's settings (its Internet link)
 * \param rate the link's rate
 * \param delay its one-way delay
 * \return the topology
 */
BenchmarkTopology CreateBenchmarkP2p(const BenchmarkNetwork& n, DataRate rate, Time delay);

/**
 * \param n the network's settings
 * \param pdchs PDCHs of the cell
 * \return the nominal downlink rate of the GPRS cell for one mobile (timeslots x CS rate)
 */
DataRate BenchmarkNominalGprsRate(const BenchmarkNetwork& n, uint32_t pdchs);

/**
 * Mixed traffic: even mobiles download with TCP (greedy BulkSend of n.mss writes); odd mobiles
 * receive on/off UDP bursts (exponential on 2 s / off 8 s at 32 kbit/s, 500-byte packets) and
 * send a 100-byte UDP packet every 5 s, all with the server of their site. Start times are
 * spread over the first second.
 * \param n the network's settings
 * \param t the topology
 * \param stop when the traffic stops
 * \return the sinks, mobiles' and servers'
 */
ApplicationContainer InstallMixedTraffic(const BenchmarkNetwork& n,
                                         const BenchmarkTopology& t,
                                         Time stop);

/**
 * Busy traffic: each mobile a background user of rendon-proxies' busy-cell mix
 * (RendonBackgroundServices: of every 10 mobiles, by index, 5 e-mail, 3 WWW, 2 FTP) with the
 * server of its site, random streams from 1.
 * \param t the topology
 * \param stop when the users stop
 * \return the users' sinks
 */
std::vector<Ptr<GprsTrafficSink>> InstallBusyTraffic(const BenchmarkTopology& t, Time stop);

/**
 * Bursts of UDP traffic in a one-site topology: \p bursts bursts every \p gap from 1 s, in each
 * of which the server sends \p packets 500-byte UDP packets to every mobile and every mobile two
 * 100-byte UDP packets to the server.
 * \param t the topology
 * \param bursts the bursts
 * \param packets downlink packets per mobile and burst
 * \param gap time between bursts
 * \return the sinks, mobiles' and the server's
 */
ApplicationContainer InstallBursts(const BenchmarkTopology& t,
                                   uint32_t bursts,
                                   uint32_t packets,
                                   Time gap);

} // namespace ns3

#endif /* BENCHMARK_SETUP_H */
