/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_WEB_PAGE_H
#define GPRS_WEB_PAGE_H

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * A web page for GprsWebBrowser: a main HTML object and the embedded objects it names, read
 * from a small text file or built in (the test pages of Chakravorty & Pratt and of GPRSWeb).
 */

namespace ns3
{

/**
 * \ingroup gprs
 * A web page: the main HTML object and its embedded objects, in the order the HTML names them.
 */
struct GprsWebPage
{
    uint32_t html{0};              //!< size of the HTML object, octets
    std::vector<uint32_t> objects; //!< sizes of the embedded objects, octets

    /// \return the octets of all objects (HTML included), without HTTP headers
    uint64_t TotalBytes() const;
};

/**
 * \ingroup gprs
 * The sizes of \p count objects spread evenly over [min, max]: object j (0-based) has
 * min + round((max - min) * (j + 0.5) / count) octets, the midpoints of \p count equal
 * slices. The built-in pages use this rule where a study gives only a size range: it is
 * deterministic, so a page is the same in every run, and its mean is the range's middle.
 *
 * \param count objects
 * \param min smallest size, octets
 * \param max largest size, octets (>= min)
 * \return the sizes, smallest first
 */
std::vector<uint32_t> SpreadGprsObjectSizes(uint32_t count, uint32_t min, uint32_t max);

/**
 * \ingroup gprs
 * How many embedded objects a browser parsing the HTML as it arrives knows: object i of n
 * (1-based) once i * L / n octets of the L-octet HTML have arrived, the references taken as
 * spread evenly through the HTML (GprsWebBrowser's Discovery "progressive").
 *
 * \param htmlRead octets of the HTML arrived (at most \p htmlBytes)
 * \param htmlBytes the HTML's size L (>= 1)
 * \param objects embedded objects n
 * \return objects known: floor(htmlRead * n / L); n once the whole HTML has arrived
 */
uint32_t GprsWebObjectsKnown(uint32_t htmlRead, uint32_t htmlBytes, uint32_t objects);

/**
 * \ingroup gprs
 * Read a page file: `#` starts a comment; one line `html <octets>` first, then lines
 * `object <octets> [<count>]` (count objects of that size, default 1), in the order the HTML
 * names them. Sizes are whole numbers from 1 to 100000000, counts from 1 to 10000; a page has
 * at most 10000 embedded objects.
 *
 * \param in the stream
 * \param sourceName name for messages (the file name)
 * \return the page
 * \throws std::runtime_error "<sourceName>:<line>: <what is wrong and what is allowed>"
 */
GprsWebPage ReadGprsWebPage(std::istream& in, const std::string& sourceName);

/**
 * \ingroup gprs
 * A built-in page or a page file.
 *
 * Built in (sizes drawn with SpreadGprsObjectSizes, 1 KB = 1024 octets; "over 10 KB" is
 * taken as 12 KB, a choice):
 * - `c8`: Chakravorty & Pratt's test page (JCN 2002, web experiment): index.html 40 KB, 20
 *   objects of 200 B-2 KB, 20 of 2-5 KB, 4 of 5-10 KB, 1 over 10 KB;
 * - `static-i`: GPRSWeb's STATIC-I (Chakravorty, Clark & Pratt, JSAC 2005): 17 KB HTML, 3 JPEGs
 *   of 2-4 KB, 5 GIFs of 200 B-5 KB;
 * - `static-ii`: GPRSWeb's STATIC-II: 40 KB HTML, 8 JPEGs of 2-5 KB, 24 GIFs of 200 B-2 KB,
 *   12 GIFs of 2-10 KB, 1 GIF over 10 KB.
 *
 * \param spec `c8`, `static-i`, `static-ii` or the path of a page file
 * \return the page
 * \throws std::runtime_error from ReadGprsWebPage, or when the file cannot be opened
 */
GprsWebPage GetGprsWebPage(const std::string& spec);

/// Names of the built-in pages, for messages.
extern const char* const kGprsWebPageNames;

} // namespace ns3

#endif /* GPRS_WEB_PAGE_H */
