/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TFI and USF allocation (GprsTbfResources) without the simulator: 32 TFIs per direction, 7 USFs
// per PDCH, the lowest free values.

#include "ns3/gprs-tbf-resources.h"

#include <gtest/gtest.h>

using namespace ns3;

TEST(GprsTbfResources, NothingHeldGivesTfiZeroAndUsfZero)
{
    const GprsTbfResources held;
    EXPECT_TRUE(held.HasFree(0, 8));
    EXPECT_EQ(held.LowestFreeTfi(), 0);
    for (uint8_t tn = 0; tn < 8; ++tn)
    {
        EXPECT_EQ(held.LowestFreeUsf(tn), 0);
    }
}

TEST(GprsTbfResources, LowestFreeValuesSkipTheHeldOnes)
{
    GprsTbfResources held;
    std::array<uint8_t, 8> usf{};
    usf[2] = 0;
    usf[3] = 1;
    held.AddHolder(0, 2, 2, usf); // TFI 0, USF 0 on TN 2, USF 1 on TN 3
    usf[3] = 0;
    held.AddHolder(2, 3, 1, usf); // TFI 2, USF 0 on TN 3
    EXPECT_EQ(held.LowestFreeTfi(), 1);
    EXPECT_EQ(held.LowestFreeUsf(1), 0);
    EXPECT_EQ(held.LowestFreeUsf(2), 1);
    EXPECT_EQ(held.LowestFreeUsf(3), 2);
    held.AddHolder(1, 0, 0, usf); // a downlink TBF: a TFI, no USF
    EXPECT_EQ(held.LowestFreeTfi(), 3);
    EXPECT_EQ(held.LowestFreeUsf(0), 0);
}

TEST(GprsTbfResources, ThirtyTwoTfisPerDirection)
{
    GprsTbfResources held;
    const std::array<uint8_t, 8> usf{};
    for (uint8_t tfi = 0; tfi < GprsTbfResources::kTfis - 1; ++tfi)
    {
        held.AddHolder(tfi, 0, 0, usf);
    }
    EXPECT_TRUE(held.HasFree(0, 0));
    EXPECT_EQ(held.LowestFreeTfi(), 31);
    held.AddHolder(31, 0, 0, usf);
    EXPECT_FALSE(held.HasFree(0, 0)) << "TS 44.060 clause 12.15: a 5-bit TFI";
}

TEST(GprsTbfResources, SevenUsfsPerPdch)
{
    GprsTbfResources held;
    std::array<uint8_t, 8> usf{};
    for (uint8_t v = 0; v < GprsTbfResources::kUsfsPerPdch; ++v)
    {
        usf[4] = v;
        held.AddHolder(v, 4, 1, usf);
    }
    EXPECT_FALSE(held.HasFree(4, 1)) << "USF 7 stays free (TS 44.060 clause 10.4.1)";
    EXPECT_FALSE(held.HasFree(3, 2)) << "one full timeslot is enough to refuse";
    EXPECT_TRUE(held.HasFree(5, 2));
    EXPECT_TRUE(held.HasFree(4, 0)) << "a downlink TBF needs no USF";
}
