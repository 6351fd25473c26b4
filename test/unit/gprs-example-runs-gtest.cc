/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The studies' per-run rows, marks of incomplete runs (examples/common/example-runs.h) and
// --traceRun (example-traces.h).

#include "common/example-options.h"
#include "common/example-runs.h"
#include "common/example-traces.h"

#include "ns3/rng-seed-manager.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

using namespace ns3;

TEST(GprsExampleRuns, CountsCompleteOfTotal)
{
    RunCount count;
    EXPECT_TRUE(count.AllComplete());
    count.Add(true);
    count.Add(false);
    count.Add(true);
    EXPECT_EQ(count.complete, 2U);
    EXPECT_EQ(count.total, 3U);
    EXPECT_FALSE(count.AllComplete());
    EXPECT_EQ(count.Text(), "2/3");
}

TEST(GprsExampleRuns, RowsHaveKeysRunCompleteThenValues)
{
    ExampleRunRows rows({"scenario", "variant"}, {"throughput_kbps", "timeouts"});
    rows.Add({"busy", "split-llc-ack"}, 7, false, {"", "3"});
    rows.Add({"busy", "split-llc-ack"}, 8, true, {RunField(31.25), "0"});
    EXPECT_EQ(rows.Text(),
              "scenario,variant,run,complete,throughput_kbps,timeouts\n"
              "busy,split-llc-ack,7,0,,3\n"
              "busy,split-llc-ack,8,1,31.250,0\n");
    EXPECT_THROW(rows.Add({"busy"}, 9, true, {"1", "2"}), std::invalid_argument);
    EXPECT_THROW(rows.Add({"busy", "reno"}, 9, true, {"1"}), std::invalid_argument);
}

TEST(GprsExampleRuns, WritesRunsCsvInTheOutputDirectoryOnly)
{
    ExampleRunRows rows({"key"}, {"value"});
    rows.Add({"a"}, 1, true, {"2"});
    EXPECT_TRUE(rows.Write("")); // no --outdir: nothing
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("gprs-runs-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    ASSERT_TRUE(rows.Write(dir.string()));
    std::ifstream file(dir / kRunsCsvName);
    std::stringstream text;
    text << file.rdbuf();
    EXPECT_EQ(text.str(), "key,run,complete,value\na,1,1,2\n");
    std::filesystem::remove_all(dir);
    EXPECT_FALSE(rows.Write((dir / "missing").string()));
}

TEST(GprsExampleRuns, MarksOnlyIncompleteElements)
{
    RunCount all{3, 3};
    RunCount none{0, 3};
    EXPECT_EQ(IncompleteMark("busy", all), "");
    EXPECT_EQ(IncompleteMark("busy", none), "busy: 0/3 runs complete");
    EXPECT_EQ(GnuplotIncompleteNote({{"one-user reno", all}}), "");
    const std::string note = GnuplotIncompleteNote(
        {{"one-user reno", all}, {"busy \"split\"", none}, {"busy reno", RunCount{2, 3}}});
    EXPECT_EQ(note,
              "set label 9001 \"incomplete runs (a bar or point averages the complete ones):"
              "\\nbusy \\\"split\\\": 0/3 runs complete\\nbusy reno: 2/3 runs complete\" at "
              "graph 0.01, graph 0.97 left front textcolor rgb 'red' noenhanced\n");
}

TEST(GprsExampleRuns, HistogramTicsCarryTheMarks)
{
    EXPECT_EQ(GnuplotMarkedTics({"reno", "split"},
                                {{{"one-user", RunCount{3, 3}}, {"busy", RunCount{0, 3}}},
                                 {{"one-user", RunCount{1, 3}}, {"busy", RunCount{2, 3}}}}),
              "set xtics (\"reno\\nbusy 0/3\" 0, \"split\\none-user 1/3\\nbusy 2/3\" 1)\n"
              "set bmargin 6\n");
    EXPECT_EQ(GnuplotMarkedTics({"a"}, {}), "set xtics (\"a\" 0)\nset bmargin 4\n");
}

namespace
{

/**
 * Parse a --traceRun with a study's --runs and --outdir.
 * \param arguments the arguments after the program name
 * \param runs --runs
 * \param outdir --outdir
 * \param[out] trace the option, read
 * \return whether the options were accepted
 */
bool
ParseTraceRun(std::vector<std::string> arguments,
              uint32_t runs,
              std::string outdir,
              ExampleTraceRun& trace)
{
    ExampleOptions options(__FILE__, "test");
    const std::function<uint32_t()> runsOf = [runs]() { return runs; };
    trace.AddTo(options, "the test's files", runsOf, &outdir);
    arguments.insert(arguments.begin(), "test");
    std::vector<char*> argv;
    for (auto& a : arguments)
    {
        argv.push_back(a.data());
    }
    return options.Parse(static_cast<int>(argv.size()), argv.data());
}

} // namespace

TEST(GprsExampleRuns, TraceRunNamesOneRunOfTheStudy)
{
    const uint64_t first = RngSeedManager::GetRun();
    ExampleTraceRun none("none");
    ASSERT_TRUE(ParseTraceRun({}, 3, "out", none));
    EXPECT_FALSE(none.IsTraced(first));
    ExampleTraceRun byDefault("first");
    ASSERT_TRUE(ParseTraceRun({}, 3, "", byDefault));
    EXPECT_TRUE(byDefault.IsTraced(first));
    EXPECT_FALSE(byDefault.IsTraced(first + 1));
    ExampleTraceRun last("none");
    ASSERT_TRUE(ParseTraceRun({"--traceRun=" + std::to_string(first + 2)}, 3, "out", last));
    EXPECT_TRUE(last.IsTraced(first + 2));
    EXPECT_FALSE(last.IsTraced(first));
    EXPECT_EQ(ExampleTraceRun::Directory("out", 7, {"busy", "split"}), "out/trace-run7-busy-split");
}

TEST(GprsExampleRuns, TraceRunOutsideTheRunsIsRefused)
{
    const uint64_t first = RngSeedManager::GetRun();
    ExampleTraceRun trace("none");
    testing::internal::CaptureStderr();
    EXPECT_FALSE(ParseTraceRun({"--traceRun=" + std::to_string(first + 3)}, 3, "out", trace));
    EXPECT_FALSE(ParseTraceRun({"--traceRun=two"}, 3, "out", trace));
    EXPECT_FALSE(ParseTraceRun({"--traceRun=" + std::to_string(first)}, 3, "", trace));
    const std::string errors = testing::internal::GetCapturedStderr();
    EXPECT_NE(errors.find("invalid option --traceRun=" + std::to_string(first + 3) +
                          " (allowed: none, first or a run number from --RngRun to --RngRun + "
                          "--runs - 1, with --outdir)"),
              std::string::npos)
        << errors;
    EXPECT_NE(errors.find("invalid option --traceRun=two (allowed: none, first or a run number"),
              std::string::npos)
        << errors;
}
