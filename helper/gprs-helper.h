/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_HELPER_H
#define GPRS_HELPER_H

#include "ns3/attribute.h"
#include "ns3/gprs-pcu.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/trace-helper.h"

#include <optional>
#include <string>

/**
 * \file
 * \ingroup gprs
 * Builds GPRS cells.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Builds a GPRS cell: a network-side device on one node (the GGSN) and a mobile
 * device on each of a set of nodes, joined by a GprsChannel.
 *
 * \code
 *   GprsHelper gprs;
 *   gprs.SetPcuAttribute("NumberOfPdchs", UintegerValue(4));
 *   gprs.SetMsDeviceAttribute("RadioConditions", StringValue("0s:13,10s:6,20s:13"));
 *   NetDeviceContainer devices = gprs.Install(ggsn, mobiles); // devices.Get(0) is the BSS side
 * \endcode
 */
class GprsHelper : public PcapHelperForDevice
{
  public:
    GprsHelper();

    /**
     * \param name attribute of ns3::GprsPcu (NumberOfPdchs, RlcMode, PollInterval...)
     * \param value its value
     */
    void SetPcuAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of ns3::GprsBssNetDevice (CoreNetworkDelay, Mtu)
     * \param value its value
     */
    void SetBssDeviceAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of ns3::GprsMsNetDevice (MultislotClass, RadioConditions, Outages)
     * \param value its value
     */
    void SetMsDeviceAttribute(const std::string& name, const AttributeValue& value);

    /**
     * Check the values given to SetMsDeviceAttribute that the devices parse only when built
     * (RadioConditions, Outages), as Install does before building.
     * \throws std::invalid_argument naming the attribute, its value and what is allowed
     */
    void Check() const;

    /**
     * Build one cell; a value that Check() refuses stops the program with its message.
     * \param bss the node of the network side (the GGSN)
     * \param mobiles the mobiles' nodes
     * \return the network-side device first, then one device per mobile in order
     */
    NetDeviceContainer Install(Ptr<Node> bss, const NodeContainer& mobiles) const;

    /**
     * Activate the PDP context of each mobile's IPv4 addresses at its cell's network side
     * (GprsBssNetDevice::ActivatePdpContext), once the addresses are assigned: downlink
     * packets reach a mobile only through its context. GprsScenarioHelper does it itself.
     * A mobile without an IPv4 address on its GPRS device, or in no cell, stops the program
     * with a message naming it.
     * \param devices Install's result (its network-side device is skipped), or mobiles of it
     */
    static void ActivatePdpContexts(const NetDeviceContainer& devices);

    /**
     * \param devices a container returned by Install()
     * \return the cell's PCU
     */
    static Ptr<GprsPcu> GetPcu(const NetDeviceContainer& devices);

    /**
     * Fix the random streams of the cells' PCUs.
     * \param devices devices returned by Install() (network-side ones are used)
     * \param stream first stream index
     * \return streams used
     */
    int64_t AssignStreams(const NetDeviceContainer& devices, int64_t stream) const;

    /**
     * Write the RLC data blocks of mobiles, both directions, as ns-3's trace helpers write
     * pcap and ASCII traces: for each GprsMsNetDevice in devices (other devices are skipped),
     * two files named from prefix, node and device as AsciiTraceHelper names them:
     *
     * - `<prefix>-<node>-<device>-rlc.tr`, ASCII: one line per block, every field of
     *   GprsRlcBlockRecord after a comment line naming the mobile (`1.296923 DL bsn=0 cs=CS-2
     *   kind=new pdch=0 fbi=0 polled=0 stalled=0 lost=1 ci_db=9 bler=0.179937`);
     * - `<prefix>-<node>-<device>-rlc.dat`, numbers for gnuplot: time_s direction (0 downlink,
     *   1 uplink) bsn retransmission (0/1) lost (0/1) pdch cs (1..4) ci_db.
     *
     * A file that cannot be written stops the program with a message naming it.
     * \param prefix path and start of the file names
     * \param devices devices returned by Install() (GprsScenario::msDevices)
     */
    void EnableRlcTraces(const std::string& prefix, const NetDeviceContainer& devices) const;

    /**
     * EnableRlcTraces() for every mobile of every cell built so far.
     * \param prefix path and start of the file names
     */
    void EnableRlcTracesAll(const std::string& prefix) const;

    /**
     * Write the radio interface of every cell built so far (every GprsBssNetDevice of every
     * node) in a pcap file per cell, `<prefix>-<node>-<device>.pcap` named after the
     * network-side device as ns-3's pcap helpers name files: one GSMTAP packet per radio block
     * and one NS/BSSGP packet per LLC frame, naming the mobile's TLLI (GprsGsmtapWriter), for
     * Wireshark. Use a prefix other than
     * that of EnablePcap() on the same devices.
     * \param prefix file name prefix
     */
    void EnableGsmtap(const std::string& prefix) const;

    /**
     * Write the radio interface of the cells whose network-side devices are in a container (as
     * Install() returns them) as GSMTAP packets, one pcap file per cell.
     * \param prefix file name prefix, or the file name itself if explicitFilename
     * \param devices devices; the GprsBssNetDevices among them are the cells written
     * \param explicitFilename prefix is the file name (one cell only)
     */
    void EnableGsmtap(const std::string& prefix,
                      const NetDeviceContainer& devices,
                      bool explicitFilename = false) const;

    /**
     * Given a mobile's GprsMsNetDevice: write that mobile's radio blocks (those it sends and
     * receives, and those whose USF grants it the uplink) and LLC frames, as the cell's file has
     * them, in a
     * pcap file of its own, `<prefix>-<node>-<device>.pcap` named after the mobile's device.
     * Given a cell's GprsBssNetDevice: the whole cell, as the container overload. The directory
     * must exist.
     * \param prefix file name prefix, or the file name itself if explicitFilename
     * \param device a mobile's GprsMsNetDevice or a cell's GprsBssNetDevice
     * \param explicitFilename prefix is the file name
     */
    void EnableGsmtap(const std::string& prefix,
                      Ptr<NetDevice> device,
                      bool explicitFilename = false) const;

  private:
    void EnablePcapInternal(std::string prefix,
                            Ptr<NetDevice> nd,
                            bool promiscuous,
                            bool explicitFilename) override;

    ObjectFactory m_pcuFactory;              //!< GprsPcu attributes
    ObjectFactory m_bssFactory;              //!< GprsBssNetDevice
    ObjectFactory m_msFactory;               //!< GprsMsNetDevice
    std::optional<std::string> m_radioSpec;  //!< RadioConditions given, for Check
    std::optional<std::string> m_outageSpec; //!< Outages given, for Check
};

} // namespace ns3

#endif /* GPRS_HELPER_H */
