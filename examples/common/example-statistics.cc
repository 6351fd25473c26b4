/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ns3
{

double
Median(std::vector<double> values)
{
    if (values.empty())
    {
        return 0;
    }
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double
Mean(const std::vector<double>& values)
{
    return values.empty() ? 0 : std::accumulate(values.begin(), values.end(), 0.0) / values.size();
}

double
StandardDeviation(const std::vector<double>& values)
{
    if (values.size() < 2)
    {
        return 0;
    }
    const double mean = Mean(values);
    double sum = 0;
    for (double v : values)
    {
        sum += (v - mean) * (v - mean);
    }
    return std::sqrt(sum / (values.size() - 1));
}

Spread
SpreadOf(const std::vector<double>& values)
{
    Spread s;
    if (values.empty())
    {
        return s;
    }
    s.median = Median(values);
    s.min = *std::min_element(values.begin(), values.end());
    s.max = *std::max_element(values.begin(), values.end());
    return s;
}

} // namespace ns3
