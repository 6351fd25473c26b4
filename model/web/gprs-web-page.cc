/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-web-page.h"

#include "ns3/gprs-text-input.h"

#include <cmath>
#include <numeric>
#include <stdexcept>

namespace ns3
{

const char* const kGprsWebPageNames = "c8, static-i, static-ii or the path of a page file";

namespace
{

constexpr uint32_t kMaxObjectBytes = 100000000; //!< largest object of a page file: 100 MB
constexpr uint32_t kMaxObjects = 10000;         //!< most embedded objects of a page
constexpr uint32_t kKb = 1024;                  //!< 1 KB, as the studies' sizes are given

/**
 * \param token a token
 * \param what what it is, for the message
 * \param max the largest allowed
 * \return it as a whole number from 1 to max
 * \throws std::invalid_argument naming the token and what is allowed
 */
uint32_t
ParseWhole(const std::string& token, const std::string& what, uint32_t max)
{
    const double value = ParseGprsNumber(token, what);
    if (value != std::floor(value) || value < 1 || value > max)
    {
        throw std::invalid_argument("expected " + what + " as a whole number from 1 to " +
                                    std::to_string(max) + ", got " + QuoteGprsInput(token));
    }
    return static_cast<uint32_t>(value);
}

/**
 * \param page the page to extend
 * \param count objects
 * \param min smallest, octets
 * \param max largest, octets
 */
void
Append(GprsWebPage& page, uint32_t count, uint32_t min, uint32_t max)
{
    const auto sizes = SpreadGprsObjectSizes(count, min, max);
    page.objects.insert(page.objects.end(), sizes.begin(), sizes.end());
}

} // namespace

uint64_t
GprsWebPage::TotalBytes() const
{
    return std::accumulate(objects.begin(), objects.end(), static_cast<uint64_t>(html));
}

std::vector<uint32_t>
SpreadGprsObjectSizes(uint32_t count, uint32_t min, uint32_t max)
{
    std::vector<uint32_t> sizes;
    for (uint32_t j = 0; j < count; ++j)
    {
        sizes.push_back(min + static_cast<uint32_t>(std::lround((max - min) * (j + 0.5) / count)));
    }
    return sizes;
}

uint32_t
GprsWebObjectsKnown(uint32_t htmlRead, uint32_t htmlBytes, uint32_t objects)
{
    return static_cast<uint32_t>(static_cast<uint64_t>(htmlRead) * objects / htmlBytes);
}

GprsWebPage
ReadGprsWebPage(std::istream& in, const std::string& sourceName)
{
    GprsWebPage page;
    ReadGprsTextTable(
        in,
        sourceName,
        [&page](const std::vector<std::string>& tokens, const std::string& text) {
            const std::string& keyword = tokens[0];
            if (keyword == "html")
            {
                if (page.html > 0)
                {
                    throw std::invalid_argument("a second 'html' line; a page has one HTML object");
                }
                if (tokens.size() != 2)
                {
                    throw std::invalid_argument("expected 'html <octets>', got " +
                                                QuoteGprsInput(text));
                }
                page.html = ParseWhole(tokens[1], "the HTML object's octets", kMaxObjectBytes);
                return;
            }
            if (keyword != "object")
            {
                throw std::invalid_argument(
                    "expected 'html <octets>' or 'object <octets> [<count>]', "
                    "got " +
                    QuoteGprsInput(text));
            }
            if (page.html == 0)
            {
                throw std::invalid_argument("an 'object' line before the 'html' line");
            }
            if (tokens.size() < 2 || tokens.size() > 3)
            {
                throw std::invalid_argument("expected 'object <octets> [<count>]', got " +
                                            QuoteGprsInput(text));
            }
            const uint32_t size = ParseWhole(tokens[1], "the object's octets", kMaxObjectBytes);
            const uint32_t count =
                tokens.size() == 3 ? ParseWhole(tokens[2], "the count of objects", kMaxObjects) : 1;
            if (page.objects.size() + count > kMaxObjects)
            {
                throw std::invalid_argument("more than " + std::to_string(kMaxObjects) +
                                            " embedded objects");
            }
            page.objects.insert(page.objects.end(), count, size);
        });
    if (page.html == 0)
    {
        throw std::runtime_error(sourceName + ": no 'html <octets>' line; a page needs its HTML "
                                              "object");
    }
    return page;
}

GprsWebPage
GetGprsWebPage(const std::string& spec)
{
    GprsWebPage page;
    if (spec == "c8")
    {
        page.html = 40 * kKb;
        Append(page, 20, 200, 2 * kKb);
        Append(page, 20, 2 * kKb, 5 * kKb);
        Append(page, 4, 5 * kKb, 10 * kKb);
        Append(page, 1, 12 * kKb, 12 * kKb);
        return page;
    }
    if (spec == "static-i")
    {
        page.html = 17 * kKb;
        Append(page, 3, 2 * kKb, 4 * kKb);
        Append(page, 5, 200, 5 * kKb);
        return page;
    }
    if (spec == "static-ii")
    {
        page.html = 40 * kKb;
        Append(page, 8, 2 * kKb, 5 * kKb);
        Append(page, 24, 200, 2 * kKb);
        Append(page, 12, 2 * kKb, 10 * kKb);
        Append(page, 1, 12 * kKb, 12 * kKb);
        return page;
    }
    std::ifstream in = OpenGprsInputFile(spec);
    return ReadGprsWebPage(in, spec);
}

} // namespace ns3
