# The wheel's version file (see ns3-config.cmake): find_package(ns3) then sets ns3_VERSION.
include(${CMAKE_CURRENT_LIST_DIR}/ns3-wheel-prefix.cmake)
include(${NS3_WHEEL_PREFIX}/lib64/cmake/ns3/ns3ConfigVersion.cmake)
