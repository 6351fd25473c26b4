/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_OPTION_TEXT_H
#define EXAMPLE_OPTION_TEXT_H

// Option values as text: lists, coding scheme names, times, and the words of option messages.

#include "ns3/gprs-ns3-compat.h"
#include "ns3/nstime.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/// What ParseGprsCodingScheme accepts, for option messages.
const std::string kCodingSchemeNames = "CS-1, CS-2, CS-3 or CS-4, also written CS2, cs2 or 2";

/**
 * \param text a coding scheme name
 * \return whether ParseGprsCodingScheme accepts it
 */
bool IsCodingSchemeName(const std::string& text);

/**
 * \param text a comma-separated list
 * \return its items, empty ones included ("a,,b" has three)
 */
std::vector<std::string> SplitList(const std::string& text);

/// Most items a list option takes: each one multiplies the simulations a program runs.
const std::size_t kMaxExampleListItems = 64;

/// The largest TCP receive buffer the examples take (gprs::kLargestTcpWindow).
const uint32_t kMaxExampleRcvBuf = gprs::kLargestTcpWindow;

/// What ReadList accepts besides its items, for option messages.
const std::string kExampleListRule = ", each once, at most 64";

/**
 * \param text a comma-separated list
 * \param itemOk checks one item
 * \param[out] items the items, if the list is good (may be null)
 * \return whether it has 1 to kMaxExampleListItems items, none repeated, each passing itemOk
 */
bool ReadList(const std::string& text,
              const std::function<bool(const std::string&)>& itemOk,
              std::vector<std::string>* items = nullptr);

/**
 * \param text a comma-separated list
 * \param allowed the allowed items
 * \param[out] items the items, if all are allowed and none repeats (may be null)
 * \return whether they are (ReadList)
 */
bool ReadChoiceList(const std::string& text,
                    const std::vector<std::string>& allowed,
                    std::vector<std::string>* items);

/**
 * \param text a comma-separated list of integers
 * \param max the largest allowed
 * \param[out] values the list (items may repeat)
 * \return whether every item is an integer in [1, max] and there is at least one
 */
bool ReadCountList(const std::string& text, uint32_t max, std::vector<uint32_t>& values);

/**
 * \param values integers
 * \return them as a comma-separated list, as ReadCountList reads it
 */
std::string JoinCountList(const std::vector<uint32_t>& values);

/**
 * \param t a time
 * \return it as the shortest option text in a whole unit ("50ms", "300s", "1.5s")
 */
std::string FormatTimeOption(Time t);

/**
 * \param items words
 * \param last the word before the last item ("and", "or")
 * \return "a", "a and b", "a, b and c"
 */
std::string JoinWords(const std::vector<std::string>& items, const std::string& last);

} // namespace ns3

#endif /* EXAMPLE_OPTION_TEXT_H */
