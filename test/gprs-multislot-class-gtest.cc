/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-multislot-class.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <stdexcept>
#include <string>

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

TEST(GprsMultislotClass, AssignsClassicConfigurations)
{
    // Meyer's 4+1 mobile (class 8) on 4 PDCHs at TN 0-3.
    auto a = GprsAssignTbfTimeslots(8, 4);
    EXPECT_EQ(a.downlinkTbf.downlink, Slots({0, 1, 2, 3}));
    EXPECT_EQ(a.downlinkTbf.uplink, Slots({2}));
    EXPECT_EQ(a.uplinkTbf.uplink, Slots({0}));
    EXPECT_EQ(a.uplinkTbf.downlink, Slots({0}));

    // Chakravorty's 3+1 phone (class 4), PDCHs at TN 1-4.
    // Uplink TN 1 would be sent right after Rx TN 3; TN 2 leaves Ttb 1 and Tra 3.
    a = GprsAssignTbfTimeslots(4, 4, 1);
    EXPECT_EQ(a.downlinkTbf.downlink, Slots({1, 2, 3}));
    EXPECT_EQ(a.downlinkTbf.uplink, Slots({2}));
    EXPECT_EQ(a.uplinkTbf.uplink, Slots({1}));

    // Class 10 (4+2, Sum 5) and class 12 (4+4, Sum 5): 4+1 down, 2+2 up.
    for (int msClass : {10, 12})
    {
        a = GprsAssignTbfTimeslots(msClass, 8);
        EXPECT_EQ(a.downlinkTbf.downlink, Slots({0, 1, 2, 3}));
        EXPECT_EQ(a.uplinkTbf.uplink, Slots({0, 1}));
        EXPECT_EQ(a.uplinkTbf.downlink, Slots({0, 1}));
    }

    // Type 2 class 18 takes the whole cell both ways; the Ack/Nack goes on the first TN.
    a = GprsAssignTbfTimeslots(18, 8);
    EXPECT_EQ(a.downlinkTbf.downlink.count(), 8U);
    EXPECT_EQ(a.downlinkTbf.uplink, Slots({0}));
    EXPECT_EQ(a.uplinkTbf.uplink.count(), 8U);

    // Type 1 class 29 (8+8, Sum NA): beside one Tx burst with Ttb, Trb and a measurement gap
    // only 4 Rx slots fit; the uplink TBF stops at 2 slots (dynamic allocation).
    a = GprsAssignTbfTimeslots(29, 8);
    EXPECT_EQ(a.downlinkTbf.downlink, Slots({0, 1, 2, 3}));
    EXPECT_EQ(a.uplinkTbf.uplink, Slots({0, 1}));

    // A one-PDCH cell limits everyone to that PDCH.
    a = GprsAssignTbfTimeslots(12, 1, 7);
    EXPECT_EQ(a.downlinkTbf.downlink, Slots({7}));
    EXPECT_EQ(a.downlinkTbf.uplink, Slots({7}));
    EXPECT_EQ(a.uplinkTbf.uplink, Slots({7}));
}

TEST(GprsMultislotClass, AssignmentsStayWithinClassAndCell)
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
                const auto cell = GprsTimeslotSet(((1UL << pdchs) - 1) << first);
                const auto a = GprsAssignTbfTimeslots(n, pdchs, first);
                for (const auto& tbf : {a.downlinkTbf, a.uplinkTbf})
                {
                    EXPECT_TRUE(c.Allows(tbf.downlink, tbf.uplink));
                    EXPECT_LE(tbf.downlink.count(), c.maxRx);
                    EXPECT_LE(tbf.uplink.count(), c.maxTx);
                    if (c.sum)
                    {
                        EXPECT_LE(tbf.downlink.count() + tbf.uplink.count(), *c.sum);
                    }
                    EXPECT_EQ(tbf.downlink & ~cell, GprsTimeslotSet());
                    EXPECT_EQ(tbf.uplink & ~cell, GprsTimeslotSet());
                    EXPECT_TRUE(IsContiguous(tbf.downlink));
                    EXPECT_TRUE(IsContiguous(tbf.uplink));
                    EXPECT_TRUE(tbf.downlink.test(first));
                }
                // One uplink TN for the Ack/Nack, among those the mobile receives.
                EXPECT_EQ(a.downlinkTbf.uplink.count(), 1U);
                EXPECT_EQ(a.downlinkTbf.uplink & ~a.downlinkTbf.downlink, GprsTimeslotSet());
                // Dynamic allocation: the USF is monitored on every uplink TN.
                EXPECT_EQ(a.uplinkTbf.downlink, a.uplinkTbf.uplink);
                // Maximal: one more downlink PDCH (if the cell has it) would not fit.
                const auto dl = a.downlinkTbf.downlink.count();
                if (dl < static_cast<size_t>(pdchs))
                {
                    auto bigger = a.downlinkTbf.downlink;
                    bigger.set(first + dl);
                    for (int tn = first; tn <= first + static_cast<int>(dl); ++tn)
                    {
                        EXPECT_FALSE(c.Allows(bigger, Slots({tn})));
                    }
                }
                const auto ul = a.uplinkTbf.uplink.count();
                if (ul < static_cast<size_t>(pdchs))
                {
                    auto bigger = a.uplinkTbf.uplink;
                    bigger.set(first + ul);
                    EXPECT_FALSE(c.Allows(bigger, bigger));
                }
            }
        }
    }
}
