# NS3_WHEEL_PREFIX: the ns3 directory of an installed ns3 wheel, e.g.
# $(python3 -c 'import ns3; print(ns3.__path__[0])').
# Absolute and without a trailing slash, as the wheel's package computes its own prefix.
get_filename_component(NS3_WHEEL_PREFIX "${NS3_WHEEL_PREFIX}" ABSOLUTE)
if(NOT EXISTS "${NS3_WHEEL_PREFIX}/lib64/cmake/ns3/ns3Config.cmake")
  message(FATAL_ERROR "NS3_WHEEL_PREFIX='${NS3_WHEEL_PREFIX}' holds no lib64/cmake/ns3 of an ns3 "
                      "wheel; pass -DNS3_WHEEL_PREFIX=$(python3 -c 'import ns3; "
                      "print(ns3.__path__[0])') with the Python that has the wheel")
endif()
