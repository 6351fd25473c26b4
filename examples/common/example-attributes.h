/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_ATTRIBUTES_H
#define EXAMPLE_ATTRIBUTES_H

// The checks of the ns-3 attributes an example's command line sets ("--ns3::GprsPcu::T3193=2s"):
// ns-3 stops the program on many bad values, or takes ones the model cannot use, so that
// ExampleOptions checks each value first and refuses a bad one with one line.

#include "ns3/type-id.h"

#include <string>

namespace ns3
{

/// What a C/I specification may be (GprsRadioConditions::FromSpec).
const std::string kRadioConditionsAllowed =
    "a C/I in dB such as 24, a schedule such as 0s:13,10s:6,20s:13, or file:PATH";

/**
 * \param fullName an attribute's full name, "ns3::GprsPcu::NumberOfPdchs"
 * \param info receives what ns-3 knows of it
 * \return whether the type exists and has the attribute itself (ns-3's Config::SetDefault, which
 *         the command line uses, looks at no parent's)
 */
bool LookupAttribute(const std::string& fullName, TypeId::AttributeInformation* info);

/**
 * Check the value of an attribute argument: the type and the attribute exist, and the value is
 * one the attribute takes, ns-3 can read without stopping the program, and the model can use.
 * \param name the argument's name, an attribute's full name ("ns3::GprsPcu::T3193")
 * \param value the argument's value
 * \return "invalid option --name=value ..." saying why it is refused, or empty
 */
std::string AttributeArgumentProblem(const std::string& name, const std::string& value);

/**
 * Check the attributes that must fit together, as the model does when the simulation starts
 * (and stops the program there): a PCU made with the defaults, which include the user's
 * --ns3:: values, and every link adaptation type an example may name.
 * \return empty if they fit, else the model's message
 */
std::string CheckModelConfiguration();

} // namespace ns3

#endif /* EXAMPLE_ATTRIBUTES_H */
