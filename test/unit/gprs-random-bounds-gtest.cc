/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GetGprsRandomRange reads from a random variable's attributes the range it can draw, and
// GprsCheckDelayVariable refuses a delay distribution that can draw a negative, unbounded or
// huge value. The ranges are checked against ns-3's own draws.

#include "gprs-expect-invalid.h"

#include "ns3/double.h"
#include "ns3/gprs-random-bounds.h"
#include "ns3/integer.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/string.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

using namespace ns3;

namespace
{

constexpr double kInf = std::numeric_limits<double>::infinity();

/// \param text a random variable as an attribute text \return it, created
Ptr<RandomVariableStream>
Make(const std::string& text)
{
    ObjectFactoryValue factory;
    EXPECT_TRUE(factory.DeserializeFromString(text, MakeObjectFactoryChecker())) << text;
    return factory.Get().Create<RandomVariableStream>();
}

/// \param min Min \param max Max \param increment Increment's text \return a sequential variable
Ptr<RandomVariableStream>
MakeSequential(double min, double max, const std::string& increment)
{
    // ns-3.37's attribute text cannot nest one "Type[...]" in another.
    const Ptr<RandomVariableStream> rv = Make("ns3::SequentialRandomVariable");
    rv->SetAttribute("Min", DoubleValue(min));
    rv->SetAttribute("Max", DoubleValue(max));
    rv->SetAttribute("Increment", PointerValue(Make(increment)));
    return rv;
}

/// The range of \p rv is [min, max], and 20,000 of its draws are in it.
void
ExpectRange(Ptr<RandomVariableStream> rv, double min, double max)
{
    const std::string text = GetGprsRandomVariableText(rv);
    const GprsRandomRange range = GetGprsRandomRange(rv);
    EXPECT_EQ(range.problem, "") << text;
    EXPECT_EQ(range.min, min) << text;
    EXPECT_EQ(range.max, max) << text;
    rv->SetStream(1);
    for (int i = 0; i < 20000; ++i)
    {
        const double x = rv->GetValue();
        ASSERT_TRUE(x >= range.min && x <= range.max) << text << " drew " << x;
    }
}

/// The range of \p text is [min, max], and 20,000 of its draws are in it.
void
ExpectRange(const std::string& text, double min, double max)
{
    ExpectRange(Make(text), min, max);
}

/// GetGprsRandomRange of \p text gives a problem holding \p fragment.
void
ExpectProblem(const std::string& text, const std::string& fragment)
{
    const GprsRandomRange range = GetGprsRandomRange(Make(text));
    EXPECT_NE(range.problem.find(fragment), std::string::npos)
        << text << ": '" << range.problem << "'";
}

TEST(GprsRandomRange, BoundedDistributionsGiveTheirBounds)
{
    ExpectRange("ns3::ConstantRandomVariable[Constant=0.15]", 0.15, 0.15);
    ExpectRange("ns3::ConstantRandomVariable[Constant=-1]", -1, -1);
    ExpectRange("ns3::UniformRandomVariable[Min=0.1|Max=0.2]", 0.1, 0.2);
    ExpectRange("ns3::UniformRandomVariable[Min=0.2|Max=0.1]", 0.1, 0.2); // ns-3 takes it
    ExpectRange("ns3::UniformRandomVariable[Min=0.1|Max=0.2|Antithetic=true]", 0.1, 0.2);
    ExpectRange("ns3::ExponentialRandomVariable[Mean=0.5|Bound=2]", 0, 2);
    ExpectRange("ns3::ParetoRandomVariable[Scale=0.1|Shape=1.5|Bound=3]", 0.1, 3);
    ExpectRange("ns3::ParetoRandomVariable[Scale=2|Shape=-1]", 0, 2);
    ExpectRange("ns3::WeibullRandomVariable[Scale=1|Shape=2|Bound=4]", 0, 4);
    ExpectRange("ns3::NormalRandomVariable[Mean=1|Variance=0.25|Bound=0.5]", 0.5, 1.5);
    ExpectRange("ns3::NormalRandomVariable[Mean=1|Variance=0|Bound=0]", 1, 1);
    ExpectRange("ns3::TriangularRandomVariable[Min=0.1|Max=0.4|Mean=0.2]", 0.1, 0.4);
    ExpectRange("ns3::ZipfRandomVariable[N=5|Alpha=1]", 1, 5);
    ExpectRange("ns3::ErlangRandomVariable[K=0|Lambda=1]", 0, 0);
    ExpectRange("ns3::LogNormalRandomVariable[Mu=0|Sigma=0]", 1, 1);
    ExpectRange("ns3::SequentialRandomVariable[Min=1|Max=5]", 1, 5);
    ExpectRange(MakeSequential(1, 5, "ns3::UniformRandomVariable[Min=0|Max=4]"), 1, 5);
}

TEST(GprsRandomRange, UnboundedDistributionsGiveInfinity)
{
    ExpectRange("ns3::ExponentialRandomVariable[Mean=0.5]", 0, kInf);
    ExpectRange("ns3::ExponentialRandomVariable[Mean=-0.5]", -kInf, 0);
    ExpectRange("ns3::ExponentialRandomVariable[Mean=-0.5|Bound=-1]", -kInf, -1);
    ExpectRange("ns3::ParetoRandomVariable[Scale=0.1|Shape=1.5]", 0.1, kInf);
    ExpectRange("ns3::ParetoRandomVariable[Scale=-0.1|Shape=1.5]", -kInf, -0.1);
    ExpectRange("ns3::WeibullRandomVariable[Scale=1|Shape=2]", 0, kInf);
    // ns-3's default Bound, 1e307, bounds nothing.
    ExpectRange("ns3::NormalRandomVariable[Mean=0.1|Variance=1]", -kInf, kInf);
    ExpectRange("ns3::NormalRandomVariable[Mean=0.1|Variance=1|Bound=0.2]", 0.1 - 0.2, 0.1 + 0.2);
    ExpectRange("ns3::LogNormalRandomVariable[Mu=0|Sigma=1]", 0, kInf);
    ExpectRange("ns3::GammaRandomVariable[Alpha=2|Beta=0.1]", 0, kInf);
    ExpectRange("ns3::GammaRandomVariable[Alpha=0.5|Beta=-0.1]", -kInf, 0);
    ExpectRange("ns3::ErlangRandomVariable[K=3|Lambda=0.1]", 0, kInf);
    ExpectRange("ns3::ZetaRandomVariable[Alpha=3]", 1, kInf);
    // A step larger than Max - Min climbs past Max; a negative one goes down for ever.
    ExpectRange(MakeSequential(1, 5, "ns3::ConstantRandomVariable[Constant=6]"), 1, kInf);
    ExpectRange(MakeSequential(1, 5, "ns3::ConstantRandomVariable[Constant=-1]"), -kInf, 5);
}

TEST(GprsRandomRange, UnknownRangesSayWhy)
{
    ExpectProblem("ns3::DeterministicRandomVariable", "SetValueArray, not by attributes");
    ExpectProblem("ns3::EmpiricalRandomVariable", "CDF calls, not by attributes");
    ExpectProblem("ns3::ExponentialRandomVariable[Mean=0.1|Bound=-1]", "draws none");
    ExpectProblem("ns3::ParetoRandomVariable[Scale=2|Shape=1|Bound=1]", "draws none");
    ExpectProblem("ns3::NormalRandomVariable[Mean=0.1|Variance=-1]", "draws nothing");
    ExpectProblem("ns3::NormalRandomVariable[Mean=0.1|Variance=1|Bound=-1]", "draws nothing");
    ExpectProblem("ns3::TriangularRandomVariable[Min=0|Max=1|Mean=0.9]",
                  "peak 3 Mean - Min - Max = 1.7 is not from Min 0 to Max 1, so it draws NaN");
    EXPECT_EQ(GetGprsRandomRange(MakeSequential(0, 1, "ns3::DeterministicRandomVariable"))
                  .problem.rfind("its Increment ns3::DeterministicRandomVariable: its values are "
                                 "set by SetValueArray",
                                 0),
              0U);
    EXPECT_EQ(GetGprsRandomRange(nullptr).problem, "no random variable");
}

TEST(GprsRandomRange, DrawsNothing)
{
    const Ptr<RandomVariableStream> rv = Make("ns3::UniformRandomVariable[Min=0.1|Max=0.2]");
    rv->SetStream(7);
    const Ptr<RandomVariableStream> same = Make("ns3::UniformRandomVariable[Min=0.1|Max=0.2]");
    same->SetStream(7);
    GetGprsRandomRange(rv);
    GprsCheckDelayVariable("Delay", rv, Seconds(1));
    EXPECT_EQ(rv->GetValue(), same->GetValue());
}

TEST(GprsRandomVariableText, NamesTheTypeAndItsOwnAttributes)
{
    EXPECT_EQ(GetGprsRandomVariableText(Make("ns3::UniformRandomVariable[Min=0.1|Max=0.2]")),
              "ns3::UniformRandomVariable[Min=0.1|Max=0.2]");
    EXPECT_EQ(GetGprsRandomVariableText(Make("ns3::ParetoRandomVariable")),
              "ns3::ParetoRandomVariable[Scale=1|Shape=2|Bound=0]");
    EXPECT_EQ(GetGprsRandomVariableText(Make("ns3::SequentialRandomVariable")),
              "ns3::SequentialRandomVariable[Min=0|Max=0|Increment=ns3::"
              "ConstantRandomVariable[Constant=1]|Consecutive=1]");
    EXPECT_EQ(GetGprsRandomVariableText(nullptr), "(none)");
}

TEST(GprsCheckDelayVariable, TakesBoundedNonNegativeDelays)
{
    for (const std::string text : {"ns3::UniformRandomVariable[Min=0.1|Max=0.2]",
                                   "ns3::ConstantRandomVariable[Constant=0]",
                                   "ns3::ConstantRandomVariable[Constant=60]",
                                   "ns3::ExponentialRandomVariable[Mean=0.5|Bound=60]",
                                   "ns3::NormalRandomVariable[Mean=1|Variance=0.1|Bound=1]",
                                   "ns3::TriangularRandomVariable[Min=0|Max=1|Mean=0.5]"})
    {
        EXPECT_NO_THROW(GprsCheckDelayVariable("UplinkAccessDelay", Make(text), Seconds(60)))
            << text;
    }
}

TEST(GprsCheckDelayVariable, RefusesNamingTheAttributeTheVariableAndWhatIsAllowed)
{
    const std::string allowed = "(allowed: a distribution of seconds that draws from 0 to 60, "
                                "such as ns3::UniformRandomVariable[Min=0.1|Max=0.2], or "
                                "ns3::ExponentialRandomVariable[Mean=0.5|Bound=60] with a Bound)";
    ExpectInvalid(
        [] {
            GprsCheckDelayVariable("DownlinkAssignmentDelay",
                                   Make("ns3::ConstantRandomVariable[Constant=-1]"),
                                   Seconds(60));
        },
        "DownlinkAssignmentDelay ns3::ConstantRandomVariable[Constant=-1] " + allowed +
            ": it can draw from -1 to -1 s");
    ExpectInvalid(
        [] {
            GprsCheckDelayVariable("UplinkAccessDelay",
                                   Make("ns3::NormalRandomVariable[Mean=0.1|Variance=1]"),
                                   Seconds(60));
        },
        "UplinkAccessDelay ns3::NormalRandomVariable[Mean=0.1|Variance=1|Bound=1e+307] " + allowed +
            ": it can draw from -inf to inf s");
    ExpectInvalid(
        [] {
            GprsCheckDelayVariable("UplinkAccessDelay",
                                   Make("ns3::ExponentialRandomVariable[Mean=0.5]"),
                                   Seconds(60));
        },
        ": it can draw from 0 to inf s");
    ExpectInvalid(
        [] {
            GprsCheckDelayVariable("UplinkAccessDelay",
                                   Make("ns3::ConstantRandomVariable[Constant=1e10]"),
                                   Seconds(60));
        },
        ": it can draw from 1e+10 to 1e+10 s");
    ExpectInvalid(
        [] {
            GprsCheckDelayVariable("UplinkAccessDelay",
                                   Make("ns3::DeterministicRandomVariable"),
                                   Seconds(60));
        },
        "UplinkAccessDelay ns3::DeterministicRandomVariable " + allowed +
            ": its values are set by SetValueArray");
    ExpectInvalid(
        [] {
            GprsCheckDelayVariable("UplinkAccessDelay",
                                   Make("ns3::ExponentialRandomVariable[Mean=0.1|Bound=-1]"),
                                   Seconds(60));
        },
        "so it draws none");
    ExpectInvalid([] { GprsCheckDelayVariable("UplinkAccessDelay", nullptr, Seconds(60)); },
                  "UplinkAccessDelay (none)");
}

} // namespace
