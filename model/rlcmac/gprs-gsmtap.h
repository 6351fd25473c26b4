/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_GSMTAP_H
#define GPRS_GSMTAP_H

#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * GSMTAP version 2 framing of radio blocks, carried in IPv4/UDP packets to port 4729 as
 * Osmocom's GSMTAP senders emit them and Wireshark's gsmtap dissector reads them.
 */

namespace ns3
{

/// UDP port of GSMTAP (IANA registered, Osmocom libosmocore gsmtap.h GSMTAP_UDP_PORT).
constexpr uint16_t kGsmtapUdpPort = 4729;

/// GSMTAP payload types (libosmocore gsmtap.h).
enum class GsmtapType : uint8_t
{
    UM = 0x01, //!< GSM Um: a radio block, sub-type gives the logical channel
};

/// GSMTAP Um sub-types (logical channels) used here (libosmocore gsmtap.h GSMTAP_CHANNEL_*).
enum class GsmtapChannel : uint8_t
{
    NONE = 0x00,  //!< not a Um packet
    PACCH = 0x0b, //!< packet associated control channel: RLC/MAC control blocks
    PDTCH = 0x0d, //!< packet data traffic channel: RLC data blocks
};

/// Uplink flag of the ARFCN field (libosmocore gsmtap.h GSMTAP_ARFCN_F_UPLINK).
constexpr uint16_t kGsmtapArfcnUplink = 0x4000;
/// Largest ARFCN the 14-bit field holds (libosmocore gsmtap.h GSMTAP_ARFCN_MASK).
constexpr uint16_t kGsmtapArfcnMax = 0x3FFF;

/**
 * \ingroup gprs
 * The fields of a GSMTAP version 2 header (16 octets, libosmocore gsmtap.h struct gsmtap_hdr).
 */
struct GsmtapHeader
{
    GsmtapType type{GsmtapType::UM};            //!< payload type
    uint8_t timeslot{0};                        //!< TN, 0..7
    uint16_t arfcn{0};                          //!< ARFCN, 0..kGsmtapArfcnMax
    bool uplink{false};                         //!< sets kGsmtapArfcnUplink
    int8_t signalDbm{0};                        //!< signal level, dBm
    int8_t snrDb{0};                            //!< signal to noise ratio, dB
    uint32_t frameNumber{0};                    //!< TDMA frame number FN
    GsmtapChannel subType{GsmtapChannel::NONE}; //!< logical channel of a Um packet
};

/**
 * \ingroup gprs
 * \param header the header fields
 * \param payload what follows the header
 * \return the GSMTAP packet: the 16-octet header (fields in network byte order), then payload
 * \throws std::invalid_argument if the timeslot exceeds 7 or the ARFCN kGsmtapArfcnMax
 */
std::vector<uint8_t> EncodeGsmtap(const GsmtapHeader& header, const std::vector<uint8_t>& payload);

/**
 * \ingroup gprs
 * \param payload a GSMTAP packet
 * \param source IPv4 source address (host byte order)
 * \param destination IPv4 destination address (host byte order)
 * \return an IPv4 packet (20-octet header with its checksum, TTL 64, identification 0) carrying
 *         a UDP datagram from and to kGsmtapUdpPort (checksum 0: none, RFC 768)
 * \throws std::invalid_argument if the packet would exceed 65535 octets
 */
std::vector<uint8_t> EncapsulateGsmtap(const std::vector<uint8_t>& payload,
                                       uint32_t source,
                                       uint32_t destination);

/**
 * \ingroup gprs
 * \param payload a UDP payload
 * \param source IPv4 source address (host byte order)
 * \param destination IPv4 destination address (host byte order)
 * \param port UDP source and destination port
 * \return an IPv4 packet as EncapsulateGsmtap() makes it, to and from \p port
 * \throws std::invalid_argument if the packet would exceed 65535 octets
 */
std::vector<uint8_t> EncapsulateUdp(const std::vector<uint8_t>& payload,
                                    uint32_t source,
                                    uint32_t destination,
                                    uint16_t port);

} // namespace ns3

#endif /* GPRS_GSMTAP_H */
