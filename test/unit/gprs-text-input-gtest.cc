/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-text-input.h"

#include <array>
#include <cstdio>
#include <gtest/gtest.h>
#include <sstream>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param text a time text
 * \return the message ParseGprsTime throws for it, or "" when it accepts the text
 */
std::string
TimeError(const std::string& text)
{
    try
    {
        ParseGprsTime(text, "start time");
    }
    catch (const std::invalid_argument& e)
    {
        return e.what();
    }
    return "";
}

} // namespace

TEST(GprsTextInput, ParseGprsTimeReadsEveryUnit)
{
    EXPECT_EQ(ParseGprsTime("10", "t"), Seconds(10));
    EXPECT_EQ(ParseGprsTime("10s", "t"), Seconds(10));
    EXPECT_EQ(ParseGprsTime("250ms", "t"), MilliSeconds(250));
    EXPECT_EQ(ParseGprsTime("1e-3s", "t"), MilliSeconds(1));
    EXPECT_EQ(ParseGprsTime("7us", "t"), MicroSeconds(7));
    EXPECT_EQ(ParseGprsTime("3ns", "t"), NanoSeconds(3));
    EXPECT_EQ(ParseGprsTime("4000ps", "t"), NanoSeconds(4));
    EXPECT_EQ(ParseGprsTime("5e6fs", "t"), NanoSeconds(5));
    EXPECT_EQ(ParseGprsTime("1.5min", "t"), Seconds(90));
    EXPECT_EQ(ParseGprsTime("2h", "t"), Seconds(7200));
    EXPECT_EQ(ParseGprsTime("1d", "t"), Seconds(86400));
    EXPECT_EQ(ParseGprsTime("1y", "t"), Seconds(365 * 86400));
    EXPECT_EQ(ParseGprsTime("0", "t"), Seconds(0));
}

TEST(GprsTextInput, ParseGprsTimeAcceptsTheLargestTimeOfEachUnit)
{
    // The largest ns-3 Time at the default resolution (ns) is 2^63-1 ns, about 292 years; a
    // number in a finer unit must itself stay below 2^63 (ns-3 converts it through int64x64_t).
    // The double nearest 9223372036.854774 is a little below it.
    EXPECT_NEAR(ParseGprsTime("9223372036.854774s", "t").GetNanoSeconds(), 9223372036854774e3, 2e3);
    EXPECT_EQ(ParseGprsTime("106751d", "t"), Seconds(106751.0 * 86400));
    EXPECT_EQ(ParseGprsTime("292y", "t"), Seconds(292.0 * 365 * 86400));
    EXPECT_EQ(ParseGprsTime("9.2e18ps", "t"), NanoSeconds(9'200'000'000'000'000));
    EXPECT_EQ(ParseGprsTime("9.2e18fs", "t"), NanoSeconds(9'200'000'000'000));
}

TEST(GprsTextInput, ParseGprsTimeRejectsTimesBeyondTheRangeOfTheirUnit)
{
    // Each of these overflowed before it was checked in its own unit: the first became a
    // negative time, "1e19ps" negative, "1e20fs" 7766 s.
    for (const std::string text : {"9223372036.854775807",
                                   "9223372036.854775807s",
                                   "9223372036854775807ns",
                                   "1e19ps",
                                   "1e20fs",
                                   "1.85e19fs",
                                   "1e300s",
                                   "2562048h",
                                   "106752d",
                                   "293y",
                                   "153722868min"})
    {
        const std::string error = TimeError(text);
        EXPECT_NE(error.find("start time '" + text + "' is too large (allowed: 0 to "),
                  std::string::npos)
            << text << ": " << error;
    }
    // The limits are the largest doubles below 2^63 ns in s and below 2^63 in ps: 2^63 - 1024.
    EXPECT_NE(TimeError("1e300s").find("(allowed: 0 to 9223372036.854774 s)"), std::string::npos)
        << TimeError("1e300s");
    EXPECT_NE(TimeError("1e19ps").find("(allowed: 0 to 9223372036854774784 ps)"), std::string::npos)
        << TimeError("1e19ps");
}

TEST(GprsTextInput, ParseGprsTimeRejectsWhatIsNotATime)
{
    EXPECT_NE(TimeError("-1ms").find("start time '-1ms' is negative (allowed: >= 0)"),
              std::string::npos);
    for (const std::string text : {"", "abc", "10x", "1.2.3s", "inf", "nan", "1e400s", "s"})
    {
        EXPECT_NE(TimeError(text).find("expected start time as a number with an optional unit"),
                  std::string::npos)
            << text << ": " << TimeError(text);
    }
}

TEST(GprsTextInput, QuoteGprsInputEscapesWhatIsNotPrintableAscii)
{
    // A BOM, a CR, a NUL and a backslash: shown, not sent raw to the terminal nor cut at the NUL.
    const std::string input("\xef\xbb\xbf"
                            "0\r\0a\\b",
                            9);
    EXPECT_EQ(EscapeGprsInput(input), "\\xef\\xbb\\xbf0\\r\\0a\\\\b");
    EXPECT_EQ(QuoteGprsInput(input), "'\\xef\\xbb\\xbf0\\r\\0a\\\\b'");
    EXPECT_EQ(CutGprsInput(std::string(61, '\t')),
              EscapeGprsInput(std::string(60, '\t')) + "... (61 characters)");
}

TEST(GprsTextInput, OpenGprsInputFileRefusesWhatIsNotARegularFile)
{
    const std::string fifo = testing::TempDir() + "gprs-text-input-gtest.fifo";
    std::remove(fifo.c_str());
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    for (const std::string& path : {fifo, testing::TempDir()})
    {
        try
        {
            OpenGprsInputFile(path); // a FIFO without a writer: would block for ever
            ADD_FAILURE() << path << " opened";
        }
        catch (const std::runtime_error& e)
        {
            EXPECT_NE(std::string(e.what()).find(": not a regular file (allowed: a regular file"),
                      std::string::npos)
                << e.what();
        }
    }
    std::remove(fifo.c_str());
}

TEST(GprsTextInput, QuoteGprsInputCutsLongInput)
{
    EXPECT_EQ(QuoteGprsInput(""), "''");
    EXPECT_EQ(QuoteGprsInput(std::string(60, 'a')), "'" + std::string(60, 'a') + "'");
    EXPECT_EQ(QuoteGprsInput(std::string(60, 'a') + "b"),
              "'" + std::string(60, 'a') + "...' (61 characters)");
    const std::string longNumber(1000, '1');
    try
    {
        ParseGprsNumber(longNumber + "x", "C/I dB");
        ADD_FAILURE() << "no exception";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_EQ(std::string(e.what()),
                  "expected C/I dB as a finite number, got '" + std::string(60, '1') +
                      "...' (1001 characters)");
    }
}

namespace
{

/// A stream of one endless line of 'x' that counts the characters read from it.
class EndlessLine : public std::streambuf
{
  public:
    /// \return the characters handed to the reader so far
    std::size_t GetRead() const
    {
        return m_read;
    }

  protected:
    int_type underflow() override
    {
        if (m_read >= kLimit)
        {
            return traits_type::eof(); // a reader that slurps stops here, having read it all
        }
        m_buffer.fill('x');
        m_read += m_buffer.size();
        setg(m_buffer.data(), m_buffer.data(), m_buffer.data() + m_buffer.size());
        return traits_type::to_int_type('x');
    }

  private:
    static constexpr std::size_t kLimit = 64 << 20; //!< 64 MiB, then end of file
    std::array<char, 4096> m_buffer;                //!< the characters handed out
    std::size_t m_read{0};                          //!< characters handed out
};

} // namespace

TEST(GprsTextInput, ReadGprsTextTableStreamsAndStopsAtAnOverlongLine)
{
    // Lines are read one at a time; one longer than kGprsMaxLineLength is refused as soon as
    // it is, without reading (or holding) the rest of it.
    EndlessLine source;
    std::istream in(&source);
    std::size_t lines = 0;
    try
    {
        ReadGprsTextTable(in, "endless.txt", [&lines](const auto&, const auto&) { ++lines; });
        ADD_FAILURE() << "no exception";
    }
    catch (const std::runtime_error& e)
    {
        const std::string message = e.what();
        EXPECT_EQ(message,
                  "endless.txt:1: line longer than " + std::to_string(kGprsMaxLineLength) +
                      " characters, starting '" + std::string(60, 'x') + "...'");
    }
    EXPECT_EQ(lines, 0u);
    EXPECT_LT(source.GetRead(), kGprsMaxLineLength + 2 * 4096);

    // Good lines, with comments and blanks, and a last line without its newline.
    std::istringstream table(" a  b # c\n\n#only\n\tx\r\ny z");
    std::vector<std::string> seen;
    ReadGprsTextTable(table, "t", [&seen](const auto& tokens, const std::string& text) {
        seen.push_back(std::to_string(tokens.size()) + ":" + text);
    });
    EXPECT_EQ(seen, (std::vector<std::string>{"2:a  b", "1:x", "2:y z"}));
}
