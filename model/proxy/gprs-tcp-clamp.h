/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TCP_CLAMP_H
#define GPRS_TCP_CLAMP_H

#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-recovery-ops.h"

#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * The TCP cwnd clamp of Chakravorty & Pratt's transport-level enhancement ("Performance issues
 * with General Packet Radio Service", JCN 4(4), 2002): a sender whose window is fixed.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Congestion control that fixes the congestion window at Clamp bytes (C_clamp): from the
 * handshake on, with no slow start, never growing, kept through fast recovery (with
 * GprsTcpClampRecovery) and restored after a retransmission timeout.
 *
 * How it holds the window in ns-3's TcpSocketBase, which calls the congestion control at fixed
 * points: CongestionStateSet(CA_OPEN) when the handshake completes (after the socket set cwnd
 * to InitialCwnd segments) and whenever recovery ends; Init on a socket forked by a listener;
 * IncreaseWindow on every ACK of new data; GetSsThresh on a loss. Each of them sets cwnd and
 * ssthresh to C_clamp. On a retransmission timeout TcpSocketBase::ReTxTimeout sets cwnd to one
 * segment after calling the congestion control, whatever it does: the timeout is handled as
 * usual (the oldest segment is sent again alone, the timer backs off), and the first ACK of new
 * data afterwards, which calls IncreaseWindow, brings cwnd back to C_clamp at once, without slow
 * start. So cwnd is C_clamp at every moment after the handshake except between a timeout and
 * the next ACK of new data. A window that is not a whole number of segments sends only whole
 * segments (ns-3 avoids silly windows): the data in flight is C_clamp rounded down to segments.
 * C_clamp must be at least one segment, or the sender could never send.
 */
class GprsTcpClamp : public TcpCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsTcpClamp();

    /**
     * \param other the clamp to copy
     */
    GprsTcpClamp(const GprsTcpClamp& other);

    ~GprsTcpClamp() override;

    /// \return C_clamp in bytes
    uint32_t GetClamp() const;

    std::string GetName() const override;
    void Init(Ptr<TcpSocketState> tcb) override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;
    Ptr<TcpCongestionOps> Fork() override;

  private:
    /**
     * cwnd and ssthresh := C_clamp, which must be at least one segment.
     * \param tcb the socket's state
     */
    void Apply(Ptr<TcpSocketState> tcb) const;

    /**
     * cwnd and ssthresh := C_clamp, unchecked: in Init the socket may still change its segment
     * size before it connects.
     * \param tcb the socket's state
     */
    void Set(Ptr<TcpSocketState> tcb) const;

    uint32_t m_clamp{0}; //!< C_clamp, bytes
};

namespace gprs_internal
{

template <typename Enter, typename Do>
class RecoveryAdapter;

/**
 * \ingroup gprs
 * TcpRecoveryOps::EnterRecovery gained a parameter after ns-3.43 and DoRecovery one in
 * ns-3.43: this adapter overrides whichever the installed ns-3 declares and passes on only the
 * socket state.
 * \tparam EnterArgs EnterRecovery's parameters
 * \tparam DoArgs DoRecovery's parameters
 */
template <typename... EnterArgs, typename... DoArgs>
class RecoveryAdapter<void (TcpRecoveryOps::*)(EnterArgs...), void (TcpRecoveryOps::*)(DoArgs...)>
    : public TcpRecoveryOps
{
  public:
    /**
     * \param args EnterRecovery's arguments, the socket state first
     */
    void EnterRecovery(EnterArgs... args) override
    {
        KeepWindow(First(args...));
    }

    /**
     * \param args DoRecovery's arguments, the socket state first
     */
    void DoRecovery(DoArgs... args) override
    {
        KeepWindow(First(args...));
    }

  protected:
    /**
     * Called on entering recovery and on every ACK during it.
     * \param tcb the socket's state
     */
    virtual void KeepWindow(Ptr<TcpSocketState> tcb) = 0;

  private:
    /**
     * \param tcb the first argument
     * \return it
     */
    template <typename... Rest>
    static Ptr<TcpSocketState> First(Ptr<TcpSocketState> tcb, Rest...)
    {
        return tcb;
    }
};

} // namespace gprs_internal

/**
 * \ingroup gprs
 * \brief Fast recovery that keeps cwnd at ssthresh throughout (no inflation by duplicate ACKs,
 * no deflation), for GprsTcpClamp, whose ssthresh is C_clamp: the window is kept on loss, and
 * new segments still leave as duplicate ACKs report segments gone from the network (ns-3
 * counts the bytes in flight from its scoreboard, RFC 6675).
 */
class GprsTcpClampRecovery
    : public gprs_internal::RecoveryAdapter<decltype(&TcpRecoveryOps::EnterRecovery),
                                            decltype(&TcpRecoveryOps::DoRecovery)>
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsTcpClampRecovery();
    ~GprsTcpClampRecovery() override;

    std::string GetName() const override;
    void ExitRecovery(Ptr<TcpSocketState> tcb) override;
    Ptr<TcpRecoveryOps> Fork() override;

  protected:
    void KeepWindow(Ptr<TcpSocketState> tcb) override;
};

} // namespace ns3

#endif /* GPRS_TCP_CLAMP_H */
