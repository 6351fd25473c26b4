/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_PROXY_H
#define GPRS_PROXY_H

#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/tcp-header.h"

#include <cstdint>
#include <tuple>

/**
 * \file
 * \ingroup gprs
 * The common ground of the TCP proxies on the node between the Internet and the GGSN.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The counters of a proxy, for a summary (e.g. a CSV row). Each variant owns the counters it
 * keeps (each also a trace source of that variant) and fills their fields in its GetCounters;
 * the other fields stay 0.
 */
struct GprsProxyCounters
{
    uint64_t segmentsCached{0};             //!< data segments put in a Snoop cache
    uint64_t dataDrivenRetransmissions{0};  //!< proxy retransmissions on duplicate ACKs
    uint64_t timerDrivenRetransmissions{0}; //!< proxy retransmissions on a timeout
    uint64_t acksSuppressed{0};             //!< duplicate ACKs not passed to the fixed host
    uint64_t dataSegmentsToMobile{0};       //!< data segments the proxy sent to the mobiles
    uint64_t bytesRelayedToMobile{0};       //!< split: octets relayed towards the mobiles
    uint64_t bytesRelayedToServer{0};       //!< split: octets relayed towards the fixed hosts
    uint64_t bytesDroppedToMobile{0}; //!< split: octets for the mobiles a dead connection lost
    uint64_t bytesDroppedToServer{0}; //!< split: octets for the fixed hosts it lost
    uint64_t acksRewritten{0};        //!< ACK-window: segments whose window was lowered
    uint32_t windowInForce{0};        //!< clamp / ACK-window: the last window applied
};

/**
 * \ingroup gprs
 * A TCP connection between a fixed host (Internet side) and a mobile, as a map key.
 */
struct GprsTcpFlow
{
    Ipv4Address fixedAddress; //!< the fixed host
    uint16_t fixedPort{0};    //!< its port
    Ipv4Address mobile;       //!< the mobile
    uint16_t mobilePort{0};   //!< its port

    /**
     * \param o another flow
     * \return a strict order, for maps
     */
    bool operator<(const GprsTcpFlow& o) const
    {
        return Key() < o.Key();
    }

    /**
     * \param o another flow
     * \return the same connection
     */
    bool operator==(const GprsTcpFlow& o) const
    {
        return Key() == o.Key();
    }

    /**
     * \param o another flow
     * \return another connection
     */
    bool operator!=(const GprsTcpFlow& o) const
    {
        return !(*this == o);
    }

    /// \return the fields as a tuple, for comparisons
    std::tuple<uint32_t, uint16_t, uint32_t, uint16_t> Key() const
    {
        return {fixedAddress.Get(), fixedPort, mobile.Get(), mobilePort};
    }
};

/**
 * \ingroup gprs
 * A TCP segment crossing the proxy between a fixed host and a mobile.
 */
struct GprsTransitSegment
{
    GprsTcpFlow flow;     //!< its connection
    bool toMobile{false}; //!< it goes towards the mobile
    TcpHeader tcp;        //!< its TCP header
    uint32_t payload{0};  //!< its data octets
};

/**
 * \ingroup gprs
 * A packet in transit through the proxy node, with what Ipv4ListRouting gave to handle it.
 */
struct GprsTransitPacket
{
    Ptr<const Packet> payload;                                //!< the IP payload
    const Ipv4Header& header;                                 //!< its IP header
    Ptr<const NetDevice> idev;                                //!< the device it came in on
    const Ipv4RoutingProtocol::UnicastForwardCallback& ucb;   //!< forward
    const Ipv4RoutingProtocol::MulticastForwardCallback& mcb; //!< multicast forward
    const Ipv4RoutingProtocol::LocalDeliverCallback& lcb;     //!< deliver locally
    const Ipv4RoutingProtocol::ErrorCallback& ecb;            //!< report an error
};

namespace gprs_internal
{

template <typename F>
class RouteInputAdapter;

/**
 * \ingroup gprs
 * Ipv4RoutingProtocol::RouteInput takes its callbacks by value in ns-3.37 and by const
 * reference from ns-3.39 on: this adapter overrides whichever the installed ns-3 declares and
 * hands them on by const reference.
 * \tparam Args RouteInput's parameters
 */
template <typename... Args>
class RouteInputAdapter<bool (Ipv4RoutingProtocol::*)(Args...)> : public Ipv4RoutingProtocol
{
  public:
    /**
     * \param args RouteInput's arguments
     * \return the packet was handled
     */
    bool RouteInput(Args... args) override
    {
        return Transit(args...);
    }

  protected:
    /**
     * A packet in transit (not addressed to this node): Ipv4ListRouting asks the protocols in
     * priority order.
     * \param p the IP payload
     * \param header its IP header
     * \param idev the device it came in on
     * \param ucb forward it
     * \param mcb multicast forward
     * \param lcb deliver it to this node's transport protocols
     * \param ecb report an error
     * \return handled (forwarded, delivered, dropped): the protocols below are not asked
     */
    virtual bool Transit(Ptr<const Packet> p,
                         const Ipv4Header& header,
                         Ptr<const NetDevice> idev,
                         const UnicastForwardCallback& ucb,
                         const MulticastForwardCallback& mcb,
                         const LocalDeliverCallback& lcb,
                         const ErrorCallback& ecb) = 0;
};

} // namespace gprs_internal

/**
 * \ingroup gprs
 * \brief A TCP proxy on the node between the Internet and the GGSN: an Ipv4RoutingProtocol that
 * GprsProxyHelper adds to the node's Ipv4ListRouting above the static routing, so that it sees
 * every packet in transit first and may pass it on (return false: the static routing forwards
 * it), change it, drop it, deliver it to the node's own TCP, or send packets of its own.
 *
 * Why a routing protocol: in ns-3 it is the one place of the IPv4 stack where a node decides
 * what happens to a transit packet, with the callbacks to forward it or deliver it locally; a
 * promiscuous device callback sees packets but cannot drop or redirect them, and a net device
 * or queue disc of our own would have to be spliced into the helper's links. The mobiles'
 * side is the network MobileNetwork/MobileMask; the other side is the Internet.
 *
 * A variant derives from this class, registers a TypeId with a constructor, implements
 * Intercept, and keeps its own counters as trace sources, reported by overriding GetCounters;
 * GprsProxyHelper installs it by its TypeId name.
 */
class GprsProxy
    : public gprs_internal::RouteInputAdapter<decltype(&Ipv4RoutingProtocol::RouteInput)>
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsProxy();
    ~GprsProxy() override;

    /**
     * A variant overrides this to report the counters it keeps.
     * \return the counters so far; all 0 here (a proxy that counts nothing)
     */
    virtual GprsProxyCounters GetCounters() const;

    /**
     * \param address an address
     * \return it is on the mobiles' side (within MobileNetwork/MobileMask)
     */
    bool IsMobileSide(Ipv4Address address) const;

    // Ipv4RoutingProtocol
    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

  protected:
    void DoDispose() override;

    /**
     * A TCP segment in transit between the Internet and the mobiles' side (unfragmented).
     * \param packet the packet and its callbacks
     * \param segment the segment it carries
     * \return handled (forwarded, delivered, dropped): the protocols below are not asked;
     *         false: the static routing forwards it unchanged
     */
    virtual bool Intercept(const GprsTransitPacket& packet, const GprsTransitSegment& segment) = 0;

    /**
     * Hand a changed packet to the routing protocols below this one, as Ipv4ListRouting would
     * have: normally the static routing forwards it.
     * \param packet the packet as received, with its callbacks
     * \param changed the IP payload to pass on instead
     * \return a protocol below handled it
     */
    bool PassDown(const GprsTransitPacket& packet, Ptr<const Packet> changed) const;

    /**
     * Deliver a packet to this node's own transport protocols.
     * \param packet the packet, with its callbacks
     */
    void DeliverLocally(const GprsTransitPacket& packet) const;

    /**
     * Send a packet of the proxy's own making (a local retransmission, a reset) with a given IP
     * header, routed like a forwarded one.
     * \param p the IP payload
     * \param header the IP header (its TTL is used as is)
     * \return a route was found and the packet sent
     */
    bool SendWithHeader(Ptr<Packet> p, const Ipv4Header& header) const;

    /// \return the node's IPv4
    Ptr<Ipv4> GetIpv4() const;

  private:
    bool Transit(Ptr<const Packet> p,
                 const Ipv4Header& header,
                 Ptr<const NetDevice> idev,
                 const UnicastForwardCallback& ucb,
                 const MulticastForwardCallback& mcb,
                 const LocalDeliverCallback& lcb,
                 const ErrorCallback& ecb) final;

    Ptr<Ipv4> m_ipv4;        //!< the node's IPv4
    Ipv4Address m_mobileNet; //!< MobileNetwork
    Ipv4Mask m_mobileMask;   //!< MobileMask
};

} // namespace ns3

#endif /* GPRS_PROXY_H */
