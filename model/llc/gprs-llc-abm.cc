/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-llc-abm.h"

#include "gprs-llc-framing.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{
/**
 * \param from an N(S) or N(R)
 * \param to an N(S) or N(R)
 * \return (to - from) modulo 512
 */
uint16_t
Distance(uint16_t from, uint16_t to)
{
    return GprsLlcAbmModSns(int{to} - int{from});
}

/**
 * \param value a value given by the caller
 * \param low smallest allowed value
 * \param high largest allowed value
 * \param what its name, for the message
 * \param clause the TS 44.064 clause that sets the range
 * \throws std::invalid_argument if value is outside [low, high]
 */
void
CheckRange(uint32_t value, uint32_t low, uint32_t high, const char* what, const char* clause)
{
    if (value < low || value > high)
    {
        throw std::invalid_argument(std::string("GPRS LLC ") + what + " " + std::to_string(value) +
                                    " out of range (allowed: " + std::to_string(low) + ".." +
                                    std::to_string(high) + ", TS 44.064 " + clause + ")");
    }
}

/**
 * \param tries repetitions made so far, incremented if another is allowed
 * \param n200 the most repetitions allowed
 * \return whether another repetition is allowed
 */
bool
NextTry(uint8_t& tries, uint8_t n200)
{
    if (tries >= n200)
    {
        return false;
    }
    ++tries;
    return true;
}

/**
 * \param queue an output queue
 * \return its oldest entry, removed, or nothing if it is empty
 */
template <typename T>
std::optional<T>
PopFront(std::deque<T>& queue)
{
    if (queue.empty())
    {
        return std::nullopt;
    }
    T value = queue.front();
    queue.pop_front();
    return value;
}
} // namespace

uint32_t
GprsLlcAbmFrame::GetSackBitmapOctets() const
{
    if (function != GprsLlcSupervisoryFunction::SACK ||
        (type != GprsLlcAbmFrameType::I && type != GprsLlcAbmFrameType::S))
    {
        return 0;
    }
    // K + 1 octets reach the highest frame reported (clause 6.3.1); at least one octet.
    for (uint32_t bit = kGprsLlcSackMaxBits; bit > 0; --bit)
    {
        if (sackBitmap.test(bit - 1))
        {
            return (bit + 7) / 8;
        }
    }
    return 1;
}

uint32_t
GprsLlcAbmFrame::GetHeaderOctets() const
{
    uint32_t control = kGprsLlcUControlOctets;
    switch (type)
    {
    case GprsLlcAbmFrameType::I:
        // The I+S format adds the K octet in front of the bitmap (clause 6.3.1).
        control = kGprsLlcIControlOctets +
                  (function == GprsLlcSupervisoryFunction::SACK ? 1 + GetSackBitmapOctets() : 0);
        break;
    case GprsLlcAbmFrameType::S:
        // The S format bitmap fills the frame up to the FCS, without a K octet (clause 6.3.2).
        control = kGprsLlcSControlOctets + GetSackBitmapOctets();
        break;
    case GprsLlcAbmFrameType::SABM:
    case GprsLlcAbmFrameType::UA:
        break;
    }
    return kGprsLlcAddressOctets + control + kGprsLlcFcsOctets;
}

uint32_t
GprsLlcAbmFrame::GetOctets() const
{
    return GetHeaderOctets() + (type == GprsLlcAbmFrameType::I ? infoOctets : 0);
}

std::vector<uint8_t>
EncodeLlcAbmFrame(const GprsLlcAbmFrame& frame,
                  uint8_t sapi,
                  bool fromNetwork,
                  const std::vector<uint8_t>& information)
{
    const uint32_t info = frame.type == GprsLlcAbmFrameType::I ? frame.infoOctets : 0;
    if (sapi > 15 || frame.ns >= kGprsLlcAbmSns || frame.nr >= kGprsLlcAbmSns ||
        information.size() != info)
    {
        throw std::invalid_argument(
            "LLC ABM frame with SAPI " + std::to_string(sapi) + ", N(S) " +
            std::to_string(frame.ns) + ", N(R) " + std::to_string(frame.nr) + ", " +
            std::to_string(information.size()) + " information octets (allowed: SAPI 0..15, " +
            "N(S) and N(R) 0..511, " + std::to_string(info) + " octets)");
    }
    const bool command =
        frame.type == GprsLlcAbmFrameType::I || frame.type == GprsLlcAbmFrameType::SABM;
    std::vector<uint8_t> out;
    out.reserve(frame.GetOctets());
    out.push_back(static_cast<uint8_t>((command == fromNetwork ? 0x40 : 0) | sapi));
    const auto s1s2 = static_cast<uint8_t>(frame.function);
    const uint32_t sackOctets = frame.GetSackBitmapOctets();
    switch (frame.type)
    {
    case GprsLlcAbmFrameType::I:
        out.push_back(static_cast<uint8_t>((frame.ackRequest ? 0x40 : 0) | (frame.ns >> 4)));
        out.push_back(static_cast<uint8_t>(((frame.ns & 0x0F) << 4) | (frame.nr >> 6)));
        out.push_back(static_cast<uint8_t>(((frame.nr & 0x3F) << 2) | s1s2));
        if (sackOctets > 0)
        {
            out.push_back(static_cast<uint8_t>(sackOctets - 1)); // K
        }
        break;
    case GprsLlcAbmFrameType::S:
        out.push_back(static_cast<uint8_t>(0x80 | (frame.ackRequest ? 0x20 : 0) | (frame.nr >> 6)));
        out.push_back(static_cast<uint8_t>(((frame.nr & 0x3F) << 2) | s1s2));
        break;
    case GprsLlcAbmFrameType::SABM:
        out.push_back(0xE0 | 0x10 | 0x07);
        break;
    case GprsLlcAbmFrameType::UA:
        out.push_back(0xE0 | 0x10 | 0x06);
        break;
    }
    for (uint32_t octet = 0; octet < sackOctets; ++octet)
    {
        uint8_t r = 0;
        for (uint32_t bit = 0; bit < 8; ++bit)
        {
            r |= static_cast<uint8_t>(frame.sackBitmap.test(octet * 8 + bit) ? 0x80 >> bit : 0);
        }
        out.push_back(r);
    }
    out.insert(out.end(), information.begin(), information.end());
    AppendLlcFcs(out);
    return out;
}

GprsLlcAbmParameters
GprsLlcAbmParameters::ForSapi(uint8_t sapi)
{
    // TS 44.064 Table 9 (clause 8.9.9); the same table is in osmo-sgsn src/sgsn/gprs_llc.c
    // (llc_default_params). N200 = 3 and N201-I = 1503 for every SAPI.
    GprsLlcAbmParameters parameters;
    switch (sapi)
    {
    case 3:
        parameters.t200 = Seconds(5);
        parameters.kD = parameters.kU = 16;
        break;
    case 5:
        parameters.t200 = Seconds(10);
        parameters.kD = parameters.kU = 8;
        break;
    case 9:
        parameters.t200 = Seconds(20);
        parameters.kD = parameters.kU = 4;
        break;
    case 11:
        parameters.t200 = Seconds(40);
        parameters.kD = parameters.kU = 2;
        break;
    default:
        throw std::invalid_argument("GPRS LLC SAPI " + std::to_string(sapi) +
                                    " has no ABM parameters (allowed: 3, 5, 9, 11; TS 44.064 "
                                    "Table 9)");
    }
    return parameters;
}

void
GprsLlcAbmParameters::Check() const
{
    if (t200 < MilliSeconds(100) || t200 > MilliSeconds(409500))
    {
        throw std::invalid_argument("GPRS LLC T200 " + std::to_string(t200.GetSeconds()) +
                                    " s out of range (allowed: 0.1..409.5 s, TS 44.064 8.9)");
    }
    CheckRange(n200, 1, 15, "N200", "8.9");
    CheckRange(n201I, 140, 1520, "N201-I", "8.9");
    // k < 256 = 512 / 2 keeps selective repeat unambiguous modulo 512.
    CheckRange(kD, 1, 255, "kD", "8.9");
    CheckRange(kU, 1, 255, "kU", "8.9");
}

GprsLlcAbmEntity::GprsLlcAbmEntity(GprsLlcAbmSide side, const GprsLlcAbmParameters& parameters)
    : m_parameters(parameters),
      m_k(side == GprsLlcAbmSide::MS ? parameters.kU : parameters.kD),
      m_kReceive(side == GprsLlcAbmSide::MS ? parameters.kD : parameters.kU),
      m_tx(kGprsLlcAbmSns),
      m_rx(kGprsLlcAbmSns)
{
    parameters.Check();
}

void
GprsLlcAbmEntity::Send(uint64_t sduId, uint32_t infoOctets)
{
    if (infoOctets < 1 || infoOctets > m_parameters.n201I)
    {
        throw std::invalid_argument(
            "GPRS LLC I frame information field of " + std::to_string(infoOctets) +
            " octets (allowed: 1..N201-I = " + std::to_string(m_parameters.n201I) + ")");
    }
    m_queue.push_back({sduId, infoOctets});
    if (m_state == GprsLlcAbmState::ADM)
    {
        // Layer 3 asks for acknowledged transfer on a released link: establish it again.
        m_state = GprsLlcAbmState::LOCAL_ESTABLISHMENT;
        m_sabmPending = true;
        m_sabmRetransmissions = 0;
    }
}

void
GprsLlcAbmEntity::Receive(const GprsLlcAbmFrame& frame, Time now)
{
    CheckRange(frame.ns, 0, kGprsLlcAbmSns - 1, "N(S)", "6.3");
    CheckRange(frame.nr, 0, kGprsLlcAbmSns - 1, "N(R)", "6.3");
    if (frame.sackBitmap.any() && frame.function != GprsLlcSupervisoryFunction::SACK)
    {
        throw std::invalid_argument("GPRS LLC frame with a SACK bitmap but supervisory function " +
                                    std::to_string(static_cast<int>(frame.function)) +
                                    " (a bitmap R is allowed with SACK = 3 only)");
    }
    if (frame.type == GprsLlcAbmFrameType::I &&
        (frame.infoOctets < 1 || frame.infoOctets > m_parameters.n201I))
    {
        throw std::invalid_argument(
            "GPRS LLC received I frame with " + std::to_string(frame.infoOctets) +
            " information octets (allowed: 1..N201-I = " + std::to_string(m_parameters.n201I) +
            ")");
    }
    switch (frame.type)
    {
    case GprsLlcAbmFrameType::SABM:
        if (m_state == GprsLlcAbmState::LOCAL_ESTABLISHMENT)
        {
            // Identical commands crossed: answer UA, enter ABM on the peer's UA (clause 8.5.5.1).
            m_uaPending = true;
        }
        else
        {
            ReceiveSabm();
        }
        return;
    case GprsLlcAbmFrameType::UA:
        if (m_state == GprsLlcAbmState::LOCAL_ESTABLISHMENT)
        {
            ResetLink();
            StopTimer();
            m_state = GprsLlcAbmState::ABM;
            m_abandoned.insert(m_abandoned.end(), m_abandonOnUa.begin(), m_abandonOnUa.end());
            m_abandonOnUa.clear();
        }
        return;
    case GprsLlcAbmFrameType::I:
    case GprsLlcAbmFrameType::S:
        break;
    }
    // I and S frames mean nothing outside ABM; DM responses are not modelled.
    if (m_state != GprsLlcAbmState::ABM || !ApplyAcknowledgement(frame, now))
    {
        return;
    }
    if (frame.type == GprsLlcAbmFrameType::I)
    {
        ReceiveIFrame(frame);
    }
    else if (frame.ackRequest)
    {
        m_ackPending = true;
    }
}

bool
GprsLlcAbmEntity::ApplyAcknowledgement(const GprsLlcAbmFrame& frame, Time now)
{
    const uint16_t outstanding = GetOutstanding();
    if (Distance(m_vA, frame.nr) > outstanding)
    {
        throw std::invalid_argument(
            "GPRS LLC N(R) " + std::to_string(frame.nr) + " outside [V(A), V(S)] = [" +
            std::to_string(m_vA) + ", " + std::to_string(m_vS) +
            "]: it acknowledges I frames never sent (the lower layers must keep frame order)");
    }
    // Frames N(R) + n the peer reports received (ACK: n = 1; SACK: bitmap R, clause 6.4.3).
    std::vector<uint16_t> reported;
    if (frame.function == GprsLlcSupervisoryFunction::ACK)
    {
        reported.push_back(GprsLlcAbmModSns(frame.nr + 1));
    }
    else if (frame.function == GprsLlcSupervisoryFunction::SACK)
    {
        for (uint32_t n = 1; n <= kGprsLlcSackMaxBits; ++n)
        {
            if (frame.sackBitmap.test(n - 1))
            {
                reported.push_back(GprsLlcAbmModSns(frame.nr + n));
            }
        }
    }
    for (const uint16_t ns : reported)
    {
        if (Distance(frame.nr, ns) >= Distance(frame.nr, m_vS))
        {
            throw std::invalid_argument("GPRS LLC acknowledgement of N(S) " + std::to_string(ns) +
                                        " not sent (V(S) = " + std::to_string(m_vS) + ")");
        }
    }
    while (m_vA != frame.nr)
    {
        m_confirmed.push_back(m_tx[m_vA].sdu);
        m_vA = GprsLlcAbmModSns(m_vA + 1);
    }
    // On an order-keeping link, a frame whose last copy left before the first copy of a frame
    // that arrived is lost: resend it, but not a copy that may still be on its way.
    uint64_t newestArrived = 0;
    for (const uint16_t ns : reported)
    {
        m_tx[ns].state = TxState::ACKED;
        newestArrived = std::max(newestArrived, m_tx[ns].firstSent);
    }
    const bool busyCleared = m_peerBusy && frame.function != GprsLlcSupervisoryFunction::RNR;
    if (frame.function == GprsLlcSupervisoryFunction::RNR && !m_peerBusy)
    {
        // Peer receiver busy (clause 8.6.4): no I frames; T201 polls the peer.
        m_peerBusy = true;
        m_pollCount = 0;
        m_pollPending = false;
        StartTimer(TimerKind::T201_POLL, now);
    }
    else if (busyCleared)
    {
        m_peerBusy = false;
        m_pollPending = false;
        StopTimer();
    }
    for (uint16_t i = 0; i < GetOutstanding(); ++i)
    {
        const uint16_t ns = GprsLlcAbmModSns(m_vA + i);
        const TxSlot& slot = m_tx[ns];
        // A busy peer discarded what arrived meanwhile: resend all it did not acknowledge.
        const bool lost = slot.lastSent < newestArrived || busyCleared;
        if (slot.state == TxState::PENDING && lost && !MarkForRetransmission(ns))
        {
            return false;
        }
    }
    if (m_timerExpiry && m_timerKind == TimerKind::T201_I &&
        (Distance(m_vA, m_t201Ns) >= GetOutstanding() || m_tx[m_t201Ns].state != TxState::PENDING))
    {
        StopTimer();
    }
    if (!m_timerExpiry && !m_peerBusy)
    {
        // Frames still wait for an acknowledgement: T201 watches the newest of them.
        std::optional<uint16_t> newest;
        for (uint16_t i = 0; i < GetOutstanding(); ++i)
        {
            const uint16_t ns = GprsLlcAbmModSns(m_vA + i);
            if (m_tx[ns].state == TxState::PENDING &&
                (!newest || m_tx[ns].lastSent > m_tx[*newest].lastSent))
            {
                newest = ns;
            }
        }
        if (newest)
        {
            m_t201Ns = *newest;
            StartTimer(TimerKind::T201_I, now);
        }
    }
    return true;
}

bool
GprsLlcAbmEntity::MarkForRetransmission(uint16_t ns)
{
    TxSlot& slot = m_tx[ns];
    if (slot.state != TxState::PENDING)
    {
        return true;
    }
    if (slot.retransmissions >= m_parameters.n200)
    {
        StartReestablishment();
        return false;
    }
    slot.state = TxState::RETRANSMIT;
    return true;
}

void
GprsLlcAbmEntity::ReceiveIFrame(const GprsLlcAbmFrame& frame)
{
    if (m_ownBusy)
    {
        // Own receiver busy: the frame is discarded and RNR answers it.
        ++m_counters.busyDiscarded;
        m_ackPending = true;
        return;
    }
    const uint16_t d = Distance(m_vR, frame.ns);
    if (d >= m_kReceive || m_rxStored.test(frame.ns))
    {
        ++m_counters.duplicatesDiscarded;
        m_ackPending = m_ackPending || frame.ackRequest;
        return;
    }
    uint16_t highest = 0;
    for (uint16_t i = m_kReceive - 1; i > 0; --i)
    {
        if (m_rxStored.test(GprsLlcAbmModSns(m_vR + i)))
        {
            highest = i;
            break;
        }
    }
    // A frame that skips N(S) values not seen before opens a new gap: report it at once.
    const bool newGap = d > highest + 1 || (highest == 0 && d > 0);
    m_rx[frame.ns] = {frame.sduId, frame.infoOctets};
    m_rxStored.set(frame.ns);
    while (m_rxStored.test(m_vR))
    {
        m_rxStored.reset(m_vR);
        m_delivered.push_back(m_rx[m_vR]);
        m_vR = GprsLlcAbmModSns(m_vR + 1);
    }
    m_ackPending = m_ackPending || frame.ackRequest || newGap;
}

void
GprsLlcAbmEntity::ReceiveSabm()
{
    // The peer restarts numbering: what it did not acknowledge is lost for it, and it ignored
    // every I frame since it sent the SABM.
    ++m_counters.peerReestablishments;
    AbandonOutstanding(GprsLlcAbmAbandonCause::PEER_REESTABLISHMENT, m_abandoned);
    ResetLink();
    StopTimer();
    m_sabmPending = false;
    m_state = GprsLlcAbmState::ABM;
    m_uaPending = true;
}

void
GprsLlcAbmEntity::StartReestablishment()
{
    ++m_counters.reestablishments;
    AbandonOutstanding(GprsLlcAbmAbandonCause::REESTABLISHMENT, m_abandonOnUa);
    m_rxStored.reset();
    m_ackPending = false;
    m_peerBusy = false;
    m_pollPending = false;
    m_forceAckRequest = false;
    StopTimer();
    m_state = GprsLlcAbmState::LOCAL_ESTABLISHMENT;
    m_sabmPending = true;
    m_sabmRetransmissions = 0;
}

void
GprsLlcAbmEntity::Release()
{
    ++m_counters.releases;
    m_abandoned.insert(m_abandoned.end(), m_abandonOnUa.begin(), m_abandonOnUa.end());
    m_abandonOnUa.clear();
    for (const GprsLlcAbmSdu& sdu : m_queue)
    {
        m_abandoned.push_back({sdu, GprsLlcAbmAbandonCause::RELEASE});
    }
    m_queue.clear();
    ResetLink();
    StopTimer();
    m_sabmPending = false;
    m_state = GprsLlcAbmState::ADM;
}

void
GprsLlcAbmEntity::ResetLink()
{
    m_vS = 0;
    m_vA = 0;
    m_vR = 0;
    m_rxStored.reset();
    m_ackPending = false;
    m_peerBusy = false;
    m_pollPending = false;
    m_pollCount = 0;
    m_forceAckRequest = false;
}

void
GprsLlcAbmEntity::AbandonOutstanding(GprsLlcAbmAbandonCause cause,
                                     std::deque<GprsLlcAbmAbandoned>& list)
{
    while (m_vA != m_vS)
    {
        list.push_back({m_tx[m_vA].sdu, cause});
        m_vA = GprsLlcAbmModSns(m_vA + 1);
    }
}

void
GprsLlcAbmEntity::StartTimer(TimerKind kind, Time now)
{
    m_timerKind = kind;
    m_timerExpiry = now + m_parameters.t200;
}

void
GprsLlcAbmEntity::StopTimer()
{
    m_timerExpiry.reset();
}

std::optional<uint16_t>
GprsLlcAbmEntity::FindRetransmission() const
{
    for (uint16_t i = 0; i < GetOutstanding(); ++i)
    {
        const uint16_t ns = GprsLlcAbmModSns(m_vA + i);
        if (m_tx[ns].state == TxState::RETRANSMIT)
        {
            return ns;
        }
    }
    return std::nullopt;
}

bool
GprsLlcAbmEntity::HasIFrameToSend() const
{
    return m_state == GprsLlcAbmState::ABM && !m_peerBusy &&
           (FindRetransmission() || (!m_queue.empty() && GetOutstanding() < m_k));
}

bool
GprsLlcAbmEntity::HasFrameToSend() const
{
    return m_uaPending || (m_state == GprsLlcAbmState::LOCAL_ESTABLISHMENT && m_sabmPending) ||
           (m_state == GprsLlcAbmState::ABM &&
            (HasIFrameToSend() || m_ackPending || m_pollPending));
}

std::optional<GprsLlcAbmFrame>
GprsLlcAbmEntity::TakeNextFrame(Time now)
{
    std::optional<GprsLlcAbmFrame> frame;
    if (m_uaPending)
    {
        // Before any I frame of the new numbering, so that the peer resets first.
        frame = GprsLlcAbmFrame{};
        frame->type = GprsLlcAbmFrameType::UA;
        m_uaPending = false;
    }
    else if (m_state == GprsLlcAbmState::LOCAL_ESTABLISHMENT && m_sabmPending)
    {
        frame = GprsLlcAbmFrame{};
        frame->type = GprsLlcAbmFrameType::SABM;
        m_sabmPending = false;
        StartTimer(TimerKind::T200_SABM, now);
    }
    else if (m_state != GprsLlcAbmState::ABM)
    {
        return std::nullopt;
    }
    else if (HasIFrameToSend())
    {
        frame = TakeIFrame(now);
    }
    else if (m_ackPending || m_pollPending)
    {
        frame = BuildSupervisory(GprsLlcAbmFrameType::S);
        frame->ackRequest = m_pollPending;
        if (m_pollPending)
        {
            StartTimer(TimerKind::T201_POLL, now);
        }
        m_pollPending = false;
        m_ackPending = false;
    }
    if (frame)
    {
        Count(*frame);
    }
    return frame;
}

GprsLlcAbmFrame
GprsLlcAbmEntity::TakeIFrame(Time now)
{
    uint16_t ns = m_vS;
    bool retransmission = false;
    if (const auto resend = FindRetransmission())
    {
        ns = *resend;
        retransmission = true;
        ++m_tx[ns].retransmissions;
    }
    else
    {
        m_tx[ns] = TxSlot{m_queue.front()};
        m_tx[ns].firstSent = m_sendOrder + 1;
        m_queue.pop_front();
        m_vS = GprsLlcAbmModSns(m_vS + 1);
    }
    TxSlot& slot = m_tx[ns];
    slot.state = TxState::PENDING;
    slot.lastSent = ++m_sendOrder;

    GprsLlcAbmFrame frame = BuildSupervisory(GprsLlcAbmFrameType::I);
    frame.ns = ns;
    frame.sduId = slot.sdu.sduId;
    frame.infoOctets = slot.sdu.infoOctets;
    frame.retransmission = retransmission;
    // A = 1 on the last frame of a sequence, or after T201 expired (clause 8.6.3.3).
    frame.ackRequest = m_forceAckRequest || !HasIFrameToSend();
    m_forceAckRequest = false;
    m_ackPending = false;
    if (frame.ackRequest)
    {
        m_t201Ns = ns;
        StartTimer(TimerKind::T201_I, now);
    }
    return frame;
}

GprsLlcAbmFrame
GprsLlcAbmEntity::BuildSupervisory(GprsLlcAbmFrameType type) const
{
    GprsLlcAbmFrame frame;
    frame.type = type;
    frame.nr = m_vR;
    if (m_ownBusy)
    {
        frame.function = GprsLlcSupervisoryFunction::RNR;
        return frame;
    }
    uint16_t stored = 0;
    for (uint16_t n = 1; n < m_kReceive; ++n)
    {
        if (m_rxStored.test(GprsLlcAbmModSns(m_vR + n)))
        {
            frame.sackBitmap.set(n - 1);
            ++stored;
        }
    }
    if (stored == 0)
    {
        frame.function = GprsLlcSupervisoryFunction::RR;
    }
    else if (stored == 1 && frame.sackBitmap.test(0))
    {
        frame.function = GprsLlcSupervisoryFunction::ACK;
        frame.sackBitmap.reset();
    }
    else
    {
        frame.function = GprsLlcSupervisoryFunction::SACK;
    }
    return frame;
}

void
GprsLlcAbmEntity::Count(const GprsLlcAbmFrame& frame)
{
    switch (frame.type)
    {
    case GprsLlcAbmFrameType::I:
        ++(frame.retransmission ? m_counters.iRetransmissions : m_counters.iFrames);
        m_counters.infoOctets += frame.infoOctets;
        break;
    case GprsLlcAbmFrameType::S:
        ++m_counters.sFrames;
        break;
    case GprsLlcAbmFrameType::SABM:
    case GprsLlcAbmFrameType::UA:
        ++m_counters.uFrames;
        break;
    }
    m_counters.headerOctets += frame.GetHeaderOctets();
}

std::optional<Time>
GprsLlcAbmEntity::GetTimerExpiry() const
{
    return m_timerExpiry;
}

bool
GprsLlcAbmEntity::OnTimer(Time now)
{
    if (!m_timerExpiry || now < *m_timerExpiry)
    {
        return false;
    }
    m_timerExpiry.reset();
    switch (m_timerKind)
    {
    case TimerKind::T200_SABM:
        // Clause 8.5.1.3: resend SABM up to N200 times, then give the link up.
        if (NextTry(m_sabmRetransmissions, m_parameters.n200))
        {
            m_sabmPending = true;
        }
        else
        {
            Release();
        }
        break;
    case TimerKind::T201_I:
        if (MarkForRetransmission(m_t201Ns))
        {
            m_forceAckRequest = true;
        }
        break;
    case TimerKind::T201_POLL:
        if (NextTry(m_pollCount, m_parameters.n200))
        {
            m_pollPending = true;
        }
        else
        {
            StartReestablishment();
        }
        break;
    }
    return true;
}

void
GprsLlcAbmEntity::SetOwnReceiverBusy(bool busy)
{
    if (busy != m_ownBusy)
    {
        m_ownBusy = busy;
        // Tell the peer at once: RNR when entering, RR/ACK/SACK when leaving the condition.
        m_ackPending = m_ackPending || m_state == GprsLlcAbmState::ABM;
    }
}

std::optional<GprsLlcAbmSdu>
GprsLlcAbmEntity::PopDelivered()
{
    return PopFront(m_delivered);
}

std::optional<GprsLlcAbmSdu>
GprsLlcAbmEntity::PopConfirmed()
{
    return PopFront(m_confirmed);
}

std::optional<GprsLlcAbmAbandoned>
GprsLlcAbmEntity::PopAbandoned()
{
    return PopFront(m_abandoned);
}

GprsLlcAbmState
GprsLlcAbmEntity::GetState() const
{
    return m_state;
}

uint16_t
GprsLlcAbmEntity::GetVS() const
{
    return m_vS;
}

uint16_t
GprsLlcAbmEntity::GetVA() const
{
    return m_vA;
}

uint16_t
GprsLlcAbmEntity::GetVR() const
{
    return m_vR;
}

uint16_t
GprsLlcAbmEntity::GetOutstanding() const
{
    return Distance(m_vA, m_vS);
}

std::size_t
GprsLlcAbmEntity::GetQueued() const
{
    return m_queue.size();
}

uint16_t
GprsLlcAbmEntity::GetTransmitWindow() const
{
    return m_k;
}

bool
GprsLlcAbmEntity::IsPeerBusy() const
{
    return m_peerBusy;
}

const GprsLlcAbmParameters&
GprsLlcAbmEntity::GetParameters() const
{
    return m_parameters;
}

const GprsLlcAbmCounters&
GprsLlcAbmEntity::GetCounters() const
{
    return m_counters;
}

} // namespace ns3
