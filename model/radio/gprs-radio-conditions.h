/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RADIO_CONDITIONS_H
#define GPRS_RADIO_CONDITIONS_H

#include "ns3/nstime.h"

#include <cstddef>
#include <istream>
#include <memory>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * C/I over time and radio outages of one mobile.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * From `start` on, the C/I is `ciDb` (until the next point).
 */
struct GprsCiPoint
{
    Time start;  //!< when this C/I starts to apply
    double ciDb; //!< carrier-to-interference ratio in dB
};

/**
 * \ingroup gprs
 * An interval [start, end) during which no radio block gets through.
 */
struct GprsOutage
{
    Time start; //!< first instant of the outage
    Time end;   //!< first instant after the outage
};

/**
 * \ingroup gprs
 * The C/I of one mobile over time, piecewise constant, plus outage intervals.
 *
 * The C/I schedule starts at time 0 and its last value holds forever. During an outage
 * nothing gets through whatever the C/I; GetCiDb() still reports the scheduled C/I.
 *
 * Queries keep a cursor into the precomputed timeline of (C/I, outage) states: queries at
 * non-decreasing times cost O(1) without allocation, others a binary search. The cursor
 * makes the const queries unsafe to call from several threads at once (ns-3 simulations
 * are single-threaded).
 *
 * The inputs and their timeline are immutable once built and shared: a copy costs a pointer
 * and has a cursor of its own, and FromTraceFile() parses a file once for all the conditions
 * read from it while any of them lives. Times are kept as counts of the time resolution, not
 * as ns3::Time objects: before Simulator::Run() ns-3 records every Time object in a set (to
 * convert it if the resolution changes), which cost a trace of 8.3 million lines 2.6 GB and
 * most of its parse time. Such a trace now takes 16 octets a line, once.
 */
class GprsRadioConditions
{
  public:
    /**
     * A constant C/I.
     *
     * \param ciDb C/I in dB, finite
     * \throws std::invalid_argument if ciDb is not finite
     */
    explicit GprsRadioConditions(double ciDb);

    /**
     * A piecewise constant C/I, e.g. {{Seconds(0), 13}, {Seconds(10), 6}, {Seconds(20), 13}}.
     *
     * \param schedule at least one point; the first at time 0, start times strictly
     *        increasing, C/I finite
     * \throws std::invalid_argument naming the offending point
     */
    explicit GprsRadioConditions(const std::vector<GprsCiPoint>& schedule);

    /**
     * Parse a schedule such as "0s:13,10s:6,20s:13": comma-separated `<time>:<C/I dB>`
     * entries, the rules of the vector constructor. Times take the units of ns3::Time (s,
     * ms, us, ns, ps, fs, min, h, d, y); a number without unit is in seconds.
     *
     * \param spec the schedule
     * \return the radio conditions
     * \throws std::invalid_argument naming the offending entry and what was expected
     */
    static GprsRadioConditions FromSchedule(const std::string& spec);

    /**
     * Parse a C/I specification, the value of GprsMsNetDevice's RadioConditions attribute: a
     * constant C/I in dB ("24"), a schedule as FromSchedule() reads it ("0s:13,10s:6"), or
     * "file:PATH", a trace file as FromTraceFile() reads it.
     *
     * \param spec the specification
     * \return the radio conditions
     * \throws std::invalid_argument naming the offending value, or std::runtime_error naming
     *         the file (and line)
     */
    static GprsRadioConditions FromSpec(const std::string& spec);

    /**
     * Load a trace file; see FromTrace() for the format.
     *
     * A file already read, by the same path or another one to it, and unchanged since (same
     * size and modification time) is not read again while conditions read from it live:
     * they share one parse.
     *
     * \param path the file
     * \return the radio conditions
     * \throws std::runtime_error naming the file (and line) if it cannot be read or is invalid
     */
    static GprsRadioConditions FromTraceFile(const std::string& path);

    /**
     * Load a trace from a stream.
     *
     * One entry per line, `#` starts a comment, blank lines are ignored:
     * - `<time> <C/I dB>`: the C/I from that time on; times strictly increasing, the first 0;
     * - `outage <start> <end>`: an outage [start, end), anywhere in the file.
     * Times are as in FromSchedule(): a plain number is in seconds.
     *
     * \param in the stream
     * \param sourceName the name used in error messages
     * \return the radio conditions
     * \throws std::runtime_error "<sourceName>:<line>: <what was expected>" for a bad line,
     *         "<sourceName>: ..." if the file has no C/I line
     */
    static GprsRadioConditions FromTrace(std::istream& in, const std::string& sourceName);

    /**
     * Add an outage.
     *
     * \param start first instant of the outage, not negative
     * \param end first instant after the outage, after start
     * \throws std::invalid_argument if the interval is invalid or overlaps another outage
     */
    void AddOutage(Time start, Time end);

    /**
     * Add outages given as text, e.g. "40s-70s" or "40s-70s,100s-110s".
     *
     * \param spec comma-separated `<start>-<end>` intervals, times as in FromSchedule()
     * \throws std::invalid_argument naming the offending interval and what was expected
     */
    void AddOutages(const std::string& spec);

    /**
     * \param t a time, not negative
     * \return the C/I in dB at t
     * \throws std::invalid_argument if t is negative
     */
    double GetCiDb(Time t) const;

    /**
     * \param t a time, not negative
     * \return true if t lies inside an outage
     * \throws std::invalid_argument if t is negative
     */
    bool IsOutage(Time t) const;

    /**
     * \param t a time, not negative
     * \return the first time after t at which the C/I or the outage state changes, or
     *         Time::Max() if it never changes again
     * \throws std::invalid_argument if t is negative
     */
    Time NextChangeAfter(Time t) const;

    /**
     * \return the C/I schedule as given (a copy: it is kept in a compact form)
     */
    std::vector<GprsCiPoint> GetSchedule() const;

    /**
     * \return the outages, sorted by start time
     */
    std::vector<GprsOutage> GetOutages() const;

    /**
     * \param other other conditions
     * \return whether both share one copy of their inputs (copies of each other, or read from
     *         one trace file by FromTraceFile())
     */
    bool SharesInputsWith(const GprsRadioConditions& other) const;

  private:
    /// A C/I point in counts of the time resolution.
    struct Point
    {
        int64_t start; //!< when the C/I starts to apply
        double ciDb;   //!< the C/I
    };

    /// An outage [start, end) in counts of the time resolution.
    struct Interval
    {
        int64_t start; //!< first instant
        int64_t end;   //!< first instant after
    };

    /// What holds from `start` (counts of the time resolution) until the next state's start.
    struct State
    {
        int64_t start; //!< when the state begins
        double ciDb;   //!< the C/I
        bool outage;   //!< whether an outage is under way
    };

    /// The inputs and the timeline of states they make; immutable once built, then shared.
    struct Timeline
    {
        Time::Unit unit{Time::GetResolution()}; //!< the unit of the counts: the resolution
        std::vector<Point> schedule;            //!< C/I points, start increasing, first at 0
        std::vector<Interval> outages;          //!< outages, sorted, not overlapping
        /// Consecutive states differ. Empty when they would repeat the schedule (no outage,
        /// no two neighbours with one C/I, as in most traces): the schedule is the timeline.
        std::vector<State> states;
    };

    /// \param timeline the built timeline to share
    explicit GprsRadioConditions(std::shared_ptr<const Timeline> timeline);

    /**
     * Append a point to a schedule.
     *
     * \param timeline the timeline being built
     * \param point the point
     * \throws std::invalid_argument if it does not start at 0 (first point) or after the last
     *         point, or its C/I is not finite
     */
    static void AppendCiPoint(Timeline& timeline, const GprsCiPoint& point);

    /**
     * Insert an outage in start order.
     *
     * \param timeline the timeline being built
     * \param outage the outage
     * \throws std::invalid_argument if it is invalid or overlaps another outage
     */
    static void InsertOutage(Timeline& timeline, const GprsOutage& outage);

    /**
     * Compute the states of a timeline from its inputs and freeze it.
     *
     * \param timeline the inputs
     * \return the timeline, shared
     * \throws std::invalid_argument if the schedule has no point
     */
    static std::shared_ptr<const Timeline> Build(Timeline timeline);

    /// \return how many states the timeline has
    size_t StateCount() const;

    /**
     * \param i a state
     * \return when it starts, in counts of the timeline's unit
     */
    int64_t StateStart(size_t i) const;

    /**
     * \param t a time
     * \return the index of the state at t; moves the cursor there
     * \throws std::invalid_argument if t is negative
     */
    size_t FindState(Time t) const;

    std::shared_ptr<const Timeline> m_timeline; //!< inputs and states, shared by copies
    mutable size_t m_cursor{0};                 //!< index of the state found last
};

} // namespace ns3

#endif /* GPRS_RADIO_CONDITIONS_H */
