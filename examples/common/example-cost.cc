/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-cost.h"

#include "ns3/abort.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace ns3
{

namespace
{

/// Set (to a directory for its output files) in the program --callgrind runs under callgrind.
const char* const kCallgrindDirEnv = "GPRS_BENCHMARK_CALLGRIND_DIR";

/**
 * \param pid a child process that ran under callgrind and has exited
 * \return the instructions it executed inside Simulator::Run() (the only function collected),
 *         0 when not under callgrind; its output file is removed
 */
uint64_t
CallgrindInstructions(pid_t pid)
{
    const char* dir = std::getenv(kCallgrindDirEnv);
    if (!dir)
    {
        return 0;
    }
    const std::string path = std::string(dir) + "/callgrind.out." + std::to_string(pid);
    std::ifstream in(path);
    std::string line;
    uint64_t instructions = 0;
    bool found = false;
    while (std::getline(in, line))
    {
        if (line.rfind("summary: ", 0) == 0)
        {
            instructions = std::stoull(line.substr(9));
            found = true;
        }
    }
    NS_ABORT_MSG_UNLESS(found, "no instruction count in callgrind output " << path);
    std::remove(path.c_str());
    return instructions;
}

} // namespace

double
SecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string
RunInOwnProcess(bool fork, const std::function<std::string()>& run, ExampleProcessCost& cost)
{
    cost = ExampleProcessCost{};
    if (!fork)
    {
        std::string result = run();
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        cost.peakRssKib = usage.ru_maxrss;
        return result;
    }
    int fds[2];
    NS_ABORT_MSG_IF(pipe(fds) != 0, "pipe: " << std::strerror(errno));
    std::cout.flush();
    const pid_t pid = ::fork();
    NS_ABORT_MSG_IF(pid < 0, "fork: " << std::strerror(errno));
    if (pid == 0)
    {
        close(fds[0]);
        const std::string result = run();
        bool ok = true;
        for (std::size_t done = 0; ok && done < result.size();)
        {
            const ssize_t n = write(fds[1], result.data() + done, result.size() - done);
            ok = n > 0;
            done += ok ? n : 0;
        }
        _exit(ok ? 0 : 1); // no atexit handlers, no second flush of the parent's buffers
    }
    close(fds[1]);
    std::string result;
    char chunk[4096];
    for (ssize_t n; (n = read(fds[0], chunk, sizeof(chunk))) > 0;)
    {
        result.append(chunk, n);
    }
    close(fds[0]);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    NS_ABORT_MSG_UNLESS(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                        "a measured run failed (child status " << status << ")");
    cost.peakRssKib = usage.ru_maxrss;
    cost.instructions = CallgrindInstructions(pid);
    return result;
}

bool
IsUnderCallgrind()
{
    return std::getenv(kCallgrindDirEnv) != nullptr;
}

int
RunUnderCallgrind(char* argv[])
{
    char dir[] = "/tmp/gprs-benchmark-XXXXXX";
    NS_ABORT_MSG_UNLESS(mkdtemp(dir), "mkdtemp: " << std::strerror(errno));
    std::vector<std::string> args{"valgrind",
                                  "--tool=callgrind",
                                  "--quiet",
                                  "--toggle-collect=ns3::Simulator::Run()",
                                  std::string("--callgrind-out-file=") + dir + "/callgrind.out.%p",
                                  std::filesystem::read_symlink("/proc/self/exe").string()};
    for (int i = 1; argv[i]; ++i)
    {
        args.emplace_back(argv[i]);
    }
    std::vector<char*> cargs;
    for (auto& a : args)
    {
        cargs.push_back(a.data());
    }
    cargs.push_back(nullptr);
    std::cout.flush();
    const pid_t pid = fork();
    NS_ABORT_MSG_IF(pid < 0, "fork: " << std::strerror(errno));
    if (pid == 0)
    {
        setenv(kCallgrindDirEnv, dir, 1);
        execvp("valgrind", cargs.data());
        std::cerr << "error: --callgrind needs valgrind on the PATH (Debian package valgrind): "
                  << std::strerror(errno) << "\n";
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    // The program's own (top) process leaves an empty count behind.
    std::filesystem::remove_all(dir);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

} // namespace ns3
