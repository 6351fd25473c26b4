/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-tbf-resources.h"

namespace ns3
{

namespace
{
/// \return the lowest value not set in \p used
template <std::size_t N>
uint8_t
LowestClear(const std::bitset<N>& used)
{
    uint8_t v = 0;
    while (v < N && used.test(v))
    {
        ++v;
    }
    return v;
}
} // namespace

void
GprsTbfResources::AddHolder(uint8_t tfi,
                            uint8_t usfFirst,
                            uint8_t usfCount,
                            const std::array<uint8_t, 8>& usf)
{
    ++m_holders;
    m_tfis.set(tfi);
    for (uint8_t p = usfFirst; p < usfFirst + usfCount; ++p)
    {
        ++m_usfHolders[p];
        m_usfs[p].set(usf[p]);
    }
}

bool
GprsTbfResources::HasFree(uint8_t usfFirst, uint8_t usfCount) const
{
    // Counted, not looked up: a released TBF keeps both while its release timer runs.
    bool ok = m_holders < kTfis;
    for (uint8_t p = usfFirst; p < usfFirst + usfCount; ++p)
    {
        ok = ok && m_usfHolders[p] < kUsfsPerPdch;
    }
    return ok;
}

uint8_t
GprsTbfResources::LowestFreeTfi() const
{
    return LowestClear(m_tfis);
}

uint8_t
GprsTbfResources::LowestFreeUsf(uint8_t tn) const
{
    return LowestClear(m_usfs[tn]);
}

} // namespace ns3
