/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CELL_SETTINGS_H
#define GPRS_CELL_SETTINGS_H

#include "gprs-tbf-controller.h"

#include "ns3/gprs-ccch-settings.h"
#include "ns3/gprs-llc-link.h"
#include "ns3/gprs-scheduler.h"
#include "ns3/ptr.h"
#include "ns3/type-id.h"

#include <string>

/**
 * \file
 * \ingroup gprs
 * The attributes of a cell (GprsPcu): its own, its TBFs' and its logical links'.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Every attribute of a cell and the check that they fit together. A base of GprsPcu, so that
 * the attributes keep their names (`ns3::GprsPcu::NumberOfPdchs`, ...) and order: the cell's
 * own, then GprsTbfSettings', GprsCcchSettings' and GprsLlcSettings'.
 */
struct GprsCellSettings : public GprsTbfSettings, public GprsCcchSettings, public GprsLlcSettings
{
    /**
     * Add every attribute of the cell to the TypeId of a class derived from GprsCellSettings.
     * \param tid the TypeId
     * \return tid
     */
    static TypeId AddAttributes(TypeId tid);

    /**
     * Check that the attributes fit together, as the cell does before it starts: ns-3 sets
     * attributes one by one, so their checkers cannot (T3193 after T3192, the access delays'
     * ranges, the CCCH's blocks, LLC and SNDCP sizes, both link adaptations' own attributes). Lets
     * a program refuse a bad configuration before it builds a simulation. \throws
     * std::invalid_argument naming the values that contradict each other
     */
    void CheckConfiguration() const;

    uint32_t m_numPdch;             //!< PDCHs in the cell
    std::string m_blerFile;         //!< user BLER table, or empty
    Ptr<GprsScheduler> m_scheduler; //!< who gets each PDCH
};

} // namespace ns3

#endif /* GPRS_CELL_SETTINGS_H */
