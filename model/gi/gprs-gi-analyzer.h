/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_GI_ANALYZER_H
#define GPRS_GI_ANALYZER_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Passive analysis of TCP/IPv4 headers seen at the Gi interface, after P. Benko, G. Malicsko
 * and A. Veres, "A large-scale, passive analysis of end-to-end TCP performance over GPRS",
 * IEEE INFOCOM 2004 (below: Benko et al.). Pure C++: no Simulator; doc/gprs-gi-analyzer.rst.inc
 * states how each of the paper's definitions is read.
 */

namespace ns3
{

/// TCP flag bits of the header's flags octet (RFC 9293 clause 3.1).
enum GprsGiTcpFlag : uint8_t
{
    GPRS_GI_FIN = 0x01, //!< FIN
    GPRS_GI_SYN = 0x02, //!< SYN
    GPRS_GI_RST = 0x04, //!< RST
    GPRS_GI_PSH = 0x08, //!< PSH
    GPRS_GI_ACK = 0x10, //!< ACK
};

/// IP protocol number of TCP (IANA).
constexpr uint8_t kGprsGiProtocolTcp = 6;

/// "traffic of the same user in the 5 s before" the first SYN (Benko et al., setup tree).
constexpr int64_t kGprsGiBackgroundWindowNs = 5'000'000'000;
/// Flight size above which the downlink is taken as channel-limited: 4500 bytes (Benko et al.,
/// channel-rate estimate).
constexpr uint32_t kGprsGiRateFlightBytes = 4500;
/// A channel-limited period counts only with more than 16 KB in it (Benko et al.).
constexpr uint64_t kGprsGiRateMinBytes = 16 * 1024;
/// Greedy flows are those with more than 100 KB downlink (Benko et al., throughput).
constexpr uint64_t kGprsGiGreedyMinBytes = 100 * 1024;
/// MSS classes of Benko et al.: low 400-600 bytes, high 1400-1600 bytes.
constexpr uint16_t kGprsGiMssLowMin = 400;
constexpr uint16_t kGprsGiMssLowMax = 600;   //!< \see kGprsGiMssLowMin
constexpr uint16_t kGprsGiMssHighMin = 1400; //!< \see kGprsGiMssLowMin
constexpr uint16_t kGprsGiMssHighMax = 1600; //!< \see kGprsGiMssLowMin
/// Receiver window classes of Benko et al.: low under 10 KB, medium 10-20 KB, high over 20 KB.
constexpr uint32_t kGprsGiWindowMediumMin = 10 * 1024;
constexpr uint32_t kGprsGiWindowHighMin = 20 * 1024; //!< \see kGprsGiWindowMediumMin
/**
 * A connection with no packet for this long is reported and freed: twice TCP's largest
 * retransmission timeout of 60 s (RFC 6298 clause 2.5), so that a connection stalled in
 * back-off is not cut. Not from Benko et al. (who worked offline); an option of the program.
 */
constexpr int64_t kGprsGiIdleTimeoutNs = 120'000'000'000;
/// Sequence holes remembered per direction (oldest dropped beyond): more than the segments of
/// a 64 KB window at the smallest MSS class (65535 / 400 = 164); the analyzer's own bound.
constexpr std::size_t kGprsGiMaxHoles = 256;

/// TCP options of a SYN or SYN-ACK (RFC 9293 clause 3.2, RFC 7323, RFC 2018).
struct GprsGiTcpOptions
{
    std::optional<uint16_t> mss;        //!< Maximum Segment Size option
    std::optional<uint8_t> windowScale; //!< Window Scale option's shift
    bool sackPermitted = false;         //!< SACK-Permitted option
    bool timestamps = false;            //!< Timestamps option
};

/// One IPv4 packet as the monitor saw it: its headers only.
struct GprsGiPacket
{
    int64_t timeNs = 0;           //!< capture time
    uint32_t source = 0;          //!< IPv4 source address, host order
    uint32_t destination = 0;     //!< IPv4 destination address, host order
    uint8_t protocol = 0;         //!< IP protocol (kGprsGiProtocolTcp for the fields below)
    uint16_t ipLength = 0;        //!< IPv4 total length
    uint16_t sourcePort = 0;      //!< TCP source port
    uint16_t destinationPort = 0; //!< TCP destination port
    uint32_t seq = 0;             //!< sequence number
    uint32_t ack = 0;             //!< acknowledgment number
    uint8_t flags = 0;            //!< GprsGiTcpFlag bits
    uint16_t window = 0;          //!< window field as sent (unscaled)
    uint32_t payload = 0;         //!< TCP payload octets (from the IP length, not the capture)
    GprsGiTcpOptions options;     //!< options (those of a SYN or SYN-ACK are used)
};

/// Branch of Benko et al.'s set-up delay tree.
enum class GprsGiSetupClass : uint8_t
{
    NONE,                  //!< no SYN seen, or the handshake never completed
    ONE_SYN_ONE_SYN_ACK,   //!< one SYN and one SYN-ACK
    SYN_RETRANSMITTED,     //!< the SYN was sent more than once (whatever the SYN-ACKs)
    SYN_ACK_RETRANSMITTED, //!< one SYN, more than one SYN-ACK
};

/// \return the class's name as in the CSV ("none", "1syn-1synack", "syn-rtx", "synack-rtx")
std::string GprsGiSetupClassName(GprsGiSetupClass c);

/// \return "low", "high" or "other" by Benko et al.'s MSS classes; "none" without an MSS
std::string GprsGiMssClass(std::optional<uint16_t> mss);

/// \return "low", "medium" or "high" by Benko et al.'s receiver window classes
std::string GprsGiWindowClass(uint32_t windowBytes);

/// Why a connection was reported.
enum class GprsGiEnd : uint8_t
{
    FIN,       //!< both FINs, then the last ACK
    RST,       //!< a reset
    IDLE,      //!< no packet for the idle timeout
    REUSED,    //!< a new SYN on the same addresses and ports
    TRACE_END, //!< the trace ended
};

/// \return "fin", "rst", "idle", "reused" or "trace-end"
std::string GprsGiEndName(GprsGiEnd end);

/// What the analyzer found about one TCP connection. Times in ns of the capture's clock.
struct GprsGiConnectionReport
{
    uint32_t mobile = 0;                                  //!< the user's address
    uint16_t mobilePort = 0;                              //!< the user's port
    uint32_t server = 0;                                  //!< the other end's address
    uint16_t serverPort = 0;                              //!< the other end's port
    bool synSeen = false;                                 //!< whether the first SYN was captured
    bool mobileOpened = false;                            //!< whether the SYN came from the mobile
    GprsGiEnd end = GprsGiEnd::TRACE_END;                 //!< why it was reported
    int64_t firstNs = 0;                                  //!< first packet
    int64_t lastNs = 0;                                   //!< last packet
    uint32_t syns = 0;                                    //!< SYNs seen (with retransmissions)
    uint32_t synAcks = 0;                                 //!< SYN-ACKs seen (with retransmissions)
    GprsGiSetupClass setupClass = GprsGiSetupClass::NONE; //!< branch of the tree
    bool background = false; //!< the user had other traffic in the 5 s before the first SYN
    std::optional<int64_t> setupDelayNs; //!< first SYN to the opener's first ACK
    /// GPRS-side RTT: SYN-ACK to the mobile's ACK when the mobile opened, SYN to the mobile's
    /// SYN-ACK when the server did; only when that handshake packet was sent once (Karn).
    std::optional<int64_t> accessRttNs;
    GprsGiTcpOptions mobileOptions;        //!< options of the mobile's SYN or SYN-ACK
    GprsGiTcpOptions serverOptions;        //!< options of the server's SYN or SYN-ACK
    std::optional<uint16_t> mobileWindow;  //!< window of the mobile's SYN or SYN-ACK (unscaled)
    uint64_t bytesDown = 0;                //!< distinct downlink payload octets
    uint32_t largestSegmentDown = 0;       //!< largest downlink payload of one segment
    uint64_t bytesUp = 0;                  //!< distinct uplink payload octets
    uint32_t accessLossDown = 0;           //!< downlink segments seen twice at the monitor
    uint32_t internetLossDown = 0;         //!< downlink segments filling a hole never seen before
    uint32_t accessLossUp = 0;             //!< uplink segments filling a hole never seen before
    uint32_t internetLossUp = 0;           //!< uplink segments seen twice at the monitor
    uint32_t ratePeriods = 0;              //!< channel-limited periods counted
    uint64_t rateBytes = 0;                //!< octets acknowledged in them
    int64_t rateNs = 0;                    //!< their total duration
    std::optional<int64_t> firstDataAckNs; //!< T_1Ack
    std::optional<int64_t> lastDataAckNs;  //!< T_2Ack
    uint64_t throughputTcpBytes = 0;       //!< B_tcp: acknowledged between T_1Ack and T_2Ack
    uint64_t throughputOtherBytes = 0;     //!< B_other: the user's other downlink octets then

    /**
     * The MSS that bounds the downlink segments: the mobile's MSS option when its SYN or
     * SYN-ACK carried one; without the option (ns-3's TCP sends none), the largest downlink
     * segment's payload, which equals the sender's MSS once a full segment was sent (a
     * greedy flow's are), less 12 octets when a real sender puts timestamps in the MSS.
     * \return it, or nothing without the option and without downlink data
     */
    std::optional<uint16_t> Mss() const;
    /// \return whether Mss() comes from the largest segment (no MSS option was seen)
    bool MssInferred() const;
    /// \return mobileOptions.sackPermitted and serverOptions.sackPermitted
    bool Sack() const;
    /// \return both ends sent the Timestamps option
    bool Timestamps() const;
    /// \return rateBytes * 8 / rateNs in bit/s, if any period was counted
    std::optional<double> ChannelRate() const;
    /// \return whether bytesDown is over kGprsGiGreedyMinBytes
    bool Greedy() const;
    /// \return R = 8 (B_tcp + B_other) / (T_2Ack - T_1Ack) in bit/s, if T_2Ack > T_1Ack
    std::optional<double> Throughput() const;
};

/// What the analyzer found about one user (mobile address) over a busy spell: reported once it
/// has no open connection and no packet for the background window (5 s).
struct GprsGiUserReport
{
    uint32_t address = 0;     //!< the mobile's address
    int64_t firstNs = 0;      //!< first packet of the spell
    int64_t lastNs = 0;       //!< last packet of the spell
    uint32_t connections = 0; //!< TCP connections reported in the spell
    uint64_t ipBytesDown = 0; //!< IPv4 octets towards the mobile
    uint64_t ipBytesUp = 0;   //!< IPv4 octets from the mobile
};

/// One channel-limited period (Benko et al.'s available channel rate estimate).
struct GprsGiRatePeriod
{
    uint32_t mobile = 0; //!< the mobile
    int64_t startNs = 0; //!< ACK opening the period
    int64_t endNs = 0;   //!< last ACK in it
    uint64_t bytes = 0;  //!< octets acknowledged in it

    /// \return bytes * 8 / (endNs - startNs) in bit/s
    double Rate() const;
};

/// An IPv4 prefix such as 10.1.0.0/16.
struct GprsGiPrefix
{
    uint32_t address = 0; //!< network address, host order
    uint8_t length = 0;   //!< prefix length 0..32

    /// \return whether a is inside the prefix
    bool Contains(uint32_t a) const;
};

/**
 * \param text "a.b.c.d/len"
 * \return the prefix
 * \throw std::invalid_argument naming the text and the form allowed
 */
GprsGiPrefix GprsGiParsePrefix(const std::string& text);
/**
 * \param text "a.b.c.d"
 * \return the address in host order
 * \throw std::invalid_argument naming the text
 */
uint32_t GprsGiParseAddress(const std::string& text);
/// \return a in dotted decimal
std::string GprsGiAddressToString(uint32_t a);

/// Settings of GprsGiAnalyzer: each default is Benko et al.'s (see the constants).
struct GprsGiAnalyzerConfig
{
    /// Mobile addresses; without one, the mobile is the source of each connection's SYN.
    std::optional<GprsGiPrefix> mobilePrefix;
    int64_t backgroundWindowNs = kGprsGiBackgroundWindowNs; //!< \see kGprsGiBackgroundWindowNs
    uint32_t rateFlightBytes = kGprsGiRateFlightBytes;      //!< \see kGprsGiRateFlightBytes
    uint64_t rateMinBytes = kGprsGiRateMinBytes;            //!< \see kGprsGiRateMinBytes
    int64_t idleTimeoutNs = kGprsGiIdleTimeoutNs;           //!< \see kGprsGiIdleTimeoutNs
};

/**
 * \ingroup gprs
 * Streaming analyzer of Gi-interface headers. Add() the packets in capture order; each
 * connection is reported (and its state freed) when it ends (FIN, RST, idle, reuse), each
 * user when idle, and everything still open at Finish(). Memory holds only open connections
 * and users active in the last background window.
 */
class GprsGiAnalyzer
{
  public:
    /// Counts of what the analyzer saw.
    struct Counters
    {
        uint64_t packets = 0;       //!< packets given to Add()
        uint64_t tcpPackets = 0;    //!< TCP segments
        uint64_t unattributed = 0;  //!< TCP segments outside a connection it knows (no SYN)
        uint64_t timeReversals = 0; //!< packets earlier than the one before (taken as equal)
        uint64_t connections = 0;   //!< connections reported
        uint64_t users = 0;         //!< user spells reported
    };

    /// \param config the settings
    explicit GprsGiAnalyzer(const GprsGiAnalyzerConfig& config = GprsGiAnalyzerConfig());
    ~GprsGiAnalyzer();
    GprsGiAnalyzer(const GprsGiAnalyzer&) = delete;
    GprsGiAnalyzer& operator=(const GprsGiAnalyzer&) = delete;

    /// \param cb called with each connection as it is reported
    void SetConnectionCallback(std::function<void(const GprsGiConnectionReport&)> cb);
    /// \param cb called with each user spell as it is reported
    void SetUserCallback(std::function<void(const GprsGiUserReport&)> cb);
    /// \param cb called with each channel-limited period counted
    void SetRateCallback(std::function<void(const GprsGiRatePeriod&)> cb);

    /// \param packet the next packet in capture order
    void Add(const GprsGiPacket& packet);
    /// Report every open connection (end TRACE_END) and every user.
    void Finish();

    /// \return connections held
    std::size_t OpenConnections() const;
    /// \return users held
    std::size_t OpenUsers() const;
    /// \return the counts so far
    const Counters& GetCounters() const;

  private:
    class Impl;
    std::unique_ptr<Impl> m_impl; //!< the state
};

} // namespace ns3

#endif // GPRS_GI_ANALYZER_H
