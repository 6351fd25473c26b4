/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The cell's PDP contexts: a downlink packet reaches a mobile only through the context of its
// address (GprsHelper::ActivatePdpContexts after the addresses are assigned), else it is
// dropped in the network-side device's Drop trace; bad contexts are refused naming the value.

#include "gprs-expect-invalid.h"

#include "ns3/gprs-bss-net-device.h"
#include "ns3/gprs-helper.h"
#include "ns3/gprs-pcu.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/simulator.h"
#include "ns3/udp-socket-factory.h"

#include <gtest/gtest.h>
#include <string>

using namespace ns3;

namespace
{

/// A GGSN and two mobiles in one cell, with addresses 10.1.0.1 (GGSN), .2 and .3.
struct PdpCell
{
    PdpCell()
        : nodes(3)
    {
        InternetStackHelper().Install(nodes);
        devices = GprsHelper().Install(nodes.Get(0), NodeContainer(nodes.Get(1), nodes.Get(2)));
        Ipv4AddressHelper("10.1.0.0", "255.255.255.0").Assign(devices);
        bss = DynamicCast<GprsBssNetDevice>(devices.Get(0));
        bss->TraceConnectWithoutContext("MacTxDrop", MakeCallback(&PdpCell::Dropped, this));
        for (uint32_t i = 1; i < 3; ++i)
        {
            const Ptr<Socket> sink =
                Socket::CreateSocket(nodes.Get(i), UdpSocketFactory::GetTypeId());
            sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
            sink->SetRecvCallback(MakeCallback(&PdpCell::Received, this));
        }
    }

    ~PdpCell()
    {
        Simulator::Destroy();
    }

    /// Send one UDP packet from the GGSN to \p to, and run.
    void SendTo(const char* to)
    {
        const Ptr<Socket> s = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
        s->Connect(InetSocketAddress(Ipv4Address(to), 9));
        s->Send(Create<Packet>(100));
        Simulator::Stop(Seconds(10));
        Simulator::Run();
    }

    void Dropped(Ptr<const Packet>)
    {
        ++dropped;
    }

    void Received(Ptr<Socket> socket)
    {
        while (socket->Recv())
        {
            ++received[socket->GetNode()->GetId()];
        }
    }

    NodeContainer nodes;                   //!< GGSN, mobile 0, mobile 1
    NetDeviceContainer devices;            //!< Install's result
    Ptr<GprsBssNetDevice> bss;             //!< the network side
    uint32_t dropped{0};                   //!< packets in its drop trace
    std::map<uint32_t, uint32_t> received; //!< packets received per node id
};

} // namespace

TEST(GprsPdpContext, DownlinkPacketsReachAMobileOnlyThroughItsContext)
{
    PdpCell cell;
    cell.SendTo("10.1.0.3");
    EXPECT_EQ(cell.dropped, 1U) << "no context yet: dropped, in the drop trace";
    EXPECT_TRUE(cell.received.empty());
    GprsHelper::ActivatePdpContexts(cell.devices);
    cell.SendTo("10.1.0.3");
    EXPECT_EQ(cell.dropped, 1U);
    EXPECT_EQ(cell.received[2], 1U) << "mobile 1 (node 2) has 10.1.0.3";
    EXPECT_EQ(cell.received[1], 0U);
}

TEST(GprsPdpContext, BadContextsAreRefusedNamingTheValue)
{
    PdpCell cell;
    cell.bss->ActivatePdpContext(Ipv4Address("10.1.0.2"), 0);
    cell.bss->ActivatePdpContext(Ipv4Address("10.1.0.2"), 0); // the same again: no change
    ExpectInvalid([&cell]() { cell.bss->ActivatePdpContext(Ipv4Address("10.1.0.2"), 1); },
                  "PDP context of 10.1.0.2 for mobile 1: the address is mobile 0's");
    ExpectInvalid([&cell]() { cell.bss->ActivatePdpContext(Ipv4Address("10.1.0.9"), 2); },
                  "mobile 2 is not in the cell (allowed: 0..1");
}

TEST(GprsPdpContextDeathTest, MobileWithoutAnAddressStopsTheProgramNamingIt)
{
    NodeContainer nodes(2);
    InternetStackHelper().Install(nodes);
    const NetDeviceContainer devices =
        GprsHelper().Install(nodes.Get(0), NodeContainer(nodes.Get(1)));
    // Node ids count from the first node of the process: other tests may have made some.
    EXPECT_DEATH(GprsHelper::ActivatePdpContexts(devices),
                 "ActivatePdpContexts: the GPRS device of node " +
                     std::to_string(nodes.Get(1)->GetId()) + " has no IPv4 address");
    Simulator::Destroy();
}
