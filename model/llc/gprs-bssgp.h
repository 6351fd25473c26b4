/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_BSSGP_H
#define GPRS_BSSGP_H

#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * The octets of an LLC frame on the Gb interface: a BSSGP DL-UNITDATA or UL-UNITDATA PDU
 * (3GPP TS 48.018 clauses 10.2.1, 10.2.2) naming the mobile by its TLLI, in an NS-UNITDATA PDU
 * (TS 48.016 clause 9.2.10), as Wireshark's gprs-ns and bssgp dissectors read them.
 */

namespace ns3
{

/// UDP port of the NS over IP packets written: one Wireshark's gprs-ns dissector decodes by
/// default (TS 48.016 fixes none).
constexpr uint16_t kGprsNsUdpPort = 2157;

/// BVCI of the cell's point-to-point BSSGP virtual connection: the first one, 0 and 1 being
/// signalling and PTM (TS 48.018 clause 5.4.1).
constexpr uint16_t kGprsPtpBvci = 2;

/**
 * \ingroup gprs
 * What the QoS Profile of a BSSGP UNITDATA PDU says besides the peak bit rate, which is
 * written 0, best effort (TS 48.018 clause 11.3.28).
 */
struct GprsBssgpQos
{
    bool ackOrSack{false};         //!< C/R = 0: the LLC frame is an ACK or SACK command/response
    bool userData{true};           //!< T = 1: user data; 0: signalling (GMM, SAPI 1)
    bool rlcUnacknowledged{false}; //!< A = 1: the radio interface uses RLC unacknowledged mode
    uint8_t precedence{0};         //!< precedence (downlink) or radio priority (uplink), 0..7
};

/**
 * \ingroup gprs
 * A BSSGP DL-UNITDATA PDU (TS 48.018 clause 10.2.1): PDU type, TLLI (current), QoS Profile,
 * PDU Lifetime (clause 11.3.25, centi-seconds), LLC-PDU.
 * \param tlli the mobile's TLLI
 * \param qos the QoS Profile's flags
 * \param lifetimeCs PDU Lifetime in centi-seconds; 0xFFFF: infinite
 * \param llc the LLC frame
 * \return the PDU
 * \throws std::invalid_argument if the precedence exceeds 7 or the frame 32767 octets
 */
std::vector<uint8_t> EncodeBssgpDlUnitdata(uint32_t tlli,
                                           const GprsBssgpQos& qos,
                                           uint16_t lifetimeCs,
                                           const std::vector<uint8_t>& llc);

/**
 * \ingroup gprs
 * A BSSGP UL-UNITDATA PDU (TS 48.018 clause 10.2.2): PDU type, TLLI, QoS Profile, Cell
 * Identifier (clause 11.3.9: the routing area MCC 001, MNC 01, LAC 1, RAC 0 and cell identity
 * \p cellIdentity; 001-01 is the test network of TS 51.010-1), LLC-PDU.
 * \param tlli the mobile's TLLI
 * \param qos the QoS Profile's flags
 * \param cellIdentity the cell identity
 * \param llc the LLC frame
 * \return the PDU
 * \throws std::invalid_argument as EncodeBssgpDlUnitdata()
 */
std::vector<uint8_t> EncodeBssgpUlUnitdata(uint32_t tlli,
                                           const GprsBssgpQos& qos,
                                           uint16_t cellIdentity,
                                           const std::vector<uint8_t>& llc);

/**
 * \ingroup gprs
 * An NS-UNITDATA PDU (TS 48.016 clause 9.2.10): PDU type, NS SDU control bits 0, BVCI, the
 * BSSGP PDU.
 * \param bvci the BVCI
 * \param bssgp the BSSGP PDU
 * \return the PDU
 */
std::vector<uint8_t> EncodeNsUnitdata(uint16_t bvci, const std::vector<uint8_t>& bssgp);

} // namespace ns3

#endif /* GPRS_BSSGP_H */
