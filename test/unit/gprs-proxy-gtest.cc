/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The cwnd clamp as TcpSocketBase drives it, the split proxy's initial sequence numbers, the
// C_clamp rule, and the proxies' bad inputs: each stops with a message naming the value.

#include "gprs-expect-invalid.h"

#include "ns3/gprs-proxy-helper.h"
#include "ns3/gprs-proxy-tcp-socket.h"
#include "ns3/gprs-split-proxy.h"
#include "ns3/gprs-tcp-clamp.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <gtest/gtest.h>
#include <set>

using namespace ns3;

namespace
{

constexpr uint32_t kMss = 536; //!< segment size of the test sockets

/**
 * \param clamp C_clamp
 * \return a clamp congestion control
 */
Ptr<GprsTcpClamp>
MakeClamp(uint32_t clamp)
{
    const Ptr<GprsTcpClamp> ops = CreateObject<GprsTcpClamp>();
    ops->SetAttribute("Clamp", UintegerValue(clamp));
    return ops;
}

/// \return a socket state with a 536-byte segment and ns-3's initial window of 10 segments
Ptr<TcpSocketState>
MakeTcb()
{
    const Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
    tcb->m_segmentSize = kMss;
    tcb->m_cWnd = 10 * kMss;
    return tcb;
}

/**
 * Call a TcpRecoveryOps method whatever its parameters after the socket state (they differ
 * between ns-3 versions), with the others zero.
 * \param ops the recovery
 * \param method EnterRecovery or DoRecovery
 * \param tcb the socket state
 */
template <typename... Rest>
void
CallRecovery(TcpRecoveryOps& ops,
             void (TcpRecoveryOps::*method)(Ptr<TcpSocketState>, Rest...),
             Ptr<TcpSocketState> tcb)
{
    (ops.*method)(tcb, Rest{}...);
}

TEST(GprsTcpClamp, WindowIsTheClampFromTheHandshakeOn)
{
    const Ptr<GprsTcpClamp> clamp = MakeClamp(6750);
    const Ptr<TcpSocketState> tcb = MakeTcb();
    clamp->Init(tcb);
    EXPECT_EQ(tcb->m_cWnd.Get(), 6750u);
    // The socket sets InitialCwnd segments on the SYN, then calls CongestionStateSet(CA_OPEN).
    tcb->m_cWnd = 10 * kMss;
    clamp->CongestionStateSet(tcb, TcpSocketState::CA_OPEN);
    EXPECT_EQ(tcb->m_cWnd.Get(), 6750u);
    EXPECT_EQ(tcb->m_ssThresh.Get(), 6750u);
    // No growth on ACKs, the clamp as ssthresh on a loss.
    clamp->IncreaseWindow(tcb, 5);
    EXPECT_EQ(tcb->m_cWnd.Get(), 6750u);
    EXPECT_EQ(clamp->GetSsThresh(tcb, 100000), 6750u);
    // A timeout: the socket sets one segment after the congestion control's calls; the clamp
    // leaves it for the retransmission, and the next ACK of new data restores C_clamp.
    clamp->CongestionStateSet(tcb, TcpSocketState::CA_LOSS);
    tcb->m_cWnd = kMss;
    EXPECT_EQ(tcb->m_cWnd.Get(), kMss);
    clamp->IncreaseWindow(tcb, 1);
    EXPECT_EQ(tcb->m_cWnd.Get(), 6750u);
    // A forked socket keeps the clamp.
    const Ptr<GprsTcpClamp> fork = DynamicCast<GprsTcpClamp>(clamp->Fork());
    ASSERT_TRUE(fork);
    EXPECT_EQ(fork->GetClamp(), 6750u);
}

TEST(GprsTcpClamp, RecoveryKeepsTheWindow)
{
    const Ptr<TcpSocketState> tcb = MakeTcb();
    tcb->m_ssThresh = 6750;
    GprsTcpClampRecovery recovery;
    CallRecovery(recovery, &TcpRecoveryOps::EnterRecovery, tcb);
    EXPECT_EQ(tcb->m_cWnd.Get(), 6750u);
    tcb->m_cWnd = 9000; // whatever happens meanwhile, every duplicate ACK puts it back
    CallRecovery(recovery, &TcpRecoveryOps::DoRecovery, tcb);
    EXPECT_EQ(tcb->m_cWnd.Get(), 6750u);
    tcb->m_cWnd = 100;
    recovery.ExitRecovery(tcb);
    EXPECT_EQ(tcb->m_cWnd.Get(), 6750u);
}

TEST(GprsTcpClamp, ClampBelowOneSegmentIsRefused)
{
    const Ptr<GprsTcpClamp> clamp = MakeClamp(400);
    const Ptr<TcpSocketState> tcb = MakeTcb();
    clamp->Init(tcb); // the segment size may still change before the connection
    EXPECT_DEATH(clamp->CongestionStateSet(tcb, TcpSocketState::CA_OPEN),
                 "C_clamp of 400 bytes is below one segment \\(536 bytes\\)");
}

TEST(GprsProxyTcpSocket, InitialSequenceNumbersAreTheirOwn)
{
    std::set<uint32_t> seen;
    for (uint16_t port = 49153; port < 49163; ++port)
    {
        for (int64_t ms : {0, 1, 1000})
        {
            const SequenceNumber32 isn =
                GprsProxyTcpSocket::ChooseIsn(InetSocketAddress("10.1.0.2", 5000),
                                              InetSocketAddress("10.0.0.1", port),
                                              MilliSeconds(ms));
            EXPECT_GE(isn.GetValue(), 1u); // not ns-3's 0
            EXPECT_LT(isn.GetValue(), 1u << 30);
            seen.insert(isn.GetValue());
        }
    }
    EXPECT_EQ(seen.size(), 30u); // every connection and instant its own
}

TEST(GprsProxyTcpSocket, OfferedWindowIsZeroOrWholeSegments)
{
    // A 4000-octet buffer, 536-octet segments: the threshold is min(536, 2000) = 536.
    EXPECT_EQ(GprsProxyTcpSocket::OfferedWindow(0, 536, 4000), 0u);
    EXPECT_EQ(GprsProxyTcpSocket::OfferedWindow(504, 536, 4000), 0u); // not a silly 504
    EXPECT_EQ(GprsProxyTcpSocket::OfferedWindow(535, 536, 4000), 0u);
    EXPECT_EQ(GprsProxyTcpSocket::OfferedWindow(536, 536, 4000), 536u);
    EXPECT_EQ(GprsProxyTcpSocket::OfferedWindow(1576, 536, 4000), 1072u);
    EXPECT_EQ(GprsProxyTcpSocket::OfferedWindow(4000, 536, 4000), 3752u);
    // A buffer under two segments: half of it is enough to offer, whole segments or not.
    EXPECT_EQ(GprsProxyTcpSocket::OfferedWindow(399, 1400, 800), 0u);
    EXPECT_EQ(GprsProxyTcpSocket::OfferedWindow(400, 1400, 800), 400u);
    EXPECT_EQ(GprsProxyTcpSocket::OfferedWindow(800, 1400, 800), 800u);
    // Never more than is free, never below the threshold unless zero.
    for (uint32_t freeSpace = 0; freeSpace <= 5000; ++freeSpace)
    {
        const uint32_t w = GprsProxyTcpSocket::OfferedWindow(freeSpace, 536, 5000);
        EXPECT_LE(w, freeSpace);
        EXPECT_TRUE(w == 0 || (w >= 536 && w % 536 == 0)) << freeSpace;
        EXPECT_GT(w + 536, freeSpace >= 536 ? freeSpace : 0u) << freeSpace; // loses < 1 segment
    }
}

TEST(GprsProxyHelper, DeriveClampFollowsTheRule)
{
    // 4 PDCHs of CS-2: 4 x 12 kbit/s = 6000 bytes/s; x 1 s x 1.125.
    EXPECT_EQ(GprsProxyHelper::DeriveClamp(4, GprsCodingScheme::CS2, Seconds(1)), 6750u);
    // 3 PDCHs of CS-2 (Chakravorty & Pratt's 3+1 phone), 2 s, 10 %: 4500 x 2 x 1.1.
    EXPECT_EQ(GprsProxyHelper::DeriveClamp(3, GprsCodingScheme::CS2, Seconds(2), 0.1), 9900u);
    // 1 PDCH of CS-4: 2500 bytes/s x 0.5 s, no margin.
    EXPECT_EQ(GprsProxyHelper::DeriveClamp(1, GprsCodingScheme::CS4, MilliSeconds(500), 0), 1250u);
}

TEST(GprsProxyHelper, VariantsByName)
{
    const std::vector<std::string> expected{"none",
                                            "reno",
                                            "snoop",
                                            "split",
                                            "clamp",
                                            "ack-window"};
    EXPECT_EQ(GprsProxyHelper::GetVariants(), expected);
    GprsProxyHelper helper;
    EXPECT_EQ(helper.GetVariant(), "none");
    EXPECT_EQ(helper.Install(Ptr<Node>()), nullptr); // no proxy: nothing to install
    EXPECT_EQ(GprsProxyHelper::GetCounters(nullptr).bytesRelayedToMobile, 0u);
}

TEST(GprsProxyHelper, BadInputsNameTheValue)
{
    // Check() names the value; Install stops with NS_FATAL_ERROR's message alone (no cond=).
    EXPECT_DEATH(GprsProxyHelper("snooper").Install(CreateObject<Node>()),
                 "^msg=\"unknown proxy variant 'snooper' \\(allowed: none, reno, snoop, split, "
                 "clamp, ack-window, or the TypeId name of a class derived from ns3::GprsProxy, "
                 "e.g. ns3::GprsSnoopAgent\\)\", ");
    GprsProxyHelper zero("clamp");
    zero.SetClamp(0);
    ExpectInvalid([&zero]() { zero.Check(); }, "proxy clamp of 0 bytes");
    EXPECT_DEATH(zero.Install(CreateObject<Node>()), "^msg=\"proxy clamp of 0 bytes");
    EXPECT_DEATH(GprsProxyHelper("snoop").Install(CreateObject<Node>()),
                 "^msg=\"proxy variant 'snoop': node [0-9]+ has no Internet stack");
    EXPECT_DEATH(GprsProxyHelper("split").Install(GprsScenario()),
                 "proxy variant 'split': the scenario has no proxy node");
    EXPECT_DEATH(GprsProxyHelper::DeriveClamp(0, GprsCodingScheme::CS2, Seconds(1)),
                 "C_clamp from 0 PDCHs \\(allowed: 1..8\\)");
    EXPECT_DEATH(GprsProxyHelper::DeriveClamp(4, GprsCodingScheme::CS2, Seconds(0)),
                 "C_clamp from an RTT of \\+?0");
    EXPECT_DEATH(GprsProxyHelper::DeriveClamp(4, GprsCodingScheme::CS2, Seconds(1), 2),
                 "C_clamp with a margin of 2");
}

TEST(GprsProxyHelper, NodeMustRouteWithAList)
{
    const Ptr<Node> node = CreateObject<Node>();
    InternetStackHelper stack;
    Ipv4StaticRoutingHelper staticOnly;
    stack.SetRoutingHelper(staticOnly);
    stack.Install(node);
    EXPECT_DEATH(GprsProxyHelper("ack-window").Install(node),
                 "routes with ns3::Ipv4StaticRouting, not an Ipv4ListRouting");
}

TEST(GprsSplitProxy, BadLegConfigurationNamesTheAttribute)
{
    const Ptr<Node> node = CreateObject<Node>();
    InternetStackHelper().Install(node);
    GprsProxyHelper cc("split");
    cc.SetProxyAttribute("MobileLegCongestionControl", StringValue("ns3::TcpFoo"));
    EXPECT_DEATH(cc.Install(node),
                 "MobileLegCongestionControl 'ns3::TcpFoo': 'ns3::TcpFoo' is not a "
                 "ns3::TcpCongestionOps");
    GprsProxyHelper recovery("split");
    recovery.SetProxyAttribute("ServerLegRecovery", StringValue("ns3::TcpNewReno"));
    EXPECT_DEATH(recovery.Install(node),
                 "ServerLegRecovery 'ns3::TcpNewReno': 'ns3::TcpNewReno' is not a "
                 "ns3::TcpRecoveryOps");
    GprsProxyHelper sack("split");
    sack.SetProxyAttribute("ServerLegSack", StringValue("maybe"));
    EXPECT_DEATH(sack.Install(node), "ServerLegSack 'maybe' \\(allowed: empty");
    // Check() and GprsSplitProxy::CheckLegAttribute throw, for a program that reports the
    // error itself; the proxy stops with the message alone when created with a bad value.
    ExpectInvalid([&cc]() { cc.Check(); },
                  "GprsSplitProxy MobileLegCongestionControl 'ns3::TcpFoo': 'ns3::TcpFoo' is not "
                  "a ns3::TcpCongestionOps that can be created (allowed: empty for the node's "
                  "default, or a TypeId name");
    ExpectInvalid([]() { GprsSplitProxy::CheckLegAttribute("MobileLegTimestamp", "2"); },
                  "GprsSplitProxy MobileLegTimestamp '2' (allowed: empty for the node's default, "
                  "true or false)");
    ExpectInvalid(
        []() {
            GprsSplitProxy::CheckLegAttribute("ServerLegCongestionControl",
                                              "ns3::TcpCongestionOps");
        },
        "'ns3::TcpCongestionOps' is not a ns3::TcpCongestionOps that can be created");
    EXPECT_NO_THROW(GprsSplitProxy::CheckLegAttribute("MobileLegSegmentSize", "whatever"));
    // ns-3.37 registers TcpCubic under TcpSocketBase; it is a congestion control all the same.
    EXPECT_NO_THROW(
        GprsSplitProxy::CheckLegAttribute("ServerLegCongestionControl", "ns3::TcpCubic"));
    ObjectFactory bad(GprsSplitProxy::GetTypeId().GetName());
    bad.Set("ServerLegSack", StringValue("maybe"));
    EXPECT_DEATH(bad.Create<GprsSplitProxy>(),
                 "^msg=\"GprsSplitProxy ServerLegSack 'maybe' \\(allowed: empty");
    // Good values pass, and an empty one means the node's default.
    const Ptr<GprsSplitProxy> split = CreateObject<GprsSplitProxy>();
    split->SetAttribute("MobileLegCongestionControl",
                        StringValue("ns3::GprsTcpClamp[Clamp=12000]"));
    split->SetAttribute("MobileLegSegmentSize", UintegerValue(430));
    split->SetAttribute("MobileLegSack", StringValue("false"));
    const GprsTcpLegConfig mobile = split->GetLegConfig(true);
    ASSERT_TRUE(mobile.congestionControl);
    EXPECT_EQ(mobile.congestionControl->GetTypeId(), GprsTcpClamp::GetTypeId());
    EXPECT_EQ(
        DynamicCast<GprsTcpClamp>(mobile.congestionControl->Create<TcpCongestionOps>())->GetClamp(),
        12000u);
    EXPECT_EQ(mobile.segmentSize, std::optional<uint32_t>(430));
    EXPECT_EQ(mobile.sack, std::optional<bool>(false));
    EXPECT_FALSE(mobile.timestamp);
    const GprsTcpLegConfig server = split->GetLegConfig(false);
    EXPECT_FALSE(server.congestionControl);
    EXPECT_FALSE(server.segmentSize);
}

} // namespace
