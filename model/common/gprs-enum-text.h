/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_ENUM_TEXT_H
#define GPRS_ENUM_TEXT_H

#include "gprs-predicate-checker.h"

#include "ns3/attribute.h"
#include "ns3/ptr.h"

#include <array>
#include <cstddef>
#include <functional>
#include <iostream>
#include <string>
#include <type_traits>
#include <utility>

/**
 * \file
 * \ingroup gprs
 * One way to name the values of the model's enumerations in logs, traces and attributes: an
 * enumeration specialises GprsEnumText once, and gets ToString(), operator<<, operator>> and,
 * with ATTRIBUTE_VALUE_DEFINE / ATTRIBUTE_ACCESSOR_DEFINE, an attribute checker that lists its
 * names (MakeGprsEnumChecker).
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The names of the values of an enumeration whose values are 0..N-1. A specialisation holds
 * `static constexpr std::array<const char*, N> kNames` (in value order) and `static constexpr
 * const char* kWhat` (what a value is, for the warning on an unknown name). An enumeration
 * without one gets none of the functions below.
 * \tparam E the enumeration
 */
template <typename E>
struct GprsEnumText
{
};

/// The return type R, for enumerations E that have names only.
template <typename E, typename R>
using GprsIfEnumText = std::enable_if_t<(sizeof(GprsEnumText<E>::kNames) > 0), R>;

/**
 * \ingroup gprs
 * \param value a value
 * \return its name; "?" for a value outside the enumeration
 */
template <typename E>
GprsIfEnumText<E, const char*>
ToString(E value)
{
    const auto i = static_cast<std::size_t>(value);
    return i < GprsEnumText<E>::kNames.size() ? GprsEnumText<E>::kNames[i] : "?";
}

/**
 * \ingroup gprs
 * \param os a stream
 * \param value a value
 * \return os, having written the value's name
 */
template <typename E>
GprsIfEnumText<E, std::ostream&>
operator<<(std::ostream& os, E value)
{
    return os << ToString(value);
}

/**
 * \ingroup gprs
 * Find a name among the names of an enumeration; warn (log component GprsEnumText) listing them
 * if it is none of them.
 * \param word the name read
 * \param names the names, in value order
 * \param count how many names
 * \param what what a value is, for the warning
 * \return the value (index) named, or \p count if none
 */
std::size_t GprsFindEnumName(const std::string& word,
                             const char* const* names,
                             std::size_t count,
                             const char* what);

/**
 * \ingroup gprs
 * \param is a stream
 * \param[out] value receives the value named by the next word
 * \return is, with failbit set (and a warning listing the names) if the word names no value
 */
template <typename E>
GprsIfEnumText<E, std::istream&>
operator>>(std::istream& is, E& value)
{
    std::string word;
    is >> word;
    const auto& names = GprsEnumText<E>::kNames;
    const std::size_t i =
        GprsFindEnumName(word, names.data(), names.size(), GprsEnumText<E>::kWhat);
    if (i < names.size())
    {
        value = static_cast<E>(i);
    }
    else
    {
        is.setstate(std::ios::failbit);
    }
    return is;
}

/**
 * \ingroup gprs
 * A checker of an attribute value type V (ATTRIBUTE_VALUE_DEFINE of an enumeration with names)
 * that accepts the values \p accept allows and names them in its type information: "A|B|C".
 * Not an EnumValue: ns-3.37 built without asserts (Debian's libns3) maps every unknown enum name
 * to an arbitrary valid value instead of rejecting it.
 * \param valueTypeName V's name, e.g. "ns3::GprsRlcModeValue"
 * \param accept the values accepted; empty: all
 * \return the checker
 */
template <typename V>
Ptr<const AttributeChecker>
MakeGprsEnumChecker(
    const std::string& valueTypeName,
    std::function<bool(std::decay_t<decltype(std::declval<V>().Get())>)> accept = nullptr)
{
    using E = std::decay_t<decltype(std::declval<V>().Get())>;
    std::string allowed;
    const auto& names = GprsEnumText<E>::kNames;
    for (std::size_t i = 0; i < names.size(); ++i)
    {
        if (!accept || accept(static_cast<E>(i)))
        {
            allowed += (allowed.empty() ? "" : "|") + std::string(names[i]);
        }
    }
    return Create<GprsPredicateChecker<V>>(
        [accept](const V& v) {
            return static_cast<std::size_t>(v.Get()) < GprsEnumText<E>::kNames.size() &&
                   (!accept || accept(v.Get()));
        },
        valueTypeName,
        allowed);
}

} // namespace ns3

#endif /* GPRS_ENUM_TEXT_H */
