/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-progress.h"

#include "ns3/simulator.h"

#include <iomanip>
#include <iostream>

namespace ns3
{

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

} // namespace ns3
