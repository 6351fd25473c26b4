/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Fuzz harness of GprsBlerModel::Load (BLER tables): a model whose BLER lies in [0, 1] and
// does not grow with the C/I, or std::runtime_error.

#include "gprs-fuzz.h"

#include "ns3/gprs-bler-model.h"

#include <sstream>
#include <stdexcept>

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace ns3;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try
    {
        const auto model = GprsBlerModel::Load(in, "fuzz");
        for (auto cs : kGprsCodingSchemes)
        {
            double previous = 1;
            for (double ciDb = -50; ciDb <= 50; ciDb += 0.5)
            {
                const double bler = model.GetBler(cs, ciDb);
                GprsFuzzCheck(bler >= 0 && bler <= previous, "a BLER in [0, 1], not growing");
                previous = bler;
            }
        }
    }
    catch (const std::runtime_error& e)
    {
        GprsFuzzCheckMessage(e);
    }
    return 0;
}
