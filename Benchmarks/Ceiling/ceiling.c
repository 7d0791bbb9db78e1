// Whether the AVX2 ports can run here (include/Ceiling.h).
#include "Ceiling.h"

int ceiling_available(void) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}
