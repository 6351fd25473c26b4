/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-bearer.h"

#include "ns3/simulator.h"

namespace ns3
{

GprsBearer::GprsBearer(uint32_t ms, GprsDirection dir)
    : ms(ms),
      llc(ms, dir),
      tbf(dir, GprsTbfConfig{})
{
}

void
GprsBearer::RefillRlc(const Time& now, uint64_t countdownBlocks)
{
    // Hand IP packets to RLC only when what it holds no longer fills the next block, so the
    // buffer (where TCP's queue builds) keeps what RLC does not need yet, and the next packet's
    // LLC frames follow the last one's in the same block, without filler (TS 44.060 9.1.11).
    while (tx->GetQueuedOctets() <= GprsRlcDataOctets(cs) && llc.HasDataForLlc())
    {
        if (!llc.HandOver(now))
        {
            break; // every packet outlived the LLC PDU lifetime
        }
    }
    if (tbf.GetDirection() == GprsDirection::DOWNLINK || tbf.GetConfig().hold.IsStrictlyPositive())
    {
        return; // no countdown on the downlink, nor in extended uplink TBF mode (9.3.1b)
    }
    // The mobile starts its countdown (CV < 15) once the blocks left fit in BS_CV_MAX block
    // periods of its timeslots (TS 44.060 9.3.1); from then on nothing joins this TBF.
    // Packets LLC holds back (acknowledged mode, window closed) wait for the next TBF.
    const uint64_t threshold = countdownBlocks * GprsRlcDataOctets(cs);
    uint64_t pending = tx->GetQueuedOctets();
    if (llc.HasDataForLlc())
    {
        if (pending + llc.GetBufferedOctets() > threshold)
        {
            return;
        }
        pending += llc.GetBufferedFrameOctets();
    }
    if (pending <= threshold)
    {
        while (llc.HasDataForLlc())
        {
            llc.HandOver(now);
        }
        countdown = true;
    }
}

uint8_t
GprsBearer::GetCountdownValue(uint16_t bsn, uint8_t timeslots, uint32_t bsCvMax) const
{
    // TS 44.060 clause 9.3.1: CV = round-up((TBC - BSN' - 1) / NTS) if that is at most BS_CV_MAX,
    // else 15; TBC - BSN' - 1 is the number of blocks of the TBF after this one, known once the
    // countdown fixed the TBF's data. The blocks yet to be built count at the current CS.
    if (!countdown)
    {
        return 15;
    }
    const uint32_t after = tx->GetBlocksAfter(bsn, cs);
    const uint32_t x = (after + timeslots - 1) / timeslots;
    return x <= bsCvMax ? static_cast<uint8_t>(x) : 15;
}

void
GprsBearer::UpdateCs()
{
    GprsLinkQualityReport report;
    report.currentCs = cs;
    if (ciReportDb)
    {
        report.ciDb = *ciReportDb;
    }
    report.blocksAcked = acked;
    report.blocksNacked = nacked;
    report.time = Simulator::Now();
    cs = linkAdaptation->SelectCodingScheme(report);
}

void
GprsBearer::ApplyAckNack(const GprsRlcAckNackDescription& ackNack)
{
    const GprsRlcAckNackResult result = tx->ApplyAckNack(ackNack);
    acked = result.newlyAcked;
    nacked = result.nacked;
    UpdateCs();
}

} // namespace ns3
