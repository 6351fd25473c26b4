/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The examples' lists of counts (examples/common/example-option-text.h), as gprs-benchmark's
// --cells and --mobiles read them.

#include "common/example-option-text.h"

#include <gtest/gtest.h>
#include <vector>

using namespace ns3;

TEST(GprsExampleOptionText, ReadCountList)
{
    std::vector<uint32_t> values;
    EXPECT_TRUE(ReadCountList("1,10,100", 100, values));
    EXPECT_EQ(values, (std::vector<uint32_t>{1, 10, 100}));
    // Items may repeat.
    EXPECT_TRUE(ReadCountList("2,2", 100, values));
    EXPECT_EQ(values, (std::vector<uint32_t>{2, 2}));
    for (const char* bad : {"", "0", "101", "1.5", "1,,2", "x", "-1"})
    {
        EXPECT_FALSE(ReadCountList(bad, 100, values)) << bad;
    }
}

TEST(GprsExampleOptionText, JoinCountListReadsBack)
{
    const std::vector<uint32_t> values{1, 10, 100};
    EXPECT_EQ(JoinCountList(values), "1,10,100");
    EXPECT_EQ(JoinCountList({}), "");
    std::vector<uint32_t> read;
    EXPECT_TRUE(ReadCountList(JoinCountList(values), 100, read));
    EXPECT_EQ(read, values);
}
