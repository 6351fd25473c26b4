/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-statistical-link.h"

#include "ns3/gprs-llc-abm.h"
#include "ns3/gprs-llc-framing.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

/// N201-U of SAPI 3, the cell's LlcN201U default (TS 44.064 clause 8.9.5).
constexpr uint32_t kGprsStatisticalN201U = 500;

/**
 * \param what the value's name
 * \param rate its value
 * \throws std::invalid_argument unless it is a probability
 */
void
CheckProbability(const std::string& what, double rate)
{
    if (!(rate >= 0 && rate <= 1))
    {
        std::ostringstream text;
        text << what << " " << rate << " (allowed: a probability from 0 to 1)";
        throw std::invalid_argument(text.str());
    }
}

} // namespace

ATTRIBUTE_VALUE_IMPLEMENT(GprsStatisticalErrorUnit);

uint32_t
GprsStatisticalLlcOctets(uint32_t ipOctets)
{
    static const GprsLlcFraming framing(kGprsStatisticalN201U,
                                        kGprsLlcUiOverheadOctets,
                                        kGprsSnUnitdataFirstHeaderOctets,
                                        kGprsSnUnitdataNextHeaderOctets);
    return framing.TotalOctets(ipOctets);
}

double
GprsPacketErrorRate(double blockErrorRate, uint32_t blocks)
{
    CheckProbability("block error rate", blockErrorRate);
    return 1 - std::pow(1 - blockErrorRate, blocks);
}

uint32_t
GprsRlcBlocks(uint32_t llcOctets, uint32_t rlcDataOctets)
{
    if (rlcDataOctets == 0)
    {
        throw std::invalid_argument("RLC data octets per block 0 (allowed: 1 or more)");
    }
    return llcOctets == 0 ? 1 : (llcOctets + rlcDataOctets - 1) / rlcDataOctets;
}

GprsStatisticalLoss::GprsStatisticalLoss(GprsStatisticalErrorUnit unit,
                                         double packetErrorRate,
                                         double blockErrorRate,
                                         uint32_t rlcDataOctets)
    : m_unit(unit),
      m_packetErrorRate(packetErrorRate),
      m_blockErrorRate(blockErrorRate),
      m_rlcDataOctets(rlcDataOctets)
{
    CheckProbability("packet error rate", packetErrorRate);
    CheckProbability("block error rate", blockErrorRate);
    if (unit == GprsStatisticalErrorUnit::BLOCK && rlcDataOctets == 0)
    {
        throw std::invalid_argument("RLC data octets per block 0 (allowed: 1 or more)");
    }
}

double
GprsStatisticalLoss::GetLossProbability(uint32_t llcOctets) const
{
    if (m_unit == GprsStatisticalErrorUnit::PACKET)
    {
        return m_packetErrorRate;
    }
    return GprsPacketErrorRate(m_blockErrorRate, GprsRlcBlocks(llcOctets, m_rlcDataOctets));
}

bool
GprsStatisticalLoss::IsLost(double uniform, uint32_t llcOctets) const
{
    return uniform < GetLossProbability(llcOctets);
}

GprsStatisticalOutcome
GprsStatisticalNext(bool lost, uint32_t transmission, uint32_t maxRetransmissions)
{
    if (!lost)
    {
        return GprsStatisticalOutcome::DELIVER;
    }
    return transmission <= maxRetransmissions ? GprsStatisticalOutcome::RESEND
                                              : GprsStatisticalOutcome::DROP;
}

Time
GprsStatisticalOrder::Arrival(Time sent, Time delay, bool reorder)
{
    Time arrival = sent + Max(delay, Time(0));
    if (!reorder)
    {
        arrival = Max(arrival, m_lastArrival);
    }
    m_lastArrival = Max(arrival, m_lastArrival);
    return arrival;
}

} // namespace ns3
