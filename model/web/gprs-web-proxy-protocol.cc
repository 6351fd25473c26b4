/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-proxy-protocol.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <zlib.h>

namespace ns3
{

namespace
{

/// Octets before the type-specific fields: type and request id.
constexpr uint32_t kCommonBytes = 1 + 4;
/// Octets of an object's identity (object index, content hash, size): an OFFER item, a HASH
/// answer, the start of an OBJECT or PUSH header.
constexpr uint32_t kIdentityBytes = 4 + 8 + 4;
/// Octets of an OBJECT or PUSH header after the common part: identity, encoding, base, body.
constexpr uint32_t kObjectBytes = kIdentityBytes + 1 + 8 + 4;

/// Appends big-endian fields to a buffer.
class Writer
{
  public:
    /// \param value the field \param octets its width
    void Put(uint64_t value, int octets)
    {
        for (int i = octets - 1; i >= 0; --i)
        {
            m_out.push_back(static_cast<uint8_t>(value >> (8 * i)));
        }
    }

    /// \return the octets written
    std::vector<uint8_t>& Get()
    {
        return m_out;
    }

  private:
    std::vector<uint8_t> m_out; //!< the octets
};

/// Reads big-endian fields, throwing when the message is too short.
class Reader
{
  public:
    /// \param data the octets \param size their count
    Reader(const uint8_t* data, std::size_t size)
        : m_data(data),
          m_size(size)
    {
    }

    /// \param octets the field's width \return its value
    uint64_t Get(int octets)
    {
        Need(octets);
        uint64_t value = 0;
        for (int i = 0; i < octets; ++i)
        {
            value = (value << 8) | m_data[m_at++];
        }
        return value;
    }

    /// \param octets a count \return that many octets as text
    std::string Text(std::size_t octets)
    {
        Need(octets);
        std::string text(reinterpret_cast<const char*>(m_data + m_at), octets);
        m_at += octets;
        return text;
    }

    /// \return octets not read yet
    std::size_t Left() const
    {
        return m_size - m_at;
    }

  private:
    /// \param octets octets about to be read
    void Need(std::size_t octets) const
    {
        if (m_size - m_at < octets)
        {
            throw std::invalid_argument("GPRSWeb message truncated: " + std::to_string(m_size) +
                                        " octets");
        }
    }

    const uint8_t* m_data; //!< the octets
    std::size_t m_size;    //!< their count
    std::size_t m_at{0};   //!< octets read
};

/// \param n a count \param what its name \return n, if it fits 2 octets
uint64_t
Count16(std::size_t n, const char* what)
{
    if (n > 65535)
    {
        throw std::invalid_argument(std::string("GPRSWeb message: ") + what + " " +
                                    std::to_string(n) + " above 65535");
    }
    return n;
}

/// \param w the buffer \param object, hash, size an object's identity
void
PutIdentity(Writer& w, uint32_t object, uint64_t hash, uint32_t size)
{
    w.Put(object, 4);
    w.Put(hash, 8);
    w.Put(size, 4);
}

/// \param r the buffer \param[out] object, hash, size an object's identity, read from it
void
GetIdentity(Reader& r, uint32_t& object, uint64_t& hash, uint32_t& size)
{
    object = static_cast<uint32_t>(r.Get(4));
    hash = r.Get(8);
    size = static_cast<uint32_t>(r.Get(4));
}

} // namespace

uint32_t
GprsWebMessage::GetHeaderSize() const
{
    switch (type)
    {
    case GprsWebMessageType::REQUEST:
        return kCommonBytes + 4 + 8 + 2 + static_cast<uint32_t>(url.size());
    case GprsWebMessageType::OBJECT:
    case GprsWebMessageType::PUSH:
        return kCommonBytes + kObjectBytes;
    case GprsWebMessageType::HASH:
        return kCommonBytes + kIdentityBytes;
    case GprsWebMessageType::OFFER:
        return kCommonBytes + 2 + kIdentityBytes * static_cast<uint32_t>(offers.size());
    case GprsWebMessageType::WANT:
        return kCommonBytes + 2 + 4 * static_cast<uint32_t>(wanted.size());
    }
    return kCommonBytes;
}

uint32_t
GprsWebMessage::GetSize() const
{
    const bool body = type == GprsWebMessageType::OBJECT || type == GprsWebMessageType::PUSH;
    return GetHeaderSize() + (body ? bodyBytes : 0);
}

std::vector<uint8_t>
SerializeGprsWebMessage(const GprsWebMessage& m)
{
    Writer w;
    w.Put(static_cast<uint8_t>(m.type), 1);
    w.Put(m.id, 4);
    switch (m.type)
    {
    case GprsWebMessageType::REQUEST:
        w.Put(m.object, 4);
        w.Put(m.hash, 8);
        w.Put(Count16(m.url.size(), "URL length"), 2);
        w.Get().insert(w.Get().end(), m.url.begin(), m.url.end());
        break;
    case GprsWebMessageType::OBJECT:
    case GprsWebMessageType::PUSH:
        PutIdentity(w, m.object, m.hash, m.size);
        w.Put(static_cast<uint8_t>(m.encoding), 1);
        w.Put(m.baseHash, 8);
        w.Put(m.bodyBytes, 4);
        break;
    case GprsWebMessageType::HASH:
        PutIdentity(w, m.object, m.hash, m.size);
        break;
    case GprsWebMessageType::OFFER:
        w.Put(Count16(m.offers.size(), "offers"), 2);
        for (const auto& o : m.offers)
        {
            PutIdentity(w, o.object, o.hash, o.size);
        }
        break;
    case GprsWebMessageType::WANT:
        w.Put(Count16(m.wanted.size(), "wanted objects"), 2);
        for (const uint32_t o : m.wanted)
        {
            w.Put(o, 4);
        }
        break;
    }
    return w.Get();
}

GprsWebMessage
DeserializeGprsWebMessage(const uint8_t* data, std::size_t size)
{
    Reader r(data, size);
    GprsWebMessage m;
    const auto type = r.Get(1);
    if (type < 1 || type > 6)
    {
        throw std::invalid_argument("GPRSWeb message of unknown type " + std::to_string(type) +
                                    " (allowed: 1..6)");
    }
    m.type = static_cast<GprsWebMessageType>(type);
    m.id = static_cast<uint32_t>(r.Get(4));
    switch (m.type)
    {
    case GprsWebMessageType::REQUEST:
        m.object = static_cast<uint32_t>(r.Get(4));
        m.hash = r.Get(8);
        m.url = r.Text(r.Get(2));
        break;
    case GprsWebMessageType::OBJECT:
    case GprsWebMessageType::PUSH: {
        GetIdentity(r, m.object, m.hash, m.size);
        const auto encoding = r.Get(1);
        if (encoding > 2)
        {
            throw std::invalid_argument("GPRSWeb message of unknown encoding " +
                                        std::to_string(encoding) + " (allowed: 0..2)");
        }
        m.encoding = static_cast<GprsWebEncoding>(encoding);
        m.baseHash = r.Get(8);
        m.bodyBytes = static_cast<uint32_t>(r.Get(4));
        if (r.Left() != m.bodyBytes)
        {
            throw std::invalid_argument("GPRSWeb object message with " + std::to_string(r.Left()) +
                                        " body octets, its header says " +
                                        std::to_string(m.bodyBytes));
        }
        return m;
    }
    case GprsWebMessageType::HASH:
        GetIdentity(r, m.object, m.hash, m.size);
        break;
    case GprsWebMessageType::OFFER:
        for (auto n = r.Get(2); n > 0; --n)
        {
            GprsWebOfferItem o;
            GetIdentity(r, o.object, o.hash, o.size);
            m.offers.push_back(o);
        }
        break;
    case GprsWebMessageType::WANT:
        for (auto n = r.Get(2); n > 0; --n)
        {
            m.wanted.push_back(static_cast<uint32_t>(r.Get(4)));
        }
        break;
    }
    if (r.Left() != 0)
    {
        throw std::invalid_argument("GPRSWeb message with " + std::to_string(r.Left()) +
                                    " octets after its end");
    }
    return m;
}

uint64_t
GprsWebContentHash(const std::string& page, uint32_t object, uint32_t version)
{
    // FNV-1a 64 (Fowler, Noll, Vo): offset basis and prime of the 64-bit variant.
    uint64_t hash = 14695981039346656037ULL;
    const std::string text = page + "\n" + std::to_string(object) + "\n" + std::to_string(version);
    for (const char c : text)
    {
        hash ^= static_cast<uint8_t>(c);
        hash *= 1099511628211ULL;
    }
    return hash == 0 ? 1 : hash;
}

uint32_t
GprsZlibCompressedSize(const uint8_t* data, std::size_t size)
{
    uLongf out = compressBound(static_cast<uLong>(size));
    std::vector<Bytef> buffer(out);
    if (compress2(buffer.data(), &out, data, static_cast<uLong>(size), 6) != Z_OK)
    {
        throw std::runtime_error("zlib compress2 failed on " + std::to_string(size) + " octets");
    }
    return static_cast<uint32_t>(out);
}

uint32_t
GprsWebScaledSize(uint32_t size, double ratio)
{
    const double scaled = std::ceil(static_cast<double>(size) * ratio);
    return scaled < 1 ? 1 : static_cast<uint32_t>(std::min<double>(scaled, size));
}

GprsWebAnswer
DecideGprsWebAnswer(const GprsWebFeatures& features,
                    uint32_t size,
                    bool isHtml,
                    bool clientHasCurrent,
                    bool deltaBase,
                    uint32_t compressedBytes,
                    uint32_t deltaBytes)
{
    GprsWebAnswer a;
    if (features.caching && clientHasCurrent)
    {
        a.hashOnly = true;
        a.savedCaching = size;
        return a;
    }
    a.bodyBytes = size;
    if (features.delta && isHtml && deltaBase && deltaBytes < size)
    {
        a.encoding = GprsWebEncoding::DELTA;
        a.bodyBytes = deltaBytes;
        a.savedDelta = size - deltaBytes;
    }
    else if (features.compression && compressedBytes < size)
    {
        a.encoding = GprsWebEncoding::GZIP;
        a.bodyBytes = compressedBytes;
        a.savedCompression = size - compressedBytes;
    }
    return a;
}

void
GprsWebContentCache::Put(const std::string& url, uint64_t hash, uint32_t size)
{
    if (hash == 0)
    {
        throw std::invalid_argument("GprsWebContentCache: content hash 0 is reserved");
    }
    m_copies[hash] = size;
    m_latest[url] = hash;
}

bool
GprsWebContentCache::Has(uint64_t hash) const
{
    return m_copies.count(hash) > 0;
}

uint32_t
GprsWebContentCache::SizeOf(uint64_t hash) const
{
    return m_copies.at(hash);
}

uint64_t
GprsWebContentCache::HashFor(const std::string& url) const
{
    const auto it = m_latest.find(url);
    return it == m_latest.end() ? 0 : it->second;
}

std::size_t
GprsWebContentCache::GetCopies() const
{
    return m_copies.size();
}

void
GprsWebContentCache::Clear()
{
    m_copies.clear();
    m_latest.clear();
}

} // namespace ns3
