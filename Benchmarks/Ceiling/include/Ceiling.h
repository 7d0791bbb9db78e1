// The ceiling: hand-written AVX2 ports of LayoutCore's batch kernels, a benchmark subject of
// layout-bench (never part of the library). Each does the same IEEE operations in the same
// order as the Swift kernel and is checked bit for bit against the Swift reference before it
// is timed. The functions use AVX2 only when the CPU has it (`ceiling_available`); they are
// compiled with per-function target attributes, so the build needs no flags.
#ifndef LAYOUTBENCH_CEILING_H
#define LAYOUTBENCH_CEILING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when this CPU runs the AVX2 ports (x86-64 with AVX2), 0 otherwise.
int ceiling_available(void);

/// Lays out `count` button contents, eight `Float` lanes per AVX2 register. `inputs` holds the
/// first element's address of each input column and `outputs` of each result column, in the
/// order of ButtonContentConfiguration.InputFields and .ResultFields. With `checked`, a
/// validation pass (every length in 0...2^20, display scale in 0...4, raw values below their
/// case count; NaN refused) runs first, as the library's `layout(into:)` does. Returns 0 when
/// validation refuses the input or the CPU lacks AVX2 (nothing written), 1 otherwise.
int ceiling_button_float(const void *_Nonnull const *_Nonnull inputs, void *_Nonnull const *_Nonnull outputs,
                         size_t count, int checked);
/// The same in `Double`, four lanes per register.
int ceiling_button_double(const void *_Nonnull const *_Nonnull inputs, void *_Nonnull const *_Nonnull outputs,
                          size_t count, int checked);

#ifdef __cplusplus
}
#endif

#endif
