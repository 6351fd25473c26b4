/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_PPP_FRAMING_H
#define GPRS_PPP_FRAMING_H

#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * The time an IP packet takes on the link between a host and its phone: PPP in HDLC-like
 * framing (RFC 1662) on an asynchronous serial line.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Octets and line time of one IP packet in PPP HDLC-like framing on an asynchronous
 * line (pure arithmetic, no state).
 *
 * The frame (RFC 1662 clause 3.1) as before any option is negotiated (RFC 1661 clause 6: no
 * Address-and-Control-Field or Protocol-Field compression): flag 0x7E, address 0xFF, control
 * 0x03, protocol 0x0021 (IPv4), the packet, a 16-bit FCS; the closing flag opens the next
 * frame (RFC 1662 clause 4.3). Octet stuffing (clause 4.2) sends 0x7D and the octet XOR 0x20
 * for 0x7D, 0x7E and every octet below 0x20 whose bit is set in the Async-Control-Character-Map
 * (ACCM, clause 7.1): exactly for the header, whose octets are known, and as its expectation
 * for the packet and the FCS, whose octets are taken as uniformly distributed (a simulated
 * packet's payload octets are zeros, which no real traffic is). Each octet on the line costs
 * a character of start bit, 8 data bits and stop bits.
 */
class GprsPppFraming
{
  public:
    /// ACCM until LCP negotiates another (RFC 1662 clause 7.1): every control character.
    static constexpr uint32_t kDefaultAccm = 0xFFFFFFFF;

    /**
     * \param accm the Async-Control-Character-Map of the sender's peer
     * \param characterBits line bits per octet: 10 for 8N1 (start, 8 data, stop), 8..12
     * \throws std::invalid_argument if characterBits is outside 8..12
     */
    GprsPppFraming(uint32_t accm, uint32_t characterBits);

    /**
     * \param octet an octet between the flags
     * \return whether it is sent escaped (0x7D, octet XOR 0x20)
     */
    bool IsEscaped(uint8_t octet) const;

    /**
     * \return octets of 256 values that are escaped: 0x7D, 0x7E and the ACCM's
     */
    uint32_t EscapedValues() const;

    /**
     * \param ipOctets octets of the IP packet
     * \return octets on the line times 256: header exactly, packet and FCS as expected
     */
    uint64_t LineOctetsTimes256(uint32_t ipOctets) const;

    /**
     * \param ipOctets octets of the IP packet
     * \param bitRate the line rate, bit/s (baud of a serial line), > 0
     * \return nanoseconds the frame takes on the line, rounded up
     * \throws std::invalid_argument if bitRate is 0
     */
    uint64_t PacketNanoSeconds(uint32_t ipOctets, uint64_t bitRate) const;

  private:
    uint32_t m_accm;          //!< ACCM
    uint32_t m_characterBits; //!< line bits per octet
};

} // namespace ns3

#endif /* GPRS_PPP_FRAMING_H */
