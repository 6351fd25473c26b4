/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-bssgp.h"

#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{
// PDU types (TS 48.018 clause 11.3.26; TS 48.016 clause 10.3.7) and IEIs (TS 48.018 clause
// 11.3, Table 11.3).
constexpr uint8_t kDlUnitdata = 0x00;        //!< BSSGP DL-UNITDATA
constexpr uint8_t kUlUnitdata = 0x01;        //!< BSSGP UL-UNITDATA
constexpr uint8_t kNsUnitdata = 0x00;        //!< NS-UNITDATA
constexpr uint8_t kIeiCellIdentifier = 0x08; //!< Cell Identifier
constexpr uint8_t kIeiLlcPdu = 0x0E;         //!< LLC-PDU
constexpr uint8_t kIeiPduLifetime = 0x16;    //!< PDU Lifetime
/// The longest value a two-octet length indicator holds (TS 48.018 clause 11.1).
constexpr std::size_t kMaxLength = 0x7FFF;

/// Append value in network byte order. \param out the octets \param value a 16-bit value
void
Put16(std::vector<uint8_t>& out, uint32_t value)
{
    out.push_back(static_cast<uint8_t>(value >> 8));
    out.push_back(static_cast<uint8_t>(value));
}

/**
 * Append an IE in TLV form: IEI, length indicator (one octet with ext = 1 up to 127, else two
 * with ext = 0; TS 48.018 clause 11.1), value.
 * \param out the PDU \param iei the IEI \param value its value
 */
void
PutTlv(std::vector<uint8_t>& out, uint8_t iei, const std::vector<uint8_t>& value)
{
    if (value.size() > kMaxLength)
    {
        throw std::invalid_argument("BSSGP IE " + std::to_string(iei) + " of " +
                                    std::to_string(value.size()) + " octets (allowed: up to " +
                                    std::to_string(kMaxLength) + ")");
    }
    out.push_back(iei);
    if (value.size() < 0x80)
    {
        out.push_back(static_cast<uint8_t>(0x80 | value.size()));
    }
    else
    {
        Put16(out, static_cast<uint32_t>(value.size()));
    }
    out.insert(out.end(), value.begin(), value.end());
}

/**
 * A UNITDATA PDU: PDU type, TLLI, QoS Profile (clause 11.3.28: peak bit rate 0, best effort;
 * then spare, C/R, T, A, precedence), the one IE between the QoS Profile and the LLC-PDU, then
 * the LLC-PDU.
 * \param type the PDU type \param tlli the TLLI \param qos the QoS flags
 * \param iei the IE's IEI \param value its value \param llc the LLC frame \return the PDU
 */
std::vector<uint8_t>
Unitdata(uint8_t type,
         uint32_t tlli,
         const GprsBssgpQos& qos,
         uint8_t iei,
         const std::vector<uint8_t>& value,
         const std::vector<uint8_t>& llc)
{
    if (qos.precedence > 7)
    {
        throw std::invalid_argument("BSSGP precedence " + std::to_string(qos.precedence) +
                                    " (allowed: 0..7)");
    }
    std::vector<uint8_t> out{type};
    Put16(out, tlli >> 16);
    Put16(out, tlli & 0xFFFF);
    Put16(out, 0); // peak bit rate: best effort
    out.push_back(static_cast<uint8_t>((qos.ackOrSack ? 0 : 0x20) | (qos.userData ? 0x10 : 0) |
                                       (qos.rlcUnacknowledged ? 0x08 : 0) | qos.precedence));
    PutTlv(out, iei, value);
    PutTlv(out, kIeiLlcPdu, llc);
    return out;
}
} // namespace

std::vector<uint8_t>
EncodeBssgpDlUnitdata(uint32_t tlli,
                      const GprsBssgpQos& qos,
                      uint16_t lifetimeCs,
                      const std::vector<uint8_t>& llc)
{
    return Unitdata(kDlUnitdata,
                    tlli,
                    qos,
                    kIeiPduLifetime,
                    {static_cast<uint8_t>(lifetimeCs >> 8), static_cast<uint8_t>(lifetimeCs)},
                    llc);
}

std::vector<uint8_t>
EncodeBssgpUlUnitdata(uint32_t tlli,
                      const GprsBssgpQos& qos,
                      uint16_t cellIdentity,
                      const std::vector<uint8_t>& llc)
{
    // Routing area identification (TS 24.008 clause 10.5.5.15): MCC digits 2|1, MNC digit 3
    // (0xF: two digits)|MCC digit 3, MNC digits 2|1, LAC, RAC; then the cell identity.
    const std::vector<uint8_t> cell{0x00,
                                    0xF1,
                                    0x10,
                                    0x00,
                                    0x01,
                                    0x00,
                                    static_cast<uint8_t>(cellIdentity >> 8),
                                    static_cast<uint8_t>(cellIdentity)};
    return Unitdata(kUlUnitdata, tlli, qos, kIeiCellIdentifier, cell, llc);
}

std::vector<uint8_t>
EncodeNsUnitdata(uint16_t bvci, const std::vector<uint8_t>& bssgp)
{
    std::vector<uint8_t> out{kNsUnitdata, 0};
    Put16(out, bvci);
    out.insert(out.end(), bssgp.begin(), bssgp.end());
    return out;
}

} // namespace ns3
