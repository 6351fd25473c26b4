/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_GILBERT_ELLIOTT_H
#define GPRS_GILBERT_ELLIOTT_H

/**
 * \file
 * \ingroup gprs
 * Two-state Gilbert-Elliott radio block loss process.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Gilbert-Elliott block loss process of one mobile: a two-state Markov chain (good, bad) that
 * steps once per radio block, with a loss probability per state (E. N. Gilbert, "Capacity of
 * a burst-noise channel", Bell Syst. Tech. J. 39, 1960; E. O. Elliott, "Estimates of error
 * rates for codes on burst-noise channels", Bell Syst. Tech. J. 42, 1963).
 *
 * The caller passes the uniform draws, so the process holds no random stream and a run is
 * reproduced exactly by replaying the draws (e.g. from an ns3::UniformRandomVariable).
 */
class GprsGilbertElliott
{
  public:
    /**
     * \param pGoodToBad probability of moving from good to bad at a block step, 0..1
     * \param pBadToGood probability of moving from bad to good at a block step, 0..1
     * \param lossGood probability that a block sent in the good state is lost, 0..1
     * \param lossBad probability that a block sent in the bad state is lost, 0..1
     * \param startBad whether the chain starts in the bad state
     * \throws std::invalid_argument naming the first parameter outside 0..1
     */
    GprsGilbertElliott(double pGoodToBad,
                       double pBadToGood,
                       double lossGood,
                       double lossBad,
                       bool startBad = false);

    /**
     * Step the chain to the next radio block, then draw that block's loss in its state.
     *
     * An event of probability q happens when its draw is below q, so draws uniform on [0, 1)
     * give exactly q; a draw of 1 is accepted and counts as "no event".
     * \param uTransition uniform draw deciding the state transition
     * \param uLoss uniform draw deciding the loss
     * \return true when the block is lost
     * \throws std::invalid_argument when a draw is outside [0, 1]
     */
    bool NextBlockLost(double uTransition, double uLoss);

    /// \return true while the chain is in the bad state
    bool IsBad() const;

    /**
     * \return the long-run fraction of blocks sent in the bad state, p/(p+r) with
     * p = pGoodToBad and r = pBadToGood; when p = r = 0 the chain never leaves its initial
     * state, so 1 if that is bad and 0 otherwise
     */
    double GetSteadyStateBadProbability() const;

    /// \return the long-run block loss rate: (1-piBad)*lossGood + piBad*lossBad
    double GetMeanLossRate() const;

    /// \return mean number of consecutive blocks in the bad state, 1/pBadToGood (may be inf)
    double GetMeanBadBurstLength() const;

    /// \return mean number of consecutive blocks in the good state, 1/pGoodToBad (may be inf)
    double GetMeanGoodBurstLength() const;

  private:
    double m_pGoodToBad; //!< P(good -> bad) per block
    double m_pBadToGood; //!< P(bad -> good) per block
    double m_lossGood;   //!< P(loss | good)
    double m_lossBad;    //!< P(loss | bad)
    bool m_bad;          //!< current state
};

} // namespace ns3

#endif /* GPRS_GILBERT_ELLIOTT_H */
