// The button content ceiling in Double: four lanes per AVX2 register (button_kernel.h).
#define CEILING_DOUBLE 1
#include "button_kernel.h"
