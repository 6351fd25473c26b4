/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Builds a cell with the installed module and sends one UDP packet to the mobile.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"

#include <iostream>

using namespace ns3;

int
main()
{
    GprsScenarioHelper scenario;
    GprsScenario s = scenario.Install(1);
    uint32_t delivered = 0;
    s.msDevices.Get(0)->TraceConnectWithoutContext(
        "MacRx",
        MakeCallback(+[](uint32_t* n, Ptr<const Packet>) { ++*n; }).Bind(&delivered));
    UdpClientHelper client(s.GetMobileAddress(0), 9);
    client.SetAttribute("MaxPackets", UintegerValue(1));
    client.Install(s.server).Start(Seconds(1));
    Simulator::Stop(Seconds(5));
    Simulator::Run();
    Simulator::Destroy();
    std::cout << "downlink packets delivered over GPRS: " << delivered << "\n";
    return delivered == 1 ? 0 : 1;
}
