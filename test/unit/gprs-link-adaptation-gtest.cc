/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/double.h"
#include "ns3/gprs-link-adaptation.h"
#include "ns3/object-factory.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{
Ptr<GprsLinkAdaptation>
Make(const std::string& typeName,
     std::initializer_list<std::pair<std::string, std::string>> attributes = {})
{
    ObjectFactory factory(typeName);
    for (const auto& [name, value] : attributes)
    {
        factory.Set(name, StringValue(value));
    }
    return factory.Create<GprsLinkAdaptation>();
}

double
GetDouble(const Ptr<GprsLinkAdaptation>& la, const std::string& name)
{
    DoubleValue v;
    la->GetAttribute(name, v);
    return v.Get();
}

GprsLinkQualityReport
Ci(GprsCodingScheme current, double ciDb)
{
    return GprsLinkQualityReport{current, ciDb, 0, 0};
}

GprsLinkQualityReport
Counts(GprsCodingScheme current, uint32_t acked, uint32_t nacked)
{
    return GprsLinkQualityReport{current, std::nullopt, acked, nacked};
}

const std::vector<std::string> kThresholdNames = {"Cs2Threshold", "Cs3Threshold", "Cs4Threshold"};
} // namespace

TEST(GprsLinkAdaptation, TypesAreRegistered)
{
    for (const char* name : {"ns3::GprsFixedLinkAdaptation",
                             "ns3::GprsCiThresholdLinkAdaptation",
                             "ns3::GprsNackRateLinkAdaptation"})
    {
        TypeId tid;
        ASSERT_TRUE(TypeId::LookupByNameFailSafe(name, &tid)) << name;
        EXPECT_EQ(tid.GetParent(), GprsLinkAdaptation::GetTypeId());
        EXPECT_TRUE(tid.HasConstructor());
    }
    EXPECT_FALSE(GprsLinkAdaptation::GetTypeId().HasConstructor()); // abstract
}

TEST(GprsLinkAdaptation, RejectsInvalidReports)
{
    auto la = Make("ns3::GprsCiThresholdLinkAdaptation");
    for (double bad :
         {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
    {
        EXPECT_THROW(la->SelectCodingScheme(Ci(GprsCodingScheme::CS2, bad)), std::invalid_argument);
    }
    EXPECT_THROW(la->SelectCodingScheme(Ci(static_cast<GprsCodingScheme>(7), 10.0)),
                 std::invalid_argument);
}

TEST(GprsLinkAdaptation, FixedUsesItsAttribute)
{
    auto la = Make("ns3::GprsFixedLinkAdaptation");
    GprsCodingSchemeValue v;
    la->GetAttribute("CodingScheme", v);
    EXPECT_EQ(v.Get(), GprsCodingScheme::CS2);
    for (auto cs : kGprsCodingSchemes)
    {
        la = Make("ns3::GprsFixedLinkAdaptation", {{"CodingScheme", ToString(cs)}});
        StringValue name;
        la->GetAttribute("CodingScheme", name);
        EXPECT_EQ(name.Get(), ToString(cs));
        // Whatever the report says.
        EXPECT_EQ(la->SelectCodingScheme(Ci(GprsCodingScheme::CS1, -5.0)), cs);
        EXPECT_EQ(la->SelectCodingScheme(Counts(GprsCodingScheme::CS4, 0, 100)), cs);
    }
    // Bad names and values fail and leave the value alone ("" too, which ns-3.43 and later read
    // as GprsCodingScheme(), 0, without asking operator>>).
    for (const char* bad : {"CS-5", "MCS-1", "CS-0", ""})
    {
        EXPECT_FALSE(la->SetAttributeFailSafe("CodingScheme", StringValue(bad))) << bad;
    }
    for (int bad : {0, 5})
    {
        const GprsCodingSchemeValue value(static_cast<GprsCodingScheme>(bad));
        EXPECT_FALSE(la->SetAttributeFailSafe("CodingScheme", value)) << bad;
        EXPECT_THROW(DynamicCast<GprsFixedLinkAdaptation>(la)->SetCodingScheme(value.Get()),
                     std::invalid_argument)
            << bad;
    }
    EXPECT_EQ(la->SelectCodingScheme(Counts(GprsCodingScheme::CS1, 0, 0)), GprsCodingScheme::CS4);
}

TEST(GprsLinkAdaptationDeathTest, FactoryReportsBadCodingSchemeName)
{
    EXPECT_DEATH(Make("ns3::GprsFixedLinkAdaptation", {{"CodingScheme", "CS-5"}}),
                 "Invalid value for attribute set \\(CodingScheme\\)");
}

TEST(GprsLinkAdaptation, CiThresholdWithoutHysteresisFollowsThresholds)
{
    auto la = Make("ns3::GprsCiThresholdLinkAdaptation", {{"Hysteresis", "0"}});
    std::vector<double> thresholds;
    for (const auto& name : kThresholdNames)
    {
        thresholds.push_back(GetDouble(la, name));
    }
    ASSERT_TRUE(std::is_sorted(thresholds.begin(), thresholds.end()));
    for (int tenths = -100; tenths <= 400; ++tenths)
    {
        const double ci = tenths / 10.0;
        // CS-(1 + number of thresholds reached), from any starting scheme.
        const auto reached =
            std::count_if(thresholds.begin(), thresholds.end(), [ci](double t) { return ci >= t; });
        for (auto current : kGprsCodingSchemes)
        {
            EXPECT_EQ(la->SelectCodingScheme(Ci(current, ci)), kGprsCodingSchemes[reached])
                << "C/I " << ci << " from " << ToString(current);
        }
    }
}

TEST(GprsLinkAdaptation, CiThresholdHysteresisHoldsInsideTheBand)
{
    auto la = Make("ns3::GprsCiThresholdLinkAdaptation");
    const double h = GetDouble(la, "Hysteresis");
    ASSERT_GT(h, 0.0);
    const double t3 = GetDouble(la, "Cs3Threshold");
    const double eps = 1e-6;
    const auto cs2 = GprsCodingScheme::CS2;
    const auto cs3 = GprsCodingScheme::CS3;
    // Up from CS-2 only once the C/I clears the band above the threshold.
    EXPECT_EQ(la->SelectCodingScheme(Ci(cs2, t3 + h / 2 - eps)), cs2);
    EXPECT_EQ(la->SelectCodingScheme(Ci(cs2, t3 + h / 2)), cs3);
    // Down from CS-3 only once the C/I falls below the band.
    EXPECT_EQ(la->SelectCodingScheme(Ci(cs3, t3 - h / 2)), cs3);
    EXPECT_EQ(la->SelectCodingScheme(Ci(cs3, t3 - h / 2 - eps)), cs2);
    // Inside the band both stay.
    EXPECT_EQ(la->SelectCodingScheme(Ci(cs2, t3)), cs2);
    EXPECT_EQ(la->SelectCodingScheme(Ci(cs3, t3)), cs3);
    // Large changes jump several schemes at once.
    EXPECT_EQ(la->SelectCodingScheme(Ci(GprsCodingScheme::CS1, 35.0)), GprsCodingScheme::CS4);
    EXPECT_EQ(la->SelectCodingScheme(Ci(GprsCodingScheme::CS4, -5.0)), GprsCodingScheme::CS1);
    // No measurement: no change.
    EXPECT_EQ(la->SelectCodingScheme(Counts(GprsCodingScheme::CS4, 0, 64)), GprsCodingScheme::CS4);
}

TEST(GprsLinkAdaptation, CiThresholdCheckersRejectNonsense)
{
    auto la = Make("ns3::GprsCiThresholdLinkAdaptation");
    for (const auto& name : kThresholdNames)
    {
        EXPECT_FALSE(la->SetAttributeFailSafe(name, DoubleValue(100.0))) << name;
        EXPECT_FALSE(la->SetAttributeFailSafe(name, DoubleValue(-50.0))) << name;
    }
    EXPECT_FALSE(la->SetAttributeFailSafe("Hysteresis", DoubleValue(-1.0)));
    EXPECT_FALSE(la->SetAttributeFailSafe("Hysteresis", DoubleValue(30.0)));
}

namespace
{

/**
 * Expect CheckConsistency() and SelectCodingScheme() to refuse the attributes with a message.
 * \param la the object
 * \param report a valid report
 * \param message a part of the expected message
 */
void
ExpectInconsistent(const Ptr<GprsLinkAdaptation>& la,
                   const GprsLinkQualityReport& report,
                   const std::string& message)
{
    for (const bool select : {false, true})
    {
        try
        {
            select ? static_cast<void>(la->SelectCodingScheme(report)) : la->CheckConsistency();
            ADD_FAILURE() << "no exception, expected one saying " << message;
        }
        catch (const std::invalid_argument& e)
        {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
        }
    }
}

} // namespace

TEST(GprsLinkAdaptation, CiThresholdsOutOfOrderAreRefused)
{
    auto la = Make("ns3::GprsCiThresholdLinkAdaptation",
                   {{"Cs2Threshold", "8"}, {"Cs3Threshold", "7.5"}, {"Cs4Threshold", "20"}});
    ExpectInconsistent(la,
                       Ci(GprsCodingScheme::CS1, 10.0),
                       "Cs2Threshold 8 dB, Cs3Threshold 7.5 dB, Cs4Threshold 20 dB");
    EXPECT_NO_THROW(Make("ns3::GprsCiThresholdLinkAdaptation")->CheckConsistency());
}

TEST(GprsLinkAdaptation, NackRateDecidesOncePerWindow)
{
    auto la = Make("ns3::GprsNackRateLinkAdaptation", {{"WindowBlocks", "40"}});
    const double upper = GetDouble(la, "UpperThreshold");
    const double lower = GetDouble(la, "LowerThreshold");
    const uint32_t window = 40;
    const auto rate = [window](uint32_t nacked) { return static_cast<double>(nacked) / window; };
    // Fewest NACKs in a window that step down, most that step up.
    uint32_t down = 0;
    while (rate(down) <= upper)
    {
        ++down;
    }
    uint32_t up = 0;
    while (rate(up + 1) < lower)
    {
        ++up;
    }
    ASSERT_LT(up + 1, down);
    const auto cs2 = GprsCodingScheme::CS2;

    // An unfilled window decides nothing, however bad; the rest of the window completes it.
    EXPECT_EQ(la->SelectCodingScheme(Counts(cs2, 0, down)), cs2);
    EXPECT_EQ(la->SelectCodingScheme(Counts(cs2, window - down, 0)), GprsCodingScheme::CS1);
    la->Reset();
    // One NACK fewer stays.
    EXPECT_EQ(la->SelectCodingScheme(Counts(cs2, window - (down - 1), down - 1)), cs2);
    EXPECT_EQ(la->SelectCodingScheme(Counts(cs2, window - up, up)), GprsCodingScheme::CS3);
    EXPECT_EQ(la->SelectCodingScheme(Counts(cs2, window - up - 1, up + 1)), cs2);
    // The ends clamp.
    EXPECT_EQ(la->SelectCodingScheme(Counts(GprsCodingScheme::CS1, 0, window)),
              GprsCodingScheme::CS1);
    EXPECT_EQ(la->SelectCodingScheme(Counts(GprsCodingScheme::CS4, window, 0)),
              GprsCodingScheme::CS4);
}

TEST(GprsLinkAdaptation, NackRateWindowRestartsOnChangeAndReset)
{
    auto la = Make("ns3::GprsNackRateLinkAdaptation", {{"WindowBlocks", "20"}});
    const auto cs3 = GprsCodingScheme::CS3;
    // 19 NACKs with CS-3, then a report for CS-2: the CS-3 outcomes do not count.
    EXPECT_EQ(la->SelectCodingScheme(Counts(cs3, 0, 19)), cs3);
    EXPECT_EQ(la->SelectCodingScheme(Counts(GprsCodingScheme::CS2, 1, 0)), GprsCodingScheme::CS2);
    // Reset drops a partial window too.
    la->Reset();
    EXPECT_EQ(la->SelectCodingScheme(Counts(cs3, 0, 19)), cs3);
    la->Reset();
    EXPECT_EQ(la->SelectCodingScheme(Counts(cs3, 1, 0)), cs3);
}

TEST(GprsLinkAdaptation, NackRateCheckersRejectNonsense)
{
    auto la = Make("ns3::GprsNackRateLinkAdaptation");
    for (const char* name : {"UpperThreshold", "LowerThreshold"})
    {
        EXPECT_FALSE(la->SetAttributeFailSafe(name, DoubleValue(1.5))) << name;
        EXPECT_FALSE(la->SetAttributeFailSafe(name, DoubleValue(-0.1))) << name;
    }
    EXPECT_FALSE(la->SetAttributeFailSafe("WindowBlocks", UintegerValue(0)));
}

TEST(GprsLinkAdaptation, NackThresholdsOutOfOrderAreRefused)
{
    auto la = Make("ns3::GprsNackRateLinkAdaptation",
                   {{"LowerThreshold", "0.5"}, {"UpperThreshold", "0.25"}});
    ExpectInconsistent(la,
                       Counts(GprsCodingScheme::CS2, 1, 0),
                       "LowerThreshold 0.5 > UpperThreshold 0.25");
    EXPECT_NO_THROW(Make("ns3::GprsNackRateLinkAdaptation")->CheckConsistency());
}

TEST(GprsLinkAdaptation, ChangesAreTraced)
{
    auto la = Make("ns3::GprsCiThresholdLinkAdaptation");
    std::vector<std::pair<GprsCodingScheme, GprsCodingScheme>> changes;
    la->TraceConnectWithoutContext(
        "CodingSchemeChange",
        MakeBoundCallback(
            +[](std::vector<std::pair<GprsCodingScheme, GprsCodingScheme>>* log,
                GprsCodingScheme from,
                GprsCodingScheme to) { log->emplace_back(from, to); },
            &changes));
    auto cs = GprsCodingScheme::CS1;
    for (double ci : {30.0, 30.0, 0.0, 0.0})
    {
        cs = la->SelectCodingScheme(Ci(cs, ci));
    }
    ASSERT_EQ(changes.size(), 2U);
    EXPECT_EQ(changes[0], std::make_pair(GprsCodingScheme::CS1, GprsCodingScheme::CS4));
    EXPECT_EQ(changes[1], std::make_pair(GprsCodingScheme::CS4, GprsCodingScheme::CS1));
}
