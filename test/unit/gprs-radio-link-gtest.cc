/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The radio link of one mobile (GprsRadioLink) without a cell: the C/I it caches and reports,
// the BLER each draw uses, outages, the Gilbert-Elliott process, and the draws it takes.

#include "gprs-fake-radio-source.h"

#include "ns3/gprs-radio-link.h"
#include "ns3/rng-seed-manager.h"

#include <gtest/gtest.h>
#include <optional>
#include <vector>

using namespace ns3;
using gprs_test::FakeMobile;

namespace
{

/// What a link reported.
struct Change
{
    double ci;
    bool outage;
};

Ptr<GprsUnitUniformRandomVariable>
Stream(int64_t stream)
{
    const auto u = CreateObject<GprsUnitUniformRandomVariable>();
    u->SetStream(stream);
    return u;
}

} // namespace

TEST(GprsRadioLink, ReportsEachChangeOnceAndDrawsAgainstTheCurveOfItsCodingScheme)
{
    FakeMobile mobile("0s:20,10s:5");
    GprsBlerModel bler;
    std::vector<Change> changes;
    GprsRadioLink link(&mobile, &bler, Stream(1), [&changes](double ci, bool o) {
        changes.push_back({ci, o});
    });
    double ci = 0;
    double p = 0;
    link.DrawLoss(GprsCodingScheme::CS4, Seconds(1), &ci, &p);
    EXPECT_EQ(ci, 20);
    EXPECT_EQ(p, bler.GetBler(GprsCodingScheme::CS4, 20));
    link.DrawLoss(GprsCodingScheme::CS1, Seconds(2), &ci, &p);
    EXPECT_EQ(p, bler.GetBler(GprsCodingScheme::CS1, 20));
    ASSERT_EQ(changes.size(), 1U) << "the C/I did not change between the draws";
    link.DrawLoss(GprsCodingScheme::CS4, Seconds(11), &ci, &p);
    EXPECT_EQ(ci, 5);
    EXPECT_EQ(link.GetCiDb(), 5);
    EXPECT_EQ(p, bler.GetBler(GprsCodingScheme::CS4, 5)) << "the cache follows the schedule";
    ASSERT_EQ(changes.size(), 2U);
    EXPECT_EQ(changes[1].ci, 5);
    EXPECT_FALSE(changes[1].outage);
}

/// \return the next number of a fresh stream \p stream after \p skip draws
double
DrawAfter(int64_t stream, int skip)
{
    const auto u = Stream(stream);
    for (int i = 0; i < skip; ++i)
    {
        u->Draw();
    }
    return u->Draw();
}

TEST(GprsRadioLink, LosesEveryBlockInAnOutageAndTakesOneDrawPerBlockAnyway)
{
    FakeMobile mobile("0s:30");
    mobile.AddOutages("5s-6s");
    GprsBlerModel bler;
    std::vector<Change> changes;
    const auto draws = Stream(2);
    GprsRadioLink link(&mobile, &bler, draws, [&changes](double ci, bool o) {
        changes.push_back({ci, o});
    });
    double p = 0;
    for (int i = 0; i < 20; ++i)
    {
        EXPECT_TRUE(link.DrawLoss(GprsCodingScheme::CS1, Seconds(5.5), nullptr, &p));
        EXPECT_EQ(p, 1.0);
    }
    ASSERT_EQ(changes.size(), 1U);
    EXPECT_TRUE(changes[0].outage);
    link.DrawLoss(GprsCodingScheme::CS1, Seconds(7), nullptr, &p);
    EXPECT_LT(p, 0.01) << "30 dB, CS-1";
    ASSERT_EQ(changes.size(), 2U);
    EXPECT_FALSE(changes[1].outage);
    EXPECT_EQ(draws->Draw(), DrawAfter(2, 21)) << "one draw per block, in an outage or not";
}

TEST(GprsRadioLink, GilbertElliottReplacesTheCurvesWithTwoDrawsPerBlock)
{
    FakeMobile mobile("0s:30");
    const GprsGilbertElliott& ge = mobile.UseGilbertElliott(0.0, 1.0, 1.0, 1.0); // loses all
    GprsBlerModel bler;
    const auto draws = Stream(3);
    GprsRadioLink link(&mobile, &bler, draws, [](double, bool) {});
    double p = 0;
    for (int i = 0; i < 5; ++i)
    {
        EXPECT_TRUE(link.DrawLoss(GprsCodingScheme::CS1, Seconds(1), nullptr, &p));
    }
    EXPECT_EQ(p, ge.GetMeanLossRate()) << "the BLER reported is the process's mean";
    EXPECT_EQ(draws->Draw(), DrawAfter(3, 10));
}
