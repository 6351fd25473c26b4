/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_JOBS_H
#define EXAMPLE_JOBS_H

// Independent simulations run in parallel worker processes.

#include "example-result.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace ns3
{

/**
 * Run independent simulations, in parallel worker processes (fork) or in this one, and report
 * each one done on stderr ("[program] 3/12 runs"). Each result comes back as bytes.
 * \param program name shown
 * \param count simulations 0 .. count - 1
 * \param jobs worker processes; 1: run them here, in order
 * \param run runs simulation i and returns its result as bytes
 * \return the results, in simulation order; the program exits with status 3, naming the
 *         simulation, when a worker dies, exits with another status or exits without its
 *         results
 */
std::vector<std::string> RunJobRecords(const std::string& program,
                                       std::size_t count,
                                       uint32_t jobs,
                                       std::function<std::string(std::size_t)> run);

/**
 * Run independent simulations, in parallel worker processes (fork) or in this one, and report
 * each one done on stderr ("[program] 3/12 runs"). The results do not depend on \p jobs: each
 * simulation sets its own run number and builds everything it uses, and its result reaches the
 * parent exactly (WriteResult), through the same encoding when it runs here.
 * \param program name shown
 * \param count simulations 0 .. count - 1
 * \param jobs worker processes; 1: run them here, in order
 * \param run runs simulation i and returns its result, of a type WriteResult takes
 * \return the results, in simulation order; the program exits with status 3 when a worker
 *         fails (RunJobRecords)
 */
template <typename Run>
auto
RunJobs(const std::string& program, std::size_t count, uint32_t jobs, Run run)
    -> std::vector<std::decay_t<std::invoke_result_t<Run&, std::size_t>>>
{
    using Result = std::decay_t<std::invoke_result_t<Run&, std::size_t>>;
    const auto encoded = [&run](std::size_t i) { return EncodeResult(run(i)); };
    std::vector<Result> results;
    for (const std::string& record : RunJobRecords(program, count, jobs, encoded))
    {
        results.push_back(DecodeResult<Result>(record));
    }
    return results;
}

} // namespace ns3

#endif /* EXAMPLE_JOBS_H */
