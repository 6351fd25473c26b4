/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-bler-model.h"

#include "ns3/gprs-text-input.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ns3
{

namespace
{

/**
 * \param cs a coding scheme
 * \return its index 0..3 into per-scheme arrays
 * \throws std::invalid_argument for a value outside CS-1..CS-4 (from GetGprsCodingSchemeInfo)
 */
size_t
TableIndex(GprsCodingScheme cs)
{
    return static_cast<size_t>(GetGprsCodingSchemeInfo(cs).cs) - 1;
}

/**
 * \param bler a BLER strictly between 0 and 1
 * \return its log-odds of success, log((1 - bler) / bler)
 */
double
LogOdds(double bler)
{
    return std::log((1.0 - bler) / bler);
}

/**
 * \param cs a coding scheme with two entries in GprsBlerModel::kMeyerAnchors
 * \return the logistic curve through them
 */
GprsLogisticBlerCurve
MeyerCurve(GprsCodingScheme cs)
{
    const auto& anchors = GprsBlerModel::kMeyerAnchors;
    const auto ofCs = [cs](const GprsBlerModel::Anchor& a) { return a.cs == cs; };
    const auto first = std::find_if(anchors.begin(), anchors.end(), ofCs);
    const auto second = std::find_if(std::next(first), anchors.end(), ofCs);
    return GprsLogisticBlerCurve::FromPoints(first->point, second->point);
}

} // namespace

double
GprsLogisticBlerCurve::Evaluate(double ciDb) const
{
    return 1.0 / (1.0 + std::exp((ciDb - c50Db) / scaleDb));
}

GprsLogisticBlerCurve
GprsLogisticBlerCurve::FromPoints(GprsBlerPoint a, GprsBlerPoint b)
{
    const auto inOpenUnitInterval = [](double bler) { return bler > 0.0 && bler < 1.0; };
    if (!inOpenUnitInterval(a.bler) || !inOpenUnitInterval(b.bler) || !(a.ciDb < b.ciDb) ||
        !(a.bler > b.bler))
    {
        throw std::invalid_argument(
            "a decreasing logistic BLER curve needs 0 < BLER < 1 and the point of larger C/I "
            "having the smaller BLER, got (" +
            FormatGprsNumber(a.ciDb) + " dB, " + FormatGprsNumber(a.bler) + ") and (" +
            FormatGprsNumber(b.ciDb) + " dB, " + FormatGprsNumber(b.bler) + ")");
    }
    // The logit of BLER is linear in C/I: LogOdds(p) = (x - c50) / scale.
    const double scale = (b.ciDb - a.ciDb) / (LogOdds(b.bler) - LogOdds(a.bler));
    return GprsLogisticBlerCurve{a.ciDb - scale * LogOdds(a.bler), scale};
}

GprsBlerModel::GprsBlerModel()
{
    const auto steps =
        static_cast<size_t>(std::lround((kDefaultMaxCiDb - kDefaultMinCiDb) / kDefaultStepDb));
    for (auto cs : kGprsCodingSchemes)
    {
        const auto curve = GetDefaultCurve(cs);
        std::vector<GprsBlerPoint> points;
        points.reserve(steps + 1);
        for (size_t i = 0; i <= steps; ++i)
        {
            const double ciDb = kDefaultMinCiDb + static_cast<double>(i) * kDefaultStepDb;
            points.push_back({ciDb, curve.Evaluate(ciDb)});
        }
        SetCurve(cs, points);
    }
}

GprsLogisticBlerCurve
GprsBlerModel::GetDefaultCurve(GprsCodingScheme cs)
{
    const auto cs2 = MeyerCurve(GprsCodingScheme::CS2);
    const auto cs4 = MeyerCurve(GprsCodingScheme::CS4);
    const double rate2 = GetGprsCodingSchemeInfo(GprsCodingScheme::CS2).codeRate;
    const double rate4 = GetGprsCodingSchemeInfo(GprsCodingScheme::CS4).codeRate;
    // Position of cs on the code-rate line through CS-2 (w = 0) and CS-4 (w = 1).
    const double w = (GetGprsCodingSchemeInfo(cs).codeRate - rate2) / (rate4 - rate2);
    const auto along = [w](double at2, double at4) { return (1.0 - w) * at2 + w * at4; };
    return GprsLogisticBlerCurve{along(cs2.c50Db, cs4.c50Db), along(cs2.scaleDb, cs4.scaleDb)};
}

GprsBlerModel
GprsBlerModel::LoadFile(const std::string& path)
{
    auto file = OpenGprsInputFile(path);
    return Load(file, path);
}

GprsBlerModel
GprsBlerModel::Load(std::istream& in, const std::string& sourceName)
{
    std::array<std::vector<GprsBlerPoint>, kGprsCodingSchemes.size()> tables;
    ReadGprsTextTable(in, sourceName, [&tables](const auto& tokens, const auto& text) {
        if (tokens.size() != 3)
        {
            throw std::invalid_argument("expected '<CS> <C/I dB> <BLER>', got " +
                                        QuoteGprsInput(text));
        }
        const auto cs = ParseGprsCodingScheme(tokens[0]);
        const GprsBlerPoint point{ParseGprsNumber(tokens[1], "C/I dB"),
                                  ParseGprsNumber(tokens[2], "BLER")};
        auto& table = tables[TableIndex(cs)];
        CheckNextPoint(cs, table.empty() ? nullptr : &table.back(), point);
        table.push_back(point);
    });
    GprsBlerModel model;
    for (auto cs : kGprsCodingSchemes)
    {
        const auto& table = tables[TableIndex(cs)];
        if (table.empty())
        {
            throw std::runtime_error(sourceName + ": no points for " + ToString(cs) +
                                     " (every coding scheme CS-1..CS-4 needs at least one line)");
        }
        model.SetCurve(cs, table);
    }
    return model;
}

void
GprsBlerModel::SetCurve(GprsCodingScheme cs, const std::vector<GprsBlerPoint>& points)
{
    if (points.empty())
    {
        throw std::invalid_argument("BLER table for " + ToString(cs) + " needs at least one point");
    }
    Table table;
    for (const auto& point : points)
    {
        CheckNextPoint(cs, table.points.empty() ? nullptr : &table.points.back(), point);
        table.points.push_back(point);
        table.logBler.push_back(std::log(point.bler));
    }
    m_tables[TableIndex(cs)] = std::move(table);
}

const std::vector<GprsBlerPoint>&
GprsBlerModel::GetCurve(GprsCodingScheme cs) const
{
    return GetTable(cs).points;
}

double
GprsBlerModel::GetBler(GprsCodingScheme cs, double ciDb) const
{
    if (std::isnan(ciDb))
    {
        throw std::invalid_argument("C/I is NaN (allowed: any number of dB)");
    }
    const Table& table = GetTable(cs);
    const auto& points = table.points;
    const auto above =
        std::upper_bound(points.begin(),
                         points.end(),
                         ciDb,
                         [](double x, const GprsBlerPoint& point) { return x < point.ciDb; });
    if (above == points.begin())
    {
        return points.front().bler;
    }
    if (above == points.end())
    {
        return points.back().bler;
    }
    const auto hi = static_cast<size_t>(above - points.begin());
    const GprsBlerPoint& low = points[hi - 1];
    const GprsBlerPoint& high = points[hi];
    const double w = (ciDb - low.ciDb) / (high.ciDb - low.ciDb);
    // log(0) is undefined: a segment ending at BLER 0 is interpolated linearly.
    const double bler = high.bler == 0.0
                            ? low.bler + w * (high.bler - low.bler)
                            : low.bler * std::exp(w * (table.logBler[hi] - table.logBler[hi - 1]));
    // Rounding must not leave the segment's range, so the curve stays monotone.
    return std::clamp(bler, high.bler, low.bler);
}

const GprsBlerModel::Table&
GprsBlerModel::GetTable(GprsCodingScheme cs) const
{
    return m_tables[TableIndex(cs)];
}

void
GprsBlerModel::CheckNextPoint(GprsCodingScheme cs,
                              const GprsBlerPoint* previous,
                              const GprsBlerPoint& next)
{
    if (!std::isfinite(next.ciDb))
    {
        throw std::invalid_argument("C/I " + FormatGprsNumber(next.ciDb) + " dB for " +
                                    ToString(cs) + " is not a finite number");
    }
    if (!(next.bler >= 0.0 && next.bler <= 1.0))
    {
        throw std::invalid_argument("BLER " + FormatGprsNumber(next.bler) + " for " + ToString(cs) +
                                    " out of range [0,1]");
    }
    if (previous != nullptr && !(next.ciDb > previous->ciDb))
    {
        throw std::invalid_argument("C/I " + FormatGprsNumber(next.ciDb) +
                                    " not greater than previous " +
                                    FormatGprsNumber(previous->ciDb) + " for " + ToString(cs));
    }
    if (previous != nullptr && next.bler > previous->bler)
    {
        throw std::invalid_argument("BLER " + FormatGprsNumber(next.bler) +
                                    " greater than previous " + FormatGprsNumber(previous->bler) +
                                    " for " + ToString(cs) + " (BLER must not increase with C/I)");
    }
}

} // namespace ns3
