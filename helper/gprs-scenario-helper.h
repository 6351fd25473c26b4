/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_SCENARIO_HELPER_H
#define GPRS_SCENARIO_HELPER_H

#include "gprs-helper.h"
#include "gprs-statistical-helper.h"

#include "ns3/data-rate.h"
#include "ns3/gprs-co-channel-interference.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"

#include <map>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Builds the whole server-to-mobile path in one call.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What GprsScenarioHelper::Install built (doc/gprs.rst, "The scenario"): nodes, devices and
 * addresses of server -- Internet link -- [proxy -- Gi link --] GGSN -- cell -- mobiles.
 */
struct GprsScenario
{
    Ptr<Node> server;                           //!< the Internet server
    Ptr<Node> proxy;                            //!< the proxy node, or null when none was asked for
    Ptr<Node> ggsn;                             //!< the GGSN (network side of the cell)
    NodeContainer mobiles;                      //!< the mobiles: mobiles.Get(i) is mobile i
    Ipv4Address serverAddress;                  //!< the server's address (10.0.0.1)
    Ipv4Address proxyAddress;                   //!< the proxy's Gi address (10.0.1.1), if any
    Ipv4InterfaceContainer mobileInterfaces;    //!< one per mobile, in order
    NetDeviceContainer internetDevices;         //!< Internet link: the server's, then the gateway's
    NetDeviceContainer bssDevices;              //!< each cell's network device (GGSN side)
    NetDeviceContainer msDevices;               //!< the device of mobile i: msDevices.Get(i)
    Ptr<GprsPcu> pcu;                           //!< the (first) cell's PCU, null if statistical
    std::vector<Ptr<GprsPcu>> pcus;             //!< the PCU of cell c: pcus[c]; none if statistical
    std::vector<uint32_t> mobileCell;           //!< the cell of mobile i: mobileCell[i]
    std::vector<Ipv4Address> ggsnCellAddresses; //!< the GGSN's address in cell c's subnet
    Ipv4Mask cellMask;                          //!< the mask of every cell's subnet
    Ipv4Address mobileNetwork;                  //!< all cells' network (10.1.0.0)
    Ipv4Mask mobileMask;                        //!< its mask (/16)
    Ptr<RandomVariableStream> internetDelay;    //!< per-packet Internet delay, s, or null
    Ptr<GprsCoChannelInterference> coChannel;   //!< load-dependent C/I of the cells, or null

    /**
     * \param i mobile index
     * \return its address
     */
    Ipv4Address GetMobileAddress(uint32_t i) const;

    /**
     * \param cell cell index
     * \return the network of its subnet (with cellMask)
     */
    Ipv4Address GetCellNetwork(uint32_t cell) const;

    /**
     * \param cell cell index
     * \return the indices i of its mobiles, in increasing order (the PCU's mobile k is the k-th)
     */
    std::vector<uint32_t> GetCellMobiles(uint32_t cell) const;
};

/**
 * \ingroup gprs
 * \brief Builds server -- Internet link -- [proxy -- Gi link --] GGSN -- GPRS cell -- mobiles,
 * with the Internet stack, addresses and static routes.
 *
 * The Internet link is a point-to-point link with a rate, a one-way delay and a packet loss
 * rate in each direction; the optional proxy node sits between the Internet and the GGSN
 * (where Rendon et al. put their Snoop and Split proxies); the cell is built by the
 * GprsHelper returned by Cell().
 */
class GprsScenarioHelper
{
  public:
    GprsScenarioHelper();

    /// \return the cell helper, to set PCU and device attributes before Install()
    GprsHelper& Cell();

    /**
     * Build each cell as a statistical radio link (GprsStatisticalHelper, doc/gprs.rst
     * "Statistical radio link") instead of the block-level cell of Cell(); the rest of the
     * scenario is the same. Default false: the block-level cell.
     * \param enable use the statistical radio
     */
    void SetStatisticalRadio(bool enable);

    /// \return the statistical radio's helper, to set its attributes before Install()
    GprsStatisticalHelper& StatisticalRadio();

    /**
     * \param rate rate of the Internet link (default 10 Mbit/s: never the bottleneck)
     * \param delay one-way delay (default 100 ms, the mean Internet delay of Rendon et al.)
     * \param lossRate probability that a packet is lost, each direction (default 0)
     */
    void SetInternetLink(DataRate rate, Time delay, double lossRate);

    /**
     * Draw the Internet link's one-way delay per packet from a normal distribution whose mean is
     * the link's delay (SetInternetLink), within 0 .. twice the mean (GprsScenario's
     * internetDelay gives the random stream).
     * \param stdev its standard deviation (0: the delay is constant, the default)
     * \param keepOrder packets of a direction leave the link in the order they entered it (a
     *        packet drawn to arrive before its predecessor arrives right after it), as on a real
     *        path, where jitter comes from queues; false: a packet may overtake (per-packet
     *        delays on one link reorder packets sent closer together than the spread)
     */
    void SetInternetDelayVariation(Time stdev, bool keepOrder);

    /**
     * \param enable insert a proxy node between the Internet and the GGSN
     * \param giDelay one-way delay of the proxy-GGSN link
     * \param giRate rate of the proxy-GGSN link
     */
    void SetProxy(bool enable,
                  Time giDelay = MilliSeconds(1),
                  DataRate giRate = DataRate("100Mbps"));

    /**
     * Put several cells behind the GGSN, each built by Cell() with its own PCU and channel;
     * the Gi side (Internet link, proxy) is shared. Mobile i goes to cell i mod cells unless
     * Attach() chose its cell. The mobiles' 10.1.0.0/16 is split into the least power of two
     * of equal subnets not below cells (one cell: all of it; 1024 cells: /26 subnets of 61
     * mobiles at most).
     * \param cells number of cells, 1..1024 (default 1)
     */
    void SetCells(uint32_t cells);

    /**
     * Load-dependent C/I: make the scenario's cells co-channel cells of one reuse pattern, in
     * cell order (cell c is the pattern's cell c), whose downlink activity sets each other's
     * interference (GprsCoChannelInterference; doc/gprs.rst, "Load-dependent C/I"). Each
     * mobile's RadioConditions then give its C/I at full load. Off by default: every mobile
     * has its C/I schedule alone.
     * \param pattern a pattern without cells yet (its attributes and, after Install, its
     *        weights are the caller's), or null: off
     */
    void SetCoChannelInterference(Ptr<GprsCoChannelInterference> pattern);

    /**
     * Put mobile i in a chosen cell instead of cell i mod cells. The scenario creates the
     * mobiles' nodes, so a mobile is named by its index and attached before Install(mobiles);
     * Install checks that both exist.
     * \param mobile the mobile's index
     * \param cell its cell, below SetCells' number
     */
    void Attach(uint32_t mobile, uint32_t cell);

    /**
     * Check every value given so far for a scenario of that many mobiles (the cell helper's
     * too, GprsHelper::Check), as Install does before building.
     * \param mobiles number of mobiles
     * \throws std::invalid_argument naming the first bad value and what is allowed
     */
    void Check(uint32_t mobiles) const;

    /**
     * Build the scenario; a value that Check() refuses stops the program with its message.
     * \param mobiles number of mobiles, at least 1
     * \return the nodes, devices and addresses
     */
    GprsScenario Install(uint32_t mobiles);

    /**
     * Build the scenario with explicit cells: cell c has mobilesPerCell[c] mobiles, numbered
     * cell by cell (cell 0's first); SetCells is not used, and Attach must not have been.
     * Name the type, Install(std::vector<uint32_t>{6}): a braced {6} alone calls Install(6).
     * \param mobilesPerCell mobiles of each cell (1..1024 cells, at least one mobile in all)
     * \return the nodes, devices and addresses
     */
    GprsScenario Install(const std::vector<uint32_t>& mobilesPerCell);

    /**
     * Fix the random streams of a scenario this helper built, so that its draws do not depend
     * on how many random variables the program made before (ns-3's manual "Random
     * Variables"): every cell (GprsHelper::AssignStreams; a statistical radio's link,
     * GprsStatisticalHelper::AssignStreams), then the Internet link's loss models and its
     * per-packet delay.
     * \param scenario what Install returned
     * \param stream the first stream index
     * \return the number of streams used
     */
    static int64_t AssignStreams(const GprsScenario& scenario, int64_t stream);

  private:
    /**
     * \param mobiles number of mobiles
     * \return the cell of each mobile, from SetCells and Attach
     */
    std::vector<uint32_t> CellOfEachMobile(uint32_t mobiles) const;

    /**
     * \param mobileCell the cell of each mobile
     * \param cells number of cells
     * \throws std::invalid_argument naming the first bad value and what is allowed
     */
    void Check(const std::vector<uint32_t>& mobileCell, uint32_t cells) const;

    /**
     * Build what Check() accepted.
     * \param mobileCell the cell of each mobile
     * \param cells number of cells
     * \return the nodes, devices and addresses
     */
    GprsScenario Build(const std::vector<uint32_t>& mobileCell, uint32_t cells) const;

    /**
     * Make the built cells the cells of m_coChannel and their mobiles its mobiles.
     * \param s the scenario being built: its PCUs and mobile cells are set
     * \param msDevice each mobile's device
     */
    void JoinCoChannelPattern(GprsScenario& s, const std::vector<Ptr<NetDevice>>& msDevice) const;

    GprsHelper m_cell;                          //!< the cell
    DataRate m_rate;                            //!< Internet link rate
    Time m_delay;                               //!< Internet link delay
    double m_lossRate;                          //!< Internet link loss
    Time m_delayStdev;                          //!< Internet delay standard deviation
    bool m_keepOrder;                           //!< Internet delay variation keeps the order
    bool m_proxy;                               //!< with a proxy node
    uint32_t m_cells;                           //!< cells behind the GGSN
    std::map<uint32_t, uint32_t> m_attached;    //!< mobile -> cell, from Attach
    Time m_giDelay;                             //!< proxy-GGSN delay
    Ptr<GprsCoChannelInterference> m_coChannel; //!< load-dependent C/I, or null
    DataRate m_giRate;                          //!< proxy-GGSN rate
    bool m_statistical{false};                  //!< the statistical radio instead of the cell
    GprsStatisticalHelper m_radio;              //!< the statistical radio
};

} // namespace ns3

#endif /* GPRS_SCENARIO_HELPER_H */
