/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_MULTISLOT_CLASS_H
#define GPRS_MULTISLOT_CLASS_H

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * MS multislot classes (3GPP TS 45.002 Annex B, Table B.1) and the timeslot sets a PCU
 * assigns to a TBF within them.
 */

namespace ns3
{

/// Timeslots per TDMA frame (TS 45.002 clause 4.3.1).
constexpr int kGprsTimeslotsPerTdmaFrame = 8;

/**
 * \ingroup gprs
 * A set of timeslot numbers (TN 0..7) of one TDMA frame: bit n set = TN n used.
 */
using GprsTimeslotSet = std::bitset<kGprsTimeslotsPerTdmaFrame>;

/**
 * \ingroup gprs
 * One row of TS 45.002 Table B.1: what a mobile of a multislot class can receive and transmit
 * per TDMA frame.
 *
 * Minimum gaps (Tta, Ttb, Tra, Trb) are whole timeslots as they constrain a TBF assignment
 * (timing advance 0, so every gap between two bursts is a whole number of timeslots):
 * - notes a), b) and c) of the table ("1 with frequency hopping or a change between Rx and Tx,
 *   0 otherwise") are taken as 1: an assignment always alternates Rx and Tx, and with
 *   frequency hopping the value is 1 anyway;
 * - "1+to" (classes 35-39) is 2 and "to" (classes 40-45) is 1: to is 31 symbol periods, less
 *   than a timeslot, so a whole-timeslot gap is at least 1+to only when it is 2 or more.
 */
struct GprsMultislotClass
{
    uint8_t msClass;            //!< multislot class number, 1..45
    uint8_t maxRx;              //!< maximum receive timeslots per TDMA frame
    uint8_t maxTx;              //!< maximum transmit timeslots per TDMA frame
    std::optional<uint8_t> sum; //!< maximum Rx + Tx timeslots per TDMA frame; empty when "NA"
    std::optional<uint8_t> tta; //!< gap before Tx with a neighbour measurement; empty when "NA"
    uint8_t ttb;                //!< gap from Rx to Tx
    uint8_t tra;                //!< gap before Rx with a neighbour measurement
    uint8_t trb;                //!< gap from Tx to Rx
    uint8_t type;               //!< 1: no simultaneous Rx and Tx; 2: full duplex

    /// Lowest supported class number.
    static constexpr int kMinClass = 1;
    /// Highest supported class number (Table B.1 of TS 45.002 Rel-6 and later).
    static constexpr int kMaxClass = 45;

    /**
     * \param msClass a multislot class number
     * \return the row of TS 45.002 Table B.1 for that class
     * \throws std::invalid_argument when msClass is not in kMinClass..kMaxClass
     */
    static const GprsMultislotClass& Get(int msClass);

    /**
     * Whether the mobile can receive on \p rx and transmit on \p tx in every TDMA frame.
     *
     * Checks the Rx, Tx and Sum limits; for a type 1 mobile also places the bursts on the
     * time axis (uplink TN n is sent 3 timeslots after downlink TN n, timing advance 0) and
     * requires no overlap, at least Ttb timeslots from Rx to Tx, at least Trb from Tx to Rx,
     * and one gap long enough for the neighbour cell measurement of packet transfer mode:
     * Tta before a Tx burst or Tra before an Rx burst (TS 45.002 Annex B.1, B.2).
     *
     * \param rx downlink timeslots the mobile receives (including those it only monitors)
     * \param tx uplink timeslots the mobile transmits on
     * \return true when the configuration is within the class's capability
     */
    bool Allows(GprsTimeslotSet rx, GprsTimeslotSet tx) const;
};

/**
 * \ingroup gprs
 * Timeslots a TBF occupies in each direction.
 */
struct GprsTimeslotAssignment
{
    GprsTimeslotSet downlink; //!< TNs the mobile receives on (data or USF/PACCH monitoring)
    GprsTimeslotSet uplink;   //!< TNs the mobile may transmit on
};

/**
 * \ingroup gprs
 * Timeslot assignments for a downlink TBF and for an uplink TBF of one mobile.
 */
struct GprsTbfTimeslots
{
    GprsTimeslotAssignment downlinkTbf; //!< for a downlink TBF
    GprsTimeslotAssignment uplinkTbf;   //!< for an uplink TBF
};

/**
 * \ingroup gprs
 * The timeslots one mobile holds for all its TBFs (the PCU keeps them for the mobile's life in
 * the cell).
 */
struct GprsMsTimeslots
{
    GprsTimeslotSet downlink; //!< TNs its downlink TBFs receive RLC data blocks on
    GprsTimeslotSet uplink;   //!< TNs its uplink TBFs are granted (USF) and send on
    int ackTn{0};             //!< TN of its polled Packet Downlink Ack/Nack: in both sets
};

/**
 * \ingroup gprs
 * How many mobiles already hold each timeslot of a cell, per direction.
 */
struct GprsTimeslotLoad
{
    std::array<uint32_t, kGprsTimeslotsPerTdmaFrame> downlink{}; //!< mobiles per downlink TN
    std::array<uint32_t, kGprsTimeslotsPerTdmaFrame> uplink{};   //!< mobiles per uplink TN

    /**
     * Count one more mobile on the timeslots of \p ts.
     * \param ts a mobile's timeslots
     */
    void Add(const GprsMsTimeslots& ts);
};

/**
 * \ingroup gprs
 * The timeslots a PCU gives a mobile in a cell whose PDCHs are the contiguous TNs
 * firstTimeslot .. firstTimeslot + numPdch - 1 and whose other mobiles hold \p load.
 *
 * Candidates: a contiguous downlink set D and a contiguous uplink set U of the cell's PDCHs that
 * share a TN, such that the class can receive on D and U (U for the USF, dynamic allocation,
 * TS 44.060 clause 8.1.1.1) while transmitting on U in every TDMA frame:
 * GprsMultislotClass::Allows(D | U, U). Both TBFs may then run at once (TS 44.060 8.1.1.1.2).
 * Among them the rule takes, in this order:
 * 1. the lowest uplink peak, the most mobiles already on one TN of U;
 * 2. the largest downlink share: sum over D of 1 / (mobiles already on the TN + 1);
 * 3. the largest uplink share, the same sum over U;
 * 4. the first met: lowest first TN of D, then wider D, then lowest first TN of U, then wider U.
 * The Ack/Nack TN is the TN of D & U with the fewest mobiles on its uplink, lowest first: the
 * poll (RRBP) reserves the uplink of the TN it was sent on, and a TN of U keeps the mobile's
 * transmissions within U when both TBFs run.
 *
 * In an empty cell this is the widest D from the first PDCH, then the widest U that fits
 * beside it. osmo-pcu's algorithm B (src/alloc_algo.cpp) ranks by capacity instead, which
 * favours the widest D and piles 4+1 mobiles onto one uplink TN (doc/gprs-mac-parts.rst.inc).
 * Extended dynamic allocation (clause 8.1.1.2), which lets a type 1 mobile use more uplink slots by
 * monitoring fewer, is not modelled.
 *
 * \param msClass multislot class number (kMinClass..kMaxClass)
 * \param load mobiles already on each TN (TNs outside the cell are ignored)
 * \param numPdch number of PDCHs in the cell, 1..8
 * \param firstTimeslot TN of the first PDCH, 0..8-numPdch
 * \return the mobile's timeslots
 * \throws std::invalid_argument naming the bad value and the allowed range
 */
GprsMsTimeslots GprsAllocateTimeslots(int msClass,
                                      const GprsTimeslotLoad& load,
                                      int numPdch,
                                      int firstTimeslot = 0);

/**
 * \ingroup gprs
 * A downlink and an uplink timeslot set a multislot class can use together.
 */
struct GprsTimeslotCandidate
{
    GprsTimeslotSet downlink; //!< D
    GprsTimeslotSet uplink;   //!< U
};

/**
 * \ingroup gprs
 * The candidates of GprsAllocateTimeslots (D and U sharing a TN that the class can use), in its
 * tie-break order (rule 4). They depend on the class and the cell, not on the load: a PCU
 * placing many mobiles of one class computes them once (the class check is most of the work).
 * \param msClass multislot class number (kMinClass..kMaxClass)
 * \param numPdch number of PDCHs in the cell, 1..8
 * \param firstTimeslot TN of the first PDCH, 0..8-numPdch
 * \return the candidates, never empty
 * \throws std::invalid_argument naming the bad value and the allowed range
 */
std::vector<GprsTimeslotCandidate> GprsTimeslotCandidates(int msClass,
                                                          int numPdch,
                                                          int firstTimeslot = 0);

/**
 * \ingroup gprs
 * GprsAllocateTimeslots with the candidates of GprsTimeslotCandidates computed beforehand.
 * \param candidates the class's candidates in the cell
 * \param load mobiles already on each TN
 * \return the mobile's timeslots
 * \throws std::invalid_argument if \p candidates is empty
 */
GprsMsTimeslots GprsAllocateTimeslots(const std::vector<GprsTimeslotCandidate>& candidates,
                                      const GprsTimeslotLoad& load);

/**
 * \ingroup gprs
 * The timeslots of a mobile alone in the cell (GprsAllocateTimeslots with no load), per TBF:
 * a downlink TBF receives on the downlink set and answers polls on the Ack/Nack TN; an uplink
 * TBF monitors the USF on, and sends on, the uplink set.
 *
 * \param msClass multislot class number (kMinClass..kMaxClass)
 * \param numPdch number of PDCHs in the cell, 1..8
 * \param firstTimeslot TN of the first PDCH, 0..8-numPdch
 * \return the assignments for a downlink and for an uplink TBF
 * \throws std::invalid_argument naming the bad value and the allowed range
 */
GprsTbfTimeslots GprsAssignTbfTimeslots(int msClass, int numPdch, int firstTimeslot = 0);

} // namespace ns3

#endif /* GPRS_MULTISLOT_CLASS_H */
