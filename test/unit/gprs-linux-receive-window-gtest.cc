/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Linux 2.4's receive-window growth: rcv_ssthresh from the initial window to the clamp.

#include "ns3/gprs-linux-receive-window.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

TEST(GprsLinuxReceiveWindow, StartsAtTheInitialWindow)
{
    const GprsLinuxReceiveWindow w(5392, 65535, 1400);
    EXPECT_EQ(w.GetRcvSsthresh(), 5392u);
    EXPECT_EQ(w.GetWindowClamp(), 65535u);
}

TEST(GprsLinuxReceiveWindow, GrowsTwoSegmentsPerInOrderSegmentUpToTheClamp)
{
    GprsLinuxReceiveWindow w(5392, 20000, 1400);
    EXPECT_EQ(w.OnInOrderData(1400), 8192u);
    EXPECT_EQ(w.OnInOrderData(1400), 10992u);
    EXPECT_EQ(w.OnInOrderData(500), 13792u);
    EXPECT_EQ(w.OnInOrderData(1400), 16592u);
    EXPECT_EQ(w.OnInOrderData(1400), 19392u);
    EXPECT_EQ(w.OnInOrderData(1400), 20000u);
    EXPECT_EQ(w.OnInOrderData(1400), 20000u);
}

TEST(GprsLinuxReceiveWindow, SegmentsBelow128OctetsDoNotGrowIt)
{
    GprsLinuxReceiveWindow w(5392, 65535, 1400);
    EXPECT_EQ(w.OnInOrderData(127), 5392u);
    EXPECT_EQ(w.OnInOrderData(0), 5392u);
    EXPECT_EQ(w.OnInOrderData(128), 8192u);
}

TEST(GprsLinuxReceiveWindow, NoOverflowNearTheLargestWindow)
{
    GprsLinuxReceiveWindow w(UINT32_MAX - 10, UINT32_MAX, 1400);
    EXPECT_EQ(w.OnInOrderData(1400), UINT32_MAX);
}

TEST(GprsLinuxReceiveWindow, BadParametersAreNamed)
{
    EXPECT_THROW(GprsLinuxReceiveWindow(0, 65535, 1400), std::invalid_argument);
    EXPECT_THROW(GprsLinuxReceiveWindow(5392, 65535, 0), std::invalid_argument);
    try
    {
        GprsLinuxReceiveWindow(5392, 4000, 1400);
        FAIL() << "a clamp below the initial window was accepted";
    }
    catch (const std::invalid_argument& e)
    {
        EXPECT_NE(std::string(e.what()).find("4000"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("5392"), std::string::npos) << e.what();
    }
}

} // namespace
