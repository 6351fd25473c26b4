/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-radio-conditions.h"
#include "ns3/gprs-text-input.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

using namespace ns3;

namespace
{

/**
 * \param call a callable that must throw E
 * \param fragment text the message must contain
 */
template <typename E = std::invalid_argument, typename Call>
void
ExpectError(Call call, const std::string& fragment)
{
    try
    {
        call();
        ADD_FAILURE() << "no exception, expected one containing '" << fragment << "'";
    }
    catch (const E& e)
    {
        EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
}

/**
 * \param text a trace
 * \return the radio conditions read from it as "trace.txt"
 */
GprsRadioConditions
TraceText(const std::string& text)
{
    std::istringstream in(text);
    return GprsRadioConditions::FromTrace(in, "trace.txt");
}

/**
 * Reference semantics by linear scan of the inputs, for comparison with the queries.
 *
 * \param c the radio conditions
 * \param t a time
 * \return the scheduled C/I at t
 */
double
ReferenceCi(const GprsRadioConditions& c, Time t)
{
    double ci = std::nan("");
    for (const auto& point : c.GetSchedule())
    {
        ci = point.start <= t ? point.ciDb : ci;
    }
    return ci;
}

/**
 * \param c the radio conditions
 * \param t a time
 * \return whether t lies in one of c's outages
 */
bool
ReferenceOutage(const GprsRadioConditions& c, Time t)
{
    const auto& outages = c.GetOutages();
    return std::any_of(outages.begin(), outages.end(), [t](const GprsOutage& o) {
        return o.start <= t && t < o.end;
    });
}

/**
 * \param a radio conditions
 * \param b radio conditions
 * \return true if both have the same schedule and outages
 */
bool
SameInputs(const GprsRadioConditions& a, const GprsRadioConditions& b)
{
    const auto& sa = a.GetSchedule();
    const auto& sb = b.GetSchedule();
    const auto& oa = a.GetOutages();
    const auto& ob = b.GetOutages();
    return std::equal(sa.begin(),
                      sa.end(),
                      sb.begin(),
                      sb.end(),
                      [](const GprsCiPoint& x, const GprsCiPoint& y) {
                          return x.start == y.start && x.ciDb == y.ciDb;
                      }) &&
           std::equal(oa.begin(),
                      oa.end(),
                      ob.begin(),
                      ob.end(),
                      [](const GprsOutage& x, const GprsOutage& y) {
                          return x.start == y.start && x.end == y.end;
                      });
}

} // namespace

TEST(GprsRadioConditions, ConstantCiNeverChanges)
{
    const GprsRadioConditions c(17.5);
    for (double s : {0.0, 1e-9, 10.0, 1e6})
    {
        EXPECT_DOUBLE_EQ(c.GetCiDb(Seconds(s)), 17.5);
        EXPECT_FALSE(c.IsOutage(Seconds(s)));
        EXPECT_EQ(c.NextChangeAfter(Seconds(s)), Time::Max());
    }
}

TEST(GprsRadioConditions, PiecewiseScheduleHoldsEachValueUntilTheNext)
{
    // Meyer's two-state channel (WCNC 1999): 13 dB, 6 dB from 10 s, 13 dB from 20 s.
    const GprsRadioConditions c({{Seconds(0), 13}, {Seconds(10), 6}, {Seconds(20), 13}});
    EXPECT_DOUBLE_EQ(c.GetCiDb(Seconds(0)), 13);
    EXPECT_DOUBLE_EQ(c.GetCiDb(Seconds(10) - NanoSeconds(1)), 13);
    EXPECT_DOUBLE_EQ(c.GetCiDb(Seconds(10)), 6);
    EXPECT_DOUBLE_EQ(c.GetCiDb(Seconds(19.5)), 6);
    EXPECT_DOUBLE_EQ(c.GetCiDb(Seconds(20)), 13);
    EXPECT_DOUBLE_EQ(c.GetCiDb(Seconds(1e5)), 13);
    EXPECT_EQ(c.NextChangeAfter(Seconds(0)), Seconds(10));
    EXPECT_EQ(c.NextChangeAfter(Seconds(10)), Seconds(20));
    EXPECT_EQ(c.NextChangeAfter(Seconds(20)), Time::Max());
    ExpectError([&c] { c.GetCiDb(Seconds(-1)); }, "negative");
    ExpectError([&c] { c.NextChangeAfter(NanoSeconds(-1)); }, "negative");
}

TEST(GprsRadioConditions, ScheduleStringMatchesTheVector)
{
    const GprsRadioConditions fromVector({{Seconds(0), 13}, {Seconds(10), 6}, {Seconds(20), 13}});
    EXPECT_TRUE(SameInputs(GprsRadioConditions::FromSchedule("0s:13,10s:6,20s:13"), fromVector));
    EXPECT_TRUE(
        SameInputs(GprsRadioConditions::FromSchedule(" 0 : 13 , 10000ms:6, 20:13 "), fromVector));
    const auto units = GprsRadioConditions::FromSchedule("0:-3,500ms:2.5,1min:7,1e-1h:8");
    ASSERT_EQ(units.GetSchedule().size(), 4u);
    EXPECT_EQ(units.GetSchedule()[1].start, MilliSeconds(500));
    EXPECT_EQ(units.GetSchedule()[2].start, Minutes(1));
    EXPECT_NEAR(units.GetSchedule()[3].start.GetSeconds(), 360, 1e-9);
    EXPECT_DOUBLE_EQ(units.GetCiDb(Seconds(0)), -3);
    EXPECT_DOUBLE_EQ(units.GetCiDb(Seconds(1)), 2.5);
}

TEST(GprsRadioConditions, OutagesAreHalfOpenIntervals)
{
    GprsRadioConditions c(13);
    c.AddOutage(Seconds(40), Seconds(70));
    EXPECT_FALSE(c.IsOutage(Seconds(40) - NanoSeconds(1)));
    EXPECT_TRUE(c.IsOutage(Seconds(40)));
    EXPECT_TRUE(c.IsOutage(Seconds(70) - NanoSeconds(1)));
    EXPECT_FALSE(c.IsOutage(Seconds(70)));
    // The C/I is still reported during the outage.
    EXPECT_DOUBLE_EQ(c.GetCiDb(Seconds(50)), 13);
    EXPECT_EQ(c.NextChangeAfter(Seconds(0)), Seconds(40));
    EXPECT_EQ(c.NextChangeAfter(Seconds(40)), Seconds(70));
    EXPECT_EQ(c.NextChangeAfter(Seconds(70)), Time::Max());

    c.AddOutages("100s-110s, 1e-3s-2s");
    ASSERT_EQ(c.GetOutages().size(), 3u);
    EXPECT_EQ(c.GetOutages()[0].start, MilliSeconds(1));
    EXPECT_EQ(c.GetOutages()[0].end, Seconds(2));
    EXPECT_EQ(c.GetOutages()[2].start, Seconds(100));
    EXPECT_TRUE(c.IsOutage(Seconds(105)));
}

TEST(GprsRadioConditions, NextChangeSkipsBoundariesWhereNothingChanges)
{
    GprsRadioConditions c = GprsRadioConditions::FromSchedule("0:13,10:13,20:6");
    EXPECT_EQ(c.NextChangeAfter(Seconds(0)), Seconds(20));
    // Touching outages form one outage state.
    c.AddOutage(Seconds(40), Seconds(70));
    c.AddOutage(Seconds(70), Seconds(80));
    EXPECT_EQ(c.NextChangeAfter(Seconds(40)), Seconds(80));
    // An outage starting with a C/I change is one change.
    c.AddOutage(Seconds(20), Seconds(30));
    EXPECT_EQ(c.NextChangeAfter(Seconds(5)), Seconds(20));
    EXPECT_EQ(c.NextChangeAfter(Seconds(20)), Seconds(30));
}

TEST(GprsRadioConditions, QueriesInAnyOrderMatchALinearScan)
{
    GprsRadioConditions c = GprsRadioConditions::FromSchedule("0:13,10:6,20:13,25:9,31:13");
    c.AddOutages("5s-12s,24s-25s,40s-70s");
    std::vector<Time> times;
    for (int64_t ms = 0; ms <= 80'000; ms += 250)
    {
        times.push_back(MilliSeconds(ms));
    }
    const auto check = [&c](Time t) {
        EXPECT_DOUBLE_EQ(c.GetCiDb(t), ReferenceCi(c, t)) << t.GetSeconds();
        EXPECT_EQ(c.IsOutage(t), ReferenceOutage(c, t)) << t.GetSeconds();
        // Nothing changes before NextChangeAfter(t), something changes at it.
        const Time next = c.NextChangeAfter(t);
        const Time last = std::min(next, Seconds(100)) - NanoSeconds(1);
        EXPECT_EQ(ReferenceCi(c, last), ReferenceCi(c, t)) << t.GetSeconds();
        EXPECT_EQ(ReferenceOutage(c, last), ReferenceOutage(c, t)) << t.GetSeconds();
        if (next != Time::Max())
        {
            EXPECT_TRUE(ReferenceCi(c, next) != ReferenceCi(c, t) ||
                        ReferenceOutage(c, next) != ReferenceOutage(c, t))
                << t.GetSeconds();
        }
    };
    for (const Time& t : times)
    {
        check(t);
    }
    std::mt19937 shuffle(42);
    std::shuffle(times.begin(), times.end(), shuffle);
    for (const Time& t : times)
    {
        check(t);
    }
}

TEST(GprsRadioConditions, LoadsATraceFile)
{
    const auto c = GprsRadioConditions::FromTraceFile(GPRS_TEST_DATA_DIR "/ci-meyer-two-state.txt");
    GprsRadioConditions expected = GprsRadioConditions::FromSchedule("0s:13,10s:6,20s:13");
    expected.AddOutage(Seconds(40), Seconds(70));
    EXPECT_TRUE(SameInputs(c, expected));
    EXPECT_TRUE(c.IsOutage(Seconds(40)));
    EXPECT_DOUBLE_EQ(c.GetCiDb(Seconds(15)), 6);
}

TEST(GprsRadioConditions, FromSpecReadsEveryFormOfTheAttribute)
{
    EXPECT_TRUE(SameInputs(GprsRadioConditions::FromSpec("24"), GprsRadioConditions(24)));
    EXPECT_TRUE(SameInputs(GprsRadioConditions::FromSpec("0s:13,10s:6"),
                           GprsRadioConditions::FromSchedule("0s:13,10s:6")));
    const std::string file = GPRS_TEST_DATA_DIR "/ci-meyer-two-state.txt";
    EXPECT_TRUE(SameInputs(GprsRadioConditions::FromSpec("file:" + file),
                           GprsRadioConditions::FromTraceFile(file)));
    ExpectError([] { GprsRadioConditions::FromSpec("loud"); },
                "expected C/I dB as a finite number, got 'loud'");
    ExpectError([] { GprsRadioConditions::FromSpec("0s:13,5s:x"); }, "schedule entry '5s:x'");
    ExpectError<std::runtime_error>(
        [] { GprsRadioConditions::FromSpec("file:" GPRS_TEST_DATA_DIR "/cell-ci-bad.txt"); },
        "cell-ci-bad.txt:4: time 5 s not after previous 10 s");
}

TEST(GprsRadioConditions, ATraceFileIsParsedOnceAndShared)
{
    const auto path = std::filesystem::path(::testing::TempDir()) / "gprs-ci-shared.txt";
    {
        std::ofstream file(path);
        file << "0 13\n10 6\n";
    }
    const auto first = GprsRadioConditions::FromTraceFile(path.string());
    // The same file (by another name too): the same parsed data, not a copy.
    const auto second = GprsRadioConditions::FromSpec("file:" + path.string());
    const auto third =
        GprsRadioConditions::FromTraceFile((path.parent_path() / "." / path.filename()).string());
    EXPECT_TRUE(first.SharesInputsWith(second));
    EXPECT_TRUE(first.SharesInputsWith(third));
    // Each copy has its own cursor: queries through one do not move another's.
    EXPECT_DOUBLE_EQ(second.GetCiDb(Seconds(20)), 6);
    EXPECT_DOUBLE_EQ(third.GetCiDb(Seconds(1)), 13);
    EXPECT_DOUBLE_EQ(second.GetCiDb(Seconds(10)), 6);

    // A changed file is read again.
    {
        std::ofstream file(path);
        file << "0 13\n10 6\n20 9\n";
    }
    std::filesystem::last_write_time(path,
                                     std::filesystem::last_write_time(path) +
                                         std::chrono::seconds(1));
    const auto changed = GprsRadioConditions::FromTraceFile(path.string());
    EXPECT_FALSE(changed.SharesInputsWith(first));
    EXPECT_EQ(changed.GetSchedule().size(), 3u);
    EXPECT_EQ(first.GetSchedule().size(), 2u);
    // Added outages make conditions of their own; the file's stay as they were.
    GprsRadioConditions withOutage = first;
    EXPECT_TRUE(withOutage.SharesInputsWith(first));
    withOutage.AddOutage(Seconds(1), Seconds(2));
    EXPECT_FALSE(withOutage.SharesInputsWith(first));
    EXPECT_TRUE(withOutage.IsOutage(Seconds(1)));
    EXPECT_FALSE(first.IsOutage(Seconds(1)));
    std::filesystem::remove(path);
}

TEST(GprsRadioConditions, RejectsBadSchedules)
{
    using Points = std::vector<GprsCiPoint>;
    ExpectError([] { GprsRadioConditions(Points{}); }, "no point");
    const Points late{{Seconds(5), 13}};
    ExpectError([&late] { GprsRadioConditions{late}; },
                "first C/I point must start at 0 s, got 5 s");
    ExpectError([] { GprsRadioConditions(Points{{Seconds(-1), 13}}); }, "got -1 s");
    const Points repeated{{Seconds(0), 13}, {Seconds(0), 6}};
    ExpectError([&repeated] { GprsRadioConditions{repeated}; }, "time 0 s not after previous 0 s");
    const Points backwards{{Seconds(0), 13}, {Seconds(10), 6}, {Seconds(5), 1}};
    ExpectError([&backwards] { GprsRadioConditions{backwards}; },
                "time 5 s not after previous 10 s");
    ExpectError([] { GprsRadioConditions(std::nan("")); }, "C/I nan dB at 0 s is not a finite");
    ExpectError([] { GprsRadioConditions(std::numeric_limits<double>::infinity()); },
                "is not a finite number");

    ExpectError([] { GprsRadioConditions::FromSchedule("0s:13,abc"); },
                "schedule entry 'abc': expected '<time>:<C/I dB>'");
    ExpectError([] { GprsRadioConditions::FromSchedule(""); }, "schedule entry ''");
    ExpectError([] { GprsRadioConditions::FromSchedule("0s:13,10x:6"); },
                "expected start time as a number with an optional unit (s, ms, us, ns, ps, fs, "
                "min, h, d, y; none means s), got '10x'");
    ExpectError([] { GprsRadioConditions::FromSchedule("0s:13,1.2.3s:6"); }, "got '1.2.3s'");
    ExpectError([] { GprsRadioConditions::FromSchedule("0s:x"); },
                "expected C/I dB as a finite number, got 'x'");
    ExpectError([] { GprsRadioConditions::FromSchedule("0s:inf"); }, "got 'inf'");
    ExpectError([] { GprsRadioConditions::FromSchedule("0s:13,-5s:3"); },
                "start time '-5s' is negative");
    ExpectError([] { GprsRadioConditions::FromSchedule("0s:13,1e300s:3"); }, "too large");
    // Once a wrapped time: the C/I at 53 s was dropped.
    ExpectError([] { GprsRadioConditions::FromSchedule("0s:24,1.85e19fs:-5"); },
                "schedule entry '1.85e19fs:-5': start time '1.85e19fs' is too large");
    ExpectError([] { GprsRadioConditions::FromSchedule("0s:13,20s:6,10s:13"); },
                "schedule entry '10s:13': time 10 s not after previous 20 s");
}

TEST(GprsRadioConditions, RejectsBadOutages)
{
    GprsRadioConditions c(13);
    ExpectError([&c] { c.AddOutage(Seconds(70), Seconds(40)); }, "end must be after start");
    ExpectError([&c] { c.AddOutage(Seconds(40), Seconds(40)); }, "[40 s, 40 s)");
    ExpectError([&c] { c.AddOutage(Seconds(-1), Seconds(4)); }, "starts before 0 s");
    c.AddOutage(Seconds(40), Seconds(70));
    ExpectError([&c] { c.AddOutage(Seconds(50), Seconds(60)); },
                "outage [50 s, 60 s) overlaps outage [40 s, 70 s)");
    ExpectError([&c] { c.AddOutage(Seconds(30), Seconds(41)); }, "overlaps");
    ExpectError([&c] { c.AddOutage(Seconds(69), Seconds(90)); }, "overlaps");
    ExpectError([&c] { c.AddOutage(Seconds(0), Seconds(100)); }, "overlaps");
    ExpectError([&c] { c.AddOutages("40s"); }, "outage '40s': expected '<start>-<end>'");
    ExpectError([&c] { c.AddOutages("1s-2x"); }, "got '2x'");
    ExpectError([&c] { c.AddOutages("1s-1e20fs"); },
                "outage '1s-1e20fs': outage end '1e20fs' is too large");
    // All or nothing: the good first entry is not kept when the second is bad.
    ExpectError([&c] { c.AddOutages("1s-2s,80s-75s"); }, "outage '80s-75s'");
    EXPECT_EQ(c.GetOutages().size(), 1u);
    EXPECT_FALSE(c.IsOutage(Seconds(1)));
}

TEST(GprsRadioConditions, RejectsBadTraceFilesWithFileAndLine)
{
    using Error = std::runtime_error;
    ExpectError<Error>([] { TraceText("0 13\n# comment\n\nfoo\n"); },
                       "trace.txt:4: expected '<time> <C/I dB>' or 'outage <start> <end>', got "
                       "'foo'");
    ExpectError<Error>([] { TraceText("0 13\n10 6 7\n"); }, "trace.txt:2: expected");
    ExpectError<Error>([] { TraceText("0 13\noutage 40\n"); }, "trace.txt:2: expected");
    ExpectError<Error>([] { TraceText("0 13\n10 6\n5 7\n"); },
                       "trace.txt:3: time 5 s not after previous 10 s");
    ExpectError<Error>([] { TraceText("1 13\n"); },
                       "trace.txt:1: the first C/I point must start at 0 s");
    ExpectError<Error>([] { TraceText("0 nan\n"); },
                       "trace.txt:1: expected C/I dB as a finite number, got 'nan'");
    ExpectError<Error>([] { TraceText("0 13\noutage 40 70\noutage 60 80\n"); },
                       "trace.txt:3: outage [60 s, 80 s) overlaps outage [40 s, 70 s)");
    ExpectError<Error>([] { TraceText("0 13\noutage 70 40\n"); },
                       "trace.txt:2: outage [70 s, 40 s): end must be after start");
    ExpectError<Error>([] { TraceText("# nothing\noutage 1 2\n"); }, "trace.txt: no C/I line");
    ExpectError<Error>([] { TraceText("0 13\n9223372036.854775807 6\n"); },
                       "trace.txt:2: time '9223372036.854775807' is too large");
    ExpectError<Error>([] { TraceText("0 13\noutage 1e19ps 1e20ps\n"); },
                       "trace.txt:2: outage start '1e19ps' is too large");
    ExpectError<Error>(
        [] { GprsRadioConditions::FromTraceFile(GPRS_TEST_DATA_DIR "/ci-missing.txt"); },
        "ci-missing.txt: cannot open file");
}

TEST(GprsRadioConditions, AHugeLineGivesAShortMessage)
{
    // A 20 MB single-line file: once quoted whole in the message.
    const auto path = std::filesystem::path(::testing::TempDir()) / "gprs-ci-one-huge-line.txt";
    const size_t size = 20'000'000;
    {
        std::ofstream file(path);
        file << std::string(size, 'x');
    }
    try
    {
        GprsRadioConditions::FromTraceFile(path.string());
        ADD_FAILURE() << "no exception";
    }
    catch (const std::runtime_error& e)
    {
        const std::string message = e.what();
        EXPECT_LT(message.size(), path.string().size() + 150) << message;
        EXPECT_NE(message.find(":1: line longer than " + std::to_string(kGprsMaxLineLength) +
                               " characters, starting '" + std::string(60, 'x') + "...'"),
                  std::string::npos)
            << message;
    }
    std::filesystem::remove(path);

    try
    {
        GprsRadioConditions::FromSchedule("0s:13," + std::string(size, '1') + "s:6");
        ADD_FAILURE() << "no exception";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_LT(std::string(e.what()).size(), 500u) << e.what();
        EXPECT_NE(std::string(e.what()).find("...' (20000001 characters)"), std::string::npos)
            << e.what();
    }
}
