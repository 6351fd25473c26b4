/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The UMTS 30.03 traffic model's distributions: their means and variances against numerical
// integration and the standard's stated mean, samples against bounds derived from the
// distributions, bad parameters refused naming the value.

#include "ns3/gprs-traffic-distributions.h"

#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <stdexcept>
#include <string>

using namespace ns3;

namespace
{

/// The UMTS 30.03 datagram size: ETSI TR 101 112 clause B.1.2.2.
const GprsTruncatedPareto kUmts(1.1, 81.5, 66666);

/**
 * Mean and variance of samples.
 */
struct Sample
{
    double mean{0};     //!< sample mean
    double variance{0}; //!< sample variance
};

/**
 * \param n samples
 * \param draw maps a uniform draw in [0, 1) to a sample
 * \return their mean and variance
 */
template <typename Draw>
Sample
Take(unsigned n, Draw draw)
{
    std::mt19937_64 rng(12345);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    double sum = 0;
    double sumSq = 0;
    for (unsigned i = 0; i < n; ++i)
    {
        const double x = draw(uniform(rng));
        sum += x;
        sumSq += x * x;
    }
    const double mean = sum / n;
    return {mean, sumSq / n - mean * mean};
}

/**
 * Expect a sample mean within 5 standard errors of the distribution's mean (a false alarm once
 * in 1.7 million runs for a normal sample mean).
 * \param s the sample
 * \param n its size
 * \param mean the distribution's mean
 * \param variance the distribution's variance
 */
void
ExpectMean(const Sample& s, unsigned n, double mean, double variance)
{
    EXPECT_NEAR(s.mean, mean, 5 * std::sqrt(variance / n));
}

/// Expects \p call to throw std::invalid_argument whose message contains \p part.
template <typename Call>
void
ExpectInvalid(Call call, const std::string& part)
{
    try
    {
        call();
        ADD_FAILURE() << "no exception";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
}

TEST(GprsTruncatedPareto, StandardParametersGiveTheStandardsMeanOf480Octets)
{
    // TR 101 112 B.1.2.2: "the average packet size is 480 bytes".
    EXPECT_NEAR(kUmts.GetMean(), 480, 1);
}

TEST(GprsTruncatedPareto, MomentsMatchNumericalIntegration)
{
    // E[X^n] = integral from 0 to m of n x^(n-1) P(X > x) dx, by the midpoint rule on a
    // logarithmic grid above k (where the integrand changes by orders of magnitude).
    for (const auto& [a, k, m] : {std::tuple{1.1, 81.5, 66666.0},
                                  std::tuple{1.0, 10.0, 1000.0},
                                  std::tuple{2.0, 5.0, 500.0},
                                  std::tuple{2.5, 1.0, 50.0}})
    {
        const GprsTruncatedPareto d(a, k, m);
        double first = k;
        double second = k * k;
        const int steps = 200000;
        const double ratio = std::pow(m / k, 1.0 / steps);
        for (int i = 0; i < steps; ++i)
        {
            const double lo = k * std::pow(ratio, i);
            const double hi = lo * ratio;
            const double x = (lo + hi) / 2;
            const double survival = std::pow(k / x, a);
            first += survival * (hi - lo);
            second += 2 * x * survival * (hi - lo);
        }
        EXPECT_NEAR(d.GetMean(), first, 1e-6 * first) << a;
        EXPECT_NEAR(d.GetVariance(), second - first * first, 1e-5 * second) << a;
    }
}

TEST(GprsTruncatedPareto, SamplesHaveTheMeanAndTheMassAtTheCutoff)
{
    const unsigned n = 2000000;
    ExpectMean(Take(n, [](double u) { return kUmts.Draw(u); }),
               n,
               kUmts.GetMean(),
               kUmts.GetVariance());
    // All the mass above m sits at m: P(X = m) = (k/m)^alpha.
    const double atCutoff =
        Take(n, [](double u) { return kUmts.Draw(u) == 66666 ? 1.0 : 0.0; }).mean;
    const double p = std::pow(81.5 / 66666, 1.1);
    EXPECT_NEAR(atCutoff, p, 5 * std::sqrt(p * (1 - p) / n));
    // Never below k nor above m.
    EXPECT_DOUBLE_EQ(kUmts.Draw(0), 81.5);
    EXPECT_DOUBLE_EQ(kUmts.Draw(std::nextafter(1.0, 0.0)), 66666);
}

TEST(GprsGeometric, SamplesHaveTheMeanAndVarianceOfTheModel)
{
    const unsigned n = 1000000;
    for (double mean : {25.0, 5.0, 1.5})
    {
        const Sample s = Take(n, [mean](double u) { return DrawGprsGeometric(mean, u); });
        const double variance = GetGprsGeometricVariance(mean);
        ExpectMean(s, n, mean, variance);
        EXPECT_NEAR(s.variance, variance, 0.05 * variance) << mean;
    }
    // P(N = 1) = p.
    const double ones =
        Take(n, [](double u) { return DrawGprsGeometric(5, u) == 1 ? 1.0 : 0.0; }).mean;
    EXPECT_NEAR(ones, 0.2, 5 * std::sqrt(0.2 * 0.8 / n));
    EXPECT_EQ(DrawGprsGeometric(1, 0.999), 1u);
    EXPECT_EQ(DrawGprsGeometric(25, 0), 1u);
}

TEST(GprsExponential, SamplesHaveTheMean)
{
    const unsigned n = 1000000;
    ExpectMean(Take(n, [](double u) { return DrawGprsExponential(412, u); }), n, 412, 412 * 412);
    EXPECT_EQ(DrawGprsExponential(0, 0.5), 0);
}

TEST(GprsTrafficDistributions, BadParametersAreRefusedNamingTheValue)
{
    ExpectInvalid([] { GprsTruncatedPareto(0, 81.5, 66666); }, "shape = 0 is out of range");
    ExpectInvalid([] { GprsTruncatedPareto(1.1, -1, 66666); }, "scale = -1 is out of range");
    ExpectInvalid([] { GprsTruncatedPareto(1.1, 81.5, 50); },
                  "cutoff = 50 is out of range (allowed: a finite number >= the scale)");
    ExpectInvalid([] { GprsTruncatedPareto(NAN, 81.5, 66666); }, "shape = nan");
    ExpectInvalid([] { kUmts.Draw(1); }, "uniform draw = 1 is out of range (allowed: 0 <= u < 1)");
    ExpectInvalid([] { DrawGprsGeometric(0.5, 0.1); }, "mean = 0.5 is out of range");
    ExpectInvalid([] { DrawGprsGeometric(5, -0.1); }, "uniform draw = -0.1");
    ExpectInvalid([] { DrawGprsExponential(-3, 0.1); }, "mean = -3 is out of range");
}

} // namespace
