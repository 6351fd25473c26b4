/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_SERVER_PROXY_H
#define GPRS_WEB_SERVER_PROXY_H

#include "gprs-web-page.h"
#include "gprs-web-proxy-end.h"
#include "gprs-web-proxy-protocol.h"
#include "gprs-web-scheduler.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/ptr.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <map>
#include <memory>
#include <set>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * GPRSWeb's server proxy (Chakravorty, Clark & Pratt, JSAC 2005): at the GGSN side, it fetches
 * objects from the origin web server and answers the client proxy over GPRSWeb's transport.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What a GPRSWeb server proxy sent and saved.
 */
struct GprsWebProxyCounters
{
    uint64_t requests{0};         //!< REQUEST messages received
    uint64_t messages{0};         //!< messages sent to the client proxy
    uint64_t messageBytes{0};     //!< their octets (headers and bodies)
    uint64_t objectBytes{0};      //!< body octets of OBJECT and PUSH messages
    uint64_t objects{0};          //!< OBJECT messages
    uint64_t pushes{0};           //!< PUSH messages
    uint64_t hashes{0};           //!< HASH messages (answers by content hash)
    uint64_t savedCaching{0};     //!< object octets not sent: the client held them
    uint64_t savedDelta{0};       //!< object octets not sent: deltas
    uint64_t savedCompression{0}; //!< object octets not sent: compression
    uint64_t originFetches{0};    //!< objects fetched from the origin server
    uint64_t dnsLookups{0};       //!< DNS look-ups the proxy did for the browser
};

/**
 * \ingroup gprs
 * \brief GPRSWeb's server proxy: answers the client proxy's REQUESTs over a GprsWebTransport,
 * fetching objects from the origin GprsWebServer (Origin) over persistent HTTP/1.1
 * connections (OriginConnections, one request at a time each) and keeping them in its cache by
 * content hash.
 *
 * Object identity: objects of the model have no octets, so the content is named by page,
 * object and version (GprsWebContentHash): the origin serves the Page at PageVersion for the
 * HTML and version 0 for the embedded objects. The proxy knows the page's embedded objects
 * from the page definition the origin serves (its Page attribute, the same specification as the
 * browser's): reading the HTML in the model is reading that definition.
 *
 * Answers (DecideGprsWebAnswer): a HASH when the client's REQUEST names the current content
 * (Caching), a DELTA of DeltaRatio of the HTML against an older version the client names and
 * the proxy still holds (Delta), else the object compressed (Compression: zlib on HtmlContent's
 * octets for the HTML when given, else HtmlCompressionRatio and ImageCompressionRatio) or as
 * it is. Parse-and-push (Push): once it has the HTML, the proxy fetches the embedded objects;
 * with Caching it first sends their hashes (OFFER) once it holds them all and pushes those the
 * client WANTs, without Caching it pushes every one; pushes go at the transport's low (PUSH)
 * priority. A REQUEST for an object being pushed is not answered again. ProxyDns: the proxy
 * does DnsLookups look-ups at the origin's resolver before its first origin fetch (the browser
 * then does none).
 */
class GprsWebServerProxy : public GprsWebProxyEnd
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsWebServerProxy();
    ~GprsWebServerProxy() override;

    /// \return what was sent and saved so far
    const GprsWebProxyCounters& GetCounters() const;

    /// TracedCallback signature of Message: type, object, octets.
    using MessageTracedCallback = void (*)(uint8_t, uint32_t, uint32_t);

  private:
    void StartApplication() override;
    void StopApplication() override;
    void Handle(const GprsWebMessage& m) override;

    /// One connection to the origin.
    struct OriginConnection
    {
        Ptr<Socket> socket;              //!< its socket
        GprsHttpResponseReader response; //!< the current response
    };

    /// \param m a REQUEST
    void ReceiveRequest(const GprsWebMessage& m);
    /// \param m a WANT
    void ReceiveWant(const GprsWebMessage& m);
    /// \param object an object: answer now if cached, else fetch it
    void Obtain(uint32_t object);
    /// \param object an object now in the cache
    void Available(uint32_t object);
    /// Parse the HTML: learn the embedded objects, fetch them, offer or push them.
    void Parse();
    /// Send the OFFER once every embedded object is cached.
    void TryOffer();
    /// \param object an object to push now
    void Push(uint32_t object);
    /**
     * Send an object, or its hash when the client holds it (DecideGprsWebAnswer).
     * \param id request id (0 for a push) \param object the object
     * \param clientHash the client's copy (0: none) \param push whether it is a push
     */
    void SendObject(uint32_t id, uint32_t object, uint64_t clientHash, bool push);
    /// \param m a message \param push whether at the low (PUSH) priority
    void Send(const GprsWebMessage& m, bool push);
    /// \param object an object to fetch from the origin
    void Fetch(uint32_t object);
    /// Send a DNS query to the origin's resolver.
    void SendDnsQuery();
    /// \param socket the DNS socket with an answer
    void ReadDns(Ptr<Socket> socket);
    /// \param actions what the origin scheduler decided
    void Apply(const std::vector<GprsWebAction>& actions);
    /// \param socket an established origin connection
    void Connected(Ptr<Socket> socket);
    /// \param socket an origin connection with data
    void Read(Ptr<Socket> socket);
    /// \param object an object \return its current content hash
    uint64_t CurrentHash(uint32_t object) const;
    /// \param object an object \return its octets
    uint32_t SizeOf(uint32_t object) const;
    /// \param object an object \return its compressed octets
    uint32_t CompressedSize(uint32_t object) const;
    /// \param object an object \return whether its current content is cached
    bool IsCached(uint32_t object) const;

    uint16_t m_port;                      //!< Port
    Address m_client;                     //!< Client
    Address m_origin;                     //!< Origin
    uint16_t m_originDnsPort;             //!< OriginDnsPort
    std::string m_pageSpec;               //!< Page
    uint32_t m_pageVersion;               //!< PageVersion
    bool m_preload;                       //!< Preload
    bool m_caching;                       //!< Caching
    bool m_compression;                   //!< Compression
    bool m_delta;                         //!< Delta
    bool m_push;                          //!< Push
    GprsWebFeatures m_features;           //!< the four above, at the start
    bool m_proxyDns;                      //!< ProxyDns
    uint32_t m_dnsLookups;                //!< DnsLookups
    uint32_t m_dnsQueryBytes;             //!< DnsQueryBytes
    double m_htmlRatio;                   //!< HtmlCompressionRatio
    double m_imageRatio;                  //!< ImageCompressionRatio
    double m_deltaRatio;                  //!< DeltaRatio
    std::string m_htmlContent;            //!< HtmlContent
    uint32_t m_originConnections;         //!< OriginConnections
    uint32_t m_requestHeaderBytes;        //!< RequestHeaderBytes
    GprsWebPage m_page;                   //!< the page the origin serves
    uint32_t m_htmlZlibBytes{0};          //!< zlib size of the HTML's octets (0: use the ratio)
    std::map<uint64_t, uint32_t> m_cache; //!< octets by content hash
    std::map<uint32_t, std::vector<std::pair<uint32_t, uint64_t>>> m_pending; //!< requests
    std::set<uint32_t> m_fetching;                      //!< objects asked of the origin
    std::set<uint32_t> m_pushing;                       //!< objects the client gets by push
    std::set<uint32_t> m_pushed;                        //!< objects pushed
    bool m_parsed{false};                               //!< the HTML was parsed
    bool m_offerPending{false};                         //!< an OFFER waits for the embedded objects
    std::unique_ptr<GprsWebScheduler> m_scheduler;      //!< origin request scheduling
    std::map<uint32_t, OriginConnection> m_connections; //!< origin connections by number
    std::map<Ptr<Socket>, uint32_t> m_ids;              //!< their numbers by socket
    std::vector<uint32_t> m_afterDns;                   //!< fetches waiting for the DNS look-ups
    Ptr<Socket> m_dns;                                  //!< the DNS socket (while resolving)
    bool m_resolved{false};                             //!< the origin's name is resolved
    GprsWebProxyCounters m_counters;                    //!< counters
    TracedCallback<uint8_t, uint32_t, uint32_t> m_messageTrace; //!< Message
};

} // namespace ns3

#endif /* GPRS_WEB_SERVER_PROXY_H */
