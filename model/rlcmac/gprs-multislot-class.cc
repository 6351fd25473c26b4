/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-multislot-class.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{
// Minimum gaps that Table B.1 gives as notes or in symbol periods, in whole timeslots (see the
// header): notes a), b), c) are 1 with frequency hopping or an Rx/Tx change; to = 31 symbols.
constexpr uint8_t kNoteA = 1;     //!< note a)
constexpr uint8_t kNoteB = 1;     //!< note b)
constexpr uint8_t kNoteC = 1;     //!< note c)
constexpr uint8_t kOnePlusTo = 2; //!< "1+to" rounded up to whole timeslots
constexpr uint8_t kTo = 1;        //!< "to" rounded up to whole timeslots
constexpr auto kNa = std::nullopt;

// 3GPP TS 45.002 Annex B, Table B.1 (Rel-6 and later); cross-checked against osmo-pcu
// src/mslot_class.c. Columns: class, Rx, Tx, Sum, Tta, Ttb, Tra, Trb, type.
constexpr std::array<GprsMultislotClass, GprsMultislotClass::kMaxClass> kTable = {{
    {1, 1, 1, 2, 3, 2, 4, 2, 1},
    {2, 2, 1, 3, 3, 2, 3, 1, 1},
    {3, 2, 2, 3, 3, 2, 3, 1, 1},
    {4, 3, 1, 4, 3, 1, 3, 1, 1},
    {5, 2, 2, 4, 3, 1, 3, 1, 1},
    {6, 3, 2, 4, 3, 1, 3, 1, 1},
    {7, 3, 3, 4, 3, 1, 3, 1, 1},
    {8, 4, 1, 5, 3, 1, 2, 1, 1},
    {9, 3, 2, 5, 3, 1, 2, 1, 1},
    {10, 4, 2, 5, 3, 1, 2, 1, 1},
    {11, 4, 3, 5, 3, 1, 2, 1, 1},
    {12, 4, 4, 5, 2, 1, 2, 1, 1},
    {13, 3, 3, kNa, kNa, kNoteA, 3, kNoteA, 2},
    {14, 4, 4, kNa, kNa, kNoteA, 3, kNoteA, 2},
    {15, 5, 5, kNa, kNa, kNoteA, 3, kNoteA, 2},
    {16, 6, 6, kNa, kNa, kNoteA, 2, kNoteA, 2},
    {17, 7, 7, kNa, kNa, kNoteA, 1, 0, 2},
    {18, 8, 8, kNa, kNa, 0, 0, 0, 2},
    {19, 6, 2, kNa, 3, kNoteB, 2, kNoteC, 1},
    {20, 6, 3, kNa, 3, kNoteB, 2, kNoteC, 1},
    {21, 6, 4, kNa, 3, kNoteB, 2, kNoteC, 1},
    {22, 6, 4, kNa, 2, kNoteB, 2, kNoteC, 1},
    {23, 6, 6, kNa, 2, kNoteB, 2, kNoteC, 1},
    {24, 8, 2, kNa, 3, kNoteB, 2, kNoteC, 1},
    {25, 8, 3, kNa, 3, kNoteB, 2, kNoteC, 1},
    {26, 8, 4, kNa, 3, kNoteB, 2, kNoteC, 1},
    {27, 8, 4, kNa, 2, kNoteB, 2, kNoteC, 1},
    {28, 8, 6, kNa, 2, kNoteB, 2, kNoteC, 1},
    {29, 8, 8, kNa, 2, kNoteB, 2, kNoteC, 1},
    {30, 5, 1, 6, 2, 1, 1, 1, 1},
    {31, 5, 2, 6, 2, 1, 1, 1, 1},
    {32, 5, 3, 6, 2, 1, 1, 1, 1},
    {33, 5, 4, 6, 2, 1, 1, 1, 1},
    {34, 5, 5, 6, 2, 1, 1, 1, 1},
    {35, 5, 1, 6, 2, 1, kOnePlusTo, 1, 1},
    {36, 5, 2, 6, 2, 1, kOnePlusTo, 1, 1},
    {37, 5, 3, 6, 2, 1, kOnePlusTo, 1, 1},
    {38, 5, 4, 6, 2, 1, kOnePlusTo, 1, 1},
    {39, 5, 5, 6, 2, 1, kOnePlusTo, 1, 1},
    {40, 6, 1, 7, 1, 1, 1, kTo, 1},
    {41, 6, 2, 7, 1, 1, 1, kTo, 1},
    {42, 6, 3, 7, 1, 1, 1, kTo, 1},
    {43, 6, 4, 7, 1, 1, 1, kTo, 1},
    {44, 6, 5, 7, 1, 1, 1, kTo, 1},
    {45, 6, 6, 7, 1, 1, 1, kTo, 1},
}};

/// The mobile sends uplink TN n three timeslots after it receives downlink TN n, less the
/// timing advance (TS 45.002 clause 4.3.1, TS 45.010 clause 6).
constexpr int kUplinkDelayTimeslots = 3;

/// What a type 1 mobile does in one timeslot of its TDMA frame.
enum class Activity : uint8_t
{
    IDLE,
    RX,
    TX,
};

/// Contiguous TNs first .. first + count - 1.
GprsTimeslotSet
Contiguous(int first, int count)
{
    return GprsTimeslotSet((1UL << count) - 1) << first;
}

/// Sums of 1 / (n + 1) are counted in units of 1 / kShareUnit, the least common multiple of
/// 1..20: exact (so ties are ties) while at most 19 mobiles hold a TN.
constexpr uint64_t kShareUnit = 232792560;

/// \return the capacity a newcomer gets on \p set in timeslots, each shared equally with the
/// mobiles of \p load already there, in units of 1 / kShareUnit
uint64_t
Share(GprsTimeslotSet set, const std::array<uint32_t, kGprsTimeslotsPerTdmaFrame>& load)
{
    uint64_t share = 0;
    for (int tn = 0; tn < kGprsTimeslotsPerTdmaFrame; ++tn)
    {
        share += set.test(tn) ? kShareUnit / (uint64_t{load[tn]} + 1) : 0;
    }
    return share;
}

/// \return the most mobiles of \p load on one TN of \p set
uint32_t
Peak(GprsTimeslotSet set, const std::array<uint32_t, kGprsTimeslotsPerTdmaFrame>& load)
{
    uint32_t peak = 0;
    for (int tn = 0; tn < kGprsTimeslotsPerTdmaFrame; ++tn)
    {
        peak = set.test(tn) ? std::max(peak, load[tn]) : peak;
    }
    return peak;
}

/// How good a candidate pair of timeslot sets is (GprsAllocateTimeslots).
struct Rank
{
    uint32_t uplinkPeak;    //!< most mobiles already on one of its uplink TNs
    uint64_t downlinkShare; //!< Share() of its downlink set
    uint64_t uplinkShare;   //!< Share() of its uplink set

    /// \return whether this candidate beats \p other
    bool IsBetterThan(const Rank& other) const
    {
        if (uplinkPeak != other.uplinkPeak)
        {
            return uplinkPeak < other.uplinkPeak;
        }
        if (downlinkShare != other.downlinkShare)
        {
            return downlinkShare > other.downlinkShare;
        }
        return uplinkShare > other.uplinkShare;
    }
};

void
CheckRange(const char* what, int value, int min, int max)
{
    if (value < min || value > max)
    {
        throw std::invalid_argument(std::string("invalid ") + what + " " + std::to_string(value) +
                                    " (allowed: " + std::to_string(min) + ".." +
                                    std::to_string(max) + ")");
    }
}
} // namespace

const GprsMultislotClass&
GprsMultislotClass::Get(int msClass)
{
    if (msClass < kMinClass || msClass > kMaxClass)
    {
        throw std::invalid_argument("unknown multislot class " + std::to_string(msClass) +
                                    " (allowed: " + std::to_string(kMinClass) + ".." +
                                    std::to_string(kMaxClass) + ")");
    }
    return kTable[msClass - kMinClass];
}

bool
GprsMultislotClass::Allows(GprsTimeslotSet rx, GprsTimeslotSet tx) const
{
    if (rx.count() > maxRx || tx.count() > maxTx || (sum && rx.count() + tx.count() > *sum))
    {
        return false;
    }
    if (type == 2 || rx.none() || tx.none())
    {
        // Full duplex, or only one direction: no switching between Rx and Tx to fit in.
        return true;
    }
    std::array<Activity, kGprsTimeslotsPerTdmaFrame> frame{};
    for (int tn = 0; tn < kGprsTimeslotsPerTdmaFrame; ++tn)
    {
        if (rx.test(tn))
        {
            frame[tn] = Activity::RX;
        }
    }
    for (int tn = 0; tn < kGprsTimeslotsPerTdmaFrame; ++tn)
    {
        if (tx.test(tn))
        {
            auto& slot = frame[(tn + kUplinkDelayTimeslots) % kGprsTimeslotsPerTdmaFrame];
            if (slot != Activity::IDLE)
            {
                return false;
            }
            slot = Activity::TX;
        }
    }
    // Walk the circular frame from one burst to the next, checking each idle gap.
    bool canMeasure = false;
    for (int from = 0; from < kGprsTimeslotsPerTdmaFrame; ++from)
    {
        if (frame[from] == Activity::IDLE)
        {
            continue;
        }
        int gap = 0;
        int to = (from + 1) % kGprsTimeslotsPerTdmaFrame;
        while (frame[to] == Activity::IDLE)
        {
            ++gap;
            to = (to + 1) % kGprsTimeslotsPerTdmaFrame;
        }
        const bool toTx = frame[to] == Activity::TX;
        if (frame[from] != frame[to] && gap < (toTx ? ttb : trb))
        {
            return false;
        }
        canMeasure = canMeasure || gap >= (toTx ? *tta : tra);
    }
    return canMeasure;
}

void
GprsTimeslotLoad::Add(const GprsMsTimeslots& ts)
{
    for (int tn = 0; tn < kGprsTimeslotsPerTdmaFrame; ++tn)
    {
        downlink[tn] += ts.downlink.test(tn) ? 1 : 0;
        uplink[tn] += ts.uplink.test(tn) ? 1 : 0;
    }
}

std::vector<GprsTimeslotCandidate>
GprsTimeslotCandidates(int msClass, int numPdch, int firstTimeslot)
{
    const auto& ms = GprsMultislotClass::Get(msClass);
    CheckRange("number of PDCHs", numPdch, 1, kGprsTimeslotsPerTdmaFrame);
    CheckRange("first PDCH timeslot", firstTimeslot, 0, kGprsTimeslotsPerTdmaFrame - numPdch);
    const int end = firstTimeslot + numPdch;
    std::vector<GprsTimeslotCandidate> candidates;
    // In the tie-break order: first TN of D, wider D, first TN of U, wider U.
    for (int dlFirst = firstTimeslot; dlFirst < end; ++dlFirst)
    {
        for (int dlCount = std::min<int>(ms.maxRx, end - dlFirst); dlCount >= 1; --dlCount)
        {
            const auto downlink = Contiguous(dlFirst, dlCount);
            for (int ulFirst = firstTimeslot; ulFirst < end; ++ulFirst)
            {
                for (int ulCount = std::min<int>(ms.maxTx, end - ulFirst); ulCount >= 1; --ulCount)
                {
                    const auto uplink = Contiguous(ulFirst, ulCount);
                    if ((downlink & uplink).any() && ms.Allows(downlink | uplink, uplink))
                    {
                        candidates.push_back({downlink, uplink});
                    }
                }
            }
        }
    }
    if (candidates.empty())
    {
        // Every row of Table B.1 allows one Rx and one Tx slot on the same TN; a table edit
        // that breaks this must not go unnoticed.
        throw std::logic_error("multislot class " + std::to_string(msClass) +
                               " allows no single-slot TBF");
    }
    return candidates;
}

GprsMsTimeslots
GprsAllocateTimeslots(const std::vector<GprsTimeslotCandidate>& candidates,
                      const GprsTimeslotLoad& load)
{
    std::optional<Rank> best;
    GprsMsTimeslots result;
    for (const auto& [downlink, uplink] : candidates)
    {
        const Rank rank{Peak(uplink, load.uplink),
                        Share(downlink, load.downlink),
                        Share(uplink, load.uplink)};
        if (!best || rank.IsBetterThan(*best))
        {
            best = rank;
            result.downlink = downlink;
            result.uplink = uplink;
        }
    }
    if (!best)
    {
        throw std::invalid_argument("GPRS timeslot allocation: no candidate timeslot sets");
    }
    const auto common = result.downlink & result.uplink;
    result.ackTn = -1;
    for (int tn = 0; tn < kGprsTimeslotsPerTdmaFrame; ++tn)
    {
        if (common.test(tn) && (result.ackTn < 0 || load.uplink[tn] < load.uplink[result.ackTn]))
        {
            result.ackTn = tn;
        }
    }
    return result;
}

GprsMsTimeslots
GprsAllocateTimeslots(int msClass, const GprsTimeslotLoad& load, int numPdch, int firstTimeslot)
{
    return GprsAllocateTimeslots(GprsTimeslotCandidates(msClass, numPdch, firstTimeslot), load);
}

GprsTbfTimeslots
GprsAssignTbfTimeslots(int msClass, int numPdch, int firstTimeslot)
{
    const auto ts = GprsAllocateTimeslots(msClass, GprsTimeslotLoad{}, numPdch, firstTimeslot);
    return {{ts.downlink, Contiguous(ts.ackTn, 1)}, {ts.uplink, ts.uplink}};
}

} // namespace ns3
