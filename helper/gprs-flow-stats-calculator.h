/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_FLOW_STATS_CALCULATOR_H
#define GPRS_FLOW_STATS_CALCULATOR_H

#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/net-device.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"

#include <boost/icl/interval_set.hpp>
#include <cstdint>
#include <deque>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>

/**
 * \file
 * \ingroup gprs
 * Per-flow delay, goodput and loss of the packets that reach mobiles, measured at the mobiles'
 * IP layer, with or without a proxy in the path.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * A flow towards a mobile as the mobile's IP layer sees it: the five-tuple of its packets.
 */
struct GprsFlowKey
{
    Ipv4Address source;          //!< the sender's address (a proxy speaks with the server's)
    uint16_t sourcePort{0};      //!< TCP or UDP source port
    Ipv4Address destination;     //!< the mobile's address
    uint16_t destinationPort{0}; //!< TCP or UDP destination port
    uint8_t protocol{0};         //!< IP protocol: 6 TCP, 17 UDP

    /// \param o another key \return a strict weak order, for maps
    bool operator<(const GprsFlowKey& o) const;
};

/**
 * \ingroup gprs
 * What the mobile received of one flow, over the whole run or over one epoch.
 */
struct GprsFlowKpis
{
    uint64_t rxPackets{0};      //!< IP packets delivered to the mobile's IP layer
    uint64_t rxBytes{0};        //!< their IP octets, headers included (as FlowMonitor counts)
    uint64_t goodputBytes{0};   //!< payload octets new to the mobile (TCP: not received before)
    uint64_t duplicateBytes{0}; //!< TCP payload octets the mobile had received before
    uint64_t lostPackets{0};    //!< accepted by the cell for the mobile, overtaken, never arrived
    uint64_t delaySamples{0};   //!< packets with new payload whose send time is known
    Time delaySum;              //!< sum of their delays
    Time delayMin;              //!< the shortest (0 without samples)
    Time delayMax;              //!< the longest

    /// \return the mean delay, 0 without samples
    Time GetMeanDelay() const;
};

/**
 * \ingroup gprs
 * \brief Per-flow KPIs of the traffic towards mobiles, measured where the mobile's IP layer
 * hands packets up (Ipv4L3Protocol "LocalDeliver"), in epochs as LTE's
 * RadioBearerStatsCalculator reports its bearers: packets and octets received, goodput, loss and
 * one-way delay per flow.
 *
 * FlowMonitor measures a flow from the node that sends its packets to the node that receives
 * them. A split proxy or cwnd clamp (GprsSplitProxy) ends the server's connection at the proxy
 * and opens its own to the mobile with the server's addresses, so FlowMonitor sees the server
 * leg only. This calculator measures at the mobile whoever sent the packet:
 *
 * - delay: for TCP, from the moment the flow's origin (the node that owns the source address)
 *   first sent a payload octet to the moment the octet first reaches the mobile, sampled at the
 *   first new octet of each segment. Octets are matched by their offset from the initial
 *   sequence number of each side's SYN, so a split proxy, which renumbers and resegments, does
 *   not break the match; an octet waiting in a proxy counts as waiting. For UDP, from the
 *   origin's sending of the packet itself. Install the calculator before the flows start;
 * - goodput: payload octets new to the mobile; duplicates (spurious retransmissions) apart;
 * - loss: packets the cell's network side accepted for the mobile (GprsBssNetDevice "MacTx")
 *   that never arrived although a later packet of the flow did: the cell delivers a mobile's
 *   packets in order, so such a packet was dropped (GGSN buffer, a lost LLC frame). Packets
 *   still in the cell are not counted.
 *
 * Packets are told apart by their IPv4 identification, unique per source and destination (a
 * packet uid is not: ns-3's TCP cuts its segments out of the application's packets, keeping
 * their uids).
 *
 * Epochs of EpochDuration from StartTime: at the end of every epoch in which a mobile received
 * something, one line per such flow goes to OutputFilename (tab-separated, with a header line):
 * start and end of the epoch (s), the mobile's node id, the five-tuple, then rxPackets, rxBytes,
 * goodputBytes, duplicateBytes, lostPackets, goodput (bit/s), mean, min and max delay (s).
 * The epoch clock only runs while packets arrive, so it keeps no simulation alive.
 */
class GprsFlowStatsCalculator : public Object
{
  public:
    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();
    GprsFlowStatsCalculator();
    ~GprsFlowStatsCalculator() override;

    /**
     * Measure the flows towards these mobiles: their IP layers, the cells they are in (the
     * GprsBssNetDevice of each GprsMsNetDevice), and every other node with IPv4 as a possible
     * origin.
     * \param mobiles nodes with a GprsMsNetDevice and an Internet stack
     */
    void Install(const NodeContainer& mobiles);

    /// \return the KPIs of every flow since StartTime
    std::map<GprsFlowKey, GprsFlowKpis> GetFlowStats() const;

  protected:
    void DoDispose() override;

  private:
    /// What the calculator keeps of one flow.
    struct Flow
    {
        uint32_t mobileNode{0};                 //!< the receiving node's id
        GprsFlowKpis total;                     //!< since StartTime
        GprsFlowKpis epoch;                     //!< in the open epoch
        std::optional<uint32_t> originIsn;      //!< TCP: the origin's initial sequence number
        std::optional<uint32_t> mobileIsn;      //!< TCP: the same, as the mobile got it
        uint64_t originSent{0};                 //!< TCP: payload octets the origin sent
        std::map<uint64_t, Time> firstSent;     //!< TCP: offset of a new segment -> send time
        boost::icl::interval_set<uint64_t> got; //!< TCP: payload offsets the mobile received
        std::map<uint16_t, Time> udpSent;       //!< UDP: IP identification -> send time
        std::deque<uint16_t> inCell;            //!< IP identifications the cell accepted, in order
    };

    // The traces are bound to a node's id, not its Ptr: a Ptr bound into the node's own IP stack
    // would keep the node alive (a reference cycle, which LeakSanitizer reports).
    void OriginSend(uint32_t nodeId,
                    const Ipv4Header& header,
                    Ptr<const Packet> packet,
                    uint32_t interface);
    void CellAccept(Ptr<const Packet> packet);
    void MobileDeliver(uint32_t nodeId,
                       const Ipv4Header& header,
                       Ptr<const Packet> packet,
                       uint32_t interface);
    /**
     * \param header an IP header \param packet its payload (transport header first)
     * \param[out] key the flow \return it is TCP or UDP to an installed mobile
     */
    bool Classify(const Ipv4Header& header, const Ptr<const Packet>& packet, GprsFlowKey& key);
    /// \param flow a flow \param delay a delay sample of it
    void AddDelay(Flow& flow, Time delay);
    /// Open the epoch of now, writing out the last one if it has ended.
    void UpdateEpoch();
    /// Write the open epoch's lines and clear its KPIs.
    void WriteEpoch();
    /// Write the open epoch, if any, and close the file.
    void Finish();
    /// \param index an epoch \return its start
    Time EpochStart(int64_t index) const;

    Time m_startTime;                    //!< StartTime attribute
    Time m_epochDuration;                //!< EpochDuration attribute
    std::string m_outputFilename;        //!< OutputFilename attribute
    std::ofstream m_output;              //!< the epoch file, once opened
    std::set<Ipv4Address> m_mobiles;     //!< addresses of the installed mobiles
    std::set<Ptr<NetDevice>> m_cells;    //!< network-side devices watched
    std::map<GprsFlowKey, Flow> m_flows; //!< every flow seen
    std::optional<int64_t> m_epoch;      //!< index of the open epoch
    EventId m_epochEnd;                  //!< writes the open epoch at its end
};

} // namespace ns3

#endif /* GPRS_FLOW_STATS_CALCULATOR_H */
