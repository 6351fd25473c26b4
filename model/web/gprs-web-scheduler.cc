/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-scheduler.h"

#include <algorithm>
#include <stdexcept>

namespace ns3
{

bool
ParseGprsHttpMode(const std::string& text, GprsHttpMode* mode)
{
    for (const GprsHttpMode m :
         {GprsHttpMode::HTTP10, GprsHttpMode::PERSISTENT, GprsHttpMode::PIPELINED})
    {
        if (text == ToString(m))
        {
            if (mode)
            {
                *mode = m;
            }
            return true;
        }
    }
    return false;
}

std::string
ToString(GprsHttpMode mode)
{
    switch (mode)
    {
    case GprsHttpMode::HTTP10:
        return "http-1.0";
    case GprsHttpMode::PERSISTENT:
        return "http-1.1";
    case GprsHttpMode::PIPELINED:
        return "pipelined";
    }
    return "";
}

GprsWebScheduler::GprsWebScheduler(GprsHttpMode mode, uint32_t maxConnections, uint32_t depth)
    : m_mode(mode),
      m_maxConnections(maxConnections),
      m_depth(mode == GprsHttpMode::PIPELINED ? depth : 1)
{
    if (maxConnections == 0 || m_depth == 0)
    {
        throw std::invalid_argument("GprsWebScheduler: connections and depth must be >= 1");
    }
}

std::vector<GprsWebAction>
GprsWebScheduler::Discover(uint32_t object)
{
    m_queue.push_back(object);
    return Schedule();
}

std::vector<GprsWebAction>
GprsWebScheduler::Connected(uint32_t connection)
{
    Connection& c = Get(connection);
    c.established = true;
    std::vector<GprsWebAction> actions;
    while (!c.waiting.empty())
    {
        const uint32_t object = c.waiting.front();
        c.waiting.pop_front();
        actions.push_back(Send(connection, object));
    }
    return actions;
}

std::vector<GprsWebAction>
GprsWebScheduler::Completed(uint32_t connection)
{
    Connection& c = Get(connection);
    if (c.sent.empty())
    {
        throw std::logic_error("GprsWebScheduler: a response on a connection with no request");
    }
    c.sent.pop_front();
    ++m_completed;
    std::vector<GprsWebAction> actions;
    if (m_mode == GprsHttpMode::HTTP10)
    {
        m_open.erase(connection);
        actions.push_back(GprsWebAction{GprsWebAction::CLOSE, connection, 0});
    }
    const auto more = Schedule();
    actions.insert(actions.end(), more.begin(), more.end());
    return actions;
}

std::vector<GprsWebAction>
GprsWebScheduler::CloseAll()
{
    std::vector<GprsWebAction> actions;
    for (const auto& entry : m_open)
    {
        actions.push_back(GprsWebAction{GprsWebAction::CLOSE, entry.first, 0});
    }
    m_open.clear();
    return actions;
}

std::vector<GprsWebAction>
GprsWebScheduler::Schedule()
{
    std::vector<GprsWebAction> actions;
    while (!m_queue.empty())
    {
        // The open connection with the fewest assigned requests; the lowest number on a tie.
        auto best = m_open.end();
        for (auto it = m_open.begin(); it != m_open.end(); ++it)
        {
            const std::size_t load = it->second.waiting.size() + it->second.sent.size();
            if (load < m_depth && (best == m_open.end() ||
                                   load < best->second.waiting.size() + best->second.sent.size()))
            {
                best = it;
            }
        }
        if (best == m_open.end())
        {
            if (m_open.size() >= m_maxConnections)
            {
                break;
            }
            const uint32_t id = m_opened++;
            best = m_open.emplace(id, Connection{}).first;
            actions.push_back(GprsWebAction{GprsWebAction::OPEN, id, 0});
        }
        const uint32_t object = m_queue.front();
        m_queue.pop_front();
        if (best->second.established)
        {
            actions.push_back(Send(best->first, object));
        }
        else
        {
            best->second.waiting.push_back(object);
        }
    }
    return actions;
}

GprsWebAction
GprsWebScheduler::Send(uint32_t id, uint32_t object)
{
    Connection& c = Get(id);
    c.sent.push_back(object);
    ++m_requests;
    const auto outstanding = static_cast<uint32_t>(c.sent.size());
    m_outstandingSum += outstanding;
    return GprsWebAction{GprsWebAction::REQUEST, id, object, outstanding};
}

GprsWebScheduler::Connection&
GprsWebScheduler::Get(uint32_t id)
{
    const auto it = m_open.find(id);
    if (it == m_open.end())
    {
        throw std::logic_error("GprsWebScheduler: connection " + std::to_string(id) +
                               " is not open");
    }
    return it->second;
}

uint32_t
GprsWebScheduler::GetFront(uint32_t connection) const
{
    const auto it = m_open.find(connection);
    if (it == m_open.end() || it->second.sent.empty())
    {
        throw std::logic_error("GprsWebScheduler: no request outstanding on connection " +
                               std::to_string(connection));
    }
    return it->second.sent.front();
}

uint32_t
GprsWebScheduler::GetOutstanding(uint32_t connection) const
{
    const auto it = m_open.find(connection);
    return it == m_open.end() ? 0 : static_cast<uint32_t>(it->second.sent.size());
}

uint32_t
GprsWebScheduler::GetOpenConnections() const
{
    return static_cast<uint32_t>(m_open.size());
}

uint32_t
GprsWebScheduler::GetConnectionsOpened() const
{
    return m_opened;
}

uint32_t
GprsWebScheduler::GetRequests() const
{
    return m_requests;
}

uint32_t
GprsWebScheduler::GetCompleted() const
{
    return m_completed;
}

bool
GprsWebScheduler::IsIdle() const
{
    return m_queue.empty() && std::all_of(m_open.begin(), m_open.end(), [](const auto& entry) {
               return entry.second.waiting.empty() && entry.second.sent.empty();
           });
}

double
GprsWebScheduler::GetPhi() const
{
    return m_requests == 0 ? 0 : static_cast<double>(m_outstandingSum) / m_requests;
}

double
GprsWebScheduler::GetEta() const
{
    return GetPhi() / m_depth;
}

uint32_t
GprsWebScheduler::GetDepth() const
{
    return m_depth;
}

namespace
{

/**
 * \param head the header's lines before the padding, each ending in CRLF
 * \param bytes the header's size
 * \return \p head, a padding header and the empty line, \p bytes octets in all
 */
std::string
Pad(const std::string& head, uint32_t bytes)
{
    const std::string name = "X-Pad: ";
    const std::size_t fixed = head.size() + name.size() + 4; // the padding line's and final CRLF
    if (bytes < kGprsMinHttpHeaderBytes || fixed > bytes)
    {
        throw std::invalid_argument("an HTTP header of " + std::to_string(bytes) +
                                    " octets is too small; at least " +
                                    std::to_string(kGprsMinHttpHeaderBytes));
    }
    return head + name + std::string(bytes - fixed, 'x') + "\r\n\r\n";
}

} // namespace

std::string
MakeGprsHttpRequest(uint32_t objectBytes, uint32_t bytes)
{
    return Pad("GET /" + std::to_string(objectBytes) + " HTTP/1.1\r\n", bytes);
}

std::string
MakeGprsHttpRequest(uint32_t objectBytes, uint32_t bytes, uint32_t object)
{
    return Pad("GET /" + std::to_string(objectBytes) + "/" + std::to_string(object) +
                   " HTTP/1.1\r\n",
               bytes);
}

std::string
ReadGprsHttpUrl(const std::string& header)
{
    if (header.rfind("GET /", 0) != 0)
    {
        return "";
    }
    return header.substr(4, header.find(' ', 4) - 4);
}

namespace
{

/// \param digits text \return its value, if it is 1 to 10 decimal digits; else -1
int64_t
ReadDigits(const std::string& digits)
{
    if (digits.empty() || digits.size() > 10 ||
        !std::all_of(digits.begin(), digits.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
    {
        return -1;
    }
    return std::stoll(digits);
}

} // namespace

uint32_t
GprsHttpResponseReader::Read(const uint8_t* data, uint32_t size)
{
    // Far above any header GprsWebServer sends (ResponseHeaderBytes is at most 65535).
    constexpr std::size_t maxHeader = 65536;
    uint32_t used = 0;
    while (used < size && !IsComplete())
    {
        if (!m_inBody)
        {
            m_header.push_back(static_cast<char>(data[used++]));
            const std::size_t n = m_header.size();
            if (n >= 4 && m_header.compare(n - 4, 4, "\r\n\r\n") == 0)
            {
                const int64_t length = ReadGprsHttpSize(m_header);
                if (length < 0)
                {
                    throw std::runtime_error("a response without Content-Length");
                }
                m_inBody = true;
                m_bodyLeft = static_cast<uint32_t>(length);
                m_headerBytes = static_cast<uint32_t>(n);
                m_header.clear();
            }
            else if (n > maxHeader)
            {
                throw std::runtime_error("a response header longer than " +
                                         std::to_string(maxHeader) + " octets");
            }
            continue;
        }
        const uint32_t n = std::min(size - used, m_bodyLeft);
        m_bodyLeft -= n;
        m_bodyRead += n;
        used += n;
    }
    return used;
}

bool
GprsHttpResponseReader::IsComplete() const
{
    return m_inBody && m_bodyLeft == 0;
}

void
GprsHttpResponseReader::Next()
{
    m_inBody = false;
    m_bodyLeft = 0;
    m_bodyRead = 0;
    m_headerBytes = 0;
}

bool
GprsHttpResponseReader::InBody() const
{
    return m_inBody;
}

uint32_t
GprsHttpResponseReader::GetBodyRead() const
{
    return m_bodyRead;
}

uint32_t
GprsHttpResponseReader::GetHeaderBytes() const
{
    return m_headerBytes;
}

int64_t
ReadGprsHttpObject(const std::string& header)
{
    const std::string url = ReadGprsHttpUrl(header);
    const auto slash = url.find('/', 1);
    return slash == std::string::npos ? -1 : ReadDigits(url.substr(slash + 1));
}

std::string
MakeGprsHttpResponseHeader(uint32_t contentLength, uint32_t bytes)
{
    return Pad("HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(contentLength) + "\r\n",
               bytes);
}

int64_t
ReadGprsHttpSize(const std::string& header)
{
    std::string digits;
    if (header.rfind("GET /", 0) == 0)
    {
        // "/<size>" or "/<size>/<object>"
        digits = header.substr(5, header.find_first_of(" /", 5) - 5);
    }
    else
    {
        const std::string name = "\r\nContent-Length: ";
        const auto at = header.find(name);
        if (at == std::string::npos)
        {
            return -1;
        }
        const auto from = at + name.size();
        digits = header.substr(from, header.find("\r\n", from) - from);
    }
    return ReadDigits(digits);
}

} // namespace ns3
