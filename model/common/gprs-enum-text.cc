/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-enum-text.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsEnumText");

std::size_t
GprsFindEnumName(const std::string& word,
                 const char* const* names,
                 std::size_t count,
                 const char* what)
{
    std::string allowed;
    for (std::size_t i = 0; i < count; ++i)
    {
        if (word == names[i])
        {
            return i;
        }
        allowed += (allowed.empty() ? "" : ", ") + std::string(names[i]);
    }
    NS_LOG_WARN("unknown " << what << " '" << word << "' (allowed: " << allowed << ")");
    return count;
}

} // namespace ns3
