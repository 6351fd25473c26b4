/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-guarded-tcp-socket.h"

#include "ns3/boolean.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/rtt-estimator.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsGuardedTcpSocket");

NS_OBJECT_ENSURE_REGISTERED(GprsGuardedTcpSocket);

TypeId
GprsGuardedTcpSocket::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GprsGuardedTcpSocket")
                            .SetParent<TcpSocketBase>()
                            .SetGroupName("Gprs")
                            .AddConstructor<GprsGuardedTcpSocket>();
    return tid;
}

GprsGuardedTcpSocket::GprsGuardedTcpSocket() = default;

GprsGuardedTcpSocket::GprsGuardedTcpSocket(const GprsGuardedTcpSocket& sock) = default;

GprsGuardedTcpSocket::~GprsGuardedTcpSocket() = default;

Ptr<GprsGuardedTcpSocket>
GprsGuardedTcpSocket::Create(Ptr<Node> node, const GprsTcpLegConfig& config)
{
    const Ptr<GprsGuardedTcpSocket> socket = CreateObject<GprsGuardedTcpSocket>();
    SetUp(socket, node, config);
    return socket;
}

void
GprsGuardedTcpSocket::SetUp(Ptr<GprsGuardedTcpSocket> socket,
                            Ptr<Node> node,
                            const GprsTcpLegConfig& config)
{
    const Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
    NS_ASSERT_MSG(tcp, "node " << node->GetId() << " has no TCP");
    // A configured factory, else the type the node's TcpL4Protocol would create.
    const auto factory = [&tcp](const std::optional<ObjectFactory>& configured,
                                const std::string& l4Attribute) {
        if (configured)
        {
            return *configured;
        }
        TypeIdValue type;
        tcp->GetAttribute(l4Attribute, type);
        ObjectFactory f;
        f.SetTypeId(type.Get());
        return f;
    };
    const ObjectFactory congestionControl = factory(config.congestionControl, "SocketType");
    const ObjectFactory recovery = factory(config.recovery, "RecoveryType");

    socket->SetNode(node);
    socket->SetTcp(tcp);
    socket->SetRtt(factory(std::nullopt, "RttEstimatorType").Create<RttEstimator>());
    // The segment size first: the congestion control may size its window in segments.
    for (const auto& [name, value] : {std::make_pair("SegmentSize", config.segmentSize),
                                      std::make_pair("SndBufSize", config.sndBufSize),
                                      std::make_pair("RcvBufSize", config.rcvBufSize)})
    {
        if (value)
        {
            socket->SetAttribute(name, UintegerValue(*value));
        }
    }
    for (const auto& [name, value] :
         {std::make_pair("Sack", config.sack), std::make_pair("Timestamp", config.timestamp)})
    {
        if (value)
        {
            socket->SetAttribute(name, BooleanValue(*value));
        }
    }
    socket->SetCongestionControlAlgorithm(congestionControl.Create<TcpCongestionOps>());
    socket->SetRecoveryAlgorithm(recovery.Create<TcpRecoveryOps>());
    tcp->AddSocket(socket);
}

uint32_t
GprsGuardedTcpSocket::AvailableWindow() const
{
    const uint32_t window = TcpSocketBase::AvailableWindow();
    if (gprs::kWindowLimitedSenderSurvivesLoss || window == 0)
    {
        return window; // nothing to hold back: no NextSeg look-up on every send
    }
    SequenceNumber32 next;
    SequenceNumber32 high;
    if (m_txBuffer->NextSeg(&next, &high, false) && high == next)
    {
        return 0; // the receive window is full: nothing may be sent (ns-3 issue #991)
    }
    return window;
}

uint32_t
GprsGuardedTcpSocket::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
    if (!gprs::kWindowLimitedSenderSurvivesLoss && maxSize == 0)
    {
        NS_LOG_LOGIC("empty segment at " << seq << " offered: the head of the buffer instead");
        return TcpSocketBase::SendDataPacket(m_txBuffer->HeadSequence(),
                                             m_tcb->m_segmentSize,
                                             withAck);
    }
    return TcpSocketBase::SendDataPacket(seq, maxSize, withAck);
}

Ptr<TcpSocketBase>
GprsGuardedTcpSocket::Fork()
{
    return CopyObject<GprsGuardedTcpSocket>(this);
}

} // namespace ns3
