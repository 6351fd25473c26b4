/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_SPLIT_PROXY_H
#define GPRS_SPLIT_PROXY_H

#include "gprs-proxy-tcp-socket.h"
#include "gprs-proxy.h"
#include "gprs-split-pipe.h"

#include "ns3/gprs-retransmission-counter.h"
#include "ns3/ipv4-header.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <map>
#include <string>
#include <utility>

/**
 * \file
 * \ingroup gprs
 * The split-connection proxy (I-TCP) on the proxy node.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief Split connection (I-TCP, Bakre & Badrinath 1995), transparent: every TCP connection
 * opened between the Internet side and the mobiles' side is terminated by the proxy, which
 * opens its own connection to the other end and relays the bytes both ways. The ends address
 * each other and are configured for nothing: the proxy answers in the name of each.
 *
 * Interception: the initiator's SYN (a SYN without ACK in transit) is held, and the proxy opens
 * the responder leg itself, from the initiator's address and port
 * (GprsProxyTcpSocket::ConnectFrom). Once that leg is established the held SYN is handed to the
 * node's own TCP (the local-delivery callback of RouteInput), where a listening socket bound to
 * the responder's address and port forks the initiator leg; from then on every segment of the
 * connection is delivered locally. So the initiator's connection is accepted only if the
 * responder accepted the proxy's: a refusal or a timeout towards the responder reaches the
 * initiator as an RST, as it would end to end. Once both legs are up the proxy acknowledges
 * data on one leg as soon as it has it, before the other end does: the split's purpose.
 *
 * Relay: each direction reads from one leg into a GprsSplitPipe of RelayBufferSize octets and
 * writes from it into the other leg's send buffer as space frees; a full pipe stops reading, so
 * the receiving leg's window closes and the sender is held back (back-pressure). A FIN is
 * passed on (ShutdownSend) after the last octet. A connection is forgotten once both legs are
 * closed.
 *
 * End to end, acknowledged is not delivered: a sender's octets are acknowledged once the proxy
 * holds them. A leg that dies (reset by its peer, or given up by its TCP after its retries: ns-3
 * then calls the error-close callback and leaves the traced state as it was) resets the other
 * leg (Abort), and every octet the proxy holds for the connection is reported dropped
 * (BytesDropped, BytesDroppedToMobile, BytesDroppedToServer): what the receiving legs
 * acknowledged and the relay did not yet write on, and what the sending legs were given and
 * their peers did not acknowledge. Hence, per direction, octets acknowledged to the sender =
 * octets relayed + dropped held, and octets relayed = octets the receiver acknowledged + dropped
 * unacknowledged (a receiver may hold some of those: its acknowledgements were lost).
 *
 * Each leg has its own TCP configuration: the ServerLeg... attributes for the leg towards the
 * fixed host, MobileLeg... for the leg towards the mobile (e.g. GprsTcpClamp as
 * MobileLegCongestionControl with GprsTcpClampRecovery: Chakravorty & Pratt's cwnd clamp). An
 * empty or zero value takes what any new socket of the node would get.
 */
class GprsSplitProxy : public GprsProxy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsSplitProxy();
    ~GprsSplitProxy() override;

    /**
     * The TCP configuration of a leg, from the attributes.
     * \param mobileLeg the leg towards the mobile (else towards the fixed host)
     * \return the configuration
     * \throws std::invalid_argument naming the attribute, the value and what is allowed if a
     *         value cannot be used
     */
    GprsTcpLegConfig GetLegConfig(bool mobileLeg) const;

    /**
     * Check the text attributes of both legs (CongestionControl, Recovery, Sack, Timestamp),
     * as the proxy does when it is created (and stops the program there with the message).
     * \throws std::invalid_argument naming the attribute, the value and what is allowed
     */
    void CheckConfiguration() const;

    /**
     * Check a value for one of the legs' text attributes before the proxy is created (what
     * GprsProxyHelper::Check does with SetProxyAttribute's values); other names pass.
     * \param name the attribute, e.g. "MobileLegCongestionControl"
     * \param value its value
     * \throws std::invalid_argument naming the attribute, the value and what is allowed
     */
    static void CheckLegAttribute(const std::string& name, const std::string& value);

    /// \return connections split and not yet closed on both legs
    std::size_t GetOpenSplits() const;

    /// \return the octets relayed and dropped, the mobile leg's segments and retransmissions,
    ///         and its cwnd as windowInForce
    GprsProxyCounters GetCounters() const override;

    /**
     * TracedCallback signature of LegOpened.
     * \param socket the leg's socket
     * \param mobileLeg it is the leg towards the mobile
     */
    typedef void (*LegOpenedCallback)(Ptr<TcpSocketBase> socket, bool mobileLeg);

    /**
     * TracedCallback signature of BytesDropped.
     * \param flow the connection
     * \param toMobile the direction towards the mobile (else towards the fixed host)
     * \param held octets acknowledged to the sender and not yet written into the other leg
     * \param unacknowledged octets written into the other leg and not acknowledged by its peer
     */
    typedef void (*BytesDroppedCallback)(const GprsTcpFlow& flow,
                                         bool toMobile,
                                         uint32_t held,
                                         uint32_t unacknowledged);

  protected:
    void DoDispose() override;
    /// Refuses a bad leg attribute at once rather than at the first connection: stops the
    /// program with CheckConfiguration's message alone.
    void NotifyConstructionCompleted() override;
    bool Intercept(const GprsTransitPacket& packet, const GprsTransitSegment& s) override;

  private:
    /// Index of a leg: towards the end that opened the connection, or the other.
    enum Leg : uint8_t
    {
        INITIATOR = 0, //!< forked by a listener: towards the initiator
        RESPONDER = 1, //!< opened by the proxy: towards the responder
    };

    /// One split connection.
    struct Split
    {
        Address initiator;               //!< the initiator's address and port
        Address responder;               //!< the responder's address and port
        bool initiatorIsMobile{false};   //!< the initiator is the mobile
        Ptr<GprsProxyTcpSocket> legs[2]; //!< [Leg] sockets
        GprsSplitPipe pipes[2]{GprsSplitPipe(1), GprsSplitPipe(1)}; //!< [from Leg] relay
        bool peerFinished[2]{false, false};                         //!< [Leg] its peer sent FIN
        bool closed[2]{false, false};                               //!< [Leg] its socket is closed
        bool relaying{false};                                       //!< both legs established
        bool failed{false};           //!< a leg died: what the connection held was reported dropped
        bool pumping{false};          //!< inside Pump
        Ptr<Packet> syn;              //!< the held SYN, until delivered
        Ipv4Header synHeader;         //!< its IP header
        uint32_t synInterface{0};     //!< its incoming interface
        LocalDeliverCallback deliver; //!< local delivery
        GprsRetransmissionCounter toMobile; //!< the mobile leg's data segments
    };

    /**
     * Hold a SYN and open the responder leg.
     * \param packet the SYN's packet
     * \param s the segment
     * \return the SYN is held (false: it passes unsplit)
     */
    bool StartSplit(const GprsTransitPacket& packet, const GprsTransitSegment& s);
    /**
     * Warn once on std::cerr when a SYN carries FlowMonitor's tag: FlowMonitor then measures
     * the connection up to the proxy only (doc/gprs.rst, FlowMonitor).
     * \param syn the SYN's IP payload
     */
    void WarnOfFlowMonitor(const Packet& syn);

    /**
     * \param split a connection
     * \param leg one of its legs
     * \return the leg is towards the mobile
     */
    static bool IsMobileLeg(const Split& split, Leg leg);

    /**
     * Watch a leg's socket.
     * \param flow its connection
     * \param leg which leg
     * \param socket the socket
     */
    void WatchLeg(const GprsTcpFlow& flow, Leg leg, Ptr<GprsProxyTcpSocket> socket);

    /**
     * The held SYN goes to the listener for the responder's address and port.
     * \param flow the connection
     */
    void DeliverSyn(GprsTcpFlow flow);

    /**
     * A listener forked the initiator leg.
     * \param socket the new socket
     * \param from the initiator
     */
    void OnFork(Ptr<GprsProxyTcpSocket> socket, const Address& from);

    /**
     * A leg changed state.
     * \param flow its connection
     * \param leg which leg
     * \param oldState the previous state
     * \param newState the new state
     */
    void OnState(GprsTcpFlow flow,
                 uint8_t leg,
                 TcpSocket::TcpStates_t oldState,
                 TcpSocket::TcpStates_t newState);

    /**
     * A leg's error-close or connection-failed callback: its TCP gave up (retries exhausted)
     * or sent a reset, without a state change in the first case.
     * \param flow its connection
     * \param leg which leg
     * \param socket the leg
     */
    void OnLegFailed(GprsTcpFlow flow, uint8_t leg, Ptr<Socket> socket);

    /**
     * A leg is closed: cleanly (its FIN exchange completed), or it died. A dead leg refuses
     * the initiator (before the relay) or resets the other leg, and what the connection held
     * is reported dropped.
     * \param flow its connection
     * \param leg which leg
     * \param clean through the FIN states
     */
    void LegClosed(const GprsTcpFlow& flow, Leg leg, bool clean);

    /**
     * Report as dropped every octet a connection holds, both directions.
     * \param flow the connection
     * \param split its state
     */
    void ReportDropped(const GprsTcpFlow& flow, const Split& split);

    /**
     * Both legs are closed: forget the connection.
     * \param flow the connection
     */
    void Forget(GprsTcpFlow flow);

    /**
     * Both legs are up: relay.
     * \param flow the connection
     */
    void StartRelay(GprsTcpFlow flow);

    /**
     * Move what can be moved, both directions, and pass on FINs.
     * \param flow the connection
     */
    void Pump(GprsTcpFlow flow);

    /**
     * Recv callback of a leg.
     * \param flow its connection
     * \param socket the leg
     */
    void OnRecv(GprsTcpFlow flow, Ptr<Socket> socket);

    /**
     * Send callback of a leg.
     * \param flow its connection
     * \param socket the leg
     * \param available its free send buffer
     */
    void OnSend(GprsTcpFlow flow, Ptr<Socket> socket, uint32_t available);

    /**
     * Move one direction.
     * \param split the connection
     * \param from the leg the data comes from
     */
    void PumpDirection(Split& split, Leg from);

    /**
     * The responder refused or could not be reached: reset the initiator, whose SYN is held.
     * \param split the connection
     */
    void RefuseInitiator(const Split& split);

    /**
     * A segment the mobile leg sent.
     * \param flow its connection
     * \param p its payload
     * \param header its TCP header
     * \param socket the socket
     */
    void OnMobileTx(GprsTcpFlow flow,
                    Ptr<const Packet> p,
                    const TcpHeader& header,
                    Ptr<const TcpSocketBase> socket);

    /**
     * The mobile leg's congestion state changed.
     * \param flow its connection
     * \param oldState previous
     * \param newState new
     */
    void OnMobileCongState(GprsTcpFlow flow,
                           TcpSocketState::TcpCongState_t oldState,
                           TcpSocketState::TcpCongState_t newState);

    /**
     * The mobile leg's cwnd changed.
     * \param oldCwnd previous
     * \param newCwnd new
     */
    void OnMobileCwnd(uint32_t oldCwnd, uint32_t newCwnd);

    /// A text attribute of this class (a pointer to member).
    using TextMember = std::string GprsSplitProxy::*;
    /// A number attribute of this class (a pointer to member).
    using NumberMember = uint32_t GprsSplitProxy::*;

    /// The attributes of one leg, as members of this class.
    struct LegMembers
    {
        TextMember congestion;    //!< ...LegCongestionControl
        TextMember recovery;      //!< ...LegRecovery
        NumberMember segmentSize; //!< ...LegSegmentSize
        NumberMember sndBuf;      //!< ...LegSndBufSize
        NumberMember rcvBuf;      //!< ...LegRcvBufSize
        TextMember sack;          //!< ...LegSack
        TextMember timestamp;     //!< ...LegTimestamp
    };

    /**
     * \param mobileLeg the leg towards the mobile
     * \return its attributes
     */
    static LegMembers Members(bool mobileLeg);

    /**
     * Register a leg's attributes.
     * \param tid the TypeId
     * \param mobileLeg the leg towards the mobile
     * \return tid
     */
    static TypeId AddLegAttributes(TypeId tid, bool mobileLeg);

    uint32_t m_relayBufferSize{0};         //!< RelayBufferSize
    bool m_flowMonitorWarned{false};       //!< the FlowMonitor warning was given
    std::string m_serverCongestion;        //!< ServerLegCongestionControl
    std::string m_serverRecovery;          //!< ServerLegRecovery
    uint32_t m_serverSegmentSize{0};       //!< ServerLegSegmentSize
    uint32_t m_serverSndBuf{0};            //!< ServerLegSndBufSize
    uint32_t m_serverRcvBuf{0};            //!< ServerLegRcvBufSize
    std::string m_serverSack;              //!< ServerLegSack
    std::string m_serverTimestamp;         //!< ServerLegTimestamp
    std::string m_mobileCongestion;        //!< MobileLegCongestionControl
    std::string m_mobileRecovery;          //!< MobileLegRecovery
    uint32_t m_mobileSegmentSize{0};       //!< MobileLegSegmentSize
    uint32_t m_mobileSndBuf{0};            //!< MobileLegSndBufSize
    uint32_t m_mobileRcvBuf{0};            //!< MobileLegRcvBufSize
    std::string m_mobileSack;              //!< MobileLegSack
    std::string m_mobileTimestamp;         //!< MobileLegTimestamp
    std::map<GprsTcpFlow, Split> m_splits; //!< split connections
    /// Listening sockets by the responder address and port they stand for.
    std::map<std::pair<uint32_t, uint16_t>, Ptr<GprsProxyTcpSocket>> m_listeners;
    TracedCallback<Ptr<TcpSocketBase>, bool> m_legOpened; //!< LegOpened
    /// BytesDropped
    TracedCallback<const GprsTcpFlow&, bool, uint32_t, uint32_t> m_bytesDropped;
    TracedValue<uint64_t> m_bytesToMobile;        //!< BytesRelayedToMobile
    TracedValue<uint64_t> m_bytesToServer;        //!< BytesRelayedToServer
    TracedValue<uint64_t> m_dataSegmentsToMobile; //!< DataSegmentsToMobile
    TracedValue<uint64_t> m_dataRetx;             //!< DataDrivenRetransmissions
    TracedValue<uint64_t> m_timerRetx;            //!< TimerDrivenRetransmissions
    TracedValue<uint32_t> m_windowInForce;        //!< WindowInForce
    TracedValue<uint64_t> m_bytesDroppedToMobile; //!< BytesDroppedToMobile
    TracedValue<uint64_t> m_bytesDroppedToServer; //!< BytesDroppedToServer
};

} // namespace ns3

#endif /* GPRS_SPLIT_PROXY_H */
