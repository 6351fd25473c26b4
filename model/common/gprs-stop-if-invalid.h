/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_HELPER_CHECK_H
#define GPRS_HELPER_CHECK_H

#include "ns3/fatal-error.h"

#include <stdexcept>
#include <string>

/**
 * \file
 * \ingroup gprs
 * How the helpers turn a refused value into a stop of the program.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Run a helper's Check(); if it refuses a value, stop the program with NS_FATAL_ERROR and the
 * check's message alone (what a helper's Install does; a program that wants to report the
 * error itself calls Check() and catches std::invalid_argument).
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

#endif /* GPRS_HELPER_CHECK_H */
