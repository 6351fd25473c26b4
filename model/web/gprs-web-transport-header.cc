/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-transport-header.h"

#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(GprsWebTransportHeader);

namespace
{

constexpr uint8_t kFlagData = 0x01;      //!< a data segment follows
constexpr uint8_t kFlagProbe = 0x02;     //!< a probe: report at once
constexpr uint8_t kFlagEcho = 0x04;      //!< echo is valid
constexpr uint8_t kFlagTruncated = 0x08; //!< the NACK list was cut short
constexpr uint8_t kFlagBurst = 0x10;     //!< sent back to back with the transmission before
constexpr uint8_t kFlagRate = 0x20;      //!< a rate sample follows the echo

} // namespace

TypeId
GprsWebTransportHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GprsWebTransportHeader")
                            .SetParent<Header>()
                            .SetGroupName("Gprs")
                            .AddConstructor<GprsWebTransportHeader>();
    return tid;
}

TypeId
GprsWebTransportHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
GprsWebTransportHeader::GetSerializedSize() const
{
    uint32_t size = kAckSize + 2 * m_ack.nacks.size() + (m_flags & kFlagRate ? kRateSize : 0);
    if (m_flags & (kFlagData | kFlagProbe))
    {
        size += 4;
    }
    if (m_flags & kFlagData)
    {
        size += 16;
    }
    return size;
}

void
GprsWebTransportHeader::Serialize(Buffer::Iterator start) const
{
    Buffer::Iterator i = start;
    i.WriteU8(m_flags);
    i.WriteU8(static_cast<uint8_t>(m_ack.nacks.size()));
    i.WriteHtonU32(m_ack.ack);
    i.WriteHtonU32(m_ack.coverEnd);
    i.WriteHtonU32(m_ack.echo);
    if (m_flags & kFlagRate)
    {
        i.WriteHtonU32(m_ack.rate);
    }
    if (m_flags & (kFlagData | kFlagProbe))
    {
        i.WriteHtonU32(m_tx);
    }
    if (m_flags & kFlagData)
    {
        i.WriteHtonU32(m_seq);
        i.WriteHtonU32(m_messageId);
        i.WriteHtonU32(m_offset);
        i.WriteHtonU32(m_messageLength);
    }
    for (uint32_t nack : m_ack.nacks)
    {
        i.WriteHtonU16(static_cast<uint16_t>(nack - m_ack.ack));
    }
}

uint32_t
GprsWebTransportHeader::Deserialize(Buffer::Iterator start)
{
    Buffer::Iterator i = start;
    m_flags = i.ReadU8();
    const uint8_t n = i.ReadU8();
    m_ack = GprsWebAckInfo();
    m_ack.ack = i.ReadNtohU32();
    m_ack.coverEnd = i.ReadNtohU32();
    m_ack.echo = i.ReadNtohU32();
    m_ack.hasEcho = m_flags & kFlagEcho;
    m_ack.truncated = m_flags & kFlagTruncated;
    if (m_flags & kFlagRate)
    {
        m_ack.rate = i.ReadNtohU32();
    }
    if (m_flags & (kFlagData | kFlagProbe))
    {
        m_tx = i.ReadNtohU32();
    }
    if (m_flags & kFlagData)
    {
        m_seq = i.ReadNtohU32();
        m_messageId = i.ReadNtohU32();
        m_offset = i.ReadNtohU32();
        m_messageLength = i.ReadNtohU32();
    }
    for (uint8_t k = 0; k < n; ++k)
    {
        m_ack.nacks.push_back(m_ack.ack + i.ReadNtohU16());
    }
    return GetSerializedSize();
}

void
GprsWebTransportHeader::Print(std::ostream& os) const
{
    os << (IsData() ? "DATA" : IsProbe() ? "PROBE" : "ACK");
    if (m_flags & (kFlagData | kFlagProbe))
    {
        os << " tx=" << m_tx;
    }
    if (IsData())
    {
        os << " seq=" << m_seq << " msg=" << m_messageId << " off=" << m_offset << "/"
           << m_messageLength;
    }
    os << " ack=" << m_ack.ack << " cover=" << m_ack.coverEnd;
    if (m_ack.hasEcho)
    {
        os << " echo=" << m_ack.echo;
    }
    if (!m_ack.nacks.empty())
    {
        os << " nacks=";
        for (uint32_t nack : m_ack.nacks)
        {
            os << nack << (nack == m_ack.nacks.back() ? "" : ",");
        }
    }
    if (m_ack.truncated)
    {
        os << " truncated";
    }
    if (m_ack.rate > 0)
    {
        os << " rate=" << m_ack.rate;
    }
}

void
GprsWebTransportHeader::SetAckInfo(const GprsWebAckInfo& info)
{
    if (info.nacks.size() > kMaxNacks)
    {
        std::ostringstream os;
        os << "GPRSWeb header with " << info.nacks.size() << " NACKs: at most " << kMaxNacks;
        throw std::invalid_argument(os.str());
    }
    for (uint32_t nack : info.nacks)
    {
        if (nack - info.ack > 0xFFFF)
        {
            std::ostringstream os;
            os << "GPRSWeb NACK " << nack << " is " << nack - info.ack << " after ack " << info.ack
               << ": at most 65535";
            throw std::invalid_argument(os.str());
        }
    }
    m_ack = info;
    m_flags &= ~(kFlagEcho | kFlagTruncated | kFlagRate);
    m_flags |= (info.hasEcho ? kFlagEcho : 0) | (info.truncated ? kFlagTruncated : 0) |
               (info.rate > 0 ? kFlagRate : 0);
}

GprsWebAckInfo
GprsWebTransportHeader::GetAckInfo() const
{
    return m_ack;
}

void
GprsWebTransportHeader::SetSegment(const GprsWebSegment& seg)
{
    m_flags = (m_flags & ~(kFlagProbe | kFlagBurst)) | kFlagData | (seg.burst ? kFlagBurst : 0);
    m_tx = seg.tx;
    m_seq = seg.seq;
    m_messageId = seg.messageId;
    m_offset = seg.offset;
    m_messageLength = seg.messageLength;
}

void
GprsWebTransportHeader::SetProbe(uint32_t tx)
{
    m_flags = (m_flags & ~(kFlagData | kFlagBurst)) | kFlagProbe;
    m_tx = tx;
}

bool
GprsWebTransportHeader::IsData() const
{
    return m_flags & kFlagData;
}

bool
GprsWebTransportHeader::IsProbe() const
{
    return m_flags & kFlagProbe;
}

GprsWebSegment
GprsWebTransportHeader::GetSegment(Ptr<Packet> payload) const
{
    GprsWebSegment seg;
    seg.seq = m_seq;
    seg.tx = m_tx;
    seg.messageId = m_messageId;
    seg.offset = m_offset;
    seg.messageLength = m_messageLength;
    seg.payload = payload;
    seg.burst = m_flags & kFlagBurst;
    return seg;
}

uint32_t
GprsWebTransportHeader::GetTx() const
{
    return m_tx;
}

} // namespace ns3
