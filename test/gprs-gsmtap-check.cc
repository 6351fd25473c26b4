/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Checks the GSMTAP export with a real decoder: a small cell (a TCP download to one mobile, a
// TCP upload from another whose LLC runs in acknowledged mode, a bad radio spell for losses and
// retransmissions) writes its GSMTAP pcap (GprsHelper::EnableGsmtap) and, from the same run, the
// model's own record of every radio block; tshark (Wireshark's dissectors) decodes the pcap and
// every decoded field is compared with the record: time order, time slot, frame number,
// direction, lost flag, BSN, TFI, FBI, USF, S/P, CV, SI, the length indicators, message types,
// the Ack/Nack descriptions (FAI, SSN, the 64-bit RBB), TLLIs and assignments. It also checks
// that tshark reports no malformed packet and no expert warning in the GSM layers, that every
// LLC frame's FCS is correct, and that every TCP segment delivered across the cell can be found,
// decoded through LLC and SNDCP, among the file's LLC frames.
//
// Usage: gprs-gsmtap-check [--tshark=PATH] --outdir=DIR. Exits 77 (skipped) without --tshark,
// 0 when every check passes, 1 otherwise.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/internet-module.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <tuple>
#include <vector>

using namespace ns3;

namespace
{

/// Exit code CTest reads as "skipped" (SKIP_RETURN_CODE in CMakeLists.txt).
constexpr int kSkipped = 77;

/// What the model says of one radio block.
struct Expected
{
    GprsRadioBlockRecord::Kind kind{};        //!< data, control, USF only
    GprsDirection dir{};                      //!< direction
    uint32_t ms{0};                           //!< mobile
    uint8_t pdch{0};                          //!< timeslot
    uint32_t fn{0};                           //!< frame number
    bool lost{false};                         //!< lost on the radio
    uint8_t usf{0};                           //!< downlink USF
    bool polled{false};                       //!< S/P
    uint8_t tfi{0};                           //!< TFI
    uint8_t bsn{0};                           //!< data: BSN
    bool fbi{false};                          //!< data: FBI
    uint8_t cv{15};                           //!< uplink data: CV
    bool stalled{false};                      //!< uplink data: SI
    GprsCodingScheme cs{};                    //!< data: CS
    std::vector<uint32_t> lis;                //!< data: LI values in order
    GprsControlMessage msg{};                 //!< control: message
    bool fai{false};                          //!< Ack/Nack: FAI
    uint16_t ssn{0};                          //!< Ack/Nack: SSN
    uint64_t rbb{0};                          //!< Ack/Nack: RBB, bit n at position n - 1
    bool channelRequest{false};               //!< PDAN: Channel Request Description
    uint8_t timeslots{0};                     //!< assignments: TIMESLOT_ALLOCATION
    bool controlAck{false};                   //!< Packet Downlink Assignment: CONTROL_ACK
    std::array<uint8_t, 8> usfs{};            //!< PUA: USF per timeslot
    GprsRlcTxKind txKind{GprsRlcTxKind::NEW}; //!< data: new or sent again
    bool ti{false};                           //!< uplink data: TI, the block carries the TLLI
    uint32_t dataOctets{0};                   //!< data: LLC octets carried
    bool contentionResolution{false};         //!< PUAN: CONTENTION_RESOLUTION_TLLI present
    std::optional<bool> tbfEst;               //!< PUAN: TBF_EST (Release 99 additions)
};

/// One decoded field.
struct Field
{
    std::string proto;    //!< enclosing protocol
    std::string name;     //!< field name
    std::string show;     //!< value as tshark shows it
    std::string showname; //!< the line tshark prints
};

/// One decoded packet.
struct Decoded
{
    uint32_t number{0};        //!< frame number in the file
    std::vector<Field> fields; //!< every field, in order

    /// \return the n-th field of that name, or null
    const Field* Find(const std::string& name, std::size_t n = 0) const
    {
        for (const Field& f : fields)
        {
            if (f.name == name && n-- == 0)
            {
                return &f;
            }
        }
        return nullptr;
    }

    /// \return the values of every field of that name, in order
    std::vector<std::string> All(const std::string& name) const
    {
        std::vector<std::string> out;
        for (const Field& f : fields)
        {
            if (f.name == name)
            {
                out.push_back(f.show);
            }
        }
        return out;
    }
};

/// \return the value of attribute key in an XML element line, "" if none
std::string
Attribute(const std::string& line, const std::string& key)
{
    const std::string open = " " + key + "=\"";
    const auto start = line.find(open);
    if (start == std::string::npos)
    {
        return "";
    }
    const auto from = start + open.size();
    std::string value = line.substr(from, line.find('"', from) - from);
    // The entities tshark writes in PDML.
    for (const auto& [entity, c] :
         std::vector<std::pair<std::string, std::string>>{{"&quot;", "\""},
                                                          {"&lt;", "<"},
                                                          {"&gt;", ">"},
                                                          {"&apos;", "'"},
                                                          {"&amp;", "&"}})
    {
        for (auto p = value.find(entity); p != std::string::npos; p = value.find(entity, p + 1))
        {
            value.replace(p, entity.size(), c);
        }
    }
    return value;
}

/// \return the packets of a pcap decoded by tshark (PDML), empty if tshark fails
std::vector<Decoded>
Decode(const std::string& tshark, const std::string& pcap)
{
    const std::string command = "'" + tshark + "' -r '" + pcap + "' -T pdml 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    std::vector<Decoded> packets;
    if (!pipe)
    {
        return packets;
    }
    std::string line;
    std::string proto;
    char buffer[4096];
    while (fgets(buffer, sizeof(buffer), pipe))
    {
        line += buffer;
        if (line.empty() || line.back() != '\n')
        {
            continue; // a line longer than the buffer: read on
        }
        if (line.find("<packet>") != std::string::npos)
        {
            packets.emplace_back();
            packets.back().number = static_cast<uint32_t>(packets.size());
        }
        else if (line.find("<proto ") != std::string::npos && !packets.empty())
        {
            // Kept as a field too: "_ws.malformed" is a protocol in PDML.
            proto = Attribute(line, "name");
            packets.back().fields.push_back({proto, proto, "", Attribute(line, "showname")});
        }
        else if (line.find("<field ") != std::string::npos && !packets.empty())
        {
            // Wireshark 4.4 (Debian 13) shows boolean fields as True/False, 3.6 as 1/0.
            std::string show = Attribute(line, "show");
            show = show == "True" ? "1" : show == "False" ? "0" : show;
            packets.back().fields.push_back(
                {proto, Attribute(line, "name"), show, Attribute(line, "showname")});
        }
        line.clear();
    }
    pclose(pipe);
    return packets;
}

/**
 * \param showname a bit field as tshark prints it ("..11 1111  1111 ... = Name: value")
 * \return its bits, the first sent most significant
 */
uint64_t
BitsOf(const std::string& showname)
{
    uint64_t value = 0;
    for (const char c : showname.substr(0, showname.find(" = ")))
    {
        if (c == '0' || c == '1')
        {
            value = (value << 1) | static_cast<uint64_t>(c == '1');
        }
    }
    return value;
}

/// Counts failed checks and prints the first ones.
class Checker
{
  public:
    /**
     * \param ok the check passed
     * \param where the packet
     * \param what what was compared, with both values
     */
    void Check(bool ok, const std::string& where, const std::string& what)
    {
        ++m_checks;
        if (!ok && ++m_failures <= 30)
        {
            std::cerr << "FAIL " << where << ": " << what << "\n";
        }
    }

    /// Compare a decoded field with the model's value.
    void Expect(const Decoded& p,
                const std::string& where,
                const std::string& name,
                const std::string& expected,
                std::size_t n = 0)
    {
        const Field* f = p.Find(name, n);
        const std::string got = f ? f->show : "(absent)";
        Check(got == expected, where, name + " = " + got + ", model " + expected);
    }

    /// \return checks made
    uint64_t GetChecks() const
    {
        return m_checks;
    }

    /// \return checks failed
    uint64_t GetFailures() const
    {
        return m_failures;
    }

  private:
    uint64_t m_checks{0};   //!< checks made
    uint64_t m_failures{0}; //!< checks failed
};

/// \return "1"/"0" as tshark shows booleans
std::string
Bool(bool b)
{
    return b ? "1" : "0";
}

/// \return an integer as text
template <typename T>
std::string
Num(T v)
{
    return std::to_string(static_cast<uint64_t>(v));
}

/// \return a readable name of a block for the messages
std::string
Describe(const Decoded& p, const Expected& e)
{
    std::ostringstream s;
    s << "packet " << p.number << " (" << (e.dir == GprsDirection::DOWNLINK ? "DL" : "UL") << " TN "
      << +e.pdch << " FN " << e.fn << " ";
    if (e.kind == GprsRadioBlockRecord::DATA)
    {
        s << "data BSN " << +e.bsn;
    }
    else if (e.kind == GprsRadioBlockRecord::CONTROL)
    {
        s << ToString(e.msg);
    }
    else
    {
        s << "USF only";
    }
    s << ")";
    return s.str();
}

/// Message types as Wireshark names their values (TS 44.060 Table 11.2.1).
uint32_t
MessageType(GprsControlMessage msg)
{
    switch (msg)
    {
    case GprsControlMessage::PACKET_DOWNLINK_ACK_NACK:
    case GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT:
        return 2;
    case GprsControlMessage::PACKET_UPLINK_ACK_NACK:
        return 9;
    case GprsControlMessage::PACKET_CONTROL_ACK:
        return 1;
    case GprsControlMessage::PACKET_UPLINK_ASSIGNMENT:
        return 10;
    case GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK:
        return 3;
    case GprsControlMessage::PACKET_RESOURCE_REQUEST:
        return 5;
    }
    return 0;
}

/// \return what the model's record of a radio block says, as the checks compare it
Expected
ToExpected(const GprsRadioBlockRecord& r)
{
    Expected e;
    e.kind = r.kind;
    e.dir = r.dir;
    e.ms = r.ms;
    e.pdch = r.pdch;
    e.fn = GprsBlockTiming::ToFn(r.frame);
    e.lost = r.lost;
    e.usf = r.usf;
    e.polled = r.polled;
    e.tfi = r.tfi;
    e.msg = r.msg;
    e.cv = r.cv;
    e.stalled = r.stalled;
    e.channelRequest = r.channelRequest;
    e.timeslots = r.timeslots;
    e.controlAck = r.controlAck;
    e.usfs = r.usfs;
    e.txKind = r.txKind;
    e.contentionResolution = r.contentionResolution;
    e.tbfEst = r.tbfEst;
    if (r.block)
    {
        e.bsn = r.block->bsn;
        e.fbi = r.block->fbi;
        e.cs = r.block->cs;
        e.ti = r.block->tlli;
        e.dataOctets = r.block->GetDataOctets();
        // An LI octet holds the length of a segment that ends its frame, 0 for the
        // last segment when its frame goes on (TS 44.060 clause 10.4.14).
        for (std::size_t i = 0; i < r.block->liOctets; ++i)
        {
            const GprsLlcSegment& seg = r.block->segments[i];
            e.lis.push_back(seg.endsFrame ? seg.length : 0);
        }
    }
    if (r.ackNack)
    {
        e.fai = r.ackNack->GetFinalAck();
        e.ssn = r.ackNack->GetSsn();
        e.rbb = r.ackNack->GetRbb();
    }
    return e;
}

/// \return a TLLI as tshark shows it
std::string
TlliText(uint32_t tlli)
{
    char text[16];
    std::snprintf(text, sizeof(text), "0x%08x", tlli);
    return text;
}

/// \return a TLLI as the IPv4 address of its mobile's GSMTAP packets, dotted
std::string
TlliAddress(uint32_t tlli)
{
    std::ostringstream s;
    Ipv4Address(tlli).Print(s);
    return s.str();
}

/**
 * Compare the GSMTAP packet's IPv4 addresses with its sender and receiver: the mobile's TLLI,
 * the network 127.0.0.1, or 127.0.0.2 when the receiver lost the block.
 */
void
CheckAddresses(Checker& c,
               const Decoded& p,
               const std::string& where,
               bool downlink,
               bool lost,
               uint32_t tlli)
{
    const std::string network = lost ? "127.0.0.2" : "127.0.0.1";
    c.Expect(p, where, "ip.src", downlink ? network : TlliAddress(tlli));
    c.Expect(p, where, "ip.dst", downlink ? TlliAddress(tlli) : network);
}

/// Compare a decoded radio block with the model's record.
void
CheckBlock(Checker& c, const Decoded& p, const Expected& e, uint32_t tlliValue)
{
    const std::string tlli = TlliText(tlliValue);
    const std::string where = Describe(p, e);
    const bool dl = e.dir == GprsDirection::DOWNLINK;
    CheckAddresses(c, p, where, dl, e.lost, tlliValue);
    c.Expect(p, where, "gsmtap.type", "1");
    c.Expect(p, where, "gsmtap.ts", Num(e.pdch));
    c.Expect(p, where, "gsmtap.frame_nr", Num(e.fn));
    c.Expect(p, where, "gsmtap.uplink", Bool(!dl));
    c.Expect(p, where, "gsmtap.chan_type", e.kind == GprsRadioBlockRecord::DATA ? "13" : "11");
    if (dl)
    {
        c.Expect(p, where, "gsm_rlcmac.usf", Num(e.usf));
        c.Expect(p, where, "gsm_rlcmac.s_p", Bool(e.polled));
        if (e.polled)
        {
            c.Expect(p, where, "gsm_rlcmac.rrbp", "0");
        }
    }
    if (e.kind == GprsRadioBlockRecord::DATA)
    {
        c.Expect(p, where, "gsm_rlcmac.bsn", Num(e.bsn));
        if (dl)
        {
            c.Expect(p, where, "gsm_rlcmac.dl.tfi", Num(e.tfi));
            c.Expect(p, where, "gsm_rlcmac.fbi", Bool(e.fbi));
        }
        else
        {
            c.Expect(p, where, "gsm_rlcmac.ul.tfi", Num(e.tfi));
            c.Expect(p, where, "gsm_rlcmac.ul.cv", Num(e.cv));
            c.Check(e.cv != 0 || e.fbi, where, "CV 0 in a block that is not the last");
            c.Check(!e.fbi || e.cv == 0, where, "the last block has CV " + Num(e.cv));
            c.Expect(p, where, "gsm_rlcmac.ul.data_si", Bool(e.stalled));
            // Contention resolution: the TLLI after the LI octets (TS 44.060 10.2.2).
            c.Expect(p, where, "gsm_rlcmac.ti", Bool(e.ti));
            c.Expect(p, where, "gsm_rlcmac.tlli", e.ti ? tlli : "(absent)");
            // The model's LLC octets fill what the coding scheme leaves after the LI octets
            // and the TLLI, or end with filler after an LI.
            const uint32_t room =
                GprsRlcDataOctets(e.cs) - (e.ti ? kGprsTlliOctets : 0) - e.lis.size();
            c.Check(e.dataOctets <= room,
                    where,
                    Num(e.dataOctets) + " LLC octets in the " + Num(room) + " left");
        }
        const std::vector<std::string> lis = p.All("gsm_rlcmac.li");
        std::ostringstream got;
        std::ostringstream expected;
        for (const auto& li : lis)
        {
            got << li << " ";
        }
        for (const auto li : e.lis)
        {
            expected << li << " ";
        }
        c.Check(got.str() == expected.str(),
                where,
                "LIs [" + got.str() + "], model [" + expected.str() + "]");
        return;
    }
    const std::string type = dl ? "gsm_rlcmac.dl.message_type" : "gsm_rlcmac.ul.message_type";
    if (e.kind == GprsRadioBlockRecord::USF_ONLY)
    {
        c.Expect(p, where, type, "37"); // Packet Downlink Dummy Control Block
        return;
    }
    c.Expect(p, where, type, Num(MessageType(e.msg)));
    switch (e.msg)
    {
    case GprsControlMessage::PACKET_DOWNLINK_ACK_NACK:
    case GprsControlMessage::PACKET_UPLINK_ACK_NACK: {
        c.Expect(p, where, dl ? "gsm_rlcmac.ul.tfi" : "gsm_rlcmac.dl.tfi", Num(e.tfi));
        c.Expect(p, where, "gsm_rlcmac.dl.final_ack_indication", Bool(e.fai));
        c.Expect(p, where, "gsm_rlcmac.dl.starting_sequence_number", Num(e.ssn));
        const Field* rbb = p.Find("gsm_rlcmac.received_block_bitmap");
        c.Check(rbb && BitsOf(rbb->showname) == e.rbb,
                where,
                "RBB " + (rbb ? rbb->showname : std::string("(absent)")) + ", model " + Num(e.rbb));
        if (!dl)
        {
            c.Expect(p,
                     where,
                     "gsm_rlcmac.packet_downlink_ack_nack.channel_request_description_exist",
                     Bool(e.channelRequest));
        }
        else
        {
            c.Expect(p,
                     where,
                     "gsm_rlcmac.pu_acknack_gprs.common_uplink_ack_nack_data."
                     "exist_contention_resolution_tlli_exist",
                     Bool(e.contentionResolution));
            c.Expect(p, where, "gsm_rlcmac.tlli", e.contentionResolution ? tlli : "(absent)");
            c.Expect(p,
                     where,
                     "gsm_rlcmac.ul.puan_tbf_est",
                     e.tbfEst ? Bool(*e.tbfEst) : std::string("(absent)"));
        }
        break;
    }
    case GprsControlMessage::PACKET_CONTROL_ACK:
    case GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK:
    case GprsControlMessage::PACKET_RESOURCE_REQUEST:
        c.Expect(p, where, "gsm_rlcmac.tlli", tlli);
        break;
    case GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT:
        c.Expect(p, where, "gsm_rlcmac.tlli", tlli);
        c.Expect(p, where, "gsm_rlcmac.dl.timeslot_allocation", Num(e.timeslots));
        c.Expect(p, where, "gsm_rlcmac.dl.tfi", Num(e.tfi));
        c.Expect(p, where, "gsm_rlcmac.dl.control_ack", Bool(e.controlAck));
        break;
    case GprsControlMessage::PACKET_UPLINK_ASSIGNMENT: {
        c.Expect(p, where, "gsm_rlcmac.tlli", tlli);
        c.Expect(p, where, "gsm_rlcmac.ul.tfi", Num(e.tfi));
        std::size_t n = 1; // gsm_rlcmac.usf 0 is the MAC header's
        for (uint8_t tn = 0; tn < 8; ++tn)
        {
            if (e.timeslots & (0x80 >> tn))
            {
                c.Expect(p, where + " TN " + Num(tn), "gsm_rlcmac.usf", Num(e.usfs[tn]), n++);
            }
        }
        break;
    }
    }
}

/// A TCP segment the model delivered across a cell: uplink, IP source, IP destination, sequence
/// number, payload length.
using Segment = std::tuple<bool, std::string, std::string, uint32_t, uint32_t>;

/// \return an IPv4 address, dotted
std::string
Dotted(Ipv4Address a)
{
    std::ostringstream s;
    a.Print(s);
    return s.str();
}

/// \return the TCP segment with data in an IP packet the PCU delivered, if it is one
std::optional<Segment>
DeliveredSegment(GprsDirection dir, const Ptr<const Packet>& packet)
{
    Ptr<Packet> p = packet->Copy();
    Ipv4Header ip;
    p->RemoveHeader(ip);
    TcpHeader tcp;
    if (ip.GetProtocol() != gprs::kTcpProtocolNumber)
    {
        return std::nullopt;
    }
    p->RemoveHeader(tcp);
    if (p->GetSize() == 0)
    {
        return std::nullopt;
    }
    return Segment{dir == GprsDirection::UPLINK,
                   Dotted(ip.GetSource()),
                   Dotted(ip.GetDestination()),
                   tcp.GetSequenceNumber().GetValue(),
                   p->GetSize()};
}

/// What the Gb interface's headers of an LLC frame's packet say.
struct LlcHeader
{
    bool uplink{false}; //!< BSSGP UL-UNITDATA, not DL-UNITDATA
    std::string tlli;   //!< the BSSGP header's TLLI as tshark shows it, "(absent)" if none
};

/// \return the BSSGP header of a packet carrying an LLC frame, none for a radio block
std::optional<LlcHeader>
LlcHeaderOf(const Decoded& p)
{
    const Field* type = p.Find("bssgp.pdu_type");
    if (!type)
    {
        return std::nullopt;
    }
    const Field* tlli = p.Find("gsm_a.rr.tlli");
    return LlcHeader{type->show == "0x01", tlli ? tlli->show : "(absent)"};
}

/// \return the TCP segment an LLC frame completes as tshark reassembled it, if any
std::optional<Segment>
DecodedSegment(const Decoded& p)
{
    // The packet's own IPv4 header comes first, the reassembled packet's second.
    const auto llc = LlcHeaderOf(p);
    const Field* src = p.Find("ip.src", 1);
    const Field* dst = p.Find("ip.dst", 1);
    const Field* seq = p.Find("tcp.seq_raw");
    const Field* len = p.Find("tcp.len");
    if (!llc || !src || !dst || !seq || !len || std::stoul(len->show) == 0)
    {
        return std::nullopt;
    }
    return Segment{llc->uplink,
                   src->show,
                   dst->show,
                   static_cast<uint32_t>(std::stoul(seq->show)),
                   static_cast<uint32_t>(std::stoul(len->show))};
}

/**
 * Several mobiles of one cell at once: mobiles 0, 1 and 2 download the same amount from the
 * same start, so their N-PDU numbers run alike, and mobile 2 uploads meanwhile, so its two
 * directions do too. The cell's capture must keep them apart in tshark's SNDCP reassembly:
 * every IP packet it reassembles in an LLC frame is one the model delivered to or from the
 * mobile whose TLLI the frame's BSSGP header carries (and whose address the packet has), and
 * every segment delivered is found. Mobile 1's own capture (EnableGsmtap with its device) holds
 * exactly its blocks and frames.
 */
void
CheckMobiles(Checker& c, const std::string& tshark, const std::string& outdir)
{
    const uint32_t mobiles = 3;
    const uint32_t watched = 1; // the mobile with a capture of its own
    GprsScenarioHelper scenario;
    scenario.SetInternetLink(DataRate("10Mbps"), MilliSeconds(50), 0);
    scenario.Cell().SetPcuAttribute("NumberOfPdchs", UintegerValue(4));
    GprsScenario s = scenario.Install(mobiles);
    const std::string cellPcap = outdir + "/cell.pcap";
    scenario.Cell().EnableGsmtap(cellPcap, s.bssDevices, true);
    const std::string prefix = outdir + "/mobile";
    scenario.Cell().EnableGsmtap(prefix, s.msDevices.Get(watched));
    const std::string mobilePcap =
        PcapHelper().GetFilenameFromDevice(prefix, s.msDevices.Get(watched));

    std::vector<Expected> model;
    s.pcu->TraceConnectWithoutContext(
        "RadioBlock",
        MakeCallback(+[](std::vector<Expected>* out, const GprsRadioBlockRecord& r) {
            out->push_back(ToExpected(r));
        }).Bind(&model));
    std::map<Segment, uint32_t> delivered; // segment -> mobile
    s.pcu->TraceConnectWithoutContext("PacketDelivered",
                                      MakeCallback(+[](std::map<Segment, uint32_t>* out,
                                                       uint32_t ms,
                                                       GprsDirection dir,
                                                       Ptr<const Packet> packet,
                                                       Time) {
                                          if (const auto segment = DeliveredSegment(dir, packet))
                                          {
                                              out->insert({*segment, ms});
                                          }
                                      }).Bind(&delivered));

    const uint16_t port = 50000; // as in main(): no dissector claims it
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    sink.Install(s.mobiles);
    sink.Install(s.server);
    for (uint32_t i = 0; i < mobiles; ++i)
    {
        BulkSendHelper down("ns3::TcpSocketFactory",
                            InetSocketAddress(s.GetMobileAddress(i), port));
        down.SetAttribute("MaxBytes", UintegerValue(30000));
        down.Install(s.server).Start(Seconds(1));
    }
    BulkSendHelper up("ns3::TcpSocketFactory", InetSocketAddress(s.serverAddress, port));
    up.SetAttribute("MaxBytes", UintegerValue(12000));
    up.Install(s.mobiles.Get(mobiles - 1)).Start(Seconds(1));
    Simulator::Stop(Seconds(40));
    Simulator::Run();
    std::map<std::string, uint32_t> mobileOf; // TLLI as tshark shows it -> mobile
    std::vector<uint32_t> tllis;
    for (uint32_t i = 0; i < mobiles; ++i)
    {
        tllis.push_back(GprsLocalTlli(s.mobiles.Get(i)->GetId()));
        mobileOf[TlliText(tllis.back())] = i;
    }
    Simulator::Destroy(); // closes the pcaps

    // Each capture: its radio blocks against the model's, its LLC frames' packets against those
    // delivered.
    const auto check = [&](const std::string& pcap, bool oneMobile) {
        std::vector<const Expected*> blocks;
        for (const Expected& e : model)
        {
            if (!oneMobile || e.ms == watched)
            {
                blocks.push_back(&e);
            }
        }
        const std::vector<Decoded> packets = Decode(tshark, pcap);
        std::size_t um = 0;
        std::set<Segment> found;
        uint32_t wrongMobile = 0;
        for (const Decoded& p : packets)
        {
            const Field* type = p.Find("gsmtap.type");
            if (type && type->show == "1")
            {
                if (um < blocks.size())
                {
                    CheckBlock(c, p, *blocks[um], tllis.at(blocks[um]->ms));
                }
                ++um;
                continue;
            }
            const auto llc = LlcHeaderOf(p);
            const auto mobile = llc ? mobileOf.find(llc->tlli) : mobileOf.end();
            c.Check(mobile != mobileOf.end() && (!oneMobile || mobile->second == watched),
                    pcap + " packet " + Num(p.number),
                    "LLC frame of TLLI " + (llc ? llc->tlli : std::string("(no BSSGP header)")));
            if (mobile != mobileOf.end())
            {
                const Field* address = p.Find(llc->uplink ? "ip.src" : "ip.dst");
                c.Check(address && address->show == TlliAddress(tllis[mobile->second]),
                        pcap + " packet " + Num(p.number),
                        "LLC frame of TLLI " + llc->tlli + " sent as another mobile's");
            }
            const auto segment = DecodedSegment(p);
            if (!segment || mobile == mobileOf.end())
            {
                continue;
            }
            const auto it = delivered.find(*segment);
            const bool right = it != delivered.end() && it->second == mobile->second;
            wrongMobile += !right;
            c.Check(right,
                    pcap + " packet " + Num(p.number),
                    "the IP packet reassembled for mobile " + Num(mobile->second) +
                        " is not one the model delivered to or from it");
            found.insert(*segment);
        }
        c.Check(um == blocks.size(),
                pcap,
                Num(um) + " radio blocks in the file, " + Num(blocks.size()) + " in the model");
        uint32_t expected = 0;
        uint32_t seen = 0;
        for (const auto& [segment, ms] : delivered)
        {
            if (!oneMobile || ms == watched)
            {
                ++expected;
                seen += found.count(segment);
            }
        }
        c.Check(expected > 0 && seen == expected,
                pcap,
                Num(seen) + " of the " + Num(expected) +
                    " TCP segments delivered found reassembled in the mobile's LLC frames");
        std::cout << pcap << ": " << packets.size() << " packets, " << um << " radio blocks; "
                  << seen << " of " << expected << " TCP segments reassembled for their mobile, "
                  << wrongMobile << " reassembled wrong\n";
    };
    check(cellPcap, false);
    check(mobilePcap, true);
}
} // namespace

int
main(int argc, char* argv[])
{
    std::string tshark;
    std::string outdir = ".";
    CommandLine cmd(__FILE__);
    cmd.AddValue("tshark", "path of tshark (none given: skip the test)", tshark);
    cmd.AddValue("outdir", "directory for gsmtap.pcap and model-blocks.txt", outdir);
    cmd.Parse(argc, argv);
    if (tshark.empty())
    {
        std::cout << "SKIPPED: tshark not found (Debian package tshark); the GSMTAP export "
                     "is not checked\n";
        return kSkipped;
    }
    mkdir(outdir.c_str(), 0755);
    const std::string pcap = outdir + "/gsmtap.pcap";

    // Mobile 0 downloads, mobile 1 uploads; a bad spell at 3-5 s loses blocks both ways.
    GprsScenarioHelper scenario;
    scenario.SetInternetLink(DataRate("10Mbps"), MilliSeconds(50), 0);
    scenario.Cell().SetPcuAttribute("NumberOfPdchs", UintegerValue(4));
    scenario.Cell().SetMsDeviceAttribute("MultislotClass", UintegerValue(8));
    scenario.Cell().SetMsDeviceAttribute("RadioConditions", StringValue("0s:20,3s:5,5s:20"));
    GprsScenario s = scenario.Install(2);
    // The uploading mobile's LLC runs in acknowledged mode: I, S, SABM and UA frames.
    s.msDevices.Get(1)->SetAttribute("LlcMode", StringValue("Acknowledged"));
    scenario.Cell().AssignStreams(s.bssDevices, 7);
    // A single cell device (not a container) writes the whole cell.
    scenario.Cell().EnableGsmtap(pcap, s.bssDevices.Get(0), true);

    std::vector<Expected> model;
    std::ofstream trace(outdir + "/model-blocks.txt");
    trace << "# the model's record of every radio block (GprsPcu RadioBlock), in file order\n"
          << "# dir tn fn kind ms lost usf sp tfi bsn fbi cv si msg fai ssn rbb\n";
    s.pcu->TraceConnectWithoutContext(
        "RadioBlock",
        MakeCallback(+[](std::vector<Expected>* out,
                         std::ofstream* file,
                         const GprsRadioBlockRecord& r) {
            Expected e = ToExpected(r);
            *file << (e.dir == GprsDirection::DOWNLINK ? "DL" : "UL") << " " << +e.pdch << " "
                  << e.fn << " " << static_cast<int>(e.kind) << " " << e.ms << " " << e.lost << " "
                  << +e.usf << " " << e.polled << " " << +e.tfi << " " << +e.bsn << " " << e.fbi
                  << " " << +e.cv << " " << e.stalled << " "
                  << (e.kind == GprsRadioBlockRecord::CONTROL ? ToString(e.msg) : "-") << " "
                  << e.fai << " " << e.ssn << " " << std::hex << e.rbb << std::dec << "\n";
            out->push_back(std::move(e));
        }).Bind(&model, &trace));

    // The data blocks as the older RlcBlock trace reports them, to cross-check the record.
    std::vector<GprsRlcBlockRecord> rlcBlocks;
    s.pcu->TraceConnectWithoutContext(
        "RlcBlock",
        MakeCallback(+[](std::vector<GprsRlcBlockRecord>* out, const GprsRlcBlockRecord& r) {
            out->push_back(r);
        }).Bind(&rlcBlocks));

    // TCP data segments delivered across the cell: (uplink, sequence number, length).
    std::set<std::tuple<bool, uint32_t, uint32_t>> delivered;
    s.pcu->TraceConnectWithoutContext(
        "PacketDelivered",
        MakeCallback(+[](std::set<std::tuple<bool, uint32_t, uint32_t>>* out,
                         uint32_t,
                         GprsDirection dir,
                         Ptr<const Packet> packet,
                         Time) {
            Ptr<Packet> p = packet->Copy();
            Ipv4Header ip;
            p->RemoveHeader(ip);
            TcpHeader tcp;
            if (ip.GetProtocol() == gprs::kTcpProtocolNumber)
            {
                p->RemoveHeader(tcp);
                if (p->GetSize() > 0)
                {
                    out->insert({dir == GprsDirection::UPLINK,
                                 tcp.GetSequenceNumber().GetValue(),
                                 p->GetSize()});
                }
            }
        }).Bind(&delivered));

    // A port no Wireshark dissector claims (5000 is IPA's): the TCP payload stays data.
    const uint16_t port = 50000;
    PacketSinkHelper down("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    down.Install(s.mobiles.Get(0));
    BulkSendHelper bulkDown("ns3::TcpSocketFactory",
                            InetSocketAddress(s.GetMobileAddress(0), port));
    bulkDown.SetAttribute("MaxBytes", UintegerValue(25000));
    bulkDown.Install(s.server).Start(Seconds(1));
    PacketSinkHelper up("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    up.Install(s.server);
    BulkSendHelper bulkUp("ns3::TcpSocketFactory", InetSocketAddress(s.serverAddress, port));
    bulkUp.SetAttribute("MaxBytes", UintegerValue(12000));
    bulkUp.Install(s.mobiles.Get(1)).Start(Seconds(1.5));

    Simulator::Stop(Seconds(25));
    Simulator::Run();
    std::vector<uint32_t> tllis;
    for (uint32_t i = 0; i < s.pcu->GetNMs(); ++i)
    {
        tllis.push_back(GprsLocalTlli(s.mobiles.Get(i)->GetId()));
    }
    Simulator::Destroy(); // closes the pcap
    trace.close();

    Checker c;
    // The record against the older trace: the same data blocks in the same order.
    std::vector<const Expected*> data;
    for (const Expected& e : model)
    {
        if (e.kind == GprsRadioBlockRecord::DATA)
        {
            data.push_back(&e);
        }
    }
    c.Check(data.size() == rlcBlocks.size(),
            "RadioBlock",
            Num(data.size()) + " data blocks, RlcBlock " + Num(rlcBlocks.size()));
    for (std::size_t i = 0; i < std::min(data.size(), rlcBlocks.size()); ++i)
    {
        const Expected& e = *data[i];
        const GprsRlcBlockRecord& r = rlcBlocks[i];
        c.Check(e.ms == r.ms && e.dir == r.dir && e.pdch == r.pdch && e.bsn == r.bsn &&
                    e.fbi == r.fbi && e.lost == r.lost && e.cs == r.cs && e.txKind == r.kind &&
                    (e.dir == GprsDirection::UPLINK || e.polled == r.polled),
                "data block " + Num(i),
                "RadioBlock and RlcBlock disagree");
    }

    // TFIs: the data blocks of one block period in one direction name their TBFs apart. USFs:
    // an uplink data block answers the USF of the downlink block before it on its timeslot.
    std::map<std::tuple<int, uint32_t, uint8_t>, uint32_t> tfiUser;
    std::map<uint8_t, const Expected*> lastDownlink;
    for (const Expected& e : model)
    {
        if (e.dir == GprsDirection::DOWNLINK)
        {
            lastDownlink[e.pdch] = &e;
        }
        if (e.kind != GprsRadioBlockRecord::DATA)
        {
            continue;
        }
        const auto [it, added] = tfiUser.insert({{static_cast<int>(e.dir), e.fn, e.tfi}, e.ms});
        c.Check(added || it->second == e.ms,
                "FN " + Num(e.fn),
                "TFI " + Num(e.tfi) + " of mobiles " + Num(it->second) + " and " + Num(e.ms));
        if (e.dir == GprsDirection::UPLINK)
        {
            const Expected* grant = lastDownlink[e.pdch];
            const uint32_t gap = grant ? (e.fn + GprsBlockTiming::kHyperframeFrames - grant->fn) %
                                             GprsBlockTiming::kHyperframeFrames
                                       : 0;
            c.Check(grant && (gap == 4 || gap == 5) && grant->usf != kGprsUsfFree,
                    "UL TN " + Num(e.pdch) + " FN " + Num(e.fn),
                    "no USF granted it in the block before");
        }
    }

    const std::vector<Decoded> packets = Decode(tshark, pcap);
    std::vector<const Decoded*> um;
    std::vector<const Decoded*> llc;
    double lastTime = 0;
    for (const Decoded& p : packets)
    {
        const Field* time = p.Find("frame.time_epoch");
        const double t = time ? std::stod(time->show) : -1;
        c.Check(t >= lastTime,
                "packet " + Num(p.number),
                "time " + (time ? time->show : std::string("(absent)")) + " before the last");
        lastTime = t;
        (LlcHeaderOf(p) ? llc : um).push_back(&p);
        for (const Field& f : p.fields)
        {
            const bool gsm = f.proto == "gsmtap" || f.proto == "gsm_rlcmac" ||
                             f.proto == "gprs-ns" || f.proto == "bssgp" || f.proto == "llcgprs" ||
                             f.proto == "sndcp";
            c.Check(f.name != "_ws.malformed" && (f.name != "_ws.expert" || !gsm),
                    "packet " + Num(p.number),
                    f.proto + ": " + f.showname);
        }
    }
    c.Check(!packets.empty(), pcap, "tshark decoded no packet");
    c.Check(um.size() == model.size(),
            pcap,
            Num(um.size()) + " radio blocks in the file, " + Num(model.size()) + " in the model");
    std::map<GprsControlMessage, uint32_t> messages;
    uint32_t lost = 0;
    uint32_t retransmitted = 0;
    uint32_t controlAcks = 0;
    for (std::size_t i = 0; i < std::min(um.size(), model.size()); ++i)
    {
        const Expected& e = model[i];
        CheckBlock(c, *um[i], e, tllis.at(e.ms));
        messages[e.msg] += e.kind == GprsRadioBlockRecord::CONTROL;
        controlAcks += e.kind == GprsRadioBlockRecord::CONTROL && e.controlAck;
        lost += e.lost;
        retransmitted += e.kind == GprsRadioBlockRecord::DATA && e.txKind != GprsRlcTxKind::NEW;
    }

    // LLC frames: FCS correct; the TCP segments the mobile received are among them.
    std::set<std::tuple<bool, uint32_t, uint32_t>> decoded;
    std::map<std::string, uint32_t> llcFormats; // UI, I, S: frames of each format decoded
    for (const Decoded* p : llc)
    {
        const Field* fcs = p->Find("llcgprs.fcs");
        c.Check(fcs && fcs->showname.find("(correct)") != std::string::npos,
                "packet " + Num(p->number),
                "LLC FCS " + (fcs ? fcs->showname : std::string("(absent)")));
        for (const auto& [field, format] : std::vector<std::pair<std::string, std::string>>{
                 {"llcgprs.nu", "UI"},
                 {"llcgprs.sackns", "I"},
                 {"llcgprs.s", "S"}}) // no U frame: the model\'s ABM starts established
        {
            llcFormats[format] += p->Find(field) != nullptr;
        }
        // The BSSGP header names the mobile the packet's address is (TS 48.018 10.2.1, 10.2.2).
        const LlcHeader header = *LlcHeaderOf(*p);
        const Field* address = p->Find(header.uplink ? "ip.src" : "ip.dst");
        bool known = false;
        for (const uint32_t tlli : tllis)
        {
            known = known || (header.tlli == TlliText(tlli) && address &&
                              address->show == TlliAddress(tlli));
        }
        c.Check(known,
                "packet " + Num(p->number),
                "LLC frame of TLLI " + header.tlli + " at " +
                    (address ? address->show : std::string("(absent)")));
        const Field* seq = p->Find("tcp.seq_raw");
        const Field* len = p->Find("tcp.len");
        if (seq && len && std::stoul(len->show) > 0)
        {
            decoded.insert({header.uplink,
                            static_cast<uint32_t>(std::stoul(seq->show)),
                            static_cast<uint32_t>(std::stoul(len->show))});
        }
    }
    uint32_t found = 0;
    for (const auto& segment : delivered)
    {
        found += decoded.count(segment);
    }
    c.Check(!delivered.empty() && found == delivered.size(),
            "LLC",
            Num(found) + " of the " + Num(delivered.size()) +
                " TCP segments delivered found decoded in the LLC frames");
    for (const auto& [format, count] : llcFormats)
    {
        c.Check(count > 0, "LLC", "no " + format + " frame decoded");
    }

    // Contention resolution in the model's record (TS 44.060 7.1.2.3): within an uplink TBF
    // (BSN 0 starts one) the new blocks carry the TLLI from the start until a Packet Uplink
    // Ack/Nack the mobile receives echoes it, and none after that.
    std::map<uint32_t, std::optional<uint32_t>> echoedAt; // mobile -> FN of the echo heard
    std::map<uint32_t, bool> lastNewTi;                   // mobile -> TI of its last new block
    uint32_t tiBlocks = 0;
    uint32_t echoes = 0;
    for (const Expected& e : model)
    {
        if (e.kind == GprsRadioBlockRecord::CONTROL &&
            e.msg == GprsControlMessage::PACKET_UPLINK_ACK_NACK && e.contentionResolution)
        {
            ++echoes;
            if (!e.lost && !echoedAt[e.ms])
            {
                echoedAt[e.ms] = e.fn;
            }
        }
        if (e.kind != GprsRadioBlockRecord::DATA || e.dir != GprsDirection::UPLINK ||
            e.txKind != GprsRlcTxKind::NEW)
        {
            continue;
        }
        tiBlocks += e.ti;
        const std::string where = "UL FN " + Num(e.fn) + " BSN " + Num(e.bsn);
        if (e.bsn == 0)
        {
            echoedAt[e.ms].reset();
        }
        else
        {
            c.Check(!e.ti || lastNewTi[e.ms], where, "a TLLI after a block without one");
            c.Check(!e.ti || !echoedAt[e.ms] || *echoedAt[e.ms] >= e.fn,
                    where,
                    "a TLLI after the mobile heard it echoed");
        }
        lastNewTi[e.ms] = e.ti;
    }

    // The run must have exercised what is checked.
    c.Check(lost > 0 && retransmitted > 0, "run", "no lost or retransmitted block");
    c.Check(controlAcks > 0, "run", "no Packet Downlink Assignment within T3192 (CONTROL_ACK)");
    c.Check(tiBlocks > 0 && echoes > 0,
            "run",
            Num(tiBlocks) + " uplink blocks with a TLLI, " + Num(echoes) + " echoes of it");
    for (const auto msg : {GprsControlMessage::PACKET_DOWNLINK_ACK_NACK,
                           GprsControlMessage::PACKET_UPLINK_ACK_NACK,
                           GprsControlMessage::PACKET_CONTROL_ACK,
                           GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT,
                           GprsControlMessage::PACKET_UPLINK_ASSIGNMENT,
                           GprsControlMessage::PACKET_RESOURCE_REQUEST})
    {
        c.Check(messages[msg] > 0, "run", std::string("no ") + ToString(msg));
    }
    std::cout << packets.size() << " packets decoded by tshark: " << um.size() << " radio blocks ("
              << lost << " lost, " << retransmitted << " data blocks sent again), " << llc.size()
              << " LLC frames (UI " << llcFormats["UI"] << ", I " << llcFormats["I"] << ", S "
              << llcFormats["S"] << "); " << tiBlocks << " new uplink blocks with the TLLI, "
              << echoes << " Packet Uplink Ack/Nacks echoing it; " << found
              << " TCP segments followed; " << c.GetChecks() << " checks, " << c.GetFailures()
              << " failed\n";
    CheckMobiles(c, tshark, outdir);
    std::cout << "with several mobiles: " << c.GetChecks() << " checks, " << c.GetFailures()
              << " failed\n";
    return c.GetFailures() == 0 ? 0 : 1;
}
