/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_BROWSER_H
#define GPRS_WEB_BROWSER_H

#include "gprs-web-page.h"
#include "gprs-web-scheduler.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <map>
#include <memory>
#include <string>

/**
 * \file
 * \ingroup gprs
 * A web browser that loads one page over HTTP/1.0, persistent HTTP/1.1 or pipelined HTTP/1.1.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What one page load measured.
 */
struct GprsWebPageStats
{
    bool complete{false};      //!< every object arrived
    Time start;                //!< the browser's first packet for the page (DNS query or SYN)
    Time end;                  //!< the last octet of the last response
    uint32_t objects{0};       //!< objects fetched (the HTML included)
    uint32_t connections{0};   //!< TCP connections opened
    uint32_t dnsLookups{0};    //!< DNS queries answered
    uint64_t bytesReceived{0}; //!< HTTP octets received: headers and bodies
    uint64_t bytesSent{0};     //!< HTTP request octets sent
    double phi{0};             //!< pipelining factor (GprsWebScheduler::GetPhi)
    double eta{0};             //!< pipelining efficiency (GprsWebScheduler::GetEta)

    /// \return end - start, the page's download time
    Time GetDownloadTime() const
    {
        return end - start;
    }
};

/**
 * \ingroup gprs
 * \brief A web browser: at its start it resolves the server's name (DnsLookups DNS queries,
 * one round trip each, repeated after DnsTimeout when unanswered), then fetches the Page's
 * HTML and its embedded objects from a GprsWebServer at Remote, scheduling the requests with
 * GprsWebScheduler in the Mode given, and records GprsWebPageStats.
 *
 * The embedded objects become known as the HTML arrives: with Discovery "progressive", object
 * i of n (1-based) once i * L / n octets of the HTML's L body octets have arrived (a browser
 * parses the HTML as it comes and the references are spread evenly through it); with
 * "complete", all of them when the whole HTML has arrived.
 *
 * Each connection reads its responses in request order: the header's real octets up to the
 * empty line, its Content-Length, then that many body octets.
 */
class GprsWebBrowser : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsWebBrowser();
    ~GprsWebBrowser() override;

    /// \return what the page load measured so far
    const GprsWebPageStats& GetStats() const;

    /// TracedCallback signature of Request: connection, object, object octets, requests then
    /// unanswered on the connection (itself included).
    using RequestTracedCallback = void (*)(uint32_t, uint32_t, uint32_t, uint32_t);
    /// TracedCallback signature of Response: connection, object, HTTP octets of the response.
    using ResponseTracedCallback = void (*)(uint32_t, uint32_t, uint32_t);
    /// TracedCallback signature of PageComplete.
    using PageTracedCallback = void (*)(const GprsWebPageStats&);

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// A connection's reading state.
    struct Reader
    {
        Ptr<Socket> socket;              //!< its socket
        GprsHttpResponseReader response; //!< the current response
    };

    /// Send a DNS query (again, when the previous one timed out).
    void SendDnsQuery();
    /// \param socket the DNS socket with an answer
    void ReadDns(Ptr<Socket> socket);
    /// Begin fetching: the HTML becomes known.
    void BeginFetch();
    /// \param actions what the scheduler decided
    void Apply(const std::vector<GprsWebAction>& actions);
    /// \param socket an established connection
    void Connected(Ptr<Socket> socket);
    /// \param socket a connection that could not be established
    void ConnectFailed(Ptr<Socket> socket);
    /// \param socket a connection with data to read
    void Read(Ptr<Socket> socket);
    /**
     * Consume octets of the current response of a connection.
     * \param id the connection
     * \param data the octets (copied only while in a header)
     * \param size their count
     */
    void Consume(uint32_t id, const uint8_t* data, uint32_t size);
    /// \param id a connection whose current response has fully arrived
    void ResponseComplete(uint32_t id);
    /// \param htmlBodyRead octets of the HTML body read so far
    void DiscoverUpTo(uint32_t htmlBodyRead);
    /// \param object an object \return its size
    uint32_t SizeOf(uint32_t object) const;

    Address m_remote;                              //!< the server's address and HTTP port
    uint16_t m_dnsPort;                            //!< the server's DNS port
    std::string m_pageSpec;                        //!< Page attribute
    std::string m_modeText;                        //!< Mode attribute
    std::string m_discovery;                       //!< Discovery attribute
    uint32_t m_http10Connections;                  //!< N
    uint32_t m_persistentConnections;              //!< M
    uint32_t m_pipelineDepth;                      //!< K
    uint32_t m_requestHeaderBytes;                 //!< request octets
    uint32_t m_dnsLookups;                         //!< DNS queries before the first connection
    uint32_t m_dnsQueryBytes;                      //!< DNS query octets
    Time m_dnsTimeout;                             //!< DNS retransmission time
    GprsWebPage m_page;                            //!< the page
    std::unique_ptr<GprsWebScheduler> m_scheduler; //!< request scheduling
    std::map<uint32_t, Reader> m_readers;          //!< open connections by number
    std::map<Ptr<Socket>, uint32_t> m_ids;         //!< their numbers by socket
    Ptr<Socket> m_dns;                             //!< the DNS socket
    EventId m_dnsRetry;                            //!< DNS retransmission
    uint32_t m_discovered{0};                      //!< embedded objects known
    GprsWebPageStats m_stats;                      //!< what was measured
    TracedCallback<uint32_t, uint32_t, uint32_t, uint32_t> m_requestTrace; //!< Request
    TracedCallback<uint32_t, uint32_t, uint32_t> m_responseTrace;          //!< Response
    TracedCallback<const GprsWebPageStats&> m_pageTrace;                   //!< PageComplete
};

} // namespace ns3

#endif /* GPRS_WEB_BROWSER_H */
