/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-rlcmac-types.h"

namespace ns3
{

ATTRIBUTE_VALUE_IMPLEMENT(GprsRlcMode);
ATTRIBUTE_VALUE_IMPLEMENT(GprsLlcMode);

} // namespace ns3
