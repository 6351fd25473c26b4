/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-gi-pcap.h"

#include "ns3/gprs-text-input.h"
#include "ns3/pcap-file.h"

#include <array>
#include <fstream>
#include <system_error>

namespace ns3
{

namespace
{

/// Classic pcap file header octets (magic, versions, zone, sigfigs, snaplen, link type).
constexpr uint64_t kFileHeaderOctets = 24;
/// Record header octets (seconds, fraction, captured and original lengths).
constexpr uint64_t kRecordHeaderOctets = 16;
/// Largest captured length read: libpcap's MAXIMUM_SNAPLEN (pcap-int.h), 256 KiB.
constexpr uint32_t kMaxCapturedOctets = 262144;

/// \return the big-endian 16-bit value at p
uint16_t
Be16(const uint8_t* p)
{
    return static_cast<uint16_t>((p[0] << 8) | p[1]);
}

/// \return the big-endian 32-bit value at p
uint32_t
Be32(const uint8_t* p)
{
    return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
}

/// Read the TCP options of [p, end) (RFC 9293 clause 3.2) into o; stops at a malformed one.
void
DecodeOptions(const uint8_t* p, const uint8_t* end, GprsGiTcpOptions& o)
{
    while (p < end)
    {
        const uint8_t kind = p[0];
        if (kind == 0) // End of Option List
        {
            return;
        }
        if (kind == 1) // No-Operation
        {
            ++p;
            continue;
        }
        if (end - p < 2 || p[1] < 2 || p[1] > end - p)
        {
            return;
        }
        const uint8_t length = p[1];
        if (kind == 2 && length == 4)
        {
            o.mss = Be16(p + 2);
        }
        else if (kind == 3 && length == 3)
        {
            o.windowScale = p[2];
        }
        else if (kind == 4 && length == 2)
        {
            o.sackPermitted = true;
        }
        else if (kind == 8 && length == 10)
        {
            o.timestamps = true;
        }
        p += length;
    }
}

} // namespace

std::optional<GprsGiPacket>
GprsGiDecodeIpv4(const uint8_t* data, std::size_t length, int64_t timeNs)
{
    if (length < 20 || (data[0] >> 4) != 4)
    {
        return std::nullopt;
    }
    const std::size_t ipHeader = (data[0] & 0x0f) * 4u;
    GprsGiPacket p;
    p.timeNs = timeNs;
    p.ipLength = Be16(data + 2);
    p.protocol = data[9];
    p.source = Be32(data + 12);
    p.destination = Be32(data + 16);
    if (ipHeader < 20 || p.ipLength < ipHeader)
    {
        return std::nullopt;
    }
    const bool laterFragment = (Be16(data + 6) & 0x1fff) != 0;
    if (p.protocol != kGprsGiProtocolTcp || laterFragment)
    {
        if (laterFragment)
        {
            p.protocol = 0; // no TCP header in it: counted as other IP traffic
        }
        return p;
    }
    if (length < ipHeader + 20)
    {
        return std::nullopt;
    }
    const uint8_t* tcp = data + ipHeader;
    p.sourcePort = Be16(tcp);
    p.destinationPort = Be16(tcp + 2);
    p.seq = Be32(tcp + 4);
    p.ack = Be32(tcp + 8);
    const std::size_t tcpHeader = (tcp[12] >> 4) * 4u;
    p.flags = tcp[13];
    p.window = Be16(tcp + 14);
    if (tcpHeader < 20 || p.ipLength < ipHeader + tcpHeader)
    {
        return std::nullopt;
    }
    p.payload = p.ipLength - ipHeader - tcpHeader;
    // Options as far as captured.
    const std::size_t optionsEnd = std::min(length, ipHeader + tcpHeader);
    DecodeOptions(tcp + 20, data + std::max(optionsEnd, ipHeader + 20), p.options);
    return p;
}

GprsGiPcapReader::GprsGiPcapReader(const std::string& path)
    : m_path(path),
      m_file(std::make_unique<PcapFile>()),
      m_buffer(kMaxCapturedOctets)
{
    // The file header is checked here first, so that each problem is named with its offset.
    try
    {
        CheckGprsInputFile(path);
    }
    catch (const std::runtime_error& e)
    {
        throw GprsGiPcapError(e.what());
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
    {
        throw GprsGiPcapError(EscapeGprsInput(path) + ": cannot open: " +
                              std::error_code(errno, std::generic_category()).message());
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0)
    {
        throw GprsGiPcapError(EscapeGprsInput(path) + ": cannot tell its size (allowed: a file "
                                                      "that can be read from any offset)");
    }
    m_size = static_cast<uint64_t>(size);
    in.seekg(0);
    std::array<uint8_t, kFileHeaderOctets> header{};
    if (m_size < kFileHeaderOctets ||
        !in.read(reinterpret_cast<char*>(header.data()), header.size()))
    {
        throw Error(m_size, "file header truncated (24 octets needed)");
    }
    const uint32_t magic = (uint32_t{header[0]} << 24) | (uint32_t{header[1]} << 16) |
                           (uint32_t{header[2]} << 8) | header[3];
    const bool swapped = magic == 0xd4c3b2a1 || magic == 0x4d3cb2a1;
    if (magic != 0xa1b2c3d4 && magic != 0xa1b23c4d && !swapped)
    {
        throw Error(0,
                    "not a classic pcap file (magic number 0xa1b2c3d4 or 0xa1b23c4d in either "
                    "byte order needed; pcapng is not read)");
    }
    const auto field32 = [&header, swapped](std::size_t at) {
        const uint8_t* b = header.data() + at;
        return swapped ? (uint32_t{b[0]} | (uint32_t{b[1]} << 8) | (uint32_t{b[2]} << 16) |
                          (uint32_t{b[3]} << 24))
                       : Be32(b);
    };
    const uint32_t version = field32(4);
    if ((swapped ? ((version & 0xffff) != 2) : ((version >> 16) != 2)))
    {
        throw Error(4, "pcap major version is not 2");
    }
    m_linkType = field32(20) & 0x0fffffff; // the top bits may carry the FCS length
    if (m_linkType != kGprsGiLinkEthernet && m_linkType != kGprsGiLinkPpp &&
        m_linkType != kGprsGiLinkRaw && m_linkType != kGprsGiLinkIpv4)
    {
        throw Error(20,
                    "link type " + std::to_string(m_linkType) +
                        " is not read (allowed: 1 Ethernet, 9 PPP, 101 raw IP, 228 IPv4)");
    }
    m_file->Open(path, std::ios::in);
    if (m_file->Fail())
    {
        throw Error(0, "ns-3's PcapFile cannot read the file header");
    }
    m_nanoseconds = m_file->IsNanoSecMode();
    m_offset = kFileHeaderOctets;
}

GprsGiPcapReader::~GprsGiPcapReader() = default;

GprsGiPcapError
GprsGiPcapReader::Error(uint64_t offset, const std::string& problem) const
{
    return GprsGiPcapError(EscapeGprsInput(m_path) + ": byte offset " + std::to_string(offset) +
                           ": " + problem);
}

bool
GprsGiPcapReader::Next(GprsGiPacket& packet)
{
    while (true)
    {
        if (m_offset == m_size)
        {
            return false;
        }
        if (m_size - m_offset < kRecordHeaderOctets)
        {
            throw Error(m_offset,
                        "record header truncated (" + std::to_string(m_size - m_offset) +
                            " of 16 octets)");
        }
        uint32_t seconds = 0;
        uint32_t fraction = 0;
        uint32_t captured = 0;
        uint32_t original = 0;
        uint32_t read = 0;
        // PcapFile reads at most m_buffer.size() octets and skips the rest of a longer record.
        m_file->Read(m_buffer.data(), m_buffer.size(), seconds, fraction, captured, original, read);
        const uint64_t recordOffset = m_offset;
        if (captured > kMaxCapturedOctets)
        {
            throw Error(recordOffset,
                        "captured length " + std::to_string(captured) +
                            " is over the largest allowed, " + std::to_string(kMaxCapturedOctets));
        }
        if (m_size - m_offset - kRecordHeaderOctets < captured)
        {
            throw Error(recordOffset,
                        "record truncated (captured length " + std::to_string(captured) + ", " +
                            std::to_string(m_size - m_offset - kRecordHeaderOctets) +
                            " octets left)");
        }
        if (m_file->Fail())
        {
            throw Error(recordOffset, "record unreadable by ns-3's PcapFile");
        }
        m_offset += kRecordHeaderOctets + captured;
        ++m_records;
        const int64_t timeNs =
            int64_t{seconds} * 1'000'000'000 + int64_t{fraction} * (m_nanoseconds ? 1 : 1000);
        const uint8_t* data = m_buffer.data();
        std::size_t length = read;
        bool ipv4 = true;
        switch (m_linkType)
        {
        case kGprsGiLinkEthernet: {
            std::size_t header = 14;
            uint16_t type = length >= 14 ? Be16(data + 12) : 0;
            if (type == 0x8100 && length >= 18) // one IEEE 802.1Q tag
            {
                type = Be16(data + 16);
                header = 18;
            }
            ipv4 = type == 0x0800;
            data += std::min(header, length);
            length -= std::min(header, length);
            break;
        }
        case kGprsGiLinkPpp: {
            // ns-3 writes the 2-octet protocol field only (RFC 1661); others add FF 03 first.
            std::size_t header = length >= 2 && data[0] == 0xff && data[1] == 0x03 ? 2 : 0;
            ipv4 = length >= header + 2 && Be16(data + header) == 0x0021;
            header += 2;
            data += std::min(header, length);
            length -= std::min(header, length);
            break;
        }
        default:
            break;
        }
        const auto decoded = ipv4 ? GprsGiDecodeIpv4(data, length, timeNs) : std::nullopt;
        if (!decoded)
        {
            ++m_skipped;
            continue;
        }
        packet = *decoded;
        return true;
    }
}

uint32_t
GprsGiPcapReader::GetLinkType() const
{
    return m_linkType;
}

uint64_t
GprsGiPcapReader::GetRecords() const
{
    return m_records;
}

uint64_t
GprsGiPcapReader::GetSkipped() const
{
    return m_skipped;
}

} // namespace ns3
