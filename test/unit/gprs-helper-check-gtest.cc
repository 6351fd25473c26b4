/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The helpers' Check(): a bad value in a user's own program is reported by std::invalid_argument
// naming it (before anything is built), and Install stops with NS_FATAL_ERROR's message alone.

#include "gprs-expect-invalid.h"

#include "ns3/gprs-scenario-helper.h"
#include "ns3/string.h"

#include <gtest/gtest.h>

using namespace ns3;

TEST(GprsHelperCheck, OutagesAndRadioConditionsAreChecked)
{
    GprsHelper cell;
    cell.Check(); // the defaults
    cell.SetMsDeviceAttribute("Outages", StringValue("40s"));
    ExpectInvalid([&cell]() { cell.Check(); }, "GprsMsNetDevice Outages '40s': ");
    ExpectInvalid([&cell]() { cell.Check(); }, "(allowed: empty, or intervals such as");
    cell.SetMsDeviceAttribute("Outages", StringValue("40s-70s,60s-80s"));
    ExpectInvalid([&cell]() { cell.Check(); }, "Outages '40s-70s,60s-80s'");
    cell.SetMsDeviceAttribute("Outages", StringValue("40s-70s"));
    cell.Check();
    cell.SetMsDeviceAttribute("RadioConditions", StringValue("loud"));
    ExpectInvalid([&cell]() { cell.Check(); }, "GprsMsNetDevice RadioConditions 'loud': ");
}

TEST(GprsHelperCheck, ScenarioValuesAreChecked)
{
    const auto expectInvalid = [](const std::function<void(GprsScenarioHelper&)>& set,
                                  uint32_t mobiles,
                                  const std::string& fragment) {
        GprsScenarioHelper helper;
        set(helper);
        ExpectInvalid([&helper, mobiles]() { helper.Check(mobiles); }, fragment);
    };
    GprsScenarioHelper good;
    good.SetCells(2);
    good.Attach(0, 1);
    good.Check(3);
    expectInvalid([](auto&) {}, 0, "number of mobiles 0 (allowed: 1 or more)");
    expectInvalid([](auto& h) { h.SetInternetLink(DataRate("1Mbps"), MilliSeconds(10), 2); },
                  1,
                  "Internet loss rate 2 (allowed: 0..1)");
    expectInvalid([](auto& h) { h.SetInternetDelayVariation(MilliSeconds(-5), true); },
                  1,
                  "Internet delay standard deviation -5");
    expectInvalid([](auto& h) { h.SetCells(0); }, 1, "number of cells 0 (allowed: 1..1024)");
    expectInvalid([](auto& h) { h.SetCells(1025); }, 1, "number of cells 1025");
    expectInvalid([](auto& h) { h.Attach(3, 0); },
                  3,
                  "Attach: mobile 3 (allowed: 0..2, the mobiles Install builds)");
    expectInvalid([](auto& h) { h.Attach(1, 2); },
                  3,
                  "Attach: mobile 1 to cell 2 (allowed: 0..0, the cells of SetCells)");
    // 1024 cells have /26 subnets: 61 mobiles each at most.
    expectInvalid(
        [](auto& h) {
            h.SetCells(1024);
            for (uint32_t i = 0; i < 62; ++i)
            {
                h.Attach(i, 7);
            }
        },
        62,
        "62 mobiles in 1024 cells put 62 in cell 7, whose /26 subnet has addresses for 61");
    expectInvalid([](auto& h) { h.Cell().SetMsDeviceAttribute("Outages", StringValue("x")); },
                  1,
                  "GprsMsNetDevice Outages 'x'");
}

TEST(GprsHelperCheck, InstallStopsWithTheMessageAlone)
{
    GprsScenarioHelper helper;
    helper.Cell().SetMsDeviceAttribute("Outages", StringValue("40s"));
    EXPECT_DEATH(helper.Install(1), "^msg=\"GprsMsNetDevice Outages '40s': ");
    GprsScenarioHelper attached;
    attached.Attach(0, 0);
    EXPECT_DEATH(attached.Install(std::vector<uint32_t>{1}), "^msg=\"Install\\(mobilesPerCell\\)");
}
