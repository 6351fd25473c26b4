/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/gprs-unit-uniform.h"

#include <gtest/gtest.h>

using namespace ns3;

TEST(GprsUnitUniformRandomVariable, DrawsWhatUniformGetValueDraws)
{
    // Draw() must not follow defaults a script sets for every uniform random variable.
    Config::SetDefault("ns3::UniformRandomVariable::Min", DoubleValue(2));
    Config::SetDefault("ns3::UniformRandomVariable::Max", DoubleValue(5));
    Config::SetDefault("ns3::RandomVariableStream::Antithetic", BooleanValue(true));
    const Ptr<GprsUnitUniformRandomVariable> unit = CreateObject<GprsUnitUniformRandomVariable>();
    Config::SetDefault("ns3::UniformRandomVariable::Min", DoubleValue(0));
    Config::SetDefault("ns3::UniformRandomVariable::Max", DoubleValue(1));
    Config::SetDefault("ns3::RandomVariableStream::Antithetic", BooleanValue(false));
    EXPECT_EQ(unit->GetMin(), 0);
    EXPECT_EQ(unit->GetMax(), 1);
    EXPECT_FALSE(unit->IsAntithetic());

    const Ptr<UniformRandomVariable> plain = CreateObject<UniformRandomVariable>();
    const Ptr<GprsUnitUniformRandomVariable> both = CreateObject<GprsUnitUniformRandomVariable>();
    unit->SetStream(42);
    plain->SetStream(42);
    both->SetStream(42);
    for (int i = 0; i < 1000; ++i)
    {
        const double expected = plain->GetValue();
        ASSERT_EQ(unit->Draw(), expected) << "draw " << i;
        // Draw() and GetValue() advance the same stream.
        ASSERT_EQ(i % 2 == 0 ? both->Draw() : both->GetValue(), expected) << "draw " << i;
    }
}
