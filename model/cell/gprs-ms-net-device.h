/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_MS_NET_DEVICE_H
#define GPRS_MS_NET_DEVICE_H

#include "gprs-cell-sap.h"
#include "gprs-net-device.h"

#include "ns3/data-rate.h"
#include "ns3/gprs-gilbert-elliott.h"
#include "ns3/gprs-ppp-framing.h"
#include "ns3/gprs-radio-conditions.h"
#include "ns3/gprs-radio-link.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/gprs-serial-line.h"
#include "ns3/traced-callback.h"

#include <array>
#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * The mobile side of a GPRS cell.
 */

namespace ns3
{

class GprsPcu;

/**
 * \ingroup gprs
 * \brief GPRS mobile station device: a point-to-point IP interface to the network.
 *
 * Its radio state (multislot class, C/I over time, outages) is configured here; its RLC/MAC is
 * simulated by the cell's PCU, which simulates both ends of the radio interface.
 *
 * The device stands for the host and its phone. When TerminalLinkRate is above 0, the host
 * reaches the phone over a link of that rate carrying PPP in HDLC-like framing (RFC 1662,
 * GprsPppFraming), a GprsSerialLine each way: uplink packets cross it before they enter the
 * mobile's uplink buffer, downlink packets after the PCU delivers them. The mobile's buffer
 * size (the PCU's UplinkBufferBytes) bounds what waits for the link in each direction; the
 * uplink buffer also counts what waits for it uplink. A packet that does not fit is dropped
 * (MacTxDrop, TerminalLinkDrop).
 */
class GprsMsNetDevice : public GprsNetDevice, public GprsCellMsUser
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
    uint32_t GetMultislotClass() const override;

    /**
     * \param radio C/I over time and outages seen by this mobile (both directions)
     */
    void SetRadioConditions(const GprsRadioConditions& radio);

    /**
     * Parse values of the RadioConditions and Outages attributes, as the device does when they
     * are set; lets a helper refuse bad values before it builds a simulation.
     * \param radio a RadioConditions value: a C/I in dB, a schedule, or "file:PATH"
     * \param outages an Outages value: empty, or intervals
     * \return the radio conditions
     * \throws std::invalid_argument "GprsMsNetDevice <attribute> '<value>': <problem> (allowed:
     *         ...)", naming the attribute at fault
     */
    static GprsRadioConditions ParseRadio(const std::string& radio, const std::string& outages);

    /// \return times of cell reselections (attribute CellReselections), ascending
    const std::vector<Time>& GetCellReselections() const override;

    /**
     * Parse a value of the CellReselections attribute.
     * \param spec comma-separated times, strictly increasing, e.g. "30s,60s"; empty: none
     * \return the times
     * \throws std::invalid_argument naming the offending time and what is allowed
     */
    static std::vector<Time> ParseCellReselections(const std::string& spec);

    /// \return the LLC mode (attribute LlcMode): GprsLlcMode::CELL inherits the PCU's
    GprsLlcMode GetLlcMode() const override;

    /// \return the local TLLI of the mobile's node id (GprsLocalTlli())
    uint32_t GetTlli() const override;

    /**
     * A downlink IP packet reassembled by the PCU.
     * \param packet the packet
     */
    void Receive(Ptr<Packet> packet) override;

    /**
     * An uplink packet the cell could not deliver.
     * \param packet the packet
     */
    void NotifyDrop(Ptr<const Packet> packet) override;

    /// Signature of the TerminalLink trace source.
    typedef void (*TerminalLinkCallback)(GprsDirection dir,
                                         Ptr<const Packet> packet,
                                         Time waited,
                                         Time line);
    /// Signature of the TerminalLinkDrop trace source.
    typedef void (*TerminalLinkDropCallback)(GprsDirection dir, Ptr<const Packet> packet);

    // NetDevice
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool IsPointToPoint() const override;

  protected:
    void DoDispose() override;

  private:
    /// \return whether the terminal link is modelled (TerminalLinkRate above 0)
    bool HasTerminalLink() const;
    /**
     * A packet reaches the terminal link; it crosses it, or is dropped when the mobile's buffer
     * is full.
     * \param dir UPLINK: host to phone; DOWNLINK: phone to host
     * \param packet the packet
     * \return whether the link took it
     */
    bool SendOnTerminalLink(GprsDirection dir, Ptr<Packet> packet);
    /**
     * A downlink packet reaches the phone: it goes on the terminal link in the node's context.
     * \param packet the packet
     */
    void FromPhone(Ptr<Packet> packet);
    /**
     * A packet has crossed the terminal link.
     * \param dir its direction \param packet the packet \param waited its wait for the link
     * \param line its time on the link
     */
    void FromTerminalLink(GprsDirection dir, Ptr<Packet> packet, Time waited, Time line);
    /// \return the framing of the terminal link, from its attributes
    GprsPppFraming MakeTerminalFraming() const;

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
    /// \param spec comma-separated times of cell reselections, e.g. "30s,60s"
    void SetReselectionSpec(std::string spec);
    /// \return the reselection specification
    std::string GetReselectionSpec() const;
    /// \return the Gilbert-Elliott process, built now from the attributes
    GprsGilbertElliott* MakeGilbertElliott() override;

    Ptr<GprsPcu> m_cell;                                   //!< the cell it is attached to
    uint32_t m_index{0};                                   //!< index in the cell
    uint32_t m_multislotClass;                             //!< TS 45.002 Annex B class
    std::string m_radioSpec;                               //!< C/I specification
    std::string m_outageSpec;                              //!< outage specification
    double m_geGoodToBad{0};                               //!< P(good -> bad) per block
    double m_geBadToGood{1};                               //!< P(bad -> good) per block
    double m_geLossGood{0};                                //!< loss probability in the good state
    double m_geLossBad{1};                                 //!< loss probability in the bad state
    std::string m_reselectionSpec;                         //!< cell reselection times
    std::vector<Time> m_reselections;                      //!< parsed reselection times
    GprsLlcMode m_llcMode{GprsLlcMode::CELL};              //!< LLC mode, or CELL
    DataRate m_terminalRate;                               //!< terminal link rate; 0: none
    uint32_t m_terminalCharacterBits{10};                  //!< terminal link bits per octet
    uint32_t m_terminalAccm{GprsPppFraming::kDefaultAccm}; //!< terminal link ACCM
    std::array<GprsSerialLine, 2> m_terminal;              //!< [direction] the terminal link
    /// A packet crossed the terminal link: direction, packet, wait, line time
    TracedCallback<GprsDirection, Ptr<const Packet>, Time, Time> m_terminalTrace;
    /// A packet found the mobile's buffer full at the terminal link
    TracedCallback<GprsDirection, Ptr<const Packet>> m_terminalDropTrace;
};

} // namespace ns3

#endif /* GPRS_MS_NET_DEVICE_H */
