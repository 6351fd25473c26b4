/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-text-input.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// A time unit accepted in time texts: the suffixes of ns3::Time's string constructor.
struct TimeUnit
{
    const char* suffix;        //!< text after the number
    Time::Unit unit;           //!< the ns-3 unit
    double femtosecondsPerOne; //!< femtoseconds per unit (exact in a double), for range checks
};

/// Units as in ns3::Time(const std::string&); a year is 365 days there.
constexpr TimeUnit kTimeUnits[] = {
    {"s", Time::S, 1e15},
    {"ms", Time::MS, 1e12},
    {"us", Time::US, 1e9},
    {"ns", Time::NS, 1e6},
    {"ps", Time::PS, 1e3},
    {"fs", Time::FS, 1},
    {"min", Time::MIN, 60e15},
    {"h", Time::H, 3600e15},
    {"d", Time::D, 86400e15},
    {"y", Time::Y, 365 * 86400e15},
};

/// 2^63: ns-3 counts a time, and a number converted to a time, in a signed 64-bit integer.
constexpr double kTwoTo63 = 9223372036854775808.0;

/**
 * \param unit a unit
 * \return how many counts of the time resolution one \p unit is (exact when whole)
 */
double
TicksPerOne(const TimeUnit& unit)
{
    const auto resolution =
        std::find_if(std::begin(kTimeUnits), std::end(kTimeUnits), [](const TimeUnit& u) {
            return u.unit == Time::GetResolution();
        });
    return unit.femtosecondsPerOne / resolution->femtosecondsPerOne;
}

/**
 * \param value a number of \p unit, >= 0
 * \param unit its unit
 * \return whether ns-3 represents it: below 2^63 both in its own unit (Time::FromDouble
 *         converts it to an int64x64_t first) and in counts of the resolution (Time's count)
 */
bool
FitsInTime(double value, const TimeUnit& unit)
{
    return value < kTwoTo63 && value * TicksPerOne(unit) < kTwoTo63;
}

/**
 * \param unit a unit
 * \return the largest number of \p unit that FitsInTime, as the shortest text reading back as it
 */
std::string
LargestTimeText(const TimeUnit& unit)
{
    double largest = std::min(kTwoTo63, kTwoTo63 / TicksPerOne(unit));
    while (!FitsInTime(largest, unit))
    {
        largest = std::nextafter(largest, 0.0);
    }
    char text[32];
    const auto end = std::to_chars(std::begin(text), std::end(text), largest).ptr;
    return std::string(text, end);
}

} // namespace

void
ReadGprsTextTable(std::istream& in,
                  const std::string& sourceName,
                  const GprsTextLineHandler& handler)
{
    // One buffer for every line, and the tokens' vector reused: a trace has millions of lines.
    std::vector<char> buffer(kGprsMaxLineLength + 2);
    std::vector<std::string> tokens;
    for (uint64_t lineNumber = 1;; ++lineNumber)
    {
        in.getline(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        const auto length = static_cast<size_t>(in.gcount()) - (in.fail() || in.eof() ? 0 : 1);
        if (in.fail() && length > kGprsMaxLineLength)
        {
            // getline stopped at the buffer's end: the line goes on.
            throw std::runtime_error(sourceName + ":" + std::to_string(lineNumber) +
                                     ": line longer than " + std::to_string(kGprsMaxLineLength) +
                                     " characters, starting '" +
                                     std::string(buffer.data(), kGprsQuotedInputMax) + "...'");
        }
        if (in.fail() && length == 0)
        {
            break; // end of the stream (or an error, reported below)
        }
        const char* begin = buffer.data();
        const char* end = std::find(begin, begin + length, '#');
        const auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)); };
        begin = std::find_if_not(begin, end, blank);
        while (end != begin && blank(end[-1]))
        {
            --end;
        }
        if (begin == end)
        {
            continue;
        }
        tokens.clear();
        for (const char* word = begin; word != end;)
        {
            const char* wordEnd = std::find_if(word, end, blank);
            tokens.emplace_back(word, wordEnd);
            word = std::find_if_not(wordEnd, end, blank);
        }
        try
        {
            handler(tokens, std::string(begin, end));
        }
        catch (const std::invalid_argument& e)
        {
            throw std::runtime_error(sourceName + ":" + std::to_string(lineNumber) + ": " +
                                     e.what());
        }
        if (in.eof())
        {
            break;
        }
    }
    if (in.bad())
    {
        throw std::runtime_error(sourceName + ": read error");
    }
}

void
CheckGprsInputFile(const std::string& path)
{
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (!error && !std::filesystem::is_regular_file(status))
    {
        throw std::runtime_error(
            EscapeGprsInput(path) +
            ": not a regular file (allowed: a regular file; a directory, FIFO or device is not "
            "read)");
    }
}

std::ifstream
OpenGprsInputFile(const std::string& path)
{
    CheckGprsInputFile(path);
    std::ifstream file(path);
    if (!file)
    {
        throw std::runtime_error(EscapeGprsInput(path) + ": cannot open file for reading");
    }
    return file;
}

std::optional<double>
TryParseGprsNumber(const std::string& token)
{
    double value = 0;
    const char* end = token.data() + token.size();
    const auto [stop, error] = std::from_chars(token.data(), end, value);
    if (error != std::errc() || stop != end || !std::isfinite(value))
    {
        return std::nullopt;
    }
    return value;
}

double
ParseGprsNumber(const std::string& token, const std::string& what)
{
    if (const auto value = TryParseGprsNumber(token))
    {
        return *value;
    }
    throw std::invalid_argument("expected " + what + " as a finite number, got " +
                                QuoteGprsInput(token));
}

std::string
EscapeGprsInput(const std::string& text)
{
    std::string escaped;
    for (const char c : text)
    {
        const auto octet = static_cast<unsigned char>(c);
        if (octet >= 0x20 && octet < 0x7f && c != '\\')
        {
            escaped += c;
            continue;
        }
        static const std::map<char, const char*> kNamed{{'\0', "\\0"},
                                                        {'\t', "\\t"},
                                                        {'\n', "\\n"},
                                                        {'\r', "\\r"},
                                                        {'\\', "\\\\"}};
        const auto named = kNamed.find(c);
        if (named != kNamed.end())
        {
            escaped += named->second;
            continue;
        }
        constexpr char kHex[] = "0123456789abcdef";
        escaped += std::string("\\x") + kHex[octet >> 4] + kHex[octet & 0xf];
    }
    return escaped;
}

namespace
{

/**
 * \param text input text
 * \param quote what to put around it
 * \return it escaped, quoted and cut as CutGprsInput() and QuoteGprsInput() say
 */
std::string
CutAndQuote(const std::string& text, const std::string& quote)
{
    if (text.size() <= kGprsQuotedInputMax)
    {
        return quote + EscapeGprsInput(text) + quote;
    }
    return quote + EscapeGprsInput(text.substr(0, kGprsQuotedInputMax)) + "..." + quote + " (" +
           std::to_string(text.size()) + " characters)";
}

} // namespace

std::string
CutGprsInput(const std::string& text)
{
    return CutAndQuote(text, "");
}

std::string
QuoteGprsInput(const std::string& text)
{
    return CutAndQuote(text, "'");
}

std::string
FormatGprsNumber(double value)
{
    std::ostringstream text;
    text << value;
    return text.str();
}

std::string
FormatGprsTime(Time t)
{
    return FormatGprsNumber(t.GetSeconds()) + " s";
}

Time
ParseGprsTime(const std::string& text, const std::string& what)
{
    const size_t unitStart = std::min(text.find_first_not_of("+-0123456789.eE"), text.size());
    const std::string suffix = text.substr(unitStart);
    const auto unit = std::find_if(std::begin(kTimeUnits),
                                   std::end(kTimeUnits),
                                   [&suffix](const TimeUnit& u) { return suffix == u.suffix; });
    const auto value = TryParseGprsNumber(text.substr(0, unitStart));
    if (!value || (!suffix.empty() && unit == std::end(kTimeUnits)))
    {
        std::string units;
        for (const auto& u : kTimeUnits)
        {
            units += std::string(units.empty() ? "" : ", ") + u.suffix;
        }
        throw std::invalid_argument("expected " + what + " as a number with an optional unit (" +
                                    units + "; none means s), got " + QuoteGprsInput(text));
    }
    const TimeUnit& chosen = suffix.empty() ? kTimeUnits[0] : *unit;
    if (*value < 0)
    {
        throw std::invalid_argument(what + " " + QuoteGprsInput(text) +
                                    " is negative (allowed: >= 0)");
    }
    // Checked in the text's own unit: converted first, a large number wraps around.
    if (!FitsInTime(*value, chosen))
    {
        throw std::invalid_argument(what + " " + QuoteGprsInput(text) +
                                    " is too large (allowed: 0 to " + LargestTimeText(chosen) +
                                    " " + chosen.suffix + ")");
    }
    return Time::FromDouble(*value, chosen.unit);
}

} // namespace ns3
