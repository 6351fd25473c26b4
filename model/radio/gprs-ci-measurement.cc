/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-ci-measurement.h"

#include "ns3/log.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsCiMeasurement");

void
GprsCiMeasurement::Add(uint64_t block, double ciDb, double forgettingFactor)
{
    if (!std::isfinite(ciDb) || !(forgettingFactor > 0 && forgettingFactor <= 1))
    {
        std::ostringstream msg;
        msg << "C/I sample " << ciDb << " dB with forgetting factor " << forgettingFactor
            << " (allowed: a finite C/I, a forgetting factor in (0, 1])";
        throw std::invalid_argument(msg.str());
    }
    if (m_lastBlock && block < *m_lastBlock)
    {
        std::ostringstream msg;
        msg << "C/I sample of block period " << block << " after one of block period "
            << *m_lastBlock << " (block periods must not decrease)";
        throw std::invalid_argument(msg.str());
    }
    if (m_lastBlock == block)
    {
        NS_LOG_LOGIC("second sample in block period " << block << " ignored");
        return;
    }
    if (m_lastBlock && block > *m_lastBlock + 1)
    {
        // The periods between the two samples have x_n = 0: R_n decays, C_n stays.
        const auto empty = static_cast<double>(block - *m_lastBlock - 1);
        m_reliability *= std::pow(1 - forgettingFactor, empty);
    }
    m_reliability = (1 - forgettingFactor) * m_reliability + forgettingFactor;
    m_averageDb += forgettingFactor / m_reliability * (ciDb - m_averageDb);
    m_lastBlock = block;
    NS_LOG_LOGIC("block " << block << ": sample " << ciDb << " dB, average " << m_averageDb
                          << " dB, reliability " << m_reliability);
}

std::optional<double>
GprsCiMeasurement::GetAverageDb() const
{
    if (!m_lastBlock)
    {
        return std::nullopt;
    }
    return m_averageDb;
}

double
GprsCiMeasurement::Quantise(double ciDb, double stepDb)
{
    if (!(stepDb >= 0) || !std::isfinite(stepDb))
    {
        std::ostringstream msg;
        msg << "C/I reporting step " << stepDb << " dB (allowed: a finite step, not negative)";
        throw std::invalid_argument(msg.str());
    }
    return stepDb == 0 ? ciDb : std::round(ciDb / stepDb) * stepDb;
}

} // namespace ns3
