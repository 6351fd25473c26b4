/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_STATISTICAL_HELPER_H
#define GPRS_STATISTICAL_HELPER_H

#include "ns3/attribute.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

/**
 * \file
 * \ingroup gprs
 * Builds a statistical radio link (GprsStatisticalChannel) in place of a cell.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Builds a GprsStatisticalChannel between a network-side node (the GGSN) and mobiles,
 * with the same result as GprsHelper::Install: the network-side device first, then one device
 * per mobile. GprsScenarioHelper::SetStatisticalRadio uses it instead of the cell.
 */
class GprsStatisticalHelper
{
  public:
    GprsStatisticalHelper();

    /**
     * \param name attribute of ns3::GprsStatisticalChannel (DownlinkRate, UplinkRate,
     *        ErrorUnit, PacketErrorRate, BlockErrorRate, CodingScheme, Delay, Reorder)
     * \param value its value
     */
    void SetChannelAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param name attribute of ns3::GprsStatisticalNetDevice of both sides (QueueBytes,
     *        MaxRetransmissions, Mtu)
     * \param value its value
     */
    void SetDeviceAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Check the link's values that no attribute checker can (the delay distribution's range),
     * as Install does before building.
     * \throws std::invalid_argument naming the value and what is allowed
     */
    void Check() const;

    /**
     * Build one link; a value that Check() refuses stops the program with its message.
     * \param network the node of the network side (the GGSN)
     * \param mobiles the mobiles' nodes
     * \return the network-side device first, then one device per mobile in order
     */
    NetDeviceContainer Install(Ptr<Node> network, const NodeContainer& mobiles) const;

    /**
     * Fix the random streams of the links of these devices (each link once, through its
     * network-side device); devices of other types are skipped.
     * \param devices devices, as Install returned them
     * \param stream first stream index
     * \return streams used (2 per link)
     */
    static int64_t AssignStreams(const NetDeviceContainer& devices, int64_t stream);

  private:
    ObjectFactory m_channelFactory; //!< GprsStatisticalChannel
    ObjectFactory m_deviceFactory;  //!< GprsStatisticalNetDevice
};

} // namespace ns3

#endif /* GPRS_STATISTICAL_HELPER_H */
