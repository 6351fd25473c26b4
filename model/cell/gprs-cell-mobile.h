/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CELL_MOBILE_H
#define GPRS_CELL_MOBILE_H

#include "gprs-bearer.h"

#include "ns3/gprs-multislot-class.h"
#include "ns3/gprs-radio-link.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <array>
#include <cstdint>
#include <map>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * What the cell keeps of one mobile: its two bearers, its timeslots, its radio state.
 */

namespace ns3
{

class GprsCellMsUser;

/**
 * \ingroup gprs
 * \brief One mobile of a cell as the PCU runs it (replaces the PCU's per-mobile record): its
 * index, its side of the boundary (GprsCellMsUser), downlink and uplink bearers, its radio link,
 * and the timeslots of its TBFs.
 */
struct GprsCellMobile
{
    /**
     * \param index the mobile's index in the cell
     * \param user the mobile's side (its device)
     * \param radio its radio link
     */
    GprsCellMobile(uint32_t index, GprsCellMsUser* user, GprsRadioLink radio);

    /**
     * \param dir a direction
     * \return the bearer of that direction
     */
    GprsBearer& GetBearer(GprsDirection dir)
    {
        return dir == GprsDirection::DOWNLINK ? dl : ul;
    }

    /**
     * \param dir a direction
     * \return the bearer of that direction
     */
    const GprsBearer& GetBearer(GprsDirection dir) const
    {
        return dir == GprsDirection::DOWNLINK ? dl : ul;
    }

    /**
     * \param pdch a timeslot
     * \return whether the mobile's downlink TBFs use it
     */
    bool OnDownlinkSlot(uint8_t pdch) const
    {
        return pdch >= dlFirst && pdch < dlFirst + dlCount;
    }

    /**
     * \param pdch a timeslot
     * \return whether the mobile's uplink TBFs use it
     */
    bool OnUplinkSlot(uint8_t pdch) const
    {
        return pdch >= ulFirst && pdch < ulFirst + ulCount;
    }

    /**
     * \param now the time
     * \return whether the mobile listens to PACCH (a downlink TBF, T3192 after one, or an open
     *         uplink TBF): an assignment reaches it there
     */
    bool IsOnPacch(Time now) const;

    /// \return the timeslot of its PACCH: its uplink TBF's, else where it answers polls
    uint8_t GetPacchTn() const;

    /**
     * Give the mobile its timeslots among those of the mobiles placed before it, when the cell
     * starts: spread over the PDCHs, avoiding the busiest (GprsAllocateTimeslots).
     * \param load the timeslots of the mobiles placed so far; this one's are added
     * \param candidates GprsTimeslotCandidates per multislot class, filled as classes appear
     * \param numPdch PDCHs of the cell
     */
    void AllocateTimeslots(GprsTimeslotLoad& load,
                           std::map<int, std::vector<GprsTimeslotCandidate>>& candidates,
                           uint32_t numPdch);

    /// \return whether it has a TBF in any state but NONE or an Ack/Nack owed
    bool NeedsTracking() const
    {
        return dl.tbf.GetState() != GprsTbfState::NONE || ul.tbf.GetState() != GprsTbfState::NONE ||
               dl.ackOwed || ul.ackOwed;
    }

    const uint32_t index;          //!< index in the cell
    GprsCellMsUser* user;          //!< the mobile's side: its device
    GprsBearer dl;                 //!< downlink
    GprsBearer ul;                 //!< uplink
    GprsRadioLink radio;           //!< its radio link: C/I, outages, block losses
    uint8_t dlFirst{0};            //!< first downlink TN of its TBFs
    uint8_t dlCount{0};            //!< downlink TNs
    uint8_t dlAckTn{0};            //!< TN of its polled Packet Downlink Ack/Nack
    uint8_t ulFirst{0};            //!< first uplink TN
    uint8_t ulCount{0};            //!< uplink TNs
    Time awayUntil;                //!< reselecting a cell until then: unreachable
    Time nonDrxUntil;              //!< in non-DRX mode until then (NonDrxTimer after transfer mode)
    bool cellUpdatePending{false}; //!< the network does not know the mobile's cell yet
    bool tracked{false};           //!< among the PCU's tracked mobiles
};

} // namespace ns3

#endif /* GPRS_CELL_MOBILE_H */
