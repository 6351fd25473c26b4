/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The traffic helper's bad inputs: each stops the program with a message naming the value and
// what is allowed.

#include "ns3/double.h"
#include "ns3/gprs-traffic-helper.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

TEST(GprsTrafficHelperDeathTest, UnknownServiceIsNamed)
{
    EXPECT_DEATH(GprsTrafficHelper("video"),
                 "unknown traffic service 'video' \\(allowed: email, www, ftp\\)");
}

TEST(GprsTrafficHelperDeathTest, OutOfRangeParametersAreNamedWithTheirValue)
{
    EXPECT_DEATH(GprsTrafficHelper("ftp").SetAttribute("BurstsPerHour", DoubleValue(0)),
                 "traffic service 'ftp': ns3::GprsFtpTraffic::BurstsPerHour = 0 is out of "
                 "range \\(allowed: double 1e-06:3600");
    EXPECT_DEATH(GprsTrafficHelper("www").SetAttribute("PagesPerSession", UintegerValue(0)),
                 "ns3::GprsWwwTraffic::PagesPerSession = 0 is out of range");
    EXPECT_DEATH(GprsTrafficHelper("www").SetAttribute("ReadingTime", TimeValue(Seconds(-1))),
                 "ns3::GprsWwwTraffic::ReadingTime = -1.*s is out of range");
    EXPECT_DEATH(GprsTrafficHelper("email").SetAttribute("DatagramSizeShape", DoubleValue(20)),
                 "ns3::GprsEmailTraffic::DatagramSizeShape = 20 is out of range");
    EXPECT_DEATH(GprsTrafficHelper("email").SetAttribute("ReadingTime", TimeValue(Seconds(1))),
                 "ns3::GprsEmailTraffic has no attribute ReadingTime");
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

} // namespace
