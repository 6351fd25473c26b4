/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_FAKE_RADIO_SOURCE_H
#define GPRS_FAKE_RADIO_SOURCE_H

#include "ns3/gprs-radio-link.h"

#include <optional>
#include <string>

namespace gprs_test
{

/// A mobile with a C/I schedule and, if asked for, a Gilbert-Elliott process.
class FakeMobile : public ns3::GprsRadioSource
{
  public:
    explicit FakeMobile(const std::string& spec)
        : ns3::GprsRadioSource(ns3::GprsRadioConditions::FromSchedule(spec))
    {
    }

    /// \param spec outages to add, as GprsRadioConditions::AddOutages() reads them
    void AddOutages(const std::string& spec)
    {
        m_radio.AddOutages(spec);
    }

    /// Lose blocks with a Gilbert-Elliott process of these parameters instead of the curves.
    ns3::GprsGilbertElliott& UseGilbertElliott(double pGoodToBad,
                                               double pBadToGood,
                                               double lossGood,
                                               double lossBad)
    {
        m_useGilbertElliott = true;
        return m_ge.emplace(pGoodToBad, pBadToGood, lossGood, lossBad);
    }

  private:
    ns3::GprsGilbertElliott* MakeGilbertElliott() override
    {
        return nullptr; // UseGilbertElliott() builds it
    }
};

} // namespace gprs_test

#endif /* GPRS_FAKE_RADIO_SOURCE_H */
