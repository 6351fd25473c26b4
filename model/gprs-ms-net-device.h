/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_MS_NET_DEVICE_H
#define GPRS_MS_NET_DEVICE_H

#include "gprs-net-device.h"
#include "gprs-radio-conditions.h"

/**
 * \file
 * \ingroup gprs
 * The mobile side of a GPRS cell.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief GPRS mobile station device: a point-to-point IP interface to the network.
 *
 * Its radio state (multislot class, C/I over time, outages) is configured here; its RLC/MAC is
 * simulated by the cell's PCU, which simulates both ends of the radio interface.
 */
class GprsMsNetDevice : public GprsNetDevice
{
  public:
    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();
    GprsMsNetDevice();
    ~GprsMsNetDevice() override;

    /**
     * Enter a cell; its network-side device must be attached already.
     * \param channel the cell
     */
    void Attach(Ptr<GprsChannel> channel);

    /// \return index of this mobile in its cell
    uint32_t GetIndex() const;

    /// \return the multislot class (TS 45.002 Annex B)
    uint32_t GetMultislotClass() const;

    /**
     * \param radio C/I over time and outages seen by this mobile (both directions)
     */
    void SetRadioConditions(const GprsRadioConditions& radio);

    /// \return the radio conditions
    const GprsRadioConditions& GetRadioConditions() const;

    /**
     * A downlink IP packet reassembled by the PCU.
     * \param packet the packet
     */
    void Receive(Ptr<Packet> packet);

    /**
     * An uplink packet the cell could not deliver.
     * \param packet the packet
     */
    void NotifyDrop(Ptr<const Packet> packet);

    // NetDevice
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool IsPointToPoint() const override;

  protected:
    void DoDispose() override;

  private:
    /// \param spec C/I: a number (dB), a schedule "0s:13,10s:6,20s:13", or "file:PATH"
    void SetRadioSpec(std::string spec);
    /// \return the radio conditions specification
    std::string GetRadioSpec() const;
    /// \param spec outage intervals "40s-70s,100s-101s", or empty
    void SetOutageSpec(std::string spec);
    /// \return the outage specification
    std::string GetOutageSpec() const;
    /// Rebuild m_radio from m_radioSpec and m_outageSpec.
    void BuildRadio();

    uint32_t m_index{0};         //!< index in the cell
    uint32_t m_multislotClass;   //!< TS 45.002 Annex B class
    std::string m_radioSpec;     //!< C/I specification
    std::string m_outageSpec;    //!< outage specification
    GprsRadioConditions m_radio; //!< C/I over time
};

} // namespace ns3

#endif /* GPRS_MS_NET_DEVICE_H */
