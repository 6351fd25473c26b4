/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RENDON_SETUP_H
#define RENDON_SETUP_H

// The setup of Rendon, Casadevall and Carrasco, "Wireless TCP proposals with proxy servers in
// the GPRS network": built by rendon-proxies; its busy cell's service mix also makes the busy
// network of gprs-benchmark.

#include "ns3/gprs-module.h"

#include <string>
#include <vector>

namespace ns3
{

/// Inputs of a run; defaults are the paper's setup plus the documented choices.
struct RendonSetup
{
    uint64_t bytes{524288};                //!< the download (paper: 512 KB)
    uint32_t mss{430};                     //!< TCP MSS (paper: 430)
    double internetLoss{0.005};            //!< per packet and direction (paper: below 1 %)
    Time internetDelay{MilliSeconds(100)}; //!< mean one-way delay (paper: 100 ms)
    Time delayStdev{MilliSeconds(20)};     //!< its standard deviation (paper: not given)
    bool reorder{false};                   //!< per-packet delays may reorder
    bool sack{false};                      //!< TCP SACK (paper: Reno, none)
    uint32_t pdchs{4};                     //!< PDCHs (paper: 4)
    std::string cs{"CS-2"};                //!< coding scheme (paper: CS-2)
    std::string ci{"24"};                  //!< C/I, dB (paper: 24)
    std::string rlcMode{"Unacknowledged"}; //!< RLC mode (paper: radio losses reach LLC)
    uint32_t llcN200{2};                   //!< LLC retransmissions (paper: up to 2)
    uint32_t users{15};                    //!< background users of the busy cell (paper: 15)
    uint64_t ftpCallBytes{524288};         //!< mean octets of a background FTP file (the paper's)
    uint32_t coChannelCells{6};            //!< busy: co-channel cells around it; 0: C/I fixed
    Time warmup{Seconds(3600)};            //!< busy cell: background traffic before the download
    uint32_t clamp{0};                     //!< C_clamp and the ACK window; 0: derived
    Time limit{Seconds(1800)};             //!< a download not done by then is incomplete
    std::string radio{"cell"};             //!< cell (block level) or statistical (the paper's)

    /// \return C_clamp: --clamp, or Chakravorty & Pratt's rule for the cell and a 1 s RTT
    uint32_t GetClamp() const;
};

/**
 * The busy cell's users: 50 % e-mail, 30 % WWW, 20 % FTP, rounded by the largest remainder
 * (ties to the earlier service): 15 users are 8 e-mail, 4 WWW and 3 FTP, 10 users 5 e-mail,
 * 3 WWW and 2 FTP.
 * \param users the background users
 * \return each one's service (a GprsTrafficHelper service name), e-mail users first
 */
std::vector<std::string> RendonBackgroundServices(uint32_t users);

/**
 * Give a statistical radio the setup's cell: the downlink rate of --pdchs PDCHs of --cs, the
 * uplink rate of one timeslot, the BLER of --cs at --ci by the module's curve
 * (GprsBlerModel) and, per packet, the error rate of a full segment's blocks (--mss + 40
 * octets of TCP/IP headers).
 * \param radio the statistical radio's helper
 * \param setup the inputs; its ci must be a constant C/I
 */
void ConfigureRendonStatisticalRadio(GprsStatisticalHelper& radio, const RendonSetup& setup);

/**
 * \param ftpCallBytes mean octets of an FTP file
 * \return the mean datagrams of its UMTS 30.03 packet call: ftpCallBytes over the mean
 *         datagram size (479.7 octets), at least 1
 */
double RendonFtpDatagrams(uint64_t ftpCallBytes);

/// One built run: the cell, the variant's proxy and LLC mode, the background users' traffic.
struct RendonRun
{
    GprsScenario scenario;                             //!< nodes, devices, PCU
    Ptr<GprsProxy> proxy;                              //!< the variant's proxy, or null
    std::vector<Ptr<GprsTrafficSink>> backgroundSinks; //!< the busy cell's, on its mobiles
    std::vector<Ptr<GprsTrafficGenerator>> backgroundGenerators; //!< theirs, on the server
};

/**
 * Build a run: set ns-3's TCP defaults to the setup's Reno, build the server, the proxy node,
 * the GGSN and the cell with the measured mobile (0) and, in the busy cell, setup.users
 * background users running their services from the start (FTP files of setup.ftpCallBytes on
 * average) and setup.coChannelCells co-channel cells, each with setup.users background users
 * of its own, whose load sets the cells' C/I (GprsScenarioHelper::SetCoChannelInterference;
 * setup.ci is the C/I at full load); fix every random stream, so that the variants of a run
 * see the same draws. The variant (LLC acknowledged mode, the proxy) applies to the measured
 * mobile only. With setup.radio "statistical" the cell is a GprsStatisticalChannel
 * (ConfigureRendonStatisticalRadio) and LLC acknowledged mode its measured mobile's
 * MaxRetransmissions = llcN200. The caller installs the measured download.
 * \param setup the inputs
 * \param variant reno, snoop, split, reno-llc-ack, split-llc-ack, clamp or ack-window
 * \param busy with the background users
 * \return the run; backgroundSinks and backgroundGenerators are the busy cell's users' (the
 *         co-channel cells' users are load, not measured)
 */
RendonRun BuildRendonRun(const RendonSetup& setup, const std::string& variant, bool busy);

} // namespace ns3

#endif /* RENDON_SETUP_H */
