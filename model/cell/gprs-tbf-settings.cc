/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-tbf-settings.h"

#include "ns3/boolean.h"
#include "ns3/gprs-link-adaptation.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/gprs-random-bounds.h"
#include "ns3/pointer.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

namespace
{
/// Accepts only the T3192 values SI13 can carry (TS 44.060 12.24, 3-bit code).
Ptr<const AttributeChecker>
MakeGprsT3192Checker()
{
    return MakeGprsOneOfChecker<TimeValue, Time>(
        {MilliSeconds(0),
         MilliSeconds(80),
         MilliSeconds(120),
         MilliSeconds(160),
         MilliSeconds(200),
         MilliSeconds(500),
         MilliSeconds(1000),
         MilliSeconds(1500)},
        "ns3::TimeValue",
        "Time, one of 0ms 80ms 120ms 160ms 200ms 500ms 1000ms 1500ms");
}
} // namespace

TypeId
GprsTbfSettings::AddAttributes(TypeId tid)
{
    return tid
        .AddAttribute("DownlinkAssignmentDelay",
                      "Seconds from the first downlink packet for an idle mobile to its "
                      "TBF (paging/CCCH Packet Downlink Assignment). Default uniform "
                      "0.1..0.2 s: the TBF set-up cost measured by Chakravorty & Pratt "
                      "(JCN 2002).",
                      StringValue("ns3::UniformRandomVariable[Min=0.1|Max=0.2]"),
                      MakePointerAccessor(&GprsTbfSettings::m_dlAssignmentDelay),
                      MakePointerChecker<RandomVariableStream>())
        .AddAttribute("UplinkAccessDelay",
                      "Seconds from uplink data at a mobile without a TBF and no downlink "
                      "TBF to the uplink TBF (random access, Immediate Assignment). Default "
                      "uniform 0.1..0.2 s, as the downlink (Chakravorty & Pratt; Rendon et "
                      "al. use an access grant wait of 0.1 s).",
                      StringValue("ns3::UniformRandomVariable[Min=0.1|Max=0.2]"),
                      MakePointerAccessor(&GprsTbfSettings::m_ulAccessDelay),
                      MakePointerChecker<RandomVariableStream>())
        .AddAttribute("PollInterval",
                      "The network polls (RRBP) a downlink TBF every N data blocks, on the "
                      "final block and when the window is about to stall. Default 16: a "
                      "quarter of the 64-block window, so that the Ack/Nack (3 blocks "
                      "later) arrives before the window stalls; TS 44.060 leaves it to the "
                      "network, and osmo-pcu polls every 20 blocks (POLL_ACK_AFTER_FRAMES).",
                      UintegerValue(16),
                      MakeUintegerAccessor(&GprsTbfSettings::m_pollInterval),
                      MakeUintegerChecker<uint32_t>(1, 64))
        .AddAttribute("UplinkAckInterval",
                      "The network sends a Packet Uplink Ack/Nack every N received uplink "
                      "blocks, and on the final block. Default 16, as PollInterval; "
                      "osmo-pcu sends one every 20 blocks (SEND_ACK_AFTER_FRAMES).",
                      UintegerValue(16),
                      MakeUintegerAccessor(&GprsTbfSettings::m_ulAckInterval),
                      MakeUintegerChecker<uint32_t>(1, 64))
        .AddAttribute("T3191",
                      "The network waits this long for the Packet Downlink Ack/Nack that "
                      "answers the final block (FBI) of a downlink TBF, restarted with every "
                      "polled repetition of that block; at expiry it releases the TBF and its "
                      "TFI may be reused at once (TS 44.060 9.3.2.5, 9.3.3.5, clause 13.2). "
                      "N3105 usually ends an unanswered TBF first. Default 5 s as osmo-pcu; "
                      "0 disables.",
                      TimeValue(Seconds(5)),
                      MakeTimeAccessor(&GprsTbfSettings::m_t3191),
                      MakeTimeChecker(Seconds(0), Seconds(60)))
        .AddAttribute("T3192",
                      "After its downlink TBF ends the mobile listens to PACCH this long, "
                      "so a new downlink TBF is assigned there without CCCH delay "
                      "(TS 44.060 clause 13.1). SI13 codes it in 3 bits (TS 44.060 "
                      "12.24): 0, 80, 120, 160, 200, 500, 1000 or 1500 ms. Default 1500 ms "
                      "as osmo-pcu.",
                      TimeValue(MilliSeconds(1500)),
                      MakeTimeAccessor(&GprsTbfSettings::m_t3192),
                      MakeGprsT3192Checker())
        .AddAttribute("T3193",
                      "After a normal downlink release the network keeps the TFI this long "
                      "(TS 44.060 clause 13.2: longer than T3192). Default 1600 ms as "
                      "osmo-pcu.",
                      TimeValue(MilliSeconds(1600)),
                      MakeTimeAccessor(&GprsTbfSettings::m_t3193),
                      MakeTimeChecker(Seconds(0), Seconds(60)))
        .AddAttribute("T3195",
                      "After N3105 expiry the network neither addresses the mobile nor "
                      "reuses its TFI for this long (TS 44.060 clause 13.2; default 5 s as "
                      "osmo-pcu).",
                      TimeValue(Seconds(5)),
                      MakeTimeAccessor(&GprsTbfSettings::m_t3195),
                      MakeTimeChecker(Seconds(0), Seconds(60)))
        .AddAttribute("T3169",
                      "After N3101 or N3103 expiry the network reuses neither the USF nor "
                      "the TFI of the uplink TBF for this long (TS 44.060 clause 13.2; "
                      "default 5 s as osmo-pcu).",
                      TimeValue(Seconds(5)),
                      MakeTimeAccessor(&GprsTbfSettings::m_t3169),
                      MakeTimeChecker(Seconds(0), Seconds(60)))
        .AddAttribute("PacchAssignmentMax",
                      "A PACCH assignment is polled and sent again while its poll goes "
                      "unanswered, at most this many times; then the network reaches the "
                      "mobile through CCCH. Default 8: osmo-pcu counts unanswered assignment "
                      "polls in N3105 (default 8).",
                      UintegerValue(8),
                      MakeUintegerAccessor(&GprsTbfSettings::m_assignmentMax),
                      MakeUintegerChecker<uint32_t>(1, 255))
        .AddAttribute("ReselectionTime",
                      "A mobile that reselects a cell (GprsMsNetDevice::CellReselections) "
                      "cannot be reached for this long: it camps on the new cell and reads "
                      "its system information (TS 45.008 clause 6.6); then it sends a cell "
                      "update, an uplink LLC frame through a new uplink TBF (TS 23.060 "
                      "clause 6.9.1.2.1), and only then can downlink data reach it. "
                      "Default 2 s: an engineer's estimate of camping and reading the new "
                      "cell's system information, not a measurement.",
                      TimeValue(Seconds(2)),
                      MakeTimeAccessor(&GprsTbfSettings::m_reselectionTime),
                      MakeTimeChecker(Seconds(0), Seconds(60)))
        .AddAttribute("BsCvMax",
                      "BS_CV_MAX broadcast in SI13/PSI1 (TS 44.060 clauses 9.3.1, 12.24): a "
                      "mobile starts counting down once its blocks left fit in this many "
                      "block periods of its uplink timeslots, and data arriving later waits "
                      "for the next TBF. 1..15; default 15.",
                      UintegerValue(15),
                      MakeUintegerAccessor(&GprsTbfSettings::m_bsCvMax),
                      MakeUintegerChecker<uint32_t>(1, 15))
        .AddAttribute("AccessRejectWait",
                      "Wait indication of the Immediate Assignment Reject (T3122, TS 44.018 "
                      "3.5.2.1.3.4) or Packet Access Reject (TS 44.060 11.2.1) a mobile gets "
                      "when no TFI or USF is free: it tries again after this. Default 20 s, "
                      "osmo-pcu's wait indication on CCCH (T3142).",
                      TimeValue(Seconds(20)),
                      MakeTimeAccessor(&GprsTbfSettings::m_accessRejectWait),
                      MakeTimeChecker(Seconds(0), Seconds(255)))
        .AddAttribute("KeepAliveInterval",
                      "While a TBF is held (DelayedReleaseTime, ExtendedUplinkTime) the "
                      "network sends the mobile a polled block with an LLC dummy frame "
                      "(downlink) or gives it a USF, answered with data or a Packet Uplink "
                      "Dummy Control Block (uplink, TS 44.060 9.3.1b), this often. Default "
                      "200 ms, about osmo-pcu's keep-alive rate.",
                      TimeValue(MilliSeconds(200)),
                      MakeTimeAccessor(&GprsTbfSettings::m_keepAlive),
                      MakeTimeChecker(MilliSeconds(20), Seconds(10)))
        .AddAttribute("DelayedReleaseTime",
                      "Release 99 delayed downlink TBF release: keep the TBF open this long "
                      "after the last data; 0 disables (GPRS Release 97, Meyer's setup).",
                      TimeValue(Seconds(0)),
                      MakeTimeAccessor(&GprsTbfSettings::m_delayedRelease),
                      MakeTimeChecker(Seconds(0)))
        .AddAttribute("ExtendedUplinkTime",
                      "Release 4 extended uplink TBF: keep the uplink TBF open this long "
                      "after the last data; 0 disables.",
                      TimeValue(Seconds(0)),
                      MakeTimeAccessor(&GprsTbfSettings::m_extendedUplink),
                      MakeTimeChecker(Seconds(0)))
        .AddAttribute("N3105Max",
                      "Unanswered polls of a downlink TBF before it is released abnormally "
                      "(TS 44.060 clause 13.3; default 8 as osmo-pcu).",
                      UintegerValue(8),
                      MakeUintegerAccessor(&GprsTbfSettings::m_n3105Max),
                      MakeUintegerChecker<uint32_t>(1, 255))
        .AddAttribute("N3101Max",
                      "Unused uplink grants (USF) before an uplink TBF is released "
                      "abnormally (TS 44.060 clause 13.3: must exceed 8; default 10 as "
                      "osmo-pcu).",
                      UintegerValue(10),
                      MakeUintegerAccessor(&GprsTbfSettings::m_n3101Max),
                      MakeUintegerChecker<uint32_t>(9, 255))
        .AddAttribute("N3103Max",
                      "Repetitions of the final Packet Uplink Ack/Nack without Packet "
                      "Control Ack before the network releases the uplink TBF "
                      "(TS 44.060 clause 13.3; default 4 as osmo-pcu).",
                      UintegerValue(4),
                      MakeUintegerAccessor(&GprsTbfSettings::m_n3103Max),
                      MakeUintegerChecker<uint32_t>(1, 255))
        .AddAttribute("RetryAfterAbort",
                      "After an abnormal TBF release, send the LLC frames not known to be "
                      "delivered again on the next TBF (TS 44.060 clause 8.7.2 'abnormal "
                      "release with retry'); false loses them (counted and traced). RLC "
                      "acknowledged mode only: in unacknowledged mode the frames RLC took end "
                      "with the TBF, as no block is sent twice (TS 44.060 9.3.3).",
                      BooleanValue(true),
                      MakeBooleanAccessor(&GprsTbfSettings::m_retryAfterAbort),
                      MakeBooleanChecker())
        .AddAttribute("TbfEst",
                      "Release 99: the final Packet Uplink Ack/Nack carries TBF_EST = 1, so a "
                      "mobile whose data came after its countdown asks for the next uplink TBF "
                      "in the block reserved for its answer (Packet Resource Request instead "
                      "of Packet Control Ack) and gets it on PACCH, without a new access "
                      "(TS 44.060 9.3.2.4.2, 11.2.28). Default true: osmo-pcu sets TBF_EST = 1. "
                      "False: Release 97, the data waits for a random access after the TBF.",
                      BooleanValue(true),
                      MakeBooleanAccessor(&GprsTbfSettings::m_tbfEst),
                      MakeBooleanChecker());
}

GprsTbfConfig
GprsTbfSettings::GetTbfConfig(GprsDirection dir) const
{
    GprsTbfConfig c;
    c.assignmentMax = m_assignmentMax;
    c.keepAlive = m_keepAlive;
    if (dir == GprsDirection::DOWNLINK)
    {
        c.hold = m_delayedRelease;
        c.releaseNormal = m_t3193;
        c.releaseAbnormal = m_t3195;
        c.pacchAfterRelease = m_t3192;
        c.finalAckWait = m_t3191;
        c.pollMax = m_n3105Max;
    }
    else
    {
        c.hold = m_extendedUplink;
        c.releaseAbnormal = m_t3169;
        c.pollMax = m_n3103Max;
        c.grantMax = m_n3101Max;
    }
    return c;
}

} // namespace ns3
