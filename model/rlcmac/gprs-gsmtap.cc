/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-gsmtap.h"

#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{
/// GSMTAP version written (libosmocore gsmtap.h GSMTAP_VERSION).
constexpr uint8_t kGsmtapVersion = 2;
/// Header length in 32-bit words: 16 octets.
constexpr uint8_t kGsmtapHeaderWords = 4;
/// IPv4 header without options (RFC 791).
constexpr std::size_t kIpv4HeaderOctets = 20;
/// UDP header (RFC 768).
constexpr std::size_t kUdpHeaderOctets = 8;
/// IP protocol number of UDP.
constexpr uint8_t kProtocolUdp = 17;
/// TTL of the packets written.
constexpr uint8_t kTtl = 64;

/// Append value in network byte order. \param out the octets \param value a 16-bit value
void
Put16(std::vector<uint8_t>& out, uint32_t value)
{
    out.push_back(static_cast<uint8_t>(value >> 8));
    out.push_back(static_cast<uint8_t>(value));
}

/// Append value in network byte order. \param out the octets \param value a 32-bit value
void
Put32(std::vector<uint8_t>& out, uint32_t value)
{
    Put16(out, value >> 16);
    Put16(out, value & 0xFFFF);
}
} // namespace

std::vector<uint8_t>
EncodeGsmtap(const GsmtapHeader& header, const std::vector<uint8_t>& payload)
{
    if (header.timeslot > 7)
    {
        throw std::invalid_argument("GSMTAP timeslot " + std::to_string(header.timeslot) +
                                    " (allowed: 0..7)");
    }
    if (header.arfcn > kGsmtapArfcnMax)
    {
        throw std::invalid_argument("GSMTAP ARFCN " + std::to_string(header.arfcn) +
                                    " (allowed: 0.." + std::to_string(kGsmtapArfcnMax) + ")");
    }
    std::vector<uint8_t> out;
    out.reserve(kGsmtapHeaderWords * 4 + payload.size());
    out.push_back(kGsmtapVersion);
    out.push_back(kGsmtapHeaderWords);
    out.push_back(static_cast<uint8_t>(header.type));
    out.push_back(header.timeslot);
    Put16(out, header.arfcn | (header.uplink ? kGsmtapArfcnUplink : 0));
    out.push_back(static_cast<uint8_t>(header.signalDbm));
    out.push_back(static_cast<uint8_t>(header.snrDb));
    Put32(out, header.frameNumber);
    out.push_back(static_cast<uint8_t>(header.subType));
    out.push_back(0); // antenna number
    out.push_back(0); // sub-slot
    out.push_back(0); // reserved
    out.insert(out.end(), payload.begin(), payload.end());
    return out;
}

std::vector<uint8_t>
EncapsulateGsmtap(const std::vector<uint8_t>& payload, uint32_t source, uint32_t destination)
{
    return EncapsulateUdp(payload, source, destination, kGsmtapUdpPort);
}

std::vector<uint8_t>
EncapsulateUdp(const std::vector<uint8_t>& payload,
               uint32_t source,
               uint32_t destination,
               uint16_t port)
{
    const std::size_t total = kIpv4HeaderOctets + kUdpHeaderOctets + payload.size();
    if (total > 0xFFFF)
    {
        throw std::invalid_argument("UDP payload of " + std::to_string(payload.size()) +
                                    " octets does not fit an IPv4 packet");
    }
    std::vector<uint8_t> out;
    out.reserve(total);
    out.push_back(0x45); // version 4, 5 words of header
    out.push_back(0);    // DSCP, ECN
    Put16(out, static_cast<uint32_t>(total));
    Put16(out, 0); // identification
    Put16(out, 0); // flags, fragment offset
    out.push_back(kTtl);
    out.push_back(kProtocolUdp);
    Put16(out, 0); // checksum, filled in below
    Put32(out, source);
    Put32(out, destination);
    // RFC 791 header checksum: one's complement of the one's complement sum of the 16-bit words.
    uint32_t sum = 0;
    for (std::size_t i = 0; i < kIpv4HeaderOctets; i += 2)
    {
        sum += (uint32_t{out[i]} << 8) | out[i + 1];
    }
    while (sum >> 16)
    {
        sum = (sum & 0xFFFF) + (sum >> 16);
    }
    const auto checksum = static_cast<uint16_t>(~sum);
    out[10] = static_cast<uint8_t>(checksum >> 8);
    out[11] = static_cast<uint8_t>(checksum);
    Put16(out, port);
    Put16(out, port);
    Put16(out, static_cast<uint32_t>(kUdpHeaderOctets + payload.size()));
    Put16(out, 0); // no checksum
    out.insert(out.end(), payload.begin(), payload.end());
    return out;
}

} // namespace ns3
