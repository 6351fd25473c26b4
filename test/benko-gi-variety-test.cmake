# benko-gi's radio variety (--ciSpread, --reselectionsPerHour, --outagesPerHour): the same
# population with reselections and outages must lose more segments on the access side (the
# LLC frames a reselection flushes, the blocks an outage kills) than without, which is what
# gives SACK and timestamps something to act on. Without the options every user has --radio
# and no event (golden-benko-gi holds that output).
# Variables: EXAMPLE (benko-gi), WORK_DIR (scratch directory).
cmake_minimum_required(VERSION 3.13)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(population --users=20 --cells=4 --duration=1800s --progress=0)
foreach(case plain varied)
  set(extra "")
  if(case STREQUAL "varied")
    set(extra --ciSpread=6 --reselectionsPerHour=60 --outagesPerHour=10 --outageLength=5s)
  endif()
  execute_process(COMMAND ${EXAMPLE} ${population} ${extra} RESULT_VARIABLE rc
                  OUTPUT_VARIABLE csv_${case} ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "benko-gi ${extra} failed (${rc}): ${err}")
  endif()
  if(NOT csv_${case} MATCHES "\nloss_segments,access-down,([0-9]+),")
    message(FATAL_ERROR "no access-down loss row:\n${csv_${case}}")
  endif()
  set(loss_${case} ${CMAKE_MATCH_1})
endforeach()
message(STATUS "access-side downlink losses: ${loss_plain} without variety, ${loss_varied} with")
if(NOT loss_varied GREATER loss_plain)
  message(FATAL_ERROR "the radio variety lost no more segments (${loss_varied}) than the plain "
                      "population (${loss_plain}):\n${csv_varied}")
endif()
