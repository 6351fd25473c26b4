/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-ppp-framing.h"

#include "gprs-line-time.h"

#include <array>
#include <bitset>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{
/// Flag, escape and the octets between the flags before the packet: address, control, the
/// IPv4 protocol number (RFC 1662 clause 3.1, RFC 1332).
constexpr uint8_t kFlag = 0x7E;
constexpr uint8_t kEscape = 0x7D;
constexpr std::array<uint8_t, 4> kHeader{0xFF, 0x03, 0x00, 0x21};
/// FCS-16 octets (RFC 1662 clause C.1).
constexpr uint64_t kFcsOctets = 2;
/// Values an octet can take.
constexpr uint64_t kValues = 256;
} // namespace

GprsPppFraming::GprsPppFraming(uint32_t accm, uint32_t characterBits)
    : m_accm(accm),
      m_characterBits(characterBits)
{
    if (characterBits < 8 || characterBits > 12)
    {
        throw std::invalid_argument("line bits per octet " + std::to_string(characterBits) +
                                    " (allowed: 8..12; 10 for start, 8 data bits, stop)");
    }
}

bool
GprsPppFraming::IsEscaped(uint8_t octet) const
{
    return octet == kFlag || octet == kEscape || (octet < 0x20 && ((m_accm >> octet) & 1) != 0);
}

uint32_t
GprsPppFraming::EscapedValues() const
{
    return 2 + static_cast<uint32_t>(std::bitset<32>(m_accm).count());
}

uint64_t
GprsPppFraming::LineOctetsTimes256(uint32_t ipOctets) const
{
    uint64_t header = 1; // the flag
    for (const uint8_t octet : kHeader)
    {
        header += IsEscaped(octet) ? 2 : 1;
    }
    return header * kValues + (ipOctets + kFcsOctets) * (kValues + EscapedValues());
}

uint64_t
GprsPppFraming::PacketNanoSeconds(uint32_t ipOctets, uint64_t bitRate) const
{
    return GprsLineNanoSeconds(LineOctetsTimes256(ipOctets) * m_characterBits, kValues, bitRate);
}

} // namespace ns3
