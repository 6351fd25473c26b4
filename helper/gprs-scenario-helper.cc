/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-scenario-helper.h"

#include "ns3/channel.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/gprs-ms-net-device.h"
#include "ns3/gprs-radio-block-record.h"
#include "ns3/gprs-stop-if-invalid.h"
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
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

Ipv4Address
GprsScenario::GetMobileAddress(uint32_t i) const
{
    return mobileInterfaces.GetAddress(i);
}

Ipv4Address
GprsScenario::GetCellNetwork(uint32_t cell) const
{
    return ggsnCellAddresses.at(cell).CombineMask(cellMask);
}

std::vector<uint32_t>
GprsScenario::GetCellMobiles(uint32_t cell) const
{
    std::vector<uint32_t> mobiles;
    for (uint32_t i = 0; i < mobileCell.size(); ++i)
    {
        if (mobileCell[i] == cell)
        {
            mobiles.push_back(i);
        }
    }
    return mobiles;
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

/// The mobiles' network, split among the cells.
const Ipv4Address kMobileNetwork("10.1.0.0");
/// Its prefix length.
constexpr uint32_t kMobilePrefixLength = 16;

/**
 * \param cells number of cells
 * \return the prefix length of each cell's subnet: the mobiles' network split into the least
 *         power of two of equal subnets not below cells
 */
uint32_t
CellPrefixLength(uint32_t cells)
{
    uint32_t subnetBits = 0;
    while ((1U << subnetBits) < cells)
    {
        ++subnetBits;
    }
    return kMobilePrefixLength + subnetBits;
}

/**
 * \param what what the value is
 * \param value the value
 * \param allowed what is allowed
 * \return the exception that refuses it
 */
template <typename T>
std::invalid_argument
Refused(const std::string& what, const T& value, const std::string& allowed)
{
    std::ostringstream text;
    text << what << " " << value << " (allowed: " << allowed << ")";
    return std::invalid_argument(text.str());
}

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
GprsScenarioHelper::SetStatisticalRadio(bool enable)
{
    m_statistical = enable;
}

GprsStatisticalHelper&
GprsScenarioHelper::StatisticalRadio()
{
    return m_radio;
}

void
GprsScenarioHelper::SetInternetLink(DataRate rate, Time delay, double lossRate)
{
    m_rate = rate;
    m_delay = delay;
    m_lossRate = lossRate;
}

void
GprsScenarioHelper::SetInternetDelayVariation(Time stdev, bool keepOrder)
{
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
    m_cells = cells;
}

void
GprsScenarioHelper::SetCoChannelInterference(Ptr<GprsCoChannelInterference> pattern)
{
    m_coChannel = pattern;
}

void
GprsScenarioHelper::Attach(uint32_t mobile, uint32_t cell)
{
    m_attached[mobile] = cell;
}

std::vector<uint32_t>
GprsScenarioHelper::CellOfEachMobile(uint32_t mobiles) const
{
    std::vector<uint32_t> mobileCell(mobiles);
    for (uint32_t i = 0; i < mobiles; ++i)
    {
        const auto attached = m_attached.find(i);
        mobileCell[i] = attached != m_attached.end() ? attached->second : i % m_cells;
    }
    return mobileCell;
}

void
GprsScenarioHelper::Check(uint32_t mobiles) const
{
    if (m_cells == 0 || m_cells > kMaxCells)
    {
        throw Refused("number of cells", m_cells, "1.." + std::to_string(kMaxCells));
    }
    if (mobiles == 0)
    {
        throw Refused("number of mobiles", mobiles, "1 or more");
    }
    for (const auto& [mobile, cell] : m_attached)
    {
        if (mobile >= mobiles)
        {
            throw Refused("Attach: mobile",
                          mobile,
                          "0.." + std::to_string(mobiles - 1) + ", the mobiles Install builds");
        }
        if (cell >= m_cells)
        {
            throw Refused("Attach: mobile " + std::to_string(mobile) + " to cell",
                          cell,
                          "0.." + std::to_string(m_cells - 1) + ", the cells of SetCells");
        }
    }
    Check(CellOfEachMobile(mobiles), m_cells);
}

void
GprsScenarioHelper::Check(const std::vector<uint32_t>& mobileCell, uint32_t cells) const
{
    if (!(m_lossRate >= 0 && m_lossRate <= 1))
    {
        throw Refused("Internet loss rate", m_lossRate, "0..1");
    }
    if (m_delay.IsStrictlyNegative())
    {
        throw Refused("Internet delay", m_delay.As(Time::MS), "0 or more");
    }
    if (m_delayStdev.IsStrictlyNegative())
    {
        throw Refused("Internet delay standard deviation", m_delayStdev.As(Time::MS), "0 or more");
    }
    if (m_proxy && m_giDelay.IsStrictlyNegative())
    {
        throw Refused("Gi link delay", m_giDelay.As(Time::MS), "0 or more");
    }
    if (cells == 0 || cells > kMaxCells)
    {
        throw Refused("number of cells", cells, "1.." + std::to_string(kMaxCells));
    }
    if (mobileCell.empty())
    {
        throw Refused("number of mobiles", 0, "1 or more");
    }
    const uint32_t prefixLength = CellPrefixLength(cells);
    const uint32_t hosts = (1U << (32 - prefixLength)) - 2;
    for (uint32_t c = 0; c < cells; ++c)
    {
        const auto inCell =
            static_cast<uint32_t>(std::count(mobileCell.begin(), mobileCell.end(), c));
        if (inCell + 1 > hosts)
        {
            throw Refused(std::to_string(mobileCell.size()) + " mobiles in " +
                              std::to_string(cells) + " cells put " + std::to_string(inCell) +
                              " in cell " + std::to_string(c) + ", whose /" +
                              std::to_string(prefixLength) + " subnet has addresses for",
                          hosts - 1,
                          "fewer mobiles per cell, or fewer cells");
        }
    }
    if (m_coChannel && m_coChannel->GetCells() > 0)
    {
        throw Refused("co-channel pattern with cells already",
                      m_coChannel->GetCells(),
                      "a GprsCoChannelInterference without cells, one per scenario");
    }
    if (m_statistical)
    {
        if (m_coChannel)
        {
            throw Refused("co-channel pattern on the statistical radio",
                          1,
                          "load-dependent C/I with the cell's radio only");
        }
        m_radio.Check();
    }
    else
    {
        m_cell.Check();
    }
}

GprsScenario
GprsScenarioHelper::Install(uint32_t mobiles)
{
    GprsStopIfInvalid([this, mobiles]() { Check(mobiles); });
    return Build(CellOfEachMobile(mobiles), m_cells);
}

GprsScenario
GprsScenarioHelper::Install(const std::vector<uint32_t>& mobilesPerCell)
{
    std::vector<uint32_t> mobileCell;
    for (uint32_t c = 0; c < mobilesPerCell.size(); ++c)
    {
        mobileCell.insert(mobileCell.end(), mobilesPerCell[c], c);
    }
    const auto cells = static_cast<uint32_t>(mobilesPerCell.size());
    GprsStopIfInvalid([this, &mobileCell, cells]() {
        if (!m_attached.empty())
        {
            throw std::invalid_argument("Install(mobilesPerCell) after Attach() (allowed: one way "
                                        "of choosing the cells)");
        }
        Check(mobileCell, cells);
    });
    return Build(mobileCell, cells);
}

int64_t
GprsScenarioHelper::AssignStreams(const GprsScenario& scenario, int64_t stream)
{
    int64_t used = GprsHelper().AssignStreams(scenario.bssDevices, stream);
    used += GprsStatisticalHelper::AssignStreams(scenario.bssDevices, stream + used);
    for (auto it = scenario.internetDevices.Begin(); it != scenario.internetDevices.End(); ++it)
    {
        PointerValue model;
        (*it)->GetAttribute("ReceiveErrorModel", model);
        if (const auto rate = model.Get<RateErrorModel>())
        {
            used += rate->AssignStreams(stream + used);
        }
    }
    if (scenario.internetDelay)
    {
        scenario.internetDelay->SetStream(stream + used);
        ++used;
    }
    return used;
}

void
GprsScenarioHelper::JoinCoChannelPattern(GprsScenario& s,
                                         const std::vector<Ptr<NetDevice>>& msDevice) const
{
    s.coChannel = m_coChannel;
    for (uint32_t c = 0; c < s.pcus.size(); ++c)
    {
        UintegerValue pdchs;
        s.pcus[c]->GetAttribute("NumberOfPdchs", pdchs);
        const uint32_t cell = m_coChannel->AddCell(pdchs.Get());
        const Ptr<GprsCoChannelInterference> pattern = m_coChannel;
        // Every downlink block on the air interferes: data, control and USF-only blocks.
        s.pcus[c]->TraceConnectWithoutContext("RadioBlock",
                                              Callback<void, const GprsRadioBlockRecord&>(
                                                  [pattern, cell](const GprsRadioBlockRecord& r) {
                                                      if (r.dir == GprsDirection::DOWNLINK)
                                                      {
                                                          pattern->RecordBlock(cell, r.frame);
                                                      }
                                                  }));
        for (const uint32_t i : s.GetCellMobiles(c))
        {
            DynamicCast<GprsMsNetDevice>(msDevice[i])->SetCoChannelInterference(pattern, cell);
        }
    }
}

GprsScenario
GprsScenarioHelper::Build(const std::vector<uint32_t>& mobileCell, uint32_t cells) const
{
    const auto mobiles = static_cast<uint32_t>(mobileCell.size());
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

    // Cells: cell c takes the c-th of the equal subnets of the mobiles' network (CellPrefixLength)
    // and numbers its mobiles in increasing order of i.
    const uint32_t prefixLength = CellPrefixLength(cells);
    s.mobileCell = mobileCell;
    s.mobileNetwork = kMobileNetwork;
    s.mobileMask = Ipv4Mask(~((1U << (32 - kMobilePrefixLength)) - 1));
    s.cellMask = Ipv4Mask(~((1U << (32 - prefixLength)) - 1));
    std::vector<Ipv4InterfaceContainer> mobileIf(mobiles);
    std::vector<Ptr<NetDevice>> msDevice(mobiles);
    for (uint32_t c = 0; c < cells; ++c)
    {
        NodeContainer cellMobiles;
        const std::vector<uint32_t> index = s.GetCellMobiles(c);
        for (const uint32_t i : index)
        {
            cellMobiles.Add(s.mobiles.Get(i));
        }
        const NetDeviceContainer cellDevices = m_statistical ? m_radio.Install(s.ggsn, cellMobiles)
                                                             : m_cell.Install(s.ggsn, cellMobiles);
        if (!m_statistical)
        {
            s.pcus.push_back(GprsHelper::GetPcu(cellDevices));
        }
        s.bssDevices.Add(cellDevices.Get(0));
        address.SetBase(Ipv4Address(kMobileNetwork.Get() | (c << (32 - prefixLength))),
                        s.cellMask,
                        "0.0.0.1");
        const Ipv4InterfaceContainer cellIf = address.Assign(cellDevices);
        s.ggsnCellAddresses.push_back(cellIf.GetAddress(0));
        for (std::size_t k = 0; k < index.size(); ++k)
        {
            msDevice[index[k]] = cellDevices.Get(k + 1);
            mobileIf[index[k]].Add(cellIf.Get(k + 1));
        }
        if (!m_statistical)
        {
            GprsHelper::ActivatePdpContexts(cellDevices);
        }
    }
    s.pcu = m_statistical ? nullptr : s.pcus.front();
    if (m_coChannel)
    {
        JoinCoChannelPattern(s, msDevice);
    }
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
            ->SetDefaultRoute(s.ggsnCellAddresses[s.mobileCell[i]], 1);
    }
    if (m_proxy)
    {
        routing.GetStaticRouting(s.proxy->GetObject<Ipv4>())
            ->AddNetworkRouteTo(s.mobileNetwork, s.mobileMask, giIf.GetAddress(1), 2);
        routing.GetStaticRouting(s.ggsn->GetObject<Ipv4>())->SetDefaultRoute(giIf.GetAddress(0), 1);
    }
    return s;
}

} // namespace ns3
