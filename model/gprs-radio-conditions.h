/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RADIO_CONDITIONS_H
#define GPRS_RADIO_CONDITIONS_H

#include "ns3/nstime.h"

#include <cstddef>
#include <istream>
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
     * \return the C/I schedule as given
     */
    const std::vector<GprsCiPoint>& GetSchedule() const;

    /**
     * \return the outages, sorted by start time
     */
    const std::vector<GprsOutage>& GetOutages() const;

  private:
    /// What holds from `start` until the next state's start.
    struct State
    {
        Time start;  //!< when the state begins
        double ciDb; //!< the C/I
        bool outage; //!< whether an outage is under way
    };

    /// An empty schedule, filled by FromTrace().
    GprsRadioConditions() = default;

    /**
     * Append a point to the schedule.
     *
     * \param point the point
     * \throws std::invalid_argument if it does not start at 0 (first point) or after the last
     *         point, or its C/I is not finite
     */
    void AppendCiPoint(const GprsCiPoint& point);

    /**
     * Insert an outage in start order.
     *
     * \param outage the outage
     * \throws std::invalid_argument if it is invalid or overlaps another outage
     */
    void InsertOutage(const GprsOutage& outage);

    /// Recompute m_states from m_schedule and m_outages.
    void BuildTimeline();

    /**
     * \param t a time
     * \return the index in m_states of the state at t; moves the cursor there
     * \throws std::invalid_argument if t is negative
     */
    size_t FindState(Time t) const;

    std::vector<GprsCiPoint> m_schedule; //!< C/I points, start increasing, first at 0
    std::vector<GprsOutage> m_outages;   //!< outages, sorted, not overlapping
    std::vector<State> m_states;         //!< timeline; consecutive states differ
    mutable size_t m_cursor{0};          //!< index of the state found last
};

} // namespace ns3

#endif /* GPRS_RADIO_CONDITIONS_H */
