/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-text-input.h"

#include <algorithm>
#include <boost/algorithm/string/trim.hpp>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

namespace ns3
{

void
ReadGprsTextTable(std::istream& in,
                  const std::string& sourceName,
                  const GprsTextLineHandler& handler)
{
    std::string line;
    for (uint64_t lineNumber = 1; std::getline(in, line); ++lineNumber)
    {
        line.erase(std::min(line.find('#'), line.size()));
        boost::algorithm::trim(line);
        if (line.empty())
        {
            continue;
        }
        std::istringstream words(line);
        const std::vector<std::string> tokens{std::istream_iterator<std::string>(words),
                                              std::istream_iterator<std::string>()};
        try
        {
            handler(tokens, line);
        }
        catch (const std::invalid_argument& e)
        {
            throw std::runtime_error(sourceName + ":" + std::to_string(lineNumber) + ": " +
                                     e.what());
        }
    }
    if (in.bad())
    {
        throw std::runtime_error(sourceName + ": read error");
    }
}

std::ifstream
OpenGprsInputFile(const std::string& path)
{
    std::ifstream file(path);
    if (!file)
    {
        throw std::runtime_error(path + ": cannot open file for reading");
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
    throw std::invalid_argument("expected " + what + " as a finite number, got '" + token + "'");
}

std::string
FormatGprsNumber(double value)
{
    std::ostringstream text;
    text << value;
    return text.str();
}

} // namespace ns3
