/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-output.h"

#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <iostream>
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

void
ReportProgress(const std::string& program, Time end, std::function<std::string()> status)
{
    const Time step = Seconds(10);
    if (Simulator::Now() + step >= end)
    {
        return;
    }
    Simulator::Schedule(step, [program, end, status]() {
        std::cerr << "[" << program << "] t=" << std::fixed << std::setprecision(0)
                  << Simulator::Now().GetSeconds() << " s of " << end.GetSeconds() << " s, "
                  << status() << "\n";
        ReportProgress(program, end, status);
    });
}

bool
RenderGnuplot(const std::string& dir, const std::string& script)
{
    if (std::system("command -v gnuplot >/dev/null 2>&1") != 0)
    {
        return true;
    }
    const std::string command = "cd '" + dir + "' && gnuplot '" + script + "'";
    return std::system(command.c_str()) == 0;
}

} // namespace ns3
