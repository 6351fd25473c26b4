/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The examples' job pool (examples/common/example-jobs.h): the results of worker processes
// equal those of one process, and a worker that fails stops the program with status 3 and a
// message naming the simulation.

#include "common/example-jobs.h"

#include <cstdint>
#include <cstdlib>
#include <gtest/gtest.h>
#include <string>
#include <tuple>
#include <unistd.h>
#include <vector>

using namespace ns3;

namespace
{

/// A simulation's result with every kind of member.
struct Outcome
{
    std::string label;           //!< text with a blank and a newline
    double value{0};             //!< a double no short decimal gives
    std::vector<uint64_t> parts; //!< as many as the simulation's index

    /// \return the members
    auto Fields() const
    {
        return std::tie(label, value, parts);
    }
};

/**
 * \param i a simulation
 * \return its outcome
 */
Outcome
Simulate(std::size_t i)
{
    return Outcome{"run " + std::to_string(i) + "\nend",
                   1.0 / (i + 3),
                   std::vector<uint64_t>(i, i)};
}

/**
 * \param count simulations
 * \param jobs worker processes
 * \return their outcomes, by RunJobs
 */
std::vector<Outcome>
RunAll(std::size_t count, uint32_t jobs)
{
    return RunJobs("gtest", count, jobs, Simulate);
}

/**
 * \param failing a simulation
 * \param fail what that simulation does instead of returning
 * \return a simulation that returns its index, but fails in \p failing
 */
auto
FailingIn(std::size_t failing, void (*fail)())
{
    return [failing, fail](std::size_t i) {
        if (i == failing)
        {
            fail();
        }
        return i;
    };
}

} // namespace

TEST(GprsExampleJobs, WorkersGiveWhatOneProcessGives)
{
    const std::size_t count = 7;
    for (const uint32_t jobs : {1U, 2U, 3U, 16U})
    {
        const std::vector<Outcome> outcomes = RunAll(count, jobs);
        ASSERT_EQ(outcomes.size(), count) << jobs << " jobs";
        for (std::size_t i = 0; i < count; ++i)
        {
            const Outcome expected = Simulate(i);
            EXPECT_EQ(outcomes[i].label, expected.label) << jobs << " jobs, run " << i;
            EXPECT_EQ(outcomes[i].value, expected.value) << jobs << " jobs, run " << i;
            EXPECT_EQ(outcomes[i].parts, expected.parts) << jobs << " jobs, run " << i;
        }
    }
    EXPECT_TRUE(RunAll(0, 2).empty());
}

TEST(GprsExampleJobs, ResultsLargerThanAPipeBuffer)
{
    // 1 MB each: a record reaches the parent in many reads, interleaved with the other worker's.
    const auto big = [](std::size_t i) { return std::string(1 << 20, static_cast<char>('a' + i)); };
    const std::vector<std::string> results = RunJobs("gtest", 4, 2, big);
    ASSERT_EQ(results.size(), 4U);
    for (std::size_t i = 0; i < results.size(); ++i)
    {
        EXPECT_EQ(results[i], big(i)) << "run " << i;
    }
}

TEST(GprsExampleJobsDeathTest, WorkerKilledBySignal)
{
    // Worker 0 of 2 runs simulations 0, 2 and 4; it dies in 4.
    EXPECT_EXIT(RunJobs("gtest", 6, 2, FailingIn(4, std::abort)),
                testing::ExitedWithCode(3),
                "error: worker [0-9]+ failed in simulation 4 of 6: killed by signal 6 "
                "\\(Aborted\\) \\(its own messages, if any, are above\\)");
}

TEST(GprsExampleJobsDeathTest, WorkerExitsWithAnotherStatus)
{
    const auto exit7 = []() { _exit(7); };
    EXPECT_EXIT(RunJobs("gtest", 5, 2, FailingIn(3, exit7)),
                testing::ExitedWithCode(3),
                "error: worker [0-9]+ failed in simulation 3 of 5: exit status 7 ");
}

TEST(GprsExampleJobsDeathTest, WorkerExitsWithoutItsResults)
{
    // Status 0 from inside a simulation (a model calling exit(0)): its results never came.
    const auto exit0 = []() { _exit(0); };
    EXPECT_EXIT(RunJobs("gtest", 4, 2, FailingIn(2, exit0)),
                testing::ExitedWithCode(3),
                "error: worker [0-9]+ failed in simulation 2 of 4: exit status 0 before its "
                "results");
}
