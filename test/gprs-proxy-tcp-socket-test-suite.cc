/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Tests of GprsProxyTcpSocket's departures from ns-3's TcpSocketBase on a plain point-to-point
// link, where each departure can be provoked exactly.

#include "gprs-test-suite.h"

#include "ns3/core-module.h"
#include "ns3/error-model.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/ppp-header.h"
#include "ns3/test.h"

#include <vector>

namespace
{

using namespace ns3;

/// Drops the first data segment carrying a FIN, once: the tail of a closing sender.
class FinSegmentDropper : public ErrorModel
{
  public:
    /// \return the object TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::GprsTestFinSegmentDropper")
                                .SetParent<ErrorModel>()
                                .SetGroupName("Gprs")
                                .AddConstructor<FinSegmentDropper>();
        return tid;
    }

    bool dropped{false}; //!< the segment was dropped

  private:
    bool DoCorrupt(Ptr<Packet> p) override
    {
        if (dropped)
        {
            return false;
        }
        const Ptr<Packet> copy = p->Copy();
        PppHeader ppp;
        Ipv4Header ip;
        TcpHeader tcp;
        copy->RemoveHeader(ppp);
        copy->RemoveHeader(ip);
        copy->RemoveHeader(tcp);
        dropped = (tcp.GetFlags() & TcpHeader::FIN) && copy->GetSize() > 0;
        return dropped;
    }

    void DoReset() override
    {
        dropped = false;
    }
};

/// The two ends of LastAckTestCase and what they saw.
struct LastAckRun
{
    static constexpr uint32_t kBytes = 20000;   //!< what the sender writes
    uint32_t received{0};                       //!< octets the receiver read
    std::vector<TcpSocket::TcpStates_t> states; //!< the sender's states, in order

    /// The receiver reads everything.
    void Read(Ptr<Socket> s)
    {
        while (const Ptr<Packet> p = s->Recv())
        {
            if (p->GetSize() == 0)
            {
                break;
            }
            received += p->GetSize();
        }
    }

    /// The receiver closes as soon as it accepts.
    void Accept(Ptr<Socket> s, const Address&)
    {
        s->SetRecvCallback(MakeCallback(&LastAckRun::Read, this));
        s->Close();
    }

    /// The sender's state trace.
    void OnState(TcpSocket::TcpStates_t, TcpSocket::TcpStates_t s)
    {
        states.push_back(s);
    }

    /// The sender writes everything and closes once the receiver has closed.
    void PeerClosed(Ptr<Socket> s)
    {
        s->Send(Create<Packet>(kBytes), 0);
        s->Close();
    }
};

/**
 * LAST-ACK with data in flight: the receiver closes first, at once; the sender, in
 * CLOSE-WAIT, writes 20000 octets and closes, so its last segment carries the FIN, and that
 * segment is lost. The ACKs of the segments before it reach the sender in LAST-ACK, where
 * ns-3's TcpSocketBase closes at the first ACK and the tail is never retransmitted.
 * GprsProxyTcpSocket takes them as ACKs (RFC 9293 clause 3.10.7.4), retransmits the tail and
 * FIN at its retransmission timeout, and closes at the ACK of its FIN: every octet arrives.
 */
class LastAckTestCase : public TestCase
{
  public:
    LastAckTestCase()
        : TestCase("GprsProxyTcpSocket: in LAST-ACK an ACK short of the data does not close")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("20ms"));
        const NetDeviceContainer devices = p2p.Install(nodes);
        const Ptr<FinSegmentDropper> dropper = CreateObject<FinSegmentDropper>();
        devices.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(dropper));
        InternetStackHelper().Install(nodes);
        Ipv4AddressHelper addresses("10.9.0.0", "255.255.255.0");
        const Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

        LastAckRun run;
        const Ptr<Socket> listener =
            Socket::CreateSocket(nodes.Get(1), TcpSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 7000));
        listener->Listen();
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&LastAckRun::Accept, &run));

        const Ptr<GprsProxyTcpSocket> sender =
            GprsProxyTcpSocket::Create(nodes.Get(0), GprsTcpLegConfig{});
        sender->TraceConnectWithoutContext("State", MakeCallback(&LastAckRun::OnState, &run));
        sender->SetCloseCallbacks(MakeCallback(&LastAckRun::PeerClosed, &run),
                                  MakeNullCallback<void, Ptr<Socket>>());
        sender->Bind();
        const InetSocketAddress peer(interfaces.GetAddress(1), 7000);
        Simulator::Schedule(Seconds(1), [sender, peer]() { sender->Connect(peer); });

        Simulator::Stop(Seconds(60));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(dropper->dropped, true, "the segment with the FIN was lost");
        NS_TEST_EXPECT_MSG_EQ(run.received, LastAckRun::kBytes, "every octet arrived");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(run.states.size(), 2, "the sender closed");
        NS_TEST_EXPECT_MSG_EQ(run.states[run.states.size() - 2],
                              TcpSocket::LAST_ACK,
                              "from LAST-ACK");
        NS_TEST_EXPECT_MSG_EQ(run.states.back(), TcpSocket::CLOSED, "to CLOSED");
        Simulator::Destroy();
    }
};

GprsSingleCaseTestSuite<LastAckTestCase> g_lastAck("gprs-proxy-socket-last-ack"); //!< suite

} // namespace
