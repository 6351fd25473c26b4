/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_SNOOP_AGENT_H
#define GPRS_SNOOP_AGENT_H

#include "gprs-proxy.h"
#include "gprs-snoop-cache.h"

#include "ns3/event-id.h"
#include "ns3/ipv4-header.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <map>

/**
 * \file
 * \ingroup gprs
 * The Snoop agent (Balakrishnan et al. 1995) on the proxy node.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Snoop: transparent to both ends, it caches each connection's data segments from the
 * fixed host towards the mobile, answers duplicate ACKs for cached data with a local
 * retransmission and suppresses them, retransmits on its own timer, and lets new ACKs pass.
 *
 * The rules per connection are GprsSnoopCache's; this class finds the connection of each
 * transit segment, keeps the IP packets, runs each connection's local timer and sends the local
 * retransmissions (with the original IP header, TTL lowered by one as a forwarded copy's) into
 * the same queue as forwarded packets. Only data from the Internet side towards the mobiles is
 * snooped; a connection is forgotten on RST, on a new SYN, or once the mobile acknowledges the
 * fixed host's FIN.
 */
class GprsSnoopAgent : public GprsProxy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsSnoopAgent();
    ~GprsSnoopAgent() override;

    /// \return connections being snooped
    std::size_t GetConnections() const;

    /// \return segmentsCached, the retransmissions, acksSuppressed and dataSegmentsToMobile
    GprsProxyCounters GetCounters() const override;

    /**
     * TracedCallback signature of Drop.
     * \param payload the IP payload of the packet dropped
     * \param header its IP header
     */
    typedef void (*DropCallback)(Ptr<const Packet> payload, const Ipv4Header& header);

  protected:
    void DoDispose() override;
    bool Intercept(const GprsTransitPacket& packet, const GprsTransitSegment& s) override;

  private:
    /// What the agent keeps of a cached segment: the IP payload and header as received.
    struct Cached
    {
        Ptr<const Packet> payload; //!< TCP header and data
        Ipv4Header header;         //!< IP header
    };

    /// One snooped connection.
    struct Connection
    {
        GprsSnoopCache<Cached> cache;           //!< the Snoop state
        EventId timer;                          //!< the local retransmission timer
        std::optional<SequenceNumber32> finAck; //!< ACK number of the fixed host's FIN
    };

    /**
     * A segment from the fixed host towards the mobile.
     * \param packet the packet
     * \param s the segment
     */
    void FromFixedHost(const GprsTransitPacket& packet, const GprsTransitSegment& s);

    /**
     * A segment from the mobile towards the fixed host.
     * \param s the segment
     * \return drop it (a suppressed duplicate ACK)
     */
    bool FromMobile(const GprsTransitSegment& s);

    /**
     * Send a cached segment again.
     * \param c its connection
     * \param seq its sequence number
     * \return it was sent
     */
    bool Retransmit(const Connection& c, SequenceNumber32 seq);

    /**
     * (Re)start a connection's local timer if it holds segments, else stop it.
     * \param flow the connection
     */
    void RestartTimer(const GprsTcpFlow& flow);

    /**
     * A connection's local timer expired.
     * \param flow the connection
     */
    void OnTimer(GprsTcpFlow flow);

    /// \return the parameters of a new connection, from the attributes
    GprsSnoopConfig GetConfig() const;

    uint32_t m_cacheSize{0};                                          //!< CacheSize
    uint32_t m_dupAckThreshold{0};                                    //!< DupAckThreshold
    uint32_t m_maxLocalRetx{0};                                       //!< MaxLocalRetransmissions
    Time m_initialRto;                                                //!< InitialRto
    Time m_minRto;                                                    //!< MinRto
    Time m_maxRto;                                                    //!< MaxRto
    std::map<GprsTcpFlow, Connection> m_connections;                  //!< connections being snooped
    TracedCallback<Ptr<const Packet>, const Ipv4Header&> m_dropTrace; //!< Drop
    TracedValue<uint64_t> m_segmentsCached;                           //!< SegmentsCached
    TracedValue<uint64_t> m_dataRetx;                                 //!< DataDrivenRetransmissions
    TracedValue<uint64_t> m_timerRetx;            //!< TimerDrivenRetransmissions
    TracedValue<uint64_t> m_acksSuppressed;       //!< AcksSuppressed
    TracedValue<uint64_t> m_dataSegmentsToMobile; //!< DataSegmentsToMobile
};

} // namespace ns3

#endif /* GPRS_SNOOP_AGENT_H */
