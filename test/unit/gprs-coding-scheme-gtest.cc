/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-coding-scheme.h"

#include <gtest/gtest.h>
#include <stdexcept>

using namespace ns3;

TEST(GprsCodingScheme, TableMatchesTs44060)
{
    const uint32_t blockOctets[] = {23, 33, 39, 53};
    const uint32_t dataOctets[] = {20, 30, 36, 50};
    const double rateKbps[] = {8.0, 12.0, 14.4, 20.0};
    for (size_t i = 0; i < kGprsCodingSchemes.size(); ++i)
    {
        const auto& info = GetGprsCodingSchemeInfo(kGprsCodingSchemes[i]);
        EXPECT_EQ(info.blockOctets, blockOctets[i]);
        EXPECT_EQ(info.rlcDataOctets, dataOctets[i]);
        EXPECT_EQ(GprsRlcDataOctets(kGprsCodingSchemes[i]), dataOctets[i]);
        EXPECT_NEAR(info.dataRateBps / 1000.0, rateKbps[i], 1e-9);
    }
}

TEST(GprsCodingScheme, CodeRateGrowsFromCs1ToCs4)
{
    EXPECT_DOUBLE_EQ(GetGprsCodingSchemeInfo(GprsCodingScheme::CS1).codeRate, 0.5);
    EXPECT_DOUBLE_EQ(GetGprsCodingSchemeInfo(GprsCodingScheme::CS4).codeRate, 1.0);
    for (size_t i = 1; i < kGprsCodingSchemes.size(); ++i)
    {
        EXPECT_LT(GetGprsCodingSchemeInfo(kGprsCodingSchemes[i - 1]).codeRate,
                  GetGprsCodingSchemeInfo(kGprsCodingSchemes[i]).codeRate);
    }
}

TEST(GprsCodingScheme, ParsesNamesAndRoundTrips)
{
    EXPECT_EQ(ParseGprsCodingScheme("CS-2"), GprsCodingScheme::CS2);
    EXPECT_EQ(ParseGprsCodingScheme("cs3"), GprsCodingScheme::CS3);
    EXPECT_EQ(ParseGprsCodingScheme("4"), GprsCodingScheme::CS4);
    for (auto cs : kGprsCodingSchemes)
    {
        EXPECT_EQ(ParseGprsCodingScheme(ToString(cs)), cs);
    }
}

TEST(GprsCodingScheme, RejectsUnknownNamesWithClearMessage)
{
    for (const char* bad : {"CS-5", "CS-0", "", "MCS-9", "CS-", "CS-12"})
    {
        try
        {
            ParseGprsCodingScheme(bad);
            ADD_FAILURE() << "accepted '" << bad << "'";
        }
        catch (const std::invalid_argument& e)
        {
            const std::string msg = e.what();
            EXPECT_NE(msg.find(std::string("'") + bad + "'"), std::string::npos) << msg;
            EXPECT_NE(msg.find("CS-1, CS-2, CS-3, CS-4"), std::string::npos) << msg;
        }
    }
    EXPECT_THROW(GetGprsCodingSchemeInfo(static_cast<GprsCodingScheme>(5)), std::invalid_argument);
}
