/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BENKO_SETUP_H
#define BENKO_SETUP_H

// The simulated population of Benko, Malicsko and Veres, "A large-scale, passive analysis of
// end-to-end TCP performance over GPRS" (INFOCOM 2004), built for benko-gi: CS-2 cells behind
// one GGSN whose users browse and download with TCP options drawn per user.

#include "ns3/gprs-module.h"

#include <string>
#include <vector>

namespace ns3
{

/// Multislot classes (TS 45.002 Annex B) giving 2 and 3 downlink timeslots, 1 uplink.
constexpr uint32_t kTwoSlotClass = 2;
constexpr uint32_t kThreeSlotClass = 4; //!< \see kTwoSlotClass
/// The TCP option values of each class (Benko et al.'s classes; values typical of 2004 stacks).
constexpr uint32_t kMssLow = 536;       //!< RFC 9293's default MSS, inside 400-600
constexpr uint32_t kMssHigh = 1460;     //!< Ethernet's, inside 1400-1600
constexpr uint32_t kRwndLow = 8760;     //!< Windows 2000/XP on a 1460-octet MSS: under 10 KB
constexpr uint32_t kRwndMedium = 16384; //!< 10-20 KB
constexpr uint32_t kRwndHigh = 65535;   //!< over 20 KB: the largest unscaled window
/// Ports of the user's two services on the mobile.
constexpr uint16_t kWwwPort = 80;
constexpr uint16_t kFtpPort = 21;

/// The population's settings (benko-gi's options).
struct BenkoSetup
{
    uint32_t users = 100;                   //!< mobiles
    uint32_t cells = 10;                    //!< cells
    uint32_t pdchs = 4;                     //!< PDCHs per cell
    Time duration = Seconds(3600);          //!< simulated time per run
    std::string radio = "18";               //!< C/I of every mobile, dB
    Time internetDelay = MilliSeconds(100); //!< one-way server-GGSN delay
    double threeSlotShare = 0.5;            //!< users of multislot class 4 (else class 2)
    double mssHighShare = 0.6;              //!< users with MSS 1460 (else 536)
    double sackShare = 0.5;                 //!< users with SACK
    double timestampsShare = 0.2;           //!< users with timestamps
    double rwndLowShare = 0.3;              //!< users with an 8760-octet window
    double rwndMediumShare = 0.4;           //!< users with 16384 (the rest 65535)
    double wwwSessionsPerHour = 3;          //!< browsing sessions per user and hour
    double downloadsPerHour = 2;            //!< downloads per user and hour
    double downloadDatagrams = 250;         //!< mean datagrams of a download (480 octets each)
    double ciSpread = 0;                    //!< standard deviation of a user's C/I, dB
    double reselectionsPerHour = 0;         //!< cell reselections per user and hour
    double outagesPerHour = 0;              //!< outages per user and hour
    Time outageLength = Seconds(10);        //!< each outage's length

    /// \return whether users differ in their radio (any of the last four options)
    bool RadioVariety() const
    {
        return ciSpread > 0 || reselectionsPerHour > 0 || outagesPerHour > 0;
    }
};

/// A mobile's address (as the Gi analyzer reads it), its downlink timeslots and its window.
struct BenkoMobileSlots
{
    uint32_t address;    //!< IPv4 address, host order
    uint32_t slots;      //!< downlink timeslots: 2 or 3
    bool forcedHighRwnd; //!< ns-3 before 3.41: given 65535 instead of its drawn window
};

/**
 * Build the cells and their mobiles (without traffic): TCP without Limited Transmit, CS-2
 * cells, each user's radio (DrawRadioVariety, from streams of its own), the cells' random
 * streams from 100.
 * \param setup the settings
 * \param[out] stream the next random stream free for the users
 * \return the scenario
 */
GprsScenario BuildBenkoCells(const BenkoSetup& setup, int64_t& stream);

/**
 * Draw each user's timeslots and TCP options and start its browsing and downloads at 1 s.
 * \param setup the settings
 * \param s the scenario of BuildBenkoCells
 * \param stream the first random stream to use
 * \return every mobile's address and timeslots
 */
std::vector<BenkoMobileSlots> InstallBenkoUsers(const BenkoSetup& setup,
                                                const GprsScenario& s,
                                                int64_t stream);

} // namespace ns3

#endif /* BENKO_SETUP_H */
