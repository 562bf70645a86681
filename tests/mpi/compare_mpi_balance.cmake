# CTest: `mpirun -np 2 warband_mpi_balance ... --reprice` must print exactly the JSON, and write
# exactly the points file and report, that one `warband balance --reprice` process does for the
# same search. Two rounds with a tolerance no interval meets, so the second round plays the prices
# rank 0 fitted after the first (60 games a round, 40 under the sanitizers: enough for the first
# fit to price units). Run with cmake -P and
#   -DWARBAND=... -DWARBAND_MPI_BALANCE=... -DMPIEXEC=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake")
file(MAKE_DIRECTORY "${WORK_DIR}")

# 59 games a round in release, 39 under the sanitizers (WARBAND_TEST_SCALE): on this seed the
# first fit prices no unit below 36 (72 games), so the second round would replay the old prices.
scaled_count(games_asked 59 39)
# Whole mirrored pairs, split between the ranks.
math(EXPR round_games "(${games_asked} + 1) / 2 * 2")
math(EXPR all_games "2 * ${round_games}")
set(search atomspast --reprice --games ${games_asked} --rounds 2 --tolerance 0.01 --seed 11
           --bot random --points 400 --map training_ground --json)

run_checked(NAME "warband balance --reprice" OUTPUT_FILE "${WORK_DIR}/single.json"
            COMMAND "${WARBAND}" balance ${search} --threads 2
                    --points-file "${WORK_DIR}/single.toml" --report "${WORK_DIR}/single.md")

run_mpi_checked(NAME "mpirun warband_mpi_balance" OUTPUT_FILE "${WORK_DIR}/mpi.json"
                COMMAND "${WARBAND_MPI_BALANCE}" ${search} --threads 1
                        --points-file "${WORK_DIR}/mpi.toml" --report "${WORK_DIR}/mpi.md")

file(READ "${WORK_DIR}/single.json" single)
file(READ "${WORK_DIR}/mpi.json" mpi)
string(JSON rounds GET "${mpi}" rounds)
string(JSON games GET "${mpi}" games)
string(JSON first GET "${mpi}" last_round first_game)
string(JSON prices LENGTH "${mpi}" last_round overrides)
# The default design jitters AtomsPast's AcTi (--price-jitter 1): the ranks must play it too.
string(JSON jitter GET "${mpi}" last_round price_jitter)
# 59 games a round: 60, whole mirrored pairs, split 30 and 30 between the ranks.
if(NOT rounds EQUAL 2 OR NOT games EQUAL all_games OR NOT first EQUAL round_games)
  message(FATAL_ERROR "the MPI search played ${rounds} rounds, ${games} games from ${first}, "
                      "not 2 rounds of ${round_games} from ${round_games}:\n${mpi}")
endif()
if(NOT jitter EQUAL 1)
  message(FATAL_ERROR "the search played a price jitter of ${jitter}, not --reprice's default 1: "
                      "nothing checks that the ranks jitter the AcTi as rank 0 does:\n${mpi}")
endif()
# No unit moves while points do not predict the outcome, which 59 games seldom let them.
string(JSON identified GET "${mpi}" rate_identified)
if(prices EQUAL 0 AND identified)
  message(FATAL_ERROR "the second round played the old prices: nothing checks that the ranks "
                      "played the prices rank 0 fitted:\n${mpi}")
endif()
if(NOT single STREQUAL mpi)
  message(FATAL_ERROR "the MPI search differs from one process's:\n--- single\n${single}\n"
                      "--- mpi\n${mpi}")
endif()
foreach(file toml md)
  file(READ "${WORK_DIR}/single.${file}" single_file)
  file(READ "${WORK_DIR}/mpi.${file}" mpi_file)
  if(NOT single_file STREQUAL mpi_file)
    message(FATAL_ERROR "the MPI search's .${file} differs from one process's: "
                        "diff ${WORK_DIR}/single.${file} ${WORK_DIR}/mpi.${file}")
  endif()
endforeach()
message(STATUS "2 ranks: the same ${rounds}-round, ${games}-game repricing as one process "
               "(the second round at ${prices} new prices)")
