/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_LLC_FRAMING_H
#define GPRS_LLC_FRAMING_H

#include <cstddef>
#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * SNDCP segmentation of IP packets (N-PDUs) into LLC frames, the octets each frame costs, and
 * the octets of the UI frames and SN-UNITDATA PDUs themselves.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Sizes of the LLC frames that carry one IP packet (pure arithmetic, no state).
 *
 * SNDCP (TS 44.065 clause 6.7, 7.2) splits an N-PDU into segments so that each SN-PDU fits the
 * LLC information field of at most N201-U octets; LLC (TS 44.064 clause 6) adds its header and
 * FCS to each frame. Header compression is not modelled (the studies ran without it).
 */
class GprsLlcFraming
{
  public:
    /**
     * \param n201U maximum LLC information field, octets (TS 44.064 clause 8.9.5, 140..1520)
     * \param llcOverhead LLC address + control + FCS octets per frame
     * \param sndcpFirstHeader SNDCP header octets of the first segment of an N-PDU
     * \param sndcpNextHeader SNDCP header octets of every following segment
     * \throws std::invalid_argument if N201-U is outside 140..1520 or leaves no room for data
     */
    GprsLlcFraming(uint32_t n201U,
                   uint32_t llcOverhead,
                   uint32_t sndcpFirstHeader,
                   uint32_t sndcpNextHeader);

    /**
     * \param npduOctets size of the IP packet
     * \return number of LLC frames SNDCP needs for it (at least 1)
     */
    uint32_t FrameCount(uint32_t npduOctets) const;

    /**
     * \param npduOctets size of the IP packet
     * \param index segment index, 0 .. FrameCount(npduOctets) - 1
     * \return size in octets of that LLC frame, headers and FCS included
     */
    uint32_t FrameOctets(uint32_t npduOctets, uint32_t index) const;

    /**
     * \param npduOctets size of the IP packet
     * \return all LLC octets the packet costs
     */
    uint32_t TotalOctets(uint32_t npduOctets) const;

    /**
     * \param index segment index
     * \return offset in the IP packet of the first octet that segment carries
     */
    uint32_t DataOffset(uint32_t index) const;

    /**
     * \param npduOctets size of the IP packet
     * \param index segment index, 0 .. FrameCount(npduOctets) - 1
     * \return octets of the IP packet that segment carries
     */
    uint32_t DataOctets(uint32_t npduOctets, uint32_t index) const;

    /// \return LLC octets of a frame without information field (address, control, FCS)
    uint32_t GetLlcOverhead() const
    {
        return m_llcOverhead;
    }

  private:
    uint32_t m_n201U;            //!< max LLC information field
    uint32_t m_llcOverhead;      //!< LLC header + FCS
    uint32_t m_sndcpFirstHeader; //!< SNDCP header, first segment
    uint32_t m_sndcpNextHeader;  //!< SNDCP header, later segments
};

/// SAPI of user data with QoS class 3, the one IP packets use here (TS 44.064 Table 2).
constexpr uint8_t kGprsLlcSapiUserData = 3;
/// SAPI of GPRS mobility management, LLGMM (TS 44.064 Table 2).
constexpr uint8_t kGprsLlcSapiGmm = 1;
/// The first NSAPI an SNDCP user may get (TS 44.065 clause 7.2: 0..4 are reserved).
constexpr uint8_t kGprsSndcpFirstNsapi = 5;
/// SN-UNITDATA header of the first segment of an N-PDU, octets (TS 44.065 clause 7.2).
constexpr uint32_t kGprsSnUnitdataFirstHeaderOctets = 4;
/// SN-UNITDATA header of later segments, octets (TS 44.065 clause 7.2).
constexpr uint32_t kGprsSnUnitdataNextHeaderOctets = 3;
/// SN-DATA header of the first segment (octet 1, PCOMP/DCOMP, N-PDU number; TS 44.065 clause
/// 7.2, acknowledged mode), octets.
constexpr uint32_t kGprsSnDataFirstHeaderOctets = 3;
/// SN-DATA header of later segments (octet 1 only; TS 44.065 clause 7.2), octets.
constexpr uint32_t kGprsSnDataNextHeaderOctets = 1;

/**
 * \ingroup gprs
 * The frame check sequence of an LLC frame (TS 44.064 clause 5.5a): the CRC-24 with generator
 * x^24 + x^23 + x^21 + x^20 + x^19 + x^17 + x^16 + x^15 + x^13 + x^8 + x^7 + x^5 + x^4 + x^2 + 1,
 * register preset to ones, bits taken least significant first, the ones complement of the
 * remainder. It is sent least significant octet first.
 * \param data the frame's header and information field
 * \param length their octets
 * \return the 24-bit FCS
 */
uint32_t GprsLlcFcs(const uint8_t* data, std::size_t length);

/**
 * \ingroup gprs
 * Append the FCS of a frame's header and information field, least significant octet first.
 * \param frame the frame so far
 */
void AppendLlcFcs(std::vector<uint8_t>& frame);

/**
 * \ingroup gprs
 * An LLC UI frame (TS 44.064 clauses 6.2, 6.3.3): address field (PD = 0, C/R, SAPI), the 2-octet
 * UI control field (N(U), E = 0: not ciphered, PM = 1: the FCS covers the information field),
 * the information field, the FCS.
 * \param sapi SAPI, 0..15
 * \param fromNetwork the SGSN sends it (C/R = 1 for a command from the network, clause 6.2.2)
 * \param nu N(U), the unconfirmed sequence number, 0..511
 * \param information the information field
 * \return the frame, information.size() + 6 octets
 * \throws std::invalid_argument if sapi or nu is out of range
 */
std::vector<uint8_t> EncodeLlcUiFrame(uint8_t sapi,
                                      bool fromNetwork,
                                      uint16_t nu,
                                      const std::vector<uint8_t>& information);

/**
 * \ingroup gprs
 * An SN-UNITDATA PDU (TS 44.065 clause 7.2, unacknowledged mode): octet 1 (X = 0, F, T = 1, M,
 * NSAPI), octet 2 in the first segment only (DCOMP = PCOMP = 0: no compression), the segment
 * number and the 12-bit N-PDU number, then the data: 4 + length octets for the first segment,
 * 3 + length for the others.
 * \param nsapi NSAPI, 0..15
 * \param npduNumber N-PDU number, 0..4095
 * \param segment segment number, 0..15 (F = 1 for segment 0)
 * \param more M: more segments of this N-PDU follow
 * \param data the segment of the N-PDU
 * \param length its octets
 * \return the PDU
 * \throws std::invalid_argument if a field is out of range
 */
std::vector<uint8_t> EncodeSnUnitdata(uint8_t nsapi,
                                      uint16_t npduNumber,
                                      uint16_t segment,
                                      bool more,
                                      const uint8_t* data,
                                      uint32_t length);

/**
 * \ingroup gprs
 * An SN-DATA PDU (TS 44.065 clause 7.2, acknowledged mode): octet 1 (X = 0, F, T = 0, M, NSAPI),
 * in the first segment only octet 2 (DCOMP = PCOMP = 0) and the 8-bit N-PDU number, then the
 * data: 3 + length octets for the first segment, 1 + length for the others.
 * \param nsapi NSAPI, 0..15
 * \param npduNumber N-PDU number, 0..255
 * \param first F: the first segment of the N-PDU
 * \param more M: more segments follow
 * \param data the segment of the N-PDU
 * \param length its octets
 * \return the PDU
 * \throws std::invalid_argument if a field is out of range
 */
std::vector<uint8_t> EncodeSnData(uint8_t nsapi,
                                  uint16_t npduNumber,
                                  bool first,
                                  bool more,
                                  const uint8_t* data,
                                  uint32_t length);

} // namespace ns3

#endif /* GPRS_LLC_FRAMING_H */
