/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Bounded replay of a seed corpus: feeds every file of a directory to a fuzz harness's
// LLVMFuzzerTestOneInput, so CTest checks the corpus without libFuzzer.

#include "gprs-fuzz.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

int
main(int argc, char** argv)
{
    if (argc != 2)
    {
        std::cerr << "usage: " << argv[0] << " <corpus directory>\n";
        return 2;
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(argv[1]))
    {
        if (entry.is_regular_file())
        {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files)
    {
        std::ifstream in(file, std::ios::binary);
        const std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                      std::istreambuf_iterator<char>()};
        try
        {
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
        }
        catch (const std::exception& e)
        {
            std::cerr << file.string() << ": undocumented exception: " << e.what() << "\n";
            return 1;
        }
    }
    std::cout << "replayed " << files.size() << " inputs from " << argv[1] << "\n";
    return files.empty() ? 1 : 0;
}
