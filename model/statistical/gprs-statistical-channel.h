/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_STATISTICAL_CHANNEL_H
#define GPRS_STATISTICAL_CHANNEL_H

#include "gprs-statistical-link.h"

#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/gprs-coding-scheme.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/ipv4-address.h"
#include "ns3/random-variable-stream.h"

#include <map>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * The statistical radio link between a network-side device and its mobiles.
 */

namespace ns3
{

class GprsStatisticalNetDevice;

/**
 * \ingroup gprs
 * \brief A statistical GPRS radio link (doc/gprs.rst, "Statistical radio link"): the radio as
 * Rendon et al.'s simulator draws it, a rate per direction, a loss draw per transmission and an
 * independent delay per packet, instead of the cell's radio blocks.
 *
 * One network-side GprsStatisticalNetDevice (on the GGSN) and any number of mobile devices.
 * The downlink rate is shared by the mobiles (the network device serves their queues in turn,
 * a packet at a time), the uplink rate is each mobile's. A packet costs its LLC octets
 * (SN-UNITDATA and UI frame headers, GprsLlcFraming) at the rate; each transmission is lost
 * with the packet error rate, or with the block error rate per RLC block of the packet; a lost
 * packet is sent again while its mobile's MaxRetransmissions allows, else dropped; a packet
 * that got through arrives after a delay drawn for it alone, so that later packets may
 * overtake it unless Reorder is false.
 */
class GprsStatisticalChannel : public Channel
{
  public:
    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();
    GprsStatisticalChannel();
    ~GprsStatisticalChannel() override;

    /**
     * \param device the network-side device (one per channel)
     */
    void AttachNetwork(Ptr<GprsStatisticalNetDevice> device);

    /**
     * \param device a mobile's device
     * \return its index on the link
     */
    uint32_t AttachMobile(Ptr<GprsStatisticalNetDevice> device);

    /// \return the network-side device
    Ptr<GprsStatisticalNetDevice> GetNetworkDevice() const;

    /**
     * \param mobile a mobile's index
     * \return its device
     */
    Ptr<GprsStatisticalNetDevice> GetMobileDevice(uint32_t mobile) const;

    /// \return number of mobiles
    uint32_t GetNMobiles() const;

    /**
     * \param address an IPv4 address
     * \return the index of the mobile whose node has it, or -1
     */
    int32_t FindMobile(Ipv4Address address);

    /**
     * \param direction the direction
     * \param llcOctets the LLC octets of a packet
     * \return how long one transmission of it takes at the direction's rate
     */
    Time GetTransmissionTime(GprsDirection direction, uint32_t llcOctets) const;

    /**
     * One transmission's loss draw (one uniform draw, whatever the rates).
     * \param llcOctets the LLC octets of the packet
     * \return true when it is lost
     */
    bool DrawLoss(uint32_t llcOctets);

    /**
     * A packet of a mobile got through: draw its delay (one draw) and keep the order if asked.
     * \param direction its direction
     * \param mobile the mobile's index
     * \param sent when its last transmission ended
     * \return when it arrives
     */
    Time DrawArrival(GprsDirection direction, uint32_t mobile, Time sent);

    /**
     * Check what the checkers of single attributes cannot: the delay distribution draws only
     * delays of 0 to 60 s (GprsCheckDelayVariable).
     * \throws std::invalid_argument naming the bad value and what is allowed
     */
    void CheckConfiguration() const;

    /**
     * \param stream first stream index
     * \return streams used: 2 (loss draws, delays)
     */
    int64_t AssignStreams(int64_t stream);

    // Channel
    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

  protected:
    void DoDispose() override;

  private:
    DataRate m_downlinkRate;                              //!< shared by the mobiles
    DataRate m_uplinkRate;                                //!< each mobile's
    GprsStatisticalErrorUnit m_errorUnit;                 //!< what a loss draw stands for
    double m_packetErrorRate;                             //!< PACKET: loss per transmission
    double m_blockErrorRate;                              //!< BLOCK: loss per RLC block
    GprsCodingScheme m_codingScheme;                      //!< BLOCK: octets per block
    Ptr<RandomVariableStream> m_delay;                    //!< per-packet delay, s
    bool m_reorder;                                       //!< packets may overtake
    Ptr<UniformRandomVariable> m_lossDraw;                //!< one draw per transmission
    Ptr<GprsStatisticalNetDevice> m_network;              //!< the network side
    std::vector<Ptr<GprsStatisticalNetDevice>> m_mobiles; //!< the mobiles, by index
    std::vector<GprsStatisticalOrder> m_order[2];         //!< [direction][mobile] arrival order
    std::map<Ipv4Address, uint32_t> m_mobileOf;           //!< address -> mobile, as found
};

} // namespace ns3

#endif /* GPRS_STATISTICAL_CHANNEL_H */
