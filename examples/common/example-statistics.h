/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_STATISTICS_H
#define EXAMPLE_STATISTICS_H

// The statistics the examples print over their runs.

#include <vector>

namespace ns3
{

/**
 * \param values samples
 * \return their median (0 if none)
 */
double Median(std::vector<double> values);

/**
 * \param values samples
 * \return their mean (0 if none)
 */
double Mean(const std::vector<double>& values);

/**
 * \param values samples
 * \return their sample standard deviation (0 for fewer than 2)
 */
double StandardDeviation(const std::vector<double>& values);

/// Median and range of samples; negative: none.
struct Spread
{
    double median{-1}; //!< median, < 0: none
    double min{-1};    //!< smallest
    double max{-1};    //!< largest
};

/**
 * \param values samples
 * \return their median and range (none if there are no samples)
 */
Spread SpreadOf(const std::vector<double>& values);

} // namespace ns3

#endif /* EXAMPLE_STATISTICS_H */
