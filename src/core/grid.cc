#include "core/grid.h"
