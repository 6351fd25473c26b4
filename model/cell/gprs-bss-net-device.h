/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_BSS_NET_DEVICE_H
#define GPRS_BSS_NET_DEVICE_H

#include "gprs-cell-sap.h"
#include "gprs-net-device.h"

#include "ns3/data-rate.h"
#include "ns3/gprs-gb-framing.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/gprs-serial-line.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/traced-callback.h"

#include <array>
#include <map>
#include <optional>

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
 * PDP contexts, ActivatePdpContext()); they cross the core network (CoreNetworkDelay), then the
 * Gb interface (GbCommittedInformationRate), and enter that mobile's buffer in the PCU. Uplink
 * packets come out of the PCU and cross the Gb and the core network the other way.
 *
 * The Gb is a GprsSerialLine per direction, shared by the cell's mobiles in turn: each packet
 * takes the time of its LLC frames in BSSGP, NS and frame relay framing (GprsGbFraming). The
 * per-mobile downlink buffer (the PCU's DownlinkBufferBytes) counts the packets waiting for or
 * on the downlink Gb, as an SGSN's buffer holds them before the Gb: a packet that does not fit
 * is dropped (MacTxDrop, GbDrop). Uplink packets waiting for the Gb are bounded per mobile by
 * the mobile's buffer size (UplinkBufferBytes).
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

    /// Signature of the GbPacket trace source.
    typedef void (*GbPacketCallback)(uint32_t ms,
                                     GprsDirection dir,
                                     Ptr<const Packet> packet,
                                     Time waited,
                                     Time line);
    /// Signature of the GbDrop trace source.
    typedef void (*GbDropCallback)(uint32_t ms, GprsDirection dir, Ptr<const Packet> packet);

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
    /// \return whether the Gb is modelled (a committed information rate above 0)
    bool HasGb() const;
    /**
     * A packet reaches the Gb; it crosses it, or is dropped when its mobile's buffer is full.
     * \param ms the mobile
     * \param dir direction
     * \param packet the packet
     */
    void SendOnGb(uint32_t ms, GprsDirection dir, Ptr<Packet> packet);
    /**
     * A downlink packet has crossed the Gb: it enters the PCU.
     * \param ms the mobile \param packet the packet \param waited its wait for the Gb
     * \param line its time on the Gb
     */
    void FromDownlinkGb(uint32_t ms, Ptr<Packet> packet, Time waited, Time line);
    /**
     * An uplink packet has crossed the Gb: it crosses the core network.
     * \param ms the mobile \param packet the packet \param waited its wait for the Gb
     * \param line its time on the Gb
     */
    void FromUplinkGb(uint32_t ms, Ptr<Packet> packet, Time waited, Time line);
    /**
     * An uplink packet enters the core network towards the GGSN's IP stack.
     * \param packet the packet \param ms the mobile
     */
    void ToGgsn(Ptr<Packet> packet, uint32_t ms);

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

    CellUser m_cellUser{*this};               //!< what the PCU calls
    Ptr<GprsPcu> m_pcu;                       //!< the cell's PCU
    Time m_coreDelay;                         //!< one-way GGSN-SGSN-BSS delay
    DataRate m_gbRate;                        //!< Gb committed information rate; 0: none
    std::array<GprsSerialLine, 2> m_gb;       //!< [direction] the Gb
    std::optional<GprsGbFraming> m_gbFraming; //!< octets of a packet on the Gb
    /// A packet left the Gb: mobile, direction, packet, wait, line time
    TracedCallback<uint32_t, GprsDirection, Ptr<const Packet>, Time, Time> m_gbPacketTrace;
    /// A packet found its mobile's buffer full at the Gb
    TracedCallback<uint32_t, GprsDirection, Ptr<const Packet>> m_gbDropTrace;
    std::map<Ipv4Address, uint32_t> m_pdpContexts; //!< mobile index of each PDP address
};

} // namespace ns3

#endif /* GPRS_BSS_NET_DEVICE_H */
