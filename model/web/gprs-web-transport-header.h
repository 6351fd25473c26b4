/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_TRANSPORT_HEADER_H
#define GPRS_WEB_TRANSPORT_HEADER_H

#include "gprs-web-arq.h"

#include "ns3/header.h"

#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * The header of every GPRSWeb transport datagram (the UDP payload before the data).
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief The GPRSWeb transport header: a report (ACK and NACKs) in every datagram, then a
 * transmission number for data and probes, then the segment's place for data.
 *
 * Layout, in network order (doc/gprsweb.rst.inc):
 *
 *     flags (1: DATA 0x01, PROBE 0x02, ECHO 0x04, TRUNCATED 0x08, BURST 0x10, RATE 0x20),
 *     NACK count n (1), ack (4), coverEnd (4), echo (4),
 *     [RATE] rate sample, octets/s (4),
 *     [DATA or PROBE] tx (4),
 *     [DATA] seq (4), message id (4), offset (4), message length (4),
 *     n NACKs, each a 2-octet offset from ack.
 *
 * 14 octets for an ACK, 18 for a probe, 34 + 2n for a data segment; 4 more with a rate sample.
 */
class GprsWebTransportHeader : public Header
{
  public:
    /// The most NACKs one header carries (the count is one octet).
    static constexpr uint32_t kMaxNacks = 255;

    /// Octets of a header without NACKs: an ACK's.
    static constexpr uint32_t kAckSize = 14;

    /// Octets of a data segment's header without NACKs or rate sample.
    static constexpr uint32_t kDataSize = 34;

    /// Octets a rate sample adds.
    static constexpr uint32_t kRateSize = 4;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    void Print(std::ostream& os) const override;

    /**
     * \param info the report this datagram carries
     * \throws std::invalid_argument if it has more than kMaxNacks NACKs or one more than 65535
     *         after ack
     */
    void SetAckInfo(const GprsWebAckInfo& info);

    /// \return the report
    GprsWebAckInfo GetAckInfo() const;

    /**
     * Make this a data segment's header.
     * \param seg the segment (its payload is not part of the header)
     */
    void SetSegment(const GprsWebSegment& seg);

    /**
     * Make this a probe's header.
     * \param tx its transmission number
     */
    void SetProbe(uint32_t tx);

    /// \return a data segment follows
    bool IsData() const;

    /// \return a probe
    bool IsProbe() const;

    /**
     * \param payload the octets after the header
     * \return the segment, if IsData()
     */
    GprsWebSegment GetSegment(Ptr<Packet> payload) const;

    /// \return the transmission number (data and probes)
    uint32_t GetTx() const;

  private:
    uint8_t m_flags{0};          //!< DATA, PROBE, ECHO, TRUNCATED, BURST, RATE
    GprsWebAckInfo m_ack;        //!< the report
    uint32_t m_tx{0};            //!< transmission number
    uint32_t m_seq{0};           //!< sequence number
    uint32_t m_messageId{0};     //!< message id
    uint32_t m_offset{0};        //!< offset in the message
    uint32_t m_messageLength{0}; //!< message octets
};

} // namespace ns3

#endif /* GPRS_WEB_TRANSPORT_HEADER_H */
