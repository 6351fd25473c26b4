/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_SERVER_H
#define GPRS_WEB_SERVER_H

#include "ns3/application.h"
#include "ns3/ptr.h"
#include "ns3/socket.h"

#include <deque>
#include <map>
#include <string>

/**
 * \file
 * \ingroup gprs
 * The web server of GprsWebBrowser's pages, with the DNS server the browser asks first.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief A web server: answers each HTTP request of a GprsWebBrowser with a response of the
 * size the request names (MakeGprsHttpRequest), in request order on each connection, so that
 * pipelined requests are answered as HTTP/1.1 requires; closes a connection when the browser
 * closes it. It also answers DNS queries on a UDP port with a response of DnsResponseBytes,
 * standing for the resolver the browser asks before its first connection.
 *
 * Response bytes: a header of ResponseHeaderBytes real octets (status line, Content-Length,
 * padding) then the body; only the header's octets are read by the browser.
 */
class GprsWebServer : public Application
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsWebServer();
    ~GprsWebServer() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// What a connection still has to send and to read.
    struct Peer
    {
        std::string request;             //!< the unfinished request read so far
        std::deque<std::string> headers; //!< response headers to send, in order
        std::deque<uint32_t> bodies;     //!< their bodies' octets still to send
        std::size_t headerSent{0};       //!< octets of headers.front() sent
    };

    /// \param socket a new connection \param from its peer
    void Accept(Ptr<Socket> socket, const Address& from);
    /// \param socket a connection with data to read
    void Read(Ptr<Socket> socket);
    /// \param socket a connection to send on \param available octets of room
    void Send(Ptr<Socket> socket, uint32_t available);
    /// \param socket a connection its peer closed
    void PeerClosed(Ptr<Socket> socket);
    /// \param socket the DNS socket with a query
    void ReadDns(Ptr<Socket> socket);

    uint16_t m_port;                     //!< HTTP port
    uint16_t m_dnsPort;                  //!< DNS port
    uint32_t m_responseHeaderBytes;      //!< response header octets
    uint32_t m_dnsResponseBytes;         //!< DNS response octets
    Ptr<Socket> m_listener;              //!< the HTTP listening socket
    Ptr<Socket> m_dns;                   //!< the DNS socket
    std::map<Ptr<Socket>, Peer> m_peers; //!< open connections
};

} // namespace ns3

#endif /* GPRS_WEB_SERVER_H */
