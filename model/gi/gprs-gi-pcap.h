/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_GI_PCAP_H
#define GPRS_GI_PCAP_H

#include "gprs-gi-analyzer.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Headers of IPv4/TCP packets from classic pcap files (read with ns-3's PcapFile) for
 * GprsGiAnalyzer.
 */

namespace ns3
{

class PcapFile;

/// pcap link types read (tcpdump.org link-layer header types).
constexpr uint32_t kGprsGiLinkEthernet = 1; //!< LINKTYPE_ETHERNET
constexpr uint32_t kGprsGiLinkPpp = 9;      //!< LINKTYPE_PPP (ns-3's PointToPointNetDevice)
constexpr uint32_t kGprsGiLinkRaw = 101;    //!< LINKTYPE_RAW (ns-3's PcapHelper::DLT_RAW)
constexpr uint32_t kGprsGiLinkIpv4 = 228;   //!< LINKTYPE_IPV4

/// A pcap file that cannot be read: the message names the file and the byte offset.
class GprsGiPcapError : public std::runtime_error
{
  public:
    /// \param message the whole message
    explicit GprsGiPcapError(const std::string& message)
        : std::runtime_error(message)
    {
    }
};

/**
 * \ingroup gprs
 * Decode the IPv4 and TCP headers of one packet.
 * \param data the packet from its IPv4 header on, as captured (possibly cut by the snap length)
 * \param length octets captured
 * \param timeNs capture time
 * \return the headers; nothing when it is not IPv4 or too short for its headers
 */
std::optional<GprsGiPacket> GprsGiDecodeIpv4(const uint8_t* data,
                                             std::size_t length,
                                             int64_t timeNs);

/**
 * \ingroup gprs
 * Reads the IPv4 packets of a classic pcap file (link types Ethernet, PPP, raw IP, IPv4) with
 * ns-3's PcapFile, one at a time.
 */
class GprsGiPcapReader
{
  public:
    /**
     * \param path the file
     * \throw GprsGiPcapError when it cannot be opened, is not a classic pcap file or has a link
     *        type not read
     */
    explicit GprsGiPcapReader(const std::string& path);
    ~GprsGiPcapReader();
    GprsGiPcapReader(const GprsGiPcapReader&) = delete;
    GprsGiPcapReader& operator=(const GprsGiPcapReader&) = delete;

    /**
     * \param packet receives the next IPv4 packet's headers
     * \return false at the end of the file
     * \throw GprsGiPcapError naming the file and the record's offset when a record is
     *        truncated or malformed
     */
    bool Next(GprsGiPacket& packet);

    /// \return the link type
    uint32_t GetLinkType() const;
    /// \return records read
    uint64_t GetRecords() const;
    /// \return records skipped: not IPv4, or too short for their headers
    uint64_t GetSkipped() const;

  private:
    /// \return an error naming the file, the offset and the problem
    GprsGiPcapError Error(uint64_t offset, const std::string& problem) const;

    std::string m_path;               //!< the file
    std::unique_ptr<PcapFile> m_file; //!< ns-3's reader
    uint64_t m_size = 0;              //!< file size
    uint64_t m_offset = 0;            //!< offset of the next record
    uint32_t m_linkType = 0;          //!< link type
    bool m_nanoseconds = false;       //!< time stamps in ns
    uint64_t m_records = 0;           //!< records read
    uint64_t m_skipped = 0;           //!< records skipped
    std::vector<uint8_t> m_buffer;    //!< one record
};

} // namespace ns3

#endif // GPRS_GI_PCAP_H
