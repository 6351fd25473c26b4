# find_package(ns3) for the ns-3 of PyPI's ns3 wheel (pip install ns3), for building the module
# against it (doc/gprs.rst, "Python"): -Dns3_DIR=<this directory> -DNS3_WHEEL_PREFIX=<the
# wheel's ns3 directory in site-packages>. The wheel's own package (lib64/cmake/ns3) is read,
# then its imported targets are cut down to what exists on this machine: they name the include
# directories and libraries of the machine that built the wheel (/usr/include/glib-2.0,
# /usr/lib64/libgsl.so, /opt/python/...), which CMake refuses when they are missing and which
# would otherwise put this machine's headers and libraries (Debian's ns-3 in /usr/include/ns3)
# beside the wheel's. The wheel's libraries carry their own copies of GSL, libxml2 and SQLite.
# Its include directory also holds Boost 1.66, older than the module needs (load_big_u64 and
# store_big_u64 of Boost.Endian came in 1.71), so its ns3/ headers are reached through a
# directory of their own in the build tree, and Boost is this machine's (libboost-dev).
if(CMAKE_VERSION VERSION_LESS 3.21)
  message(FATAL_ERROR "the ns3 wheel's shim needs CMake 3.21 (directory property IMPORTED_TARGETS)")
endif()

include(${CMAKE_CURRENT_LIST_DIR}/ns3-wheel-prefix.cmake)
include(${NS3_WHEEL_PREFIX}/lib64/cmake/ns3/ns3Config.cmake)

set(gprs_wheel_include ${CMAKE_BINARY_DIR}/ns3-wheel-include)
file(MAKE_DIRECTORY ${gprs_wheel_include})
file(CREATE_LINK ${NS3_WHEEL_PREFIX}/include/ns3 ${gprs_wheel_include}/ns3 SYMBOLIC)

get_directory_property(gprs_wheel_targets IMPORTED_TARGETS)
foreach(target IN LISTS gprs_wheel_targets)
  if(NOT target MATCHES "^ns3::")
    continue()
  endif()
  foreach(property INTERFACE_INCLUDE_DIRECTORIES INTERFACE_LINK_LIBRARIES)
    get_target_property(items ${target} ${property})
    if(NOT items)
      continue()
    endif()
    set(kept "")
    foreach(item IN LISTS items)
      # Absolute paths outside the wheel are the build machine's; anything else (ns3::
      # targets, linker flags) stays.
      string(FIND "${item}" "${NS3_WHEEL_PREFIX}/" in_wheel)
      if(item STREQUAL "${NS3_WHEEL_PREFIX}/include")
        list(APPEND kept ${gprs_wheel_include})
      elseif(NOT IS_ABSOLUTE "${item}" OR in_wheel EQUAL 0)
        list(APPEND kept "${item}")
      endif()
    endforeach()
    set_target_properties(${target} PROPERTIES ${property} "${kept}")
  endforeach()
endforeach()
