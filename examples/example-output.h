/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_OUTPUT_H
#define EXAMPLE_OUTPUT_H

// What the examples share to present their results: statistics, progress, figures.

#include "ns3/nstime.h"

#include <functional>
#include <string>
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

/**
 * Report progress on stderr every 10 simulated seconds until \p end.
 * \param program name shown
 * \param end simulated end time
 * \param status what to show besides the time
 */
void ReportProgress(const std::string& program, Time end, std::function<std::string()> status);

/**
 * Render a gnuplot script in its directory when gnuplot is installed.
 * \param dir directory holding the script and its data
 * \param script script file name
 * \return false if gnuplot is installed and failed
 */
bool RenderGnuplot(const std::string& dir, const std::string& script);

} // namespace ns3

#endif /* EXAMPLE_OUTPUT_H */
