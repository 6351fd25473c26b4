/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_JOBS_H
#define EXAMPLE_JOBS_H

// Independent simulations run in parallel worker processes.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * Run independent simulations, in parallel worker processes (fork) or in this one, and report
 * each one done on stderr ("[program] 3/12 runs"). The results do not depend on \p jobs: each
 * simulation sets its own run number and builds everything it uses.
 * \param program name shown
 * \param count simulations 0 .. count - 1
 * \param jobs worker processes; 1: run them here, in order
 * \param run runs simulation i and returns its result as one line of text (no newline)
 * \return the results, in simulation order; the program exits with status 3 when a worker
 *         fails
 */
std::vector<std::string> RunJobs(const std::string& program,
                                 std::size_t count,
                                 uint32_t jobs,
                                 std::function<std::string(std::size_t)> run);

} // namespace ns3

#endif /* EXAMPLE_JOBS_H */
