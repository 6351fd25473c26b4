/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-gilbert-elliott.h"

#include <limits>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{
/// Throws unless value is in [0, 1] (NaN included in the rejection).
void
CheckUnit(const char* name, double value)
{
    if (!(value >= 0.0 && value <= 1.0))
    {
        std::ostringstream msg;
        msg << "GprsGilbertElliott: " << name << " = " << value
            << " is not a probability (allowed: 0..1)";
        throw std::invalid_argument(msg.str());
    }
}

/// Mean of a geometric sojourn that ends with probability p per step.
double
MeanSojourn(double p)
{
    return p > 0.0 ? 1.0 / p : std::numeric_limits<double>::infinity();
}
} // namespace

GprsGilbertElliott::GprsGilbertElliott(double pGoodToBad,
                                       double pBadToGood,
                                       double lossGood,
                                       double lossBad,
                                       bool startBad)
    : m_pGoodToBad(pGoodToBad),
      m_pBadToGood(pBadToGood),
      m_lossGood(lossGood),
      m_lossBad(lossBad),
      m_bad(startBad)
{
    CheckUnit("pGoodToBad", pGoodToBad);
    CheckUnit("pBadToGood", pBadToGood);
    CheckUnit("lossGood", lossGood);
    CheckUnit("lossBad", lossBad);
}

bool
GprsGilbertElliott::NextBlockLost(double uTransition, double uLoss)
{
    CheckUnit("uTransition", uTransition);
    CheckUnit("uLoss", uLoss);
    if (uTransition < (m_bad ? m_pBadToGood : m_pGoodToBad))
    {
        m_bad = !m_bad;
    }
    return uLoss < (m_bad ? m_lossBad : m_lossGood);
}

bool
GprsGilbertElliott::IsBad() const
{
    return m_bad;
}

double
GprsGilbertElliott::GetSteadyStateBadProbability() const
{
    const double total = m_pGoodToBad + m_pBadToGood;
    if (total == 0.0)
    {
        return m_bad ? 1.0 : 0.0;
    }
    return m_pGoodToBad / total;
}

double
GprsGilbertElliott::GetMeanLossRate() const
{
    const double piBad = GetSteadyStateBadProbability();
    return (1.0 - piBad) * m_lossGood + piBad * m_lossBad;
}

double
GprsGilbertElliott::GetMeanBadBurstLength() const
{
    return MeanSojourn(m_pBadToGood);
}

double
GprsGilbertElliott::GetMeanGoodBurstLength() const
{
    return MeanSojourn(m_pGoodToBad);
}

} // namespace ns3
