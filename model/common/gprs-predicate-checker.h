/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_PREDICATE_CHECKER_H
#define GPRS_PREDICATE_CHECKER_H

#include "ns3/attribute.h"
#include "ns3/ptr.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * An attribute checker that accepts what a predicate allows, for value types whose ns-3
 * checker checks only the type.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Accepts the values of one attribute value type that a predicate allows.
 * \tparam V the AttributeValue type
 */
template <typename V>
class GprsPredicateChecker : public AttributeChecker
{
  public:
    /**
     * \param accept the predicate
     * \param typeName the value type's name, e.g. "ns3::TimeValue"
     * \param allowed what is allowed, for the help text
     */
    GprsPredicateChecker(std::function<bool(const V&)> accept,
                         std::string typeName,
                         std::string allowed)
        : m_accept(std::move(accept)),
          m_typeName(std::move(typeName)),
          m_allowed(std::move(allowed))
    {
    }

    bool Check(const AttributeValue& value) const override
    {
        const auto* v = dynamic_cast<const V*>(&value);
        return v && m_accept(*v);
    }

    std::string GetValueTypeName() const override
    {
        return m_typeName;
    }

    bool HasUnderlyingTypeInformation() const override
    {
        return true;
    }

    std::string GetUnderlyingTypeInformation() const override
    {
        return m_allowed;
    }

    Ptr<AttributeValue> Create() const override
    {
        return ns3::Create<V>();
    }

    bool Copy(const AttributeValue& source, AttributeValue& destination) const override
    {
        const auto* src = dynamic_cast<const V*>(&source);
        auto* dst = dynamic_cast<V*>(&destination);
        if (!src || !dst)
        {
            return false;
        }
        *dst = *src;
        return true;
    }

  private:
    std::function<bool(const V&)> m_accept; //!< the predicate
    std::string m_typeName;                 //!< value type name
    std::string m_allowed;                  //!< what is allowed
};

/**
 * \ingroup gprs
 * \tparam V the AttributeValue type
 * \tparam T what V::Get() returns
 * \param allowed the values accepted
 * \param typeName the value type's name, e.g. "ns3::TimeValue"
 * \param text what is allowed, for the help text and the error
 * \return a checker of V that accepts exactly the values of \p allowed (the values a field of
 *         a message can code, for instance)
 */
template <typename V, typename T>
Ptr<const AttributeChecker>
MakeGprsOneOfChecker(std::vector<T> allowed, std::string typeName, std::string text)
{
    return Create<GprsPredicateChecker<V>>(
        [allowed = std::move(allowed)](const V& v) {
            for (const T& a : allowed)
            {
                if (v.Get() == a)
                {
                    return true;
                }
            }
            return false;
        },
        std::move(typeName),
        std::move(text));
}

} // namespace ns3

#endif /* GPRS_PREDICATE_CHECKER_H */
