/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CELL_SAP_H
#define GPRS_CELL_SAP_H

#include "ns3/gprs-radio-link.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"

#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * The boundary between the cell (GprsPcu) and the devices, as ns-3 LTE's SAP user/provider
 * pairs: what the cell needs of each side, so that the cell includes no device header and a
 * test can stand in for either side.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief What the cell needs of a mobile (implemented by GprsMsNetDevice): its configuration
 * when the cell starts, its radio (GprsRadioSource), and where its downlink packets go.
 */
class GprsCellMsUser : public GprsRadioSource
{
  public:
    using GprsRadioSource::GprsRadioSource;

    /// \return the multislot class (TS 45.002 Annex B)
    virtual uint32_t GetMultislotClass() const = 0;
    /// \return the LLC mode (GprsLlcMode::CELL: the cell's)
    virtual GprsLlcMode GetLlcMode() const = 0;
    /// \return when the mobile reselects a cell, leaving this one for a while
    virtual const std::vector<Time>& GetCellReselections() const = 0;
    /// \return the mobile's TLLI (TS 23.003 2.6), as GSMTAP export shows it
    virtual uint32_t GetTlli() const = 0;
    /**
     * A downlink IP packet reassembled for the mobile, handed up at the end of the block.
     * \param packet the packet
     */
    virtual void Receive(Ptr<Packet> packet) = 0;
    /**
     * An uplink packet of the mobile that the cell lost (LLC loss reported by SNDCP).
     * \param packet the packet
     */
    virtual void NotifyDrop(Ptr<const Packet> packet) = 0;
};

/**
 * \ingroup gprs
 * \brief What the cell needs of the network side (implemented by GprsBssNetDevice): where
 * uplink packets go and where the cell's losses of downlink packets are reported.
 */
class GprsCellNetworkUser
{
  public:
    virtual ~GprsCellNetworkUser() = default;

    /// \return the simulation context (node id) the cell's block clock runs in
    virtual uint32_t GetCellContext() const = 0;
    /**
     * An uplink IP packet reassembled from mobile \p ms.
     * \param packet the packet
     * \param ms the mobile's index in the cell
     */
    virtual void ReceiveFromCell(Ptr<Packet> packet, uint32_t ms) = 0;
    /**
     * A downlink packet the cell lost (buffer full, LLC PDU lifetime, LLC loss).
     * \param packet the packet
     */
    virtual void NotifyDrop(Ptr<const Packet> packet) = 0;
};

} // namespace ns3

#endif /* GPRS_CELL_SAP_H */
