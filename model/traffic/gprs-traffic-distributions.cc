/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-traffic-distributions.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{

/**
 * Throw naming a value and what is allowed.
 * \param what the value's name
 * \param value the value
 * \param allowed what is allowed
 */
[[noreturn]] void
Refuse(const std::string& what, double value, const std::string& allowed)
{
    std::ostringstream msg;
    msg << what << " = " << value << " is out of range (allowed: " << allowed << ")";
    throw std::invalid_argument(msg.str());
}

/// Throws unless u is in [0, 1) (NaN included in the rejection).
void
CheckDraw(const std::string& what, double u)
{
    if (!(u >= 0 && u < 1))
    {
        Refuse(what + ": uniform draw", u, "0 <= u < 1");
    }
}

/**
 * \param a exponent
 * \param k lower bound
 * \param m upper bound
 * \return the integral of x^(a - 1) from k to m (ln(m / k) when a = 0)
 */
double
PowerIntegral(double a, double k, double m)
{
    return a == 0 ? std::log(m / k) : (std::pow(m, a) - std::pow(k, a)) / a;
}

} // namespace

GprsTruncatedPareto::GprsTruncatedPareto(double shape, double scale, double cutoff)
    : m_shape(shape),
      m_scale(scale),
      m_cutoff(cutoff)
{
    if (!(shape > 0 && std::isfinite(shape)))
    {
        Refuse("GprsTruncatedPareto: shape", shape, "a finite number > 0");
    }
    if (!(scale > 0 && std::isfinite(scale)))
    {
        Refuse("GprsTruncatedPareto: scale", scale, "a finite number > 0");
    }
    if (!(cutoff >= scale && std::isfinite(cutoff)))
    {
        Refuse("GprsTruncatedPareto: cutoff", cutoff, "a finite number >= the scale");
    }
}

double
GprsTruncatedPareto::Draw(double u) const
{
    CheckDraw("GprsTruncatedPareto", u);
    return std::min(m_scale * std::pow(1 - u, -1 / m_shape), m_cutoff);
}

double
GprsTruncatedPareto::GetMean() const
{
    // P(X > x) = 1 below k and (k/x)^alpha from k to m.
    return m_scale + std::pow(m_scale, m_shape) * PowerIntegral(1 - m_shape, m_scale, m_cutoff);
}

double
GprsTruncatedPareto::GetVariance() const
{
    const double second = m_scale * m_scale + 2 * std::pow(m_scale, m_shape) *
                                                  PowerIntegral(2 - m_shape, m_scale, m_cutoff);
    const double mean = GetMean();
    return second - mean * mean;
}

uint32_t
DrawGprsGeometric(double mean, double u)
{
    if (!(mean >= 1 && std::isfinite(mean)))
    {
        Refuse("geometric count: mean", mean, "a finite number >= 1");
    }
    CheckDraw("geometric count", u);
    if (mean == 1)
    {
        return 1;
    }
    const double n = 1 + std::floor(std::log(1 - u) / std::log(1 - 1 / mean));
    return n >= std::numeric_limits<uint32_t>::max() ? std::numeric_limits<uint32_t>::max()
                                                     : static_cast<uint32_t>(n);
}

double
GetGprsGeometricVariance(double mean)
{
    const double p = 1 / mean;
    return (1 - p) / (p * p);
}

double
DrawGprsExponential(double mean, double u)
{
    if (!(mean >= 0 && std::isfinite(mean)))
    {
        Refuse("exponential time: mean", mean, "a finite number >= 0");
    }
    CheckDraw("exponential time", u);
    return -mean * std::log(1 - u);
}

} // namespace ns3
