/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_LINUX_RECEIVE_WINDOW_H
#define GPRS_LINUX_RECEIVE_WINDOW_H

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

/**
 * \file
 * \ingroup gprs
 * The receive window a Linux 2.4 receiver offers: small at first, growing as data arrives.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Linux 2.4's receive-window growth (rcv_ssthresh), pure: the window a receiver offers
 * starts at an initial value and grows by two segments for every in-order data segment of at
 * least 128 octets, up to the window clamp.
 *
 * Source: Linux 2.4 net/ipv4/tcp_input.c. tcp_event_data_recv() calls tcp_grow_window() for
 * every segment of at least 128 octets that arrives in order; tcp_grow_window() raises
 * rcv_ssthresh by 2 x advmss, capped at window_clamp (the branch taken when a buffer's overhead
 * fits the receive buffer, and __tcp_grow_window's result while rcv_ssthresh is small against
 * the buffer). tcp_select_window() then offers min(free space, rcv_ssthresh). The initial
 * rcv_ssthresh is the initial window, tcp_select_initial_window(): 4 x the MSS less options,
 * 5392 = 4 x 1348 octets in Chakravorty & Pratt's testbed (Linux 2.4.16). Not modelled: the
 * rounding of the offered window to whole segments and the memory-pressure and truesize cases
 * that stop growth earlier.
 */
class GprsLinuxReceiveWindow
{
  public:
    /// Segments shorter than this do not grow the window (tcp_event_data_recv, Linux 2.4).
    static constexpr uint32_t kMinGrowingSegment = 128;

    /**
     * \param initialWindow the first window offered (rcv_ssthresh at the handshake), > 0
     * \param windowClamp the largest window, >= initialWindow (window_clamp: the buffer)
     * \param advMss the segment size the receiver announced, > 0 (advmss)
     * \throws std::invalid_argument naming the bad value and what is allowed
     */
    GprsLinuxReceiveWindow(uint32_t initialWindow, uint32_t windowClamp, uint32_t advMss)
        : m_rcvSsthresh(initialWindow),
          m_windowClamp(windowClamp),
          m_advMss(advMss)
    {
        if (initialWindow == 0)
        {
            throw std::invalid_argument("initial receive window 0: it must be > 0");
        }
        if (windowClamp < initialWindow)
        {
            throw std::invalid_argument("window clamp " + std::to_string(windowClamp) +
                                        " below the initial window " +
                                        std::to_string(initialWindow) + ": it must be >= it");
        }
        if (advMss == 0)
        {
            throw std::invalid_argument("advertised MSS 0: it must be > 0");
        }
    }

    /**
     * A data segment arrived in order (its first octet was the next expected).
     * \param length its data octets
     * \return rcv_ssthresh afterwards
     */
    uint32_t OnInOrderData(uint32_t length)
    {
        if (length >= kMinGrowingSegment && m_rcvSsthresh < m_windowClamp)
        {
            m_rcvSsthresh = static_cast<uint32_t>(
                std::min<uint64_t>(uint64_t{m_rcvSsthresh} + 2 * uint64_t{m_advMss},
                                   m_windowClamp));
        }
        return m_rcvSsthresh;
    }

    /// \return rcv_ssthresh: the largest window offered now
    uint32_t GetRcvSsthresh() const
    {
        return m_rcvSsthresh;
    }

    /// \return the window clamp
    uint32_t GetWindowClamp() const
    {
        return m_windowClamp;
    }

  private:
    uint32_t m_rcvSsthresh; //!< rcv_ssthresh
    uint32_t m_windowClamp; //!< window_clamp
    uint32_t m_advMss;      //!< advmss
};

} // namespace ns3

#endif /* GPRS_LINUX_RECEIVE_WINDOW_H */
