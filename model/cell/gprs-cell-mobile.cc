/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-cell-mobile.h"

#include "gprs-cell-sap.h"

namespace ns3
{

GprsCellMobile::GprsCellMobile(uint32_t index, GprsCellMsUser* user, GprsRadioLink radio)
    : index(index),
      user(user),
      dl(index, GprsDirection::DOWNLINK),
      ul(index, GprsDirection::UPLINK),
      radio(std::move(radio))
{
}

bool
GprsCellMobile::IsOnPacch(Time now) const
{
    return dl.tbf.KeepsMobileOnPacch(now) || ul.tbf.IsOpen();
}

uint8_t
GprsCellMobile::GetPacchTn() const
{
    // One PDCH carries the mobile's PACCH: that of its uplink TBF, else the timeslot where it
    // answers polls of its downlink TBF.
    return ul.tbf.IsOpen() ? ulFirst : dlAckTn;
}

} // namespace ns3
