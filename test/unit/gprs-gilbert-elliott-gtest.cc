/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/gprs-gilbert-elliott.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

using namespace ns3;

namespace
{
/// Expects \p call to throw std::invalid_argument whose message contains every \p parts.
template <typename Call>
void
ExpectInvalid(Call call, std::initializer_list<std::string> parts)
{
    try
    {
        call();
        ADD_FAILURE() << "no exception";
    }
    catch (const std::invalid_argument& e)
    {
        for (const auto& part : parts)
        {
            EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
        }
    }
}

/// Statistics of a long run driven by a seeded std::mt19937.
struct RunStats
{
    double lossRate;          //!< lost blocks / blocks
    double meanBadBurst;      //!< mean length of runs of blocks in the bad state
    double meanLossBurst;     //!< mean length of runs of lost blocks
    unsigned long badBursts;  //!< number of bad-state runs
    unsigned long lossBursts; //!< number of loss runs
};

RunStats
RunBlocks(GprsGilbertElliott& ge, unsigned long blocks, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    unsigned long lost = 0;
    unsigned long badBlocks = 0;
    RunStats s{0, 0, 0, 0, 0};
    bool wasBad = false;
    bool wasLost = false;
    for (unsigned long i = 0; i < blocks; ++i)
    {
        const double u1 = uniform(rng);
        const bool isLost = ge.NextBlockLost(u1, uniform(rng));
        lost += isLost;
        badBlocks += ge.IsBad();
        s.badBursts += ge.IsBad() && !wasBad;
        s.lossBursts += isLost && !wasLost;
        wasBad = ge.IsBad();
        wasLost = isLost;
    }
    s.lossRate = static_cast<double>(lost) / blocks;
    s.meanBadBurst = static_cast<double>(badBlocks) / s.badBursts;
    s.meanLossBurst = static_cast<double>(lost) / s.lossBursts;
    return s;
}

struct Params
{
    double p, r, lossGood, lossBad;
};

/// Standard error of the loss rate over n blocks: binomial noise within a state plus the
/// state process, whose indicator has lag-k correlation lambda^k (lambda = 1 - p - r).
double
LossRateStdError(const Params& c, const GprsGilbertElliott& ge, unsigned long n)
{
    const double piBad = ge.GetSteadyStateBadProbability();
    const double lambda = 1.0 - c.p - c.r;
    const double within =
        (1 - piBad) * c.lossGood * (1 - c.lossGood) + piBad * c.lossBad * (1 - c.lossBad);
    const double between =
        std::pow(c.lossBad - c.lossGood, 2) * piBad * (1 - piBad) * (1 + lambda) / (1 - lambda);
    return std::sqrt((within + between) / n);
}
} // namespace

TEST(GprsGilbertElliott, RejectsNonProbabilities)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    ExpectInvalid([] { GprsGilbertElliott(1.5, 0.1, 0, 1); }, {"pGoodToBad = 1.5", "0..1"});
    ExpectInvalid([] { GprsGilbertElliott(0.1, -0.2, 0, 1); }, {"pBadToGood = -0.2", "0..1"});
    ExpectInvalid([nan] { GprsGilbertElliott(0.1, 0.1, nan, 1); }, {"lossGood = nan", "0..1"});
    ExpectInvalid([] { GprsGilbertElliott(0.1, 0.1, 0, 2); }, {"lossBad = 2", "0..1"});
    GprsGilbertElliott ge(0.1, 0.1, 0, 1);
    ExpectInvalid([&ge] { ge.NextBlockLost(1.01, 0.5); }, {"uTransition = 1.01"});
    ExpectInvalid([&ge] { ge.NextBlockLost(0.5, -0.5); }, {"uLoss = -0.5"});
}

TEST(GprsGilbertElliott, StepsFromTheDrawsGiven)
{
    // A draw below the probability moves / loses; at or above it does not.
    GprsGilbertElliott ge(0.3, 0.6, 0.1, 0.9);
    EXPECT_FALSE(ge.IsBad());
    EXPECT_FALSE(ge.NextBlockLost(0.3, 0.1)); // stays good; 0.1 is not below lossGood 0.1
    EXPECT_FALSE(ge.IsBad());
    EXPECT_TRUE(ge.NextBlockLost(0.29, 0.89)); // to bad; lost in bad state
    EXPECT_TRUE(ge.IsBad());
    EXPECT_FALSE(ge.NextBlockLost(0.99, 0.9)); // stays bad; 0.9 is not below lossBad 0.9
    EXPECT_TRUE(ge.NextBlockLost(0.0, 0.05));  // back to good; lost in good state
    EXPECT_FALSE(ge.IsBad());

    // p = r = 1 alternates every block; loss follows the state exactly.
    GprsGilbertElliott flip(1, 1, 0, 1, true);
    for (int i = 0; i < 6; ++i)
    {
        EXPECT_EQ(flip.NextBlockLost(0.999, 0.5), i % 2 == 1);
    }
}

TEST(GprsGilbertElliott, ClosedFormsSatisfyTheChain)
{
    const GprsGilbertElliott ge(0.02, 0.25, 0.01, 0.7);
    const double pi = ge.GetSteadyStateBadProbability();
    // Stationary: the bad mass kept plus the mass arriving equals the bad mass.
    EXPECT_NEAR(pi * (1 - 0.25) + (1 - pi) * 0.02, pi, 1e-15);
    EXPECT_NEAR(ge.GetMeanLossRate(), (1 - pi) * 0.01 + pi * 0.7, 1e-15);
    EXPECT_DOUBLE_EQ(ge.GetMeanBadBurstLength(), 4.0);
    EXPECT_DOUBLE_EQ(ge.GetMeanGoodBurstLength(), 50.0);
    // The long-run bad fraction is the mean bad sojourn over the mean cycle.
    EXPECT_NEAR(pi,
                ge.GetMeanBadBurstLength() /
                    (ge.GetMeanBadBurstLength() + ge.GetMeanGoodBurstLength()),
                1e-15);

    // Absorbing or frozen chains.
    EXPECT_EQ(GprsGilbertElliott(0, 0, 0, 1, true).GetSteadyStateBadProbability(), 1.0);
    EXPECT_EQ(GprsGilbertElliott(0, 0, 0, 1, false).GetSteadyStateBadProbability(), 0.0);
    EXPECT_EQ(GprsGilbertElliott(0.1, 0, 0, 1).GetSteadyStateBadProbability(), 1.0);
    EXPECT_TRUE(std::isinf(GprsGilbertElliott(0.1, 0, 0, 1).GetMeanBadBurstLength()));
}

TEST(GprsGilbertElliott, LongRunMatchesClosedForms)
{
    const unsigned long blocks = 1000000;
    for (const Params& c :
         {Params{0.02, 0.25, 0.01, 0.7}, Params{0.1, 0.1, 0.0, 1.0}, Params{0.005, 0.5, 0.05, 0.5}})
    {
        SCOPED_TRACE("p=" + std::to_string(c.p) + " r=" + std::to_string(c.r));
        GprsGilbertElliott ge(c.p, c.r, c.lossGood, c.lossBad);
        const auto s = RunBlocks(ge, blocks, 12345);
        // 5 standard errors: a false alarm is a one-in-a-million event.
        EXPECT_NEAR(s.lossRate, ge.GetMeanLossRate(), 5 * LossRateStdError(c, ge, blocks));
        // Bad sojourns are geometric: mean 1/r, variance (1-r)/r^2.
        const double burstSe = std::sqrt((1 - c.r) / (c.r * c.r) / s.badBursts);
        EXPECT_NEAR(s.meanBadBurst, ge.GetMeanBadBurstLength(), 5 * burstSe);
        if (c.lossGood == 0.0 && c.lossBad == 1.0)
        {
            // Pure Gilbert channel: loss bursts are exactly the bad bursts.
            EXPECT_EQ(s.lossBursts, s.badBursts);
            EXPECT_DOUBLE_EQ(s.meanLossBurst, s.meanBadBurst);
        }
    }
}
