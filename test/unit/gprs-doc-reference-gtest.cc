/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// doc/gprs.rst's "Attributes and trace sources" names every type of the module (ns-3 group
// "Gprs") and every trace source each type adds, as the registered TypeIds have them.

#include "ns3/type-id.h"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>

using namespace ns3;

namespace
{

/// \return the text of the doc's "Attributes and trace sources" section
std::string
ReferenceSection()
{
    std::ifstream in(GPRS_DOC_DIR "/gprs.rst");
    std::stringstream text;
    text << in.rdbuf();
    const std::string doc = text.str();
    const std::string title = "\nAttributes and trace sources\n---";
    const std::size_t start = doc.find(title);
    if (start == std::string::npos)
    {
        return "";
    }
    // It ends at the next section title of its level.
    const std::size_t end = doc.find("\n-------", start + title.size());
    const std::size_t titleStart = doc.rfind('\n', end - 1);
    return doc.substr(start, titleStart - start);
}

} // namespace

TEST(GprsDocReference, NamesEveryTypeAndTraceSource)
{
    const std::string section = ReferenceSection();
    ASSERT_FALSE(section.empty()) << "no section 'Attributes and trace sources' in doc/gprs.rst";
    uint32_t types = 0;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId tid = TypeId::GetRegistered(i);
        if (tid.GetGroupName() != "Gprs")
        {
            continue;
        }
        ++types;
        EXPECT_NE(section.find("``" + tid.GetName() + "``"), std::string::npos)
            << tid.GetName() << " is not in the doc's list";
        for (std::size_t j = 0; j < tid.GetTraceSourceN(); ++j)
        {
            const std::string source = tid.GetTraceSource(j).name;
            EXPECT_NE(section.find("``" + source + "``"), std::string::npos)
                << tid.GetName() << "'s trace source " << source << " is not in the doc's list";
        }
    }
    EXPECT_GT(types, 30u) << "the module's types are registered";
}
