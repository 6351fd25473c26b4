/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-gi-analyzer.h"
#include "ns3/gprs-gi-pcap.h"
#include "ns3/gprs-gi-summary.h"
#include "ns3/pcap-file.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

constexpr int64_t kMs = 1'000'000; //!< ns per ms
const uint32_t kMobile = GprsGiParseAddress("10.1.0.2");
const uint32_t kServer = GprsGiParseAddress("192.0.2.1");
constexpr uint16_t kMobilePort = 40000;
constexpr uint16_t kServerPort = 80;
constexpr uint32_t kMobileIsn = 1000;
constexpr uint32_t kServerIsn = 0xfffff000; // wraps within the first 4 KB of data

/// A segment of the test connection.
GprsGiPacket
Segment(int64_t timeNs,
        bool fromMobile,
        uint8_t flags,
        uint32_t seq,
        uint32_t ack,
        uint32_t payload = 0,
        uint16_t mobilePort = kMobilePort)
{
    GprsGiPacket p;
    p.timeNs = timeNs;
    p.protocol = kGprsGiProtocolTcp;
    p.source = fromMobile ? kMobile : kServer;
    p.destination = fromMobile ? kServer : kMobile;
    p.sourcePort = fromMobile ? mobilePort : kServerPort;
    p.destinationPort = fromMobile ? kServerPort : mobilePort;
    p.seq = seq;
    p.ack = ack;
    p.flags = flags;
    p.window = 16384;
    p.payload = payload;
    p.ipLength = static_cast<uint16_t>(40 + payload);
    return p;
}

/// Collects the reports of an analyzer.
struct Collector
{
    GprsGiAnalyzer analyzer;                         //!< the analyzer
    std::vector<GprsGiConnectionReport> connections; //!< reported connections
    std::vector<GprsGiUserReport> users;             //!< reported users
    std::vector<GprsGiRatePeriod> periods;           //!< counted periods

    explicit Collector(const GprsGiAnalyzerConfig& config = GprsGiAnalyzerConfig())
        : analyzer(config)
    {
        analyzer.SetConnectionCallback(
            [this](const GprsGiConnectionReport& r) { connections.push_back(r); });
        analyzer.SetUserCallback([this](const GprsGiUserReport& r) { users.push_back(r); });
        analyzer.SetRateCallback([this](const GprsGiRatePeriod& r) { periods.push_back(r); });
    }

    /// \return the only connection reported after Finish()
    GprsGiConnectionReport Only()
    {
        analyzer.Finish();
        EXPECT_EQ(connections.size(), 1u);
        return connections.empty() ? GprsGiConnectionReport() : connections.front();
    }
};

/// The mobile's first SYN at t0, SYN-ACK and ACK at the times given.
void
Handshake(GprsGiAnalyzer& a, int64_t synNs, int64_t synAckNs, int64_t ackNs)
{
    a.Add(Segment(synNs, true, GPRS_GI_SYN, kMobileIsn, 0));
    a.Add(Segment(synAckNs, false, GPRS_GI_SYN | GPRS_GI_ACK, kServerIsn, kMobileIsn + 1));
    a.Add(Segment(ackNs, true, GPRS_GI_ACK, kMobileIsn + 1, kServerIsn + 1));
}

TEST(GprsGiAnalyzerTest, OneSynOneSynAckGivesSetupDelayAndRtt)
{
    Collector c;
    Handshake(c.analyzer, 1000 * kMs, 1300 * kMs, 2050 * kMs);
    const auto r = c.Only();
    EXPECT_EQ(r.setupClass, GprsGiSetupClass::ONE_SYN_ONE_SYN_ACK);
    EXPECT_TRUE(r.mobileOpened);
    EXPECT_FALSE(r.background);
    ASSERT_TRUE(r.setupDelayNs);
    EXPECT_EQ(*r.setupDelayNs, 1050 * kMs);
    ASSERT_TRUE(r.accessRttNs);
    EXPECT_EQ(*r.accessRttNs, 750 * kMs); // SYN-ACK to the mobile's ACK, exactly
}

TEST(GprsGiAnalyzerTest, SynRetransmissionLandsInItsBranch)
{
    Collector c;
    c.analyzer.Add(Segment(0, true, GPRS_GI_SYN, kMobileIsn, 0));
    c.analyzer.Add(Segment(3000 * kMs, true, GPRS_GI_SYN, kMobileIsn, 0)); // after a 3 s RTO
    c.analyzer.Add(
        Segment(3400 * kMs, false, GPRS_GI_SYN | GPRS_GI_ACK, kServerIsn, kMobileIsn + 1));
    c.analyzer.Add(Segment(4100 * kMs, true, GPRS_GI_ACK, kMobileIsn + 1, kServerIsn + 1));
    const auto r = c.Only();
    EXPECT_EQ(r.syns, 2u);
    EXPECT_EQ(r.synAcks, 1u);
    EXPECT_EQ(r.setupClass, GprsGiSetupClass::SYN_RETRANSMITTED);
    EXPECT_EQ(GprsGiSetupClassName(r.setupClass), "syn-rtx");
    EXPECT_EQ(*r.setupDelayNs, 4100 * kMs); // from the first SYN
    EXPECT_EQ(*r.accessRttNs, 700 * kMs);   // one SYN-ACK: unambiguous
}

TEST(GprsGiAnalyzerTest, SynAckRetransmissionHasNoRtt)
{
    Collector c;
    c.analyzer.Add(Segment(0, true, GPRS_GI_SYN, kMobileIsn, 0));
    c.analyzer.Add(
        Segment(200 * kMs, false, GPRS_GI_SYN | GPRS_GI_ACK, kServerIsn, kMobileIsn + 1));
    c.analyzer.Add(
        Segment(3200 * kMs, false, GPRS_GI_SYN | GPRS_GI_ACK, kServerIsn, kMobileIsn + 1));
    c.analyzer.Add(Segment(3900 * kMs, true, GPRS_GI_ACK, kMobileIsn + 1, kServerIsn + 1));
    const auto r = c.Only();
    EXPECT_EQ(r.setupClass, GprsGiSetupClass::SYN_ACK_RETRANSMITTED);
    EXPECT_EQ(*r.setupDelayNs, 3900 * kMs);
    EXPECT_FALSE(r.accessRttNs); // Karn: which SYN-ACK was answered is unknown
}

TEST(GprsGiAnalyzerTest, BackgroundIsTheUsersTrafficInTheFiveSecondsBefore)
{
    for (const int64_t gapMs : {4999, 5001})
    {
        Collector c;
        GprsGiPacket other = Segment(0, false, 0, 0, 0);
        other.protocol = 17; // a UDP packet to the mobile, known as a user from a first SYN
        Handshake(c.analyzer, 0, 100 * kMs, 200 * kMs);
        c.analyzer.Add(Segment(300 * kMs, true, GPRS_GI_RST | GPRS_GI_ACK, kMobileIsn + 1, 0));
        other.timeNs = 1000 * kMs;
        c.analyzer.Add(other);
        const int64_t synNs = (1000 + gapMs) * kMs;
        c.analyzer.Add(Segment(synNs, true, GPRS_GI_SYN, 77, 0, 0, kMobilePort + 1));
        c.analyzer.Finish();
        ASSERT_EQ(c.connections.size(), 2u);
        EXPECT_EQ(c.connections[1].background, gapMs < 5000) << gapMs;
    }
}

/// IPv4 + TCP headers of a SYN or SYN-ACK carrying the options given.
std::vector<uint8_t>
SynBytes(bool fromMobile, bool ack, const std::vector<uint8_t>& options)
{
    const std::size_t tcpLength = 20 + options.size();
    std::vector<uint8_t> b(20 + tcpLength, 0);
    const auto put16 = [&b](std::size_t at, uint32_t v) {
        b[at] = static_cast<uint8_t>(v >> 8);
        b[at + 1] = static_cast<uint8_t>(v);
    };
    const auto put32 = [&put16](std::size_t at, uint32_t v) {
        put16(at, v >> 16);
        put16(at + 2, v & 0xffff);
    };
    b[0] = 0x45;
    put16(2, static_cast<uint32_t>(b.size()));
    b[8] = 64;
    b[9] = kGprsGiProtocolTcp;
    put32(12, fromMobile ? kMobile : kServer);
    put32(16, fromMobile ? kServer : kMobile);
    put16(20, fromMobile ? kMobilePort : kServerPort);
    put16(22, fromMobile ? kServerPort : kMobilePort);
    put32(24, fromMobile ? kMobileIsn : kServerIsn);
    put32(28, ack ? kMobileIsn + 1 : 0);
    b[32] = static_cast<uint8_t>((tcpLength / 4) << 4);
    b[33] = GPRS_GI_SYN | (ack ? GPRS_GI_ACK : 0);
    put16(34, fromMobile ? 8760 : 65535);
    std::copy(options.begin(), options.end(), b.begin() + 40);
    return b;
}

TEST(GprsGiAnalyzerTest, OptionsAreParsedFromSynAndSynAck)
{
    // Mobile: MSS 536, SACK-permitted, timestamps, window scale 2; server: MSS 1460, no SACK,
    // timestamps, behind NOPs.
    const std::vector<uint8_t> mobileOptions = {2, 4, 0x02, 0x18, 4, 2, 8, 10, 0, 0,
                                                0, 1, 0,    0,    0, 0, 1, 3,  3, 2};
    const std::vector<uint8_t> serverOptions = {2, 4, 0x05, 0xb4, 1, 1, 8, 10, 0, 0,
                                                0, 2, 0,    0,    0, 1, 0, 0,  0, 0};
    const auto syn = SynBytes(true, false, mobileOptions);
    const auto synAck = SynBytes(false, true, serverOptions);
    auto p1 = GprsGiDecodeIpv4(syn.data(), syn.size(), 0);
    auto p2 = GprsGiDecodeIpv4(synAck.data(), synAck.size(), 100 * kMs);
    ASSERT_TRUE(p1 && p2);
    EXPECT_EQ(p1->payload, 0u);
    Collector c;
    c.analyzer.Add(*p1);
    c.analyzer.Add(*p2);
    c.analyzer.Add(Segment(300 * kMs, true, GPRS_GI_ACK, kMobileIsn + 1, kServerIsn + 1));
    const auto r = c.Only();
    EXPECT_EQ(r.mobileOptions.mss, std::optional<uint16_t>(536));
    EXPECT_EQ(r.mobileOptions.windowScale, std::optional<uint8_t>(2));
    EXPECT_TRUE(r.mobileOptions.sackPermitted);
    EXPECT_TRUE(r.mobileOptions.timestamps);
    EXPECT_EQ(r.serverOptions.mss, std::optional<uint16_t>(1460));
    EXPECT_FALSE(r.serverOptions.sackPermitted);
    EXPECT_TRUE(r.serverOptions.timestamps);
    EXPECT_FALSE(r.serverOptions.windowScale);
    EXPECT_FALSE(r.Sack());
    EXPECT_TRUE(r.Timestamps());
    EXPECT_EQ(GprsGiMssClass(r.mobileOptions.mss), "low");
    EXPECT_EQ(GprsGiMssClass(r.serverOptions.mss), "high");
    ASSERT_TRUE(r.mobileWindow);
    EXPECT_EQ(*r.mobileWindow, 8760);
    EXPECT_EQ(GprsGiWindowClass(*r.mobileWindow), "low");
    EXPECT_EQ(GprsGiWindowClass(16384), "medium");
    EXPECT_EQ(GprsGiWindowClass(32768), "high");
}

/**
 * A download of `segments` segments of 1000 octets: the server keeps `window` segments in
 * flight, the mobile acknowledges one segment every `ackGapNs`.
 */
void
Download(GprsGiAnalyzer& a,
         int64_t startNs,
         uint32_t segments,
         uint32_t window,
         int64_t ackGapNs,
         const std::function<void(int64_t)>& afterAck = {})
{
    uint32_t sent = 0;
    const auto send = [&](int64_t t) {
        a.Add(Segment(t, false, GPRS_GI_ACK, kServerIsn + 1 + sent * 1000, kMobileIsn + 1, 1000));
        ++sent;
    };
    while (sent < window && sent < segments)
    {
        send(startNs);
    }
    for (uint32_t acked = 1; acked <= segments; ++acked)
    {
        const int64_t t = startNs + acked * ackGapNs;
        a.Add(Segment(t, true, GPRS_GI_ACK, kMobileIsn + 1, kServerIsn + 1 + acked * 1000));
        if (sent < segments)
        {
            send(t);
        }
        if (afterAck)
        {
            afterAck(t);
        }
    }
}

TEST(GprsGiAnalyzerTest, MssFromTheOptionElseFromTheLargestDownlinkSegment)
{
    // No MSS option (as ns-3's TCP sends): the largest downlink segment, 1000 octets here.
    Collector inferred;
    Handshake(inferred.analyzer, 0, 100 * kMs, 200 * kMs);
    Download(inferred.analyzer, 300 * kMs, 5, 5, 200 * kMs);
    inferred.analyzer.Add(
        Segment(2 * 1000 * kMs, false, GPRS_GI_ACK, kServerIsn + 1 + 5000, kMobileIsn + 1, 300));
    const auto r = inferred.Only();
    EXPECT_EQ(r.largestSegmentDown, 1000u);
    EXPECT_EQ(r.Mss(), std::optional<uint16_t>(1000));
    EXPECT_TRUE(r.MssInferred());
    EXPECT_EQ(GprsGiMssClass(r.Mss()), "other");
    EXPECT_NE(GprsGiCsvRow(r).find(",1000,other,largest-segment,"), std::string::npos)
        << GprsGiCsvRow(r);

    // The mobile's option wins over the segments.
    Collector option;
    GprsGiPacket syn = Segment(0, true, GPRS_GI_SYN, kMobileIsn, 0);
    syn.options.mss = 536;
    option.analyzer.Add(syn);
    option.analyzer.Add(
        Segment(100 * kMs, false, GPRS_GI_SYN | GPRS_GI_ACK, kServerIsn, kMobileIsn + 1));
    option.analyzer.Add(Segment(200 * kMs, true, GPRS_GI_ACK, kMobileIsn + 1, kServerIsn + 1));
    Download(option.analyzer, 300 * kMs, 5, 5, 200 * kMs);
    const auto o = option.Only();
    EXPECT_EQ(o.Mss(), std::optional<uint16_t>(536));
    EXPECT_FALSE(o.MssInferred());
    EXPECT_EQ(GprsGiMssClass(o.Mss()), "low");

    // Neither an option nor downlink data: no MSS.
    Collector none;
    Handshake(none.analyzer, 0, 100 * kMs, 200 * kMs);
    const auto n = none.Only();
    EXPECT_FALSE(n.Mss());
    EXPECT_FALSE(n.MssInferred());
}

TEST(GprsGiAnalyzerTest, ChannelRateIsExactOnAConstantRateFlow)
{
    Collector c;
    Handshake(c.analyzer, 0, 100 * kMs, 200 * kMs);
    // 1000 octets every 0.2 s: 40 kbit/s, with 10 segments (10000 octets > 4500) in flight.
    Download(c.analyzer, 300 * kMs, 60, 10, 200 * kMs);
    const auto r = c.Only();
    ASSERT_EQ(c.periods.size(), 1u);
    EXPECT_DOUBLE_EQ(c.periods[0].Rate(), 40000.0);
    ASSERT_TRUE(r.ChannelRate());
    EXPECT_DOUBLE_EQ(*r.ChannelRate(), 40000.0);
    EXPECT_EQ(r.bytesDown, 60000u);
    EXPECT_EQ(r.accessLossDown + r.internetLossDown, 0u);
}

TEST(GprsGiAnalyzerTest, NoChannelRateBelowTheFlightThreshold)
{
    Collector c;
    Handshake(c.analyzer, 0, 100 * kMs, 200 * kMs);
    Download(c.analyzer, 300 * kMs, 60, 4, 200 * kMs); // 4000 octets in flight at most
    const auto r = c.Only();
    EXPECT_TRUE(c.periods.empty());
    EXPECT_FALSE(r.ChannelRate());
}

TEST(GprsGiAnalyzerTest, LossIsAttributedToTheSideOfTheMonitor)
{
    Collector c;
    Handshake(c.analyzer, 0, 100 * kMs, 200 * kMs);
    const uint32_t s = kServerIsn + 1;
    c.analyzer.Add(Segment(300 * kMs, false, GPRS_GI_ACK, s, kMobileIsn + 1, 1000));
    // The segment at s + 1000 is lost before the monitor: a hole.
    c.analyzer.Add(Segment(310 * kMs, false, GPRS_GI_ACK, s + 2000, kMobileIsn + 1, 1000));
    c.analyzer.Add(Segment(320 * kMs, false, GPRS_GI_ACK, s + 3000, kMobileIsn + 1, 1000));
    // The first segment again: it had passed the monitor, so it was lost on the GPRS side.
    c.analyzer.Add(Segment(900 * kMs, false, GPRS_GI_ACK, s, kMobileIsn + 1, 1000));
    // The missing one, never seen before: lost on the Internet side.
    c.analyzer.Add(Segment(950 * kMs, false, GPRS_GI_ACK, s + 1000, kMobileIsn + 1, 1000));
    const auto r = c.Only();
    EXPECT_EQ(r.accessLossDown, 1u);
    EXPECT_EQ(r.internetLossDown, 1u);
    EXPECT_EQ(r.bytesDown, 4000u);
}

TEST(GprsGiAnalyzerTest, ThroughputCountsTheUsersParallelTraffic)
{
    Collector c;
    Handshake(c.analyzer, 0, 100 * kMs, 200 * kMs);
    // A parallel flow of the same user: 5 x 500 octets downlink during the download.
    c.analyzer.Add(Segment(250 * kMs, true, GPRS_GI_SYN, 5, 0, 0, kMobilePort + 1));
    c.analyzer.Add(Segment(260 * kMs, false, GPRS_GI_SYN | GPRS_GI_ACK, 9, 6, 0, kMobilePort + 1));
    uint32_t parallel = 0;
    // 120000 octets: greedy (> 100 KB); the parallel segments go at 1, 2, .., 5 s.
    Download(c.analyzer, 300 * kMs, 120, 10, 100 * kMs, [&](int64_t t) {
        if (t % (1000 * kMs) == 0 && parallel < 5)
        {
            c.analyzer.Add(
                Segment(t, false, GPRS_GI_ACK, 10 + 500 * parallel++, 6, 500, kMobilePort + 1));
        }
    });
    c.analyzer.Finish();
    ASSERT_EQ(c.connections.size(), 2u);
    const auto& r = c.connections[0].bytesDown > 100000 ? c.connections[0] : c.connections[1];
    EXPECT_TRUE(r.Greedy());
    // T_1Ack: the ACK of the first segment (0.4 s); T_2Ack: that of the last (12.3 s).
    EXPECT_EQ(*r.firstDataAckNs, 400 * kMs);
    EXPECT_EQ(*r.lastDataAckNs, 12300 * kMs);
    EXPECT_EQ(r.throughputTcpBytes, 119000u);
    EXPECT_EQ(r.throughputOtherBytes, 2500u); // all five were sent between T_1Ack and T_2Ack
    EXPECT_DOUBLE_EQ(*r.Throughput(), 8.0 * (119000 + 2500) / 11.9);
}

TEST(GprsGiAnalyzerTest, SequentialConnectionsLeaveNoStateBehind)
{
    Collector c;
    std::size_t reported = 0;
    c.analyzer.SetConnectionCallback([&reported](const GprsGiConnectionReport&) { ++reported; });
    std::size_t maxConnections = 0;
    std::size_t maxUsers = 0;
    for (uint32_t i = 0; i < 100000; ++i)
    {
        const int64_t t = int64_t{i} * 50 * kMs;
        const auto port = static_cast<uint16_t>(1024 + i % 60000);
        auto add = [&](int64_t dt,
                       bool fromMobile,
                       uint8_t flags,
                       uint32_t seq,
                       uint32_t ack,
                       uint32_t payload) {
            GprsGiPacket p = Segment(t + dt, fromMobile, flags, seq, ack, payload, port);
            // 1000 mobiles in turn
            (fromMobile ? p.source : p.destination) = kMobile + i % 1000;
            c.analyzer.Add(p);
        };
        add(0, true, GPRS_GI_SYN, 1, 0, 0);
        add(1 * kMs, false, GPRS_GI_SYN | GPRS_GI_ACK, 100, 2, 0);
        add(2 * kMs, true, GPRS_GI_ACK, 2, 101, 0);
        add(3 * kMs, false, GPRS_GI_ACK, 101, 2, 500);
        add(4 * kMs, false, GPRS_GI_ACK | GPRS_GI_FIN, 601, 2, 0);
        add(5 * kMs, true, GPRS_GI_ACK | GPRS_GI_FIN, 2, 602, 0);
        add(6 * kMs, false, GPRS_GI_ACK, 602, 3, 0);
        maxConnections = std::max(maxConnections, c.analyzer.OpenConnections());
        maxUsers = std::max(maxUsers, c.analyzer.OpenUsers());
    }
    EXPECT_EQ(maxConnections, 0u); // each freed at its last ACK
    // Users are kept for the 5 s background window (100 users per 5 s here) and a sweep period.
    EXPECT_LE(maxUsers, 130u);
    EXPECT_EQ(reported, 100000u);
    c.analyzer.Finish();
    EXPECT_EQ(c.analyzer.OpenUsers(), 0u);
    EXPECT_EQ(c.analyzer.GetCounters().connections, 100000u);
}

TEST(GprsGiAnalyzerTest, PrefixParsing)
{
    const auto p = GprsGiParsePrefix("10.1.0.0/16");
    EXPECT_TRUE(p.Contains(kMobile));
    EXPECT_FALSE(p.Contains(kServer));
    for (const char* bad :
         {"10.1.0.0", "10.1.0.0/33", "10.1.0/16", "10.1.0.256/8", "x/8", "1.2.3.4/"})
    {
        try
        {
            GprsGiParsePrefix(bad);
            ADD_FAILURE() << bad << " was accepted";
        }
        catch (const std::invalid_argument& e)
        {
            EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
        }
    }
}

TEST(GprsGiSummaryTest, HistogramMedianAndCsvColumns)
{
    GprsGiHistogram h(0.01, 100);
    EXPECT_FALSE(h.Median());
    for (const double v : {0.101, 0.205, 0.207, 0.9, 5.0})
    {
        h.Add(v);
    }
    EXPECT_EQ(h.GetCount(), 5u);
    EXPECT_NEAR(*h.Median(), 0.205, 1e-12); // the middle of the third sample's bin
    Collector c;
    Handshake(c.analyzer, 0, 100 * kMs, 200 * kMs);
    const std::string row = GprsGiCsvRow(c.Only());
    const std::string header = GprsGiCsvHeader();
    EXPECT_EQ(std::count(row.begin(), row.end(), ','),
              std::count(header.begin(), header.end(), ','));
    EXPECT_EQ(
        row.rfind("0,10.1.0.2,40000,192.0.2.1,80,mobile,trace-end,1,1,1syn-1synack,0,0.2,0.1,", 0),
        0u)
        << row;
}

/// Write the test connection's SYN, SYN-ACK and ACK as a pcap file of the link type given.
std::string
WritePcap(const std::string& name, uint32_t linkType)
{
    const std::string path = testing::TempDir() + name;
    PcapFile file;
    file.Open(path, std::ios::out);
    file.Init(linkType);
    std::vector<std::vector<uint8_t>> packets = {SynBytes(true, false, {2, 4, 5, 0xb4}),
                                                 SynBytes(false, true, {2, 4, 5, 0x78})};
    for (std::size_t i = 0; i < packets.size(); ++i)
    {
        std::vector<uint8_t> frame;
        if (linkType == kGprsGiLinkEthernet)
        {
            frame.assign(12, 0);
            frame.insert(frame.end(), {0x08, 0x00});
        }
        else if (linkType == kGprsGiLinkPpp)
        {
            frame = {0x00, 0x21};
        }
        frame.insert(frame.end(), packets[i].begin(), packets[i].end());
        file.Write(1,
                   static_cast<uint32_t>(250000 * i),
                   frame.data(),
                   static_cast<uint32_t>(frame.size()));
    }
    file.Close();
    return path;
}

TEST(GprsGiPcapTest, ReadsEveryLinkType)
{
    for (const uint32_t linkType : {kGprsGiLinkEthernet, kGprsGiLinkPpp, kGprsGiLinkRaw})
    {
        GprsGiPcapReader reader(
            WritePcap("gi-link-" + std::to_string(linkType) + ".pcap", linkType));
        EXPECT_EQ(reader.GetLinkType(), linkType);
        GprsGiPacket p;
        ASSERT_TRUE(reader.Next(p));
        EXPECT_EQ(p.timeNs, 1'000'000'000);
        EXPECT_EQ(p.source, kMobile);
        EXPECT_EQ(p.flags, GPRS_GI_SYN);
        EXPECT_EQ(p.options.mss, std::optional<uint16_t>(1460));
        ASSERT_TRUE(reader.Next(p));
        EXPECT_EQ(p.timeNs, 1'250'000'000);
        EXPECT_EQ(p.options.mss, std::optional<uint16_t>(1400));
        EXPECT_FALSE(reader.Next(p));
    }
}

/// \return the file's octets
std::vector<char>
ReadAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}

/// Read every packet of path into an analyzer. \return the error message, empty if none
std::string
ReadError(const std::string& path)
{
    try
    {
        GprsGiPcapReader reader(path);
        GprsGiAnalyzer analyzer;
        GprsGiPacket p;
        while (reader.Next(p))
        {
            analyzer.Add(p);
        }
        analyzer.Finish();
    }
    catch (const GprsGiPcapError& e)
    {
        return e.what();
    }
    return "";
}

TEST(GprsGiPcapTest, TruncatedFileNamesFileAndOffset)
{
    const std::string good = WritePcap("gi-good.pcap", kGprsGiLinkRaw);
    const auto bytes = ReadAll(good);
    ASSERT_EQ(ReadError(good), "");
    const std::string cut = testing::TempDir() + "gi-cut.pcap";
    // Every truncation: records of 16 + 44 octets at offsets 24 and 84.
    for (std::size_t size = 0; size < bytes.size(); ++size)
    {
        std::ofstream(cut, std::ios::binary)
            .write(bytes.data(), static_cast<std::streamsize>(size));
        const std::string error = ReadError(cut);
        if (size == 24 || size == 84)
        {
            EXPECT_EQ(error, "") << size; // ends at a record boundary
            continue;
        }
        const std::size_t offset = size < 24 ? size : size < 84 ? 24 : 84;
        EXPECT_EQ(error.find(cut + ": byte offset " + std::to_string(offset) + ": "), 0u)
            << size << ": " << error;
    }
    std::ofstream(cut, std::ios::binary).write(bytes.data(), 84 + 20);
    EXPECT_EQ(ReadError(cut),
              cut + ": byte offset 84: record truncated (captured length 44, 4 "
                    "octets left)");
}

TEST(GprsGiPcapTest, GarbageIsRefusedWithoutCrashing)
{
    const std::string path = testing::TempDir() + "gi-garbage.pcap";
    std::ofstream(path, std::ios::binary) << std::string(100, 'x');
    EXPECT_NE(ReadError(path).find(path + ": byte offset 0: not a classic pcap file"),
              std::string::npos);
    // A good header, then records whose lengths are garbage.
    auto bytes = ReadAll(WritePcap("gi-garbage-base.pcap", kGprsGiLinkRaw));
    uint32_t state = 12345;
    for (int trial = 0; trial < 200; ++trial)
    {
        auto mangled = bytes;
        for (std::size_t i = 24; i < mangled.size(); ++i)
        {
            state = state * 1103515245 + 12345;
            if ((state >> 16) % 8 == 0)
            {
                mangled[i] = static_cast<char>(state >> 24);
            }
        }
        std::ofstream(path, std::ios::binary)
            .write(mangled.data(), static_cast<std::streamsize>(mangled.size()));
        const std::string error = ReadError(path);
        EXPECT_TRUE(error.empty() || error.find(path + ": byte offset ") == 0) << error;
    }
    EXPECT_NE(ReadError(testing::TempDir() + "gi-none.pcap").find("cannot open"),
              std::string::npos);
}

} // namespace
