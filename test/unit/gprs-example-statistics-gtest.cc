/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The statistics the examples print (examples/common/example-statistics.h).

#include "common/example-statistics.h"

#include <cmath>
#include <gtest/gtest.h>
#include <vector>

using namespace ns3;

TEST(GprsExampleStatistics, MedianOfUnsortedSamples)
{
    EXPECT_EQ(Median({}), 0);
    EXPECT_EQ(Median({7}), 7);
    EXPECT_EQ(Median({9, 1, 5}), 5);
    // Even count: the mean of the two middle samples.
    EXPECT_EQ(Median({4, 1, 3, 2}), 2.5);
    EXPECT_EQ(Median({-1, -1, 10, 10}), 4.5);
}

TEST(GprsExampleStatistics, Mean)
{
    EXPECT_EQ(Mean({}), 0);
    EXPECT_EQ(Mean({3}), 3);
    EXPECT_EQ(Mean({1, 2, 3, 4}), 2.5);
    EXPECT_EQ(Mean({-2, 2}), 0);
}

TEST(GprsExampleStatistics, SampleStandardDeviation)
{
    EXPECT_EQ(StandardDeviation({}), 0);
    EXPECT_EQ(StandardDeviation({5}), 0);
    EXPECT_EQ(StandardDeviation({4, 4, 4}), 0);
    // Divided by n - 1: squared deviations 9, 1, 1, 1, 0, 0, 4, 16 from the mean 5 sum to 32.
    EXPECT_DOUBLE_EQ(StandardDeviation({2, 4, 4, 4, 5, 5, 7, 9}), std::sqrt(32.0 / 7));
    EXPECT_DOUBLE_EQ(StandardDeviation({1, 3}), std::sqrt(2.0));
}

TEST(GprsExampleStatistics, SpreadOfUnsortedSamples)
{
    const Spread none = SpreadOf({});
    EXPECT_LT(none.median, 0);
    EXPECT_LT(none.min, 0);
    EXPECT_LT(none.max, 0);
    const Spread s = SpreadOf({4, 1, 3, 2});
    EXPECT_EQ(s.median, 2.5);
    EXPECT_EQ(s.min, 1);
    EXPECT_EQ(s.max, 4);
}
