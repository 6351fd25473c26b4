/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TRAFFIC_DISTRIBUTIONS_H
#define GPRS_TRAFFIC_DISTRIBUTIONS_H

#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * The distributions of the UMTS 30.03 packet traffic model, drawn from uniform draws.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The datagram size distribution of the UMTS 30.03 non-real-time (WWW) traffic model (ETSI TR
 * 101 112 v3.2.0, "Selection procedures for the choice of radio transmission technologies of
 * the UMTS", Annex B, clause B.1.2.2): a Pareto distribution with shape alpha and scale k (the
 * least value) cut off at m, X = min(P, m), so that all the mass above m sits at m. The
 * standard's parameters are alpha = 1.1, k = 81.5 octets and m = 66666 octets, which give a
 * mean of about 480 octets.
 *
 * The caller passes the uniform draws (e.g. from an ns3::UniformRandomVariable), so a run is
 * reproduced exactly by replaying them.
 */
class GprsTruncatedPareto
{
  public:
    /**
     * \param shape alpha, > 0
     * \param scale k, the least value, > 0
     * \param cutoff m, the largest value, >= k
     * \throws std::invalid_argument naming the first parameter out of range
     */
    GprsTruncatedPareto(double shape, double scale, double cutoff);

    /**
     * \param u a uniform draw in [0, 1)
     * \return min(k (1 - u)^(-1/alpha), m)
     * \throws std::invalid_argument when u is outside [0, 1)
     */
    double Draw(double u) const;

    /// \return E[X] = k + integral from k to m of (k/x)^alpha dx
    double GetMean() const;

    /// \return Var[X], from E[X^2] = k^2 + integral from k to m of 2x (k/x)^alpha dx
    double GetVariance() const;

  private:
    double m_shape;  //!< alpha
    double m_scale;  //!< k
    double m_cutoff; //!< m
};

/**
 * A geometric count on 1, 2, 3, ... (the UMTS 30.03 model's packet calls per session and
 * datagrams per packet call): P(N = n) = p (1 - p)^(n - 1) with p = 1 / mean.
 * \param mean the mean, >= 1 (1: always 1)
 * \param u a uniform draw in [0, 1)
 * \return the count, by inversion: 1 + floor(ln(1 - u) / ln(1 - p)), at most 2^32 - 1
 * \throws std::invalid_argument when mean < 1 or u is outside [0, 1)
 */
uint32_t DrawGprsGeometric(double mean, double u);

/**
 * \param mean a geometric count's mean, >= 1
 * \return its variance, (1 - p) / p^2 with p = 1 / mean
 */
double GetGprsGeometricVariance(double mean);

/**
 * An exponential time, the continuous form of the UMTS 30.03 model's geometric times (reading
 * time, time between datagrams) and the time between the arrivals of a Poisson process.
 * \param mean the mean, >= 0 (0: always 0)
 * \param u a uniform draw in [0, 1)
 * \return -mean ln(1 - u)
 * \throws std::invalid_argument when mean < 0 or u is outside [0, 1)
 */
double DrawGprsExponential(double mean, double u);

} // namespace ns3

#endif /* GPRS_TRAFFIC_DISTRIBUTIONS_H */
