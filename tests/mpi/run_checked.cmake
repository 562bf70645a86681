# What the compare_mpi_*.cmake scripts share: a command that must succeed, and the same under
# `mpirun -np 2` as a container allows it. Included by them (cmake -P); MPIEXEC is the mpirun.

# run_checked(NAME <what> OUTPUT_FILE <file> COMMAND <program> <args>...): runs the command with
# its standard output to <file>; a non-zero exit stops the script naming <what>, the exit code and
# what the command printed on standard error.
function(run_checked)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;OUTPUT_FILE" "COMMAND")
  execute_process(COMMAND ${arg_COMMAND} OUTPUT_FILE "${arg_OUTPUT_FILE}"
                  ERROR_VARIABLE error RESULT_VARIABLE code)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${arg_NAME} failed (${code}): ${error}")
  endif()
endfunction()

# run_mpi_checked(NAME ... OUTPUT_FILE ... COMMAND ...): the same with the command run on two
# ranks by ${MPIEXEC}.
function(run_mpi_checked)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;OUTPUT_FILE" "COMMAND")
  # Containers: launch locally without ssh, no cross-memory attach, more ranks than cores is fine.
  set(ENV{OMPI_MCA_plm} "isolated")
  set(ENV{OMPI_MCA_btl_vader_single_copy_mechanism} "none")
  set(ENV{OMPI_MCA_rmaps_base_oversubscribe} "1")
  set(mpi_flags -np 2 --oversubscribe)
  execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(uid STREQUAL "0")
    list(APPEND mpi_flags --allow-run-as-root)
  endif()
  run_checked(NAME "${arg_NAME}" OUTPUT_FILE "${arg_OUTPUT_FILE}"
              COMMAND "${MPIEXEC}" ${mpi_flags} ${arg_COMMAND})
endfunction()

# scaled_count(<out> <full> <minimum>): <full> times WARBAND_TEST_SCALE, rounded, at least
# <minimum>: the smaller count a sanitizer run plays (tests/support/test_scale.h, whose knob this
# reads: a number in (0, 1], 1 when unset).
function(scaled_count out full minimum)
  set(scale "$ENV{WARBAND_TEST_SCALE}")
  set(millionths 1000000)
  if(NOT scale STREQUAL "")
    if(NOT scale MATCHES "^(0?\\.([0-9]+)|1(\\.0*)?)$")
      message(FATAL_ERROR "WARBAND_TEST_SCALE is \"${scale}\": expected a number in (0, 1] "
                          "written as 0.1 or 1")
    endif()
    if(NOT "${CMAKE_MATCH_2}" STREQUAL "")
      # CMake's arithmetic is integer only: the fraction in millionths.
      string(SUBSTRING "${CMAKE_MATCH_2}000000" 0 6 digits)
      math(EXPR millionths "1${digits} - 1000000")
      if(millionths EQUAL 0)
        message(FATAL_ERROR "WARBAND_TEST_SCALE is \"${scale}\": expected a number in (0, 1]")
      endif()
    endif()
  endif()
  math(EXPR scaled "(${full} * ${millionths} + 500000) / 1000000")
  if(scaled LESS minimum)
    set(scaled ${minimum})
  endif()
  set(${out} ${scaled} PARENT_SCOPE)
endfunction()
