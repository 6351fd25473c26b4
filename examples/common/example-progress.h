/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_PROGRESS_H
#define EXAMPLE_PROGRESS_H

// Progress of a long simulation, on stderr.

#include "ns3/nstime.h"

#include <functional>
#include <string>

namespace ns3
{

/**
 * Report progress on stderr every 10 simulated seconds until \p end.
 * \param program name shown
 * \param end simulated end time
 * \param status what to show besides the time
 */
void ReportProgress(const std::string& program, Time end, std::function<std::string()> status);

} // namespace ns3

#endif /* EXAMPLE_PROGRESS_H */
