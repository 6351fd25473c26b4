/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_NS3_COMPAT_H
#define GPRS_NS3_COMPAT_H

#include "ns3/callback.h"
#include "ns3/command-line.h"
#include "ns3/trace-helper.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

/**
 * \file
 * \ingroup gprs
 * The differences between the ns-3 releases the module builds against (ns-3.37 of Debian 12,
 * ns-3.43 of Debian 13, ns-3-dev), in one place: the module's code uses only what all of them
 * have, and what this header defines.
 *
 * Differences found by feature detection, not by release numbers (ns-3 source trees define
 * NS3_VERSION_* only when configured with --enable-build-version).
 */

namespace ns3
{
namespace gprs
{

/**
 * \ingroup gprs
 * The ns-3 release built against (GPRS_NS3_VERSION_*, set by CMakeLists.txt): the installed
 * ns-3's, or in an ns-3 source tree its VERSION, for a development tree ("3-dev") the newest
 * release its RELEASE_NOTES.md lists; 0.0 when unknown.
 */
#if defined(GPRS_NS3_VERSION_MAJOR) && defined(GPRS_NS3_VERSION_MINOR)
constexpr int kNs3VersionMajor = GPRS_NS3_VERSION_MAJOR;
constexpr int kNs3VersionMinor = GPRS_NS3_VERSION_MINOR;
#else
constexpr int kNs3VersionMajor = 0;
constexpr int kNs3VersionMinor = 0;
#endif

/**
 * \ingroup gprs
 * \return the ns-3 release built against, "3.37", or "unknown"
 */
inline std::string
Ns3VersionText()
{
    return kNs3VersionMajor == 0
               ? std::string("unknown")
               : std::to_string(kNs3VersionMajor) + "." + std::to_string(kNs3VersionMinor);
}

/**
 * \ingroup gprs
 * Whether a TCP sender limited by its peer's receive window survives a loss: ns-3 before 3.41
 * crashes it at its first duplicate ACK (NextSeg offers a zero-length segment once the data in
 * flight fills the window exactly; ns-3 issue #991, fixed in 3.41). Unknown versions count as
 * old.
 */
constexpr bool kWindowLimitedSenderSurvivesLoss = kNs3VersionMajor > 3 ||
                                                  (kNs3VersionMajor == 3 && kNs3VersionMinor >= 41);

/**
 * \ingroup gprs
 * The largest TCP receive buffer worth having: the largest window TCP can advertise, 65535 << 14
 * octets (RFC 7323 2.3). From 2^31 octets ns-3's TCP (3.37) advertises no window at all, the
 * window being a signed difference of 32-bit sequence numbers, and nothing is sent.
 */
constexpr uint32_t kLargestTcpWindow = 65535U << 14;

/**
 * \ingroup gprs
 * IPv4's EtherType (RFC 894), the protocol number of IP packets on GPRS devices.
 * Ipv4L3Protocol::PROT_NUMBER is deprecated from ns-3.49; its successor
 * (iana-ieee802-numbers.h) is not in older releases.
 */
constexpr uint16_t kIpv4EtherType = 0x0800;

/**
 * \ingroup gprs
 * TCP's protocol number in the IPv4 header (IANA, RFC 9293); TcpL4Protocol::PROT_NUMBER is
 * deprecated from ns-3.49.
 */
constexpr uint8_t kTcpProtocolNumber = 6;

/**
 * \ingroup gprs
 * UDP's protocol number in the IPv4 header (IANA, RFC 768); UdpL4Protocol::PROT_NUMBER is
 * deprecated from ns-3.49.
 */
constexpr uint8_t kUdpProtocolNumber = 17;

/**
 * \ingroup gprs
 * Pcap link type of raw IP packets (LINKTYPE_RAW = 101, tcpdump.org's link-layer header types).
 * PcapHelper::DLT_RAW is deprecated from ns-3.49; PcapHelper::CreateFile takes a DataLinkType
 * up to ns-3.48 and a uint16_t after, and the enum converts to both.
 */
constexpr PcapHelper::DataLinkType kPcapLinkTypeRaw = static_cast<PcapHelper::DataLinkType>(101);

/**
 * \ingroup gprs
 * Pcap link type of PPP frames (LINKTYPE_PPP = 9, tcpdump.org's link-layer header types), as
 * ns-3's PointToPointNetDevice captures them. PcapHelper::DLT_PPP is deprecated from ns-3.49;
 * see kPcapLinkTypeRaw.
 */
constexpr PcapHelper::DataLinkType kPcapLinkTypePpp = static_cast<PcapHelper::DataLinkType>(9);

namespace detail
{

/// False unless CommandLine::AddValue takes a Callback<bool, const std::string&>.
template <typename Cmd, typename = void>
struct AddValueTakesConstRef : std::false_type
{
};

/**
 * True when CommandLine::AddValue takes a Callback<bool, const std::string&> (ns-3.38 on).
 * The exact signature, not a call: ns-3.37's Callback<bool, std::string> converts from the
 * other callback type (as a functor) and would make a call compile.
 */
template <typename Cmd>
struct AddValueTakesConstRef<
    Cmd,
    std::void_t<decltype(static_cast<void (Cmd::*)(const std::string&,
                                                   const std::string&,
                                                   Callback<bool, const std::string&>,
                                                   const std::string&)>(&Cmd::AddValue))>>
    : std::true_type
{
};

} // namespace detail

/**
 * \ingroup gprs
 * The callback type of CommandLine::AddValue(name, help, callback, default): it receives the
 * option's text as std::string in ns-3.37, as const std::string& from ns-3.38 on.
 */
using CommandLineCallback = std::conditional_t<detail::AddValueTakesConstRef<CommandLine>::value,
                                               Callback<bool, const std::string&>,
                                               Callback<bool, std::string>>;

// CommandLineCallback is exactly AddValue's parameter type (no conversion): else no such member.
static_assert(
    std::is_member_function_pointer_v<
        decltype(static_cast<void (CommandLine::*)(const std::string&,
                                                   const std::string&,
                                                   CommandLineCallback,
                                                   const std::string&)>(&CommandLine::AddValue))>);

/**
 * \ingroup gprs
 * Whether a type is a base type or derives from it, as its class does: ns-3.37 registers
 * ns3::TcpCubic, a TcpCongestionOps, with SetParent<TcpSocketBase> (TypeId::IsChildOf says it
 * is no TcpCongestionOps, yet TcpL4Protocol's SocketType takes it).
 * \param tid the type
 * \param base the base type
 * \return whether \p tid is \p base or derives from it
 */
inline bool
IsTypeKindOf(TypeId tid, TypeId base)
{
    return tid == base || tid.IsChildOf(base) ||
           (tid.GetName() == "ns3::TcpCubic" && base.GetName() == "ns3::TcpCongestionOps");
}

} // namespace gprs
} // namespace ns3

#endif /* GPRS_NS3_COMPAT_H */
