/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Runs the module's ns-3 TestSuites outside an ns-3 source tree: TestRunner is exported by
// libns3-core, and the suites register themselves through static constructors.
#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
