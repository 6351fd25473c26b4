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
        : radio(ns3::GprsRadioConditions::FromSchedule(spec))
    {
    }

    const ns3::GprsRadioConditions& GetRadioConditions() const override
    {
        return radio;
    }

    ns3::GprsGilbertElliott* GetGilbertElliott() override
    {
        return ge ? &*ge : nullptr;
    }

    ns3::GprsRadioConditions radio;            //!< C/I over time
    std::optional<ns3::GprsGilbertElliott> ge; //!< burst losses, if used
};

} // namespace gprs_test

#endif /* GPRS_FAKE_RADIO_SOURCE_H */
