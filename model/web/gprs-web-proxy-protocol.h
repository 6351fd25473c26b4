/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_PROXY_PROTOCOL_H
#define GPRS_WEB_PROXY_PROTOCOL_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * GPRSWeb's proxy protocol (Chakravorty, Clark & Pratt, JSAC 2005) between the client proxy on
 * the mobile and the server proxy at the GGSN side, without sockets or simulator: the messages
 * and their octets, object identity, the client's content-hash cache and the server proxy's
 * choice of what to send (hash, delta, compressed or whole object).
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Kind of a GPRSWeb proxy message (the first octet of every message).
 */
enum class GprsWebMessageType : uint8_t
{
    REQUEST = 1, //!< client -> server: the browser asked for an object
    OBJECT = 2,  //!< server -> client: an object (whole, compressed or a delta) for a request
    HASH = 3,    //!< server -> client: the object is unchanged, serve the copy with this hash
    OFFER = 4,   //!< server -> client: the hashes of a page's embedded objects, before pushing
    WANT = 5,    //!< client -> server: the offered objects the client lacks
    PUSH = 6,    //!< server -> client: an object nobody asked for yet (parse-and-push)
};

/**
 * \ingroup gprs
 * How an OBJECT or PUSH body is encoded.
 */
enum class GprsWebEncoding : uint8_t
{
    IDENTITY = 0, //!< the object's octets
    GZIP = 1,     //!< compressed (zlib deflate)
    DELTA = 2,    //!< a delta against the version with baseHash the client holds
};

/// One object of an OFFER: what the server proxy would push.
struct GprsWebOfferItem
{
    uint32_t object{0}; //!< object index in its page (1..n: embedded objects)
    uint64_t hash{0};   //!< its content hash
    uint32_t size{0};   //!< its octets

    /// \param o another item \return whether they are the same
    bool operator==(const GprsWebOfferItem& o) const
    {
        return object == o.object && hash == o.hash && size == o.size;
    }
};

/**
 * \ingroup gprs
 * A GPRSWeb proxy message. Serialized big-endian; every message starts with type (1 octet) and
 * request id (4 octets: the client's number of the browser request it answers; 0 for OFFER,
 * WANT and PUSH, which answer none). Then, by type:
 * - REQUEST: object (4), hash the client holds for the URL (8; 0: none), URL length (2), URL;
 * - OBJECT, PUSH: object (4), content hash (8), decoded size (4), encoding (1), base hash (8),
 *   body length (4), then the body's octets (only their count is modelled);
 * - HASH: object (4), content hash (8), size (4);
 * - OFFER: count (2), then per object: object (4), hash (8), size (4);
 * - WANT: count (2), then per object: object (4).
 */
struct GprsWebMessage
{
    GprsWebMessageType type{GprsWebMessageType::REQUEST}; //!< kind
    uint32_t id{0};                                       //!< request id
    uint32_t object{0};                                   //!< object index in the page
    uint64_t hash{0};                                     //!< see the layout
    std::string url;                                      //!< REQUEST: the browser's URL
    uint32_t size{0};                                     //!< decoded object octets
    GprsWebEncoding encoding{GprsWebEncoding::IDENTITY};  //!< OBJECT, PUSH: body encoding
    uint64_t baseHash{0};                                 //!< OBJECT, PUSH with DELTA: the base
    uint32_t bodyBytes{0};                                //!< OBJECT, PUSH: body octets
    std::vector<GprsWebOfferItem> offers;                 //!< OFFER
    std::vector<uint32_t> wanted;                         //!< WANT

    /// \return octets of the message before the body
    uint32_t GetHeaderSize() const;
    /// \return octets of the whole message: header and body
    uint32_t GetSize() const;
};

/**
 * \ingroup gprs
 * \param m a message (URL at most 65535 octets, at most 65535 offers or wanted objects)
 * \return its header's octets (GprsWebMessage::GetHeaderSize of them); the body follows
 * \throws std::invalid_argument when a field does not fit its octets
 */
std::vector<uint8_t> SerializeGprsWebMessage(const GprsWebMessage& m);

/**
 * \ingroup gprs
 * Read a whole message: its header, then exactly bodyBytes further octets.
 * \param data the message's octets
 * \param size their count
 * \return the message
 * \throws std::invalid_argument naming what is wrong (unknown type, truncated, bad length)
 */
GprsWebMessage DeserializeGprsWebMessage(const uint8_t* data, std::size_t size);

/**
 * \ingroup gprs
 * Content identity of an object of the model, whose objects have no octets: object \p object
 * of page \p page at version \p version (a changed object is a new version). Its hash stands for
 * the digest of the content that GPRSWeb's cache keys on: FNV-1a (64 bit) of
 * "<page>\n<object>\n<version>", never 0 (0 means "no copy" in a REQUEST).
 * \param page the page's name (its Page specification)
 * \param object 0: the HTML, i: the i-th embedded object
 * \param version the object's version
 * \return its content hash
 */
uint64_t GprsWebContentHash(const std::string& page, uint32_t object, uint32_t version);

/**
 * \ingroup gprs
 * \param data octets \param size their count
 * \return octets of their zlib compression (RFC 1950 stream, deflate level 6, gzip's default;
 *         a gzip wrapper, RFC 1952, would add 12 octets)
 * \throws std::runtime_error if zlib fails
 */
uint32_t GprsZlibCompressedSize(const uint8_t* data, std::size_t size);

/**
 * \ingroup gprs
 * \param size octets \param ratio encoded / original octets, in (0, 1]
 * \return ceil(size * ratio), at least 1
 */
uint32_t GprsWebScaledSize(uint32_t size, double ratio);

/**
 * \ingroup gprs
 * Which GPRSWeb features are on (each can be switched off to measure its share).
 */
struct GprsWebFeatures
{
    bool caching{true};     //!< answer by hash when the client holds the content
    bool compression{true}; //!< compress what is sent
    bool delta{true};       //!< send a changed HTML object as a delta against the client's copy
    bool push{true};        //!< push a page's embedded objects once its HTML is known
};

/**
 * \ingroup gprs
 * What the server proxy sends for an object the client asked for or will be pushed.
 */
struct GprsWebAnswer
{
    bool hashOnly{false};                                //!< a HASH: the client holds it
    GprsWebEncoding encoding{GprsWebEncoding::IDENTITY}; //!< else the body's encoding
    uint32_t bodyBytes{0};                               //!< the body's octets
    uint32_t savedCaching{0};                            //!< octets not sent thanks to caching
    uint32_t savedDelta{0};                              //!< ... to delta encoding
    uint32_t savedCompression{0};                        //!< ... to compression
};

/**
 * \ingroup gprs
 * The server proxy's choice, in this order: the client holds this content and caching is on:
 * a HASH; the client holds an older version that the server proxy also holds, delta is on and
 * the object is HTML: a DELTA of \p deltaBytes; compression is on and \p compressedBytes is
 * below \p size: GZIP; else IDENTITY.
 * \param features the features on
 * \param size the object's octets
 * \param isHtml whether it is the HTML object (deltas apply only to it: images change whole)
 * \param clientHasCurrent the client's copy has the current content hash
 * \param deltaBase the client's copy is an older version the server proxy still holds
 * \param compressedBytes octets of the compressed object
 * \param deltaBytes octets of the delta
 * \return the answer and the octets each feature saved
 */
GprsWebAnswer DecideGprsWebAnswer(const GprsWebFeatures& features,
                                  uint32_t size,
                                  bool isHtml,
                                  bool clientHasCurrent,
                                  bool deltaBase,
                                  uint32_t compressedBytes,
                                  uint32_t deltaBytes);

/**
 * \ingroup gprs
 * The client proxy's content-hash cache: copies by content hash, and for each URL the hash of
 * the copy it last received, which it names in a REQUEST so that the server proxy can answer
 * by hash or with a delta.
 */
class GprsWebContentCache
{
  public:
    /**
     * Keep a copy.
     * \param url the URL it was received for
     * \param hash its content hash (not 0)
     * \param size its octets
     */
    void Put(const std::string& url, uint64_t hash, uint32_t size);
    /// \param hash a content hash \return whether a copy with it is held
    bool Has(uint64_t hash) const;
    /// \param hash a content hash held \return the copy's octets
    uint32_t SizeOf(uint64_t hash) const;
    /// \param url a URL \return the hash of the copy last received for it; 0 if none
    uint64_t HashFor(const std::string& url) const;
    /// \return copies held
    std::size_t GetCopies() const;
    /// Forget everything.
    void Clear();

  private:
    std::map<uint64_t, uint32_t> m_copies;    //!< octets by content hash
    std::map<std::string, uint64_t> m_latest; //!< content hash by URL
};

} // namespace ns3

#endif /* GPRS_WEB_PROXY_PROTOCOL_H */
