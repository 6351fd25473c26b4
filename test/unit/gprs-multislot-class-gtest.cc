/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-multislot-class.h"

#include <algorithm>
#include <cstdint>
#include <gtest/gtest.h>
#include <stdexcept>
#include <string>
#include <vector>

using namespace ns3;

namespace
{
/// Expects \p call to throw std::invalid_argument whose message contains every \p parts.
template <typename Call>
void
ExpectInvalid(Call call, std::initializer_list<const char*> parts)
{
    try
    {
        call();
        ADD_FAILURE() << "no exception";
    }
    catch (const std::invalid_argument& e)
    {
        for (const char* part : parts)
        {
            EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
        }
    }
}

/// True when the set bits of \p set form one run.
bool
IsContiguous(GprsTimeslotSet set)
{
    const auto bits = set.to_ulong();
    const auto lowest = bits & (~bits + 1);
    return ((bits + lowest) & bits) == 0;
}

GprsTimeslotSet
Slots(std::initializer_list<int> tns)
{
    GprsTimeslotSet set;
    for (int tn : tns)
    {
        set.set(tn);
    }
    return set;
}
} // namespace

// Rows of TS 45.002 Table B.1, typed in from the standard.
TEST(GprsMultislotClass, TableSpotChecksMatchTs45002)
{
    struct Row
    {
        int msClass, rx, tx, sum, tta, ttb, tra, trb, type;
    };

    // sum/tta -1 = "NA"; a)/b)/c) and "to" resolved as documented in the header.
    const Row rows[] = {
        {1, 1, 1, 2, 3, 2, 4, 2, 1},
        {4, 3, 1, 4, 3, 1, 3, 1, 1},
        {8, 4, 1, 5, 3, 1, 2, 1, 1},
        {10, 4, 2, 5, 3, 1, 2, 1, 1},
        {12, 4, 4, 5, 2, 1, 2, 1, 1},
        {13, 3, 3, -1, -1, 1, 3, 1, 2},
        {18, 8, 8, -1, -1, 0, 0, 0, 2},
        {29, 8, 8, -1, 2, 1, 2, 1, 1},
        {33, 5, 4, 6, 2, 1, 1, 1, 1},
        {35, 5, 1, 6, 2, 1, 2, 1, 1},
        {45, 6, 6, 7, 1, 1, 1, 1, 1},
    };
    for (const auto& row : rows)
    {
        SCOPED_TRACE("class " + std::to_string(row.msClass));
        const auto& c = GprsMultislotClass::Get(row.msClass);
        EXPECT_EQ(c.msClass, row.msClass);
        EXPECT_EQ(c.maxRx, row.rx);
        EXPECT_EQ(c.maxTx, row.tx);
        EXPECT_EQ(c.sum.has_value(), row.sum >= 0);
        EXPECT_EQ(c.sum.value_or(0), std::max(row.sum, 0));
        EXPECT_EQ(c.tta.has_value(), row.tta >= 0);
        EXPECT_EQ(c.tta.value_or(0), std::max(row.tta, 0));
        EXPECT_EQ(c.ttb, row.ttb);
        EXPECT_EQ(c.tra, row.tra);
        EXPECT_EQ(c.trb, row.trb);
        EXPECT_EQ(c.type, row.type);
    }
}

TEST(GprsMultislotClass, WholeTableIsConsistent)
{
    for (int n = GprsMultislotClass::kMinClass; n <= GprsMultislotClass::kMaxClass; ++n)
    {
        SCOPED_TRACE("class " + std::to_string(n));
        const auto& c = GprsMultislotClass::Get(n);
        EXPECT_EQ(c.msClass, n);
        EXPECT_GE(c.maxRx, 1);
        EXPECT_LE(c.maxRx, kGprsTimeslotsPerTdmaFrame);
        EXPECT_GE(c.maxTx, 1);
        EXPECT_LE(c.maxTx, c.maxRx);
        if (c.sum)
        {
            EXPECT_GT(*c.sum, c.maxRx);
            EXPECT_LE(*c.sum, c.maxRx + c.maxTx);
        }
        // Table B.1: only type 2 (13-18) has no Tta; the measurement gap is never shorter.
        EXPECT_EQ(c.type == 2, n >= 13 && n <= 18);
        EXPECT_EQ(c.tta.has_value(), c.type == 1);
        EXPECT_GE(c.tta.value_or(c.ttb), c.ttb);
        EXPECT_GE(c.tra, c.trb);
    }
}

TEST(GprsMultislotClass, RejectsUnknownClassWithMessage)
{
    ExpectInvalid([] { GprsMultislotClass::Get(46); }, {"unknown multislot class 46", "1..45"});
    ExpectInvalid([] { GprsMultislotClass::Get(0); }, {"unknown multislot class 0", "1..45"});
    ExpectInvalid([] { GprsAssignTbfTimeslots(-3, 4); }, {"multislot class -3"});
}

TEST(GprsMultislotClass, RejectsBadCellLayout)
{
    ExpectInvalid([] { GprsAssignTbfTimeslots(8, 0); }, {"number of PDCHs 0", "1..8"});
    ExpectInvalid([] { GprsAssignTbfTimeslots(8, 9); }, {"number of PDCHs 9", "1..8"});
    ExpectInvalid([] { GprsAssignTbfTimeslots(8, 4, 5); }, {"first PDCH timeslot 5", "0..4"});
    ExpectInvalid([] { GprsAssignTbfTimeslots(8, 1, -1); }, {"first PDCH timeslot -1", "0..7"});
    ExpectInvalid([] { GprsAllocateTimeslots(8, GprsTimeslotLoad{}, 9); },
                  {"number of PDCHs 9", "1..8"});
    ExpectInvalid([] { GprsAllocateTimeslots(0, GprsTimeslotLoad{}, 4); },
                  {"unknown multislot class 0"});
}

// Type 1 frame geometry: uplink TN n is sent 3 timeslots after downlink TN n.
TEST(GprsMultislotClass, AllowsChecksType1Geometry)
{
    const auto& c8 = GprsMultislotClass::Get(8); // 4+1, Ttb 1, Tra 2, Trb 1
    // Rx TN 0-3, Tx TN 2 (sent in slot 5): gap Rx->Tx 1 = Ttb, Tx->Rx 2 = Tra: fits.
    EXPECT_TRUE(c8.Allows(Slots({0, 1, 2, 3}), Slots({2})));
    // Tx TN 1 is sent in slot 4, right after Rx TN 3: no time to switch.
    EXPECT_FALSE(c8.Allows(Slots({0, 1, 2, 3}), Slots({1})));
    // Tx TN 3 fits Ttb and Trb but leaves no gap for the neighbour measurement (Tta 3, Tra 2).
    EXPECT_FALSE(c8.Allows(Slots({0, 1, 2, 3}), Slots({3})));
    // Tx TN 0 would be sent in slot 3 while receiving TN 3.
    EXPECT_FALSE(c8.Allows(Slots({0, 1, 2, 3}), Slots({0})));
    // Over Rx / Tx / Sum.
    EXPECT_FALSE(c8.Allows(Slots({0, 1, 2, 3, 4}), Slots({})));
    EXPECT_FALSE(c8.Allows(Slots({0}), Slots({0, 1})));
    EXPECT_FALSE(GprsMultislotClass::Get(10).Allows(Slots({0, 1, 2, 3}), Slots({2, 3})));
    // A type 2 mobile is full duplex: Rx and Tx may overlap in time.
    EXPECT_TRUE(GprsMultislotClass::Get(18).Allows(Slots({0, 1, 2, 3, 4, 5, 6, 7}),
                                                   Slots({0, 1, 2, 3, 4, 5, 6, 7})));
    // Dynamic allocation on 3 uplink TNs: monitoring TN 0-2 and sending TN 0-2 in slots 3-5
    // leaves no Rx->Tx gap (Ttb 1).
    EXPECT_FALSE(GprsMultislotClass::Get(29).Allows(Slots({0, 1, 2}), Slots({0, 1, 2})));
    EXPECT_TRUE(GprsMultislotClass::Get(29).Allows(Slots({0, 1}), Slots({0, 1})));
}

// A mobile alone in the cell: the widest downlink set, then the widest uplink set beside it.
TEST(GprsMultislotClass, AssignsClassicConfigurations)
{
    // Meyer's 4+1 mobile (class 8) on 4 PDCHs at TN 0-3: the single Tx burst fits only on TN 2
    // (TN 1 would be sent right after Rx TN 3; TN 3 leaves no measurement gap).
    auto a = GprsAssignTbfTimeslots(8, 4);
    EXPECT_EQ(a.downlinkTbf.downlink, Slots({0, 1, 2, 3}));
    EXPECT_EQ(a.downlinkTbf.uplink, Slots({2}));
    EXPECT_EQ(a.uplinkTbf.uplink, Slots({2}));
    EXPECT_EQ(a.uplinkTbf.downlink, Slots({2}));

    // Chakravorty's 3+1 phone (class 4), PDCHs at TN 1-4.
    // Uplink TN 1 would be sent right after Rx TN 3; TN 2 leaves Ttb 1 and Tra 3.
    a = GprsAssignTbfTimeslots(4, 4, 1);
    EXPECT_EQ(a.downlinkTbf.downlink, Slots({1, 2, 3}));
    EXPECT_EQ(a.downlinkTbf.uplink, Slots({2}));
    EXPECT_EQ(a.uplinkTbf.uplink, Slots({2}));

    // Class 10 (4+2, Sum 5) and class 12 (4+4, Sum 5): 4 Rx leave room for 1 Tx only.
    for (int msClass : {10, 12})
    {
        a = GprsAssignTbfTimeslots(msClass, 8);
        EXPECT_EQ(a.downlinkTbf.downlink, Slots({0, 1, 2, 3}));
        EXPECT_EQ(a.uplinkTbf.uplink, Slots({2}));
    }

    // Class 9 (3+2, Sum 5) on 3 PDCHs: Rx TN 0-2, Tx TN 1-2 sent in slots 4-5: Ttb 1, Tra 2.
    a = GprsAssignTbfTimeslots(9, 3);
    EXPECT_EQ(a.downlinkTbf.downlink, Slots({0, 1, 2}));
    EXPECT_EQ(a.downlinkTbf.uplink, Slots({1}));
    EXPECT_EQ(a.uplinkTbf.uplink, Slots({1, 2}));

    // Type 2 class 18 takes the whole cell both ways; the Ack/Nack goes on the first TN.
    a = GprsAssignTbfTimeslots(18, 8);
    EXPECT_EQ(a.downlinkTbf.downlink.count(), 8U);
    EXPECT_EQ(a.downlinkTbf.uplink, Slots({0}));
    EXPECT_EQ(a.uplinkTbf.uplink.count(), 8U);

    // Type 1 class 29 (8+8, Sum NA): beside one Tx burst with Ttb, Trb and a measurement gap
    // only 4 Rx slots fit.
    a = GprsAssignTbfTimeslots(29, 8);
    EXPECT_EQ(a.downlinkTbf.downlink, Slots({0, 1, 2, 3}));
    EXPECT_EQ(a.uplinkTbf.uplink, Slots({2}));

    // A one-PDCH cell limits everyone to that PDCH.
    a = GprsAssignTbfTimeslots(12, 1, 7);
    EXPECT_EQ(a.downlinkTbf.downlink, Slots({7}));
    EXPECT_EQ(a.downlinkTbf.uplink, Slots({7}));
    EXPECT_EQ(a.uplinkTbf.uplink, Slots({7}));
}

namespace
{
/// Allocates \p mobiles mobiles of class \p msClass one after the other on TN 0..numPdch-1.
std::vector<GprsMsTimeslots>
FillCell(int msClass, int numPdch, int mobiles, GprsTimeslotLoad& load)
{
    std::vector<GprsMsTimeslots> out;
    for (int i = 0; i < mobiles; ++i)
    {
        out.push_back(GprsAllocateTimeslots(msClass, load, numPdch));
        load.Add(out.back());
    }
    return out;
}

/// Checks what every allocation must satisfy, whatever the load.
void
ExpectWithinClassAndCell(int msClass,
                         int numPdch,
                         int first,
                         const GprsTimeslotLoad& load,
                         const GprsMsTimeslots& a)
{
    const auto& c = GprsMultislotClass::Get(msClass);
    const auto cell = GprsTimeslotSet(((1UL << numPdch) - 1) << first);
    // Both TBFs at once: receive the downlink set and the USF of the uplink set, send on it.
    EXPECT_TRUE(c.Allows(a.downlink | a.uplink, a.uplink));
    EXPECT_GE(a.downlink.count(), 1U);
    EXPECT_GE(a.uplink.count(), 1U);
    EXPECT_EQ(a.downlink & ~cell, GprsTimeslotSet());
    EXPECT_EQ(a.uplink & ~cell, GprsTimeslotSet());
    EXPECT_TRUE(IsContiguous(a.downlink));
    EXPECT_TRUE(IsContiguous(a.uplink));
    // The poll and its answer use one TN the mobile receives and may send on.
    ASSERT_GE(a.ackTn, 0);
    ASSERT_LT(a.ackTn, kGprsTimeslotsPerTdmaFrame);
    EXPECT_TRUE(a.downlink.test(a.ackTn));
    EXPECT_TRUE(a.uplink.test(a.ackTn));
    // Rule 1: no uplink TN the class can use is less loaded than the busiest one taken. Any TN
    // of a valid uplink set is itself a valid one-slot set, so one-slot sets are enough.
    uint32_t peak = 0;
    uint32_t lowest = UINT32_MAX;
    for (int tn = first; tn < first + numPdch; ++tn)
    {
        peak = a.uplink.test(tn) ? std::max(peak, load.uplink[tn]) : peak;
        if (c.Allows(Slots({tn}), Slots({tn})))
        {
            lowest = std::min(lowest, load.uplink[tn]);
        }
    }
    EXPECT_EQ(peak, lowest);
}
} // namespace

TEST(GprsTimeslotAllocation, AllocationsStayWithinClassAndCell)
{
    for (int n = GprsMultislotClass::kMinClass; n <= GprsMultislotClass::kMaxClass; ++n)
    {
        const auto& c = GprsMultislotClass::Get(n);
        for (int pdchs = 1; pdchs <= kGprsTimeslotsPerTdmaFrame; ++pdchs)
        {
            for (int first = 0; first + pdchs <= kGprsTimeslotsPerTdmaFrame; ++first)
            {
                SCOPED_TRACE("class " + std::to_string(n) + ", " + std::to_string(pdchs) +
                             " PDCHs from TN " + std::to_string(first));
                const auto a = GprsAllocateTimeslots(n, GprsTimeslotLoad{}, pdchs, first);
                ExpectWithinClassAndCell(n, pdchs, first, GprsTimeslotLoad{}, a);
                EXPECT_TRUE(a.downlink.test(first));
                // Alone in the cell: one more downlink PDCH (if the cell has it) fits beside no
                // uplink slot.
                const auto dl = static_cast<int>(a.downlink.count());
                if (dl < pdchs)
                {
                    auto bigger = a.downlink;
                    bigger.set(first + dl);
                    for (int tn = first; tn <= first + dl; ++tn)
                    {
                        EXPECT_FALSE(c.Allows(bigger, Slots({tn})));
                    }
                }
                // GprsAssignTbfTimeslots is the same allocation, per TBF.
                const auto tbf = GprsAssignTbfTimeslots(n, pdchs, first);
                EXPECT_EQ(tbf.downlinkTbf.downlink, a.downlink);
                EXPECT_EQ(tbf.downlinkTbf.uplink, Slots({a.ackTn}));
                EXPECT_EQ(tbf.uplinkTbf.uplink, a.uplink);
                EXPECT_EQ(tbf.uplinkTbf.downlink, a.uplink);
            }
        }
    }
}

TEST(GprsTimeslotAllocation, FillingACellKeepsEveryMobileWithinItsClass)
{
    for (int n = GprsMultislotClass::kMinClass; n <= GprsMultislotClass::kMaxClass; ++n)
    {
        for (int pdchs = 1; pdchs <= kGprsTimeslotsPerTdmaFrame; ++pdchs)
        {
            SCOPED_TRACE("class " + std::to_string(n) + ", " + std::to_string(pdchs) + " PDCHs");
            GprsTimeslotLoad load;
            for (int i = 0; i < 3 * pdchs; ++i)
            {
                SCOPED_TRACE("mobile " + std::to_string(i));
                const auto a = GprsAllocateTimeslots(n, load, pdchs);
                ExpectWithinClassAndCell(n, pdchs, 0, load, a);
                load.Add(a);
            }
        }
    }
    // Mixed classes: each mobile within its own.
    GprsTimeslotLoad load;
    for (int i = 0; i < 90; ++i)
    {
        const int n = 1 + (i * 7) % GprsMultislotClass::kMaxClass;
        SCOPED_TRACE("mobile " + std::to_string(i) + ", class " + std::to_string(n));
        const auto a = GprsAllocateTimeslots(n, load, 8);
        ExpectWithinClassAndCell(n, 8, 0, load, a);
        load.Add(a);
    }
}

// The defect this allocation fixes: class 8 mobiles on 4 PDCHs all got uplink TN 2.
TEST(GprsTimeslotAllocation, SpreadsClass8UplinksOverFourPdchs)
{
    GprsTimeslotLoad load;
    const auto ms = FillCell(8, 4, 4, load);
    // 0: alone, 4 Rx and Tx TN 2. 1: uplink TN 0, 1 or 3 are free; the widest downlink beside
    // them is 3 PDCHs (0-2 with Tx 1, or 1-3 with Tx 3, each half shared): the lower one.
    // 2: TN 0 or 3 free; 1-3 with Tx 3 shares least (1/3 + 1/3 + 1/2 PDCH). 3: TN 0 with 0-1.
    EXPECT_EQ(ms[0].downlink, Slots({0, 1, 2, 3}));
    EXPECT_EQ(ms[0].uplink, Slots({2}));
    EXPECT_EQ(ms[1].downlink, Slots({0, 1, 2}));
    EXPECT_EQ(ms[1].uplink, Slots({1}));
    EXPECT_EQ(ms[2].downlink, Slots({1, 2, 3}));
    EXPECT_EQ(ms[2].uplink, Slots({3}));
    EXPECT_EQ(ms[3].downlink, Slots({0, 1}));
    EXPECT_EQ(ms[3].uplink, Slots({0}));
    for (int tn = 0; tn < 4; ++tn)
    {
        EXPECT_EQ(load.uplink[tn], 1U) << "TN " << tn;
    }
    // Three mobiles: three different uplink TNs.
    EXPECT_EQ((ms[0].uplink | ms[1].uplink | ms[2].uplink).count(), 3U);
    // A fifth mobile has to share: it takes the widest downlink again.
    const auto fifth = GprsAllocateTimeslots(8, load, 4);
    EXPECT_EQ(fifth.downlink, Slots({0, 1, 2, 3}));
    EXPECT_EQ(fifth.uplink, Slots({2}));
}

TEST(GprsTimeslotAllocation, SpreadsDownlinkSetsOverEightPdchs)
{
    GprsTimeslotLoad load;
    const auto ms = FillCell(8, 8, 8, load);
    // The second mobile takes the other half of the cell: all 4 downlink TNs to itself.
    EXPECT_EQ(ms[0].downlink, Slots({0, 1, 2, 3}));
    EXPECT_EQ(ms[1].downlink, Slots({4, 5, 6, 7}));
    EXPECT_EQ(ms[1].uplink, Slots({6}));
    GprsTimeslotSet uplinks;
    for (const auto& a : ms)
    {
        uplinks |= a.uplink;
    }
    EXPECT_EQ(uplinks.count(), 8U);
    for (int tn = 0; tn < kGprsTimeslotsPerTdmaFrame; ++tn)
    {
        EXPECT_GE(load.downlink[tn], 2U) << "TN " << tn;
        EXPECT_LE(load.downlink[tn], 4U) << "TN " << tn;
    }
}

TEST(GprsTimeslotAllocation, Type2MobilesShareTheWholeCell)
{
    // Full duplex: every set is allowed, so each mobile takes all PDCHs both ways; the Ack/Nack
    // TNs follow the uplink load (equal here: lowest TN).
    GprsTimeslotLoad load;
    for (const auto& a : FillCell(18, 4, 3, load))
    {
        EXPECT_EQ(a.downlink, Slots({0, 1, 2, 3}));
        EXPECT_EQ(a.uplink, Slots({0, 1, 2, 3}));
        EXPECT_EQ(a.ackTn, 0);
    }
    // A class 13 mobile (3+3) joins a cell whose uplink TN 0 is busier: its uplink takes TN 1-3;
    // monitoring their USFs uses all 3 Rx slots, so its downlink is TN 1-3 as well.
    load.uplink[0] = 5;
    const auto a = GprsAllocateTimeslots(13, load, 4);
    EXPECT_EQ(a.downlink, Slots({1, 2, 3}));
    EXPECT_EQ(a.uplink, Slots({1, 2, 3}));
    EXPECT_EQ(a.ackTn, 1);
}

TEST(GprsTimeslotAllocation, IsDeterministic)
{
    for (int n : {1, 8, 10, 12, 18, 29, 33, 45})
    {
        GprsTimeslotLoad first;
        GprsTimeslotLoad second;
        const auto a = FillCell(n, 6, 10, first);
        const auto b = FillCell(n, 6, 10, second);
        ASSERT_EQ(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i)
        {
            EXPECT_EQ(a[i].downlink, b[i].downlink) << "class " << n << ", mobile " << i;
            EXPECT_EQ(a[i].uplink, b[i].uplink) << "class " << n << ", mobile " << i;
            EXPECT_EQ(a[i].ackTn, b[i].ackTn) << "class " << n << ", mobile " << i;
        }
    }
}

TEST(GprsTimeslotAllocation, IgnoresLoadOutsideTheCell)
{
    GprsTimeslotLoad load;
    load.downlink = {9, 9, 0, 0, 0, 0, 9, 9};
    load.uplink = {9, 9, 0, 0, 0, 0, 9, 9};
    EXPECT_EQ(GprsAllocateTimeslots(8, load, 4, 2).downlink, Slots({2, 3, 4, 5}));
    EXPECT_EQ(GprsAllocateTimeslots(8, load, 4, 2).uplink, Slots({4}));
}

TEST(GprsTimeslotAllocation, CandidatesAreEveryUsablePairInTieBreakOrder)
{
    for (int n = GprsMultislotClass::kMinClass; n <= GprsMultislotClass::kMaxClass; ++n)
    {
        const auto& c = GprsMultislotClass::Get(n);
        for (int pdchs = 1; pdchs <= kGprsTimeslotsPerTdmaFrame; ++pdchs)
        {
            const int first = kGprsTimeslotsPerTdmaFrame - pdchs;
            SCOPED_TRACE("class " + std::to_string(n) + ", " + std::to_string(pdchs) +
                         " PDCHs from TN " + std::to_string(first));
            const auto candidates = GprsTimeslotCandidates(n, pdchs, first);
            // Every contiguous D and U of the cell that share a TN and that the class allows,
            // and nothing else, each once.
            std::size_t usable = 0;
            for (uint32_t d = 1; d < 256; ++d)
            {
                for (uint32_t u = 1; u < 256; ++u)
                {
                    const GprsTimeslotSet dl(d);
                    const GprsTimeslotSet ul(u);
                    auto contiguousInCell = [first, pdchs](const GprsTimeslotSet& s) {
                        const auto cell = ((1UL << pdchs) - 1) << first;
                        const auto v = s.to_ulong() >> __builtin_ctzl(s.to_ulong());
                        return (s.to_ulong() & ~cell) == 0 && (v & (v + 1)) == 0;
                    };
                    if (!contiguousInCell(dl) || !contiguousInCell(ul) || (dl & ul).none() ||
                        !c.Allows(dl | ul, ul))
                    {
                        continue;
                    }
                    ++usable;
                    EXPECT_EQ(std::count_if(candidates.begin(),
                                            candidates.end(),
                                            [&](const GprsTimeslotCandidate& k) {
                                                return k.downlink == dl && k.uplink == ul;
                                            }),
                              1);
                }
            }
            EXPECT_EQ(candidates.size(), usable);
            // Rule 4's order: first TN of D ascending, then wider D first.
            for (std::size_t i = 1; i < candidates.size(); ++i)
            {
                const auto& a = candidates[i - 1].downlink;
                const auto& b = candidates[i].downlink;
                auto lowest = [](const GprsTimeslotSet& s) {
                    return static_cast<int>(__builtin_ctzl(s.to_ulong()));
                };
                EXPECT_TRUE(lowest(a) < lowest(b) ||
                            (lowest(a) == lowest(b) && a.count() >= b.count()));
            }
        }
    }
    ExpectInvalid([] { GprsAllocateTimeslots({}, GprsTimeslotLoad{}); },
                  {"no candidate timeslot sets"});
    ExpectInvalid([] { GprsTimeslotCandidates(8, 9); }, {"number of PDCHs", "9"});
}
