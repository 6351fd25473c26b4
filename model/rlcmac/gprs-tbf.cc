/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-tbf.h"

#include <stdexcept>
#include <string>

namespace ns3
{

GprsTbf::GprsTbf(GprsDirection dir, const GprsTbfConfig& config)
    : m_dir(dir),
      m_config(config)
{
}

void
GprsTbf::SetConfig(const GprsTbfConfig& config)
{
    m_config = config;
}

bool
GprsTbf::CanRequest() const
{
    return m_state == GprsTbfState::NONE || (m_state == GprsTbfState::RELEASED && !m_abnormal);
}

bool
GprsTbf::KeepsMobileOnPacch(Time now) const
{
    return IsOpen() || (m_state == GprsTbfState::RELEASED && !m_abnormal &&
                        now < m_released + m_config.pacchAfterRelease);
}

bool
GprsTbf::IsReleasedAbnormally() const
{
    return m_state == GprsTbfState::RELEASED && m_abnormal;
}

Time
GprsTbf::GetRequested() const
{
    return m_requested;
}

std::optional<Time>
GprsTbf::GetDeadline() const
{
    return m_deadline;
}

void
GprsTbf::Require(bool ok, const char* event) const
{
    if (!ok)
    {
        throw std::logic_error(std::string(ToString(m_dir)) + " TBF: " + event + " in state " +
                               ToString(m_state));
    }
}

void
GprsTbf::Enter(GprsTbfState state)
{
    m_state = state;
    m_deadline.reset();
    if (m_observer)
    {
        m_observer(state);
    }
}

void
GprsTbf::SetStateObserver(std::function<void(GprsTbfState)> observer)
{
    m_observer = std::move(observer);
}

void
GprsTbf::StartAccess(Time now, Time delay)
{
    Require(CanRequest() || m_state == GprsTbfState::ACCESS_CCCH ||
                m_state == GprsTbfState::CHANNEL_REQUEST || m_state == GprsTbfState::ASSIGN_PACCH,
            "StartAccess");
    Require(!delay.IsStrictlyNegative(), "StartAccess with a negative delay");
    if (CanRequest())
    {
        m_requested = now;
    }
    Enter(GprsTbfState::ACCESS_CCCH);
    m_assignmentPending = false;
    m_deadline = now + delay;
}

void
GprsTbf::ContinueAccess(Time deadline)
{
    Require(m_state == GprsTbfState::ACCESS_CCCH, "ContinueAccess");
    m_deadline = deadline;
}

void
GprsTbf::RequestOnAckNack(Time now)
{
    Require(m_dir == GprsDirection::UPLINK && CanRequest(), "RequestOnAckNack");
    m_requested = now;
    Enter(GprsTbfState::CHANNEL_REQUEST);
}

void
GprsTbf::RequestOnPacch(Time now)
{
    Require(CanRequest() || m_state == GprsTbfState::CHANNEL_REQUEST, "RequestOnPacch");
    if (CanRequest())
    {
        m_requested = now;
    }
    Enter(GprsTbfState::ASSIGN_PACCH);
    m_assignmentPending = false;
    m_assignments = 0;
}

void
GprsTbf::AssignmentSent()
{
    Require(m_state == GprsTbfState::ASSIGN_PACCH && !m_assignmentPending, "AssignmentSent");
    m_assignmentPending = true;
}

bool
GprsTbf::AssignmentFailed()
{
    Require(m_state == GprsTbfState::ASSIGN_PACCH && m_assignmentPending, "AssignmentFailed");
    m_assignmentPending = false;
    return ++m_assignments >= m_config.assignmentMax;
}

Time
GprsTbf::Establish(Time now)
{
    Require(m_state == GprsTbfState::ACCESS_CCCH || m_state == GprsTbfState::ASSIGN_PACCH,
            "Establish");
    m_onePhaseAccess = m_dir == GprsDirection::UPLINK && m_state == GprsTbfState::ACCESS_CCCH;
    Enter(GprsTbfState::FLOW);
    m_assignmentPending = false;
    m_pollCounter = 0;
    m_grantCounter = 0;
    return now - m_requested;
}

void
GprsTbf::Hold(Time now)
{
    Require(m_state == GprsTbfState::FLOW && m_config.hold.IsStrictlyPositive(), "Hold");
    Enter(GprsTbfState::HOLD);
    m_holdUntil = now + m_config.hold;
    m_deadline = m_config.keepAlive.IsStrictlyPositive()
                     ? std::min(now + m_config.keepAlive, m_holdUntil)
                     : m_holdUntil;
}

void
GprsTbf::Resume()
{
    Require(m_state == GprsTbfState::HOLD, "Resume");
    Enter(GprsTbfState::FLOW);
}

void
GprsTbf::Finish()
{
    Require(m_state == GprsTbfState::FLOW || m_state == GprsTbfState::HOLD, "Finish");
    Enter(GprsTbfState::FINISHED);
    // The final acknowledgement has its own repetitions (N3103 on the uplink).
    if (m_dir == GprsDirection::UPLINK)
    {
        m_pollCounter = 0;
    }
}

void
GprsTbf::FinalBlockPolled(Time now)
{
    Require(m_dir == GprsDirection::DOWNLINK && m_state == GprsTbfState::FINISHED,
            "FinalBlockPolled");
    if (m_config.finalAckWait.IsStrictlyPositive())
    {
        m_deadline = now + m_config.finalAckWait;
    }
}

void
GprsTbf::PollAnswered()
{
    Require(IsOpen(), "PollAnswered");
    m_pollCounter = 0;
}

bool
GprsTbf::PollFailed()
{
    Require(IsOpen(), "PollFailed");
    return ++m_pollCounter >= m_config.pollMax;
}

uint32_t
GprsTbf::GetPollCounter() const
{
    return m_pollCounter;
}

void
GprsTbf::GrantUsed()
{
    Require(m_dir == GprsDirection::UPLINK && IsOpen(), "GrantUsed");
    m_grantCounter = 0;
}

bool
GprsTbf::GrantUnused()
{
    Require(m_dir == GprsDirection::UPLINK && IsOpen(), "GrantUnused");
    return ++m_grantCounter >= m_config.grantMax;
}

uint32_t
GprsTbf::GetGrantCounter() const
{
    return m_grantCounter;
}

void
GprsTbf::Release(Time now, bool abnormal)
{
    Require(m_state != GprsTbfState::NONE && m_state != GprsTbfState::RELEASED, "Release");
    const Time wait = m_finalAckExpired ? Time(0)
                      : abnormal        ? m_config.releaseAbnormal
                                        : m_config.releaseNormal;
    m_finalAckExpired = false;
    m_abnormal = abnormal;
    m_released = now;
    m_assignmentPending = false;
    m_pollCounter = 0;
    m_grantCounter = 0;
    if (wait.IsStrictlyPositive() || (!abnormal && m_config.pacchAfterRelease.IsStrictlyPositive()))
    {
        Enter(GprsTbfState::RELEASED);
        m_deadline = now + std::max(wait, abnormal ? Time(0) : m_config.pacchAfterRelease);
    }
    else
    {
        Enter(GprsTbfState::NONE);
    }
}

void
GprsTbf::Reset()
{
    Enter(GprsTbfState::NONE);
    m_abnormal = false;
    m_finalAckExpired = false;
    m_assignmentPending = false;
    m_pollCounter = 0;
    m_grantCounter = 0;
}

GprsTbfTimer
GprsTbf::Expire(Time now)
{
    Require(m_deadline.has_value() && now >= *m_deadline, "Expire before the deadline");
    switch (m_state)
    {
    case GprsTbfState::RELEASED:
        Enter(GprsTbfState::NONE);
        return GprsTbfTimer::RELEASE;
    case GprsTbfState::HOLD:
        if (now < m_holdUntil)
        {
            m_deadline = std::min(now + m_config.keepAlive, m_holdUntil);
            return GprsTbfTimer::KEEP_ALIVE;
        }
        m_deadline.reset();
        return GprsTbfTimer::HOLD;
    case GprsTbfState::FINISHED:
        m_deadline.reset();
        m_finalAckExpired = true;
        return GprsTbfTimer::FINAL_ACK;
    default:
        m_deadline.reset();
        return GprsTbfTimer::ACCESS;
    }
}

} // namespace ns3
