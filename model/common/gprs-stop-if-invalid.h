/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_STOP_IF_INVALID_H
#define GPRS_STOP_IF_INVALID_H

#include "ns3/fatal-error.h"

#include <stdexcept>
#include <string>

/**
 * \file
 * \ingroup gprs
 * How a check that throws std::invalid_argument becomes a stop of the program with its
 * message alone (helpers' Install, objects that check their attributes when created).
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Run a check; if it refuses a value, stop the program with NS_FATAL_ERROR and the check's
 * message alone, without "cond=" or "terminate called" (what a helper's Install does with its
 * Check(); a program that wants to report the error itself calls Check() and catches
 * std::invalid_argument).
 * \tparam F a callable that throws std::invalid_argument on a bad value
 * \param check the check
 */
template <typename F>
void
GprsStopIfInvalid(F check)
{
    std::string problem;
    try
    {
        check();
    }
    catch (const std::invalid_argument& e)
    {
        problem = e.what();
    }
    // Outside the handler: NS_FATAL_ERROR there would also print "terminate called after
    // throwing" with the exception's text again.
    if (!problem.empty())
    {
        NS_FATAL_ERROR(problem);
    }
}

} // namespace ns3

#endif /* GPRS_STOP_IF_INVALID_H */
