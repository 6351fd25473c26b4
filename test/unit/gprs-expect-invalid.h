/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_EXPECT_INVALID_H
#define GPRS_EXPECT_INVALID_H

// A googletest check shared by the tests of pure classes: a call rejects bad input with a
// message that names it.

#include <gtest/gtest.h>
#include <stdexcept>
#include <string>

namespace ns3
{

/**
 * \param call a callable that must throw std::invalid_argument
 * \param fragment text the message must contain
 */
template <typename Call>
void
ExpectInvalid(Call call, const std::string& fragment)
{
    try
    {
        call();
        ADD_FAILURE() << "no exception, expected one containing '" << fragment << "'";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
}

} // namespace ns3

#endif /* GPRS_EXPECT_INVALID_H */
