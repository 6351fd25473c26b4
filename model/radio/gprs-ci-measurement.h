/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CI_MEASUREMENT_H
#define GPRS_CI_MEASUREMENT_H

#include <cstdint>
#include <optional>

/**
 * \file
 * \ingroup gprs
 * The running average of a link's C/I that a channel quality report carries.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Running average of the C/I measured on a link's radio blocks, as TS 45.008 clause 10.2.3.1.2
 * filters the C value in packet transfer mode (measured on the PDCH):
 *
 *     R_n = (1 - c) R_(n-1) + c x_n,                       R_0 = 0
 *     C_n = C_(n-1) + (c x_n / R_n) (SS_n - C_(n-1))
 *
 * where n counts radio block periods, x_n is 1 when block period n has a sample SS_n and 0
 * otherwise, and c is the forgetting factor (1 / (12 T_AVG_T) in the standard). R_n, the
 * reliability, makes the first sample the average and lets old samples fade during periods
 * without any: after a long gap the next sample starts the average afresh.
 *
 * Periods without a sample cost nothing: Add() applies them all at once. Pure logic, no ns-3
 * object, no simulator.
 */
class GprsCiMeasurement
{
  public:
    /**
     * Add the sample of a block period.
     *
     * \param block the block period's number; not before the previous sample's. A second
     *        sample in the same period is ignored (one PDCH is measured per period).
     * \param ciDb the C/I measured, finite
     * \param forgettingFactor c, in (0, 1]; 1 keeps the latest sample alone
     * \throws std::invalid_argument for a block before the previous sample's, a non-finite
     *         C/I or a forgetting factor outside (0, 1]
     */
    void Add(uint64_t block, double ciDb, double forgettingFactor);

    /// \return the running average C_n in dB; empty before the first sample
    std::optional<double> GetAverageDb() const;

    /**
     * \param ciDb a C/I in dB
     * \param stepDb the reporting step in dB, not negative; 0 leaves ciDb as it is
     * \return ciDb rounded to the nearest multiple of stepDb (halves away from zero)
     * \throws std::invalid_argument for a negative or non-finite step
     */
    static double Quantise(double ciDb, double stepDb);

  private:
    std::optional<uint64_t> m_lastBlock; //!< block period of the latest sample
    double m_reliability{0};             //!< R_n after the latest sample
    double m_averageDb{0};               //!< C_n after the latest sample
};

} // namespace ns3

#endif /* GPRS_CI_MEASUREMENT_H */
