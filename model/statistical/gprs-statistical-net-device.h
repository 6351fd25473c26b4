/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_STATISTICAL_NET_DEVICE_H
#define GPRS_STATISTICAL_NET_DEVICE_H

#include "gprs-statistical-link.h"

#include "ns3/gprs-net-device.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/queue.h"

#include <vector>

/**
 * \file
 * \ingroup gprs
 * An end of the statistical radio link: the GGSN's side or a mobile's.
 */

namespace ns3
{

class GprsStatisticalChannel;

/**
 * \ingroup gprs
 * \brief A device on a GprsStatisticalChannel: the network side (on the GGSN, one queue per
 * mobile, served in turn at the downlink rate) or a mobile (one queue at its uplink rate).
 *
 * Every IPv4 packet the device accepts (MacTx) is delivered to its peer (Rx there) or dropped
 * with a reason (Drop). A packet is sent once, and again after a loss while its mobile's
 * MaxRetransmissions allows (Tx fires for each transmission).
 */
class GprsStatisticalNetDevice : public GprsNetDevice
{
  public:
    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();
    GprsStatisticalNetDevice();
    ~GprsStatisticalNetDevice() override;

    /**
     * TracedCallback signature of Tx.
     * \param packet the IP packet
     * \param transmission 1 for its first transmission, 2 for its first retransmission...
     */
    typedef void (*TxTracedCallback)(Ptr<const Packet> packet, uint32_t transmission);

    /**
     * TracedCallback signature of Drop.
     * \param packet the IP packet
     * \param reason why it was dropped
     */
    typedef void (*DropTracedCallback)(Ptr<const Packet> packet, GprsStatisticalDrop reason);

    /**
     * Attach as the link's network side.
     * \param channel the link
     */
    void AttachNetwork(Ptr<GprsStatisticalChannel> channel);

    /**
     * Attach as a mobile of the link.
     * \param channel the link
     */
    void AttachMobile(Ptr<GprsStatisticalChannel> channel);

    /// \return link-level retransmissions of a lost packet (this mobile's, both directions)
    uint32_t GetMaxRetransmissions() const;

    /**
     * A packet from the peer arrives (the peer schedules it in this node's context).
     * \param packet the IP packet
     * \param from the sending device's address
     */
    void Receive(Ptr<Packet> packet, Address from);

    // NetDevice
    Ptr<Channel> GetChannel() const override;
    bool IsLinkUp() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;

  protected:
    void DoDispose() override;

  private:
    /// \return the direction this device sends in
    GprsDirection GetDirection() const;

    /// Start the next packet, from the next queue in turn, unless one is being sent.
    void StartNext();

    /**
     * Start one transmission of a packet.
     * \param packet the packet
     * \param mobile the mobile's index
     * \param transmission 1 for the first
     */
    void Transmit(Ptr<Packet> packet, uint32_t mobile, uint32_t transmission);

    /**
     * A transmission ended: deliver, resend or drop the packet, then start the next.
     * \param packet the packet
     * \param mobile the mobile's index
     * \param transmission which transmission it was
     */
    void EndTransmission(Ptr<Packet> packet, uint32_t mobile, uint32_t transmission);

    /**
     * \param mobile a mobile's index
     * \return its queue on this device, created at first use
     */
    Ptr<Queue<Packet>> GetQueue(uint32_t mobile);

    Ptr<GprsStatisticalChannel> m_channel;    //!< the link
    bool m_network{false};                    //!< the network side, else a mobile
    uint32_t m_mobile{0};                     //!< a mobile's index on the link
    uint32_t m_maxRetransmissions;            //!< link-level retransmissions
    uint32_t m_queueBytes;                    //!< each queue's size
    std::vector<Ptr<Queue<Packet>>> m_queues; //!< [mobile] (a mobile: one)
    uint32_t m_nextQueue{0};                  //!< the queue whose turn is next
    bool m_sending{false};                    //!< a transmission is under way

    TracedCallback<Ptr<const Packet>, uint32_t> m_txTrace;              //!< Tx
    TracedCallback<Ptr<const Packet>> m_rxTrace;                        //!< Rx
    TracedCallback<Ptr<const Packet>, GprsStatisticalDrop> m_dropTrace; //!< Drop
};

} // namespace ns3

#endif /* GPRS_STATISTICAL_NET_DEVICE_H */
