/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_GB_FRAMING_H
#define GPRS_GB_FRAMING_H

#include "ns3/gprs-llc-framing.h"
#include "ns3/gprs-rlcmac-types.h"

#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * The time an IP packet takes on the Gb interface: its LLC frames in BSSGP UNITDATA PDUs, in
 * NS-UNITDATA PDUs, in frame relay frames on a line of a given rate.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Octets and line time of the LLC frames of one IP packet on the Gb interface (pure
 * arithmetic, no state).
 *
 * Each LLC frame (TS 44.064; the UI frames of GprsLlcFraming) travels in one BSSGP DL-UNITDATA
 * or UL-UNITDATA PDU (TS 48.018 clauses 10.2.1, 10.2.2) with its mandatory information
 * elements only, as EncodeBssgpDlUnitdata() and EncodeBssgpUlUnitdata() write them; that PDU in
 * one NS-UNITDATA PDU (TS 48.016 clause 9.2.10); that in one frame relay frame (TS 48.016
 * clause 6.1: Q.922 core, 2-octet address, 2-octet FCS), whose closing flag opens the next
 * frame. HDLC zero-bit insertion (Q.922 clause 2.6) adds one bit per 62 bits of random data on
 * average, counted as that expectation.
 */
class GprsGbFraming
{
  public:
    /// NS-UNITDATA header: PDU type, NS SDU control bits, BVCI (TS 48.016 clause 9.2.10).
    static constexpr uint32_t kNsUnitdataHeaderOctets = 4;
    /// Frame relay address (2 octets) and FCS (2 octets) of a Q.922 frame (TS 48.016 6.1).
    static constexpr uint32_t kFrameRelayOctets = 4;
    /// The one flag per frame that back-to-back frames share (Q.922 clause 2.2).
    static constexpr uint32_t kFlagOctets = 1;

    /**
     * \param llc the UI frames that carry an IP packet
     */
    explicit GprsGbFraming(const GprsLlcFraming& llc);

    /**
     * \param dir DOWNLINK: DL-UNITDATA (PDU type, TLLI, QoS Profile, PDU Lifetime, LLC-PDU);
     *        UPLINK: UL-UNITDATA (PDU type, TLLI, QoS Profile, Cell Identifier, LLC-PDU)
     * \param llcOctets octets of the LLC frame
     * \return octets of the BSSGP PDU before the LLC frame
     */
    static uint32_t BssgpHeaderOctets(GprsDirection dir, uint32_t llcOctets);

    /**
     * \param dir direction
     * \param llcOctets octets of one LLC frame
     * \return octets of its frame relay frame, flag included, before zero-bit insertion
     */
    static uint32_t FrameOctets(GprsDirection dir, uint32_t llcOctets);

    /**
     * \param dir direction
     * \param ipOctets octets of the IP packet
     * \return octets of the frame relay frames of all its LLC frames, before zero-bit insertion
     */
    uint32_t PacketOctets(GprsDirection dir, uint32_t ipOctets) const;

    /**
     * \param dir direction
     * \param ipOctets octets of the IP packet
     * \param bitRate the rate of the line, bit/s, > 0
     * \return nanoseconds its frames take on the line, zero-bit insertion expected, rounded up
     * \throws std::invalid_argument if bitRate is 0
     */
    uint64_t PacketNanoSeconds(GprsDirection dir, uint32_t ipOctets, uint64_t bitRate) const;

  private:
    GprsLlcFraming m_llc; //!< the LLC frames of a packet
};

} // namespace ns3

#endif /* GPRS_GB_FRAMING_H */
