/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TBF_CELL_H
#define GPRS_TBF_CELL_H

#include "gprs-fake-llc-user.h"
#include "gprs-fake-radio-source.h"

#include "ns3/double.h"
#include "ns3/gprs-tbf-controller.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <map>

// The mobiles of a cell and their TBF controller, without a PCU: what the gtests of the
// controller and of the PACCH drive.

namespace gprs_test
{

using namespace ns3; // test code: the fixture is written in ns-3's names

constexpr GprsDirection kDl = GprsDirection::DOWNLINK; //!< downlink
constexpr GprsDirection kUl = GprsDirection::UPLINK;   //!< uplink

/// A cell of mobiles on PDCH 0 with a controller and a block work that records its calls.
class TbfCell : public GprsTbfControllerUser
{
  public:
    explicit TbfCell(uint32_t mobiles)
        : radio("0s:30"),
          tbfs(mss, tracked, settings, ccch, *this, established, released, rejected)
    {
        const auto access = CreateObject<ConstantRandomVariable>();
        access->SetAttribute("Constant", DoubleValue(0.1));
        settings.m_rlcMode = GprsRlcMode::ACKNOWLEDGED;
        settings.m_dlLinkAdaptation.SetTypeId("ns3::GprsFixedLinkAdaptation");
        settings.m_ulLinkAdaptation.SetTypeId("ns3::GprsFixedLinkAdaptation");
        settings.m_dlAssignmentDelay = access;
        settings.m_ulAccessDelay = access;
        settings.m_pollInterval = 16;
        settings.m_ulAckInterval = 16;
        settings.m_t3192 = MilliSeconds(500);
        settings.m_t3193 = MilliSeconds(1000);
        settings.m_t3195 = Seconds(2);
        settings.m_t3169 = Seconds(2);
        settings.m_assignmentMax = 3;
        settings.m_reselectionTime = Seconds(1);
        settings.m_bsCvMax = 6;
        settings.m_accessRejectWait = Seconds(1);
        settings.m_keepAlive = Time(0);
        settings.m_delayedRelease = Time(0);
        settings.m_extendedUplink = Time(0);
        settings.m_n3105Max = 8;
        settings.m_n3101Max = 8;
        settings.m_n3103Max = 4;
        settings.m_retryAfterAbort = false;
        settings.m_tbfEst = false;
        const auto uniform = CreateObject<GprsUnitUniformRandomVariable>();
        uniform->SetStream(1);
        mss.reserve(mobiles);
        for (uint32_t i = 0; i < mobiles; ++i)
        {
            mss.emplace_back(i, nullptr, GprsRadioLink(&radio, &bler, uniform, [](double, bool) {
                             }));
            GprsCellMobile& ms = mss.back();
            ms.ulCount = 1;
            ms.dlCount = 1;
            for (GprsBearer* link : {&ms.dl, &ms.ul})
            {
                link->llc.Attach(&llc);
                link->llc.Configure(&llc.config, false);
                link->tbf.SetConfig(settings.GetTbfConfig(link->tbf.GetDirection()));
                link->tbf.SetStateObserver([this, i](GprsTbfState s) {
                    if (s != GprsTbfState::NONE)
                    {
                        Track(i);
                    }
                });
            }
        }
        established.ConnectWithoutContext(MakeCallback(&TbfCell::Established, this));
        released.ConnectWithoutContext(MakeCallback(&TbfCell::Released, this));
        rejected.ConnectWithoutContext(MakeCallback(&TbfCell::Rejected, this));
    }

    ~TbfCell() override
    {
        tbfs.CancelTimers();
        Simulator::Destroy();
    }

    /// Data for mobile \p i in direction \p dir: a packet in its buffer, and a TBF asked for.
    void Data(uint32_t i, GprsDirection dir)
    {
        mss[i].GetBearer(dir).llc.Enqueue(Create<Packet>(100), Simulator::Now());
        tbfs.RequestTbf(i, dir);
    }

    /// RLC takes mobile \p i's packets in direction \p dir (its TBF then has sent them all).
    void Drain(uint32_t i, GprsDirection dir)
    {
        GprsLlcLink& link = mss[i].GetBearer(dir).llc;
        while (link.HasDataForLlc())
        {
            link.HandOver(Simulator::Now());
        }
    }

    void EnsureClock() override
    {
        ++clockStarts;
    }

    void Track(uint32_t index) override
    {
        if (std::find(tracked.begin(), tracked.end(), index) == tracked.end())
        {
            tracked.push_back(index);
        }
    }

    void ForgetTbf(uint32_t index, GprsDirection dir) override
    {
        ++forgotten[{index, dir}];
    }

    void Established(uint32_t index, GprsDirection dir, Time delay)
    {
        establishedAt[{index, dir}] = Simulator::Now();
        delays[{index, dir}] = delay;
    }

    void Released(uint32_t index, GprsDirection dir, bool abnormal)
    {
        releases.push_back({index, abnormal});
    }

    void Rejected(uint32_t index, GprsDirection dir)
    {
        rejects.push_back(index);
    }

    FakeMobile radio;                //!< every mobile's C/I
    GprsBlerModel bler;              //!< default curves
    FakeLlcUser llc;                 //!< where the bearers' links report
    std::vector<GprsCellMobile> mss; //!< the mobiles
    std::vector<uint32_t> tracked;   //!< tracked mobiles
    GprsTbfSettings settings{};      //!< parameters
    GprsCcchSettings ccch{false, true, 1, 5, 12, 7, Seconds(4), Time(0)}; //!< delay draws, no CCCH
    GprsTbfController::EstablishedTrace established;                      //!< TbfEstablished
    GprsTbfController::ReleasedTrace released;                            //!< TbfReleased
    GprsTbfController::RejectedTrace rejected;                            //!< TbfRejected
    GprsTbfController tbfs;                                           //!< the controller under test
    uint32_t clockStarts{0};                                          //!< EnsureClock() calls
    std::map<std::pair<uint32_t, GprsDirection>, uint32_t> forgotten; //!< ForgetTbf() calls
    std::map<std::pair<uint32_t, GprsDirection>, Time> establishedAt; //!< when established
    std::map<std::pair<uint32_t, GprsDirection>, Time> delays;        //!< establishment delays
    std::vector<std::pair<uint32_t, bool>> releases;                  //!< (mobile, abnormal)
    std::vector<uint32_t> rejects;                                    //!< rejected mobiles
};

} // namespace gprs_test

#endif /* GPRS_TBF_CELL_H */
