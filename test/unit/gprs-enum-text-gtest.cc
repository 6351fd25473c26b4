/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-rlcmac-types.h"
#include "ns3/gprs-tbf.h"

#include <gtest/gtest.h>
#include <sstream>

using namespace ns3;

TEST(GprsEnumText, NamesEveryValueAndReadsItBack)
{
    EXPECT_STREQ(ToString(GprsDirection::UPLINK), "UL");
    EXPECT_STREQ(ToString(GprsTbfState::CHANNEL_REQUEST), "CHANNEL_REQUEST");
    EXPECT_STREQ(ToString(GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK),
                 "PACKET_UPLINK_DUMMY_CONTROL_BLOCK");
    EXPECT_STREQ(ToString(static_cast<GprsLlcMode>(3)), "?");
    for (const GprsLlcMode mode :
         {GprsLlcMode::UNACKNOWLEDGED, GprsLlcMode::ACKNOWLEDGED, GprsLlcMode::CELL})
    {
        std::ostringstream os;
        os << mode;
        std::istringstream is(os.str());
        GprsLlcMode read =
            mode == GprsLlcMode::CELL ? GprsLlcMode::ACKNOWLEDGED : GprsLlcMode::CELL;
        is >> read;
        EXPECT_FALSE(is.fail()) << os.str();
        EXPECT_EQ(read, mode) << os.str();
    }
}

TEST(GprsEnumText, RejectsUnknownNames)
{
    for (const char* text : {"acknowledged", "Acked", "", "Acknowledged2"})
    {
        std::istringstream is(text);
        GprsRlcMode mode = GprsRlcMode::UNACKNOWLEDGED;
        is >> mode;
        EXPECT_TRUE(is.fail()) << text;
        EXPECT_EQ(mode, GprsRlcMode::UNACKNOWLEDGED) << text;
    }
}

TEST(GprsEnumText, CheckerNamesAndAcceptsWhatThePredicateAllows)
{
    const Ptr<const AttributeChecker> all =
        MakeGprsEnumChecker<GprsLlcModeValue>("ns3::GprsLlcModeValue");
    const auto notCell = [](GprsLlcMode mode) { return mode != GprsLlcMode::CELL; };
    const Ptr<const AttributeChecker> noCell =
        MakeGprsEnumChecker<GprsLlcModeValue>("ns3::GprsLlcModeValue", notCell);
    EXPECT_EQ(all->GetValueTypeName(), "ns3::GprsLlcModeValue");
    EXPECT_EQ(all->GetUnderlyingTypeInformation(), "Unacknowledged|Acknowledged|Cell");
    EXPECT_EQ(noCell->GetUnderlyingTypeInformation(), "Unacknowledged|Acknowledged");
    EXPECT_TRUE(all->Check(GprsLlcModeValue(GprsLlcMode::CELL)));
    EXPECT_FALSE(noCell->Check(GprsLlcModeValue(GprsLlcMode::CELL)));
    EXPECT_TRUE(noCell->Check(GprsLlcModeValue(GprsLlcMode::ACKNOWLEDGED)));
    EXPECT_FALSE(all->Check(GprsLlcModeValue(static_cast<GprsLlcMode>(3))));
    EXPECT_FALSE(all->Check(GprsRlcModeValue(GprsRlcMode::ACKNOWLEDGED))) << "another type";
}
