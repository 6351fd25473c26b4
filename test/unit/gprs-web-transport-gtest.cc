/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GprsWebTransport's bad inputs: each stops the program with NS_FATAL_ERROR's message alone,
// naming the value and what is allowed.

#include "ns3/gprs-web-transport.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

/// \return a node with an Internet stack
Ptr<Node>
MakeNode()
{
    NodeContainer nodes;
    nodes.Create(1);
    InternetStackHelper().Install(nodes);
    return nodes.Get(0);
}

/// The peer every transport here sends to.
const InetSocketAddress kPeer(Ipv4Address("10.1.0.2"), 9000);

TEST(GprsWebTransportDeathTest, SetupWithoutNodeOrTwiceIsNamed)
{
    EXPECT_DEATH(CreateObject<GprsWebTransport>()->Setup(nullptr, 0, kPeer),
                 "^msg=\"GprsWebTransport::Setup: the node is null \\(allowed: the node the "
                 "transport runs on\\)\", ");
    EXPECT_DEATH(
        {
            const Ptr<Node> node = MakeNode();
            const Ptr<GprsWebTransport> t = CreateObject<GprsWebTransport>();
            t->Setup(node, 7000, kPeer);
            t->Setup(node, 7001, kPeer);
        },
        "^msg=\"GprsWebTransport::Setup: called a second time, on node [0-9]+ port 7001 "
        "\\(allowed: once per transport");
}

TEST(GprsWebTransportDeathTest, PortInUseIsNamed)
{
    EXPECT_DEATH(
        {
            const Ptr<Node> node = MakeNode();
            const Ptr<GprsWebTransport> first = CreateObject<GprsWebTransport>();
            first->Setup(node, 7000, kPeer);
            CreateObject<GprsWebTransport>()->Setup(node, 7000, kPeer);
        },
        "^msg=\"GprsWebTransport::Setup: UDP port 7000 on node [0-9]+ is in use \\(allowed: a "
        "port no other socket of the node holds, or 0 for any free port\\)\", ");
}

TEST(GprsWebTransportDeathTest, SendBeforeSetupOrEmptyIsNamed)
{
    EXPECT_DEATH(
        CreateObject<GprsWebTransport>()->Send(Create<Packet>(10), GprsWebPriority::NORMAL),
        "^msg=\"GprsWebTransport::Send: the transport is not set up \\(allowed: after "
        "Setup\\)\", ");
    EXPECT_DEATH(
        {
            const Ptr<GprsWebTransport> t = CreateObject<GprsWebTransport>();
            t->Setup(MakeNode(), 0, kPeer);
            t->Send(Create<Packet>(0), GprsWebPriority::NORMAL);
        },
        "^msg=\"GprsWebTransport::Send: a message of 0 octets \\(allowed: 1 octet or more\\)\", ");
    EXPECT_DEATH(CreateObject<GprsWebTransport>()->GetLocalPort(),
                 "^msg=\"GprsWebTransport::GetLocalPort: the transport is not set up");
}

TEST(GprsWebTransport, GoodInputsAreAccepted)
{
    // The counterpart of the death tests: a transport set up once on a free port sends.
    const Ptr<Node> node = MakeNode();
    const Ptr<GprsWebTransport> t = CreateObject<GprsWebTransport>();
    t->Setup(node, 7000, kPeer);
    EXPECT_EQ(t->GetLocalPort(), 7000);
    t->Send(Create<Packet>(1), GprsWebPriority::NORMAL);
    EXPECT_EQ(t->GetCounters().messagesSent, 1U);
    const Ptr<GprsWebTransport> other = CreateObject<GprsWebTransport>();
    other->Setup(node, 0, kPeer);
    EXPECT_NE(other->GetLocalPort(), 7000);
    t->Close();
    other->Close();
    Simulator::Destroy();
}

} // namespace
