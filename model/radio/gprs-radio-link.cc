/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-radio-link.h"

#include <algorithm>

namespace ns3
{

GprsRadioSource::GprsRadioSource(GprsRadioConditions radio)
    : m_radio(std::move(radio))
{
}

GprsRadioLink::GprsRadioLink(GprsRadioSource* source,
                             const GprsBlerModel* bler,
                             Ptr<GprsUnitUniformRandomVariable> uniform,
                             std::function<void(double, bool)> onChange)
    : m_source(source),
      m_bler(bler),
      m_uniform(uniform),
      m_onChange(std::move(onChange))
{
}

void
GprsRadioLink::Update(const Time& now)
{
    // C/I and outage change only at the schedule's points: look them up once per change.
    const GprsRadioConditions& radio = m_source->GetRadioConditions();
    const bool outage = radio.IsOutage(now);
    m_validUntil = radio.NextChangeAfter(now);
    Time loadChange = m_validUntil;
    const double ci = radio.GetCiDb(now) + m_source->GetCoChannelCiOffsetDb(now, &loadChange);
    m_validUntil = std::min(m_validUntil, loadChange);
    m_blerCache.fill(-1);
    if (ci != m_ci || outage != m_outage)
    {
        m_ci = ci;
        m_outage = outage;
        m_onChange(ci, outage);
    }
}

double
GprsRadioLink::GetBler(GprsCodingScheme cs) const
{
    if (m_outage)
    {
        return 1.0;
    }
    const GprsGilbertElliott* ge = m_source->GetGilbertElliott();
    return ge ? ge->GetMeanLossRate() : m_bler->GetBler(cs, m_ci);
}

} // namespace ns3
