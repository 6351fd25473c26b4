/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-co-channel-load.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{

/**
 * \param what the value's name
 * \param value the value
 * \param allowed what is allowed
 * \return the exception that refuses it
 */
std::invalid_argument
Refused(const std::string& what, double value, const std::string& allowed)
{
    std::string text = std::to_string(value);
    // Integers print without std::to_string's six decimals.
    if (value == std::floor(value) && std::abs(value) < 1e15)
    {
        text = std::to_string(static_cast<long long>(value));
    }
    return std::invalid_argument(what + " " + text + " (allowed: " + allowed + ")");
}

/// Most cells of a pattern: as many as a scenario's GGSN serves (GprsScenarioHelper::SetCells).
constexpr uint32_t kMaxCells = 1024;

} // namespace

GprsCellActivity::GprsCellActivity(uint32_t pdchs, uint32_t window)
    : m_pdchs(pdchs),
      m_window(window)
{
    if (pdchs < 1 || pdchs > 8)
    {
        throw Refused("cell activity: PDCHs", pdchs, "1..8");
    }
    if (window < 1 || window > 10000)
    {
        throw Refused("cell activity: window of block periods", window, "1..10000");
    }
    // Period 0 with no block stands in for every slot's "nothing yet".
    m_periods.assign(window, 0);
    m_counts.assign(window, 0);
}

void
GprsCellActivity::Record(uint64_t block)
{
    if (block < m_last)
    {
        throw Refused("cell activity: block period",
                      static_cast<double>(block),
                      "not before the last recorded, " + std::to_string(m_last));
    }
    m_last = block;
    const std::size_t slot = block % m_window;
    if (m_periods[slot] != block)
    {
        m_periods[slot] = block;
        m_counts[slot] = 0;
    }
    if (m_counts[slot] == m_pdchs)
    {
        throw Refused("cell activity: blocks in block period " + std::to_string(block),
                      m_pdchs + 1.0,
                      "at most one per PDCH, " + std::to_string(m_pdchs));
    }
    ++m_counts[slot];
}

double
GprsCellActivity::GetActivity(uint64_t block) const
{
    uint64_t sent = 0;
    for (std::size_t slot = 0; slot < m_window; ++slot)
    {
        // A slot counts when its period lies in block - window .. block - 1.
        if (m_periods[slot] < block && m_periods[slot] + m_window >= block)
        {
            sent += m_counts[slot];
        }
    }
    return static_cast<double>(sent) / (static_cast<double>(m_window) * m_pdchs);
}

GprsCoChannelLoad::GprsCoChannelLoad(double noiseFloorDb)
{
    if (!(noiseFloorDb >= 0 && noiseFloorDb <= 100))
    {
        throw Refused("noise floor below the full-load interference, dB", noiseFloorDb, "0..100");
    }
    m_noise = std::pow(10.0, -noiseFloorDb / 10);
}

uint32_t
GprsCoChannelLoad::AddCell()
{
    if (m_cells == kMaxCells)
    {
        throw Refused("co-channel cells", kMaxCells + 1.0, "1.." + std::to_string(kMaxCells));
    }
    for (auto& row : m_weight)
    {
        row.push_back(1.0);
    }
    m_weight.emplace_back(m_cells + 1, 1.0);
    m_weight.back().back() = 0;
    return m_cells++;
}

void
GprsCoChannelLoad::CheckCell(uint32_t cell, const char* what) const
{
    if (cell >= m_cells)
    {
        throw Refused(std::string("co-channel load: ") + what,
                      cell,
                      "0.." + std::to_string(m_cells - 1));
    }
}

void
GprsCoChannelLoad::SetWeight(uint32_t victim, uint32_t interferer, double weight)
{
    CheckCell(victim, "victim cell");
    CheckCell(interferer, "interfering cell");
    if (victim == interferer)
    {
        throw Refused("co-channel load: interfering cell",
                      interferer,
                      "a cell other than the victim");
    }
    if (!(weight >= 0 && weight <= 1e6))
    {
        throw Refused("co-channel load: weight", weight, "0..1e6");
    }
    m_weight[victim][interferer] = weight;
}

double
GprsCoChannelLoad::GetCiOffsetDb(uint32_t victim, const std::vector<double>& activity) const
{
    CheckCell(victim, "victim cell");
    if (activity.size() != m_cells)
    {
        throw Refused("co-channel load: activities",
                      static_cast<double>(activity.size()),
                      "one per cell, " + std::to_string(m_cells));
    }
    double total = 0;
    double active = 0;
    for (uint32_t j = 0; j < m_cells; ++j)
    {
        total += m_weight[victim][j];
        active += m_weight[victim][j] * activity[j];
    }
    if (total == 0)
    {
        return 0;
    }
    return -10 * std::log10((active / total + m_noise) / (1 + m_noise));
}

uint32_t
GprsCoChannelLoad::GetCells() const
{
    return m_cells;
}

} // namespace ns3
