/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-gsmtap-writer.h"

#include "ns3/gprs-block-timing.h"
#include "ns3/gprs-bssgp.h"
#include "ns3/gprs-ms-net-device.h"
#include "ns3/gprs-rlcmac-encoder.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsGsmtapWriter");

NS_OBJECT_ENSURE_REGISTERED(GprsGsmtapWriter);

namespace
{
/// LLC frames kept per link for the blocks still to be built: more than RLC can hold (a window of
/// 64 blocks of at most 50 octets, frames of at least 6 octets).
constexpr uint64_t kKeptFrames = 1024;
/// N(U) is 9 bits (TS 44.064 clause 6.3.3).
constexpr uint64_t kNuModulus = 512;
/// N-PDU numbers of SN-UNITDATA are 12 bits (TS 44.065 clause 7.2).
constexpr uint32_t kNpduModulus = 4096;
/// SN-DATA N-PDU numbers are 8 bits (TS 44.065 clause 7.2).
constexpr uint32_t kAbmNpduModulus = 256;
/// BSSGP PDU Lifetime "infinite": all ones (TS 48.018 clause 11.3.25; osmo-pcu's llc.cpp keeps
/// a frame of delay 0xFFFF forever).
constexpr uint16_t kInfiniteLifetime = 0xFFFF;
/// Cell identity in the uplink's Cell Identifier: the model's cells have none.
constexpr uint16_t kCellIdentity = 0;
// QoS precedence (TS 48.018 clause 11.3.28): the model has one priority.
constexpr uint8_t kDownlinkPrecedence = 1; //!< 001: normal priority
constexpr uint8_t kUplinkPrecedence = 0;   //!< 000: radio priority 1, the RADIO_PRIORITY the
                                           //!< Channel Request Description asks for

/**
 * \param pcu a PCU
 * \param name one of its unsigned integer attributes
 * \return the attribute's value
 */
uint32_t
GetUinteger(const Ptr<GprsPcu>& pcu, const char* name)
{
    UintegerValue v;
    pcu->GetAttribute(name, v);
    return static_cast<uint32_t>(v.Get());
}
} // namespace

TypeId
GprsGsmtapWriter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsGsmtapWriter")
            .SetParent<Object>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsGsmtapWriter>()
            .AddAttribute("Arfcn",
                          "ARFCN written in the GSMTAP headers and in the assignments' Frequency "
                          "Parameters. The model has one carrier and no frequency: a label, 0 by "
                          "default.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&GprsGsmtapWriter::m_arfcn),
                          MakeUintegerChecker<uint16_t>(0, 1023))
            .AddAttribute("Tsc",
                          "Training sequence code in the assignments' Frequency Parameters "
                          "(TS 44.060 clause 12.8), 0..7.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&GprsGsmtapWriter::m_tsc),
                          MakeUintegerChecker<uint8_t>(0, 7));
    return tid;
}

GprsGsmtapWriter::GprsGsmtapWriter() = default;

GprsGsmtapWriter::~GprsGsmtapWriter() = default;

void
GprsGsmtapWriter::DoDispose()
{
    if (m_file)
    {
        m_file->Close();
    }
    m_file = nullptr;
    m_pcu = nullptr;
    m_links.clear();
    Object::DoDispose();
}

void
GprsGsmtapWriter::Attach(Ptr<GprsPcu> pcu, Ptr<PcapFileWrapper> file)
{
    m_pcu = pcu;
    m_file = file;
    const uint32_t overhead = GetUinteger(pcu, "LlcOverhead");
    const uint32_t first = GetUinteger(pcu, "SndcpFirstHeader");
    const uint32_t next = GetUinteger(pcu, "SndcpNextHeader");
    m_standardLlc = overhead == kGprsLlcUiOverheadOctets &&
                    first == kGprsSnUnitdataFirstHeaderOctets &&
                    next == kGprsSnUnitdataNextHeaderOctets;
    m_framing = std::make_unique<GprsLlcFraming>(GetUinteger(pcu, "N201U"), overhead, first, next);
    // I frames: SN-DATA headers of 3 and 1 octets, LLC's own octets outside (GprsPcu).
    m_abmFraming = std::make_unique<GprsLlcFraming>(GetUinteger(pcu, "LlcN201I"),
                                                    0,
                                                    kGprsSnDataFirstHeaderOctets,
                                                    kGprsSnDataNextHeaderOctets);
    GprsRlcModeValue mode;
    pcu->GetAttribute("RlcMode", mode);
    m_rlcUnacknowledged = mode.Get() == GprsRlcMode::UNACKNOWLEDGED;
    TimeValue lifetime;
    pcu->GetAttribute("LlcPduLifetime", lifetime);
    const int64_t cs = lifetime.Get().GetMilliSeconds() / 10;
    m_lifetimeCs = lifetime.Get().IsZero()
                       ? kInfiniteLifetime
                       : static_cast<uint16_t>(std::clamp<int64_t>(cs, 1, kInfiniteLifetime - 1));
    m_ms.reset();
    pcu->TraceConnectWithoutContext("RadioBlock",
                                    MakeCallback(&GprsGsmtapWriter::RadioBlock, this));
    pcu->TraceConnectWithoutContext("LlcFrame", MakeCallback(&GprsGsmtapWriter::LlcFrame, this));
}

void
GprsGsmtapWriter::Attach(Ptr<GprsPcu> pcu, uint32_t ms, Ptr<PcapFileWrapper> file)
{
    if (ms >= pcu->GetNMs())
    {
        NS_FATAL_ERROR("GprsGsmtapWriter::Attach: no mobile "
                       << ms << " in a cell of " << pcu->GetNMs() << " (allowed: below that)");
    }
    Attach(pcu, file);
    m_ms = ms;
}

GprsGsmtapWriter::Link&
GprsGsmtapWriter::GetLink(uint32_t ms, GprsDirection dir)
{
    return m_links[{ms, static_cast<int>(dir)}];
}

uint32_t
GprsGsmtapWriter::GetTlli(uint32_t ms) const
{
    return m_pcu->GetTlli(ms);
}

const uint8_t*
GprsGsmtapWriter::NpduOctets(Link& link, const Ptr<const Packet>& npdu)
{
    if (link.npdu != npdu)
    {
        link.npdu = npdu;
        link.npduOctets.resize(npdu->GetSize());
        npdu->CopyData(link.npduOctets.data(), npdu->GetSize());
    }
    return link.npduOctets.data();
}

std::vector<uint8_t>
GprsGsmtapWriter::AbmFrame(Link& link, bool fromNetwork, const GprsLlcFrameRecord& r)
{
    std::vector<uint8_t> information;
    if (r.abm->type == GprsLlcAbmFrameType::I && r.npdu)
    {
        // An I frame sent again carries the same N-PDU number: number N-PDUs by their first
        // segment's id.
        const uint64_t npduId = r.abm->sduId - r.segment;
        const auto [it, added] = link.abmNpdus.insert({npduId, link.npdus});
        link.npdus += added;
        while (link.abmNpdus.begin()->first + kKeptFrames < npduId)
        {
            link.abmNpdus.erase(link.abmNpdus.begin());
        }
        const uint32_t size = r.npdu->GetSize();
        information = EncodeSnData(kGprsSndcpFirstNsapi,
                                   it->second % kAbmNpduModulus,
                                   r.segment == 0,
                                   r.segment + 1 < r.segments,
                                   NpduOctets(link, r.npdu) + m_abmFraming->DataOffset(r.segment),
                                   m_abmFraming->DataOctets(size, r.segment));
    }
    if (information.size() != (r.abm->type == GprsLlcAbmFrameType::I ? r.abm->infoOctets : 0))
    {
        information.assign(r.abm->infoOctets, 0); // an I frame whose packet is gone
    }
    return EncodeLlcAbmFrame(*r.abm, kGprsLlcSapiUserData, fromNetwork, information);
}

void
GprsGsmtapWriter::LlcFrame(uint32_t ms, GprsDirection dir, const GprsLlcFrameRecord& r)
{
    if (m_ms && ms != *m_ms)
    {
        return;
    }
    Link& link = GetLink(ms, dir);
    const bool fromNetwork = dir == GprsDirection::DOWNLINK;
    const auto nu = static_cast<uint16_t>(r.frameId % kNuModulus);
    std::vector<uint8_t> octets(r.octets, 0);
    // The frame's QoS flags on the Gb interface: SAPI 3 frames are user data, the others GMM
    // signalling; I+S and S frames whose function is ACK or SACK say so.
    GprsBssgpQos qos;
    qos.userData = r.npdu || r.abm;
    qos.ackOrSack = r.abm && r.abm->type != GprsLlcAbmFrameType::SABM &&
                    r.abm->type != GprsLlcAbmFrameType::UA &&
                    (r.abm->function == GprsLlcSupervisoryFunction::ACK ||
                     r.abm->function == GprsLlcSupervisoryFunction::SACK);
    qos.rlcUnacknowledged = m_rlcUnacknowledged;
    qos.precedence = fromNetwork ? kDownlinkPrecedence : kUplinkPrecedence;
    if (r.abm)
    {
        octets = AbmFrame(link, fromNetwork, r);
    }
    else if (r.npdu)
    {
        if (r.segment == 0)
        {
            ++link.npdus;
        }
        const uint32_t size = r.npdu->GetSize();
        const uint8_t* data = NpduOctets(link, r.npdu) + m_framing->DataOffset(r.segment);
        const uint32_t length = m_framing->DataOctets(size, r.segment);
        if (m_standardLlc)
        {
            octets = EncodeLlcUiFrame(kGprsLlcSapiUserData,
                                      fromNetwork,
                                      nu,
                                      EncodeSnUnitdata(kGprsSndcpFirstNsapi,
                                                       (link.npdus - 1) % kNpduModulus,
                                                       r.segment,
                                                       r.segment + 1 < r.segments,
                                                       data,
                                                       length));
        }
        else
        {
            // Header octets as zeros, the IP octets just before a zero FCS (where it fits).
            const uint32_t fcs = std::min(kGprsLlcFcsOctets, r.octets - length);
            std::copy(data, data + length, octets.end() - fcs - length);
        }
    }
    else if (m_standardLlc)
    {
        octets = EncodeLlcUiFrame(kGprsLlcSapiGmm, fromNetwork, nu, {});
    }
    NS_ASSERT_MSG(octets.size() == r.octets,
                  "LLC frame of " << octets.size() << " octets, the model says " << r.octets);
    link.frames[r.frameId] = {std::move(octets), qos};
    while (link.frames.begin()->first + kKeptFrames < r.frameId)
    {
        link.frames.erase(link.frames.begin());
    }
}

const GprsRlcDataField&
GprsGsmtapWriter::DataField(const GprsRadioBlockRecord& r, Link& link)
{
    // A block keeps its octets when sent again (TS 44.060 clause 9.3.2.1: GPRS never
    // re-segments), and its LLC frames may be gone by then: encode new blocks only.
    std::optional<GprsRlcDataField>& field = link.fields[r.block->bsn];
    if (r.txKind == GprsRlcTxKind::NEW || !field)
    {
        field = EncodeRlcDataBlock(
            *r.block,
            [&link](uint64_t frameId, uint32_t offset, uint8_t* out, uint32_t n) {
                const auto it = link.frames.find(frameId);
                if (it != link.frames.end() && offset + n <= it->second.octets.size())
                {
                    std::copy_n(it->second.octets.begin() + offset, n, out);
                }
                else
                {
                    std::fill_n(out, n, 0); // a frame from before the writer was attached
                }
            },
            GetTlli(r.ms));
    }
    return *field;
}

std::vector<uint8_t>
GprsGsmtapWriter::EncodeBlock(const GprsRadioBlockRecord& r, Link& link)
{
    const GprsDownlinkMacHeader mac{r.usf, r.polled, 0}; // RRBP 0: the model polls 3 blocks on
    if (r.kind == GprsRadioBlockRecord::USF_ONLY)
    {
        return GprsRlcMacEncoder::PacketDownlinkDummyControlBlock(mac);
    }
    if (r.kind == GprsRadioBlockRecord::DATA)
    {
        const GprsRlcDataField& field = DataField(r, link);
        return r.dir == GprsDirection::DOWNLINK
                   ? GprsRlcMacEncoder::DownlinkDataBlock(mac, r.tfi, *r.block, field)
                   : GprsRlcMacEncoder::UplinkDataBlock(r.cv, r.stalled, r.tfi, *r.block, field);
    }
    switch (r.msg)
    {
    case GprsControlMessage::PACKET_DOWNLINK_ACK_NACK: {
        std::optional<GprsChannelRequestDescription> request;
        if (r.channelRequest)
        {
            request.emplace();
            request->rlcMode = r.rlcMode;
        }
        return GprsRlcMacEncoder::PacketDownlinkAckNack(r.tfi, *r.ackNack, request);
    }
    case GprsControlMessage::PACKET_UPLINK_ACK_NACK:
        return GprsRlcMacEncoder::PacketUplinkAckNack(
            mac,
            r.tfi,
            r.cs,
            *r.ackNack,
            r.contentionResolution ? std::optional<uint32_t>(GetTlli(r.ms)) : std::nullopt,
            r.tbfEst);
    case GprsControlMessage::PACKET_CONTROL_ACK:
        return GprsRlcMacEncoder::PacketControlAcknowledgement(GetTlli(r.ms));
    case GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK:
        return GprsRlcMacEncoder::PacketUplinkDummyControlBlock(GetTlli(r.ms));
    case GprsControlMessage::PACKET_RESOURCE_REQUEST: {
        GprsChannelRequestDescription request;
        request.rlcMode = r.rlcMode;
        return GprsRlcMacEncoder::PacketResourceRequest(GetTlli(r.ms), request);
    }
    case GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT: {
        GprsDownlinkAssignment a;
        a.tlli = GetTlli(r.ms);
        a.rlcMode = r.rlcMode;
        a.timeslots = r.timeslots;
        a.controlAck = r.controlAck;
        a.tfi = r.tfi;
        a.arfcn = m_arfcn;
        a.tsc = m_tsc;
        return GprsRlcMacEncoder::PacketDownlinkAssignment(mac, a);
    }
    case GprsControlMessage::PACKET_UPLINK_ASSIGNMENT: {
        GprsUplinkAssignment a;
        a.tlli = GetTlli(r.ms);
        a.cs = r.cs;
        a.tfi = r.tfi;
        for (uint8_t tn = 0; tn < 8; ++tn)
        {
            if (r.timeslots & (0x80 >> tn))
            {
                a.usf[tn] = r.usfs[tn];
            }
        }
        a.arfcn = m_arfcn;
        a.tsc = m_tsc;
        return GprsRlcMacEncoder::PacketUplinkAssignment(mac, a);
    }
    }
    NS_FATAL_ERROR("GprsGsmtapWriter: unknown control message " << static_cast<int>(r.msg));
}

void
GprsGsmtapWriter::RadioBlock(const GprsRadioBlockRecord& r)
{
    if (m_ms && r.ms != *m_ms)
    {
        return;
    }
    Link& link = GetLink(r.ms, r.dir);
    // The block has arrived once its four TDMA frames are over.
    const Time t = GprsBlockTiming::FrameStart(r.frame + GprsBlockTiming::kFramesPerBlock);
    GsmtapHeader h;
    h.type = GsmtapType::UM;
    h.timeslot = r.pdch;
    h.arfcn = m_arfcn;
    h.uplink = r.dir == GprsDirection::UPLINK;
    h.snrDb = static_cast<int8_t>(std::clamp(std::lround(r.ciDb), -128L, 127L));
    h.frameNumber = GprsBlockTiming::ToFn(r.frame);
    h.subType = r.kind == GprsRadioBlockRecord::DATA ? GsmtapChannel::PDTCH : GsmtapChannel::PACCH;
    Write(t, EncodeGsmtap(h, EncodeBlock(r, link)), kGsmtapUdpPort, r.ms, r.dir, r.lost);
    if (r.kind != GprsRadioBlockRecord::DATA || r.txKind != GprsRlcTxKind::NEW)
    {
        return;
    }
    for (const GprsLlcSegment& s : r.block->segments)
    {
        const auto frame = link.frames.find(s.frameId);
        if (!s.endsFrame || frame == link.frames.end())
        {
            continue;
        }
        // The LLC frame, now that its last octet is on the air, as the Gb interface carries it:
        // in BSSGP with the mobile's TLLI (TS 48.018 clauses 10.2.1, 10.2.2).
        const uint32_t tlli = GetTlli(r.ms);
        const StoredFrame& f = frame->second;
        const std::vector<uint8_t> bssgp =
            r.dir == GprsDirection::DOWNLINK
                ? EncodeBssgpDlUnitdata(tlli, f.qos, m_lifetimeCs, f.octets)
                : EncodeBssgpUlUnitdata(tlli, f.qos, kCellIdentity, f.octets);
        Write(t, EncodeNsUnitdata(kGprsPtpBvci, bssgp), kGprsNsUdpPort, r.ms, r.dir, false);
    }
}

void
GprsGsmtapWriter::Write(Time t,
                        const std::vector<uint8_t>& payload,
                        uint16_t port,
                        uint32_t ms,
                        GprsDirection dir,
                        bool lost)
{
    const uint32_t mobile = GetTlli(ms);
    const uint32_t network = lost ? kLostAddress : kNetworkAddress;
    const bool down = dir == GprsDirection::DOWNLINK;
    const std::vector<uint8_t> packet =
        EncapsulateUdp(payload, down ? network : mobile, down ? mobile : network, port);
    m_file->Write(t, packet.data(), static_cast<uint32_t>(packet.size()));
}

} // namespace ns3
