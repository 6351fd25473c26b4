/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GPRSWeb's proxy protocol without sockets: message octets and round trips, malformed
// messages, content identity, zlib on real octets, the server proxy's choice of answer and
// the client's content-hash cache.

#include "ns3/gprs-web-proxy-protocol.h"
#include "ns3/gprs-web-scheduler.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>

using namespace ns3;

namespace
{

/// \param m a message \return it serialized with its body and read back
GprsWebMessage
RoundTrip(const GprsWebMessage& m)
{
    std::vector<uint8_t> octets = SerializeGprsWebMessage(m);
    EXPECT_EQ(octets.size(), m.GetHeaderSize());
    const bool body = m.type == GprsWebMessageType::OBJECT || m.type == GprsWebMessageType::PUSH;
    octets.resize(octets.size() + (body ? m.bodyBytes : 0));
    EXPECT_EQ(octets.size(), m.GetSize());
    return DeserializeGprsWebMessage(octets.data(), octets.size());
}

} // namespace

TEST(GprsWebProxyMessage, RequestCarriesUrlAndHeldHash)
{
    GprsWebMessage m;
    m.type = GprsWebMessageType::REQUEST;
    m.id = 7;
    m.object = 3;
    m.hash = 0x0123456789abcdefULL;
    m.url = "/2048/3";
    // type 1 + id 4 + object 4 + hash 8 + URL length 2 + URL 7
    EXPECT_EQ(m.GetSize(), 26u);
    const GprsWebMessage r = RoundTrip(m);
    EXPECT_EQ(r.type, GprsWebMessageType::REQUEST);
    EXPECT_EQ(r.id, 7u);
    EXPECT_EQ(r.object, 3u);
    EXPECT_EQ(r.hash, m.hash);
    EXPECT_EQ(r.url, "/2048/3");
    const std::vector<uint8_t> octets = SerializeGprsWebMessage(m);
    EXPECT_EQ(octets[0], 1);    // type
    EXPECT_EQ(octets[4], 7);    // id, big-endian
    EXPECT_EQ(octets[9], 0x01); // hash's first octet
    EXPECT_EQ(octets[18], 7);   // URL length's low octet
    EXPECT_EQ(std::string(octets.end() - 7, octets.end()), "/2048/3");
}

TEST(GprsWebProxyMessage, ObjectAndPushCountTheirBody)
{
    for (const auto type : {GprsWebMessageType::OBJECT, GprsWebMessageType::PUSH})
    {
        GprsWebMessage m;
        m.type = type;
        m.id = type == GprsWebMessageType::PUSH ? 0 : 9;
        m.object = 0;
        m.hash = 42;
        m.size = 17408;
        m.encoding = GprsWebEncoding::DELTA;
        m.baseHash = 41;
        m.bodyBytes = 1741;
        EXPECT_EQ(m.GetHeaderSize(), 34u);
        EXPECT_EQ(m.GetSize(), 34u + 1741u);
        const GprsWebMessage r = RoundTrip(m);
        EXPECT_EQ(r.type, type);
        EXPECT_EQ(r.encoding, GprsWebEncoding::DELTA);
        EXPECT_EQ(r.baseHash, 41u);
        EXPECT_EQ(r.size, 17408u);
        EXPECT_EQ(r.bodyBytes, 1741u);
    }
}

TEST(GprsWebProxyMessage, HashOfferAndWant)
{
    GprsWebMessage hash;
    hash.type = GprsWebMessageType::HASH;
    hash.id = 2;
    hash.object = 5;
    hash.hash = 99;
    hash.size = 3000;
    EXPECT_EQ(hash.GetSize(), 21u);
    EXPECT_EQ(RoundTrip(hash).size, 3000u);

    GprsWebMessage offer;
    offer.type = GprsWebMessageType::OFFER;
    offer.offers = {{1, 11, 200}, {2, 12, 5120}};
    EXPECT_EQ(offer.GetSize(), 5u + 2u + 2u * 16u);
    EXPECT_EQ(RoundTrip(offer).offers, offer.offers);

    GprsWebMessage want;
    want.type = GprsWebMessageType::WANT;
    want.wanted = {2, 5, 8};
    EXPECT_EQ(want.GetSize(), 5u + 2u + 12u);
    EXPECT_EQ(RoundTrip(want).wanted, want.wanted);
}

TEST(GprsWebProxyMessage, MalformedIsRejected)
{
    const uint8_t unknown[] = {7, 0, 0, 0, 1};
    EXPECT_THROW(DeserializeGprsWebMessage(unknown, sizeof(unknown)), std::invalid_argument);
    GprsWebMessage m;
    m.type = GprsWebMessageType::OBJECT;
    m.bodyBytes = 10;
    std::vector<uint8_t> octets = SerializeGprsWebMessage(m);
    // Body missing, then one octet too many.
    EXPECT_THROW(DeserializeGprsWebMessage(octets.data(), octets.size()), std::invalid_argument);
    octets.resize(octets.size() + 11);
    EXPECT_THROW(DeserializeGprsWebMessage(octets.data(), octets.size()), std::invalid_argument);
    // A truncated header.
    GprsWebMessage want;
    want.type = GprsWebMessageType::WANT;
    want.wanted = {1, 2};
    std::vector<uint8_t> w = SerializeGprsWebMessage(want);
    EXPECT_THROW(DeserializeGprsWebMessage(w.data(), w.size() - 1), std::invalid_argument);
    w.push_back(0);
    EXPECT_THROW(DeserializeGprsWebMessage(w.data(), w.size()), std::invalid_argument);
    GprsWebMessage longUrl;
    longUrl.url = std::string(65536, 'a');
    EXPECT_THROW(SerializeGprsWebMessage(longUrl), std::invalid_argument);
}

TEST(GprsWebProxyIdentity, VersionPageAndObjectChangeTheHash)
{
    const uint64_t h = GprsWebContentHash("static-i", 0, 0);
    EXPECT_NE(h, 0u);
    EXPECT_EQ(h, GprsWebContentHash("static-i", 0, 0));
    EXPECT_NE(h, GprsWebContentHash("static-i", 0, 1));
    EXPECT_NE(h, GprsWebContentHash("static-i", 1, 0));
    EXPECT_NE(h, GprsWebContentHash("static-ii", 0, 0));
}

TEST(GprsWebProxyIdentity, RequestLineNamesTheObject)
{
    const std::string request = MakeGprsHttpRequest(2048, 433, 3);
    EXPECT_EQ(request.size(), 433u);
    EXPECT_EQ(request.rfind("GET /2048/3 HTTP/1.1\r\n", 0), 0u);
    EXPECT_EQ(ReadGprsHttpSize(request), 2048);
    EXPECT_EQ(ReadGprsHttpObject(request), 3);
    EXPECT_EQ(ReadGprsHttpUrl(request), "/2048/3");
    EXPECT_EQ(ReadGprsHttpObject(MakeGprsHttpRequest(2048, 433)), -1);
    EXPECT_EQ(ReadGprsHttpObject("GET /10/x HTTP/1.1\r\n\r\n"), -1);
}

TEST(GprsWebProxyCompression, ZlibOnRealOctets)
{
    std::string html;
    for (int i = 0; html.size() < 17408; ++i)
    {
        html += "<tr><td><a href=\"/news/item" + std::to_string(i) +
                ".html\">Item</a></td><td><img src=\"/img/" + std::to_string(i % 7) +
                ".gif\" width=\"16\"></td></tr>\n";
    }
    const uint32_t packed =
        GprsZlibCompressedSize(reinterpret_cast<const uint8_t*>(html.data()), html.size());
    EXPECT_LT(packed, html.size() / 3); // markup repeats: well below a third
    // Random octets, like a JPEG's entropy-coded data, do not shrink.
    std::mt19937 rng(1);
    std::vector<uint8_t> noise(4096);
    for (auto& b : noise)
    {
        b = static_cast<uint8_t>(rng());
    }
    EXPECT_GE(GprsZlibCompressedSize(noise.data(), noise.size()), noise.size());
    EXPECT_EQ(GprsWebScaledSize(17408, 0.3), 5223u);
    EXPECT_EQ(GprsWebScaledSize(10, 0.0001), 1u);
    EXPECT_EQ(GprsWebScaledSize(100, 1.0), 100u);
}

TEST(GprsWebProxyAnswer, EachFeatureInItsOrder)
{
    const GprsWebFeatures all;
    // Client holds the content: a hash, the whole object saved.
    GprsWebAnswer a = DecideGprsWebAnswer(all, 5000, false, true, false, 4900, 0);
    EXPECT_TRUE(a.hashOnly);
    EXPECT_EQ(a.savedCaching, 5000u);
    EXPECT_EQ(a.bodyBytes, 0u);
    // Caching off: the object is sent (compressed).
    GprsWebFeatures noCaching = all;
    noCaching.caching = false;
    a = DecideGprsWebAnswer(noCaching, 5000, false, true, false, 4900, 0);
    EXPECT_FALSE(a.hashOnly);
    EXPECT_EQ(a.encoding, GprsWebEncoding::GZIP);
    EXPECT_EQ(a.savedCompression, 100u);
    // A changed HTML with a base on both sides: a delta, preferred to compression.
    a = DecideGprsWebAnswer(all, 40960, true, false, true, 12288, 4096);
    EXPECT_EQ(a.encoding, GprsWebEncoding::DELTA);
    EXPECT_EQ(a.bodyBytes, 4096u);
    EXPECT_EQ(a.savedDelta, 36864u);
    EXPECT_EQ(a.savedCompression, 0u);
    // Delta off, or an image, or no base: compression.
    GprsWebFeatures noDelta = all;
    noDelta.delta = false;
    EXPECT_EQ(DecideGprsWebAnswer(noDelta, 40960, true, false, true, 12288, 4096).encoding,
              GprsWebEncoding::GZIP);
    EXPECT_EQ(DecideGprsWebAnswer(all, 40960, false, false, true, 12288, 4096).encoding,
              GprsWebEncoding::GZIP);
    EXPECT_EQ(DecideGprsWebAnswer(all, 40960, true, false, false, 12288, 4096).encoding,
              GprsWebEncoding::GZIP);
    // Compression off, or no gain: the object as it is.
    GprsWebFeatures none{false, false, false, false};
    a = DecideGprsWebAnswer(none, 40960, true, true, true, 12288, 4096);
    EXPECT_EQ(a.encoding, GprsWebEncoding::IDENTITY);
    EXPECT_EQ(a.bodyBytes, 40960u);
    EXPECT_EQ(DecideGprsWebAnswer(all, 3000, false, false, false, 3000, 0).encoding,
              GprsWebEncoding::IDENTITY);
}

TEST(GprsWebProxyCache, KeepsCopiesByHashAndLatestByUrl)
{
    GprsWebContentCache cache;
    EXPECT_EQ(cache.HashFor("/17408/0"), 0u);
    cache.Put("/17408/0", 10, 17408);
    cache.Put("/17408/0", 11, 17408); // a newer version of the same URL
    cache.Put("/200/1", 20, 200);
    cache.Put("/200/2", 20, 200); // the same content under another URL: one copy
    EXPECT_EQ(cache.GetCopies(), 3u);
    EXPECT_EQ(cache.HashFor("/17408/0"), 11u);
    EXPECT_TRUE(cache.Has(10));
    EXPECT_TRUE(cache.Has(20));
    EXPECT_FALSE(cache.Has(21));
    EXPECT_EQ(cache.SizeOf(20), 200u);
    EXPECT_THROW(cache.Put("/x", 0, 1), std::invalid_argument);
    cache.Clear();
    EXPECT_EQ(cache.GetCopies(), 0u);
    EXPECT_FALSE(cache.Has(20));
}

TEST(GprsHttpResponseReader, SplitsResponsesAtTheirEnds)
{
    const std::string first = MakeGprsHttpResponseHeader(5, 100) + std::string(5, '\0');
    const std::string second = MakeGprsHttpResponseHeader(0, 64);
    const std::string both = first + second;
    GprsHttpResponseReader r;
    // Octets in pieces of 7: the first response ends inside a piece.
    std::size_t at = 0;
    uint32_t completed = 0;
    std::vector<uint32_t> sizes;
    while (at < both.size())
    {
        const auto piece = static_cast<uint32_t>(std::min<std::size_t>(7, both.size() - at));
        const uint32_t used = r.Read(reinterpret_cast<const uint8_t*>(both.data()) + at, piece);
        EXPECT_GT(used, 0u);
        at += used;
        if (r.IsComplete())
        {
            sizes.push_back(r.GetHeaderBytes() + r.GetBodyRead());
            ++completed;
            r.Next();
        }
    }
    EXPECT_EQ(completed, 2u);
    EXPECT_EQ(sizes, (std::vector<uint32_t>{105, 64}));
    GprsHttpResponseReader bad;
    const std::string noLength = "HTTP/1.1 200 OK\r\n\r\n";
    EXPECT_THROW(bad.Read(reinterpret_cast<const uint8_t*>(noLength.data()),
                          static_cast<uint32_t>(noLength.size())),
                 std::runtime_error);
}
