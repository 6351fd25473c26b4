/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_BSS_NET_DEVICE_H
#define GPRS_BSS_NET_DEVICE_H

#include "gprs-cell-sap.h"
#include "gprs-net-device.h"

#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"

#include <map>

/**
 * \file
 * \ingroup gprs
 * The network side of a GPRS cell, as seen from the GGSN.
 */

namespace ns3
{

class GprsPcu;

/**
 * \ingroup gprs
 * \brief Network-side GPRS device: installed on the GGSN node, it stands for the Gn/Gb path
 * (GGSN, SGSN, BSS) to the cell's PCU.
 *
 * Downlink IP packets are addressed to a mobile by their IPv4 destination (the cell's table of
 * PDP contexts, ActivatePdpContext()); they cross the core
 * network (CoreNetworkDelay) and enter that mobile's buffer in the PCU. Uplink packets come out
 * of the PCU and cross the core network the other way.
 */
class GprsBssNetDevice : public GprsNetDevice
{
  public:
    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();
    GprsBssNetDevice();
    ~GprsBssNetDevice() override;

    /**
     * Make this device the network side of a cell.
     * \param channel the cell
     */
    void Attach(Ptr<GprsChannel> channel);

    /// \return the cell's PCU
    Ptr<GprsPcu> GetPcu() const;

    /**
     * An uplink IP packet reassembled by the PCU.
     * \param packet the packet
     * \param ms the mobile's index in the cell
     */
    void ReceiveFromCell(Ptr<Packet> packet, uint32_t ms);

    /**
     * A downlink packet the cell could not deliver (buffer full, LLC frames lost).
     * \param packet the packet
     */
    void NotifyDrop(Ptr<const Packet> packet);

    /**
     * Activate a PDP context (TS 23.060 clause 9.2): downlink packets to \p address go to
     * mobile \p ms of the cell. GprsHelper::ActivatePdpContexts activates those of the
     * mobiles' addresses; a packet to an address without one is dropped (Drop trace).
     * \param address the mobile's IPv4 address
     * \param ms the mobile's index in the cell
     * \throws std::invalid_argument if \p ms is not in the cell or \p address is another
     *         mobile's
     */
    void ActivatePdpContext(Ipv4Address address, uint32_t ms);

    /**
     * \param stream first random stream index
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

    // NetDevice
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    /// The device's side of the cell boundary: a member forwarding to it, as ns-3 LTE's SAP
    /// users are, so that the device keeps single inheritance (the IP stack's dynamic casts of
    /// a device cost more on a class with two bases).
    class CellUser : public GprsCellNetworkUser
    {
      public:
        /// \param bss the device
        explicit CellUser(GprsBssNetDevice& bss)
            : m_bss(bss)
        {
        }

        uint32_t GetCellContext() const override;
        void ReceiveFromCell(Ptr<Packet> packet, uint32_t ms) override;
        void NotifyDrop(Ptr<const Packet> packet) override;

      private:
        GprsBssNetDevice& m_bss; //!< the device
    };

    CellUser m_cellUser{*this};                    //!< what the PCU calls
    Ptr<GprsPcu> m_pcu;                            //!< the cell's PCU
    Time m_coreDelay;                              //!< one-way GGSN-SGSN-BSS delay
    std::map<Ipv4Address, uint32_t> m_pdpContexts; //!< mobile index of each PDP address
};

} // namespace ns3

#endif /* GPRS_BSS_NET_DEVICE_H */
