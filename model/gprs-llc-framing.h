/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_LLC_FRAMING_H
#define GPRS_LLC_FRAMING_H

#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * SNDCP segmentation of IP packets (N-PDUs) into LLC frames and the octets each frame costs.
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

  private:
    uint32_t m_n201U;            //!< max LLC information field
    uint32_t m_llcOverhead;      //!< LLC header + FCS
    uint32_t m_sndcpFirstHeader; //!< SNDCP header, first segment
    uint32_t m_sndcpNextHeader;  //!< SNDCP header, later segments
};

} // namespace ns3

#endif /* GPRS_LLC_FRAMING_H */
