/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_SCHEDULER_H
#define GPRS_WEB_SCHEDULER_H

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Which request of a web page goes on which connection when: the browser's scheduling logic,
 * without sockets or simulator, and the HTTP messages it exchanges with the server.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * How a browser fetches a page's objects.
 */
enum class GprsHttpMode
{
    HTTP10,     //!< HTTP/1.0: one connection per object, closed after its response
    PERSISTENT, //!< HTTP/1.1 persistent connections, one request at a time on each
    PIPELINED,  //!< HTTP/1.1 persistent connections with pipelined requests
};

/**
 * \ingroup gprs
 * \param text "http-1.0", "http-1.1" or "pipelined"
 * \param[out] mode the mode, when the text names one
 * \return whether it does
 */
bool ParseGprsHttpMode(const std::string& text, GprsHttpMode* mode);

/// \param mode a mode \return its name, as ParseGprsHttpMode reads it
std::string ToString(GprsHttpMode mode);

/**
 * \ingroup gprs
 * What the browser must do next.
 */
struct GprsWebAction
{
    /// Kind of action.
    enum Kind
    {
        OPEN,    //!< open connection `connection` (a new TCP connection to the server)
        REQUEST, //!< send the request for `object` on `connection`
        CLOSE,   //!< close `connection`
    };

    Kind kind;               //!< what
    uint32_t connection;     //!< on which connection (numbered from 0 in opening order)
    uint32_t object;         //!< REQUEST: the object (0: the HTML, i: the i-th embedded object)
    uint32_t outstanding{0}; //!< REQUEST: requests unanswered on the connection once it is sent

    /// \param other another action \return whether they are the same
    bool operator==(const GprsWebAction& other) const
    {
        return kind == other.kind && connection == other.connection &&
               (kind != REQUEST || (object == other.object && outstanding == other.outstanding));
    }
};

/**
 * \ingroup gprs
 * The browser's request scheduling, driven by events (an object became known, a connection
 * is established, a response has fully arrived), answering with actions.
 *
 * Known objects wait in a FIFO queue, in the order they became known. An object is assigned
 * to the open connection (established or still connecting) with the fewest assigned and
 * unanswered requests, the lowest number first, if that connection has fewer than the depth;
 * else a new connection is opened for it if fewer than the connection limit are open; else it
 * waits. Requests assigned to a connection still connecting are sent once it is established.
 * The depth is 1 except in PIPELINED mode, so HTTP/1.0 and persistent connections carry one
 * request at a time; in HTTP10 mode a connection is closed when its response has arrived,
 * so each object opens its own connection. Persistent connections are closed by CloseAll,
 * when the page is complete.
 *
 * Responses arrive in request order on each connection (HTTP/1.1, RFC 2616 8.1.2.2).
 *
 * Pipelining factor Phi: when a request is sent, the requests then unanswered on its
 * connection, itself included; Phi is their mean over the page's requests (Chakravorty &
 * Pratt, "WWW performance over GPRS": the mean over requests of requests outstanding).
 * Pipelining efficiency eta = Phi / depth: the share of the allowed pipeline a request found
 * in use (our reading: 1 when every request went out behind depth - 1 others; always 1 without
 * pipelining, whose depth is 1).
 */
class GprsWebScheduler
{
  public:
    /**
     * \param mode how objects are fetched
     * \param maxConnections most connections open at once (>= 1)
     * \param depth PIPELINED: most unanswered requests per connection (>= 1); else ignored
     */
    GprsWebScheduler(GprsHttpMode mode, uint32_t maxConnections, uint32_t depth);

    /**
     * Object \p object became known (the HTML at the start, the embedded ones as the HTML
     * arrives). Each object must become known once.
     * \param object the object
     * \return the actions this allows (as Schedule)
     */
    std::vector<GprsWebAction> Discover(uint32_t object);

    /**
     * Connection \p connection is established.
     * \param connection an open connection, not yet established
     * \return the requests assigned to it so far, to send now
     */
    std::vector<GprsWebAction> Connected(uint32_t connection);

    /**
     * The response to the oldest unanswered request on \p connection has fully arrived.
     * \param connection a connection with an unanswered request
     * \return the actions this allows: a CLOSE of the connection in HTTP10 mode, then new
     *         assignments
     */
    std::vector<GprsWebAction> Completed(uint32_t connection);

    /// \return a CLOSE for every connection still open; none is open afterwards
    std::vector<GprsWebAction> CloseAll();

    /**
     * \param connection a connection
     * \return the oldest unanswered request's object on it (its next response)
     */
    uint32_t GetFront(uint32_t connection) const;

    /// \param connection a connection \return its sent and unanswered requests
    uint32_t GetOutstanding(uint32_t connection) const;

    /// \return connections open now (connecting or established)
    uint32_t GetOpenConnections() const;

    /// \return connections opened so far
    uint32_t GetConnectionsOpened() const;

    /// \return requests sent so far
    uint32_t GetRequests() const;

    /// \return responses completed so far
    uint32_t GetCompleted() const;

    /// \return whether no object waits and no request is unanswered
    bool IsIdle() const;

    /// \return Phi, the mean over sent requests of the requests outstanding (0 if none)
    double GetPhi() const;

    /// \return eta = Phi / depth (0 if no request was sent)
    double GetEta() const;

    /// \return the depth: requests allowed on a connection at once
    uint32_t GetDepth() const;

  private:
    /// One connection.
    struct Connection
    {
        bool established{false};      //!< SYN/ACK received
        std::deque<uint32_t> waiting; //!< assigned, not sent (connection not yet established)
        std::deque<uint32_t> sent;    //!< sent, unanswered, oldest first
    };

    /// \return the actions that assign waiting objects to connections
    std::vector<GprsWebAction> Schedule();

    /**
     * Send a request now.
     * \param id the connection
     * \param object the object
     * \return the REQUEST action
     */
    GprsWebAction Send(uint32_t id, uint32_t object);

    /// \param id a connection \return it; aborts if it is not open
    Connection& Get(uint32_t id);

    GprsHttpMode m_mode;                   //!< how objects are fetched
    uint32_t m_maxConnections;             //!< most open at once
    uint32_t m_depth;                      //!< most unanswered requests per connection
    std::deque<uint32_t> m_queue;          //!< known objects not yet assigned
    std::map<uint32_t, Connection> m_open; //!< open connections by number
    uint32_t m_opened{0};                  //!< connections opened
    uint32_t m_requests{0};                //!< requests sent
    uint32_t m_completed{0};               //!< responses completed
    uint64_t m_outstandingSum{0};          //!< sum over requests of outstanding when sent
};

/**
 * \ingroup gprs
 * An HTTP/1.1 GET request of exactly \p bytes octets for an object of \p objectBytes octets:
 * the request line names the size ("GET /<objectBytes> HTTP/1.1"), a padding header fills the
 * rest, an empty line ends it.
 * \param objectBytes the object's size
 * \param bytes the request's size, at least kGprsMinHttpHeaderBytes
 * \return the request's text
 */
std::string MakeGprsHttpRequest(uint32_t objectBytes, uint32_t bytes);

/**
 * \ingroup gprs
 * As MakeGprsHttpRequest(objectBytes, bytes), naming also which object of the page is asked for
 * ("GET /<objectBytes>/<object> HTTP/1.1"), so that a proxy knows the object's identity; a
 * GprsWebServer answers it alike, with \p objectBytes octets.
 * \param objectBytes the object's size
 * \param bytes the request's size, at least kGprsMinHttpHeaderBytes
 * \param object the object (0: the HTML, i: the i-th embedded object)
 * \return the request's text
 */
std::string MakeGprsHttpRequest(uint32_t objectBytes, uint32_t bytes, uint32_t object);

/**
 * \ingroup gprs
 * \param header a request of MakeGprsHttpRequest
 * \return the object it names; -1 if it names none
 */
int64_t ReadGprsHttpObject(const std::string& header);

/**
 * \ingroup gprs
 * \param header a request of MakeGprsHttpRequest
 * \return its URL (the request line's second word); empty if it is not a request
 */
std::string ReadGprsHttpUrl(const std::string& header);

/**
 * \ingroup gprs
 * The header of an HTTP/1.1 200 response of exactly \p bytes octets, naming the body's size in
 * Content-Length.
 * \param contentLength the body's octets
 * \param bytes the header's size, at least kGprsMinHttpHeaderBytes
 * \return the header's text, ending with the empty line
 */
std::string MakeGprsHttpResponseHeader(uint32_t contentLength, uint32_t bytes);

/**
 * \ingroup gprs
 * Read the number a request line or Content-Length header of this module's messages carries.
 * \param header a whole header (up to and including its empty line)
 * \return the object's size of a request, the Content-Length of a response; -1 if absent
 */
int64_t ReadGprsHttpSize(const std::string& header);

/**
 * \ingroup gprs
 * Reads the responses arriving on one HTTP connection: each a header up to its empty line
 * naming Content-Length (MakeGprsHttpResponseHeader), then that many body octets.
 */
class GprsHttpResponseReader
{
  public:
    /**
     * Read octets of the current response, stopping at its end.
     * \param data the octets (only a header's are looked at)
     * \param size their count
     * \return octets consumed: \p size, or fewer when the response ended before them
     * \throws std::runtime_error on a header without Content-Length or longer than 65536
     */
    uint32_t Read(const uint8_t* data, uint32_t size);
    /// \return whether the current response has fully arrived; Next() begins the next one
    bool IsComplete() const;
    /// Begin reading the next response.
    void Next();
    /// \return whether the header has arrived
    bool InBody() const;
    /// \return the current response's body octets read
    uint32_t GetBodyRead() const;
    /// \return the current response's header octets (once InBody)
    uint32_t GetHeaderBytes() const;

  private:
    std::string m_header;      //!< the header read so far
    bool m_inBody{false};      //!< the header has arrived
    uint32_t m_bodyLeft{0};    //!< body octets still to come
    uint32_t m_bodyRead{0};    //!< body octets read
    uint32_t m_headerBytes{0}; //!< the header's octets
};

/// Smallest HTTP header MakeGprsHttpRequest and MakeGprsHttpResponseHeader build: room for the
/// largest size and the padding header.
constexpr uint32_t kGprsMinHttpHeaderBytes = 64;

} // namespace ns3

#endif /* GPRS_WEB_SCHEDULER_H */
