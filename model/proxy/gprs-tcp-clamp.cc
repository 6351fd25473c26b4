/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-tcp-clamp.h"

#include "ns3/fatal-error.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsTcpClamp");

NS_OBJECT_ENSURE_REGISTERED(GprsTcpClamp);
NS_OBJECT_ENSURE_REGISTERED(GprsTcpClampRecovery);

TypeId
GprsTcpClamp::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsTcpClamp")
            .SetParent<TcpCongestionOps>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsTcpClamp>()
            .AddAttribute("Clamp",
                          "C_clamp: the fixed congestion window in bytes, > 0 and at least one "
                          "segment. Default 10240: about the bandwidth-delay product of "
                          "Chakravorty & Pratt's 3-slot CS-2 link (JCN 2002), who found the best "
                          "clamp 10-15 % above it; derive it from the cell with "
                          "GprsProxyHelper::DeriveClamp.",
                          UintegerValue(10240),
                          MakeUintegerAccessor(&GprsTcpClamp::m_clamp),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

GprsTcpClamp::GprsTcpClamp() = default;

GprsTcpClamp::GprsTcpClamp(const GprsTcpClamp& other)
    : TcpCongestionOps(other),
      m_clamp(other.m_clamp)
{
}

GprsTcpClamp::~GprsTcpClamp() = default;

uint32_t
GprsTcpClamp::GetClamp() const
{
    return m_clamp;
}

std::string
GprsTcpClamp::GetName() const
{
    return "GprsTcpClamp";
}

void
GprsTcpClamp::Apply(Ptr<TcpSocketState> tcb) const
{
    if (m_clamp < tcb->m_segmentSize)
    {
        NS_FATAL_ERROR("GprsTcpClamp: C_clamp of " << m_clamp << " bytes is below one segment ("
                                                   << tcb->m_segmentSize
                                                   << " bytes): the sender could never send "
                                                      "(allowed: at least the segment size)");
    }
    Set(tcb);
}

void
GprsTcpClamp::Set(Ptr<TcpSocketState> tcb) const
{
    tcb->m_cWnd = m_clamp;
    tcb->m_cWndInfl = m_clamp;
    tcb->m_ssThresh = m_clamp;
}

void
GprsTcpClamp::Init(Ptr<TcpSocketState> tcb)
{
    Set(tcb);
}

uint32_t
GprsTcpClamp::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    return m_clamp;
}

void
GprsTcpClamp::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    Apply(tcb);
}

void
GprsTcpClamp::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
}

void
GprsTcpClamp::CongestionStateSet(Ptr<TcpSocketState> tcb,
                                 const TcpSocketState::TcpCongState_t newState)
{
    if (newState != TcpSocketState::CA_LOSS)
    {
        Apply(tcb);
    }
}

Ptr<TcpCongestionOps>
GprsTcpClamp::Fork()
{
    return CopyObject<GprsTcpClamp>(this);
}

TypeId
GprsTcpClampRecovery::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GprsTcpClampRecovery")
                            .SetParent<TcpRecoveryOps>()
                            .SetGroupName("Gprs")
                            .AddConstructor<GprsTcpClampRecovery>();
    return tid;
}

GprsTcpClampRecovery::GprsTcpClampRecovery() = default;

GprsTcpClampRecovery::~GprsTcpClampRecovery() = default;

std::string
GprsTcpClampRecovery::GetName() const
{
    return "GprsTcpClampRecovery";
}

void
GprsTcpClampRecovery::KeepWindow(Ptr<TcpSocketState> tcb)
{
    tcb->m_cWnd = tcb->m_ssThresh.Get();
    tcb->m_cWndInfl = tcb->m_ssThresh.Get();
}

void
GprsTcpClampRecovery::ExitRecovery(Ptr<TcpSocketState> tcb)
{
    KeepWindow(tcb);
}

Ptr<TcpRecoveryOps>
GprsTcpClampRecovery::Fork()
{
    return CopyObject<GprsTcpClampRecovery>(this);
}

} // namespace ns3
