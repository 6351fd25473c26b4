/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-proxy-tcp-socket.h"

#include "ns3/ipv4-end-point.h"
#include "ns3/log.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/type-id.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsProxyTcpSocket");

NS_OBJECT_ENSURE_REGISTERED(GprsProxyTcpSocket);

TypeId
GprsProxyTcpSocket::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GprsProxyTcpSocket")
                            .SetParent<GprsGuardedTcpSocket>()
                            .SetGroupName("Gprs")
                            .AddConstructor<GprsProxyTcpSocket>();
    return tid;
}

GprsProxyTcpSocket::GprsProxyTcpSocket() = default;

GprsProxyTcpSocket::GprsProxyTcpSocket(const GprsProxyTcpSocket& sock)
    : GprsGuardedTcpSocket(sock),
      m_forkCallback(sock.m_forkCallback)
{
}

GprsProxyTcpSocket::~GprsProxyTcpSocket() = default;

Ptr<GprsProxyTcpSocket>
GprsProxyTcpSocket::Create(Ptr<Node> node, const GprsTcpLegConfig& config)
{
    const Ptr<GprsProxyTcpSocket> socket = CreateObject<GprsProxyTcpSocket>();
    SetUp(socket, node, config);
    return socket;
}

void
GprsProxyTcpSocket::SetForkCallback(ForkCallback cb)
{
    m_forkCallback = cb;
}

int
GprsProxyTcpSocket::ConnectFrom(const InetSocketAddress& local, const InetSocketAddress& peer)
{
    NS_LOG_FUNCTION(this << local.GetIpv4() << local.GetPort() << peer.GetIpv4() << peer.GetPort());
    if (Bind(local) == -1)
    {
        return -1;
    }
    // What TcpSocketBase::Connect does, without asking the routing for a source address.
    m_endPoint->SetPeer(peer.GetIpv4(), peer.GetPort());
    m_endPoint6 = nullptr;
    m_rtt->Reset();
    m_synCount = m_synRetries;
    m_dataRetrCount = m_dataRetries;
    m_tcb->m_nextTxSequence = ChooseIsn(local, peer, Simulator::Now());
    return DoConnect();
}

void
GprsProxyTcpSocket::Abort()
{
    NS_LOG_FUNCTION(this);
    if (m_state == CLOSED || m_state == LISTEN)
    {
        return;
    }
    SendRST();
    m_state = CLOSED;
}

bool
GprsProxyTcpSocket::RefusedBy(const TcpHeader& header)
{
    const uint8_t flags = header.GetFlags();
    if (m_state != SYN_SENT || !(flags & TcpHeader::RST) || !(flags & TcpHeader::ACK) ||
        header.GetAckNumber() != m_tcb->m_nextTxSequence + 1)
    {
        return false;
    }
    NS_LOG_FUNCTION(this << header);
    DeallocateEndPoint();
    m_state = CLOSED;
    NotifyConnectionFailed();
    return true;
}

Ptr<Packet>
GprsProxyTcpSocket::Recv(uint32_t maxSize, uint32_t flags)
{
    NS_ABORT_MSG_IF(flags, "use of flags is not supported in GprsProxyTcpSocket::Recv()");
    const Ptr<TcpRxBuffer> rx = m_tcb->m_rxBuffer;
    if (rx->Size() == 0 && m_state == CLOSE_WAIT)
    {
        return ns3::Create<Packet>(); // end of file, as TcpSocketBase::Recv
    }
    const uint32_t oldWindow = ReceiveWindow();
    const Ptr<Packet> out = rx->Extract(maxSize);
    // RFC 1122 clause 4.2.3.3: advertise a window that reopened from closed.
    if (m_connected && (m_state == ESTABLISHED || m_state == FIN_WAIT_1 || m_state == FIN_WAIT_2) &&
        oldWindow == 0 && ReceiveWindow() > 0)
    {
        SendEmptyPacket(TcpHeader::ACK);
    }
    return out;
}

uint32_t
GprsProxyTcpSocket::OfferedWindow(uint32_t freeSpace, uint32_t mss, uint32_t bufferSize)
{
    const uint32_t threshold = std::max<uint32_t>(1, std::min(mss, bufferSize / 2));
    if (freeSpace < threshold)
    {
        return 0;
    }
    return freeSpace >= mss ? freeSpace - freeSpace % mss : freeSpace;
}

uint32_t
GprsProxyTcpSocket::ReceiveWindow() const
{
    const Ptr<TcpRxBuffer> rx = m_tcb->m_rxBuffer;
    return OfferedWindow(rx->MaxRxSequence() - rx->NextRxSequence(),
                         m_tcb->m_segmentSize,
                         rx->MaxBufferSize());
}

uint16_t
GprsProxyTcpSocket::AdvertisedWindowSize(bool scale) const
{
    if (m_tcb->m_rxBuffer->GotFin())
    {
        return TcpSocketBase::AdvertisedWindowSize(scale); // the window in force at the FIN
    }
    uint32_t window = ReceiveWindow();
    // TcpSocketBase traces the window it offers; this keeps that trace true.
    const_cast<GprsProxyTcpSocket*>(this)->m_advWnd = window;
    if (scale)
    {
        window >>= m_rcvWindShift;
    }
    return static_cast<uint16_t>(std::min<uint32_t>(window, m_maxWinSize));
}

void
GprsProxyTcpSocket::DoForwardUp(Ptr<Packet> packet,
                                const Address& fromAddress,
                                const Address& toAddress)
{
    // Only SYN-RECEIVED, LAST-ACK and TIME-WAIT differ; every other segment goes to
    // TcpSocketBase without a second parse.
    if (m_state != LAST_ACK && m_state != SYN_RCVD && m_state != TIME_WAIT)
    {
        TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
        return;
    }
    TcpHeader header;
    packet->PeekHeader(header);
    if (m_state == TIME_WAIT)
    {
        // RFC 9293 clause 3.10.7.4: a retransmitted FIN (our ACK of it was lost) is acknowledged
        // and the 2 MSL timeout restarts. TcpSocketBase ignores it, and the peer fails the
        // connection when its retries run out.
        if (header.GetFlags() & TcpHeader::FIN)
        {
            NS_LOG_LOGIC(this << " TIME_WAIT: retransmitted FIN, acknowledged again");
            SendEmptyPacket(TcpHeader::ACK);
            TimeWait();
            return;
        }
        TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
        return;
    }
    if (m_state == SYN_RCVD)
    {
        // The ACK of the SYN-ACK is the highest ACK received: set before TcpSocketBase, whose
        // handshake may already send data from the buffer bounded by it.
        if ((header.GetFlags() & TcpHeader::ACK) &&
            header.GetAckNumber() == m_tcb->m_nextTxSequence + SequenceNumber32(1))
        {
            m_highRxAckMark = header.GetAckNumber();
        }
        TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
        return;
    }
    const uint8_t flags =
        header.GetFlags() & ~(TcpHeader::PSH | TcpHeader::URG | TcpHeader::CWR | TcpHeader::ECE);
    // An ACK of all the data closes, as TcpSocketBase does: ns-3's receivers in FIN-WAIT take
    // the first sequence number of a segment with data and FIN for the FIN's, so their ACK of
    // such a FIN falls one short of it.
    if (flags != TcpHeader::ACK || header.GetAckNumber() >= m_tcb->m_highTxMark)
    {
        TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
        return;
    }
    // An ACK short of the data (RFC 9293 clause 3.10.7.4): what TcpSocketBase::DoForwardUp does
    // with an ACK in the other states, without its LAST-ACK rule that closes at any ACK.
    NS_LOG_LOGIC(this << " LAST_ACK: ACK " << header.GetAckNumber() << " short of the data end "
                      << m_tcb->m_highTxMark);
    packet->RemoveHeader(header);
    if (m_timestampEnabled)
    {
        if (!header.HasOption(TcpOption::TS))
        {
            return; // RFC 7323, as TcpSocketBase
        }
        ProcessOptionTimestamp(header.GetOption(TcpOption::TS), header.GetSequenceNumber());
    }
    EstimateRtt(header);
    UpdateWindowSize(header);
    ReceivedAck(packet, header);
}

SequenceNumber32
GprsProxyTcpSocket::ChooseIsn(const InetSocketAddress& local,
                              const InetSocketAddress& peer,
                              Time now)
{
    // FNV-1a over the connection's addresses and ports.
    uint32_t hash = 2166136261u;
    for (const uint32_t word : {local.GetIpv4().Get(),
                                static_cast<uint32_t>(local.GetPort()),
                                peer.GetIpv4().Get(),
                                static_cast<uint32_t>(peer.GetPort())})
    {
        for (int shift = 0; shift < 32; shift += 8)
        {
            hash = (hash ^ ((word >> shift) & 0xff)) * 16777619u;
        }
    }
    const auto clock = static_cast<uint32_t>(now.GetMicroSeconds() / 4);
    constexpr uint32_t kIsnSpace = (1u << 30) - 1;
    return SequenceNumber32(1 + (clock + hash) % kIsnSpace);
}

Ptr<TcpSocketBase>
GprsProxyTcpSocket::Fork()
{
    return CopyObject<GprsProxyTcpSocket>(this);
}

void
GprsProxyTcpSocket::CompleteFork(Ptr<Packet> p,
                                 const TcpHeader& tcpHeader,
                                 const Address& fromAddress,
                                 const Address& toAddress)
{
    m_tcb->m_nextTxSequence = ChooseIsn(InetSocketAddress::ConvertFrom(toAddress),
                                        InetSocketAddress::ConvertFrom(fromAddress),
                                        Simulator::Now());
    TcpSocketBase::CompleteFork(p, tcpHeader, fromAddress, toAddress);
    if (!m_forkCallback.IsNull())
    {
        m_forkCallback(this, fromAddress);
    }
}

} // namespace ns3
