// The button content kernel of Sources/LayoutCore/ButtonContent/ButtonContent+Kernel.swift,
// statement by statement, in AVX2 intrinsics: what the kernel's arithmetic costs in AVX2
// code, picked at run time, which Swift cannot do. The same IEEE operations in the same
// order; the pragma forbids contracting a multiply and an add into an FMA. Included once per
// precision by button_float.c and button_double.c.
// Every function that uses AVX2 carries `target("avx2")`; `ceiling_button_*` call them only
// when `ceiling_available()` says the CPU has AVX2.
#pragma clang fp contract(off)
#include "Ceiling.h"
#include <string.h>

#if defined(CEILING_DOUBLE)
#define ENTRY ceiling_button_double
#else
#define ENTRY ceiling_button_float
#endif

#if defined(__x86_64__) && defined(__clang__)
#include <immintrin.h>

#if defined(CEILING_DOUBLE)
typedef double T;
typedef __m256d V;
#define VOP(name) _mm256_##name##_pd
#define LANES 4
#define ALL_LANES 0xF
#define THRESHOLD 4503599627370496.0 /* 2^52 */
#define ADD_BITS _mm256_add_epi64
#define AS_BITS _mm256_castpd_si256
#define FROM_BITS _mm256_castsi256_pd
#else
typedef float T;
typedef __m256 V;
#define VOP(name) _mm256_##name##_ps
#define LANES 8
#define ALL_LANES 0xFF
#define THRESHOLD 8388608.0f /* 2^23 */
#define ADD_BITS _mm256_add_epi32
#define AS_BITS _mm256_castps_si256
#define FROM_BITS _mm256_castsi256_ps
#endif

/// The button content's input columns (ButtonContentConfiguration.InputFields, in order).
typedef struct {
    const T *width, *height, *insetTop, *insetLeading, *insetBottom, *insetTrailing;
    const T *imageWidth, *imageHeight, *titleWidth, *titleHeight, *imagePadding, *displayScale;
    const uint8_t *imagePlacement, *layoutDirection, *mode;
} Inputs;

/// The button content's result columns (ButtonContentConfiguration.ResultFields, in order).
typedef struct {
    T *imageX, *imageY, *imageWidth, *imageHeight, *titleX, *titleY, *titleWidth, *titleHeight;
} Outputs;

enum { TOP = 0, LEADING = 1, BOTTOM = 2, TRAILING = 3, RTL = 1, FIT = 0 };
static const T maximumLength = 1048576, maximumScale = 4;

#define AVX2 __attribute__((target("avx2"), always_inline)) static inline

AVX2 V splat(T v) { return VOP(set1)(v); }
// Swift's `a.replacing(with: b, where: m)`.
AVX2 V replacing(V a, V b, V m) { return VOP(blendv)(a, b, m); }
// Swift's `a._max(b)` (= Swift.max(a, b)) and `a._min(b)` (= Swift.min(a, b)).
AVX2 V vmax(V a, V b) { return VOP(max)(a, b); }
AVX2 V vmin(V a, V b) { return VOP(min)(b, a); }
// `LaneVector.swapped(a, b, where: m)`: (b, a) where m holds, (a, b) elsewhere.
AVX2 void swapped(V a, V b, V m, V *x, V *y) {
    V d = VOP(and)(VOP(xor)(a, b), m);
    *x = VOP(xor)(a, d);
    *y = VOP(xor)(b, d);
}
AVX2 V eq(V a, V b) { return VOP(cmp)(a, b, _CMP_EQ_OQ); }
AVX2 V gt(V a, V b) { return VOP(cmp)(a, b, _CMP_GT_OQ); }
AVX2 V loadBytes(const uint8_t *p) {
#if defined(CEILING_DOUBLE)
    int32_t bytes;
    memcpy(&bytes, p, 4);
    return _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128(bytes)));
#else
    return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)));
#endif
}
// `_roundedToNearestOrAwayFromZero(threshold:)`.
AVX2 V roundAway(V v, V threshold) {
    V signBit = splat(-0.0);
    V magnitude = VOP(andnot)(signBit, v), sign = VOP(and)(signBit, v);
    V shift = VOP(and)(threshold, VOP(cmp)(magnitude, threshold, _CMP_LT_OQ));
    V rounded = VOP(sub)(VOP(add)(magnitude, shift), shift);
    V tieWentDown = eq(VOP(sub)(rounded, magnitude), splat(-0.5));
    rounded = VOP(add)(rounded, VOP(and)(splat(1), tieWentDown));
    return VOP(or)(rounded, sign);
}
// `PixelSnapping.edges(origin:length:)`.
AVX2 void edges(V origin, V length, V scale, V threshold, V snapping, V *o, V *l) {
    V near = VOP(div)(roundAway(VOP(mul)(origin, scale), threshold), scale);
    V far = VOP(div)(roundAway(VOP(mul)(VOP(add)(origin, length), scale), threshold), scale);
    V snapped = VOP(sub)(far, near);
    V overshoots = gt(VOP(add)(near, snapped), far);
    // `nextDown` of a positive value where it overshoots: its bits plus the mask's -1.
    snapped = FROM_BITS(ADD_BITS(AS_BITS(snapped), AS_BITS(overshoots)));
    *o = near;
    *l = replacing(length, snapped, snapping);
}

// LANES controls from `i`: `ButtonContentConfiguration.layOutLanes`.
AVX2 void laneGroup(const Inputs *in, const Outputs *out, size_t i) {
    V zero = VOP(setzero)();
    V width = VOP(loadu)(in->width + i), height = VOP(loadu)(in->height + i);
    V insetTop = VOP(loadu)(in->insetTop + i), insetLeading = VOP(loadu)(in->insetLeading + i);
    V insetBottom = VOP(loadu)(in->insetBottom + i), insetTrailing = VOP(loadu)(in->insetTrailing + i);
    V imageWidth = VOP(loadu)(in->imageWidth + i), imageHeight = VOP(loadu)(in->imageHeight + i);
    V titleWidth = VOP(loadu)(in->titleWidth + i), titleHeight = VOP(loadu)(in->titleHeight + i);
    V spacing = VOP(loadu)(in->imagePadding + i), displayScale = VOP(loadu)(in->displayScale + i);
    V placement = loadBytes(in->imagePlacement + i), direction = loadBytes(in->layoutDirection + i);
    V mode = loadBytes(in->mode + i);

    V isFit = eq(mode, splat(FIT)), isRightToLeft = eq(direction, splat(RTL));
    V leftInset, rightInset;
    swapped(insetLeading, insetTrailing, isRightToLeft, &leftInset, &rightInset);
    V contentWidth = VOP(sub)(VOP(sub)(width, leftInset), rightInset);
    V contentHeight = VOP(sub)(VOP(sub)(height, insetTop), insetBottom);
    contentWidth = replacing(contentWidth, vmax(zero, VOP(sub)(width, VOP(add)(insetLeading, insetTrailing))), isFit);
    V fitFloor = replacing(splat(-__builtin_inf()), zero, isFit);
    contentHeight = vmax(fitFloor, contentHeight);
    V imageIsPresent = VOP(and)(gt(imageWidth, zero), gt(imageHeight, zero));
    V titleIsPresent = VOP(and)(gt(titleWidth, zero), gt(titleHeight, zero));
    V dropImage = VOP(andnot)(imageIsPresent, isFit), dropTitle = VOP(andnot)(titleIsPresent, isFit);
    imageWidth = replacing(imageWidth, zero, dropImage);
    imageHeight = replacing(imageHeight, zero, dropImage);
    titleWidth = replacing(titleWidth, zero, dropTitle);
    titleHeight = replacing(titleHeight, zero, dropTitle);
    spacing = replacing(spacing, zero, VOP(or)(dropImage, dropTitle));

    V isHorizontal = VOP(or)(eq(placement, splat(LEADING)), eq(placement, splat(TRAILING)));
    V mainStart, crossStart, mainLength, crossLength, imageMain, imageCross, titleMain, titleCross;
    swapped(insetTop, leftInset, isHorizontal, &mainStart, &crossStart);
    swapped(contentHeight, contentWidth, isHorizontal, &mainLength, &crossLength);
    swapped(imageHeight, imageWidth, isHorizontal, &imageMain, &imageCross);
    swapped(titleHeight, titleWidth, isHorizontal, &titleMain, &titleCross);

    V fitCeiling = replacing(splat(__builtin_inf()), crossLength, isFit);
    imageCross = vmin(imageCross, fitCeiling);
    titleCross = vmin(titleCross, fitCeiling);
    V overflows = VOP(and)(isFit, gt(VOP(add)(VOP(add)(imageMain, spacing), titleMain), mainLength));
    V roomForTitle = VOP(sub)(VOP(sub)(mainLength, imageMain), spacing);
    V titleHasRoom = gt(roomForTitle, zero);
    V shrinkTitle = VOP(and)(overflows, titleHasRoom), squeezeTitle = VOP(andnot)(titleHasRoom, overflows);
    titleMain = replacing(titleMain, vmin(titleMain, roomForTitle), shrinkTitle);
    titleMain = replacing(titleMain, zero, squeezeTitle);
    spacing = replacing(spacing, zero, squeezeTitle);
    imageMain = replacing(imageMain, vmin(imageMain, mainLength), squeezeTitle);

    V imageIsFirst = VOP(or)(eq(placement, splat(TOP)),
        VOP(or)(VOP(andnot)(isRightToLeft, eq(placement, splat(LEADING))),
                VOP(and)(eq(placement, splat(TRAILING)), isRightToLeft)));
    V firstLength, secondLength;
    swapped(titleMain, imageMain, imageIsFirst, &firstLength, &secondLength);
    V offset = VOP(mul)(VOP(sub)(mainLength, VOP(add)(VOP(add)(firstLength, spacing), secondLength)), splat(0.5));
    offset = vmax(fitFloor, offset);
    V firstStart = VOP(add)(mainStart, offset);
    V secondStart = VOP(add)(VOP(add)(firstStart, firstLength), spacing);
    V imageMainStart, titleMainStart;
    swapped(secondStart, firstStart, imageIsFirst, &imageMainStart, &titleMainStart);
    V imageCrossStart = VOP(add)(crossStart, VOP(mul)(VOP(sub)(crossLength, imageCross), splat(0.5)));
    V titleCrossStart = VOP(add)(crossStart, VOP(mul)(VOP(sub)(crossLength, titleCross), splat(0.5)));

    V ix, iy, iw, ih, tx, ty, tw, th;
    swapped(imageCrossStart, imageMainStart, isHorizontal, &ix, &iy);
    swapped(imageCross, imageMain, isHorizontal, &iw, &ih);
    swapped(titleCrossStart, titleMainStart, isHorizontal, &tx, &ty);
    swapped(titleCross, titleMain, isHorizontal, &tw, &th);
    V snapping = gt(displayScale, zero);
    V scale = VOP(add)(displayScale, VOP(andnot)(snapping, splat(1)));
    V threshold = VOP(and)(splat(THRESHOLD), snapping);
    edges(ix, iw, scale, threshold, snapping, &ix, &iw);
    edges(iy, ih, scale, threshold, snapping, &iy, &ih);
    edges(tx, tw, scale, threshold, snapping, &tx, &tw);
    edges(ty, th, scale, threshold, snapping, &ty, &th);
    VOP(storeu)(out->imageX + i, ix); VOP(storeu)(out->imageY + i, iy);
    VOP(storeu)(out->imageWidth + i, iw); VOP(storeu)(out->imageHeight + i, ih);
    VOP(storeu)(out->titleX + i, tx); VOP(storeu)(out->titleY + i, ty);
    VOP(storeu)(out->titleWidth + i, tw); VOP(storeu)(out->titleHeight + i, th);
}

// Every value of a column in lower...upper (NaN is not), four vectors per test, then the tail.
__attribute__((target("avx2"))) static int columnIsValid(const T *p, size_t n, T lower, T upper) {
    V lo = splat(lower), hi = splat(upper);
    size_t i = 0;
    for (; n - i >= 4 * LANES; i += 4 * LANES) {
        V ok = splat(-0.0);
        for (int k = 0; k < 4; k++) {
            V v = VOP(loadu)(p + i + LANES * k);
            ok = VOP(and)(ok, VOP(and)(VOP(cmp)(v, lo, _CMP_GE_OQ), VOP(cmp)(v, hi, _CMP_LE_OQ)));
        }
        if (VOP(movemask)(ok) != ALL_LANES) return 0;
    }
    for (; i < n; i++) if (!(p[i] >= lower && p[i] <= upper)) return 0;
    return 1;
}

// Every raw value below `caseCount`, 32 bytes per test, then the tail.
__attribute__((target("avx2"))) static int bytesAreValid(const uint8_t *p, size_t n, uint8_t caseCount) {
    __m256i limit = _mm256_set1_epi8((char)(caseCount - 1));
    size_t i = 0;
    for (; n - i >= 32; i += 32) {
        __m256i excess = _mm256_subs_epu8(_mm256_loadu_si256((const __m256i *)(p + i)), limit);
        if (!_mm256_testz_si256(excess, excess)) return 0;
    }
    for (; i < n; i++) if (p[i] >= caseCount) return 0;
    return 1;
}

static int validate(const Inputs *in, size_t n) {
    const T *lengths[] = { in->width, in->height, in->insetTop, in->insetLeading, in->insetBottom, in->insetTrailing,
                           in->imageWidth, in->imageHeight, in->titleWidth, in->titleHeight, in->imagePadding };
    for (int c = 0; c < 11; c++) if (!columnIsValid(lengths[c], n, 0, maximumLength)) return 0;
    return columnIsValid(in->displayScale, n, 0, maximumScale) && bytesAreValid(in->imagePlacement, n, 4)
        && bytesAreValid(in->layoutDirection, n, 2) && bytesAreValid(in->mode, n, 2);
}

__attribute__((target("avx2"))) static void layOut(const Inputs *in, const Outputs *out, size_t n) {
    size_t i = 0;
    for (; n - i >= LANES; i += LANES) laneGroup(in, out, i);
    if (i == n) return;
    // The tail: copied into zero-padded lanes, laid out, and only its own lanes copied back
    // (padding lanes may compute NaN, never stored), as the Swift kernel pads its tail.
    size_t rest = n - i;
    T scalars[12][LANES], results[8][LANES];
    uint8_t bytes[3][LANES];
    memset(scalars, 0, sizeof scalars);
    memset(bytes, 0, sizeof bytes);
    const T *sources[12] = { in->width, in->height, in->insetTop, in->insetLeading, in->insetBottom, in->insetTrailing,
                             in->imageWidth, in->imageHeight, in->titleWidth, in->titleHeight, in->imagePadding, in->displayScale };
    for (int c = 0; c < 12; c++) memcpy(scalars[c], sources[c] + i, rest * sizeof(T));
    memcpy(bytes[0], in->imagePlacement + i, rest);
    memcpy(bytes[1], in->layoutDirection + i, rest);
    memcpy(bytes[2], in->mode + i, rest);
    Inputs padded = { scalars[0], scalars[1], scalars[2], scalars[3], scalars[4], scalars[5], scalars[6], scalars[7],
                      scalars[8], scalars[9], scalars[10], scalars[11], bytes[0], bytes[1], bytes[2] };
    Outputs lanes = { results[0], results[1], results[2], results[3], results[4], results[5], results[6], results[7] };
    laneGroup(&padded, &lanes, 0);
    T *targets[8] = { out->imageX, out->imageY, out->imageWidth, out->imageHeight,
                      out->titleX, out->titleY, out->titleWidth, out->titleHeight };
    for (int c = 0; c < 8; c++) memcpy(targets[c] + i, results[c], rest * sizeof(T));
}

int ENTRY(const void *const *inputs, void *const *outputs, size_t count, int checked) {
    if (!ceiling_available()) return 0;
    const void *const *c = inputs;
    void *const *r = outputs;
    const Inputs in = { c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12], c[13], c[14] };
    const Outputs out = { r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7] };
    if (checked && !validate(&in, count)) return 0;
    layOut(&in, &out, count);
    return 1;
}

#else  // not x86-64 with clang: no ceiling

int ENTRY(const void *const *inputs, void *const *outputs, size_t count, int checked) {
    (void)inputs; (void)outputs; (void)count; (void)checked;
    return 0;
}

#endif
