/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-jobs.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ns3
{

std::vector<std::string>
RunJobs(const std::string& program,
        std::size_t count,
        uint32_t jobs,
        std::function<std::string(std::size_t)> run)
{
    std::vector<std::string> results(count);
    std::size_t done = 0;
    const auto report = [&program, &done, count]() {
        std::cerr << "[" << program << "] " << ++done << "/" << count << " runs\n";
    };
    if (jobs <= 1)
    {
        for (std::size_t i = 0; i < count; ++i)
        {
            results[i] = run(i);
            report();
        }
        return results;
    }

    // Worker w runs simulations w, w + jobs, ... and writes "index result" lines to its pipe.
    struct Worker
    {
        pid_t pid;          //!< its process
        int fd;             //!< its pipe's reading end
        std::string buffer; //!< what was read and is not a whole line yet
    };

    std::vector<Worker> workers;
    std::vector<bool> received(count, false);
    for (uint32_t w = 0; w < jobs && w < count; ++w)
    {
        int fds[2];
        if (pipe(fds) != 0)
        {
            std::perror("pipe");
            std::exit(3);
        }
        const pid_t pid = fork();
        if (pid < 0)
        {
            std::perror("fork");
            std::exit(3);
        }
        if (pid == 0)
        {
            close(fds[0]);
            FILE* out = fdopen(fds[1], "w");
            for (std::size_t i = w; i < count; i += jobs)
            {
                std::fprintf(out, "%zu %s\n", i, run(i).c_str());
                std::fflush(out);
            }
            std::fclose(out);
            _exit(0);
        }
        close(fds[1]);
        workers.push_back(Worker{pid, fds[0], ""});
    }
    std::vector<pollfd> open;
    for (const Worker& w : workers)
    {
        open.push_back(pollfd{w.fd, POLLIN, 0});
    }
    std::size_t openCount = open.size();
    while (openCount > 0)
    {
        if (poll(open.data(), open.size(), -1) < 0 && errno != EINTR)
        {
            std::perror("poll");
            std::exit(3);
        }
        for (std::size_t w = 0; w < open.size(); ++w)
        {
            if (open[w].fd < 0 || open[w].revents == 0)
            {
                continue;
            }
            char chunk[4096];
            const ssize_t n = read(open[w].fd, chunk, sizeof(chunk));
            if (n <= 0)
            {
                close(open[w].fd);
                open[w].fd = -1;
                --openCount;
                continue;
            }
            std::string& buffer = workers[w].buffer;
            buffer.append(chunk, n);
            for (std::size_t end; (end = buffer.find('\n')) != std::string::npos;)
            {
                const std::string line = buffer.substr(0, end);
                buffer.erase(0, end + 1);
                const std::size_t space = line.find(' ');
                const std::size_t index = std::stoul(line.substr(0, space));
                results.at(index) = line.substr(space + 1);
                received.at(index) = true;
                report();
            }
        }
    }
    for (std::size_t w = 0; w < workers.size(); ++w)
    {
        int status = 0;
        waitpid(workers[w].pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        {
            // Its first simulation without a result is the one it died in.
            std::size_t failed = w;
            while (failed < count && received[failed])
            {
                failed += jobs;
            }
            std::cerr << "error: worker " << workers[w].pid << " failed in simulation " << failed
                      << " of " << count << ": "
                      << (WIFSIGNALED(status)
                              ? "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
                                    strsignal(WTERMSIG(status)) + ")"
                              : "exit status " + std::to_string(WEXITSTATUS(status)))
                      << " (its own messages, if any, are above)\n";
            std::exit(3);
        }
    }
    return results;
}

} // namespace ns3
