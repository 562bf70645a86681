#include "cli/app.h"

int main(int argc, char** argv) {
  return warband::cli::run(argc, argv);
}
