/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_GSMTAP_WRITER_H
#define GPRS_GSMTAP_WRITER_H

#include "ns3/gprs-bssgp.h"
#include "ns3/gprs-gsmtap.h"
#include "ns3/gprs-llc-framing.h"
#include "ns3/gprs-pcu.h"
#include "ns3/object.h"
#include "ns3/pcap-file-wrapper.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Writes the radio interface of one cell in a pcap file: GSMTAP packets of its radio blocks, and
 * its LLC frames as the Gb interface carries them.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Writes every radio block of one cell as a GSMTAP packet (GSMTAP version 2 in IPv4/UDP
 * to port 4729, pcap link type RAW), and every LLC frame it carries as an NS/BSSGP packet (UDP
 * port kGprsNsUdpPort) naming the mobile's TLLI, which Wireshark decodes with its gsmtap,
 * gsm_rlcmac, gprs-ns, bssgp, llcgprs and sndcp dissectors. GprsHelper::EnableGsmtap() makes
 * one per cell.
 *
 * Packets, in simulation time order:
 * - one GSMTAP Um packet per radio block (sub-type PDTCH for RLC data blocks, PACCH for control
 *   blocks), its RLC/MAC block encoded by GprsRlcMacEncoder (the TLLI in the uplink data blocks
 *   and Packet Uplink Ack/Nacks of contention resolution), stamped with the end of the block's
 *   four TDMA frames; timeslot, frame number (of its first frame), uplink flag and ARFCN in the
 *   header, the C/I of the mobile in the SNR field. A downlink block period in which the model
 *   sends nothing but a USF is written as the Packet Downlink Dummy Control Block that carries it;
 * - one packet per LLC frame, after the block that carries the frame's last octet for the first
 *   time (same time stamp): an NS-UNITDATA PDU (TS 48.016) carrying a BSSGP DL-UNITDATA or
 *   UL-UNITDATA PDU (TS 48.018 clauses 10.2.1, 10.2.2) with the mobile's TLLI, the QoS Profile,
 *   the PDU Lifetime (downlink: the PCU's LlcPduLifetime) or Cell Identifier (uplink), and the
 *   LLC frame. Wireshark decodes BSSGP, LLC, SNDCP (reassembling N-PDUs) and the IP packet.
 *
 * Each packet goes, in IPv4, from the sender of its block or frame to the receiver: a mobile is
 * the IPv4 address whose 32 bits are its TLLI (0xc0000003 is 192.0.0.3), the network side is
 * kNetworkAddress (127.0.0.1), or kLostAddress (127.0.0.2) for a block the receiver failed to
 * decode (written all the same, with the sender's content). So Wireshark's SNDCP reassembly,
 * which keys the segments of an N-PDU by the packet's addresses and the N-PDU number, keeps the
 * mobiles and the two directions apart, and "ip.addr == 192.0.0.3" shows one mobile.
 *
 * The LLC frames are real UI frames (SAPI 3, N(U) = the frame's number on its link modulo 512,
 * PM = 1, FCS) carrying SN-UNITDATA PDUs (NSAPI 5, N-PDU numbers counted per link) when the
 * PCU's LlcOverhead, SndcpFirstHeader and SndcpNextHeader have their standard values (6, 4, 3);
 * frames without user data (keep-alive, cell update) are empty UI frames of SAPI 1. With other
 * sizes the header and FCS octets are written as zeros around the IP octets. LLC
 * acknowledged-mode frames are I+S, S, SABM and UA frames (EncodeLlcAbmFrame()), the I frames
 * carrying SN-DATA PDUs (N-PDU numbers counted per link, modulo 256). N-PDU numbers are per
 * mobile and direction, from 0, as each mobile's SNDCP entity numbers them (TS 44.065 clause
 * 6.7.1.2). The mobile's TLLI is the local TLLI of its node id (GprsLocalTlli()).
 */
class GprsGsmtapWriter : public Object
{
  public:
    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();
    GprsGsmtapWriter();
    ~GprsGsmtapWriter() override;

    /**
     * Write the blocks of a cell into a file.
     * \param pcu the cell's PCU
     * \param file a pcap file opened with link type RAW (PcapHelper::DLT_RAW)
     */
    void Attach(Ptr<GprsPcu> pcu, Ptr<PcapFileWrapper> file);

    /**
     * Write the blocks and LLC frames of one mobile of a cell into a file: those it sends or
     * receives, the blocks that grant it the uplink (USF) included.
     * \param pcu the mobile's cell's PCU
     * \param ms the mobile's index in the cell (GprsMsNetDevice::GetIndex())
     * \param file a pcap file opened with link type RAW (PcapHelper::DLT_RAW)
     */
    void Attach(Ptr<GprsPcu> pcu, uint32_t ms, Ptr<PcapFileWrapper> file);

    /// IPv4 address of the network side: 127.0.0.1.
    static constexpr uint32_t kNetworkAddress = 0x7F000001;
    /// IPv4 address of the network side in the blocks the receiver lost: 127.0.0.2.
    static constexpr uint32_t kLostAddress = 0x7F000002;

  protected:
    void DoDispose() override;

  private:
    /// An LLC frame kept for the blocks that carry it.
    struct StoredFrame
    {
        std::vector<uint8_t> octets; //!< the frame
        GprsBssgpQos qos;            //!< its QoS flags on the Gb interface
    };

    /// What the writer keeps of one direction of one mobile.
    struct Link
    {
        std::map<uint64_t, StoredFrame> frames; //!< LLC frames by id, recent ones
        std::array<std::optional<GprsRlcDataField>, kGprsRlcSns> fields{}; //!< data fields by BSN
        uint32_t npdus{0};                     //!< N-PDUs numbered so far
        std::map<uint64_t, uint32_t> abmNpdus; //!< ABM: first segment's id -> N-PDU number
        Ptr<const Packet> npdu;                //!< IP packet of the last user data frame
        std::vector<uint8_t> npduOctets;       //!< its octets
    };

    void RadioBlock(const GprsRadioBlockRecord& r);
    void LlcFrame(uint32_t ms, GprsDirection dir, const GprsLlcFrameRecord& r);
    const uint8_t* NpduOctets(Link& link, const Ptr<const Packet>& npdu);
    std::vector<uint8_t> AbmFrame(Link& link, bool fromNetwork, const GprsLlcFrameRecord& r);
    std::vector<uint8_t> EncodeBlock(const GprsRadioBlockRecord& r, Link& link);
    const GprsRlcDataField& DataField(const GprsRadioBlockRecord& r, Link& link);
    /**
     * Write a UDP packet from the block's or frame's sender to its receiver.
     * \param t its time stamp \param payload the UDP payload \param port the UDP port
     * \param ms the mobile \param dir the direction \param lost the receiver lost the block
     */
    void Write(Time t,
               const std::vector<uint8_t>& payload,
               uint16_t port,
               uint32_t ms,
               GprsDirection dir,
               bool lost);
    Link& GetLink(uint32_t ms, GprsDirection dir);
    uint32_t GetTlli(uint32_t ms) const;

    Ptr<GprsPcu> m_pcu;                               //!< the cell
    std::optional<uint32_t> m_ms;                     //!< the one mobile written, or all
    Ptr<PcapFileWrapper> m_file;                      //!< the output
    std::map<std::pair<uint32_t, int>, Link> m_links; //!< (mobile, direction) -> state
    bool m_standardLlc{true};        //!< the PCU's LLC and SNDCP sizes are the standard ones
    bool m_rlcUnacknowledged{false}; //!< the PCU's RLC mode is unacknowledged (BSSGP QoS A bit)
    uint16_t m_lifetimeCs{0};        //!< BSSGP PDU Lifetime: the PCU's LlcPduLifetime, 10 ms
    std::unique_ptr<GprsLlcFraming> m_framing;    //!< the PCU's SN-UNITDATA segmentation
    std::unique_ptr<GprsLlcFraming> m_abmFraming; //!< the PCU's SN-DATA segmentation
    uint16_t m_arfcn;                             //!< ARFCN attribute
    uint8_t m_tsc;                                //!< TSC attribute
};

} // namespace ns3

#endif /* GPRS_GSMTAP_WRITER_H */
