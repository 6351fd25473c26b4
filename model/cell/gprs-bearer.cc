/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-bearer.h"

namespace ns3
{

GprsBearer::LlcAbm::LlcAbm(GprsLlcAbmSide side, const GprsLlcAbmParameters& parameters)
    : entity(side, parameters)
{
}

GprsBearer::GprsBearer(uint32_t ms, GprsDirection dir)
    : ms(ms),
      tbf(dir, GprsTbfConfig{})
{
}

bool
GprsBearer::LlcTakesPacket(const GprsLlcAbmEntity& llc)
{
    // Acknowledged mode: LLC takes an IP packet only when it would send it at once (in ADM the
    // packet starts the establishment), so that the rest waits in the buffer, not in LLC, and a
    // TBF is asked for only when there is a frame to carry.
    const GprsLlcAbmState state = llc.GetState();
    return llc.GetQueued() == 0 &&
           (state == GprsLlcAbmState::ADM || (state == GprsLlcAbmState::ABM && !llc.IsPeerBusy() &&
                                              llc.GetOutstanding() < llc.GetTransmitWindow()));
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
    cs = linkAdaptation->SelectCodingScheme(report);
}

} // namespace ns3
