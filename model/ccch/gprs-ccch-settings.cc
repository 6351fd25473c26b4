/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-ccch-settings.h"

#include "ns3/boolean.h"
#include "ns3/gprs-block-timing.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/pointer.h"
#include "ns3/uinteger.h"

namespace ns3
{

TypeId
GprsCcchSettings::AddAttributes(TypeId tid)
{
    return tid
        .AddAttribute(
            "CcchAccess",
            "true: TBFs of a mobile not on PACCH are established through the CCCH as the "
            "protocol runs it (RACH slots and retries, one IMMEDIATE ASSIGNMENT per CCCH block, "
            "paging blocks and DRX: the attributes from CcchCombined to CcchResponseTime). "
            "false: after a DownlinkAssignmentDelay or UplinkAccessDelay draw, as measured by "
            "Chakravorty & Pratt and used by Rendon et al.",
            BooleanValue(true),
            MakeBooleanAccessor(&GprsCcchSettings::m_ccchAccess),
            MakeBooleanChecker())
        .AddAttribute("CcchCombined",
                      "CCCH_CONF: the CCCH shares timeslot 0 with SDCCH/4 (3 CCCH blocks and 27 "
                      "RACH slots per 51-multiframe) or has it alone (9 blocks, 51 slots): "
                      "TS 45.002 clause 7, Table 3. Default true, osmo-bsc's timeslot 0 "
                      "(CCCH+SDCCH4), the configuration of a one-carrier cell.",
                      BooleanValue(true),
                      MakeBooleanAccessor(&GprsCcchSettings::m_ccchCombined),
                      MakeBooleanChecker())
        .AddAttribute("BsAgBlksRes",
                      "BS_AG_BLKS_RES: CCCH blocks of each 51-multiframe that carry access "
                      "grants only, never paging (TS 44.018 10.5.2.11; TS 45.002 6.5.1); at "
                      "least one block must remain for paging. Default 1 as osmo-bsc.",
                      UintegerValue(1),
                      MakeUintegerAccessor(&GprsCcchSettings::m_bsAgBlksRes),
                      MakeUintegerChecker<uint32_t>(0, 7))
        .AddAttribute("BsPaMfrms",
                      "BS_PA_MFRMS: 51-multiframes between the paging blocks of one paging "
                      "group (TS 44.018 10.5.2.11; TS 45.002 6.5). A mobile in DRX mode "
                      "hears a downlink assignment only in its paging block, so this sets the "
                      "DRX cycle (5 x 235 ms). Default 5 as osmo-bsc; the cell does not "
                      "support SPLIT_PG_CYCLE on CCCH (SI13 SPGC_CCCH_SUP = 0, as osmo-bsc), "
                      "so GPRS mobiles use this cycle too (TS 45.002 6.5.6).",
                      UintegerValue(5),
                      MakeUintegerAccessor(&GprsCcchSettings::m_bsPaMfrms),
                      MakeUintegerChecker<uint32_t>(2, 9))
        .AddAttribute("TxInteger",
                      "Tx-integer T of the RACH control parameters (TS 44.018 10.5.2.29): the "
                      "first CHANNEL REQUEST goes in a slot drawn among the next max(T, 8) "
                      "RACH slots, the next ones S..S+T-1 slots later (S from Table "
                      "3.3.1.1.2.1). Default 12 as osmo-bsc (S = 217, or 115 combined).",
                      UintegerValue(12),
                      MakeUintegerAccessor(&GprsCcchSettings::m_txInteger),
                      Create<GprsPredicateChecker<UintegerValue>>(
                          [](const UintegerValue& v) {
                              return v.Get() <= UINT32_MAX &&
                                     IsGprsTxInteger(static_cast<uint32_t>(v.Get()));
                          },
                          "ns3::UintegerValue",
                          "one of 3 4 5 6 7 8 9 10 11 12 14 16 20 25 32 50"))
        .AddAttribute("MaxRetrans",
                      "Max retrans M of the RACH control parameters (TS 44.018 10.5.2.29): "
                      "CHANNEL REQUESTs after the first before the mobile waits T3126 and "
                      "gives up. Default 7 as osmo-bsc.",
                      UintegerValue(7),
                      MakeUintegerAccessor(&GprsCcchSettings::m_maxRetrans),
                      MakeGprsOneOfChecker<UintegerValue, uint64_t>({1, 2, 4, 7},
                                                                    "ns3::UintegerValue",
                                                                    "one of 1 2 4 7"))
        .AddAttribute(
            "NonDrxTimer",
            "After packet transfer mode (a TBF ended, T3192 after a normal downlink release) "
            "the mobile stays in non-DRX mode this long and hears an assignment in any CCCH "
            "block; later only in its paging block (TS 44.060 5.5.1.5): the lesser of the "
            "mobile's NON-DRX timer (TS 24.008 10.5.5.6) and the cell's DRX_TIMER_MAX "
            "(TS 44.060 12.24). Default 4 s, osmo-bsc's DRX_TIMER_MAX, assuming the mobile "
            "asks for at least that.",
            TimeValue(Seconds(4)),
            MakeTimeAccessor(&GprsCcchSettings::m_nonDrxTimer),
            // The values the mobile's DRX parameter (TS 24.008 10.5.5.6) and the cell's
            // DRX_TIMER_MAX (TS 44.060 12.24) can code.
            MakeGprsOneOfChecker<TimeValue, Time>({Seconds(0),
                                                   Seconds(1),
                                                   Seconds(2),
                                                   Seconds(4),
                                                   Seconds(8),
                                                   Seconds(16),
                                                   Seconds(32),
                                                   Seconds(64)},
                                                  "ns3::TimeValue",
                                                  "Time, one of 0s 1s 2s 4s 8s 16s 32s 64s"))
        .AddAttribute("CcchResponseTime",
                      "From a decoded CHANNEL REQUEST (or downlink data for a mobile not on "
                      "PACCH) to the IMMEDIATE ASSIGNMENT ready for a CCCH block: the BTS, "
                      "Abis and PCU processing. Default 0: no published figure was found; "
                      "the CCCH blocks' own timing is modelled.",
                      TimeValue(Seconds(0)),
                      MakeTimeAccessor(&GprsCcchSettings::m_ccchResponse),
                      MakeTimeChecker(Seconds(0), Seconds(1)));
}

GprsCcch
GprsCcchSettings::MakeCcch() const
{
    // Whole frames, rounded up: the assignment is not ready before the response time.
    const uint64_t frame = GprsBlockTiming::FrameAt(m_ccchResponse);
    const uint64_t responseFrames =
        frame + (GprsBlockTiming::FrameStart(frame) < m_ccchResponse ? 1 : 0);
    return GprsCcch(GprsCcchConfig{m_ccchCombined, m_bsAgBlksRes, m_bsPaMfrms},
                    GprsRachControl{m_txInteger, m_maxRetrans},
                    responseFrames);
}

} // namespace ns3
