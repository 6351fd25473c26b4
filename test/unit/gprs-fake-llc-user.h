/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_FAKE_LLC_USER_H
#define GPRS_FAKE_LLC_USER_H

#include "ns3/gprs-llc-link.h"

#include <vector>

namespace gprs_test
{

/**
 * The two logical links of one mobile with a cell that records what they report: drives
 * ns3::GprsLlcLink without a PCU. RLC takes every frame unless told not to.
 */
class FakeLlcUser : public ns3::GprsLlcLinkUser
{
  public:
    /// What a link reported, in order.
    struct Event
    {
        std::string what;                     //!< the notification
        ns3::GprsDirection dir;               //!< the link's direction
        uint64_t value{0};                    //!< frame id, octets or packet size
        ns3::Ptr<const ns3::Packet> packet{}; //!< the packet, if any
    };

    /**
     * \param acknowledged whether the links use LLC acknowledged mode
     * \param bufferBytes each link's buffer size
     */
    explicit FakeLlcUser(bool acknowledged = false, uint32_t bufferBytes = 100000)
        : config(ns3::GprsLlcFraming(500, 6, 4, 3),
                 ns3::GprsLlcFraming(500, 0, 4, 3),
                 ns3::Seconds(0),
                 ns3::GprsLlcAbmParameters::ForSapi(3)),
          dl(0, ns3::GprsDirection::DOWNLINK),
          ul(0, ns3::GprsDirection::UPLINK)
    {
        for (ns3::GprsLlcLink* link : {&dl, &ul})
        {
            link->GetBuffer()->SetMaxSize(ns3::QueueSize(ns3::QueueSizeUnit::BYTES, bufferBytes));
            link->Attach(this);
            link->Configure(&config, acknowledged);
        }
    }

    /// \param dir a direction \return the events of the link of that direction named \p what
    std::vector<Event> Find(const std::string& what, ns3::GprsDirection dir) const
    {
        std::vector<Event> found;
        for (const Event& e : events)
        {
            if (e.what == what && e.dir == dir)
            {
                found.push_back(e);
            }
        }
        return found;
    }

    bool OfferToRlc(ns3::GprsLlcLink& link, uint64_t frameId, uint32_t octets) override
    {
        if (rlcTakes)
        {
            rlc[link.GetDirection() == ns3::GprsDirection::UPLINK].push_back({frameId, octets});
        }
        return rlcTakes;
    }

    bool WantsFrameRecords(const ns3::GprsLlcLink&) const override
    {
        return true;
    }

    void NotifyFrameQueued(const ns3::GprsLlcLink& link,
                           const ns3::GprsLlcFrameRecord& record) override
    {
        events.push_back({"queued", link.GetDirection(), record.frameId, record.npdu});
    }

    void NotifyAbmFrame(const ns3::GprsLlcLink& link, const ns3::GprsLlcAbmFrame& frame) override
    {
        events.push_back({"abm", link.GetDirection(), static_cast<uint64_t>(frame.type)});
    }

    void NotifyBufferOccupancy(const ns3::GprsLlcLink& link) override
    {
        events.push_back({"occupancy", link.GetDirection(), link.GetBufferedOctets()});
    }

    void NotifyExpired(const ns3::GprsLlcLink& link, ns3::Ptr<const ns3::Packet> p) override
    {
        events.push_back({"expired", link.GetDirection(), p->GetSize(), p});
    }

    void NotifyFrameLost(const ns3::GprsLlcLink& link, uint32_t octets) override
    {
        events.push_back({"frameLost", link.GetDirection(), octets});
    }

    void NotifySignallingLost(const ns3::GprsLlcLink& link) override
    {
        events.push_back({"signallingLost", link.GetDirection()});
    }

    void NotifyPacketLost(const ns3::GprsLlcLink& link, ns3::Ptr<const ns3::Packet> p) override
    {
        events.push_back({"packetLost", link.GetDirection(), p->GetSize(), p});
    }

    void NotifyFrameReceived(const ns3::GprsLlcLink& link) override
    {
        events.push_back({"received", link.GetDirection()});
    }

    void Deliver(const ns3::GprsLlcLink& link, ns3::Ptr<ns3::Packet> p, ns3::Time) override
    {
        events.push_back({"delivered", link.GetDirection(), p->GetSize(), p});
    }

    void NotifyDataReady(ns3::GprsLlcLink& link) override
    {
        events.push_back({"ready", link.GetDirection()});
    }

    ns3::GprsLlcLink& GetPeer(const ns3::GprsLlcLink& link) override
    {
        return link.GetDirection() == ns3::GprsDirection::DOWNLINK ? ul : dl;
    }

    ns3::GprsLlcLinkConfig config; //!< N201-U 500, LLC overhead 6, SNDCP headers 4 and 3
    ns3::GprsLlcLink dl;           //!< downlink
    ns3::GprsLlcLink ul;           //!< uplink
    bool rlcTakes{true};           //!< whether RLC takes new frames
    /// [uplink?] the (id, octets) of the frames RLC took
    std::array<std::vector<std::pair<uint64_t, uint32_t>>, 2> rlc;
    std::vector<Event> events; //!< everything reported, in order
};

} // namespace gprs_test

#endif /* GPRS_FAKE_LLC_USER_H */
