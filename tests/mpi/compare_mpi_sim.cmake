# CTest: `mpirun -np 2 warband_mpi_sim` must print exactly the JSON summary that one
# `warband sim` process prints for the same sweep. Run with cmake -P and
#   -DWARBAND=... -DWARBAND_MPI_SIM=... -DMPIEXEC=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.25)
file(MAKE_DIRECTORY "${WORK_DIR}")

set(sweep atomspast --games 24 --seed 11 --map training_ground --json --no-progress)

execute_process(COMMAND "${WARBAND}" sim ${sweep} --threads 2
                OUTPUT_FILE "${WORK_DIR}/single.json" ERROR_VARIABLE single_error
                RESULT_VARIABLE single_code)
if(NOT single_code EQUAL 0)
  message(FATAL_ERROR "warband sim failed (${single_code}): ${single_error}")
endif()

# Containers: launch locally without ssh, no cross-memory attach, more ranks than cores is fine.
set(ENV{OMPI_MCA_plm} "isolated")
set(ENV{OMPI_MCA_btl_vader_single_copy_mechanism} "none")
set(ENV{OMPI_MCA_rmaps_base_oversubscribe} "1")
set(mpi_flags -np 2 --oversubscribe)
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
if(uid STREQUAL "0")
  list(APPEND mpi_flags --allow-run-as-root)
endif()

execute_process(COMMAND "${MPIEXEC}" ${mpi_flags} "${WARBAND_MPI_SIM}" ${sweep} --threads 1
                OUTPUT_FILE "${WORK_DIR}/mpi.json" ERROR_VARIABLE mpi_error
                RESULT_VARIABLE mpi_code)
if(NOT mpi_code EQUAL 0)
  message(FATAL_ERROR "mpirun warband_mpi_sim failed (${mpi_code}): ${mpi_error}")
endif()

file(READ "${WORK_DIR}/single.json" single)
file(READ "${WORK_DIR}/mpi.json" mpi)
string(JSON games GET "${mpi}" totals games)
if(NOT games EQUAL 24)
  message(FATAL_ERROR "the MPI run summarised ${games} games, not 24:\n${mpi}")
endif()
if(NOT single STREQUAL mpi)
  message(FATAL_ERROR "the MPI summary differs from one process's:\n--- single\n${single}\n"
                      "--- mpi\n${mpi}")
endif()
message(STATUS "2 ranks: the same ${games}-game summary as one process")
