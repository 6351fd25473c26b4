/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_BLER_MODEL_H
#define GPRS_BLER_MODEL_H

#include "gprs-coding-scheme.h"

#include <array>
#include <istream>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Radio block error rate as a function of coding scheme and C/I.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * One point of a BLER curve.
 */
struct GprsBlerPoint
{
    double ciDb; //!< carrier-to-interference ratio in dB
    double bler; //!< block error rate at that C/I, 0..1
};

/**
 * \ingroup gprs
 * A logistic BLER curve in dB: BLER(x) = 1 / (1 + exp((x - c50) / scale)).
 */
struct GprsLogisticBlerCurve
{
    double c50Db;   //!< C/I in dB at which BLER is 50 %
    double scaleDb; //!< dB per factor e of the odds (1 - BLER) / BLER; > 0

    /**
     * \param ciDb a C/I in dB
     * \return the BLER at that C/I, in [0,1]
     */
    double Evaluate(double ciDb) const;

    /**
     * The curve through two points, solved exactly in the logit domain.
     *
     * \param a a point with 0 < BLER < 1
     * \param b a point with a larger C/I and a smaller BLER than a
     * \return the curve through a and b
     * \throws std::invalid_argument if the points do not define a decreasing curve
     */
    static GprsLogisticBlerCurve FromPoints(GprsBlerPoint a, GprsBlerPoint b);
};

/**
 * \ingroup gprs
 * BLER(coding scheme, C/I in dB) from one table of (C/I, BLER) points per coding scheme.
 *
 * Between two points of a table the BLER is interpolated linearly in log(BLER) against C/I
 * in dB (linear if one of the two BLERs is 0, where the logarithm is undefined). Below the
 * first point the BLER of the first point applies, above the last point that of the last
 * point (clamping): a table should cover the C/I range a scenario uses.
 *
 * The default tables sample a logistic curve per coding scheme (GetDefaultCurve()) every
 * kDefaultStepDb from kDefaultMinCiDb to kDefaultMaxCiDb. All four use the same C/I grid, so
 * the order CS-1 < CS-2 < CS-3 < CS-4 in BLER, true at every grid point, holds at every C/I.
 *
 * Queries are a binary search and one exp(): no allocation.
 */
class GprsBlerModel
{
  public:
    /// A measured BLER point of one coding scheme.
    struct Anchor
    {
        GprsCodingScheme cs; //!< the coding scheme
        GprsBlerPoint point; //!< the measured point
    };

    /**
     * BLER points measured with Meyer's simulator (M. Meyer, "TCP performance over GPRS",
     * IEEE WCNC 1999): CS-2 13 dB -> 3.4 %, 6 dB -> 46.4 %; CS-4 20 dB -> 11.8 %,
     * 8 dB -> 91.6 %. The default CS-2 and CS-4 curves pass exactly through them.
     */
    static constexpr std::array<Anchor, 4> kMeyerAnchors = {{
        {GprsCodingScheme::CS2, {6.0, 0.464}},
        {GprsCodingScheme::CS2, {13.0, 0.034}},
        {GprsCodingScheme::CS4, {8.0, 0.916}},
        {GprsCodingScheme::CS4, {20.0, 0.118}},
    }};

    /// Lowest C/I of the default tables: BLER of every CS is above 99 % there.
    static constexpr double kDefaultMinCiDb = -10.0;
    /// Highest C/I of the default tables: BLER of every CS is below 1e-4 there.
    static constexpr double kDefaultMaxCiDb = 40.0;
    /// C/I step of the default tables: interpolation error below 1 % of the BLER.
    static constexpr double kDefaultStepDb = 0.5;

    /// The default tables (see class description).
    GprsBlerModel();

    /**
     * The default logistic curve of a coding scheme.
     *
     * CS-2 and CS-4 pass exactly through kMeyerAnchors. CS-1 and CS-3 have no published
     * anchors: their c50Db and scaleDb are interpolated (CS-3) or extrapolated (CS-1)
     * linearly in the code rate (GprsCodingSchemeInfo::codeRate) between CS-2 and CS-4.
     *
     * \param cs a coding scheme
     * \return its default curve
     */
    static GprsLogisticBlerCurve GetDefaultCurve(GprsCodingScheme cs);

    /**
     * Load tables from a text file; see Load() for the format.
     *
     * \param path the file
     * \return the model
     * \throws std::runtime_error naming the file (and line) if it cannot be read or is invalid
     */
    static GprsBlerModel LoadFile(const std::string& path);

    /**
     * Load tables from a text stream.
     *
     * One point per line: `<CS> <C/I dB> <BLER>`, e.g. `CS-2 13.0 0.034`; CS as accepted by
     * ParseGprsCodingScheme(). `#` starts a comment; blank lines are ignored. Per coding
     * scheme, C/I must strictly increase and BLER must not increase from line to line; lines
     * of different schemes may interleave. Every scheme CS-1..CS-4 needs at least one line.
     *
     * \param in the stream
     * \param sourceName the name used in error messages
     * \return the model
     * \throws std::runtime_error "<sourceName>:<line>: <what was expected>" for a bad line,
     *         "<sourceName>: ..." for a missing coding scheme
     */
    static GprsBlerModel Load(std::istream& in, const std::string& sourceName);

    /**
     * Replace the table of one coding scheme.
     *
     * \param cs the coding scheme
     * \param points at least one point; C/I strictly increasing, BLER in [0,1] non-increasing
     * \throws std::invalid_argument if the points break these rules
     */
    void SetCurve(GprsCodingScheme cs, const std::vector<GprsBlerPoint>& points);

    /**
     * \param cs a coding scheme
     * \return its table
     */
    const std::vector<GprsBlerPoint>& GetCurve(GprsCodingScheme cs) const;

    /**
     * \param cs a coding scheme
     * \param ciDb C/I in dB (infinities clamp to the table ends)
     * \return the block error rate, in [0,1]
     * \throws std::invalid_argument if ciDb is NaN
     */
    double GetBler(GprsCodingScheme cs, double ciDb) const;

  private:
    /// A table and the logarithms of its BLERs, precomputed for GetBler().
    struct Table
    {
        std::vector<GprsBlerPoint> points; //!< the points, C/I increasing
        std::vector<double> logBler;       //!< log(points[i].bler)
    };

    /**
     * \param cs a coding scheme
     * \return its table
     */
    const Table& GetTable(GprsCodingScheme cs) const;

    /**
     * Check that a point may follow another on a table.
     *
     * \param cs the coding scheme, for messages
     * \param previous the last point of the table, or nullptr if the table is empty
     * \param next the new point
     * \throws std::invalid_argument saying what is wrong
     */
    static void CheckNextPoint(GprsCodingScheme cs,
                               const GprsBlerPoint* previous,
                               const GprsBlerPoint& next);

    std::array<Table, kGprsCodingSchemes.size()> m_tables; //!< tables indexed by CS-1..CS-4
};

} // namespace ns3

#endif /* GPRS_BLER_MODEL_H */
