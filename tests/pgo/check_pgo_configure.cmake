# CTest: the profile-guided build's two steps (WARBAND_PGO=generate, then use; scripts/build_pgo.sh)
# configure, their compile commands carry the profile flags and no compiler cache, one source
# compiles in each without a warning (under "use" with no profile yet: nothing trained is no
# warning), and a wrong WARBAND_PGO is refused by name. Only a configure and two small objects, not
# a build: CI's time is short. Run with cmake -P and
#   -DSOURCE_DIR=... -DWORK_DIR=... -DCXX_COMPILER=...
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(profile_dir "${WORK_DIR}/profile")
set(object CMakeFiles/warband_core.dir/src/core/budget.cc.o)

foreach(mode generate use)
  set(build_dir "${WORK_DIR}/${mode}")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${build_dir}" -G Ninja
            -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release
            -DWARBAND_PGO=${mode} -DWARBAND_PGO_DIR=${profile_dir} -DWARBAND_BENCHMARKS=OFF
            -DWARBAND_MPI=OFF
    OUTPUT_QUIET ERROR_VARIABLE error RESULT_VARIABLE code)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "WARBAND_PGO=${mode} did not configure (${code}): ${error}")
  endif()

  file(READ "${build_dir}/compile_commands.json" commands)
  string(JSON command GET "${commands}" 0 command)
  if(mode STREQUAL "generate")
    set(wanted "-fprofile-generate=${profile_dir}")
  else()
    set(wanted "-fprofile-use=${profile_dir}")
  endif()
  foreach(flag "${wanted}" "-fprofile-prefix-path=${build_dir}")
    string(FIND "${command}" "${flag}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "WARBAND_PGO=${mode}: '${flag}' is not in the compile command: ${command}")
    endif()
  endforeach()
  if(command MATCHES "ccache")
    message(FATAL_ERROR "WARBAND_PGO=${mode} compiles through ccache: ${command}")
  endif()

  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${build_dir}" --target "${object}"
                  OUTPUT_VARIABLE output ERROR_VARIABLE error RESULT_VARIABLE code)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "WARBAND_PGO=${mode}: ${object} did not compile (${code}):\n${output}${error}")
  endif()
  if("${output}${error}" MATCHES "warning")
    message(FATAL_ERROR "WARBAND_PGO=${mode}: ${object} compiled with a warning:\n${output}${error}")
  endif()
endforeach()

execute_process(
  COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/wrong" -G Ninja
          -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DWARBAND_PGO=yes -DWARBAND_BENCHMARKS=OFF
          -DWARBAND_MPI=OFF
  OUTPUT_QUIET ERROR_VARIABLE error RESULT_VARIABLE code)
if(code EQUAL 0 OR NOT error MATCHES "WARBAND_PGO is 'yes'")
  message(FATAL_ERROR "WARBAND_PGO=yes was not refused by name (${code}): ${error}")
endif()
message(STATUS "WARBAND_PGO: generate and use configure and compile; a wrong value is refused")
