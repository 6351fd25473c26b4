/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The examples' checks of --ns3:: values (examples/common/example-attributes.h) that ns-3's
// checkers take and the run cannot use: the PCU's delay distributions and ns-3.37's TCP values.

#include "common/example-attributes.h"

#include "ns3/rng-seed-manager.h"

#include <gtest/gtest.h>

using namespace ns3;

namespace
{

TEST(GprsExampleAttributes, DelayDistributionsAreCheckedWithoutTakingAStream)
{
    const uint64_t before = RngSeedManager::GetNextStreamIndex();
    EXPECT_EQ(AttributeArgumentProblem("ns3::GprsPcu::UplinkAccessDelay",
                                       "ns3::ExponentialRandomVariable[Mean=0.2|Bound=2]"),
              "");
    EXPECT_NE(AttributeArgumentProblem("ns3::GprsPcu::DownlinkAssignmentDelay",
                                       "ns3::ConstantRandomVariable[Constant=-1]")
                  .find(": it can draw from -1 to -1 s"),
              std::string::npos);
    // The variables checked took stream 0, not the next automatic stream numbers.
    EXPECT_EQ(RngSeedManager::GetNextStreamIndex(), before + 1);
}

TEST(GprsExampleAttributes, TcpValuesThatCrashNs3AreRefused)
{
    EXPECT_EQ(AttributeArgumentProblem("ns3::TcpSocketBase::MaxWindowSize", "0"),
              "invalid option --ns3::TcpSocketBase::MaxWindowSize=0 (allowed: an integer from "
              "1; with less ns-3's TCP crashes)");
    EXPECT_NE(AttributeArgumentProblem("ns3::TcpL4Protocol::SocketType", "ns3::TcpSocketBase")
                  .find("ns3::TcpSocketBase is not a ns3::TcpCongestionOps"),
              std::string::npos);
    // ns-3.37 registers TcpCubic under TcpSocketBase; it is a congestion control all the same.
    EXPECT_EQ(AttributeArgumentProblem("ns3::TcpL4Protocol::SocketType", "ns3::TcpCubic"), "");
    EXPECT_EQ(AttributeArgumentProblem("ns3::TcpSocketState::MaxPacingRate", "0Gbps"),
              "invalid option --ns3::TcpSocketState::MaxPacingRate=0Gbps (allowed: a data rate "
              "above 0bps: with 0 ns-3's TCP divides by 0 when pacing)");
    EXPECT_EQ(AttributeArgumentProblem("ns3::TcpSocket::ConnTimeout", "0ms"),
              "invalid option --ns3::TcpSocket::ConnTimeout=0ms (allowed: a time above 0: with 0 "
              "the connection gives up at once)");
    EXPECT_EQ(AttributeArgumentProblem("ns3::TcpSocket::ConnTimeout", "1ms"), "");
}

} // namespace
