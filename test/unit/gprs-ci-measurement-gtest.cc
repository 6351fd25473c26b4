/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-ci-measurement.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <stdexcept>

using namespace ns3;

TEST(GprsCiMeasurement, EmptyUntilTheFirstSampleWhichIsTheAverage)
{
    GprsCiMeasurement m;
    EXPECT_FALSE(m.GetAverageDb());
    // R_1 = c, so the first sample has weight c / R_1 = 1 whatever c: no bias towards C_0 = 0.
    m.Add(7, 12.5, 1.0 / 64);
    ASSERT_TRUE(m.GetAverageDb());
    EXPECT_DOUBLE_EQ(*m.GetAverageDb(), 12.5);
}

TEST(GprsCiMeasurement, FollowsTheStandardsRecursionBlockByBlock)
{
    // C_n and R_n of TS 45.008 10.2.3.1.2 written out, one sample per block period.
    const double c = 1.0 / 16;
    GprsCiMeasurement m;
    double r = 0;
    double avg = 0;
    for (uint64_t n = 1; n <= 200; ++n)
    {
        const double ss = 10 + 5 * std::sin(0.1 * static_cast<double>(n));
        r = (1 - c) * r + c;
        avg += c / r * (ss - avg);
        m.Add(n, ss, c);
        ASSERT_NEAR(*m.GetAverageDb(), avg, 1e-9) << "block " << n;
    }
}

TEST(GprsCiMeasurement, PeriodsWithoutSampleLetOldSamplesFade)
{
    const double c = 1.0 / 16;
    // Block periods 1..100 at 20 dB; the next sample at 4 dB comes after a gap.
    const auto afterGap = [c](uint64_t gap) {
        GprsCiMeasurement m;
        for (uint64_t n = 1; n <= 100; ++n)
        {
            m.Add(n, 20, c);
        }
        m.Add(100 + gap + 1, 4, c);
        return *m.GetAverageDb();
    };
    // No gap: one step of the filter.
    const double r100 = 1 - std::pow(1 - c, 100);
    const double r101 = (1 - c) * r100 + c;
    EXPECT_NEAR(afterGap(0), 20 - c / r101 * 16, 1e-9);
    // A gap of g periods decays R by (1 - c)^g: the new sample weighs more, the longer the gap.
    EXPECT_LT(afterGap(16), afterGap(0));
    EXPECT_LT(afterGap(64), afterGap(16));
    const double r = std::pow(1 - c, 1001) * r100 + c;
    EXPECT_NEAR(afterGap(1000), 20 - c / r * 16, 1e-9);
    EXPECT_NEAR(afterGap(1000), 4, 1e-6) << "after a long gap the new sample is the average";
}

TEST(GprsCiMeasurement, ForgettingFactorOneKeepsTheLatestSample)
{
    GprsCiMeasurement m;
    for (uint64_t n = 0; n < 10; ++n)
    {
        m.Add(n, static_cast<double>(n % 3), 1);
        EXPECT_DOUBLE_EQ(*m.GetAverageDb(), static_cast<double>(n % 3));
    }
}

TEST(GprsCiMeasurement, OneSamplePerBlockPeriod)
{
    GprsCiMeasurement m;
    m.Add(5, 10, 0.5);
    m.Add(5, 30, 0.5); // another PDCH in the same period: ignored
    EXPECT_DOUBLE_EQ(*m.GetAverageDb(), 10);
    m.Add(6, 30, 0.5);
    EXPECT_GT(*m.GetAverageDb(), 10);
}

TEST(GprsCiMeasurement, RefusesNonsense)
{
    GprsCiMeasurement m;
    m.Add(5, 10, 0.5);
    EXPECT_THROW(m.Add(4, 10, 0.5), std::invalid_argument);
    EXPECT_THROW(m.Add(6, std::numeric_limits<double>::quiet_NaN(), 0.5), std::invalid_argument);
    EXPECT_THROW(m.Add(6, std::numeric_limits<double>::infinity(), 0.5), std::invalid_argument);
    EXPECT_THROW(m.Add(6, 10, 0), std::invalid_argument);
    EXPECT_THROW(m.Add(6, 10, 1.5), std::invalid_argument);
    EXPECT_DOUBLE_EQ(*m.GetAverageDb(), 10) << "a refused sample changes nothing";
}

TEST(GprsCiMeasurement, AveragingRemovesMostOfTheJitter)
{
    // +-2 dB of uniform jitter (standard deviation 1.15 dB) around 15 dB, one sample per block
    // period. The average's standard deviation is sqrt(c / (2 - c)) of the samples': 0.21 dB
    // for c = 1/16.
    const double c = 1.0 / 16;
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> jitter(-2, 2);
    GprsCiMeasurement m;
    double sum = 0;
    double sumSq = 0;
    const int n = 100000;
    for (int i = 0; i < n + 100; ++i)
    {
        m.Add(static_cast<uint64_t>(i), 15 + jitter(rng), c);
        if (i >= 100)
        {
            const double d = *m.GetAverageDb() - 15;
            sum += d;
            sumSq += d * d;
        }
    }
    const double mean = sum / n;
    const double sd = std::sqrt(sumSq / n - mean * mean);
    EXPECT_NEAR(mean, 0, 0.02);
    EXPECT_NEAR(sd, 2 / std::sqrt(3.0) * std::sqrt(c / (2 - c)), 0.02);
}

TEST(GprsCiMeasurement, QuantisesToTheNearestStep)
{
    EXPECT_DOUBLE_EQ(GprsCiMeasurement::Quantise(12.4, 1), 12);
    EXPECT_DOUBLE_EQ(GprsCiMeasurement::Quantise(12.5, 1), 13);
    EXPECT_DOUBLE_EQ(GprsCiMeasurement::Quantise(-2.5, 1), -3);
    EXPECT_DOUBLE_EQ(GprsCiMeasurement::Quantise(12.9, 2), 12);
    EXPECT_DOUBLE_EQ(GprsCiMeasurement::Quantise(13.1, 2), 14);
    EXPECT_DOUBLE_EQ(GprsCiMeasurement::Quantise(12.34, 0), 12.34) << "step 0: exact";
    EXPECT_THROW(GprsCiMeasurement::Quantise(12, -1), std::invalid_argument);
    EXPECT_THROW(GprsCiMeasurement::Quantise(12, std::numeric_limits<double>::quiet_NaN()),
                 std::invalid_argument);
}
