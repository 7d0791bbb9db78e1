// The button content ceiling in Float: eight lanes per AVX2 register (button_kernel.h).
#define CEILING_FLOAT 1
#include "button_kernel.h"
