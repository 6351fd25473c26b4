/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-bler-model.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

using namespace ns3;

namespace
{

/// One valid line per coding scheme, so that a test can append the line it wants to check.
const std::string kOnePointPerScheme = "CS-1 0 0.1\nCS-2 0 0.2\nCS-3 0 0.3\nCS-4 0 0.4\n";

/// Source name given to Load() by the tests.
const std::string kSource = "bad.txt";

/**
 * \param text the table text
 * \return the model loaded from it
 */
GprsBlerModel
LoadText(const std::string& text)
{
    std::istringstream in(text);
    return GprsBlerModel::Load(in, kSource);
}

/**
 * Loading text must fail with a message naming the source, the line and the problem.
 *
 * \param text the table text
 * \param line the expected line number, 0 for a message about the whole file
 * \param fragment text the message must contain
 */
void
ExpectLoadError(const std::string& text, int line, const std::string& fragment)
{
    try
    {
        LoadText(text);
        ADD_FAILURE() << "loaded, expected an error containing '" << fragment << "'";
    }
    catch (const std::runtime_error& e)
    {
        const std::string msg = e.what();
        const std::string where = kSource + (line > 0 ? ":" + std::to_string(line) : "") + ": ";
        EXPECT_EQ(msg.rfind(where, 0), 0u) << msg;
        EXPECT_NE(msg.find(fragment), std::string::npos) << msg;
    }
}

} // namespace

TEST(GprsBlerModel, DefaultCurvesMeetMeyersAnchors)
{
    const GprsBlerModel model;
    for (const auto& anchor : GprsBlerModel::kMeyerAnchors)
    {
        EXPECT_NEAR(model.GetBler(anchor.cs, anchor.point.ciDb), anchor.point.bler, 0.01)
            << ToString(anchor.cs) << " at " << anchor.point.ciDb << " dB";
        EXPECT_NEAR(GprsBlerModel::GetDefaultCurve(anchor.cs).Evaluate(anchor.point.ciDb),
                    anchor.point.bler,
                    1e-12);
    }
}

TEST(GprsBlerModel, Cs1AndCs3LieOnTheCodeRateLineThroughCs2AndCs4)
{
    const auto rate = [](GprsCodingScheme cs) { return GetGprsCodingSchemeInfo(cs).codeRate; };
    const auto cs2 = GprsBlerModel::GetDefaultCurve(GprsCodingScheme::CS2);
    const auto cs4 = GprsBlerModel::GetDefaultCurve(GprsCodingScheme::CS4);
    const double run = rate(GprsCodingScheme::CS4) - rate(GprsCodingScheme::CS2);
    for (auto cs : {GprsCodingScheme::CS1, GprsCodingScheme::CS3})
    {
        const auto curve = GprsBlerModel::GetDefaultCurve(cs);
        const double dr = rate(cs) - rate(GprsCodingScheme::CS2);
        EXPECT_NEAR(curve.c50Db, cs2.c50Db + dr * (cs4.c50Db - cs2.c50Db) / run, 1e-9);
        EXPECT_NEAR(curve.scaleDb, cs2.scaleDb + dr * (cs4.scaleDb - cs2.scaleDb) / run, 1e-9);
        EXPECT_GT(curve.scaleDb, 0.0);
    }
}

TEST(GprsBlerModel, DefaultTablesSampleTheLogisticCurves)
{
    const GprsBlerModel model;
    const double step = GprsBlerModel::kDefaultStepDb;
    for (auto cs : kGprsCodingSchemes)
    {
        const auto& points = model.GetCurve(cs);
        ASSERT_FALSE(points.empty());
        EXPECT_DOUBLE_EQ(points.front().ciDb, GprsBlerModel::kDefaultMinCiDb);
        EXPECT_DOUBLE_EQ(points.back().ciDb, GprsBlerModel::kDefaultMaxCiDb);
        // The range claims of the constants' comments.
        EXPECT_GT(points.front().bler, 0.99) << ToString(cs);
        EXPECT_LT(points.back().bler, 1e-4) << ToString(cs);
        const auto curve = GprsBlerModel::GetDefaultCurve(cs);
        for (size_t i = 1; i < points.size(); ++i)
        {
            EXPECT_DOUBLE_EQ(points[i].ciDb - points[i - 1].ciDb, step);
            // Midway between samples the log-domain interpolation is within 1 % of the curve.
            const double mid = points[i - 1].ciDb + step / 2;
            EXPECT_NEAR(model.GetBler(cs, mid) / curve.Evaluate(mid), 1.0, 0.01)
                << ToString(cs) << " at " << mid << " dB";
        }
    }
}

TEST(GprsBlerModel, BlerNeverIncreasesWithCiAndStaysInUnitInterval)
{
    const GprsBlerModel model;
    for (auto cs : kGprsCodingSchemes)
    {
        double previous = 1.0;
        for (double ci = -20.0; ci <= 50.0; ci += 0.01)
        {
            const double bler = model.GetBler(cs, ci);
            EXPECT_GE(bler, 0.0);
            EXPECT_LE(bler, previous) << ToString(cs) << " at " << ci << " dB";
            previous = bler;
        }
    }
}

TEST(GprsBlerModel, LowerCodeRateIsMoreRobustAtEveryCi)
{
    // Also below and above the table, where the end values are held.
    const GprsBlerModel model;
    for (double ci = -20.0; ci <= 50.0; ci += 0.05)
    {
        for (size_t i = 1; i < kGprsCodingSchemes.size(); ++i)
        {
            EXPECT_LT(model.GetBler(kGprsCodingSchemes[i - 1], ci),
                      model.GetBler(kGprsCodingSchemes[i], ci))
                << ToString(kGprsCodingSchemes[i - 1]) << " vs " << ToString(kGprsCodingSchemes[i])
                << " at " << ci << " dB";
        }
    }
}

TEST(GprsBlerModel, InterpolatesLinearlyInLogBler)
{
    const auto model = LoadText("CS-1 0 0.5\nCS-2 10 0.1\nCS-2 20 0.001\nCS-3 10 0.2\nCS-3 20 0\n"
                                "CS-4 0 1\n");
    for (double ci = 10.0; ci <= 20.0; ci += 0.25)
    {
        const double w = (ci - 10.0) / 10.0;
        const double expected = std::exp(std::log(0.1) + w * (std::log(0.001) - std::log(0.1)));
        EXPECT_NEAR(model.GetBler(GprsCodingScheme::CS2, ci), expected, 1e-12 * expected);
        // A segment ending at BLER 0 has no logarithm: linear there.
        EXPECT_NEAR(model.GetBler(GprsCodingScheme::CS3, ci), 0.2 * (1 - w), 1e-15);
    }
    EXPECT_NEAR(model.GetBler(GprsCodingScheme::CS2, 15.0), 0.01, 1e-15);
}

TEST(GprsBlerModel, ClampsOutsideTheTable)
{
    const auto model = LoadText(kOnePointPerScheme + "CS-2 10 0.1\nCS-2 20 0.001\n");
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_DOUBLE_EQ(model.GetBler(GprsCodingScheme::CS2, -inf), 0.2);
    EXPECT_DOUBLE_EQ(model.GetBler(GprsCodingScheme::CS2, -5.0), 0.2);
    EXPECT_DOUBLE_EQ(model.GetBler(GprsCodingScheme::CS2, 20.0), 0.001);
    EXPECT_DOUBLE_EQ(model.GetBler(GprsCodingScheme::CS2, 35.0), 0.001);
    EXPECT_DOUBLE_EQ(model.GetBler(GprsCodingScheme::CS2, inf), 0.001);
    // A one-point table is a constant.
    EXPECT_DOUBLE_EQ(model.GetBler(GprsCodingScheme::CS3, -30.0), 0.3);
    EXPECT_DOUBLE_EQ(model.GetBler(GprsCodingScheme::CS3, 30.0), 0.3);
    EXPECT_THROW(model.GetBler(GprsCodingScheme::CS2, std::nan("")), std::invalid_argument);
    EXPECT_THROW(model.GetBler(static_cast<GprsCodingScheme>(5), 10.0), std::invalid_argument);
}

TEST(GprsBlerModel, LoadsAGoodFile)
{
    const auto model = GprsBlerModel::LoadFile(GPRS_TEST_DATA_DIR "/bler-example.txt");
    const auto& cs2 = model.GetCurve(GprsCodingScheme::CS2);
    ASSERT_EQ(cs2.size(), 2u);
    EXPECT_DOUBLE_EQ(cs2[0].ciDb, 6.0);
    EXPECT_DOUBLE_EQ(cs2[0].bler, 0.464);
    EXPECT_DOUBLE_EQ(cs2[1].ciDb, 13.0);
    EXPECT_DOUBLE_EQ(cs2[1].bler, 0.034);
    EXPECT_EQ(model.GetCurve(GprsCodingScheme::CS1).size(), 3u);
    EXPECT_EQ(model.GetCurve(GprsCodingScheme::CS3).size(), 2u);
    EXPECT_EQ(model.GetCurve(GprsCodingScheme::CS4).size(), 3u);
    EXPECT_DOUBLE_EQ(model.GetBler(GprsCodingScheme::CS4, 30.0), 0.0);
    for (const auto& anchor : GprsBlerModel::kMeyerAnchors)
    {
        EXPECT_DOUBLE_EQ(model.GetBler(anchor.cs, anchor.point.ciDb), anchor.point.bler);
    }
}

TEST(GprsBlerModel, RejectsEachKindOfBadFile)
{
    const std::string good = kOnePointPerScheme; // lines 1-4
    ExpectLoadError(good + "CS-2 abc\n", 5, "expected '<CS> <C/I dB> <BLER>', got 'CS-2 abc'");
    ExpectLoadError(good + "CS-2 1 0.1 7\n", 5, "got 'CS-2 1 0.1 7'");
    ExpectLoadError(good + "CS-2 abc 0.1\n", 5, "expected C/I dB as a finite number, got 'abc'");
    ExpectLoadError(good + "CS-2 10 nan\n", 5, "expected BLER as a finite number, got 'nan'");
    ExpectLoadError(good + "CS-2 inf 0.1\n", 5, "expected C/I dB as a finite number, got 'inf'");
    ExpectLoadError(good + "CS-2 10 1.3\n", 5, "BLER 1.3 for CS-2 out of range [0,1]");
    ExpectLoadError(good + "CS-2 10 -0.1\n", 5, "BLER -0.1 for CS-2 out of range [0,1]");
    ExpectLoadError(good + "CS-5 10 0.1\n", 5, "unknown GPRS coding scheme 'CS-5'");
    ExpectLoadError(good + "CS-2 13 0.1\n# comment\n\nCS-2 12 0.05\n",
                    8,
                    "C/I 12 not greater than previous 13 for CS-2");
    ExpectLoadError(good + "CS-2 13 0.1\nCS-2 13 0.05\n", 6, "C/I 13 not greater than previous");
    ExpectLoadError(good + "CS-3 10 0.3\nCS-3 12 0.5\n",
                    6,
                    "BLER 0.5 greater than previous 0.3 for CS-3");
    ExpectLoadError("CS-1 0 0.1\nCS-2 0 0.1\nCS-4 0 0.1\n", 0, "no points for CS-3");
    ExpectLoadError("", 0, "no points for CS-1");
}

TEST(GprsBlerModel, MissingFileIsNamed)
{
    const std::string path = GPRS_TEST_DATA_DIR "/bler-does-not-exist.txt";
    try
    {
        GprsBlerModel::LoadFile(path);
        ADD_FAILURE() << "loaded a missing file";
    }
    catch (const std::runtime_error& e)
    {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
}

TEST(GprsBlerModel, SetCurveValidatesAndReplacesOneScheme)
{
    GprsBlerModel model;
    const double defaultCs1 = model.GetBler(GprsCodingScheme::CS1, 5.0);
    model.SetCurve(GprsCodingScheme::CS2, {{0.0, 0.5}, {10.0, 0.05}});
    EXPECT_NEAR(model.GetBler(GprsCodingScheme::CS2, 5.0), std::sqrt(0.5 * 0.05), 1e-12);
    EXPECT_DOUBLE_EQ(model.GetBler(GprsCodingScheme::CS1, 5.0), defaultCs1);
    EXPECT_THROW(model.SetCurve(GprsCodingScheme::CS2, {}), std::invalid_argument);
    EXPECT_THROW(model.SetCurve(GprsCodingScheme::CS2, {{5.0, 0.1}, {4.0, 0.05}}),
                 std::invalid_argument);
    EXPECT_THROW(model.SetCurve(GprsCodingScheme::CS2, {{std::nan(""), 0.1}}),
                 std::invalid_argument);
    // A rejected curve leaves the previous one in place.
    EXPECT_NEAR(model.GetBler(GprsCodingScheme::CS2, 5.0), std::sqrt(0.5 * 0.05), 1e-12);
}

TEST(GprsBlerModel, LogisticFromPointsRejectsNonDecreasingCurves)
{
    EXPECT_THROW(GprsLogisticBlerCurve::FromPoints({10, 0.1}, {5, 0.5}), std::invalid_argument);
    EXPECT_THROW(GprsLogisticBlerCurve::FromPoints({5, 0.1}, {10, 0.5}), std::invalid_argument);
    EXPECT_THROW(GprsLogisticBlerCurve::FromPoints({5, 1.0}, {10, 0.5}), std::invalid_argument);
    EXPECT_THROW(GprsLogisticBlerCurve::FromPoints({5, 0.5}, {10, 0.0}), std::invalid_argument);
    const auto curve = GprsLogisticBlerCurve::FromPoints({5, 0.5}, {10, 0.1});
    EXPECT_DOUBLE_EQ(curve.c50Db, 5.0);
    EXPECT_NEAR(curve.Evaluate(10.0), 0.1, 1e-12);
}
