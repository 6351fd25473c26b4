/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-bearer.h"

namespace ns3
{

GprsBearer::GprsBearer(uint32_t ms, GprsDirection dir)
    : ms(ms),
      llc(ms, dir),
      tbf(dir, GprsTbfConfig{})
{
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
