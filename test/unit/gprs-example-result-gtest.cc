/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The examples' result encoding (examples/common/example-result.h): what RunJobs's workers send
// comes back equal, to the bit.

#include "common/example-result.h"
#include "gprs-expect-invalid.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <gtest/gtest.h>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

/// Numbers only: copied whole, no Fields().
struct Counters
{
    bool complete{false}; //!< a flag
    double seconds{0};    //!< a double
    uint32_t blocks{0};   //!< an integer
};

/// A result that lists its members, some of which are results of their own.
struct Listed
{
    std::string name;                   //!< any text
    std::vector<double> samples;        //!< doubles
    std::vector<Counters> runs;         //!< trivially copyable structs
    std::vector<std::string> positions; //!< texts
    int64_t offset{0};                  //!< a signed integer

    /// \return the members
    auto Fields() const
    {
        return std::tie(name, samples, runs, positions, offset);
    }
};

/// A result that lists no member.
struct Nothing
{
    /// \return no member
    auto Fields() const
    {
        return std::tie();
    }
};

/// A result whose Fields() holds a result with Fields().
struct Nested
{
    Listed inner;            //!< a listed result
    std::vector<Listed> all; //!< several
    uint8_t tag{0};          //!< a byte after them

    /// \return the members
    auto Fields() const
    {
        return std::tie(inner, all, tag);
    }
};

/**
 * \param value a result
 * \return it encoded and decoded
 */
template <typename T>
T
RoundTrip(const T& value)
{
    return DecodeResult<T>(EncodeResult(value));
}

/**
 * \param a a double
 * \param b another
 * \return whether they have the same bits (NaN and -0 included)
 */
bool
SameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof(double)) == 0;
}

} // namespace

TEST(GprsExampleResult, DoublesComeBackBitForBit)
{
    const std::vector<double> values = {0.1,
                                        1.0 / 3,
                                        -0.0,
                                        std::numeric_limits<double>::denorm_min(),
                                        std::numeric_limits<double>::max(),
                                        -std::numeric_limits<double>::infinity(),
                                        std::numeric_limits<double>::quiet_NaN(),
                                        std::nextafter(1.0, 2.0)};
    for (const double v : values)
    {
        EXPECT_TRUE(SameBits(RoundTrip(v), v)) << v;
    }
    const std::vector<double> back = RoundTrip(values);
    ASSERT_EQ(back.size(), values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
    {
        EXPECT_TRUE(SameBits(back[i], values[i])) << "item " << i;
    }
}

TEST(GprsExampleResult, IntegersKeepTheirRange)
{
    EXPECT_EQ(RoundTrip(std::numeric_limits<uint64_t>::max()),
              std::numeric_limits<uint64_t>::max());
    EXPECT_EQ(RoundTrip(std::numeric_limits<int64_t>::min()), std::numeric_limits<int64_t>::min());
    EXPECT_EQ(RoundTrip(int32_t{-1}), -1);
    EXPECT_EQ(RoundTrip(true), true);
    EXPECT_EQ(RoundTrip(false), false);
    EXPECT_EQ(EncodeResult(uint64_t{0}).size(), sizeof(uint64_t));
}

TEST(GprsExampleResult, StringsKeepEveryOctet)
{
    for (const std::string& text : {std::string(),
                                    std::string("two words"),
                                    std::string(" leading and trailing "),
                                    std::string("line\nbreak\r\nand\ttab"),
                                    std::string("nul\0inside", 10),
                                    std::string("\xef\xbb\xbf\xff bytes")})
    {
        EXPECT_EQ(RoundTrip(text), text);
    }
    const std::vector<std::string> texts = {"", "a b", "\n", ""};
    EXPECT_EQ(RoundTrip(texts), texts);
}

TEST(GprsExampleResult, VectorsKeepTheirLengthAndOrder)
{
    EXPECT_TRUE(RoundTrip(std::vector<double>()).empty());
    EXPECT_TRUE(RoundTrip(std::vector<std::string>()).empty());
    const std::vector<std::vector<uint64_t>> nested = {{}, {1, 2, 3}, {}, {UINT64_MAX}};
    EXPECT_EQ(RoundTrip(nested), nested);
    const std::vector<bool> flags = {true, false, false, true, true};
    EXPECT_EQ(RoundTrip(flags), flags);
}

TEST(GprsExampleResult, StructsByTheirBytesOrTheirFields)
{
    const Counters counters{true, 12.345678901234567, 4000000000};
    const Counters copied = RoundTrip(counters);
    EXPECT_EQ(copied.complete, counters.complete);
    EXPECT_EQ(copied.seconds, counters.seconds);
    EXPECT_EQ(copied.blocks, counters.blocks);

    Listed listed;
    listed.name = "rest of\nthe burst";
    listed.samples = {-1, 0.25, 1e300};
    listed.runs = {Counters{false, -0.5, 7}, Counters{true, 1.0 / 7, 0}};
    listed.positions = {"single", "", "first rest"};
    listed.offset = -42;
    Nested nested{listed, {Listed(), listed}, 0xa5};
    const Nested back = RoundTrip(nested);
    for (const Listed* l : {&back.inner, &back.all[1]})
    {
        EXPECT_EQ(l->name, listed.name);
        EXPECT_EQ(l->samples, listed.samples);
        ASSERT_EQ(l->runs.size(), 2U);
        EXPECT_EQ(l->runs[1].seconds, 1.0 / 7);
        EXPECT_EQ(l->runs[0].blocks, 7U);
        EXPECT_EQ(l->positions, listed.positions);
        EXPECT_EQ(l->offset, -42);
    }
    ASSERT_EQ(back.all.size(), 2U);
    EXPECT_TRUE(back.all[0].name.empty());
    EXPECT_TRUE(back.all[0].runs.empty());
    EXPECT_EQ(back.tag, 0xa5);
}

TEST(GprsExampleResult, EmptyResults)
{
    EXPECT_TRUE(EncodeResult(Nothing()).empty());
    RoundTrip(Nothing());
    const Listed empty = RoundTrip(Listed());
    EXPECT_TRUE(empty.name.empty());
    EXPECT_TRUE(empty.samples.empty());
    EXPECT_TRUE(empty.runs.empty());
    EXPECT_TRUE(empty.positions.empty());
    EXPECT_EQ(empty.offset, 0);
}

TEST(GprsExampleResult, RefusesBytesThatAreNotOneResult)
{
    const std::string bytes = EncodeResult(std::string("twelve bytes"));
    ExpectInvalid([&bytes]() { DecodeResult<std::string>(bytes.substr(0, bytes.size() - 1)); },
                  "truncated");
    ExpectInvalid([]() { DecodeResult<double>(std::string(7, '\0')); }, "truncated");
    ExpectInvalid([&bytes]() { DecodeResult<std::string>(bytes + "x"); }, "more bytes");
    // A length beyond the bytes there are is refused before anything is allocated for it.
    ExpectInvalid([]() { DecodeResult<std::string>(EncodeResult(UINT64_MAX)); }, "truncated");
}
