/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Web pages: the page file parser (sizes, counts, messages naming file and line) and the
// built-in pages against the studies' descriptions.

#include "ns3/gprs-web-page.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <sstream>
#include <stdexcept>
#include <string>

using namespace ns3;

namespace
{

/**
 * \param text a page file's text
 * \return the message ReadGprsWebPage throws for it, or "" when it accepts the text
 */
std::string
PageError(const std::string& text)
{
    std::istringstream in(text);
    try
    {
        ReadGprsWebPage(in, "page.txt");
    }
    catch (const std::runtime_error& e)
    {
        return e.what();
    }
    return "";
}

/**
 * \param sizes object sizes
 * \param min smallest allowed
 * \param max largest allowed
 * \param from first index
 * \param count how many
 * \return how many of sizes[from, from + count) lie in [min, max]
 */
long
CountIn(const std::vector<uint32_t>& sizes,
        uint32_t min,
        uint32_t max,
        std::size_t from,
        std::size_t count)
{
    return std::count_if(sizes.begin() + from, sizes.begin() + from + count, [=](uint32_t s) {
        return s >= min && s <= max;
    });
}

} // namespace

TEST(GprsWebPage, ReadsThePageFile)
{
    const GprsWebPage page = GetGprsWebPage(GPRS_TEST_DATA_DIR "/web-page-example.txt");
    EXPECT_EQ(page.html, 10240u);
    EXPECT_EQ(page.objects, (std::vector<uint32_t>{1500, 800, 800, 800, 4096}));
    EXPECT_EQ(page.TotalBytes(), 10240u + 1500 + 3 * 800 + 4096);
}

TEST(GprsWebPage, NamesTheFileAndLineOfABadSize)
{
    const std::string path = GPRS_TEST_DATA_DIR "/web-page-bad.txt";
    try
    {
        GetGprsWebPage(path);
        FAIL() << "a size of 2.5 octets was accepted";
    }
    catch (const std::runtime_error& e)
    {
        EXPECT_EQ(std::string(e.what()),
                  path + ":3: expected the object's octets as a whole number from 1 to "
                         "100000000, got '2.5'");
    }
}

TEST(GprsWebPage, RefusesMalformedPages)
{
    EXPECT_EQ(PageError("object 100\n"), "page.txt:1: an 'object' line before the 'html' line");
    EXPECT_EQ(PageError("html 100\nhtml 200\n"),
              "page.txt:2: a second 'html' line; a page has one HTML object");
    EXPECT_EQ(PageError("# nothing\n"),
              "page.txt: no 'html <octets>' line; a page needs its HTML object");
    EXPECT_EQ(PageError("html 100\nimage 5\n"),
              "page.txt:2: expected 'html <octets>' or 'object <octets> [<count>]', got "
              "'image 5'");
    EXPECT_EQ(PageError("html 0\n"),
              "page.txt:1: expected the HTML object's octets as a whole number from 1 to "
              "100000000, got '0'");
    EXPECT_EQ(PageError("html 100\nobject 5 0\n"),
              "page.txt:2: expected the count of objects as a whole number from 1 to 10000, got "
              "'0'");
    EXPECT_EQ(PageError("html 100\nobject 5 6000\nobject 5 5000\n"),
              "page.txt:3: more than 10000 embedded objects");
    EXPECT_EQ(PageError("html 100\nobject 5 1 2\n"),
              "page.txt:2: expected 'object <octets> [<count>]', got 'object 5 1 2'");
    EXPECT_EQ(PageError("html 100 # the HTML\nobject 5 2\n"), "");
}

TEST(GprsWebPage, RefusesAMissingFile)
{
    EXPECT_THROW(GetGprsWebPage("/nonexistent/page.txt"), std::runtime_error);
}

TEST(GprsWebPage, SpreadsSizesEvenlyOverTheRange)
{
    EXPECT_EQ(SpreadGprsObjectSizes(4, 0, 400), (std::vector<uint32_t>{50, 150, 250, 350}));
    EXPECT_EQ(SpreadGprsObjectSizes(1, 5, 5), (std::vector<uint32_t>{5}));
    const auto sizes = SpreadGprsObjectSizes(20, 200, 2048);
    EXPECT_GT(sizes.front(), 200u);
    EXPECT_LT(sizes.back(), 2048u);
    EXPECT_TRUE(std::is_sorted(sizes.begin(), sizes.end()));
}

TEST(GprsWebPage, TheC8PageIsTheStudysTestPage)
{
    // Chakravorty & Pratt: index.html 40 KB, 20 objects of 200 B-2 KB, 20 of 2-5 KB, 4 of
    // 5-10 KB, 1 over 10 KB.
    const GprsWebPage page = GetGprsWebPage("c8");
    EXPECT_EQ(page.html, 40u * 1024);
    ASSERT_EQ(page.objects.size(), 45u);
    EXPECT_EQ(CountIn(page.objects, 200, 2048, 0, 20), 20);
    EXPECT_EQ(CountIn(page.objects, 2048, 5120, 20, 20), 20);
    EXPECT_EQ(CountIn(page.objects, 5120, 10240, 40, 4), 4);
    EXPECT_GT(page.objects[44], 10240u);
}

TEST(GprsWebPage, TheGprsWebPagesAreTheStudysPages)
{
    const GprsWebPage one = GetGprsWebPage("static-i");
    EXPECT_EQ(one.html, 17u * 1024);
    ASSERT_EQ(one.objects.size(), 8u);
    EXPECT_EQ(CountIn(one.objects, 2048, 4096, 0, 3), 3);
    EXPECT_EQ(CountIn(one.objects, 200, 5120, 3, 5), 5);
    const GprsWebPage two = GetGprsWebPage("static-ii");
    EXPECT_EQ(two.html, 40u * 1024);
    ASSERT_EQ(two.objects.size(), 45u);
    EXPECT_EQ(CountIn(two.objects, 2048, 5120, 0, 8), 8);
    EXPECT_EQ(CountIn(two.objects, 200, 2048, 8, 24), 24);
    EXPECT_EQ(CountIn(two.objects, 2048, 10240, 32, 12), 12);
    EXPECT_GT(two.objects[44], 10240u);
}

TEST(GprsWebPage, ObjectsBecomeKnownInProportionToTheHtmlArrived)
{
    // 45 objects in a 40960-octet HTML: object i once i * 40960 / 45 octets have arrived.
    EXPECT_EQ(GprsWebObjectsKnown(0, 40960, 45), 0u);
    EXPECT_EQ(GprsWebObjectsKnown(910, 40960, 45), 0u);
    EXPECT_EQ(GprsWebObjectsKnown(911, 40960, 45), 1u) << "911 >= 40960 / 45 = 910.2";
    EXPECT_EQ(GprsWebObjectsKnown(20480, 40960, 45), 22u);
    EXPECT_EQ(GprsWebObjectsKnown(40959, 40960, 45), 44u) << "the last one needs every octet";
    EXPECT_EQ(GprsWebObjectsKnown(40960, 40960, 45), 45u);
    EXPECT_EQ(GprsWebObjectsKnown(100000000, 100000000, 10000), 10000u) << "no overflow";
    EXPECT_EQ(GprsWebObjectsKnown(5, 10, 0), 0u);
}
