/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_NET_DEVICE_H
#define GPRS_NET_DEVICE_H

#include "ns3/mac48-address.h"
#include "ns3/net-device.h"
#include "ns3/traced-callback.h"

#include <vector>

/**
 * \file
 * \ingroup gprs
 * What the network-side and the mobile-side GPRS devices share.
 */

namespace ns3
{

class GprsChannel;

/**
 * \ingroup gprs
 * \brief Base of the GPRS net devices: the NetDevice bookkeeping common to the network side
 * (GprsBssNetDevice) and the mobile side (GprsMsNetDevice).
 *
 * A GPRS device carries IPv4 packets only (SNDCP N-PDUs of PDP type IPv4); it needs no ARP: the
 * network side finds the mobile from the IP destination address, and a mobile has a single peer.
 */
class GprsNetDevice : public NetDevice
{
  public:
    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();
    GprsNetDevice();
    ~GprsNetDevice() override;

    /**
     * \return the cell this device is attached to
     */
    Ptr<GprsChannel> GetGprsChannel() const;

    // NetDevice
    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsBridge() const override;
    bool IsPointToPoint() const override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;

    /**
     * Attach to a cell; called by the subclasses' Attach methods.
     * \param channel the cell
     */
    void SetGprsChannel(Ptr<GprsChannel> channel);

    /**
     * Check a packet handed down by the IP layer.
     * \param packet the packet
     * \param protocolNumber its EtherType
     * \return true if the device can carry it (IPv4, not larger than the MTU)
     */
    bool AcceptFromAbove(Ptr<const Packet> packet, uint16_t protocolNumber);

    /**
     * Hand a received N-PDU (an IP packet) to the node.
     * \param packet the packet
     * \param protocolNumber its EtherType
     * \param from the sending device's address
     */
    void ForwardUp(Ptr<Packet> packet, uint16_t protocolNumber, const Address& from);

    /// Sniffer trace of packets sent (pcap).
    TracedCallback<Ptr<const Packet>> m_snifferTrace;
    /// Packets accepted from the IP layer for transmission.
    TracedCallback<Ptr<const Packet>> m_macTxTrace;
    /// Packets dropped on the way down (unsupported protocol, too large, buffer full...).
    TracedCallback<Ptr<const Packet>> m_macTxDropTrace;
    /// Packets passed up to the IP layer.
    TracedCallback<Ptr<const Packet>> m_macRxTrace;

  private:
    Ptr<Node> m_node;                                  //!< the node
    Ptr<GprsChannel> m_channel;                        //!< the cell
    uint32_t m_ifIndex{0};                             //!< interface index
    Mac48Address m_address;                            //!< device address
    uint16_t m_mtu;                                    //!< IP MTU
    NetDevice::ReceiveCallback m_rxCallback;           //!< to the node
    NetDevice::PromiscReceiveCallback m_promiscCb;     //!< promiscuous receive
    std::vector<Callback<void>> m_linkChangeCallbacks; //!< link change listeners
};

} // namespace ns3

#endif /* GPRS_NET_DEVICE_H */
