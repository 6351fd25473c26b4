/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-scenario-helper.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv4.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/traffic-control-helper.h"

#include <cmath>

namespace ns3
{

Ipv4Address
GprsScenario::GetMobileAddress(uint32_t i) const
{
    return mobileInterfaces.GetAddress(i);
}

namespace
{

/**
 * A point-to-point link's delay drawn per packet: before each transmission starts, the
 * channel's Delay is set to the packet's draw (PointToPointChannel::TransmitStart reads it
 * right after the device's PhyTxBegin trace).
 */
class InternetDelayVariation : public SimpleRefCount<InternetDelayVariation>
{
  public:
    /**
     * \param devices the link's two devices
     * \param delay the per-packet delay, s
     * \param keepOrder no packet overtakes its predecessor of the same direction
     */
    InternetDelayVariation(const NetDeviceContainer& devices,
                           Ptr<RandomVariableStream> delay,
                           bool keepOrder)
        : m_channel(PeekPointer(devices.Get(0)->GetChannel())),
          m_delay(delay),
          m_keepOrder(keepOrder)
    {
    }

    /**
     * PhyTxBegin sink of one device.
     * \param device the sending device's index on the link
     * \param rate its rate
     * \param p the packet
     */
    void OnTxBegin(uint32_t device, DataRate rate, Ptr<const Packet> p)
    {
        const Time now = Simulator::Now();
        const Time txTime = rate.CalculateBytesTxTime(p->GetSize());
        Time delay = Seconds(m_delay->GetValue());
        if (m_keepOrder && now + txTime + delay < m_lastArrival[device])
        {
            delay = m_lastArrival[device] - now - txTime;
        }
        m_lastArrival[device] = now + txTime + delay;
        m_channel->SetAttribute("Delay", TimeValue(delay));
    }

  private:
    // Not a Ptr: the channel holds the devices, whose PhyTxBegin traces hold this object, and
    // Simulator::Destroy clears none of them; a Ptr would close a cycle that is never freed.
    Channel* m_channel;                //!< the link, alive while its devices send
    Ptr<RandomVariableStream> m_delay; //!< per-packet delay, s
    bool m_keepOrder;                  //!< FIFO per direction
    Time m_lastArrival[2];             //!< [sending device] when its last packet arrives
};

/// Most cells behind one GGSN: each takes a /26 or more of the mobiles' 10.1.0.0/16 (the GGSN
/// and up to 61 mobiles). ns-3 scans all of the GGSN's interfaces for every packet, so more
/// cells belong behind several GGSNs.
constexpr uint32_t kMaxCells = 1024;

} // namespace

GprsScenarioHelper::GprsScenarioHelper()
    : m_rate("10Mbps"),
      m_delay(MilliSeconds(100)),
      m_lossRate(0),
      m_delayStdev(Seconds(0)),
      m_keepOrder(true),
      m_proxy(false),
      m_cells(1),
      m_giDelay(MilliSeconds(1)),
      m_giRate("100Mbps")
{
}

GprsHelper&
GprsScenarioHelper::Cell()
{
    return m_cell;
}

void
GprsScenarioHelper::SetInternetLink(DataRate rate, Time delay, double lossRate)
{
    NS_ABORT_MSG_IF(lossRate < 0 || lossRate > 1,
                    "Internet loss rate " << lossRate << " out of range (allowed: 0..1)");
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(), "Internet delay " << delay << " is negative");
    m_rate = rate;
    m_delay = delay;
    m_lossRate = lossRate;
}

void
GprsScenarioHelper::SetInternetDelayVariation(Time stdev, bool keepOrder)
{
    NS_ABORT_MSG_IF(stdev.IsStrictlyNegative(),
                    "Internet delay standard deviation " << stdev.As(Time::MS) << " is negative");
    m_delayStdev = stdev;
    m_keepOrder = keepOrder;
}

void
GprsScenarioHelper::SetProxy(bool enable, Time giDelay, DataRate giRate)
{
    m_proxy = enable;
    m_giDelay = giDelay;
    m_giRate = giRate;
}

void
GprsScenarioHelper::SetCells(uint32_t cells)
{
    NS_ABORT_MSG_IF(cells == 0 || cells > kMaxCells,
                    "number of cells " << cells << " out of range (allowed: 1.." << kMaxCells
                                       << ")");
    m_cells = cells;
}

GprsScenario
GprsScenarioHelper::Install(uint32_t mobiles)
{
    NS_ABORT_MSG_IF(mobiles == 0, "a scenario needs at least one mobile");
    GprsScenario s;
    s.server = CreateObject<Node>();
    s.ggsn = CreateObject<Node>();
    s.mobiles.Create(mobiles);
    NodeContainer all(s.server, s.ggsn);
    if (m_proxy)
    {
        s.proxy = CreateObject<Node>();
        all.Add(s.proxy);
    }
    all.Add(s.mobiles);
    InternetStackHelper stack;
    stack.Install(all);

    // Internet: server -- (proxy or GGSN).
    const Ptr<Node> gateway = m_proxy ? s.proxy : s.ggsn;
    PointToPointHelper internet;
    internet.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
    internet.SetChannelAttribute("Delay", TimeValue(m_delay));
    s.internetDevices = internet.Install(s.server, gateway);
    if (m_lossRate > 0)
    {
        for (uint32_t i = 0; i < 2; ++i)
        {
            const Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
            em->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
            em->SetRate(m_lossRate);
            s.internetDevices.Get(i)->SetAttribute("ReceiveErrorModel", PointerValue(em));
        }
    }
    if (m_delayStdev.IsStrictlyPositive())
    {
        const Ptr<NormalRandomVariable> delay = CreateObject<NormalRandomVariable>();
        delay->SetAttribute("Mean", DoubleValue(m_delay.GetSeconds()));
        delay->SetAttribute("Variance", DoubleValue(std::pow(m_delayStdev.GetSeconds(), 2)));
        delay->SetAttribute("Bound", DoubleValue(m_delay.GetSeconds())); // within 0 .. 2 mean
        s.internetDelay = delay;
        const auto variation =
            Create<InternetDelayVariation>(s.internetDevices, delay, m_keepOrder);
        for (uint32_t i = 0; i < 2; ++i)
        {
            s.internetDevices.Get(i)->TraceConnectWithoutContext(
                "PhyTxBegin",
                MakeCallback(&InternetDelayVariation::OnTxBegin, variation).Bind(i, m_rate));
        }
    }
    Ipv4AddressHelper address;
    address.SetBase("10.0.0.0", "255.255.255.0");
    const Ipv4InterfaceContainer internetIf = address.Assign(s.internetDevices);
    // Assign() gave each device ns-3's default root queue disc (FqCoDel): none of the setups the
    // module reproduces has AQM on these links, and it cost 8-12 % of a run's instructions.
    // The devices' own DropTail queues remain.
    TrafficControlHelper noQueueDisc;
    noQueueDisc.Uninstall(s.internetDevices);
    s.serverAddress = internetIf.GetAddress(0);

    Ipv4InterfaceContainer giIf;
    if (m_proxy)
    {
        PointToPointHelper gi;
        gi.SetDeviceAttribute("DataRate", DataRateValue(m_giRate));
        gi.SetChannelAttribute("Delay", TimeValue(m_giDelay));
        address.SetBase("10.0.1.0", "255.255.255.0");
        const NetDeviceContainer giDevices = gi.Install(s.proxy, s.ggsn);
        giIf = address.Assign(giDevices);
        noQueueDisc.Uninstall(giDevices);
        s.proxyAddress = giIf.GetAddress(0);
    }

    // Cells: mobile i in cell i mod m_cells; cell c takes the c-th of m_cells equal subnets of
    // 10.1.0.0/16 (a power of two of them, the least not below m_cells).
    uint32_t subnetBits = 0;
    while ((1U << subnetBits) < m_cells)
    {
        ++subnetBits;
    }
    const uint32_t prefixLength = 16 + subnetBits;
    const uint32_t hosts = (1U << (32 - prefixLength)) - 2;
    const uint32_t perCell = (mobiles + m_cells - 1) / m_cells;
    NS_ABORT_MSG_IF(perCell + 1 > hosts,
                    mobiles << " mobiles in " << m_cells << " cells need " << perCell + 1
                            << " addresses per cell, more than the " << hosts << " of a /"
                            << prefixLength << " (allowed: fewer mobiles or cells)");
    std::vector<Ipv4InterfaceContainer> mobileIf(mobiles);
    std::vector<Ipv4Address> ggsnCellAddress(m_cells);
    std::vector<Ptr<NetDevice>> msDevice(mobiles);
    s.mobileCell.resize(mobiles);
    for (uint32_t c = 0; c < m_cells; ++c)
    {
        NodeContainer cellMobiles;
        std::vector<uint32_t> index;
        for (uint32_t i = c; i < mobiles; i += m_cells)
        {
            cellMobiles.Add(s.mobiles.Get(i));
            index.push_back(i);
            s.mobileCell[i] = c;
        }
        const NetDeviceContainer cellDevices = m_cell.Install(s.ggsn, cellMobiles);
        s.pcus.push_back(GprsHelper::GetPcu(cellDevices));
        s.bssDevices.Add(cellDevices.Get(0));
        const uint32_t base = (10U << 24) | (1U << 16) | (c << (32 - prefixLength));
        address.SetBase(Ipv4Address(base), Ipv4Mask(~((1U << (32 - prefixLength)) - 1)), "0.0.0.1");
        const Ipv4InterfaceContainer cellIf = address.Assign(cellDevices);
        ggsnCellAddress[c] = cellIf.GetAddress(0);
        for (std::size_t k = 0; k < index.size(); ++k)
        {
            msDevice[index[k]] = cellDevices.Get(k + 1);
            mobileIf[index[k]].Add(cellIf.Get(k + 1));
        }
    }
    s.pcu = s.pcus.front();
    for (uint32_t i = 0; i < mobiles; ++i)
    {
        s.msDevices.Add(msDevice[i]);
        s.mobileInterfaces.Add(mobileIf[i]);
    }

    // Static routes: everything not local goes towards the other end of the path.
    Ipv4StaticRoutingHelper routing;
    routing.GetStaticRouting(s.server->GetObject<Ipv4>())
        ->SetDefaultRoute(internetIf.GetAddress(1), 1);
    for (uint32_t i = 0; i < mobiles; ++i)
    {
        routing.GetStaticRouting(s.mobiles.Get(i)->GetObject<Ipv4>())
            ->SetDefaultRoute(ggsnCellAddress[s.mobileCell[i]], 1);
    }
    if (m_proxy)
    {
        routing.GetStaticRouting(s.proxy->GetObject<Ipv4>())
            ->AddNetworkRouteTo("10.1.0.0", "255.255.0.0", giIf.GetAddress(1), 2);
        routing.GetStaticRouting(s.ggsn->GetObject<Ipv4>())->SetDefaultRoute(giIf.GetAddress(0), 1);
    }
    return s;
}

} // namespace ns3
