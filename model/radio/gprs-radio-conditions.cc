/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-radio-conditions.h"

#include "ns3/gprs-text-input.h"

#include <algorithm>
#include <boost/algorithm/string/classification.hpp>
#include <boost/algorithm/string/split.hpp>
#include <boost/algorithm/string/trim.hpp>
#include <cmath>
#include <filesystem>
#include <iterator>
#include <map>
#include <mutex>
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
    Timeline timeline;
    for (const auto& point : schedule)
    {
        AppendCiPoint(timeline, point);
    }
    m_timeline = Build(std::move(timeline));
}

GprsRadioConditions::GprsRadioConditions(std::shared_ptr<const Timeline> timeline)
    : m_timeline(std::move(timeline))
{
}

GprsRadioConditions
GprsRadioConditions::FromSchedule(const std::string& spec)
{
    Timeline timeline;
    ForEachEntry(spec, "schedule entry", [&timeline](const std::string& entry) {
        const size_t colon = entry.find(':');
        if (colon == std::string::npos)
        {
            throw std::invalid_argument("expected '<time>:<C/I dB>' such as '10s:6'");
        }
        AppendCiPoint(
            timeline,
            {ParseGprsTime(boost::algorithm::trim_copy(entry.substr(0, colon)), "start time"),
             ParseGprsNumber(boost::algorithm::trim_copy(entry.substr(colon + 1)), "C/I dB")});
    });
    return GprsRadioConditions(Build(std::move(timeline)));
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
    // Files read, by canonical path, with what identified their content then. Weak: a parse
    // lives as long as conditions read from it.
    struct Parsed
    {
        std::uintmax_t size;                      //!< file size when read
        std::filesystem::file_time_type modified; //!< modification time when read
        std::weak_ptr<const Timeline> timeline;   //!< the parse, while used
    };

    static std::map<std::string, Parsed> parsed;
    static std::mutex mutex;

    std::error_code error;
    const std::string key = std::filesystem::weakly_canonical(path, error).string();
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    const auto modified = std::filesystem::last_write_time(path, error);
    if (!error)
    {
        const std::lock_guard<std::mutex> lock(mutex);
        const auto known = parsed.find(key);
        if (known != parsed.end() && known->second.size == size &&
            known->second.modified == modified)
        {
            if (auto timeline = known->second.timeline.lock())
            {
                return GprsRadioConditions(std::move(timeline));
            }
        }
    }
    auto file = OpenGprsInputFile(path);
    GprsRadioConditions conditions = FromTrace(file, path);
    if (!error)
    {
        const std::lock_guard<std::mutex> lock(mutex);
        parsed[key] = Parsed{size, modified, conditions.m_timeline};
    }
    return conditions;
}

GprsRadioConditions
GprsRadioConditions::FromTrace(std::istream& in, const std::string& sourceName)
{
    Timeline timeline;
    ReadGprsTextTable(in, sourceName, [&timeline](const auto& tokens, const auto& text) {
        const bool isOutage = tokens[0] == "outage";
        if (tokens.size() != (isOutage ? 3 : 2))
        {
            throw std::invalid_argument("expected '<time> <C/I dB>' or 'outage <start> <end>', "
                                        "got " +
                                        QuoteGprsInput(text));
        }
        if (isOutage)
        {
            InsertOutage(
                timeline,
                {ParseGprsTime(tokens[1], "outage start"), ParseGprsTime(tokens[2], "outage end")});
        }
        else
        {
            AppendCiPoint(timeline,
                          {ParseGprsTime(tokens[0], "time"), ParseGprsNumber(tokens[1], "C/I dB")});
        }
    });
    if (timeline.schedule.empty())
    {
        throw std::runtime_error(sourceName +
                                 ": no C/I line (expected at least one '<time> <C/I dB>' line, "
                                 "the first at time 0)");
    }
    return GprsRadioConditions(Build(std::move(timeline)));
}

void
GprsRadioConditions::AddOutage(Time start, Time end)
{
    Timeline timeline = *m_timeline;
    InsertOutage(timeline, {start, end});
    m_timeline = Build(std::move(timeline));
    m_cursor = 0;
}

void
GprsRadioConditions::AddOutages(const std::string& spec)
{
    // All or nothing: a bad entry must not leave the earlier ones added.
    Timeline timeline = *m_timeline;
    ForEachEntry(spec, "outage", [&timeline](const std::string& entry) {
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
        InsertOutage(
            timeline,
            {ParseGprsTime(boost::algorithm::trim_copy(entry.substr(0, dash)), "outage start"),
             ParseGprsTime(boost::algorithm::trim_copy(entry.substr(dash + 1)), "outage end")});
    });
    m_timeline = Build(std::move(timeline));
    m_cursor = 0;
}

double
GprsRadioConditions::GetCiDb(Time t) const
{
    const size_t i = FindState(t);
    return m_timeline->states.empty() ? m_timeline->schedule[i].ciDb : m_timeline->states[i].ciDb;
}

bool
GprsRadioConditions::IsOutage(Time t) const
{
    const size_t i = FindState(t);
    return !m_timeline->states.empty() && m_timeline->states[i].outage;
}

Time
GprsRadioConditions::NextChangeAfter(Time t) const
{
    const size_t i = FindState(t);
    return i + 1 < StateCount() ? Time::FromInteger(StateStart(i + 1), m_timeline->unit)
                                : Time::Max();
}

std::vector<GprsCiPoint>
GprsRadioConditions::GetSchedule() const
{
    std::vector<GprsCiPoint> schedule;
    for (const Point& point : m_timeline->schedule)
    {
        schedule.push_back({Time::FromInteger(point.start, m_timeline->unit), point.ciDb});
    }
    return schedule;
}

std::vector<GprsOutage>
GprsRadioConditions::GetOutages() const
{
    std::vector<GprsOutage> outages;
    for (const Interval& outage : m_timeline->outages)
    {
        outages.push_back({Time::FromInteger(outage.start, m_timeline->unit),
                           Time::FromInteger(outage.end, m_timeline->unit)});
    }
    return outages;
}

bool
GprsRadioConditions::SharesInputsWith(const GprsRadioConditions& other) const
{
    return m_timeline == other.m_timeline;
}

void
GprsRadioConditions::AppendCiPoint(Timeline& timeline, const GprsCiPoint& point)
{
    std::vector<Point>& schedule = timeline.schedule;
    const int64_t start = point.start.ToInteger(timeline.unit);
    if (!std::isfinite(point.ciDb))
    {
        throw std::invalid_argument("C/I " + FormatGprsNumber(point.ciDb) + " dB at " +
                                    FormatGprsTime(point.start) + " is not a finite number");
    }
    if (schedule.empty() && start != 0)
    {
        throw std::invalid_argument("the first C/I point must start at 0 s, got " +
                                    FormatGprsTime(point.start));
    }
    if (!schedule.empty() && start <= schedule.back().start)
    {
        throw std::invalid_argument(
            "time " + FormatGprsTime(point.start) + " not after previous " +
            FormatGprsTime(Time::FromInteger(schedule.back().start, timeline.unit)) +
            " (times must strictly increase)");
    }
    schedule.push_back({start, point.ciDb});
}

void
GprsRadioConditions::InsertOutage(Timeline& timeline, const GprsOutage& outage)
{
    std::vector<Interval>& outages = timeline.outages;
    const Interval interval{outage.start.ToInteger(timeline.unit),
                            outage.end.ToInteger(timeline.unit)};
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
        std::upper_bound(outages.begin(),
                         outages.end(),
                         interval.start,
                         [](int64_t start, const Interval& other) { return start < other.start; });
    const auto check = [&outage, &interval, &timeline](const Interval& other) {
        if (other.start < interval.end && interval.start < other.end)
        {
            throw std::invalid_argument(
                "outage " + FormatOutage(outage) + " overlaps outage " +
                FormatOutage({Time::FromInteger(other.start, timeline.unit),
                              Time::FromInteger(other.end, timeline.unit)}));
        }
    };
    // The list is sorted and disjoint: only the neighbours can overlap the new outage.
    if (next != outages.end())
    {
        check(*next);
    }
    if (next != outages.begin())
    {
        check(*std::prev(next));
    }
    outages.insert(next, interval);
}

std::shared_ptr<const GprsRadioConditions::Timeline>
GprsRadioConditions::Build(Timeline timeline)
{
    const std::vector<Point>& schedule = timeline.schedule;
    const std::vector<Interval>& outages = timeline.outages;
    if (schedule.empty())
    {
        throw std::invalid_argument("the C/I schedule has no point (expected at least one, "
                                    "the first at 0 s)");
    }
    timeline.schedule.shrink_to_fit();
    timeline.states.clear();
    const auto repeated =
        std::adjacent_find(schedule.begin(), schedule.end(), [](const Point& a, const Point& b) {
            return a.ciDb == b.ciDb;
        });
    if (outages.empty() && repeated == schedule.end())
    {
        return std::make_shared<const Timeline>(std::move(timeline));
    }
    // Every instant where something may change, in order: the points and the outages' ends.
    std::vector<int64_t> changes;
    changes.reserve(schedule.size() + 2 * outages.size());
    for (const auto& point : schedule)
    {
        changes.push_back(point.start);
    }
    for (const auto& outage : outages)
    {
        changes.push_back(outage.start);
        changes.push_back(outage.end);
    }
    std::inplace_merge(changes.begin(), changes.begin() + schedule.size(), changes.end());
    changes.erase(std::unique(changes.begin(), changes.end()), changes.end());

    size_t point = 0;
    size_t outage = 0;
    for (const int64_t t : changes)
    {
        while (point + 1 < schedule.size() && schedule[point + 1].start <= t)
        {
            ++point;
        }
        while (outage < outages.size() && outages[outage].end <= t)
        {
            ++outage;
        }
        const State state{t,
                          schedule[point].ciDb,
                          outage < outages.size() && outages[outage].start <= t};
        if (timeline.states.empty() || state.ciDb != timeline.states.back().ciDb ||
            state.outage != timeline.states.back().outage)
        {
            timeline.states.push_back(state);
        }
    }
    timeline.states.shrink_to_fit();
    return std::make_shared<const Timeline>(std::move(timeline));
}

size_t
GprsRadioConditions::StateCount() const
{
    return m_timeline->states.empty() ? m_timeline->schedule.size() : m_timeline->states.size();
}

int64_t
GprsRadioConditions::StateStart(size_t i) const
{
    return m_timeline->states.empty() ? m_timeline->schedule[i].start : m_timeline->states[i].start;
}

size_t
GprsRadioConditions::FindState(Time t) const
{
    if (t.IsStrictlyNegative())
    {
        throw std::invalid_argument("time " + FormatGprsTime(t) + " is negative (allowed: >= 0)");
    }
    const size_t count = StateCount();
    const int64_t ticks = t.ToInteger(m_timeline->unit);
    const auto contains = [this, ticks, count](size_t i) {
        return StateStart(i) <= ticks && (i + 1 == count || ticks < StateStart(i + 1));
    };
    if (contains(m_cursor))
    {
        return m_cursor;
    }
    if (m_cursor + 1 < count && contains(m_cursor + 1))
    {
        return ++m_cursor;
    }
    // The last state starting at or before t (the first starts at 0).
    size_t low = 0;
    size_t high = count;
    while (high - low > 1)
    {
        const size_t middle = low + (high - low) / 2;
        (StateStart(middle) <= ticks ? low : high) = middle;
    }
    m_cursor = low;
    return m_cursor;
}

} // namespace ns3
