/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-unit-uniform.h"

#include "ns3/boolean.h"
#include "ns3/double.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(GprsUnitUniformRandomVariable);

TypeId
GprsUnitUniformRandomVariable::GetTypeId()
{
    static TypeId tid = TypeId("ns3::GprsUnitUniformRandomVariable")
                            .SetParent<UniformRandomVariable>()
                            .SetGroupName("Gprs")
                            .AddConstructor<GprsUnitUniformRandomVariable>();
    return tid;
}

void
GprsUnitUniformRandomVariable::NotifyConstructionCompleted()
{
    UniformRandomVariable::NotifyConstructionCompleted();
    SetAttribute("Min", DoubleValue(0));
    SetAttribute("Max", DoubleValue(1));
    SetAttribute("Antithetic", BooleanValue(false));
}

} // namespace ns3
