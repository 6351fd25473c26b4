/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Death tests of a GPRS cell's configuration: text attribute values and input files that
// cannot be used stop the simulation with an NS_FATAL_ERROR whose message names the value, the
// file and the line. (Out-of-range numbers are rejected by the attribute checkers: see the
// "gprs-cell-attributes" ns-3 test suite.)

#include "ns3/gprs-helper.h"
#include "ns3/gprs-ms-net-device.h"
#include "ns3/gprs-pcu.h"
#include "ns3/node-container.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <gtest/gtest.h>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \param name a file of test/data
 * \return its path
 */
std::string
DataFile(const std::string& name)
{
    return std::string(GPRS_TEST_DATA_DIR) + "/" + name;
}

/**
 * Set a text attribute of a new mobile device (the device parses it at once).
 * \param name RadioConditions, Outages or CellReselections
 * \param value the text
 */
void
SetMsText(const std::string& name, const std::string& value)
{
    CreateObject<GprsMsNetDevice>()->SetAttribute(name, StringValue(value));
}

/**
 * Build a cell with one PCU attribute set and start the simulation, which initializes the PCU
 * and so checks its attributes together and loads its files.
 * \param name PCU attribute
 * \param value its value
 */
void
RunCellWith(const std::string& name, const AttributeValue& value)
{
    NodeContainer nodes(2);
    GprsHelper gprs;
    gprs.SetPcuAttribute(name, value);
    gprs.Install(nodes.Get(0), NodeContainer(nodes.Get(1)));
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    Simulator::Destroy();
}

/**
 * Build a cell whose PCU loads a BLER file and start the simulation.
 * \param path the BLER file
 */
void
RunCellWithBlerFile(const std::string& path)
{
    RunCellWith("BlerFile", StringValue(path));
}

} // namespace

TEST(GprsCellDeathTest, BadRadioConditionsTextIsNamed)
{
    EXPECT_DEATH(SetMsText("RadioConditions", "loud"),
                 "GprsMsNetDevice RadioConditions 'loud': .*allowed: a C/I in dB");
    EXPECT_DEATH(SetMsText("RadioConditions", "24dB"), "GprsMsNetDevice RadioConditions '24dB'");
    EXPECT_DEATH(SetMsText("RadioConditions", "0s:13,10s:six"),
                 "GprsMsNetDevice RadioConditions '0s:13,10s:six'.*six");
}

TEST(GprsCellDeathTest, BadRadioConditionsFileIsNamedWithItsLine)
{
    const std::string bad = DataFile("cell-ci-bad.txt");
    EXPECT_DEATH(SetMsText("RadioConditions", "file:" + bad),
                 "cell-ci-bad.txt:4: .*time 5 s not after previous 10 s");
    EXPECT_DEATH(SetMsText("RadioConditions", "file:" + DataFile("cell-no-such-file.txt")),
                 "cell-no-such-file.txt: cannot open");
}

TEST(GprsCellDeathTest, BadOutagesAreNamed)
{
    EXPECT_DEATH(SetMsText("Outages", "30s-20s"),
                 "GprsMsNetDevice Outages '30s-20s'.*end must be after start");
    EXPECT_DEATH(SetMsText("Outages", "soon"), "Outages 'soon'");
}

TEST(GprsCellDeathTest, CellReselectionsBeyondTheTimeRangeAreNamed)
{
    // Once accepted, and wrapped to a negative time.
    EXPECT_DEATH(SetMsText("CellReselections", "9223372036.854775807s"),
                 "CellReselections '9223372036.854775807s'.*is too large");
    EXPECT_DEATH(SetMsText("CellReselections", "30s,1e20fs"),
                 "CellReselections '30s,1e20fs'.*'1e20fs' is too large");
}

TEST(GprsMsNetDevice, MobilesWithOneTraceFileShareOneParse)
{
    const std::string spec = "file:" + DataFile("ci-meyer-two-state.txt");
    NodeContainer nodes(3);
    GprsHelper gprs;
    gprs.SetMsDeviceAttribute("RadioConditions", StringValue(spec));
    const NetDeviceContainer devices =
        gprs.Install(nodes.Get(0), NodeContainer(nodes.Get(1), nodes.Get(2)));
    const auto a = DynamicCast<GprsMsNetDevice>(devices.Get(1));
    const auto b = DynamicCast<GprsMsNetDevice>(devices.Get(2));
    EXPECT_TRUE(a->GetRadioConditions().SharesInputsWith(b->GetRadioConditions()));
    EXPECT_EQ(a->GetRadioConditions().GetSchedule().size(), 3u);
    Simulator::Destroy();
}

TEST(GprsMsNetDevice, ParseCellReselectionsNamesTheBadTime)
{
    EXPECT_EQ(GprsMsNetDevice::ParseCellReselections(""), std::vector<Time>());
    EXPECT_EQ(GprsMsNetDevice::ParseCellReselections("30s,1min"),
              (std::vector<Time>{Seconds(30), Seconds(60)}));
    for (const auto& [spec, message] :
         {std::pair<const char*, const char*>{"30s,20s",
                                              "20 s not after 30 s: times must increase"},
          {"30s,,40s", "got ''"},
          {"1e20fs", "'1e20fs' is too large"}})
    {
        try
        {
            GprsMsNetDevice::ParseCellReselections(spec);
            ADD_FAILURE() << spec << ": no exception";
        }
        catch (const std::invalid_argument& e)
        {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
        }
    }
}

TEST(GprsCellDeathTest, MalformedBlerFileIsNamedWithItsLine)
{
    EXPECT_DEATH(RunCellWithBlerFile(DataFile("cell-bler-bad.txt")),
                 "GprsPcu: .*cell-bler-bad.txt:7: .*BLER");
    EXPECT_DEATH(RunCellWithBlerFile(DataFile("cell-bler-no-cs4.txt")),
                 "cell-bler-no-cs4.txt: no points for CS-4");
    EXPECT_DEATH(RunCellWithBlerFile(DataFile("cell-no-such-file.txt")),
                 "cell-no-such-file.txt: cannot open");
}

TEST(GprsCellDeathTest, T3193NotAboveT3192IsNamed)
{
    EXPECT_DEATH(RunCellWith("T3193", TimeValue(MilliSeconds(1500))),
                 "T3193 \\(\\+1500ms\\) must exceed T3192 \\(\\+1500ms\\)");
}

TEST(GprsPcu, CheckConfigurationNamesWhatContradicts)
{
    EXPECT_NO_THROW(CreateObject<GprsPcu>()->CheckConfiguration());
    for (const auto& [name, value, message] :
         {std::tuple<const char*, std::string, const char*>{
              "T3193",
              "1s",
              "T3193 (+1000ms) must exceed T3192 (+1500ms)"},
          {"DownlinkLinkAdaptation",
           "ns3::GprsCiThresholdLinkAdaptation[Cs2Threshold=9|Cs3Threshold=8]",
           "Cs2Threshold 9 dB, Cs3Threshold 8 dB"},
          {"UplinkLinkAdaptation",
           "ns3::GprsNackRateLinkAdaptation[LowerThreshold=0.5|UpperThreshold=0.2]",
           "LowerThreshold 0.5 > UpperThreshold 0.2"},
          {"DownlinkAssignmentDelay",
           "ns3::ConstantRandomVariable[Constant=-1]",
           "DownlinkAssignmentDelay ns3::ConstantRandomVariable[Constant=-1] (allowed: a "
           "distribution of seconds that draws from 0 to 60"},
          {"UplinkAccessDelay",
           "ns3::NormalRandomVariable[Mean=0.15|Variance=0.01]",
           "it can draw from -inf to inf s"}})
    {
        const auto pcu = CreateObject<GprsPcu>();
        pcu->SetAttribute(name, StringValue(value));
        try
        {
            pcu->CheckConfiguration();
            ADD_FAILURE() << name << "=" << value << ": no exception";
        }
        catch (const std::invalid_argument& e)
        {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
        }
    }
}

TEST(GprsCellDeathTest, GoodInputsAreAccepted)
{
    // The counterpart of the death tests: the same paths with valid content do not stop.
    SetMsText("RadioConditions", "file:" + DataFile("ci-meyer-two-state.txt"));
    SetMsText("Outages", "20s-30s");
    RunCellWithBlerFile(DataFile("cell-bler-zero.txt"));
    SUCCEED();
}
