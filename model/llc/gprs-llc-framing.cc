/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-llc-framing.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ns3
{

GprsLlcFraming::GprsLlcFraming(uint32_t n201U,
                               uint32_t llcOverhead,
                               uint32_t sndcpFirstHeader,
                               uint32_t sndcpNextHeader)
    : m_n201U(n201U),
      m_llcOverhead(llcOverhead),
      m_sndcpFirstHeader(sndcpFirstHeader),
      m_sndcpNextHeader(sndcpNextHeader)
{
    if (n201U < 140 || n201U > 1520)
    {
        throw std::invalid_argument("N201-U " + std::to_string(n201U) +
                                    " out of range (allowed: 140..1520 octets, TS 44.064 8.9.5)");
    }
    if (sndcpFirstHeader >= n201U || sndcpNextHeader >= n201U)
    {
        throw std::invalid_argument("SNDCP header larger than N201-U " + std::to_string(n201U));
    }
}

uint32_t
GprsLlcFraming::FrameCount(uint32_t npduOctets) const
{
    const uint32_t first = m_n201U - m_sndcpFirstHeader;
    if (npduOctets <= first)
    {
        return 1;
    }
    const uint32_t next = m_n201U - m_sndcpNextHeader;
    return 1 + (npduOctets - first + next - 1) / next;
}

uint32_t
GprsLlcFraming::FrameOctets(uint32_t npduOctets, uint32_t index) const
{
    const uint32_t first = m_n201U - m_sndcpFirstHeader;
    if (index == 0)
    {
        const uint32_t data = npduOctets < first ? npduOctets : first;
        return m_llcOverhead + m_sndcpFirstHeader + data;
    }
    const uint32_t next = m_n201U - m_sndcpNextHeader;
    const uint32_t before = first + (index - 1) * next;
    const uint32_t left = npduOctets - before;
    const uint32_t data = left < next ? left : next;
    return m_llcOverhead + m_sndcpNextHeader + data;
}

uint32_t
GprsLlcFraming::DataOffset(uint32_t index) const
{
    return index == 0
               ? 0
               : (m_n201U - m_sndcpFirstHeader) + (index - 1) * (m_n201U - m_sndcpNextHeader);
}

uint32_t
GprsLlcFraming::DataOctets(uint32_t npduOctets, uint32_t index) const
{
    return FrameOctets(npduOctets, index) - m_llcOverhead -
           (index == 0 ? m_sndcpFirstHeader : m_sndcpNextHeader);
}

uint32_t
GprsLlcFraming::TotalOctets(uint32_t npduOctets) const
{
    const uint32_t frames = FrameCount(npduOctets);
    return npduOctets + frames * m_llcOverhead + m_sndcpFirstHeader +
           (frames - 1) * m_sndcpNextHeader;
}

uint32_t
GprsLlcFcs(const uint8_t* data, std::size_t length)
{
    // The generator with its bits reversed (bit 23 of the polynomial at bit 0), as the register
    // shifts towards the least significant bit.
    constexpr uint32_t kReversedGenerator = 0xAD85DD;
    uint32_t crc = 0xFFFFFF;
    for (std::size_t i = 0; i < length; ++i)
    {
        crc ^= data[i];
        for (int bit = 0; bit < 8; ++bit)
        {
            crc = (crc >> 1) ^ ((crc & 1) ? kReversedGenerator : 0);
        }
    }
    return ~crc & 0xFFFFFF;
}

void
AppendLlcFcs(std::vector<uint8_t>& frame)
{
    const uint32_t fcs = GprsLlcFcs(frame.data(), frame.size());
    frame.push_back(static_cast<uint8_t>(fcs));
    frame.push_back(static_cast<uint8_t>(fcs >> 8));
    frame.push_back(static_cast<uint8_t>(fcs >> 16));
}

std::vector<uint8_t>
EncodeLlcUiFrame(uint8_t sapi,
                 bool fromNetwork,
                 uint16_t nu,
                 const std::vector<uint8_t>& information)
{
    if (sapi > 15 || nu > 511)
    {
        throw std::invalid_argument("LLC UI frame with SAPI " + std::to_string(sapi) + ", N(U) " +
                                    std::to_string(nu) + " (allowed: SAPI 0..15, N(U) 0..511)");
    }
    std::vector<uint8_t> frame;
    frame.reserve(information.size() + 6);
    // Address field: PD (bit 8) = 0, C/R (bit 7), spare, SAPI (bits 4..1).
    frame.push_back(static_cast<uint8_t>((fromNetwork ? 0x40 : 0) | sapi));
    // UI control field: 1 1 0 X X N(U) (9 bits) E PM.
    const uint16_t control = 0xC000 | static_cast<uint16_t>(nu << 2) | 0x0001;
    frame.push_back(static_cast<uint8_t>(control >> 8));
    frame.push_back(static_cast<uint8_t>(control));
    frame.insert(frame.end(), information.begin(), information.end());
    AppendLlcFcs(frame);
    return frame;
}

std::vector<uint8_t>
EncodeSnUnitdata(uint8_t nsapi,
                 uint16_t npduNumber,
                 uint16_t segment,
                 bool more,
                 const uint8_t* data,
                 uint32_t length)
{
    if (nsapi > 15 || npduNumber > 4095 || segment > 15)
    {
        throw std::invalid_argument("SN-UNITDATA with NSAPI " + std::to_string(nsapi) +
                                    ", N-PDU number " + std::to_string(npduNumber) + ", segment " +
                                    std::to_string(segment) + " (allowed: 0..15, 0..4095, 0..15)");
    }
    const bool first = segment == 0;
    std::vector<uint8_t> pdu;
    pdu.reserve(length + 4);
    // X = 0, F, T = 1 (SN-UNITDATA), M, NSAPI.
    pdu.push_back(static_cast<uint8_t>((first ? 0x40 : 0) | 0x20 | (more ? 0x10 : 0) | nsapi));
    if (first)
    {
        pdu.push_back(0); // DCOMP = 0, PCOMP = 0
    }
    pdu.push_back(static_cast<uint8_t>((segment << 4) | (npduNumber >> 8)));
    pdu.push_back(static_cast<uint8_t>(npduNumber));
    pdu.insert(pdu.end(), data, data + length);
    return pdu;
}

std::vector<uint8_t>
EncodeSnData(uint8_t nsapi,
             uint16_t npduNumber,
             bool first,
             bool more,
             const uint8_t* data,
             uint32_t length)
{
    if (nsapi > 15 || npduNumber > 255)
    {
        throw std::invalid_argument("SN-DATA with NSAPI " + std::to_string(nsapi) +
                                    ", N-PDU number " + std::to_string(npduNumber) +
                                    " (allowed: 0..15, 0..255)");
    }
    const std::size_t header = first ? 3 : 1;
    std::vector<uint8_t> pdu(header + length);
    // X = 0, F, T = 0 (SN-DATA), M, NSAPI.
    pdu[0] = static_cast<uint8_t>((first ? 0x40 : 0) | (more ? 0x10 : 0) | nsapi);
    if (first)
    {
        pdu[1] = 0; // DCOMP = 0, PCOMP = 0
        pdu[2] = static_cast<uint8_t>(npduNumber);
    }
    std::copy_n(data, length, pdu.begin() + header);
    return pdu;
}

} // namespace ns3
