/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_FUZZ_H
#define GPRS_FUZZ_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

/**
 * \file
 * Shared by the fuzz harnesses (test/fuzz/gprs-fuzz-*.cc). Each harness defines
 * LLVMFuzzerTestOneInput, which libFuzzer drives (clang builds) and gprs-fuzz-replay.cc feeds
 * the seed corpus test/fuzz/corpus/<parser>/ (every build, in CTest). A harness catches only
 * the exception its parser documents; anything else escapes and fails the run.
 */

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace ns3
{

/// Longest error message allowed: quoted input is cut, so a huge input gives a short message.
constexpr size_t kGprsFuzzMaxMessage = 600;

/**
 * Abort, as libFuzzer expects of a failed check, when \p ok is false.
 *
 * \param ok the checked condition
 * \param what what was expected, printed on failure
 */
inline void
GprsFuzzCheck(bool ok, const std::string& what)
{
    if (!ok)
    {
        std::fprintf(stderr, "gprs fuzz check failed: %s\n", what.c_str());
        std::abort();
    }
}

/**
 * Check the message of a documented rejection: not empty and short.
 *
 * \param e the exception the parser threw
 */
inline void
GprsFuzzCheckMessage(const std::exception& e)
{
    const std::string message = e.what();
    GprsFuzzCheck(!message.empty(), "an error message");
    GprsFuzzCheck(message.size() <= kGprsFuzzMaxMessage,
                  "a message of at most " + std::to_string(kGprsFuzzMaxMessage) +
                      " characters, got " + std::to_string(message.size()));
}

} // namespace ns3

#endif /* GPRS_FUZZ_H */
