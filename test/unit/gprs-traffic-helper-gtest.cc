/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The traffic helper's and the traffic sink's bad inputs: each stops the program with a message
// naming the value and what is allowed.

#include "gprs-expect-invalid.h"

#include "ns3/double.h"
#include "ns3/gprs-traffic-helper.h"
#include "ns3/gprs-traffic-sink.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

/// \param service a service \param name an attribute \param value its value \return a helper
GprsTrafficHelper
WithAttribute(const std::string& service, const std::string& name, const AttributeValue& value)
{
    GprsTrafficHelper helper(service);
    helper.SetAttribute(name, value);
    return helper;
}

TEST(GprsTrafficHelper, CheckNamesTheBadValue)
{
    // Check() throws, for a program that reports the error itself.
    ExpectInvalid([] { GprsTrafficHelper("video").Check(); },
                  "unknown traffic service 'video' (allowed: email, www, ftp)");
    ExpectInvalid([] { WithAttribute("ftp", "BurstsPerHour", DoubleValue(0)).Check(); },
                  "traffic service 'ftp': ns3::GprsFtpTraffic::BurstsPerHour = 0 is out of "
                  "range (allowed: double 1e-06:3600");
    ExpectInvalid([] { WithAttribute("www", "PagesPerSession", UintegerValue(0)).Check(); },
                  "ns3::GprsWwwTraffic::PagesPerSession = 0 is out of range");
    ExpectInvalid([] { WithAttribute("www", "ReadingTime", TimeValue(Seconds(-1))).Check(); },
                  "ns3::GprsWwwTraffic::ReadingTime = -1");
    ExpectInvalid([] { WithAttribute("email", "DatagramSizeShape", DoubleValue(20)).Check(); },
                  "ns3::GprsEmailTraffic::DatagramSizeShape = 20 is out of range");
    ExpectInvalid([] { WithAttribute("email", "ReadingTime", TimeValue(Seconds(1))).Check(); },
                  "ns3::GprsEmailTraffic has no attribute ReadingTime");
    // The first problem is kept.
    GprsTrafficHelper two = WithAttribute("ftp", "Nosuch", DoubleValue(1));
    two.SetAttribute("BurstsPerHour", DoubleValue(0));
    ExpectInvalid([&two] { two.Check(); }, "has no attribute Nosuch");
    EXPECT_NO_THROW(WithAttribute("www", "ReadingTime", TimeValue(Seconds(30))).Check());
}

TEST(GprsTrafficHelperDeathTest, InstallStopsWithTheMessageAlone)
{
    NodeContainer nodes;
    nodes.Create(2);
    InternetStackHelper().Install(nodes);
    // NS_FATAL_ERROR's message, no "cond=" and no "terminate called".
    EXPECT_DEATH(
        GprsTrafficHelper("video").Install(nodes.Get(0), nodes.Get(1), Ipv4Address("10.1.0.2"), 1),
        "^msg=\"unknown traffic service 'video' \\(allowed: email, www, ftp\\)\", ");
    EXPECT_DEATH(WithAttribute("ftp", "BurstsPerHour", DoubleValue(0))
                     .Install(nodes.Get(0), nodes.Get(1), Ipv4Address("10.1.0.2"), 1),
                 "^msg=\"traffic service 'ftp': ns3::GprsFtpTraffic::BurstsPerHour = 0 is out of "
                 "range");
}

TEST(GprsTrafficHelperDeathTest, ParametersThatDoNotFitTogetherAreNamed)
{
    NodeContainer nodes;
    nodes.Create(2);
    InternetStackHelper().Install(nodes);
    GprsTrafficHelper helper("www");
    helper.SetAttribute("DatagramSizeCutoff", DoubleValue(50));
    EXPECT_DEATH(helper.Install(nodes.Get(0), nodes.Get(1), Ipv4Address("10.1.0.2"), 7000),
                 "DatagramSizeCutoff 50 is below DatagramSizeScale 81.5");
    GprsTrafficHelper small("ftp");
    small.SetAttribute("SegmentSize", UintegerValue(50));
    EXPECT_DEATH(small.Install(nodes.Get(0), nodes.Get(1), Ipv4Address("10.1.0.2"), 7001),
                 "SegmentSize 50 is too small \\(allowed: 0 for ns-3's default, or "
                 "100..65495 octets\\)");
    EXPECT_DEATH(GprsTrafficHelper("ftp").Install(GprsScenario(), 0, 7000),
                 "traffic service 'ftp' for mobile 0: the scenario has 0 mobiles");
}

TEST(GprsTrafficHelper, GoodParametersAreTaken)
{
    NodeContainer nodes;
    nodes.Create(2);
    InternetStackHelper().Install(nodes);
    GprsTrafficHelper helper("www");
    helper.SetAttribute("ReadingTime", TimeValue(Seconds(30)));
    const GprsTrafficApps apps =
        helper.Install(nodes.Get(0), nodes.Get(1), Ipv4Address("10.1.0.2"), 7000);
    TimeValue reading;
    apps.generator->GetAttribute("ReadingTime", reading);
    EXPECT_EQ(reading.Get(), Seconds(30));
    EXPECT_EQ(apps.sink->GetNode(), nodes.Get(1));
    EXPECT_EQ(apps.generator->GetNode(), nodes.Get(0));
}

/**
 * \param node where the sink runs
 * \param local its Local attribute
 * \return the sink, started at 0 s
 */
Ptr<GprsTrafficSink>
InstallSink(const Ptr<Node>& node, const Address& local)
{
    const Ptr<GprsTrafficSink> sink = CreateObject<GprsTrafficSink>();
    sink->SetAttribute("Local", AddressValue(local));
    node->AddApplication(sink);
    sink->SetStartTime(Seconds(0));
    return sink;
}

TEST(GprsTrafficSinkDeathTest, BadLocalIsNamed)
{
    NodeContainer nodes;
    nodes.Create(1);
    InternetStackHelper().Install(nodes);
    const Ptr<Node> node = nodes.Get(0);
    EXPECT_DEATH(
        {
            InstallSink(node, Inet6SocketAddress(Ipv6Address("2001:db8::1"), 7000));
            Simulator::Run();
        },
        "^msg=\"GprsTrafficSink: Local is .* \\(allowed: an IPv4 socket address, "
        "InetSocketAddress\\)\", ");
    EXPECT_DEATH(
        {
            InstallSink(node, InetSocketAddress(Ipv4Address::GetAny(), 7000));
            InstallSink(node, InetSocketAddress(Ipv4Address::GetAny(), 7000));
            Simulator::Run();
        },
        "^msg=\"GprsTrafficSink: Local 0.0.0.0 port 7000 on node [0-9]+ cannot be bound "
        "\\(allowed: an address of the node, or 0.0.0.0, and a port no other TCP socket of the "
        "node holds\\)\", ");
}

TEST(GprsTrafficSink, GoodLocalListens)
{
    // The counterpart of the death test: two sinks on two ports of one node both listen.
    NodeContainer nodes;
    nodes.Create(1);
    InternetStackHelper().Install(nodes);
    const Ptr<GprsTrafficSink> a =
        InstallSink(nodes.Get(0), InetSocketAddress(Ipv4Address::GetAny(), 7000));
    const Ptr<GprsTrafficSink> b =
        InstallSink(nodes.Get(0), InetSocketAddress(Ipv4Address::GetAny(), 7001));
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    EXPECT_TRUE(a->GetListeningSocket());
    EXPECT_TRUE(b->GetListeningSocket());
    Simulator::Destroy();
}

} // namespace
