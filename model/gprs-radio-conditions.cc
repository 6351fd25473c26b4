/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-radio-conditions.h"

#include "gprs-text-input.h"

#include <algorithm>
#include <boost/algorithm/string/classification.hpp>
#include <boost/algorithm/string/split.hpp>
#include <boost/algorithm/string/trim.hpp>
#include <cmath>
#include <iterator>
#include <stdexcept>

namespace ns3
{

namespace
{

/**
 * \param outage an outage
 * \return "[start s, end s)" for messages
 */
std::string
FormatOutage(const GprsOutage& outage)
{
    return "[" + FormatGprsTime(outage.start) + ", " + FormatGprsTime(outage.end) + ")";
}

/**
 * Call handle for each comma-separated entry of spec, blanks trimmed; prefix the message of
 * any std::invalid_argument it throws with "<kind> '<entry>': " (entry quoted by QuoteGprsInput()).
 *
 * \param spec the list
 * \param kind what an entry is, for messages
 * \param handle called with each entry
 */
template <typename Handler>
void
ForEachEntry(const std::string& spec, const std::string& kind, Handler handle)
{
    std::vector<std::string> entries;
    boost::algorithm::split(entries, spec, boost::algorithm::is_any_of(","));
    for (auto& entry : entries)
    {
        boost::algorithm::trim(entry);
        try
        {
            handle(entry);
        }
        catch (const std::invalid_argument& e)
        {
            throw std::invalid_argument(kind + " " + QuoteGprsInput(entry) + ": " + e.what());
        }
    }
}

} // namespace

GprsRadioConditions::GprsRadioConditions(double ciDb)
    : GprsRadioConditions(std::vector<GprsCiPoint>{{Seconds(0), ciDb}})
{
}

GprsRadioConditions::GprsRadioConditions(const std::vector<GprsCiPoint>& schedule)
{
    for (const auto& point : schedule)
    {
        AppendCiPoint(point);
    }
    BuildTimeline();
}

GprsRadioConditions
GprsRadioConditions::FromSchedule(const std::string& spec)
{
    GprsRadioConditions conditions;
    ForEachEntry(spec, "schedule entry", [&conditions](const std::string& entry) {
        const size_t colon = entry.find(':');
        if (colon == std::string::npos)
        {
            throw std::invalid_argument("expected '<time>:<C/I dB>' such as '10s:6'");
        }
        conditions.AppendCiPoint(
            {ParseGprsTime(boost::algorithm::trim_copy(entry.substr(0, colon)), "start time"),
             ParseGprsNumber(boost::algorithm::trim_copy(entry.substr(colon + 1)), "C/I dB")});
    });
    conditions.BuildTimeline();
    return conditions;
}

GprsRadioConditions
GprsRadioConditions::FromSpec(const std::string& spec)
{
    const std::string filePrefix = "file:";
    if (spec.rfind(filePrefix, 0) == 0)
    {
        return FromTraceFile(spec.substr(filePrefix.size()));
    }
    if (spec.find(':') != std::string::npos)
    {
        return FromSchedule(spec);
    }
    return GprsRadioConditions(ParseGprsNumber(spec, "C/I dB"));
}

GprsRadioConditions
GprsRadioConditions::FromTraceFile(const std::string& path)
{
    auto file = OpenGprsInputFile(path);
    return FromTrace(file, path);
}

GprsRadioConditions
GprsRadioConditions::FromTrace(std::istream& in, const std::string& sourceName)
{
    GprsRadioConditions conditions;
    ReadGprsTextTable(in, sourceName, [&conditions](const auto& tokens, const auto& text) {
        const bool isOutage = tokens[0] == "outage";
        if (tokens.size() != (isOutage ? 3 : 2))
        {
            throw std::invalid_argument("expected '<time> <C/I dB>' or 'outage <start> <end>', "
                                        "got " +
                                        QuoteGprsInput(text));
        }
        if (isOutage)
        {
            conditions.InsertOutage(
                {ParseGprsTime(tokens[1], "outage start"), ParseGprsTime(tokens[2], "outage end")});
        }
        else
        {
            conditions.AppendCiPoint(
                {ParseGprsTime(tokens[0], "time"), ParseGprsNumber(tokens[1], "C/I dB")});
        }
    });
    if (conditions.m_schedule.empty())
    {
        throw std::runtime_error(sourceName +
                                 ": no C/I line (expected at least one '<time> <C/I dB>' line, "
                                 "the first at time 0)");
    }
    conditions.BuildTimeline();
    return conditions;
}

void
GprsRadioConditions::AddOutage(Time start, Time end)
{
    InsertOutage({start, end});
    BuildTimeline();
}

void
GprsRadioConditions::AddOutages(const std::string& spec)
{
    // All or nothing: a bad entry must not leave the earlier ones added.
    GprsRadioConditions result = *this;
    ForEachEntry(spec, "outage", [&result](const std::string& entry) {
        // The separating '-' is the first one not in a number's exponent ("1e-3s-2s").
        size_t dash = entry.find('-', 1);
        while (dash != std::string::npos && (entry[dash - 1] == 'e' || entry[dash - 1] == 'E'))
        {
            dash = entry.find('-', dash + 1);
        }
        if (dash == std::string::npos)
        {
            throw std::invalid_argument("expected '<start>-<end>' such as '40s-70s'");
        }
        result.InsertOutage(
            {ParseGprsTime(boost::algorithm::trim_copy(entry.substr(0, dash)), "outage start"),
             ParseGprsTime(boost::algorithm::trim_copy(entry.substr(dash + 1)), "outage end")});
    });
    result.BuildTimeline();
    *this = std::move(result);
}

double
GprsRadioConditions::GetCiDb(Time t) const
{
    return m_states[FindState(t)].ciDb;
}

bool
GprsRadioConditions::IsOutage(Time t) const
{
    return m_states[FindState(t)].outage;
}

Time
GprsRadioConditions::NextChangeAfter(Time t) const
{
    const size_t i = FindState(t);
    return i + 1 < m_states.size() ? m_states[i + 1].start : Time::Max();
}

const std::vector<GprsCiPoint>&
GprsRadioConditions::GetSchedule() const
{
    return m_schedule;
}

const std::vector<GprsOutage>&
GprsRadioConditions::GetOutages() const
{
    return m_outages;
}

void
GprsRadioConditions::AppendCiPoint(const GprsCiPoint& point)
{
    if (!std::isfinite(point.ciDb))
    {
        throw std::invalid_argument("C/I " + FormatGprsNumber(point.ciDb) + " dB at " +
                                    FormatGprsTime(point.start) + " is not a finite number");
    }
    if (m_schedule.empty() && !point.start.IsZero())
    {
        throw std::invalid_argument("the first C/I point must start at 0 s, got " +
                                    FormatGprsTime(point.start));
    }
    if (!m_schedule.empty() && point.start <= m_schedule.back().start)
    {
        throw std::invalid_argument("time " + FormatGprsTime(point.start) + " not after previous " +
                                    FormatGprsTime(m_schedule.back().start) +
                                    " (times must strictly increase)");
    }
    m_schedule.push_back(point);
}

void
GprsRadioConditions::InsertOutage(const GprsOutage& outage)
{
    if (outage.start.IsStrictlyNegative())
    {
        throw std::invalid_argument("outage " + FormatOutage(outage) +
                                    " starts before 0 s (allowed: start >= 0)");
    }
    if (outage.end <= outage.start)
    {
        throw std::invalid_argument("outage " + FormatOutage(outage) + ": end must be after start");
    }
    const auto next =
        std::upper_bound(m_outages.begin(),
                         m_outages.end(),
                         outage.start,
                         [](Time start, const GprsOutage& other) { return start < other.start; });
    const auto check = [&outage](const GprsOutage& other) {
        if (other.start < outage.end && outage.start < other.end)
        {
            throw std::invalid_argument("outage " + FormatOutage(outage) + " overlaps outage " +
                                        FormatOutage(other));
        }
    };
    // The list is sorted and disjoint: only the neighbours can overlap the new outage.
    if (next != m_outages.end())
    {
        check(*next);
    }
    if (next != m_outages.begin())
    {
        check(*std::prev(next));
    }
    m_outages.insert(next, outage);
}

void
GprsRadioConditions::BuildTimeline()
{
    if (m_schedule.empty())
    {
        throw std::invalid_argument("the C/I schedule has no point (expected at least one, "
                                    "the first at 0 s)");
    }
    std::vector<Time> changes;
    for (const auto& point : m_schedule)
    {
        changes.push_back(point.start);
    }
    for (const auto& outage : m_outages)
    {
        changes.push_back(outage.start);
        changes.push_back(outage.end);
    }
    std::sort(changes.begin(), changes.end());
    changes.erase(std::unique(changes.begin(), changes.end()), changes.end());

    m_states.clear();
    size_t point = 0;
    size_t outage = 0;
    for (const Time& t : changes)
    {
        while (point + 1 < m_schedule.size() && m_schedule[point + 1].start <= t)
        {
            ++point;
        }
        while (outage < m_outages.size() && m_outages[outage].end <= t)
        {
            ++outage;
        }
        const State state{t,
                          m_schedule[point].ciDb,
                          outage < m_outages.size() && m_outages[outage].start <= t};
        if (m_states.empty() || state.ciDb != m_states.back().ciDb ||
            state.outage != m_states.back().outage)
        {
            m_states.push_back(state);
        }
    }
    m_cursor = 0;
}

size_t
GprsRadioConditions::FindState(Time t) const
{
    if (t.IsStrictlyNegative())
    {
        throw std::invalid_argument("time " + FormatGprsTime(t) + " is negative (allowed: >= 0)");
    }
    const auto contains = [this, t](size_t i) {
        return m_states[i].start <= t && (i + 1 == m_states.size() || t < m_states[i + 1].start);
    };
    if (contains(m_cursor))
    {
        return m_cursor;
    }
    if (m_cursor + 1 < m_states.size() && contains(m_cursor + 1))
    {
        return ++m_cursor;
    }
    const auto after =
        std::upper_bound(m_states.begin(), m_states.end(), t, [](Time time, const State& state) {
            return time < state.start;
        });
    m_cursor = static_cast<size_t>(after - m_states.begin()) - 1;
    return m_cursor;
}

} // namespace ns3
