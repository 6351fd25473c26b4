/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_RESULT_H
#define EXAMPLE_RESULT_H

// A simulation's result as bytes and back, exactly: how RunJobs moves a result from the worker
// process that simulated it to the parent.

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * Whether T lists its members for WriteResult and ReadResult with a member function
 * `auto Fields() const { return std::tie(a, b, c); }`.
 * \tparam T a type
 */
template <typename T, typename = void>
struct HasResultFields : std::false_type
{
};

/// \copydoc HasResultFields
template <typename T>
struct HasResultFields<T, std::void_t<decltype(std::declval<const T&>().Fields())>> : std::true_type
{
};

/**
 * Whether T is a std::vector.
 * \tparam T a type
 */
template <typename T>
struct IsResultVector : std::false_type
{
};

/// \copydoc IsResultVector
template <typename T, typename Allocator>
struct IsResultVector<std::vector<T, Allocator>> : std::true_type
{
};

/**
 * Take bytes from the front of a result's.
 * \param in bytes
 * \param size how many to take
 * \return the first \p size bytes, removed from \p in
 * \exception std::invalid_argument \p in is shorter
 */
inline std::string_view
TakeResultBytes(std::string_view& in, uint64_t size)
{
    if (in.size() < size)
    {
        throw std::invalid_argument("result truncated");
    }
    const std::string_view bytes = in.substr(0, size);
    in.remove_prefix(size);
    return bytes;
}

/**
 * Append a result to bytes. A result is one of:
 * - a struct that lists its members, each a result, with `auto Fields() const`;
 * - a std::string (any octets, newlines included) or a std::vector of results;
 * - anything else whose bytes are its value (std::is_trivially_copyable: a number, a bool, an
 *   enumeration, a struct of those): copied as it is, a double bit for bit, since the reader
 *   is the same program (RunJobs forks its workers). Such a struct needs no Fields(), but must
 *   hold no pointer: an address means nothing in another process.
 * \param out the bytes
 * \param value the result
 */
template <typename T>
void
WriteResult(std::string& out, const T& value)
{
    if constexpr (HasResultFields<T>::value)
    {
        std::apply([&out](const auto&... field) { (WriteResult(out, field), ...); },
                   value.Fields());
    }
    else if constexpr (std::is_same_v<T, std::string> || IsResultVector<T>::value)
    {
        WriteResult(out, static_cast<uint64_t>(value.size()));
        if constexpr (std::is_same_v<T, std::string>)
        {
            out += value;
        }
        else
        {
            for (const auto& item : value)
            {
                WriteResult<typename T::value_type>(out, item);
            }
        }
    }
    else
    {
        static_assert(std::is_trivially_copyable_v<T> && !std::is_pointer_v<T>,
                      "a result is a struct with Fields(), a std::string, a std::vector, or "
                      "trivially copyable without pointers");
        out.append(reinterpret_cast<const char*>(&value), sizeof(T));
    }
}

/**
 * Read a result that WriteResult wrote.
 * \param in the bytes; the result's are removed from its front
 * \param value receives the result
 * \exception std::invalid_argument the bytes end before the result
 */
template <typename T>
void
ReadResult(std::string_view& in, T& value)
{
    if constexpr (HasResultFields<T>::value)
    {
        // Fields() is const, so its references are; value itself is not, so writing through
        // them is defined.
        std::apply(
            [&in](const auto&... field) {
                (ReadResult(in, const_cast<std::decay_t<decltype(field)>&>(field)), ...);
            },
            std::as_const(value).Fields());
    }
    else if constexpr (std::is_same_v<T, std::string> || IsResultVector<T>::value)
    {
        uint64_t size = 0;
        ReadResult(in, size);
        if constexpr (std::is_same_v<T, std::string>)
        {
            value = TakeResultBytes(in, size);
        }
        else
        {
            value.clear();
            for (uint64_t i = 0; i < size; ++i)
            {
                typename T::value_type item{};
                ReadResult(in, item);
                value.push_back(std::move(item));
            }
        }
    }
    else
    {
        std::memcpy(&value, TakeResultBytes(in, sizeof(T)).data(), sizeof(T));
    }
}

/**
 * \param value a result (WriteResult)
 * \return its bytes
 */
template <typename T>
std::string
EncodeResult(const T& value)
{
    std::string bytes;
    WriteResult(bytes, value);
    return bytes;
}

/**
 * \param bytes what EncodeResult gave for a T
 * \return the result, equal to the one encoded
 * \exception std::invalid_argument the bytes are not one whole T
 */
template <typename T>
T
DecodeResult(std::string_view bytes)
{
    T value{};
    ReadResult(bytes, value);
    if (!bytes.empty())
    {
        throw std::invalid_argument("result followed by more bytes");
    }
    return value;
}

} // namespace ns3

#endif /* EXAMPLE_RESULT_H */
