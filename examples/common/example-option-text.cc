/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-option-text.h"

#include "ns3/gprs-coding-scheme.h"
#include "ns3/gprs-text-input.h"

#include <algorithm>
#include <boost/algorithm/string/split.hpp>
#include <cmath>
#include <cstdint>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace ns3
{

bool
IsCodingSchemeName(const std::string& text)
{
    try
    {
        ParseGprsCodingScheme(text);
        return true;
    }
    catch (const std::invalid_argument&)
    {
        return false;
    }
}

bool
ReadCountList(const std::string& text, uint32_t max, std::vector<uint32_t>& values)
{
    values.clear();
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        const auto v = TryParseGprsNumber(item);
        if (!v || *v != std::floor(*v) || *v < 1 || *v > max)
        {
            return false;
        }
        values.push_back(static_cast<uint32_t>(*v));
    }
    return !values.empty();
}

std::string
JoinCountList(const std::vector<uint32_t>& values)
{
    std::string s;
    for (uint32_t v : values)
    {
        s += (s.empty() ? "" : ",") + std::to_string(v);
    }
    return s;
}

std::string
FormatTimeOption(Time t)
{
    const int64_t ns = t.GetNanoSeconds();
    for (const auto& [factor, unit] :
         {std::pair<int64_t, const char*>{1000000000, "s"}, {1000000, "ms"}, {1000, "us"}})
    {
        if (ns % factor == 0)
        {
            return std::to_string(ns / factor) + unit;
        }
    }
    return std::to_string(ns) + "ns";
}

std::vector<std::string>
SplitList(const std::string& text)
{
    std::vector<std::string> items;
    boost::algorithm::split(items, text, [](char c) { return c == ','; });
    return items;
}

bool
ReadList(const std::string& text,
         const std::function<bool(const std::string&)>& itemOk,
         std::vector<std::string>* items)
{
    const std::vector<std::string> read = SplitList(text);
    if (read.size() > kMaxExampleListItems ||
        std::set<std::string>(read.begin(), read.end()).size() != read.size() ||
        !std::all_of(read.begin(), read.end(), itemOk))
    {
        return false;
    }
    if (items)
    {
        *items = read;
    }
    return true;
}

bool
ReadChoiceList(const std::string& text,
               const std::vector<std::string>& allowed,
               std::vector<std::string>* items)
{
    return ReadList(
        text,
        [&allowed](const std::string& item) {
            return std::count(allowed.begin(), allowed.end(), item) > 0;
        },
        items);
}

std::string
JoinWords(const std::vector<std::string>& items, const std::string& last)
{
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i)
    {
        text += (i == 0 ? "" : i + 1 == items.size() ? " " + last + " " : ", ") + items[i];
    }
    return text;
}

} // namespace ns3
