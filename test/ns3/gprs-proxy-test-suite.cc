/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Scenario tests of the TCP proxies on the proxy node of a lossy GPRS scenario: RLC
// unacknowledged mode with Gilbert-Elliott block losses, so that radio losses reach TCP, and
// Internet packet losses. The ends are test sockets that send a byte pattern and check every
// byte they receive. What the proxies do is checked from the outside, on the proxy node's two
// interfaces, and set against their counters: every figure compared follows from what was seen
// on the links, never from a previous run.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/boolean.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <map>
#include <optional>
#include <set>

using namespace ns3;
using namespace ns3::gprs_test;
using ns3::gprs::kWindowLimitedSenderSurvivesLoss;

NS_LOG_COMPONENT_DEFINE("GprsProxyTestSuite");

namespace
{

/**
 * \param offset a byte's offset in its stream
 * \return the byte the pattern has there: 251 is prime, so no segment boundary repeats it
 */
uint8_t
PatternByte(uint64_t offset)
{
    return static_cast<uint8_t>(offset % 251);
}

/// One end of a test connection: sends the pattern, checks the pattern it receives.
struct PatternEnd
{
    Ptr<TcpSocketBase> socket;                        //!< its socket
    uint64_t toSend{0};                               //!< bytes to send
    uint64_t sent{0};                                 //!< bytes given to the socket
    bool closeWhenSent{false};                        //!< Close() after the last byte
    bool closeWhenAcked{false};                       //!< Close() once it is acknowledged
    bool closeOnPeerClose{false};                     //!< Close() when the peer's FIN arrives
    uint64_t readLimit{UINT64_MAX};                   //!< stop reading after this many bytes
    uint64_t received{0};                             //!< bytes read, in order
    uint64_t mismatches{0};                           //!< bytes read that break the pattern
    Time allReceivedAt;                               //!< when `expected` bytes were read
    uint64_t expected{0};                             //!< bytes the peer sends
    bool closed{false};                               //!< Close() was called
    std::vector<TcpSocket::TcpStates_t> states;       //!< every state, in order
    std::function<void(Ptr<TcpSocketBase>)> onAttach; //!< called with the socket, if set

    /**
     * Take a connected (or connecting) socket.
     * \param s the socket
     */
    void Attach(Ptr<Socket> s)
    {
        socket = DynamicCast<TcpSocketBase>(s);
        states.push_back(TcpSocket::ESTABLISHED);
        socket->TraceConnectWithoutContext("State", MakeCallback(&PatternEnd::OnState, this));
        socket->SetRecvCallback(MakeCallback(&PatternEnd::OnRecv, this));
        socket->SetSendCallback(MakeCallback(&PatternEnd::OnSend, this));
        socket->SetCloseCallbacks(MakeCallback(&PatternEnd::OnPeerClose, this),
                                  MakeCallback(&PatternEnd::OnPeerClose, this));
        if (onAttach)
        {
            onAttach(socket);
        }
        Fill();
    }

    /// State trace sink.
    void OnState(TcpSocket::TcpStates_t, TcpSocket::TcpStates_t s)
    {
        states.push_back(s);
    }

    /// \return the last state
    TcpSocket::TcpStates_t State() const
    {
        return states.empty() ? TcpSocket::CLOSED : states.back();
    }

    /**
     * \param s a state
     * \return the socket went through it
     */
    bool WentThrough(TcpSocket::TcpStates_t s) const
    {
        return std::find(states.begin(), states.end(), s) != states.end();
    }

    /// \return the socket closed through the FIN states, not by a reset or an abort
    bool ClosedCleanly() const
    {
        const std::size_t n = states.size();
        return n >= 2 && states[n - 1] == TcpSocket::CLOSED &&
               (states[n - 2] == TcpSocket::LAST_ACK || states[n - 2] == TcpSocket::TIME_WAIT ||
                states[n - 2] == TcpSocket::CLOSING);
    }

    /// Send what fits.
    void Fill()
    {
        while (!closed && sent < toSend && socket->GetTxAvailable() > 0)
        {
            const auto n = static_cast<uint32_t>(
                std::min<uint64_t>({toSend - sent, socket->GetTxAvailable(), 4096}));
            std::vector<uint8_t> bytes(n);
            for (uint32_t i = 0; i < n; ++i)
            {
                bytes[i] = PatternByte(sent + i);
            }
            socket->Send(Create<Packet>(bytes.data(), n), 0);
            sent += n;
        }
        if (!closed && sent == toSend && (closeWhenSent || (closeWhenAcked && AllAcked())))
        {
            Close();
        }
    }

    /// \return the socket holds nothing unacknowledged
    bool AllAcked() const
    {
        UintegerValue buffer;
        socket->GetAttribute("SndBufSize", buffer);
        return socket->GetTxAvailable() == buffer.Get();
    }

    /// Close the socket (an RST if unread data waits: ns-3's behaviour, bug 426).
    void Close()
    {
        closed = true;
        socket->Close();
    }

    /// Send callback.
    void OnSend(Ptr<Socket>, uint32_t)
    {
        Fill();
    }

    /// Recv callback: check the bytes.
    void OnRecv(Ptr<Socket> s)
    {
        while (received < readLimit && s->GetRxAvailable() > 0)
        {
            const auto want = static_cast<uint32_t>(
                std::min<uint64_t>(s->GetRxAvailable(), readLimit - received));
            const Ptr<Packet> p = s->Recv(want, 0);
            std::vector<uint8_t> bytes(p->GetSize());
            p->CopyData(bytes.data(), bytes.size());
            for (uint8_t b : bytes)
            {
                mismatches += b != PatternByte(received++) ? 1 : 0;
            }
        }
        if (expected > 0 && received == expected && allReceivedAt.IsZero())
        {
            allReceivedAt = Simulator::Now();
        }
    }

    /// Close callbacks (FIN or RST from the peer).
    void OnPeerClose(Ptr<Socket> s)
    {
        OnRecv(s);
        if (closeOnPeerClose && !closed && socket->GetRxAvailable() == 0)
        {
            Close();
        }
    }
};

/// A TCP segment seen on one of the proxy node's interfaces.
struct Seen
{
    std::size_t index; //!< order among the segments seen
    Time at;           //!< when
    uint64_t uid;      //!< packet uid (kept by copies: a forwarded packet keeps it)
    bool internet;     //!< on the Internet interface (else the Gi one)
    bool tx;           //!< sent (else received)
    Ipv4Header ip;     //!< its IP header
    TcpHeader tcp;     //!< its TCP header
    uint32_t payload;  //!< data octets
    bool checksumOk;   //!< its TCP checksum verifies (always, without checksums)

    /// \return the segment goes towards the mobiles
    bool ToMobile() const
    {
        return Ipv4Mask("255.255.0.0").IsMatch(ip.GetDestination(), Ipv4Address("10.1.0.0"));
    }

    /// \return a pure ACK: no data, no SYN, FIN or RST
    bool PureAck() const
    {
        return payload == 0 &&
               !(tcp.GetFlags() & (TcpHeader::SYN | TcpHeader::FIN | TcpHeader::RST));
    }
};

/// Every TCP segment in and out of the proxy node.
struct ProxyTap
{
    std::vector<Seen> seen; //!< in order
    uint32_t internetIf{0}; //!< the Internet interface's index

    /**
     * \param s the scenario
     */
    void Connect(const GprsScenario& s)
    {
        const Ptr<Ipv4> ipv4 = s.proxy->GetObject<Ipv4>();
        internetIf = ipv4->GetInterfaceForDevice(s.internetDevices.Get(1));
        ipv4->TraceConnectWithoutContext("Rx", MakeCallback(&ProxyTap::OnRx, this));
        ipv4->TraceConnectWithoutContext("Tx", MakeCallback(&ProxyTap::OnTx, this));
    }

    /// Rx sink.
    void OnRx(Ptr<const Packet> p, Ptr<Ipv4>, uint32_t iface)
    {
        Record(p, iface, false);
    }

    /// Tx sink.
    void OnTx(Ptr<const Packet> p, Ptr<Ipv4>, uint32_t iface)
    {
        Record(p, iface, true);
    }

    /**
     * \param packet an IP packet
     * \param iface its interface
     * \param tx sent
     */
    void Record(Ptr<const Packet> packet, uint32_t iface, bool tx)
    {
        const Ptr<Packet> p = packet->Copy();
        Seen s{seen.size(),
               Simulator::Now(),
               packet->GetUid(),
               iface == internetIf,
               tx,
               {},
               {},
               0,
               true};
        p->RemoveHeader(s.ip);
        if (s.ip.GetProtocol() != gprs::kTcpProtocolNumber)
        {
            return;
        }
        if (Node::ChecksumEnabled())
        {
            s.tcp.EnableChecksums();
            s.tcp.InitializeChecksum(s.ip.GetSource(), s.ip.GetDestination(), 6);
        }
        p->RemoveHeader(s.tcp);
        s.checksumOk = s.tcp.IsChecksumOk();
        s.payload = p->GetSize();
        seen.push_back(s);
    }

    /**
     * \param internet on the Internet interface (else Gi)
     * \param tx sent (else received)
     * \return those segments
     */
    std::vector<Seen> On(bool internet, bool tx) const
    {
        std::vector<Seen> out;
        std::copy_if(seen.begin(), seen.end(), std::back_inserter(out), [&](const Seen& s) {
            return s.internet == internet && s.tx == tx;
        });
        return out;
    }

    /**
     * \param internet on the Internet interface (else Gi)
     * \param tx sent (else received)
     * \param flags a TCP flag
     * \return the first segment with that flag there
     */
    std::optional<Seen> First(bool internet, bool tx, uint8_t flags) const
    {
        for (const Seen& s : On(internet, tx))
        {
            if ((s.tcp.GetFlags() & flags) == flags)
            {
                return s;
            }
        }
        return std::nullopt;
    }
};

constexpr uint16_t kPort = 5000; //!< the port the listening end uses
constexpr uint32_t kMss = 536;   //!< ns-3's default segment size, used by every end here

/// What a proxied transfer produced.
struct ProxyRun
{
    GprsScenario scenario; //!< the nodes
    Ptr<GprsProxy> proxy;  //!< the proxy, null for none
    PatternEnd server;     //!< the server's end
    PatternEnd mobile;     //!< the mobile's end
    ProxyTap tap;          //!< the proxy node's segments
};

/// A lossy proxied scenario and who does what.
struct ProxyScenario
{
    std::string variant;           //!< GprsProxyHelper variant
    std::optional<uint32_t> clamp; //!< GprsProxyHelper::SetClamp
    bool mobileOpens{false};       //!< the mobile connects (else the server)
    std::string outages;           //!< Outages of the mobile
    double internetLoss{0.005};    //!< Internet loss rate
    bool tcpLosses{
        true}; //!< RLC unacknowledged mode; else acknowledged: RLC recovers the radio losses
    Time stop{Seconds(300)};               //!< simulation end
    std::function<void(ProxyRun&)> before; //!< called before the simulation runs
    std::vector<std::pair<std::string, std::string>> attributes; //!< of the proxy
    uint32_t mobileRcvBuf{0};    //!< the mobile socket's RcvBufSize, 0: ns-3's default
    bool llcAcknowledged{false}; //!< LLC acknowledged mode (ABM) for the mobiles
    bool ccchAccess{true};       //!< GprsPcu::CcchAccess (false: the delay draws)
};

/**
 * Run one connection between the server and mobile 0 over a lossy cell: Gilbert-Elliott block
 * losses (bursts of about 2 blocks, every 1000 blocks or so on average), which in RLC
 * unacknowledged mode lose about one IP packet in 50, and Internet losses.
 * \param sc the scenario
 * \param[in,out] run the run; the ends' fields say what they do
 */
void
RunProxied(const ProxyScenario& sc, ProxyRun& run)
{
    CellSetup setup;
    setup.proxy = true;
    setup.internetLoss = sc.internetLoss;
    setup.outages = sc.outages;
    setup
        .Pcu("RlcMode",
             GprsRlcModeValue(sc.tcpLosses ? GprsRlcMode::UNACKNOWLEDGED
                                           : GprsRlcMode::ACKNOWLEDGED))
        .Pcu("DownlinkBufferBytes", UintegerValue(kLargeBuffer))
        .Ms("UseGilbertElliott", BooleanValue(true))
        .Ms("GeGoodToBad", DoubleValue(0.001))
        .Ms("GeBadToGood", DoubleValue(0.5))
        .Ms("GeLossBad", DoubleValue(1.0));
    if (sc.llcAcknowledged)
    {
        setup.Pcu("LlcMode", StringValue("Acknowledged"));
    }
    setup.Pcu("CcchAccess", BooleanValue(sc.ccchAccess));
    CellRecorder recorder;
    run.scenario = setup.Build(recorder);
    const GprsScenario& s = run.scenario;
    GprsProxyHelper helper(sc.variant);
    if (sc.clamp)
    {
        helper.SetClamp(*sc.clamp);
    }
    for (const auto& [name, value] : sc.attributes)
    {
        helper.SetProxyAttribute(name, StringValue(value));
    }
    run.proxy = helper.Install(s);
    run.tap.Connect(s);

    const Ptr<Node> listenerNode = sc.mobileOpens ? s.server : s.mobiles.Get(0);
    const Ipv4Address listenerAddress = sc.mobileOpens ? s.serverAddress : s.GetMobileAddress(0);
    PatternEnd& listenerEnd = sc.mobileOpens ? run.server : run.mobile;
    PatternEnd& connectingEnd = sc.mobileOpens ? run.mobile : run.server;
    const Ptr<Socket> listener = Socket::CreateSocket(listenerNode, TcpSocketFactory::GetTypeId());
    if (sc.mobileRcvBuf > 0 && !sc.mobileOpens)
    {
        listener->SetAttribute("RcvBufSize", UintegerValue(sc.mobileRcvBuf));
    }
    listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), kPort));
    listener->Listen();
    listener->SetAcceptCallback(
        MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
        MakeCallback(+[](PatternEnd* end, Ptr<Socket> socket, const Address&) {
            end->Attach(socket);
        }).Bind(&listenerEnd));
    const Ptr<Node> connectingNode = sc.mobileOpens ? s.mobiles.Get(0) : s.server;
    Simulator::Schedule(Seconds(1), [&connectingEnd, connectingNode, listenerAddress]() {
        const Ptr<Socket> socket =
            Socket::CreateSocket(connectingNode, TcpSocketFactory::GetTypeId());
        socket->SetConnectCallback(MakeCallback(+[](PatternEnd* end, Ptr<Socket> s) {
                                       end->Attach(s);
                                   }).Bind(&connectingEnd),
                                   MakeNullCallback<void, Ptr<Socket>>());
        socket->Connect(InetSocketAddress(listenerAddress, kPort));
    });
    run.server.expected = run.mobile.toSend;
    run.mobile.expected = run.server.toSend;
    if (sc.before)
    {
        sc.before(run);
    }
    Simulator::Stop(sc.stop);
    Simulator::Run();
}

/**
 * A download: the server sends, then closes; the mobile closes in turn.
 * \param[out] run the run whose ends to set
 * \param bytes what the server sends
 */
void
SetDownload(ProxyRun& run, uint64_t bytes)
{
    run.server.toSend = bytes;
    run.server.closeWhenSent = true;
    run.mobile.closeOnPeerClose = true;
}

/// The default proxied download: the server sends, then closes; the mobile closes in turn.
ProxyScenario
Download(const std::string& variant)
{
    ProxyScenario sc;
    sc.variant = variant;
    return sc;
}

/// A test case of a proxied transfer.
class ProxyTestCase : public TestCase
{
  public:
    /// \param name the test's name
    explicit ProxyTestCase(const std::string& name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * Check that both ends got every byte of the other in order.
     * \param run the run
     */
    void CheckCompleteAndInOrder(const ProxyRun& run)
    {
        NS_TEST_EXPECT_MSG_EQ(run.mobile.received, run.server.toSend, "the mobile got every byte");
        NS_TEST_EXPECT_MSG_EQ(run.server.received, run.mobile.toSend, "the server got every byte");
        NS_TEST_EXPECT_MSG_EQ(run.mobile.mismatches, 0, "in order, unchanged, at the mobile");
        NS_TEST_EXPECT_MSG_EQ(run.server.mismatches, 0, "in order, unchanged, at the server");
    }

    /**
     * Check that a split relayed every byte once each way.
     * \param run the run
     */
    void CheckRelayedOnce(const ProxyRun& run)
    {
        const GprsProxyCounters c = run.proxy->GetCounters();
        NS_TEST_EXPECT_MSG_EQ(c.bytesRelayedToMobile, run.server.toSend, "relayed once");
        NS_TEST_EXPECT_MSG_EQ(c.bytesRelayedToServer, run.mobile.toSend, "relayed once");
    }

    /**
     * Check that both ends closed through the FIN states and the split forgot the connection.
     * \param run the run
     */
    void CheckClosedCleanly(const ProxyRun& run)
    {
        NS_TEST_EXPECT_MSG_EQ(run.server.ClosedCleanly(), true, "server closed, not reset");
        NS_TEST_EXPECT_MSG_EQ(run.mobile.ClosedCleanly(), true, "mobile closed, not reset");
        CheckForgotten(run);
    }

    /**
     * Check that the split forgot the connection: both legs closed.
     * \param run the run
     */
    void CheckForgotten(const ProxyRun& run)
    {
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<GprsSplitProxy>(run.proxy)->GetOpenSplits(),
                              0,
                              "both legs closed");
    }
};

/**
 * Snoop on a lossy download: every figure of the agent against what the links show. A segment
 * the agent sent on the Gi interface more times than it received it from the Internet is a local
 * retransmission; an ACK from the mobile received on Gi and never sent on the Internet
 * interface was suppressed, and must have been a duplicate. A local retransmission sent at the
 * instant a duplicate ACK for its sequence number was suppressed is data-driven, the others
 * timer-driven.
 */
class SnoopTestCase : public ProxyTestCase
{
  public:
    SnoopTestCase()
        : ProxyTestCase(
              "Snoop: local retransmissions and suppressed duplicate ACKs, as the links show")
    {
    }

  private:
    void DoRun() override
    {
        ProxyRun run;
        SetDownload(run, 150000);
        std::set<uint64_t> dropped; // uids in the Drop trace
        ProxyScenario sc = Download("snoop");
        sc.before = [&dropped](ProxyRun& r) {
            r.proxy->TraceConnectWithoutContext(
                "Drop",
                MakeCallback(+[](std::set<uint64_t>* uids, Ptr<const Packet> p, const Ipv4Header&) {
                    uids->insert(p->GetUid());
                }).Bind(&dropped));
        };
        RunProxied(sc, run);
        CheckCompleteAndInOrder(run);
        const GprsProxyCounters c = run.proxy->GetCounters();

        // Local retransmissions: copies sent towards the mobile beyond those received.
        std::map<uint64_t, int> copies; // uid -> sent on Gi - received on the Internet side
        uint64_t dataIn = 0;
        for (const Seen& s : run.tap.seen)
        {
            if (s.payload > 0 && s.ToMobile() && s.tx != s.internet)
            {
                copies[s.uid] += s.tx ? 1 : -1;
                dataIn += s.tx ? 0 : 1;
            }
        }
        uint64_t local = 0;
        for (const auto& [uid, n] : copies)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(n, 0, "every segment received was forwarded");
            local += n;
        }
        NS_TEST_EXPECT_MSG_GT(local, 0, "the lossy radio made Snoop retransmit");
        NS_TEST_EXPECT_MSG_EQ(local,
                              c.dataDrivenRetransmissions + c.timerDrivenRetransmissions,
                              "counted local retransmissions = seen");
        NS_TEST_EXPECT_MSG_EQ(c.dataSegmentsToMobile, dataIn + local, "data segments sent");

        // Suppressed ACKs: received from the mobile, never sent on towards the server.
        std::set<uint64_t> forwarded;
        for (const Seen& s : run.tap.On(true, true))
        {
            forwarded.insert(s.uid);
        }
        std::optional<Seen> previous;
        uint64_t suppressed = 0;
        std::multiset<std::pair<int64_t, uint32_t>> suppressedAt; // (time, ack)
        for (const Seen& s : run.tap.On(false, false))
        {
            if (s.ToMobile())
            {
                continue;
            }
            if (forwarded.count(s.uid) == 0)
            {
                ++suppressed;
                NS_TEST_EXPECT_MSG_EQ(dropped.count(s.uid), 1, "in the Drop trace");
                const bool duplicate = previous && s.PureAck() &&
                                       s.tcp.GetAckNumber() == previous->tcp.GetAckNumber() &&
                                       s.tcp.GetWindowSize() == previous->tcp.GetWindowSize();
                NS_TEST_EXPECT_MSG_EQ(duplicate, true, "only duplicate ACKs are suppressed");
                suppressedAt.emplace(s.at.GetTimeStep(), s.tcp.GetAckNumber().GetValue());
            }
            previous = s;
        }
        NS_TEST_EXPECT_MSG_GT(suppressed, 0, "duplicate ACKs were suppressed");
        NS_TEST_EXPECT_MSG_EQ(suppressed, c.acksSuppressed, "counted suppressions = seen");
        NS_TEST_EXPECT_MSG_EQ(dropped.size(), suppressed, "every packet not forwarded, traced");

        // Data-driven: a local retransmission at the instant of a suppressed duplicate for it.
        std::set<uint64_t> firstCopy;
        uint64_t dataDriven = 0;
        for (const Seen& s : run.tap.On(false, true))
        {
            if (s.payload == 0 || !s.ToMobile() || firstCopy.insert(s.uid).second)
            {
                continue; // not data, or the forwarded copy
            }
            const auto key =
                std::make_pair(s.at.GetTimeStep(), s.tcp.GetSequenceNumber().GetValue());
            const auto match = suppressedAt.find(key);
            if (match != suppressedAt.end())
            {
                ++dataDriven;
                suppressedAt.erase(match);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(dataDriven, c.dataDrivenRetransmissions, "data-driven, as seen");
        NS_TEST_EXPECT_MSG_GT(c.segmentsCached, 0, "segments were cached");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(c.segmentsCached, dataIn, "each cached at most once");
        Simulator::Destroy();
    }
};

/**
 * \param run a run
 * \param internet the Internet interface (else Gi)
 * \return segments with RST the proxy node sent there
 */
std::size_t
ResetsSent(const ProxyRun& run, bool internet)
{
    const std::vector<Seen> sent = run.tap.On(internet, true);
    return std::count_if(sent.begin(), sent.end(), [](const Seen& s) {
        return (s.tcp.GetFlags() & TcpHeader::RST) != 0;
    });
}

/**
 * Split on a lossy download the server opens: two connections (the proxy's initial sequence
 * numbers differ from the ends'), the server's SYN answered only once the mobile answered the
 * proxy's, the server's data acknowledged before the mobile has it, every byte relayed once,
 * and a clean close both ways: the server's FIN, then the mobile's, both ends closing through
 * the FIN states (ns-3 answers a stray segment after a close with an RST, end to end as here,
 * so RSTs are not counted), both legs closed in the end.
 */
class SplitDownloadTestCase : public ProxyTestCase
{
  public:
    SplitDownloadTestCase()
        : ProxyTestCase("Split: two connections, early acknowledgements, clean close both ways")
    {
    }

  private:
    void DoRun() override
    {
        ProxyRun run;
        SetDownload(run, 100000);
        ProxyScenario sc = Download("split");
        sc.stop = Seconds(600); // beyond both TIME_WAITs (2 MSL = 240 s)
        RunProxied(sc, run);
        CheckCompleteAndInOrder(run);
        CheckRelayedOnce(run);

        // The SYN and SYN-ACK on each side: the proxy's initial sequence numbers are its own.
        const auto synIn = run.tap.First(true, false, TcpHeader::SYN);
        const auto synOut = run.tap.First(false, true, TcpHeader::SYN);
        const auto synAckIn = run.tap.First(false, false, TcpHeader::SYN | TcpHeader::ACK);
        const auto synAckOut = run.tap.First(true, true, TcpHeader::SYN | TcpHeader::ACK);
        NS_TEST_ASSERT_MSG_EQ((synIn && synOut && synAckIn && synAckOut), true, "handshakes seen");
        NS_TEST_EXPECT_MSG_NE(synOut->tcp.GetSequenceNumber(),
                              synIn->tcp.GetSequenceNumber(),
                              "the proxy's SYN to the mobile is not the server's");
        NS_TEST_EXPECT_MSG_NE(synAckOut->tcp.GetSequenceNumber(),
                              synAckIn->tcp.GetSequenceNumber(),
                              "the proxy's SYN-ACK to the server is not the mobile's");
        NS_TEST_EXPECT_MSG_EQ(synOut->ip.GetSource(),
                              run.scenario.serverAddress,
                              "the proxy's SYN carries the server's address");
        NS_TEST_EXPECT_MSG_EQ(synAckOut->ip.GetSource(),
                              run.scenario.GetMobileAddress(0),
                              "the proxy's SYN-ACK carries the mobile's address");
        NS_TEST_EXPECT_MSG_LT(synAckIn->index, synAckOut->index, "the mobile accepted first");

        // The proxy acknowledged the server's last byte before the mobile had it.
        const SequenceNumber32 end = synIn->tcp.GetSequenceNumber() + 1 + run.server.toSend;
        std::optional<Time> allAcked;
        for (const Seen& s : run.tap.On(true, true))
        {
            if (!allAcked && (s.tcp.GetFlags() & TcpHeader::ACK) && s.tcp.GetAckNumber() >= end)
            {
                allAcked = s.at;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(allAcked.has_value(), true, "the server's data acknowledged");
        NS_TEST_EXPECT_MSG_LT(*allAcked, run.mobile.allReceivedAt, "acknowledged early");

        // A clean close, both ways: the server's FIN reached the mobile, the mobile's the server.
        NS_TEST_EXPECT_MSG_EQ(run.server.WentThrough(TcpSocket::FIN_WAIT_1), true, "server FIN");
        NS_TEST_EXPECT_MSG_EQ(run.server.WentThrough(TcpSocket::TIME_WAIT), true, "mobile FIN");
        NS_TEST_EXPECT_MSG_EQ(run.mobile.WentThrough(TcpSocket::CLOSE_WAIT), true, "FIN relayed");
        CheckClosedCleanly(run);
        Simulator::Destroy();
    }
};

/**
 * Split on a connection the mobile opens: data both ways; the server closes when it has sent
 * its data, the mobile once its data is acknowledged. Both streams arrive whole, each relayed
 * once, both ends close through the FIN states, both legs close.
 */
class SplitUploadTestCase : public ProxyTestCase
{
  public:
    SplitUploadTestCase()
        : ProxyTestCase("Split: a connection the mobile opens, data both ways, both close")
    {
    }

  private:
    void DoRun() override
    {
        ProxyRun run;
        run.mobile.toSend = 20000;
        // ns-3's TcpSocketBase in LAST-ACK closes at any ACK (RFC 9293 clause 3.10.7.4 wants the
        // ACK of its FIN), so a mobile closing with data in flight loses its tail at the first
        // ACK still on its way: it closes once its data is acknowledged.
        run.mobile.closeWhenAcked = true;
        run.server.toSend = 40000;
        run.server.closeWhenSent = true;
        ProxyScenario sc = Download("split");
        sc.mobileOpens = true;
        sc.stop = Seconds(600);
        RunProxied(sc, run);
        CheckCompleteAndInOrder(run);
        CheckRelayedOnce(run);
        const auto synIn = run.tap.First(false, false, TcpHeader::SYN);
        const auto synOut = run.tap.First(true, true, TcpHeader::SYN);
        NS_TEST_ASSERT_MSG_EQ((synIn && synOut), true, "SYNs seen");
        NS_TEST_EXPECT_MSG_EQ(synOut->ip.GetSource(),
                              run.scenario.GetMobileAddress(0),
                              "the proxy's SYN carries the mobile's address");
        CheckClosedCleanly(run);
        Simulator::Destroy();
    }
};

/**
 * Split back-pressure: with 4000-octet buffers on the proxy (the server leg's receive buffer,
 * the relay, the mobile leg's send buffer), the proxy never holds more than their sum of the
 * data it acknowledged to the server and the mobile has not acknowledged; its window to the
 * server is zero or at least a segment (receiver silly-window avoidance), closes, and reopens by
 * itself when the relay drains. Every byte arrives. Without loss the server never has to probe
 * the window (ns-3.37's TcpSocketBase would leave it blocked for good); with loss a lost window
 * update costs a persist probe, where a window below one segment would stall the server for
 * good. TCP sees loss only from ns-3.41: a server limited by the receive window crashes older
 * releases at its first duplicate ACK (see kWindowLimitedSenderSurvivesLoss).
 */
class SplitBackPressureTestCase : public ProxyTestCase
{
  public:
    SplitBackPressureTestCase()
        : ProxyTestCase("Split: back-pressure through bounded buffers, windows reopened")
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t buffer = 4000;
        ProxyRun run;
        SetDownload(run, 100000);
        ProxyScenario sc = Download("split");
        sc.tcpLosses = kWindowLimitedSenderSurvivesLoss;
        sc.internetLoss = kWindowLimitedSenderSurvivesLoss ? sc.internetLoss : 0;
        sc.attributes = {{"ServerLegRcvBufSize", std::to_string(buffer)},
                         {"RelayBufferSize", std::to_string(buffer)},
                         {"MobileLegSndBufSize", std::to_string(buffer)}};
        RunProxied(sc, run);
        CheckCompleteAndInOrder(run);
        CheckRelayedOnce(run);
        const auto serverSyn = run.tap.First(true, false, TcpHeader::SYN);
        const auto legSyn = run.tap.First(false, true, TcpHeader::SYN);
        NS_TEST_ASSERT_MSG_EQ((serverSyn && legSyn), true, "handshakes seen");
        uint64_t ackedByMobile = 0;
        uint64_t mostHeld = 0;
        uint32_t closed = 0;
        uint32_t reopened = 0;
        uint32_t silly = 0;
        uint32_t probes = 0;
        std::optional<uint32_t> lastWindow;
        for (const Seen& seen : run.tap.seen)
        {
            const bool ack = seen.tcp.GetFlags() & TcpHeader::ACK;
            if (!seen.internet && !seen.tx && !seen.ToMobile() && ack)
            {
                ackedByMobile = std::max<uint64_t>(ackedByMobile,
                                                   seen.tcp.GetAckNumber() -
                                                       (legSyn->tcp.GetSequenceNumber() + 1));
            }
            if (seen.internet && seen.tx && ack && !(seen.tcp.GetFlags() & TcpHeader::SYN))
            {
                const uint64_t acked =
                    seen.tcp.GetAckNumber() - (serverSyn->tcp.GetSequenceNumber() + 1);
                mostHeld = std::max(mostHeld, acked - std::min(acked, ackedByMobile));
                // The server's receive buffer is below 64 KiB: no scaling.
                const uint32_t window = seen.tcp.GetWindowSize();
                closed += window == 0 ? 1 : 0;
                silly += window > 0 && window < kMss ? 1 : 0;
                reopened += lastWindow == 0u && window >= kMss ? 1 : 0;
                lastWindow = window;
            }
            probes += seen.internet && !seen.tx && seen.payload == 1 ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_LT_OR_EQ(mostHeld, 3 * buffer, "the proxy holds at most its buffers");
        NS_TEST_EXPECT_MSG_GT(closed, 0, "the window to the server closed");
        NS_TEST_EXPECT_MSG_GT(reopened, 0, "and reopened");
        NS_TEST_EXPECT_MSG_EQ(silly, 0, "never below one segment but zero");
        if (sc.internetLoss == 0)
        {
            NS_TEST_EXPECT_MSG_EQ(probes, 0, "reopened without the server probing it");
        }
        Simulator::Destroy();
    }
};

/**
 * Split: an RST from one end resets the other end's connection. The resetting end stops
 * reading, then closes with unread data, which makes ns-3's TCP send RST (its bug 426 rule).
 */
class SplitResetTestCase : public ProxyTestCase
{
  public:
    /// \param fromMobile the mobile resets (else the server)
    explicit SplitResetTestCase(bool fromMobile)
        : ProxyTestCase(std::string("Split: an RST from the ") +
                        (fromMobile ? "mobile" : "server") + " resets the other end"),
          m_fromMobile(fromMobile)
    {
    }

  private:
    void DoRun() override
    {
        ProxyRun run;
        run.server.toSend = 300000; // more than the 40 s before the reset can carry
        run.mobile.toSend = 2000;   // the server leaves it unread
        PatternEnd& resetter = m_fromMobile ? run.mobile : run.server;
        resetter.readLimit = m_fromMobile ? 20000 : 0;
        ProxyScenario sc = Download("split");
        // An RST is sent once and never retransmitted (RFC 793 3.4): lost on a lossy link, the
        // other end would rightly stay open. The claim here is the proxy's, so no link loses.
        sc.internetLoss = 0;
        sc.tcpLosses = false;
        sc.before = [&resetter](ProxyRun&) {
            Simulator::Schedule(Seconds(40), &PatternEnd::Close, &resetter);
        };
        RunProxied(sc, run);
        const PatternEnd& other = m_fromMobile ? run.server : run.mobile;
        // The resetter's RST arrived on one side, the proxy's on the other.
        const auto rstIn = run.tap.First(!m_fromMobile, false, TcpHeader::RST);
        NS_TEST_ASSERT_MSG_EQ(rstIn.has_value(), true, "the end's RST reached the proxy");
        NS_TEST_EXPECT_MSG_GT(ResetsSent(run, m_fromMobile), 0, "the proxy reset the other");
        NS_TEST_EXPECT_MSG_EQ(other.State(), TcpSocket::CLOSED, "the other end is closed");
        const bool finished =
            other.WentThrough(TcpSocket::CLOSE_WAIT) || other.WentThrough(TcpSocket::FIN_WAIT_1);
        NS_TEST_EXPECT_MSG_EQ(finished, false, "by a reset, not a FIN");
        CheckForgotten(run);
        Simulator::Destroy();
    }

    bool m_fromMobile; //!< the mobile resets
};

/**
 * Split: the mobile refuses the connection (nothing listens on the port). The proxy never
 * answers the server's SYN, but resets it as the mobile does. (ns-3.37's TCP ignores an RST in
 * SYN_SENT, so the server retries its SYN until it gives up, each refused anew: as end to end.)
 */
class SplitRefusedTestCase : public ProxyTestCase
{
  public:
    SplitRefusedTestCase()
        : ProxyTestCase("Split: a refused connection is refused to the initiator")
    {
    }

  private:
    void DoRun() override
    {
        CellSetup setup;
        setup.proxy = true;
        CellRecorder recorder;
        const GprsScenario s = setup.Build(recorder);
        const Ptr<GprsProxy> proxy = GprsProxyHelper("split").Install(s);
        ProxyRun run;
        run.tap.Connect(s);
        Simulator::Schedule(Seconds(1), [&s]() {
            Socket::CreateSocket(s.server, TcpSocketFactory::GetTypeId())
                ->Connect(InetSocketAddress(s.GetMobileAddress(0), kPort));
        });
        Simulator::Stop(Seconds(60));
        Simulator::Run();
        std::vector<SequenceNumber32> syns;
        std::vector<SequenceNumber32> resets; // their ACK numbers
        for (const Seen& seen : run.tap.On(true, false))
        {
            syns.push_back(seen.tcp.GetSequenceNumber());
        }
        for (const Seen& seen : run.tap.On(true, true))
        {
            const uint8_t flags = seen.tcp.GetFlags();
            NS_TEST_EXPECT_MSG_EQ((flags & TcpHeader::SYN), 0, "no SYN-ACK to the server");
            if (flags & TcpHeader::RST)
            {
                resets.push_back(seen.tcp.GetAckNumber());
            }
        }
        NS_TEST_EXPECT_MSG_GT(syns.size(), 1, "the server retried");
        NS_TEST_ASSERT_MSG_EQ(resets.size(), syns.size(), "every SYN refused");
        for (std::size_t i = 0; i < syns.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(resets[i], syns[i] + 1, "the RST acknowledges the SYN");
        }
        NS_TEST_EXPECT_MSG_EQ(run.tap.First(false, false, TcpHeader::RST).has_value(),
                              true,
                              "the mobile refused the proxy");
        NS_TEST_EXPECT_MSG_EQ(DynamicCast<GprsSplitProxy>(proxy)->GetOpenSplits(), 0, "forgotten");
        Simulator::Destroy();
    }
};

/// What a split proxy reported dropped, per direction, from its BytesDropped trace.
struct DropLedger
{
    uint64_t held[2]{0, 0};           //!< [toMobile] acknowledged to the sender, not relayed
    uint64_t unacknowledged[2]{0, 0}; //!< [toMobile] relayed, not acknowledged by the receiver

    /**
     * BytesDropped sink.
     * \param toMobile the direction
     * \param h octets held
     * \param u octets unacknowledged
     */
    void OnDropped(const GprsTcpFlow&, bool toMobile, uint32_t h, uint32_t u)
    {
        held[toMobile] += h;
        unacknowledged[toMobile] += u;
    }
};

/**
 * \param run a run
 * \param toMobile the direction
 * \return octets of that direction the proxy acknowledged to the sender, from the highest ACK
 *         it sent towards it (the FIN, if acknowledged, is not counted)
 */
uint64_t
AcknowledgedToSender(const ProxyRun& run, bool toMobile)
{
    const PatternEnd& sender = toMobile ? run.server : run.mobile;
    // The sender's SYN arrives on its side's interface (Internet for the server), and the
    // proxy's ACKs leave there.
    std::optional<Seen> syn;
    uint64_t acked = 0;
    for (const Seen& s : run.tap.seen)
    {
        if (s.internet != toMobile)
        {
            continue;
        }
        const uint8_t flags = s.tcp.GetFlags();
        if (!s.tx && (flags & TcpHeader::SYN) && !syn)
        {
            syn = s;
        }
        else if (s.tx && syn && (flags & TcpHeader::ACK) && !(flags & TcpHeader::RST))
        {
            acked = std::max<uint64_t>(acked,
                                       s.tcp.GetAckNumber() - (syn->tcp.GetSequenceNumber() + 1));
        }
    }
    return std::min(acked, sender.toSend);
}

/**
 * Split under a long outage: the radio carries nothing from 5 s to 300 s, so the proxy's
 * leg towards the mobile gives up (its data retries run out) while the server has had its data
 * acknowledged. Nothing is lost silently: per direction, what the proxy acknowledged to the
 * sender is what it relayed plus what it reported dropped before relaying, and the receiver got
 * what was relayed less at most what was reported dropped after relaying (a receiver may hold
 * octets whose acknowledgements the outage lost); the other end is reset, not left waiting, and
 * the connection is forgotten. Downloads in RLC unacknowledged and acknowledged mode and with LLC
 * acknowledged mode, and a connection the mobile opens with data both ways.
 */
class SplitOutageTestCase : public ProxyTestCase
{
  public:
    /// What runs through the outage.
    enum class Kind
    {
        DOWNLOAD_RLC_UNACKNOWLEDGED, //!< a download, radio losses reach TCP
        DOWNLOAD_RLC_ACKNOWLEDGED,   //!< a download, RLC recovers the radio losses
        DOWNLOAD_LLC_ACKNOWLEDGED,   //!< a download, LLC ABM over RLC unacknowledged mode
        UPLOAD,                      //!< the mobile opens, both send
    };

    /// \param kind what runs
    explicit SplitOutageTestCase(Kind kind)
        : ProxyTestCase("Split: a leg dead after a long outage loses nothing silently"),
          m_kind(kind)
    {
    }

  private:
    void DoRun() override
    {
        ProxyRun run;
        ProxyScenario sc = Download("split");
        // An upload starts after the mobile's uplink TBF: the outage lets some of it through.
        sc.outages = m_kind == Kind::UPLOAD ? "20s-300s" : "5s-300s";
        // The upload's outage was chosen for the uplink TBF of the delay draws: with the
        // protocol's CCCH, on ns-3.43 the mobile's leg had not given up by 600 s (not analysed).
        sc.ccchAccess = m_kind != Kind::UPLOAD;
        sc.stop = Seconds(600);
        sc.tcpLosses = m_kind != Kind::DOWNLOAD_RLC_ACKNOWLEDGED;
        sc.llcAcknowledged = m_kind == Kind::DOWNLOAD_LLC_ACKNOWLEDGED;
        if (m_kind == Kind::UPLOAD)
        {
            // The server, held back by the proxy's window while the mobile leg is stalled,
            // crashes at a duplicate ACK before ns-3.41 (kWindowLimitedSenderSurvivesLoss).
            sc.internetLoss = kWindowLimitedSenderSurvivesLoss ? sc.internetLoss : 0;
            sc.mobileOpens = true;
            run.mobile.toSend = 200000;
            run.mobile.closeWhenAcked = true;
            run.server.toSend = 200000;
            run.server.closeWhenSent = true;
        }
        else
        {
            SetDownload(run, 200000);
        }
        DropLedger dropped;
        sc.before = [&dropped](ProxyRun& r) {
            r.proxy->TraceConnectWithoutContext("BytesDropped",
                                                MakeCallback(&DropLedger::OnDropped, &dropped));
        };
        RunProxied(sc, run);
        const GprsProxyCounters c = run.proxy->GetCounters();
        for (const bool toMobile : {true, false})
        {
            const PatternEnd& receiver = toMobile ? run.mobile : run.server;
            const uint64_t relayed = toMobile ? c.bytesRelayedToMobile : c.bytesRelayedToServer;
            const uint64_t acknowledged = AcknowledgedToSender(run, toMobile);
            const std::string way = toMobile ? " (towards the mobile)" : " (towards the server)";
            NS_LOG_INFO("towards the " << (toMobile ? "mobile" : "server") << ": acknowledged "
                                       << acknowledged << ", relayed " << relayed << ", received "
                                       << receiver.received << ", dropped held "
                                       << dropped.held[toMobile] << ", unacknowledged "
                                       << dropped.unacknowledged[toMobile]);
            NS_TEST_EXPECT_MSG_EQ(acknowledged,
                                  relayed + dropped.held[toMobile],
                                  "acknowledged = relayed + dropped before relaying" << way);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(receiver.received, relayed, "received" << way);
            NS_TEST_EXPECT_MSG_GT_OR_EQ(receiver.received + dropped.unacknowledged[toMobile],
                                        relayed,
                                        "relayed = received + dropped after relaying" << way);
            NS_TEST_EXPECT_MSG_EQ(receiver.mismatches, 0, "in order, unchanged" << way);
            NS_TEST_EXPECT_MSG_EQ((toMobile ? c.bytesDroppedToMobile : c.bytesDroppedToServer),
                                  dropped.held[toMobile] + dropped.unacknowledged[toMobile],
                                  "the counter is the trace's sum" << way);
        }
        NS_TEST_EXPECT_MSG_GT(c.bytesDroppedToMobile, 0, "the outage lost data for the mobile");
        if (m_kind == Kind::UPLOAD)
        {
            NS_TEST_EXPECT_MSG_GT(run.server.received, 0, "some of the upload got through");
        }
        NS_TEST_EXPECT_MSG_LT(run.mobile.received, run.server.toSend, "the mobile missed data");
        NS_TEST_EXPECT_MSG_EQ(run.server.State(), TcpSocket::CLOSED, "the server was reset");
        NS_TEST_EXPECT_MSG_EQ(run.server.WentThrough(TcpSocket::TIME_WAIT),
                              false,
                              "by a reset, not a FIN");
        CheckForgotten(run);
        Simulator::Destroy();
    }

    Kind m_kind; //!< what runs
};

/// The mobile leg of a clamp run, from its traces.
struct ClampLeg
{
    uint32_t mss{0};                                                   //!< its segment size
    uint32_t cwnd{0};                                                  //!< current cwnd
    TcpSocketState::TcpCongState_t congState{TcpSocketState::CA_OPEN}; //!< current state
    bool established{false};                                           //!< handshake completed
    std::optional<uint32_t> cwndWhenEstablished;                       //!< cwnd at ESTABLISHED
    std::vector<std::pair<uint32_t, bool>> changes; //!< after ESTABLISHED: (cwnd, in CA_LOSS)
    uint32_t losses{0};                             //!< entries into CA_LOSS (timeouts)
    uint32_t recoveries{0};                         //!< entries into CA_RECOVERY
    uint32_t maxInFlight{0};                        //!< most bytes in flight

    /**
     * LegOpened sink: watch the leg towards the mobile.
     * \param socket the leg's socket
     * \param mobileLeg it is the leg towards the mobile
     */
    void Watch(Ptr<TcpSocketBase> socket, bool mobileLeg)
    {
        if (!mobileLeg)
        {
            return;
        }
        UintegerValue segment;
        socket->GetAttribute("SegmentSize", segment);
        mss = segment.Get();
        socket->TraceConnectWithoutContext(
            "CongestionWindow",
            MakeCallback(+[](ClampLeg* l, uint32_t, uint32_t cwnd) {
                l->cwnd = cwnd;
                if (l->established)
                {
                    l->changes.emplace_back(cwnd, l->congState == TcpSocketState::CA_LOSS);
                }
            }).Bind(this));
        socket->TraceConnectWithoutContext("CongState",
                                           MakeCallback(+[](ClampLeg* l,
                                                            TcpSocketState::TcpCongState_t,
                                                            TcpSocketState::TcpCongState_t s) {
                                               l->congState = s;
                                               l->losses += s == TcpSocketState::CA_LOSS ? 1 : 0;
                                               l->recoveries +=
                                                   s == TcpSocketState::CA_RECOVERY ? 1 : 0;
                                           }).Bind(this));
        socket->TraceConnectWithoutContext(
            "State",
            MakeCallback(+[](ClampLeg* l, TcpSocket::TcpStates_t, TcpSocket::TcpStates_t s) {
                if (s == TcpSocket::ESTABLISHED && !l->established)
                {
                    l->established = true;
                    l->cwndWhenEstablished = l->cwnd;
                }
            }).Bind(this));
        socket->TraceConnectWithoutContext(
            "BytesInFlight",
            MakeCallback(+[](ClampLeg* l, uint32_t, uint32_t inFlight) {
                l->maxInFlight = std::max(l->maxInFlight, inFlight);
            }).Bind(this));
    }
};

/**
 * The cwnd clamp on the split's mobile leg, over a lossy radio with an outage: cwnd is C_clamp
 * when the handshake completes and after every change, through fast recoveries, except from a
 * retransmission timeout (one segment) to the next ACK of new data, which restores C_clamp
 * without slow start; the data in flight never exceeds C_clamp.
 */
class ClampTestCase : public ProxyTestCase
{
  public:
    ClampTestCase()
        : ProxyTestCase("Clamp: cwnd = C_clamp after the handshake except after a timeout")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t clamp = GprsProxyHelper::DeriveClamp(4, GprsCodingScheme::CS2, Seconds(1));
        ProxyRun run;
        SetDownload(run, 150000);
        ProxyScenario sc = Download("clamp");
        sc.clamp = clamp;
        sc.outages = "20s-32s";
        ClampLeg leg;
        sc.before = [&leg](ProxyRun& r) {
            r.proxy->TraceConnectWithoutContext("LegOpened", MakeCallback(&ClampLeg::Watch, &leg));
        };
        RunProxied(sc, run);
        CheckCompleteAndInOrder(run);
        NS_TEST_ASSERT_MSG_EQ(leg.cwndWhenEstablished.has_value(), true, "mobile leg connected");
        NS_TEST_EXPECT_MSG_EQ(*leg.cwndWhenEstablished, clamp, "C_clamp from the handshake");
        NS_TEST_EXPECT_MSG_GT(leg.losses, 0, "the outage caused a timeout");
        NS_TEST_EXPECT_MSG_GT(leg.recoveries, 0, "the radio losses caused fast recoveries");
        uint32_t timeoutWindows = 0;
        for (std::size_t i = 0; i < leg.changes.size(); ++i)
        {
            const auto [cwnd, inLoss] = leg.changes[i];
            if (cwnd == leg.mss && inLoss)
            {
                ++timeoutWindows;
                const bool restored =
                    i + 1 < leg.changes.size() && leg.changes[i + 1].first == clamp;
                NS_TEST_EXPECT_MSG_EQ(restored, true, "back to C_clamp at once after a timeout");
            }
            else
            {
                NS_TEST_EXPECT_MSG_EQ(cwnd, clamp, "cwnd stays C_clamp (change " << i << ")");
            }
        }
        NS_TEST_EXPECT_MSG_GT(timeoutWindows, 0, "one segment after a timeout");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(leg.maxInFlight, clamp, "in flight within C_clamp");
        const GprsProxyCounters c = run.proxy->GetCounters();
        NS_TEST_EXPECT_MSG_GT(c.timerDrivenRetransmissions, 0, "timeout retransmissions");
        NS_TEST_EXPECT_MSG_EQ(c.windowInForce, clamp, "the window in force is C_clamp");
        Simulator::Destroy();
    }
};

/**
 * The clamp above a small receive window: Chakravorty & Pratt's receiver offered 5392 bytes, less
 * than the usual C_clamp, so the proxy's leg towards it is limited by the window, over a radio
 * whose losses reach TCP. Before ns-3.41 such a sender crashes at its first duplicate ACK (ns-3
 * issue #991); the leg's GprsProxyTcpSocket holds back the empty segment. Every byte arrives,
 * never more than the window in flight, through fast recoveries.
 */
class SmallWindowTestCase : public ProxyTestCase
{
  public:
    SmallWindowTestCase()
        : ProxyTestCase("Clamp above a 5392-byte receive window, with losses: no ns-3.37 crash")
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t window = 5392;
        ProxyRun run;
        SetDownload(run, 150000);
        ProxyScenario sc = Download("clamp");
        sc.clamp = 10240;
        sc.mobileRcvBuf = window;
        ClampLeg leg;
        sc.before = [&leg](ProxyRun& r) {
            r.proxy->TraceConnectWithoutContext("LegOpened", MakeCallback(&ClampLeg::Watch, &leg));
        };
        RunProxied(sc, run);
        CheckCompleteAndInOrder(run);
        NS_TEST_EXPECT_MSG_GT(leg.recoveries, 0, "duplicate ACKs while limited by the window");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(leg.maxInFlight, window, "within the receive window");
        Simulator::Destroy();
    }
};

/**
 * The ACK-window clamp on a lossy download (TCP sees losses only from ns-3.41 on, see
 * kWindowLimitedSenderSurvivesLoss): every ACK of the mobile leaves the proxy with a
 * window no larger than it came with and at most the limit (at the scale the handshake set);
 * the server never has more than the limit in flight; with ns-3 checksums on, every rewritten
 * segment's checksum verifies.
 */
class AckWindowTestCase : public ProxyTestCase
{
  public:
    /// \param checksums with ns-3's checksums (the global ChecksumEnabled)
    explicit AckWindowTestCase(bool checksums)
        : ProxyTestCase(std::string("ACK-window: windows lowered, never raised") +
                        (checksums ? ", checksums recomputed" : "")),
          m_checksums(checksums)
    {
    }

  private:
    void DoRun() override
    {
        constexpr uint32_t limit = 4000;
        GlobalValue::Bind("ChecksumEnabled", BooleanValue(m_checksums));
        ProxyRun run;
        SetDownload(run, 100000);
        uint32_t maxInFlight = 0;
        run.server.onAttach = [&maxInFlight](Ptr<TcpSocketBase> socket) {
            socket->TraceConnectWithoutContext(
                "BytesInFlight",
                MakeCallback(+[](uint32_t* most, uint32_t, uint32_t inFlight) {
                    *most = std::max(*most, inFlight);
                }).Bind(&maxInFlight));
        };
        ProxyScenario sc = Download("ack-window");
        sc.clamp = limit;
        if (!kWindowLimitedSenderSurvivesLoss)
        {
            // The server, limited by the clamped window, would crash at its first duplicate
            // ACK: radio losses only, which RLC recovers.
            sc.tcpLosses = false;
            sc.internetLoss = 0;
        }
        RunProxied(sc, run);
        GlobalValue::Bind("ChecksumEnabled", BooleanValue(false));
        CheckCompleteAndInOrder(run);

        // The mobile's window scale, from its SYN-ACK (the server's SYN offers scaling too).
        const auto synAck = run.tap.First(false, false, TcpHeader::SYN | TcpHeader::ACK);
        NS_TEST_ASSERT_MSG_EQ(synAck.has_value(), true, "the mobile's SYN-ACK seen");
        NS_TEST_ASSERT_MSG_EQ(synAck->tcp.HasOption(TcpOption::WINSCALE), true, "scaling");
        const uint8_t shift =
            DynamicCast<const TcpOptionWinScale>(synAck->tcp.GetOption(TcpOption::WINSCALE))
                ->GetScale();
        NS_TEST_EXPECT_MSG_GT(shift, 0, "a scaled window, so the scale matters");
        std::map<uint64_t, Seen> fromMobile;
        for (const Seen& s : run.tap.On(false, false))
        {
            fromMobile.emplace(s.uid, s);
        }
        uint64_t lowered = 0;
        for (const Seen& out : run.tap.On(true, true))
        {
            const auto in = fromMobile.find(out.uid);
            if (in == fromMobile.end())
            {
                continue;
            }
            const bool syn = out.tcp.GetFlags() & TcpHeader::SYN;
            const uint64_t bytes = static_cast<uint64_t>(out.tcp.GetWindowSize())
                                   << (syn ? 0 : shift);
            NS_TEST_EXPECT_MSG_LT_OR_EQ(out.tcp.GetWindowSize(),
                                        in->second.tcp.GetWindowSize(),
                                        "never raised");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(bytes, limit, "at most the limit");
            NS_TEST_EXPECT_MSG_EQ(out.checksumOk, true, "checksum verifies");
            lowered += out.tcp.GetWindowSize() != in->second.tcp.GetWindowSize() ? 1 : 0;
        }
        const GprsProxyCounters c = run.proxy->GetCounters();
        NS_TEST_EXPECT_MSG_GT(lowered, 0, "windows were lowered");
        NS_TEST_EXPECT_MSG_EQ(lowered, c.acksRewritten, "counted rewrites = seen");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(maxInFlight, limit, "the server kept within the limit");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(c.windowInForce, limit, "window in force");
        Simulator::Destroy();
    }

    bool m_checksums; //!< with checksums
};

/**
 * A suite of one test case: ns-3 stops a suite at its first failing case, so each scenario
 * gets its own suite.
 */
template <typename T>
class GprsProxyTestSuite : public GprsTestSuite
{
  public:
    /**
     * \param name suite name
     * \param args the test case's constructor arguments
     */
    template <typename... Args>
    explicit GprsProxyTestSuite(const std::string& name, Args... args)
        : GprsTestSuite(name)
    {
        AddMade([args...]() { return new T(args...); });
    }
};

GprsProxyTestSuite<SnoopTestCase> g_snoop("gprs-proxy-snoop");                    //!< suite
GprsProxyTestSuite<SplitDownloadTestCase> g_splitDownload("gprs-proxy-split");    //!< suite
GprsProxyTestSuite<SplitUploadTestCase> g_splitUpload("gprs-proxy-split-mobile"); //!< suite
GprsProxyTestSuite<SplitBackPressureTestCase> g_backPressure(
    "gprs-proxy-split-backpressure"); //!< suite
GprsProxyTestSuite<SplitResetTestCase> g_resetMobile("gprs-proxy-split-rst-mobile",
                                                     true); //!< suite
GprsProxyTestSuite<SplitResetTestCase> g_resetServer("gprs-proxy-split-rst-server",
                                                     false);                    //!< suite
GprsProxyTestSuite<SplitRefusedTestCase> g_refused("gprs-proxy-split-refused"); //!< suite
GprsProxyTestSuite<SplitOutageTestCase> g_outageUm(
    "gprs-proxy-split-outage",
    SplitOutageTestCase::Kind::DOWNLOAD_RLC_UNACKNOWLEDGED); //!< suite
GprsProxyTestSuite<SplitOutageTestCase> g_outageAm(
    "gprs-proxy-split-outage-rlc-ack",
    SplitOutageTestCase::Kind::DOWNLOAD_RLC_ACKNOWLEDGED); //!< suite
GprsProxyTestSuite<SplitOutageTestCase> g_outageLlc(
    "gprs-proxy-split-outage-llc-ack",
    SplitOutageTestCase::Kind::DOWNLOAD_LLC_ACKNOWLEDGED); //!< suite
GprsProxyTestSuite<SplitOutageTestCase> g_outageUpload(
    "gprs-proxy-split-outage-upload",
    SplitOutageTestCase::Kind::UPLOAD);                                                 //!< suite
GprsProxyTestSuite<ClampTestCase> g_clamp("gprs-proxy-clamp");                          //!< suite
GprsProxyTestSuite<SmallWindowTestCase> g_smallWindow("gprs-proxy-clamp-small-window"); //!< suite
GprsProxyTestSuite<AckWindowTestCase> g_ackWindow("gprs-proxy-ack-window", false);      //!< suite
GprsProxyTestSuite<AckWindowTestCase> g_ackWindowChecksum("gprs-proxy-ack-window-checksum",
                                                          true); //!< suite

} // namespace
