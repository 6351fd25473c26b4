/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_CLIENT_PROXY_H
#define GPRS_WEB_CLIENT_PROXY_H

#include "gprs-web-proxy-end.h"
#include "gprs-web-proxy-protocol.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/ptr.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <map>
#include <set>
#include <string>

/**
 * \file
 * \ingroup gprs
 * GPRSWeb's client proxy (Chakravorty, Clark & Pratt, JSAC 2005): on the mobile, between the
 * browser and the GPRSWeb transport to the server proxy.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What a GPRSWeb client proxy did.
 */
struct GprsWebClientCounters
{
    uint64_t browserRequests{0}; //!< HTTP requests of the browser
    uint64_t requests{0};        //!< REQUEST messages sent
    uint64_t messageBytes{0};    //!< octets of the messages sent (REQUEST, WANT)
    uint64_t offerHits{0};       //!< objects answered from the cache after an OFFER
    uint64_t offerHitBytes{0};   //!< their octets (not sent thanks to caching)
    uint64_t pushed{0};          //!< PUSH messages received
    uint64_t pushHits{0};        //!< browser requests answered by a push, without a REQUEST
    uint64_t dnsRelayed{0};      //!< DNS queries of the browser relayed
};

/**
 * \ingroup gprs
 * \brief GPRSWeb's client proxy: accepts the browser's HTTP connections on Port (the browser's
 * Remote is 127.0.0.1 and this port), keeps a content-hash cache (GprsWebContentCache) and asks
 * the server proxy over a GprsWebTransport for what it lacks.
 *
 * A browser request for object j (its URL names it: MakeGprsHttpRequest) is answered at once
 * when j arrived in this page load or was offered with a hash the cache holds; it waits when a
 * REQUEST for j is outstanding or j's push is expected; else a REQUEST goes out naming the hash
 * of the copy the cache holds for the URL (0: none). An OFFER is answered with a WANT of the
 * objects the cache lacks and that were not requested. Responses go back on each browser
 * connection in request order, with a header of ResponseHeaderBytes.
 *
 * With DnsServer set, DNS queries the browser sends to 127.0.0.1:53 are relayed to it (over the
 * air: ProxyDns off); with ProxyDns on the browser does none (DnsLookups 0).
 */
class GprsWebClientProxy : public GprsWebProxyEnd
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsWebClientProxy();
    ~GprsWebClientProxy() override;

    /// \return what it did so far
    const GprsWebClientCounters& GetCounters() const;

    /// \return its cache
    const GprsWebContentCache& GetCache() const;

    /// TracedCallback signature of Answer: object, how (0 network, 1 cache, 2 push).
    using AnswerTracedCallback = void (*)(uint32_t, uint8_t);

  private:
    void StartApplication() override;
    void StopApplication() override;
    void Handle(const GprsWebMessage& m) override;

    /// A response owed to the browser on one connection.
    struct Owed
    {
        uint32_t object{0};   //!< the object
        uint32_t size{0};     //!< its octets
        bool ready{false};    //!< it can be sent
        std::string header;   //!< its header, once ready
        std::size_t sent{0};  //!< header octets sent
        uint32_t bodyLeft{0}; //!< body octets still to send
    };

    /// A browser connection.
    struct Browser
    {
        std::string request;   //!< the unfinished request read so far
        std::deque<Owed> owed; //!< responses owed, in request order
    };

    /// \param socket a new browser connection \param from its peer
    void Accept(Ptr<Socket> socket, const Address& from);
    /// \param socket a browser connection with data
    void Read(Ptr<Socket> socket);
    /// \param socket a browser connection its peer closed
    void Closed(Ptr<Socket> socket);
    /// \param socket a browser connection \param available room
    void Write(Ptr<Socket> socket, uint32_t available);
    /**
     * A browser request.
     * \param socket its connection \param request its text
     */
    void Request(Ptr<Socket> socket, const std::string& request);
    /// \param m an OFFER
    void ReceiveOffer(const GprsWebMessage& m);
    /**
     * Object \p object can be answered: mark the browser's requests for it ready.
     * \param object the object \param size its octets
     */
    void Ready(uint32_t object, uint32_t size);
    /// \param m a message to the server proxy
    void Send(const GprsWebMessage& m);
    /// \param socket the DNS socket the browser asks
    void RelayQuery(Ptr<Socket> socket);
    /// \param socket the socket the resolver answers on
    void RelayAnswer(Ptr<Socket> socket);

    uint16_t m_port;                                 //!< Port
    uint16_t m_transportPort;                        //!< TransportPort
    Address m_remote;                                //!< Remote
    uint32_t m_responseHeaderBytes;                  //!< ResponseHeaderBytes
    Address m_dnsServer;                             //!< DnsServer
    std::string m_pageSpec;                          //!< Page
    bool m_preload;                                  //!< Preload
    uint32_t m_preloadVersion;                       //!< PreloadHtmlVersion
    Ptr<Socket> m_listener;                          //!< browser connections
    std::map<Ptr<Socket>, Browser> m_browsers;       //!< open browser connections
    GprsWebContentCache m_cache;                     //!< content-hash cache
    std::map<uint32_t, GprsWebOfferItem> m_offers;   //!< offered objects
    std::map<uint32_t, uint32_t> m_ready;            //!< objects answerable, with their octets
    std::set<uint32_t> m_requested;                  //!< objects with a REQUEST outstanding
    std::set<uint32_t> m_wanted;                     //!< objects whose push is expected
    uint32_t m_nextId{1};                            //!< next request id
    Ptr<Socket> m_dnsListener;                       //!< the browser's DNS queries
    Ptr<Socket> m_dnsUpstream;                       //!< relayed queries
    Address m_dnsAsker;                              //!< where the browser asked from
    GprsWebClientCounters m_counters;                //!< counters
    TracedCallback<uint32_t, uint8_t> m_answerTrace; //!< Answer
};

} // namespace ns3

#endif /* GPRS_WEB_CLIENT_PROXY_H */
