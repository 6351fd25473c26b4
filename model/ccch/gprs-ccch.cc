/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-ccch.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace ns3
{

namespace
{
/// Tx-integer values and their S for a CCCH not combined and combined (TS 44.018
/// Table 3.3.1.1.2.1).
struct TxIntegerRow
{
    uint32_t txInteger; //!< T
    uint32_t s;         //!< S, not combined
    uint32_t sCombined; //!< S, combined
};

constexpr std::array<TxIntegerRow, 16> kTxIntegers = {{{3, 55, 41},
                                                       {4, 76, 52},
                                                       {5, 109, 58},
                                                       {6, 163, 86},
                                                       {7, 217, 115},
                                                       {8, 55, 41},
                                                       {9, 76, 52},
                                                       {10, 109, 58},
                                                       {11, 163, 86},
                                                       {12, 217, 115},
                                                       {14, 55, 41},
                                                       {16, 76, 52},
                                                       {20, 109, 58},
                                                       {25, 163, 86},
                                                       {32, 217, 115},
                                                       {50, 55, 41}}};

/// T3126's ceiling, 5 s (TS 44.018 11.1.1), in whole TDMA frames of 60/13 ms.
constexpr uint64_t kT3126MaxFrames = 5'000 * 13 / 60;

/// \param uniform a draw in [0, 1) \param n a count \return a uniform integer in 0..n-1
uint32_t
DrawBelow(const GprsCcch::Uniform& uniform, uint32_t n)
{
    return std::min(n - 1, static_cast<uint32_t>(std::floor(uniform() * n)));
}
} // namespace

bool
IsGprsTxInteger(uint32_t txInteger)
{
    return std::any_of(kTxIntegers.begin(), kTxIntegers.end(), [txInteger](const TxIntegerRow& r) {
        return r.txInteger == txInteger;
    });
}

uint32_t
GetGprsRachS(uint32_t txInteger, bool combined)
{
    for (const TxIntegerRow& row : kTxIntegers)
    {
        if (row.txInteger == txInteger)
        {
            return combined ? row.sCombined : row.s;
        }
    }
    throw std::invalid_argument("Tx-integer " + std::to_string(txInteger) +
                                " (allowed: 3..12, 14, 16, 20, 25, 32, 50; TS 44.018 10.5.2.29)");
}

GprsCcch::GprsCcch(GprsCcchConfig config, GprsRachControl rach, uint64_t responseFrames)
    : m_layout(config),
      m_rach(rach),
      m_s(GetGprsRachS(rach.txInteger, config.combined)),
      m_responseFrames(responseFrames)
{
    if (rach.maxRetrans != 1 && rach.maxRetrans != 2 && rach.maxRetrans != 4 &&
        rach.maxRetrans != 7)
    {
        throw std::invalid_argument("Max retrans " + std::to_string(rach.maxRetrans) +
                                    " (allowed: 1, 2, 4, 7; TS 44.018 10.5.2.29)");
    }
}

uint64_t
GprsCcch::NextEvent(const Access& access)
{
    uint64_t next = UINT64_MAX;
    if (access.request)
    {
        next = *access.request + 1; // the burst ends with its frame
    }
    if (!access.grants.empty())
    {
        next = std::min(next, *access.grants.begin());
    }
    if (access.t3126)
    {
        next = std::min(next, *access.t3126);
    }
    return next;
}

void
GprsCcch::ScheduleRequest(Access& access, uint64_t frame, uint32_t slots)
{
    const uint64_t at = m_layout.RachSlotAfter(frame, slots);
    access.request = at;
    ++access.requests;
    ++m_requests[at];
}

void
GprsCcch::Unschedule(uint64_t frame)
{
    auto it = m_requests.find(frame);
    if (--it->second == 0)
    {
        m_requests.erase(it);
        m_collided.erase(frame);
    }
}

uint64_t
GprsCcch::TakeBlock(uint64_t from, std::optional<uint32_t> pagingGroup)
{
    uint64_t block =
        pagingGroup ? m_layout.NextPagingBlock(from, *pagingGroup) : m_layout.NextBlock(from);
    while (m_taken.count(block) != 0)
    {
        block = pagingGroup ? m_layout.NextPagingBlock(block + 1, *pagingGroup)
                            : m_layout.NextBlock(block + 1);
    }
    m_taken.insert(block);
    return block + GprsCcchLayout::kFramesPerBlock;
}

void
GprsCcch::Forget(uint64_t frame)
{
    m_taken.erase(m_taken.begin(), m_taken.lower_bound(frame));
}

uint64_t
GprsCcch::StartUplink(uint32_t key, uint64_t frame, const Uniform& uniform)
{
    Cancel(key);
    Forget(frame);
    Access& access = m_accesses[key];
    access.uplink = true;
    ScheduleRequest(access, frame, DrawBelow(uniform, std::max<uint32_t>(m_rach.txInteger, 8)));
    return NextEvent(access);
}

uint64_t
GprsCcch::StartDownlink(uint32_t key, uint64_t frame, std::optional<uint32_t> pagingGroup)
{
    Cancel(key);
    Forget(frame);
    Access& access = m_accesses[key];
    access.pagingGroup = pagingGroup;
    access.grants.insert(TakeBlock(frame + 1 + m_responseFrames, pagingGroup));
    return NextEvent(access);
}

GprsCcch::Step
GprsCcch::Advance(uint32_t key, uint64_t frame, const Uniform& uniform, const Loss& lost)
{
    const auto it = m_accesses.find(key);
    if (it == m_accesses.end())
    {
        throw std::logic_error("GprsCcch::Advance: no access " + std::to_string(key));
    }
    Access& access = it->second;
    for (uint64_t next = NextEvent(access); next <= frame; next = NextEvent(access))
    {
        if (!access.grants.empty() && *access.grants.begin() == next)
        {
            // An IMMEDIATE ASSIGNMENT ends first: the mobile stops sending CHANNEL REQUESTs.
            access.grants.erase(access.grants.begin());
            if (!lost())
            {
                Cancel(key);
                return {Result::ASSIGNED, frame};
            }
            if (!access.uplink)
            {
                access.grants.insert(TakeBlock(next, access.pagingGroup));
            }
        }
        else if (access.request && *access.request + 1 == next)
        {
            const uint64_t sent = *access.request;
            access.request.reset();
            if (m_requests[sent] > 1)
            {
                m_collided.insert(sent);
            }
            const bool collided = m_collided.count(sent) != 0;
            Unschedule(sent);
            m_collisions += collided ? 1 : 0;
            if (!collided && !lost())
            {
                access.grants.insert(TakeBlock(next + m_responseFrames, std::nullopt));
            }
            if (access.requests < m_rach.maxRetrans + 1)
            {
                ScheduleRequest(access, sent, m_s + DrawBelow(uniform, m_rach.txInteger));
            }
            else
            {
                access.t3126 = std::min(m_layout.RachSlotAfter(sent, m_rach.txInteger + 2 * m_s),
                                        sent + kT3126MaxFrames);
            }
        }
        else
        {
            Cancel(key); // T3126 expired: the mobile no longer listens to the CCCH
            return {Result::FAILED, frame};
        }
    }
    return {Result::WAIT, NextEvent(access)};
}

void
GprsCcch::Cancel(uint32_t key)
{
    const auto it = m_accesses.find(key);
    if (it == m_accesses.end())
    {
        return;
    }
    if (it->second.request)
    {
        Unschedule(*it->second.request);
    }
    m_accesses.erase(it);
}

} // namespace ns3
