/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RLC_PARAMETERS_H
#define GPRS_RLC_PARAMETERS_H

#include "gprs-rlcmac-types.h"

#include "ns3/gprs-coding-scheme.h"

#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * What an RLC entity is built for, per TBF: its mode, the sequence number space and window of
 * its ARQ, and the family of coding schemes its blocks use (TS 44.060 clauses 9.1 and 9.3).
 */

namespace ns3
{

/// Sequence number space SNS of GPRS: BSN is a 7-bit field (TS 44.060 clauses 9.0 and 10.4.12).
constexpr uint16_t kGprsRlcSns = 128;
/// Window size WS of GPRS (TS 44.060 clauses 9.0 and 9.1.9).
constexpr uint16_t kGprsRlcWs = 64;
/// Sequence number space SNS of EGPRS: BSN is an 11-bit field (TS 44.060 clauses 9.0, 10.4.12).
constexpr uint16_t kEgprsRlcSns = 2048;
/// Smallest EGPRS window: WS = 64 + 32 k (EGPRS Window Size IE, TS 44.060 clause 12.5.2).
constexpr uint16_t kEgprsRlcMinWs = 64;
/// Largest EGPRS window (TS 44.060 Table 9.1.9.2.1: 8 timeslots).
constexpr uint16_t kEgprsRlcMaxWs = 1024;

/**
 * \ingroup gprs
 * The sequence number space and the window of one TBF (TS 44.060 clause 9.1): BSNs count modulo
 * SNS, and at most WS blocks are outstanding. GPRS has SNS 128 and WS 64; EGPRS SNS 2048 and a
 * WS of 64..1024 that the assignment sets per TBF (clause 9.1.9.2).
 *
 * SNS is a power of two, so the modulo is a mask (a per-block operation).
 */
class GprsRlcSequenceSpace
{
  public:
    /**
     * \param sns sequence number space: a power of two, 2..2048
     * \param ws window size: 1..SNS/2 (clause 9.1.9: a block and its retransmission must not be
     *        confused with a block SNS apart)
     * \throws std::invalid_argument naming the bad value and what is allowed
     */
    GprsRlcSequenceSpace(uint16_t sns, uint16_t ws);

    /// \return GPRS's space: SNS 128, WS 64
    static GprsRlcSequenceSpace Gprs()
    {
        return GprsRlcSequenceSpace(kGprsRlcSns, kGprsRlcWs);
    }

    /// \return SNS
    uint16_t GetSns() const
    {
        return m_mask + 1;
    }

    /// \return WS
    uint16_t GetWs() const
    {
        return m_ws;
    }

    /**
     * \param value any integer, possibly negative
     * \return value modulo SNS
     */
    uint16_t Mod(int value) const
    {
        // The low bits of the two's complement value are the modulo, negative values included.
        return static_cast<uint16_t>(static_cast<unsigned>(value) & m_mask);
    }

    /**
     * \param from a BSN
     * \param to a BSN
     * \return how many steps forward lead from `from` to `to`: (to - from) modulo SNS
     */
    uint16_t Distance(uint16_t from, uint16_t to) const
    {
        return Mod(int{to} - int{from});
    }

    /**
     * \param bsn a BSN
     * \param start first BSN of the range
     * \param size number of BSNs in the range, 0..SNS
     * \return whether start <= bsn < start + size, modulo SNS
     */
    bool InRange(uint16_t bsn, uint16_t start, uint16_t size) const
    {
        return Distance(start, bsn) < size;
    }

    /**
     * \param value a BSN or SSN given by a caller
     * \param what its name, for the message
     * \throws std::invalid_argument if value is not 0..SNS-1
     */
    void CheckSequenceNumber(uint16_t value, const char* what) const;

    /// \return whether this is GPRS's space, SNS 128 and WS 64
    bool IsGprs() const
    {
        return m_mask == kGprsRlcSns - 1 && m_ws == kGprsRlcWs;
    }

    /**
     * \param other another space
     * \return whether SNS and WS are equal
     */
    bool operator==(const GprsRlcSequenceSpace& other) const
    {
        return m_mask == other.m_mask && m_ws == other.m_ws;
    }

  private:
    uint16_t m_mask; //!< SNS - 1: BSN modulo SNS is BSN & m_mask
    uint16_t m_ws;   //!< WS
};

/**
 * \ingroup gprs
 * What the RLC entities of one TBF are built for: the RLC mode, the coding-scheme family, and
 * the sequence space and window the family allows (TS 44.060 clauses 9.1.9 and 9.3). The
 * largest RLC data field follows from the family.
 */
class GprsRlcParameters
{
  public:
    /**
     * \param mode RLC mode
     * \param family coding-scheme family
     * \param space sequence space and window: GPRS SNS 128, WS 64; EGPRS SNS 2048 and WS 64 +
     *        32 k up to 1024 (TS 44.060 clauses 9.1.9.2 and 12.5.2)
     * \throws std::invalid_argument if the space is not one the family allows, naming both
     */
    GprsRlcParameters(GprsRlcMode mode, GprsCsFamily family, GprsRlcSequenceSpace space);

    /**
     * \param mode RLC mode
     * \return the parameters of a GPRS TBF
     */
    static GprsRlcParameters Gprs(GprsRlcMode mode)
    {
        return GprsRlcParameters(mode, GprsCsFamily::GPRS, GprsRlcSequenceSpace::Gprs());
    }

    /// \return the RLC mode
    GprsRlcMode GetMode() const
    {
        return m_mode;
    }

    /// \return the coding-scheme family
    GprsCsFamily GetFamily() const
    {
        return m_family;
    }

    /// \return the sequence space and window
    const GprsRlcSequenceSpace& GetSpace() const
    {
        return m_space;
    }

    /// \return octets of the largest RLC data field of the family: GprsMaxRlcDataOctets()
    uint32_t GetMaxDataOctets() const
    {
        return GprsMaxRlcDataOctets(m_family);
    }

    /**
     * \param other other parameters
     * \return whether mode, family and space are equal
     */
    bool operator==(const GprsRlcParameters& other) const
    {
        return m_mode == other.m_mode && m_family == other.m_family && m_space == other.m_space;
    }

    /**
     * \param other other parameters
     * \return whether they differ
     */
    bool operator!=(const GprsRlcParameters& other) const
    {
        return !(*this == other);
    }

  private:
    GprsRlcMode m_mode;           //!< RLC mode
    GprsCsFamily m_family;        //!< coding-scheme family
    GprsRlcSequenceSpace m_space; //!< SNS and WS
};

} // namespace ns3

#endif /* GPRS_RLC_PARAMETERS_H */
