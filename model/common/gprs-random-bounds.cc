/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-random-bounds.h"

#include "ns3/double.h"
#include "ns3/integer.h"
#include "ns3/pointer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Deepest nesting of random variables read (a SequentialRandomVariable's Increment is one).
constexpr int kMaxDepth = 8;

/**
 * \param rv a random variable
 * \param name one of its numeric attributes
 * \return its value, or nothing if it has no such attribute or it is not a number
 */
std::optional<double>
ReadNumber(const RandomVariableStream& rv, const std::string& name)
{
    TypeId::AttributeInformation info;
    if (!rv.GetInstanceTypeId().LookupAttributeByName(name, &info))
    {
        return std::nullopt;
    }
    const Ptr<AttributeValue> value = info.checker->Create();
    if (!rv.GetAttributeFailSafe(name, *value))
    {
        return std::nullopt;
    }
    if (const auto* d = dynamic_cast<const DoubleValue*>(PeekPointer(value)))
    {
        return d->Get();
    }
    if (const auto* i = dynamic_cast<const IntegerValue*>(PeekPointer(value)))
    {
        return static_cast<double>(i->Get());
    }
    if (const auto* u = dynamic_cast<const UintegerValue*>(PeekPointer(value)))
    {
        return static_cast<double>(u->Get());
    }
    return std::nullopt;
}

/// \param problem why the range is not known \return a range that says so
GprsRandomRange
Unknown(const std::string& problem)
{
    return {-kInf, kInf, problem};
}

/**
 * The values of a variable that redraws every value above a bound (ns-3's Exponential, Pareto
 * and Weibull: "if (bound == 0 || r <= bound) return r;").
 * \param lo the smallest value it draws without the bound
 * \param hi the largest
 * \param bound the bound, 0 for none
 * \return the range with the bound
 */
GprsRandomRange
WithUpperBound(double lo, double hi, double bound)
{
    if (bound == 0)
    {
        return {lo, hi, ""};
    }
    if (bound < lo)
    {
        return Unknown("every value it draws is above its Bound, so it draws none (ns-3 draws "
                       "again for ever)");
    }
    return {lo, std::min(hi, bound), ""};
}

/// \param scale a factor \return the range of scale * x for x >= 0 unbounded, 0 if scale is 0
GprsRandomRange
ScaledHalfLine(double scale)
{
    return scale > 0 ? GprsRandomRange{0, kInf, ""}
                     : (scale < 0 ? GprsRandomRange{-kInf, 0, ""} : GprsRandomRange{0, 0, ""});
}

GprsRandomRange Range(const RandomVariableStream& rv, int depth);

/// \param rv a SequentialRandomVariable \param depth nesting \return its range
GprsRandomRange
SequentialRange(const RandomVariableStream& rv, int depth)
{
    const auto min = ReadNumber(rv, "Min");
    const auto max = ReadNumber(rv, "Max");
    PointerValue pointer;
    if (!min || !max || !rv.GetAttributeFailSafe("Increment", pointer) || !pointer.Get<Object>())
    {
        return Unknown("its attributes cannot be read");
    }
    const Ptr<const RandomVariableStream> increment =
        DynamicCast<const RandomVariableStream>(pointer.Get<Object>());
    if (!increment)
    {
        return Unknown("its Increment is not a random variable");
    }
    const GprsRandomRange step = Range(*increment, depth + 1);
    if (!step.problem.empty())
    {
        return Unknown("its Increment " + GetGprsRandomVariableText(increment) + ": " +
                       step.problem);
    }
    // ns-3: value = current; current += increment; if (current >= Max) current = Min +
    // (current - Max). A negative step can go down for ever; a step larger than Max - Min (or
    // Max <= Min, any step) can climb for ever as each wrap leaves more than it takes.
    const double lo = step.min < 0 ? -kInf : *min;
    const bool wrapsBack = *max > *min && step.max <= *max - *min;
    const bool stays = *max == *min && step.min == 0 && step.max == 0;
    return {lo, wrapsBack ? std::max(*max, *min) : (stays ? *min : kInf), ""};
}

/**
 * \param rv a random variable
 * \param depth its nesting
 * \return its range
 */
GprsRandomRange
Range(const RandomVariableStream& rv, int depth)
{
    if (depth > kMaxDepth)
    {
        return Unknown("random variables nested more than " + std::to_string(kMaxDepth) + " deep");
    }
    const std::string type = rv.GetInstanceTypeId().GetName();
    const auto read = [&rv](const std::string& name) { return ReadNumber(rv, name); };
    if (type == "ns3::ConstantRandomVariable")
    {
        const auto c = read("Constant");
        return c ? GprsRandomRange{*c, *c, ""} : Unknown("its Constant cannot be read");
    }
    if (type == "ns3::UniformRandomVariable")
    {
        const auto a = read("Min");
        const auto b = read("Max");
        return a && b ? GprsRandomRange{std::min(*a, *b), std::max(*a, *b), ""}
                      : Unknown("its Min and Max cannot be read");
    }
    if (type == "ns3::SequentialRandomVariable")
    {
        return SequentialRange(rv, depth);
    }
    if (type == "ns3::ExponentialRandomVariable")
    {
        // -Mean * log(u), u in (0, 1]
        const auto mean = read("Mean");
        const auto bound = read("Bound");
        if (!mean || !bound)
        {
            return Unknown("its Mean and Bound cannot be read");
        }
        const GprsRandomRange r = ScaledHalfLine(*mean);
        return WithUpperBound(r.min, r.max, *bound);
    }
    if (type == "ns3::ParetoRandomVariable")
    {
        // Scale / u^(1 / Shape): the factor is in [1, inf) for Shape > 0, (0, 1] for Shape < 0.
        const auto scale = read("Scale");
        const auto shape = read("Shape");
        const auto bound = read("Bound");
        if (!scale || !shape || !bound)
        {
            return Unknown("its Scale, Shape and Bound cannot be read");
        }
        GprsRandomRange r{-kInf, kInf, ""};
        if (*shape > 0)
        {
            r = *scale >= 0 ? GprsRandomRange{*scale, *scale > 0 ? kInf : 0, ""}
                            : GprsRandomRange{-kInf, *scale, ""};
        }
        else if (*shape < 0)
        {
            r = {std::min(*scale, 0.0), std::max(*scale, 0.0), ""};
        }
        return WithUpperBound(r.min, r.max, *bound);
    }
    if (type == "ns3::WeibullRandomVariable")
    {
        // Scale * (-log u)^(1 / Shape), (-log u) in [0, inf)
        const auto scale = read("Scale");
        const auto bound = read("Bound");
        if (!scale || !bound)
        {
            return Unknown("its Scale and Bound cannot be read");
        }
        const GprsRandomRange r = ScaledHalfLine(*scale);
        return WithUpperBound(r.min, r.max, *bound);
    }
    if (type == "ns3::NormalRandomVariable")
    {
        // Redrawn until |x - Mean| <= Bound.
        const auto mean = read("Mean");
        const auto variance = read("Variance");
        const auto bound = read("Bound");
        if (!mean || !variance || !bound)
        {
            return Unknown("its Mean, Variance and Bound cannot be read");
        }
        if (*variance < 0 || *bound < 0)
        {
            return Unknown("a negative Variance or Bound draws nothing (ns-3 draws again for "
                           "ever)");
        }
        if (*variance == 0)
        {
            return {*mean, *mean, ""};
        }
        const double b = *bound >= NormalRandomVariable::INFINITE_VALUE ? kInf : *bound;
        return {*mean - b, *mean + b, ""};
    }
    if (type == "ns3::LogNormalRandomVariable")
    {
        // exp(Mu + Sigma * N(0, 1))
        const auto mu = read("Mu");
        const auto sigma = read("Sigma");
        if (!mu || !sigma)
        {
            return Unknown("its Mu and Sigma cannot be read");
        }
        return *sigma == 0 ? GprsRandomRange{std::exp(*mu), std::exp(*mu), ""}
                           : GprsRandomRange{0, kInf, ""};
    }
    if (type == "ns3::GammaRandomVariable")
    {
        // Beta times a non-negative value
        const auto beta = read("Beta");
        return beta ? ScaledHalfLine(*beta) : Unknown("its Beta cannot be read");
    }
    if (type == "ns3::ErlangRandomVariable")
    {
        // The sum of K exponential values of mean Lambda
        const auto k = read("K");
        const auto lambda = read("Lambda");
        if (!k || !lambda)
        {
            return Unknown("its K and Lambda cannot be read");
        }
        return *k == 0 ? GprsRandomRange{0, 0, ""} : ScaledHalfLine(*lambda);
    }
    if (type == "ns3::TriangularRandomVariable")
    {
        // Between Min and Max with its peak at 3 Mean - Min - Max; NaN when that is outside.
        const auto mean = read("Mean");
        const auto min = read("Min");
        const auto max = read("Max");
        if (!mean || !min || !max)
        {
            return Unknown("its Mean, Min and Max cannot be read");
        }
        const double mode = 3 * *mean - *min - *max;
        if (!(*min <= mode && mode <= *max))
        {
            std::ostringstream out;
            out << "its peak 3 Mean - Min - Max = " << mode << " is not from Min " << *min
                << " to Max " << *max << ", so it draws NaN";
            return Unknown(out.str());
        }
        return {*min, *max, ""};
    }
    if (type == "ns3::ZipfRandomVariable")
    {
        const auto n = read("N");
        return n ? GprsRandomRange{1, std::max(*n, 1.0), ""} : Unknown("its N cannot be read");
    }
    if (type == "ns3::ZetaRandomVariable")
    {
        return {1, kInf, ""};
    }
    if (type == "ns3::DeterministicRandomVariable")
    {
        return Unknown("its values are set by SetValueArray, not by attributes (with none it "
                       "crashes)");
    }
    if (type == "ns3::EmpiricalRandomVariable")
    {
        return Unknown("its values are set by CDF calls, not by attributes (with none ns-3 "
                       "stops)");
    }
    return Unknown(type + " is not a distribution whose range is known");
}

/// \param x a number \return it as text, "inf" and "-inf" for the infinities
std::string
Number(double x)
{
    std::ostringstream out;
    out << x;
    return out.str();
}

} // namespace

GprsRandomRange
GetGprsRandomRange(Ptr<const RandomVariableStream> rv)
{
    if (!rv)
    {
        return Unknown("no random variable");
    }
    return Range(*rv, 0);
}

std::string
GetGprsRandomVariableText(Ptr<const RandomVariableStream> rv)
{
    if (!rv)
    {
        return "(none)";
    }
    const TypeId tid = rv->GetInstanceTypeId();
    std::string attributes;
    for (std::size_t i = 0; i < tid.GetAttributeN(); ++i)
    {
        const TypeId::AttributeInformation info = tid.GetAttribute(i);
        if (info.supportLevel != TypeId::SupportLevel::SUPPORTED ||
            !(info.flags & TypeId::ATTR_GET)) // e.g. Pareto's deprecated Mean
        {
            continue;
        }
        const Ptr<AttributeValue> value = info.checker->Create();
        if (!rv->GetAttributeFailSafe(info.name, *value))
        {
            continue;
        }
        std::string text = value->SerializeToString(info.checker);
        if (const auto* pointer = dynamic_cast<const PointerValue*>(PeekPointer(value)))
        {
            text = GetGprsRandomVariableText(
                DynamicCast<const RandomVariableStream>(pointer->Get<Object>()));
        }
        attributes += (attributes.empty() ? "" : "|") + info.name + "=" + text;
    }
    return tid.GetName() + (attributes.empty() ? "" : "[" + attributes + "]");
}

void
GprsCheckDelayVariable(const std::string& name, Ptr<const RandomVariableStream> rv, Time maxAllowed)
{
    const GprsRandomRange range = GetGprsRandomRange(rv);
    const double max = maxAllowed.GetSeconds();
    const std::string allowed =
        " (allowed: a distribution of seconds that draws from 0 to " + Number(max) +
        ", such as ns3::UniformRandomVariable[Min=0.1|Max=0.2], or ns3::ExponentialRandomVariable"
        "[Mean=0.5|Bound=" +
        Number(max) + "] with a Bound)";
    const std::string given = name + " " + GetGprsRandomVariableText(rv);
    if (!range.problem.empty())
    {
        throw std::invalid_argument(given + allowed + ": " + range.problem);
    }
    if (!(range.min >= 0 && range.max <= max))
    {
        throw std::invalid_argument(given + allowed + ": it can draw from " + Number(range.min) +
                                    " to " + Number(range.max) + " s");
    }
}

Time
GetGprsMaxTbfEstablishmentDelay()
{
    return Seconds(60);
}

} // namespace ns3
