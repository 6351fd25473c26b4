/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RANDOM_BOUNDS_H
#define GPRS_RANDOM_BOUNDS_H

#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"

#include <string>

/**
 * \file
 * \ingroup gprs
 * What an ns-3 random variable can draw, read from its attributes without drawing, and the
 * check of a delay distribution built on it.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The closed range of the values a random variable can draw.
 */
struct GprsRandomRange
{
    double min; //!< the smallest value it can draw; -infinity when unbounded below
    double max; //!< the largest value it can draw; +infinity when unbounded above
    /// Empty, or why the range is not known: the values are not attributes (ns-3's
    /// DeterministicRandomVariable and EmpiricalRandomVariable, a type this function does not
    /// know), or the attributes make every draw fail (ns-3 then retries for ever) or NaN.
    std::string problem;
};

/**
 * \ingroup gprs
 * Read from its attributes the range a random variable can draw, as ns-3.37 draws it (the
 * types of src/core/model/random-variable-stream.h): Constant, Uniform, Sequential,
 * Exponential, Pareto, Weibull (each with its Bound, 0 for none), Normal (its Bound around the
 * Mean; ns-3's default 1e307 is unbounded), LogNormal, Gamma, Erlang, Triangular, Zipf and
 * Zeta. Draws nothing: the variable's stream is untouched.
 * \param rv the random variable
 * \return its range; the problem set for DeterministicRandomVariable and
 *         EmpiricalRandomVariable (their values are set by calls, not attributes), for a type
 *         not listed above (even one derived from a listed type: it may draw otherwise) and
 *         for attributes that make it draw nothing or NaN
 */
GprsRandomRange GetGprsRandomRange(Ptr<const RandomVariableStream> rv);

/**
 * \ingroup gprs
 * \param rv a random variable
 * \return it as an attribute text, "ns3::UniformRandomVariable[Min=0.1|Max=0.2]": its type and
 *         the attributes of its own type (not RandomVariableStream's Stream and Antithetic)
 */
std::string GetGprsRandomVariableText(Ptr<const RandomVariableStream> rv);

/**
 * \ingroup gprs
 * Check a distribution of delays in seconds: every value it can draw (GetGprsRandomRange) is
 * from 0 to \p maxAllowed. A negative draw stops a simulation where it is drawn, a huge one
 * overflows ns-3's Time, an unbounded one can do both, and one that can draw nothing hangs.
 * \param name the attribute holding it, for the message ("UplinkAccessDelay")
 * \param rv the distribution
 * \param maxAllowed the largest delay allowed
 * \throws std::invalid_argument naming the attribute, the variable's text, what it can draw and
 *         what is allowed
 */
void GprsCheckDelayVariable(const std::string& name,
                            Ptr<const RandomVariableStream> rv,
                            Time maxAllowed);

/**
 * \ingroup gprs
 * The largest TBF establishment delay (GprsPcu's DownlinkAssignmentDelay and
 * UplinkAccessDelay) the model takes: 60 s, 300 times the 0.1..0.2 s measured by Chakravorty &
 * Pratt (the default) and as long as the longest T3193.
 * \return the delay
 */
Time GetGprsMaxTbfEstablishmentDelay();

} // namespace ns3

#endif // GPRS_RANDOM_BOUNDS_H
