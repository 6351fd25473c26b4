/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-gi-analyzer.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace ns3
{

std::string
GprsGiSetupClassName(GprsGiSetupClass c)
{
    switch (c)
    {
    case GprsGiSetupClass::ONE_SYN_ONE_SYN_ACK:
        return "1syn-1synack";
    case GprsGiSetupClass::SYN_RETRANSMITTED:
        return "syn-rtx";
    case GprsGiSetupClass::SYN_ACK_RETRANSMITTED:
        return "synack-rtx";
    case GprsGiSetupClass::NONE:
        break;
    }
    return "none";
}

std::string
GprsGiMssClass(std::optional<uint16_t> mss)
{
    if (!mss)
    {
        return "none";
    }
    if (*mss >= kGprsGiMssLowMin && *mss <= kGprsGiMssLowMax)
    {
        return "low";
    }
    if (*mss >= kGprsGiMssHighMin && *mss <= kGprsGiMssHighMax)
    {
        return "high";
    }
    return "other";
}

std::string
GprsGiWindowClass(uint32_t windowBytes)
{
    if (windowBytes < kGprsGiWindowMediumMin)
    {
        return "low";
    }
    return windowBytes <= kGprsGiWindowHighMin ? "medium" : "high";
}

std::string
GprsGiEndName(GprsGiEnd end)
{
    switch (end)
    {
    case GprsGiEnd::FIN:
        return "fin";
    case GprsGiEnd::RST:
        return "rst";
    case GprsGiEnd::IDLE:
        return "idle";
    case GprsGiEnd::REUSED:
        return "reused";
    case GprsGiEnd::TRACE_END:
        break;
    }
    return "trace-end";
}

bool
GprsGiConnectionReport::Sack() const
{
    return mobileOptions.sackPermitted && serverOptions.sackPermitted;
}

bool
GprsGiConnectionReport::Timestamps() const
{
    return mobileOptions.timestamps && serverOptions.timestamps;
}

std::optional<double>
GprsGiConnectionReport::ChannelRate() const
{
    if (rateNs <= 0)
    {
        return std::nullopt;
    }
    return static_cast<double>(rateBytes) * 8e9 / static_cast<double>(rateNs);
}

std::optional<uint16_t>
GprsGiConnectionReport::Mss() const
{
    if (mobileOptions.mss)
    {
        return mobileOptions.mss;
    }
    if (largestSegmentDown == 0)
    {
        return std::nullopt;
    }
    return static_cast<uint16_t>(std::min<uint32_t>(largestSegmentDown, 65535));
}

bool
GprsGiConnectionReport::MssInferred() const
{
    return !mobileOptions.mss && largestSegmentDown > 0;
}

bool
GprsGiConnectionReport::Greedy() const
{
    return bytesDown > kGprsGiGreedyMinBytes;
}

std::optional<double>
GprsGiConnectionReport::Throughput() const
{
    if (!firstDataAckNs || !lastDataAckNs || *lastDataAckNs <= *firstDataAckNs)
    {
        return std::nullopt;
    }
    return static_cast<double>(throughputTcpBytes + throughputOtherBytes) * 8e9 /
           static_cast<double>(*lastDataAckNs - *firstDataAckNs);
}

double
GprsGiRatePeriod::Rate() const
{
    return endNs > startNs ? static_cast<double>(bytes) * 8e9 / static_cast<double>(endNs - startNs)
                           : 0.0;
}

bool
GprsGiPrefix::Contains(uint32_t a) const
{
    const uint32_t mask = length == 0 ? 0 : ~uint32_t{0} << (32 - length);
    return (a & mask) == (address & mask);
}

uint32_t
GprsGiParseAddress(const std::string& text)
{
    uint32_t a = 0;
    std::size_t pos = 0;
    for (int i = 0; i < 4; ++i)
    {
        std::size_t end = pos;
        while (end < text.size() && end - pos < 4 && text[end] >= '0' && text[end] <= '9')
        {
            ++end;
        }
        const bool separatorOk =
            i == 3 ? end == text.size() : end < text.size() && text[end] == '.';
        if (end == pos || end - pos > 3 || !separatorOk ||
            std::stoul(text.substr(pos, end - pos)) > 255)
        {
            throw std::invalid_argument("'" + text +
                                        "' is not an IPv4 address (allowed: a.b.c.d, "
                                        "each 0..255)");
        }
        a = (a << 8) | static_cast<uint32_t>(std::stoul(text.substr(pos, end - pos)));
        pos = end + 1;
    }
    return a;
}

GprsGiPrefix
GprsGiParsePrefix(const std::string& text)
{
    const std::size_t slash = text.find('/');
    const std::string allowed = " (allowed: a.b.c.d/len, len 0..32)";
    if (slash == std::string::npos || slash + 1 == text.size() || text.size() - slash > 3 ||
        text.find_first_not_of("0123456789", slash + 1) != std::string::npos)
    {
        throw std::invalid_argument("'" + text + "' is not an IPv4 prefix" + allowed);
    }
    GprsGiPrefix prefix;
    try
    {
        prefix.address = GprsGiParseAddress(text.substr(0, slash));
    }
    catch (const std::invalid_argument&)
    {
        throw std::invalid_argument("'" + text + "' is not an IPv4 prefix" + allowed);
    }
    const unsigned long length = std::stoul(text.substr(slash + 1));
    if (length > 32)
    {
        throw std::invalid_argument("'" + text + "' is not an IPv4 prefix" + allowed);
    }
    prefix.length = static_cast<uint8_t>(length);
    return prefix;
}

std::string
GprsGiAddressToString(uint32_t a)
{
    std::ostringstream s;
    s << (a >> 24) << '.' << ((a >> 16) & 0xff) << '.' << ((a >> 8) & 0xff) << '.' << (a & 0xff);
    return s.str();
}

namespace
{

/// \return the 64-bit value whose low 32 bits are `value - base` and that is nearest `reference`
int64_t
Unwrap(uint32_t value, uint32_t base, int64_t reference)
{
    const uint32_t offset = value - base;
    const auto referenceLow = static_cast<uint32_t>(reference);
    return reference + static_cast<int32_t>(offset - referenceLow);
}

/**
 * The sequence space of one direction as the monitor saw it: the highest octet sent and the
 * holes below it (octets the monitor has not seen), to tell a segment seen twice from one
 * filling a hole.
 */
class SequenceTracker
{
  public:
    /// What a segment was.
    struct Result
    {
        uint64_t newBytes = 0;   //!< octets above the highest seen before
        bool seenTwice = false;  //!< it was all seen before
        bool filledHole = false; //!< part of it was in a hole
    };

    /// \param base the sequence number of the first payload octet (SYN's + 1)
    void Start(uint32_t base)
    {
        m_started = true;
        m_base = base;
    }

    /// \return whether Start() was called
    bool Started() const
    {
        return m_started;
    }

    /// \return the first payload octet's sequence number
    uint32_t Base() const
    {
        return m_base;
    }

    /// \return octets above the base seen
    int64_t Highest() const
    {
        return m_highest;
    }

    /// \param seq a segment's sequence number
    /// \param length its payload octets (non-zero)
    /// \return what it was
    Result Segment(uint32_t seq, uint32_t length)
    {
        Result result;
        const int64_t begin = std::max<int64_t>(0, Unwrap(seq, m_base, m_highest));
        const int64_t end = std::max<int64_t>(begin, Unwrap(seq, m_base, m_highest) + length);
        if (end > m_highest)
        {
            if (begin > m_highest)
            {
                m_holes.emplace_back(m_highest, begin);
                if (m_holes.size() > kGprsGiMaxHoles)
                {
                    m_holes.erase(m_holes.begin());
                }
            }
            result.newBytes = static_cast<uint64_t>(end - std::max(begin, m_highest));
        }
        if (begin < m_highest)
        {
            result.filledHole = Fill(begin, std::min(end, m_highest));
            result.seenTwice = !result.filledHole;
        }
        m_highest = std::max(m_highest, end);
        return result;
    }

  private:
    /// Remove [begin, end) from the holes. \return whether any hole overlapped it
    bool Fill(int64_t begin, int64_t end)
    {
        bool filled = false;
        std::vector<std::pair<int64_t, int64_t>> kept;
        for (const auto& [b, e] : m_holes)
        {
            if (e <= begin || b >= end)
            {
                kept.emplace_back(b, e);
                continue;
            }
            filled = true;
            if (b < begin)
            {
                kept.emplace_back(b, begin);
            }
            if (e > end)
            {
                kept.emplace_back(end, e);
            }
        }
        m_holes.swap(kept);
        return filled;
    }

    bool m_started = false;                           //!< whether the base is known
    uint32_t m_base = 0;                              //!< first payload octet
    int64_t m_highest = 0;                            //!< end of the highest segment seen
    std::vector<std::pair<int64_t, int64_t>> m_holes; //!< unseen [begin, end), ascending
};

/// Addresses and ports of a connection, the mobile's first.
struct Key
{
    uint32_t mobile;     //!< mobile address
    uint32_t server;     //!< server address
    uint16_t mobilePort; //!< mobile port
    uint16_t serverPort; //!< server port

    /// \param o another key \return equality
    bool operator==(const Key& o) const
    {
        return mobile == o.mobile && server == o.server && mobilePort == o.mobilePort &&
               serverPort == o.serverPort;
    }
};

/// Hash of a Key.
struct KeyHash
{
    /// \param k the key \return its hash
    std::size_t operator()(const Key& k) const
    {
        const uint64_t a = (uint64_t{k.mobile} << 32) | k.server;
        const uint64_t b = (uint64_t{k.mobilePort} << 16) | k.serverPort;
        return std::hash<uint64_t>()(a * 0x9e3779b97f4a7c15ULL ^ b);
    }
};

/// State of a user between reports.
struct User
{
    GprsGiUserReport report; //!< what is reported
    int64_t lastNs = 0;      //!< last packet of the user
    uint32_t open = 0;       //!< open connections
    uint64_t downBytes = 0;  //!< downlink octets counted for B_other (all connections, all IP)
};

/// State of an open connection.
struct Connection
{
    GprsGiConnectionReport report; //!< what is reported
    SequenceTracker down;          //!< the server's sequence space
    SequenceTracker up;            //!< the mobile's sequence space
    uint32_t synSeq = 0;           //!< the opener's SYN sequence number
    int64_t lastSynNs = 0;         //!< latest SYN
    int64_t lastSynAckNs = 0;      //!< latest SYN-ACK
    bool established = false;      //!< the opener's first ACK was seen
    bool finMobile = false;        //!< the mobile sent a FIN
    bool finServer = false;        //!< the server sent a FIN
    bool mobileFinFirst = false;   //!< the mobile's FIN came first
    // Downlink acknowledgement state, relative to the server's base.
    bool haveAck = false;         //!< an ACK of the mobile was seen
    int64_t lastAck = 0;          //!< highest acknowledged
    int64_t lastAckNs = 0;        //!< when
    int64_t flightAfterAck = 0;   //!< flight size right after that ACK
    GprsGiRatePeriod period;      //!< channel-limited period being built
    uint64_t downAll = 0;         //!< downlink payload octets with retransmissions
    uint64_t otherAtFirstAck = 0; //!< user's other downlink octets at T_1Ack
};

/// \return a connection of the addresses and ports of key, first seen at firstNs
Connection
NewConnection(const Key& key, int64_t firstNs)
{
    Connection c;
    c.report.mobile = key.mobile;
    c.report.server = key.server;
    c.report.mobilePort = key.mobilePort;
    c.report.serverPort = key.serverPort;
    c.report.firstNs = firstNs;
    return c;
}

} // namespace

/// The analyzer's state.
class GprsGiAnalyzer::Impl
{
  public:
    /// \param config settings
    explicit Impl(const GprsGiAnalyzerConfig& config)
        : m_config(config)
    {
    }

    void Add(const GprsGiPacket& p);
    void Finish();

    GprsGiAnalyzerConfig m_config;                                     //!< settings
    Counters m_counters;                                               //!< counts
    std::unordered_map<Key, Connection, KeyHash> m_connections;        //!< open connections
    std::unordered_map<uint32_t, User> m_users;                        //!< active users
    std::function<void(const GprsGiConnectionReport&)> m_onConnection; //!< callback
    std::function<void(const GprsGiUserReport&)> m_onUser;             //!< callback
    std::function<void(const GprsGiRatePeriod&)> m_onRate;             //!< callback
    int64_t m_now = 0;                                                 //!< latest packet time
    int64_t m_nextSweepNs = 0;                                         //!< next idle scan
    bool m_started = false;                                            //!< a packet was seen

  private:
    /// \return the user of address a, created when new
    User& GetUser(uint32_t a);
    /// Report and free a connection.
    void Close(std::unordered_map<Key, Connection, KeyHash>::iterator it, GprsGiEnd end);
    /// Report and free idle connections and users.
    void Sweep();
    /// Handle a TCP segment of a known connection.
    void Segment(Connection& c, const GprsGiPacket& p, bool fromMobile);
    /// Handle an ACK of the mobile for downlink data.
    void MobileAck(Connection& c, const GprsGiPacket& p);
    /// Close the channel-limited period being built, counting it when large enough.
    void EndPeriod(Connection& c);
};

User&
GprsGiAnalyzer::Impl::GetUser(uint32_t a)
{
    auto [it, inserted] = m_users.try_emplace(a);
    if (inserted)
    {
        it->second.report.address = a;
        it->second.report.firstNs = m_now;
        it->second.lastNs = INT64_MIN / 2;
    }
    return it->second;
}

void
GprsGiAnalyzer::Impl::EndPeriod(Connection& c)
{
    if (c.period.bytes > m_config.rateMinBytes && c.period.endNs > c.period.startNs)
    {
        c.report.ratePeriods++;
        c.report.rateBytes += c.period.bytes;
        c.report.rateNs += c.period.endNs - c.period.startNs;
        if (m_onRate)
        {
            m_onRate(c.period);
        }
    }
    c.period.bytes = 0;
}

void
GprsGiAnalyzer::Impl::Close(std::unordered_map<Key, Connection, KeyHash>::iterator it,
                            GprsGiEnd end)
{
    Connection& c = it->second;
    EndPeriod(c);
    c.report.end = end;
    c.report.bytesDown = static_cast<uint64_t>(c.down.Highest());
    c.report.bytesUp = static_cast<uint64_t>(c.up.Highest());
    auto user = m_users.find(c.report.mobile);
    if (user != m_users.end())
    {
        user->second.open--;
        user->second.report.connections++;
    }
    m_counters.connections++;
    if (m_onConnection)
    {
        m_onConnection(c.report);
    }
    m_connections.erase(it);
}

void
GprsGiAnalyzer::Impl::Sweep()
{
    for (auto it = m_connections.begin(); it != m_connections.end();)
    {
        auto next = std::next(it);
        if (m_now - it->second.report.lastNs > m_config.idleTimeoutNs)
        {
            Close(it, GprsGiEnd::IDLE);
        }
        it = next;
    }
    for (auto it = m_users.begin(); it != m_users.end();)
    {
        if (it->second.open == 0 && m_now - it->second.lastNs > m_config.backgroundWindowNs)
        {
            m_counters.users++;
            if (m_onUser)
            {
                m_onUser(it->second.report);
            }
            it = m_users.erase(it);
        }
        else
        {
            ++it;
        }
    }
}

void
GprsGiAnalyzer::Impl::MobileAck(Connection& c, const GprsGiPacket& p)
{
    const int64_t ack = Unwrap(p.ack, c.down.Base(), c.haveAck ? c.lastAck : 0);
    if (c.haveAck && ack <= c.lastAck)
    {
        return; // a duplicate: the interval goes on to the next ACK of new data
    }
    const User& user = m_users.at(c.report.mobile);
    const uint64_t other = user.downBytes - c.downAll;
    if (ack > 0)
    {
        if (!c.report.firstDataAckNs)
        {
            c.report.firstDataAckNs = p.timeNs;
            c.otherAtFirstAck = other;
        }
        else
        {
            // T_2Ack: the latest ACK of new data; B_tcp the octets acknowledged since T_1Ack.
            c.report.lastDataAckNs = p.timeNs;
            c.report.throughputTcpBytes += static_cast<uint64_t>(ack - c.lastAck);
            c.report.throughputOtherBytes = other - c.otherAtFirstAck;
        }
    }
    // The interval since the previous ACK was channel-limited if the flight left by that ACK
    // was above the threshold: the bottleneck queue did not run dry in it.
    if (c.haveAck && c.flightAfterAck > m_config.rateFlightBytes)
    {
        if (c.period.bytes == 0)
        {
            c.period.mobile = c.report.mobile;
            c.period.startNs = c.lastAckNs;
        }
        c.period.bytes += static_cast<uint64_t>(ack - c.lastAck);
        c.period.endNs = p.timeNs;
    }
    else
    {
        EndPeriod(c);
    }
    c.haveAck = true;
    c.lastAck = ack;
    c.lastAckNs = p.timeNs;
    c.flightAfterAck = c.down.Highest() - ack;
}

void
GprsGiAnalyzer::Impl::Segment(Connection& c, const GprsGiPacket& p, bool fromMobile)
{
    GprsGiConnectionReport& r = c.report;
    const bool opener = fromMobile == r.mobileOpened;
    const bool syn = p.flags & GPRS_GI_SYN;
    const bool ack = p.flags & GPRS_GI_ACK;
    if (syn && ack && !opener && r.synSeen)
    {
        if (r.synAcks == 0)
        {
            (fromMobile ? r.mobileOptions : r.serverOptions) = p.options;
            if (fromMobile)
            {
                r.mobileWindow = p.window;
            }
            (fromMobile ? c.up : c.down).Start(p.seq + 1);
        }
        r.synAcks++;
        c.lastSynAckNs = p.timeNs;
        if (!r.mobileOpened && r.syns == 1 && r.synAcks == 1)
        {
            r.accessRttNs = p.timeNs - c.lastSynNs;
        }
        else if (!r.mobileOpened)
        {
            r.accessRttNs.reset();
        }
        return;
    }
    if (syn)
    {
        return; // a SYN of another direction than the opener's: a simultaneous open, ignored
    }
    if (ack && opener && r.synSeen && r.synAcks > 0 && !c.established)
    {
        c.established = true;
        r.setupDelayNs = p.timeNs - r.firstNs;
        r.setupClass = r.syns > 1      ? GprsGiSetupClass::SYN_RETRANSMITTED
                       : r.synAcks > 1 ? GprsGiSetupClass::SYN_ACK_RETRANSMITTED
                                       : GprsGiSetupClass::ONE_SYN_ONE_SYN_ACK;
        if (r.mobileOpened && r.synAcks == 1)
        {
            r.accessRttNs = p.timeNs - c.lastSynAckNs;
        }
    }
    SequenceTracker& tracker = fromMobile ? c.up : c.down;
    if (!tracker.Started())
    {
        tracker.Start(p.seq); // joined mid-stream: sequence space from the first segment seen
    }
    if (p.payload > 0)
    {
        const SequenceTracker::Result s = tracker.Segment(p.seq, p.payload);
        if (fromMobile)
        {
            r.accessLossUp += s.filledHole;
            r.internetLossUp += s.seenTwice;
        }
        else
        {
            r.accessLossDown += s.seenTwice;
            r.internetLossDown += s.filledHole;
            c.downAll += p.payload;
            r.largestSegmentDown = std::max(r.largestSegmentDown, p.payload);
        }
    }
    if (fromMobile && ack && c.down.Started())
    {
        MobileAck(c, p);
    }
    if (p.flags & GPRS_GI_FIN)
    {
        if (!c.finMobile && !c.finServer)
        {
            c.mobileFinFirst = fromMobile;
        }
        (fromMobile ? c.finMobile : c.finServer) = true;
    }
    else if (c.finMobile && c.finServer && ack && p.payload == 0 && fromMobile == c.mobileFinFirst)
    {
        c.report.end = GprsGiEnd::FIN; // the last ACK, from the end that closed first
    }
}

void
GprsGiAnalyzer::Impl::Add(const GprsGiPacket& packet)
{
    m_counters.packets++;
    GprsGiPacket p = packet;
    if (m_started && p.timeNs < m_now)
    {
        m_counters.timeReversals++;
        p.timeNs = m_now;
    }
    m_now = p.timeNs;
    if (!m_started)
    {
        m_started = true;
        m_nextSweepNs = m_now;
    }
    if (m_now >= m_nextSweepNs)
    {
        Sweep();
        m_nextSweepNs = m_now + 1'000'000'000;
    }

    // Which end is the mobile: the prefix decides; without one, a known user or a SYN's source.
    const auto& prefix = m_config.mobilePrefix;
    const bool synOnly =
        p.protocol == kGprsGiProtocolTcp && (p.flags & GPRS_GI_SYN) && !(p.flags & GPRS_GI_ACK);
    std::optional<bool> fromMobile;
    if (prefix)
    {
        if (prefix->Contains(p.source))
        {
            fromMobile = true;
        }
        else if (prefix->Contains(p.destination))
        {
            fromMobile = false;
        }
    }
    else if (p.protocol == kGprsGiProtocolTcp)
    {
        const Key asSource{p.source, p.destination, p.sourcePort, p.destinationPort};
        const Key asDestination{p.destination, p.source, p.destinationPort, p.sourcePort};
        if (m_connections.count(asSource))
        {
            fromMobile = true;
        }
        else if (m_connections.count(asDestination) || (!synOnly && m_users.count(p.destination)))
        {
            fromMobile = false;
        }
        else if (synOnly || m_users.count(p.source))
        {
            fromMobile = true;
        }
    }
    else if (m_users.count(p.source))
    {
        fromMobile = true;
    }
    else if (m_users.count(p.destination))
    {
        fromMobile = false;
    }
    if (p.protocol == kGprsGiProtocolTcp)
    {
        m_counters.tcpPackets++;
    }
    if (!fromMobile)
    {
        if (p.protocol == kGprsGiProtocolTcp)
        {
            m_counters.unattributed++;
        }
        return;
    }
    const uint32_t mobile = *fromMobile ? p.source : p.destination;
    User& user = GetUser(mobile);
    const int64_t userLastNs = user.lastNs;
    user.lastNs = p.timeNs;
    user.report.lastNs = p.timeNs;
    (*fromMobile ? user.report.ipBytesUp : user.report.ipBytesDown) += p.ipLength;
    if (p.protocol != kGprsGiProtocolTcp)
    {
        if (!*fromMobile)
        {
            user.downBytes += p.ipLength;
        }
        return;
    }
    if (!*fromMobile)
    {
        user.downBytes += p.payload;
    }
    const Key key = *fromMobile ? Key{p.source, p.destination, p.sourcePort, p.destinationPort}
                                : Key{p.destination, p.source, p.destinationPort, p.sourcePort};
    auto it = m_connections.find(key);
    if (synOnly)
    {
        if (it != m_connections.end() &&
            (!it->second.report.synSeen || it->second.synSeq != p.seq ||
             it->second.report.mobileOpened != *fromMobile))
        {
            Close(it, GprsGiEnd::REUSED);
            it = m_connections.end();
        }
        if (it == m_connections.end())
        {
            Connection c = NewConnection(key, p.timeNs);
            c.report.synSeen = true;
            c.report.mobileOpened = *fromMobile;
            c.report.background = p.timeNs - userLastNs <= m_config.backgroundWindowNs;
            c.synSeq = p.seq;
            (*fromMobile ? c.report.mobileOptions : c.report.serverOptions) = p.options;
            if (*fromMobile)
            {
                c.report.mobileWindow = p.window;
            }
            (*fromMobile ? c.up : c.down).Start(p.seq + 1);
            it = m_connections.emplace(key, std::move(c)).first;
            user.open++;
        }
        it->second.report.syns++;
        it->second.lastSynNs = p.timeNs;
        it->second.report.lastNs = p.timeNs;
        return;
    }
    if (it == m_connections.end())
    {
        if (!prefix)
        {
            m_counters.unattributed++;
            return;
        }
        // With a prefix, a connection whose SYN the capture missed is followed from here.
        it = m_connections.emplace(key, NewConnection(key, p.timeNs)).first;
        user.open++;
    }
    Connection& c = it->second;
    c.report.lastNs = p.timeNs;
    Segment(c, p, *fromMobile);
    if (p.flags & GPRS_GI_RST)
    {
        Close(it, GprsGiEnd::RST);
    }
    else if (c.report.end == GprsGiEnd::FIN)
    {
        Close(it, GprsGiEnd::FIN);
    }
}

void
GprsGiAnalyzer::Impl::Finish()
{
    while (!m_connections.empty())
    {
        Close(m_connections.begin(), GprsGiEnd::TRACE_END);
    }
    m_now = INT64_MAX / 2;
    Sweep();
}

GprsGiAnalyzer::GprsGiAnalyzer(const GprsGiAnalyzerConfig& config)
    : m_impl(std::make_unique<Impl>(config))
{
}

GprsGiAnalyzer::~GprsGiAnalyzer() = default;

void
GprsGiAnalyzer::SetConnectionCallback(std::function<void(const GprsGiConnectionReport&)> cb)
{
    m_impl->m_onConnection = std::move(cb);
}

void
GprsGiAnalyzer::SetUserCallback(std::function<void(const GprsGiUserReport&)> cb)
{
    m_impl->m_onUser = std::move(cb);
}

void
GprsGiAnalyzer::SetRateCallback(std::function<void(const GprsGiRatePeriod&)> cb)
{
    m_impl->m_onRate = std::move(cb);
}

void
GprsGiAnalyzer::Add(const GprsGiPacket& packet)
{
    m_impl->Add(packet);
}

void
GprsGiAnalyzer::Finish()
{
    m_impl->Finish();
}

std::size_t
GprsGiAnalyzer::OpenConnections() const
{
    return m_impl->m_connections.size();
}

std::size_t
GprsGiAnalyzer::OpenUsers() const
{
    return m_impl->m_users.size();
}

const GprsGiAnalyzer::Counters&
GprsGiAnalyzer::GetCounters() const
{
    return m_impl->m_counters;
}

} // namespace ns3
