/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_COST_H
#define EXAMPLE_COST_H

// What running a simulation costs: wall time, the peak memory of a process of its own, and the
// instructions Simulator::Run() executes, counted by valgrind's callgrind (gprs-benchmark).

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace ns3
{

/**
 * \param start a time of the steady clock
 * \return the wall seconds since
 */
double SecondsSince(std::chrono::steady_clock::time_point start);

/// What a run cost the process that ran it, besides time.
struct ExampleProcessCost
{
    long peakRssKib{0};       //!< its peak resident memory (ru_maxrss)
    uint64_t instructions{0}; //!< under RunUnderCallgrind, those of Simulator::Run(); else 0
};

/**
 * Run \p run, in a child process when \p fork (its peak memory is then its own: the parent
 * never simulates), else in this one (the peak of this process so far). The program stops with
 * a message when the child fails.
 * \param fork whether to run it in a child process
 * \param run the run; returns its result as bytes
 * \param[out] cost what the run cost
 * \return what \p run returned
 */
std::string RunInOwnProcess(bool fork,
                            const std::function<std::string()>& run,
                            ExampleProcessCost& cost);

/// \return whether this program is the one RunUnderCallgrind runs
bool IsUnderCallgrind();

/**
 * Run this program again (with \p argv, which must not ask for it again) under valgrind
 * --tool=callgrind, collecting only inside ns3::Simulator::Run(), one output file per process
 * in a scratch directory that is removed afterwards; RunInOwnProcess reads the instructions of
 * each child from it.
 * \param argv the program's arguments
 * \return the exit status for main()
 */
int RunUnderCallgrind(char* argv[]);

} // namespace ns3

#endif /* EXAMPLE_COST_H */
