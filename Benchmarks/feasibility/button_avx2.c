// How fast could the button-content kernel be with 8-lane AVX2 vectors? A feasibility study
// for the targets (8x the reference at 16K with default flags, 1.5 ns per control
// with native flags), not library code: LayoutCore's kernel is Swift, four lanes, and its
// default build can use SSE2 only. A C kernel could pick AVX2 at run time
// (`__attribute__((target("avx2")))` and a CPU check), which Swift cannot.
//
// This is the `Float` kernel of Sources/LayoutCore/ButtonContent/ButtonContent+Kernel.swift,
// statement by statement, in AVX2 intrinsics (same IEEE operations in the same order; the
// pragma below forbids contracting a multiply and an add into an FMA), with a validation pass
// shaped like the library's (every value in its range, raw values below their case count). A
// scalar port of the reference (ButtonContent+Reference.swift and LayoutRect.snapped) checks
// every output bit before anything is timed.
//
//   clang -O2 -o /tmp/button_avx2 Benchmarks/feasibility/button_avx2.c -lm && /tmp/button_avx2
//
// Prints ns per control (best and median of 9 timed runs) for the scalar C reference and the
// AVX2 kernel with and without validation, at 1K, 16K and 4M controls, each size laid out on
// at least 65,536 different controls in turn (as layout-bench does; `button_avx2 1`: one batch
// per size, again and again). Columns are placed at staggered page offsets.
#pragma clang fp contract(off)
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { TOP = 0, LEADING = 1, BOTTOM = 2, TRAILING = 3 };
enum { LTR = 0, RTL = 1 };
enum { FIT = 0, LEGACY = 1 };
static const float maximumLength = 1048576.0f, maximumScale = 4.0f;

typedef struct {
    float *width, *height, *top, *leading, *bottom, *trailing;
    float *imageWidth, *imageHeight, *titleWidth, *titleHeight, *spacing, *scale;
    uint8_t *placement, *direction, *mode;
} Inputs;

typedef struct { float *imageX, *imageY, *imageW, *imageH, *titleX, *titleY, *titleW, *titleH; } Outputs;

// MARK: - The reference, one control at a time

static float snap1(float v, float scale) { return roundf(v * scale) / scale; }  // roundf: half away

static void snapRect(float *x, float *y, float *w, float *h, float scale) {
    if (!(scale > 0)) return;
    float left = snap1(*x, scale), right = snap1(*x + *w, scale);
    float top = snap1(*y, scale), bottom = snap1(*y + *h, scale);
    float sw = right - left;
    if (left + sw > right) sw = nextafterf(sw, -INFINITY);
    float sh = bottom - top;
    if (top + sh > bottom) sh = nextafterf(sh, -INFINITY);
    *x = left; *y = top; *w = sw; *h = sh;
}

static void reference(const Inputs *in, const Outputs *out, size_t i) {
    int isFit = in->mode[i] == FIT, rtl = in->direction[i] == RTL;
    float W = in->width[i], H = in->height[i], top = in->top[i], bottom = in->bottom[i];
    float leftInset = rtl ? in->trailing[i] : in->leading[i];
    float rightInset = rtl ? in->leading[i] : in->trailing[i];
    float contentWidth = W - leftInset - rightInset, contentHeight = H - top - bottom;
    float iw = in->imageWidth[i], ih = in->imageHeight[i], tw = in->titleWidth[i], th = in->titleHeight[i];
    float spacing = in->spacing[i];
    if (isFit) {
        float c = W - (in->leading[i] + in->trailing[i]);
        contentWidth = c >= 0 ? c : 0;  // Swift.max(0, c)
        contentHeight = contentHeight >= 0 ? contentHeight : 0;
        int imagePresent = iw > 0 && ih > 0, titlePresent = tw > 0 && th > 0;
        if (!imagePresent) iw = ih = 0;
        if (!titlePresent) tw = th = 0;
        if (!(imagePresent && titlePresent)) spacing = 0;
    }
    int p = in->placement[i], horizontal = p == LEADING || p == TRAILING;
    float mainStart = horizontal ? leftInset : top, mainLength = horizontal ? contentWidth : contentHeight;
    float crossStart = horizontal ? top : leftInset, crossLength = horizontal ? contentHeight : contentWidth;
    float imageMain = horizontal ? iw : ih, imageCross = horizontal ? ih : iw;
    float titleMain = horizontal ? tw : th, titleCross = horizontal ? th : tw;
    if (isFit) {
        imageCross = crossLength < imageCross ? crossLength : imageCross;  // Swift.min
        titleCross = crossLength < titleCross ? crossLength : titleCross;
        if (imageMain + spacing + titleMain > mainLength) {
            float room = mainLength - imageMain - spacing;
            if (room > 0) {
                titleMain = room < titleMain ? room : titleMain;
            } else {
                titleMain = 0; spacing = 0;
                imageMain = mainLength < imageMain ? mainLength : imageMain;
            }
        }
    }
    int imageFirst = p == TOP || (p == LEADING && !rtl) || (p == TRAILING && rtl);
    float firstLength = imageFirst ? imageMain : titleMain, secondLength = imageFirst ? titleMain : imageMain;
    float offset = (mainLength - (firstLength + spacing + secondLength)) * 0.5f;
    if (isFit) offset = offset >= 0 ? offset : 0;
    float firstStart = mainStart + offset, secondStart = firstStart + firstLength + spacing;
    float imageMainStart = imageFirst ? firstStart : secondStart, titleMainStart = imageFirst ? secondStart : firstStart;
    float imageCrossStart = crossStart + (crossLength - imageCross) * 0.5f;
    float titleCrossStart = crossStart + (crossLength - titleCross) * 0.5f;
    float ix = horizontal ? imageMainStart : imageCrossStart, iy = horizontal ? imageCrossStart : imageMainStart;
    float iW = horizontal ? imageMain : imageCross, iH = horizontal ? imageCross : imageMain;
    float tx = horizontal ? titleMainStart : titleCrossStart, ty = horizontal ? titleCrossStart : titleMainStart;
    float tW = horizontal ? titleMain : titleCross, tH = horizontal ? titleCross : titleMain;
    snapRect(&ix, &iy, &iW, &iH, in->scale[i]);
    snapRect(&tx, &ty, &tW, &tH, in->scale[i]);
    out->imageX[i] = ix; out->imageY[i] = iy; out->imageW[i] = iW; out->imageH[i] = iH;
    out->titleX[i] = tx; out->titleY[i] = ty; out->titleW[i] = tW; out->titleH[i] = tH;
}

// MARK: - The kernel, eight controls per vector

typedef __m256 V;
#define AVX2 __attribute__((target("avx2"), always_inline)) static inline

AVX2 V splat(float v) { return _mm256_set1_ps(v); }
// Swift's `a.replacing(with: b, where: m)`.
AVX2 V replacing(V a, V b, V m) { return _mm256_blendv_ps(a, b, m); }
// Swift's `a._max(b)` (= Swift.max(a, b)) and `a._min(b)` (= Swift.min(a, b)).
AVX2 V vmax(V a, V b) { return _mm256_max_ps(a, b); }
AVX2 V vmin(V a, V b) { return _mm256_min_ps(b, a); }
// Swift's `_Lanes.swapped(a, b, where: m)`: (b, a) where m holds, (a, b) elsewhere.
AVX2 void swapped(V a, V b, V m, V *x, V *y) {
    V d = _mm256_and_ps(_mm256_xor_ps(a, b), m);
    *x = _mm256_xor_ps(a, d); *y = _mm256_xor_ps(b, d);
}
AVX2 V eq(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_EQ_OQ); }
AVX2 V gt(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
AVX2 V loadBytes(const uint8_t *p) {
    return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)));
}
// `_roundedToNearestOrAwayFromZero(threshold:)`.
AVX2 V roundAway(V v, V threshold) {
    V signBit = splat(-0.0f);
    V magnitude = _mm256_andnot_ps(signBit, v), sign = _mm256_and_ps(signBit, v);
    V shift = _mm256_and_ps(threshold, _mm256_cmp_ps(magnitude, threshold, _CMP_LT_OQ));
    V rounded = _mm256_sub_ps(_mm256_add_ps(magnitude, shift), shift);
    V tieWentDown = eq(_mm256_sub_ps(rounded, magnitude), splat(-0.5f));
    rounded = _mm256_add_ps(rounded, _mm256_and_ps(splat(1), tieWentDown));
    return _mm256_or_ps(rounded, sign);
}
// `_Snapping.edges(origin:length:)`.
AVX2 void edges(V origin, V length, V scale, V threshold, V snapping, V *o, V *l) {
    V near = _mm256_div_ps(roundAway(_mm256_mul_ps(origin, scale), threshold), scale);
    V far = _mm256_div_ps(roundAway(_mm256_mul_ps(_mm256_add_ps(origin, length), scale), threshold), scale);
    V snapped = _mm256_sub_ps(far, near);
    V overshoots = gt(_mm256_add_ps(near, snapped), far);
    snapped = _mm256_castsi256_ps(_mm256_add_epi32(_mm256_castps_si256(snapped), _mm256_castps_si256(overshoots)));
    *o = near; *l = replacing(length, snapped, snapping);
}

__attribute__((target("avx2"))) static void laneGroup(const Inputs *in, const Outputs *out, size_t i) {
    V zero = _mm256_setzero_ps();
    V width = _mm256_loadu_ps(in->width + i), height = _mm256_loadu_ps(in->height + i);
    V insetTop = _mm256_loadu_ps(in->top + i), insetLeading = _mm256_loadu_ps(in->leading + i);
    V insetBottom = _mm256_loadu_ps(in->bottom + i), insetTrailing = _mm256_loadu_ps(in->trailing + i);
    V imageWidth = _mm256_loadu_ps(in->imageWidth + i), imageHeight = _mm256_loadu_ps(in->imageHeight + i);
    V titleWidth = _mm256_loadu_ps(in->titleWidth + i), titleHeight = _mm256_loadu_ps(in->titleHeight + i);
    V spacing = _mm256_loadu_ps(in->spacing + i), displayScale = _mm256_loadu_ps(in->scale + i);
    V placement = loadBytes(in->placement + i), direction = loadBytes(in->direction + i), mode = loadBytes(in->mode + i);

    V isFit = eq(mode, splat(FIT)), isRightToLeft = eq(direction, splat(RTL));
    V leftInset, rightInset;
    swapped(insetLeading, insetTrailing, isRightToLeft, &leftInset, &rightInset);
    V contentWidth = _mm256_sub_ps(_mm256_sub_ps(width, leftInset), rightInset);
    V contentHeight = _mm256_sub_ps(_mm256_sub_ps(height, insetTop), insetBottom);
    contentWidth = replacing(contentWidth, vmax(zero, _mm256_sub_ps(width, _mm256_add_ps(insetLeading, insetTrailing))), isFit);
    V fitFloor = replacing(splat(-INFINITY), zero, isFit);
    contentHeight = vmax(fitFloor, contentHeight);
    V imageIsPresent = _mm256_and_ps(gt(imageWidth, zero), gt(imageHeight, zero));
    V titleIsPresent = _mm256_and_ps(gt(titleWidth, zero), gt(titleHeight, zero));
    V dropImage = _mm256_andnot_ps(imageIsPresent, isFit), dropTitle = _mm256_andnot_ps(titleIsPresent, isFit);
    imageWidth = replacing(imageWidth, zero, dropImage); imageHeight = replacing(imageHeight, zero, dropImage);
    titleWidth = replacing(titleWidth, zero, dropTitle); titleHeight = replacing(titleHeight, zero, dropTitle);
    spacing = replacing(spacing, zero, _mm256_or_ps(dropImage, dropTitle));

    V isHorizontal = _mm256_or_ps(eq(placement, splat(LEADING)), eq(placement, splat(TRAILING)));
    V mainStart, crossStart, mainLength, crossLength, imageMain, imageCross, titleMain, titleCross;
    swapped(insetTop, leftInset, isHorizontal, &mainStart, &crossStart);
    swapped(contentHeight, contentWidth, isHorizontal, &mainLength, &crossLength);
    swapped(imageHeight, imageWidth, isHorizontal, &imageMain, &imageCross);
    swapped(titleHeight, titleWidth, isHorizontal, &titleMain, &titleCross);

    V fitCeiling = replacing(splat(INFINITY), crossLength, isFit);
    imageCross = vmin(imageCross, fitCeiling);
    titleCross = vmin(titleCross, fitCeiling);
    V overflows = _mm256_and_ps(isFit, gt(_mm256_add_ps(_mm256_add_ps(imageMain, spacing), titleMain), mainLength));
    V roomForTitle = _mm256_sub_ps(_mm256_sub_ps(mainLength, imageMain), spacing);
    V titleHasRoom = gt(roomForTitle, zero);
    V shrinkTitle = _mm256_and_ps(overflows, titleHasRoom), squeezeTitle = _mm256_andnot_ps(titleHasRoom, overflows);
    titleMain = replacing(titleMain, vmin(titleMain, roomForTitle), shrinkTitle);
    titleMain = replacing(titleMain, zero, squeezeTitle);
    spacing = replacing(spacing, zero, squeezeTitle);
    imageMain = replacing(imageMain, vmin(imageMain, mainLength), squeezeTitle);

    V imageIsFirst = _mm256_or_ps(eq(placement, splat(TOP)),
        _mm256_or_ps(_mm256_andnot_ps(isRightToLeft, eq(placement, splat(LEADING))),
                     _mm256_and_ps(eq(placement, splat(TRAILING)), isRightToLeft)));
    V firstLength, secondLength;
    swapped(titleMain, imageMain, imageIsFirst, &firstLength, &secondLength);
    V offset = _mm256_mul_ps(_mm256_sub_ps(mainLength, _mm256_add_ps(_mm256_add_ps(firstLength, spacing), secondLength)), splat(0.5f));
    offset = vmax(fitFloor, offset);
    V firstStart = _mm256_add_ps(mainStart, offset);
    V secondStart = _mm256_add_ps(_mm256_add_ps(firstStart, firstLength), spacing);
    V imageMainStart, titleMainStart;
    swapped(secondStart, firstStart, imageIsFirst, &imageMainStart, &titleMainStart);
    V imageCrossStart = _mm256_add_ps(crossStart, _mm256_mul_ps(_mm256_sub_ps(crossLength, imageCross), splat(0.5f)));
    V titleCrossStart = _mm256_add_ps(crossStart, _mm256_mul_ps(_mm256_sub_ps(crossLength, titleCross), splat(0.5f)));

    V ix, iy, iw, ih, tx, ty, tw, th;
    swapped(imageCrossStart, imageMainStart, isHorizontal, &ix, &iy);
    swapped(imageCross, imageMain, isHorizontal, &iw, &ih);
    swapped(titleCrossStart, titleMainStart, isHorizontal, &tx, &ty);
    swapped(titleCross, titleMain, isHorizontal, &tw, &th);
    V snapping = gt(displayScale, zero);
    V scale = _mm256_add_ps(displayScale, _mm256_andnot_ps(snapping, splat(1)));
    V threshold = _mm256_and_ps(splat(8388608.0f), snapping);
    edges(ix, iw, scale, threshold, snapping, &ix, &iw);
    edges(iy, ih, scale, threshold, snapping, &iy, &ih);
    edges(tx, tw, scale, threshold, snapping, &tx, &tw);
    edges(ty, th, scale, threshold, snapping, &ty, &th);
    _mm256_storeu_ps(out->imageX + i, ix); _mm256_storeu_ps(out->imageY + i, iy);
    _mm256_storeu_ps(out->imageW + i, iw); _mm256_storeu_ps(out->imageH + i, ih);
    _mm256_storeu_ps(out->titleX + i, tx); _mm256_storeu_ps(out->titleY + i, ty);
    _mm256_storeu_ps(out->titleW + i, tw); _mm256_storeu_ps(out->titleH + i, th);
}

// Whether every value of a column lies in lower...upper (NaN does not), four vectors per test.
__attribute__((target("avx2"))) static int columnIsValid(const float *p, size_t n, float lower, float upper) {
    V lo = splat(lower), hi = splat(upper);
    for (size_t i = 0; i < n; i += 32) {
        V ok = splat(-0.0f);
        for (int k = 0; k < 4; k++) {
            V v = _mm256_loadu_ps(p + i + 8 * k);
            ok = _mm256_and_ps(ok, _mm256_and_ps(_mm256_cmp_ps(v, lo, _CMP_GE_OQ), _mm256_cmp_ps(v, hi, _CMP_LE_OQ)));
        }
        if (_mm256_movemask_ps(ok) != 0xFF) return 0;
    }
    return 1;
}

__attribute__((target("avx2"))) static int bytesAreValid(const uint8_t *p, size_t n, uint8_t caseCount) {
    __m256i limit = _mm256_set1_epi8((char)(caseCount - 1));
    for (size_t i = 0; i < n; i += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(p + i));
        if (!_mm256_testz_si256(_mm256_subs_epu8(v, limit), _mm256_subs_epu8(v, limit))) return 0;
    }
    return 1;
}

static int validate(const Inputs *in, size_t n) {  // n: a multiple of 32 here
    float *lengths[] = { in->width, in->height, in->top, in->leading, in->bottom, in->trailing,
                         in->imageWidth, in->imageHeight, in->titleWidth, in->titleHeight, in->spacing };
    for (int c = 0; c < 11; c++) if (!columnIsValid(lengths[c], n, 0, maximumLength)) return 0;
    return columnIsValid(in->scale, n, 0, maximumScale) && bytesAreValid(in->placement, n, 4)
        && bytesAreValid(in->direction, n, 2) && bytesAreValid(in->mode, n, 2);
}

static void kernel(const Inputs *in, const Outputs *out, size_t n) {
    for (size_t i = 0; i < n; i += 8) laneGroup(in, out, i);
}

// MARK: - Inputs, checking, timing

static uint64_t state = 42;
static uint64_t next(void) {  // SplitMix64
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull; z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static float grid(unsigned limit) { return (float)(next() % (16 * limit)) / 16; }  // 1/16 pt steps

// Columns on their own pages, each `column * 272` bytes further in (mod 4 KiB), so that they
// do not all share the same L1 sets (Docs/ButtonContent.md, "Column placement").
static void *column(size_t bytes) {
    static unsigned count = 0;
    char *base = aligned_alloc(4096, bytes + 4096);
    return base + (count++ * 272) % 4096;
}

static Inputs inputsOf(size_t n) {
    Inputs in;
    float **f[] = { &in.width, &in.height, &in.top, &in.leading, &in.bottom, &in.trailing,
                    &in.imageWidth, &in.imageHeight, &in.titleWidth, &in.titleHeight, &in.spacing, &in.scale };
    for (int c = 0; c < 12; c++) *f[c] = column(n * sizeof(float));
    in.placement = column(n); in.direction = column(n); in.mode = column(n);
    for (size_t i = 0; i < n; i++) {
        in.width[i] = grid(320); in.height[i] = grid(80);
        in.top[i] = grid(12); in.leading[i] = grid(16); in.bottom[i] = grid(12); in.trailing[i] = grid(16);
        in.imageWidth[i] = next() % 8 ? grid(48) : 0; in.imageHeight[i] = grid(48);
        in.titleWidth[i] = next() % 8 ? grid(200) : 0; in.titleHeight[i] = grid(30);
        in.spacing[i] = grid(12); in.scale[i] = (float)(next() % 4);
        in.placement[i] = next() % 4; in.direction[i] = next() % 2; in.mode[i] = next() % 2;
    }
    return in;
}
static Outputs outputsOf(size_t n) {
    Outputs o;
    float **f[] = { &o.imageX, &o.imageY, &o.imageW, &o.imageH, &o.titleX, &o.titleY, &o.titleW, &o.titleH };
    for (int c = 0; c < 8; c++) *f[c] = column(n * sizeof(float));
    return o;
}
static Inputs offsetInputs(Inputs in, size_t k) {
    Inputs r = { in.width + k, in.height + k, in.top + k, in.leading + k, in.bottom + k, in.trailing + k,
                 in.imageWidth + k, in.imageHeight + k, in.titleWidth + k, in.titleHeight + k, in.spacing + k,
                 in.scale + k, in.placement + k, in.direction + k, in.mode + k };
    return r;
}
static Outputs offsetOutputs(Outputs o, size_t k) {
    Outputs r = { o.imageX + k, o.imageY + k, o.imageW + k, o.imageH + k, o.titleX + k, o.titleY + k, o.titleW + k, o.titleH + k };
    return r;
}

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int byValue(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

enum { REFERENCE, KERNEL, CHECKED_KERNEL };
static volatile float sink;

// Lays out `reps` batches of `n` controls, taken in turn from `batches` of them.
static void layOut(int variant, Inputs in, Outputs out, size_t n, size_t batches, size_t reps) {
    for (size_t r = 0; r < reps; r++) {
        size_t b = (r % batches) * n;
        Inputs i = offsetInputs(in, b); Outputs o = offsetOutputs(out, b);
        if (variant == REFERENCE) for (size_t k = 0; k < n; k++) reference(&i, &o, k);
        else if (variant == KERNEL || validate(&i, n)) kernel(&i, &o, n);
    }
}

// ns per control of `variant` on batches of `n` controls taken in turn from `pool` controls.
static void measure(const char *name, int variant, Inputs in, Outputs out, size_t pool, size_t n) {
    size_t batches = pool / n, reps = 1;
    double samples[9], t;
    do {  // calibrate: one timed sample takes at least 40 ms
        reps *= 2;
        t = now();
        layOut(variant, in, out, n, batches, reps);
        t = now() - t;
    } while (t < 0.04);
    for (int s = 0; s < 9; s++) {
        t = now();
        layOut(variant, in, out, n, batches, reps);
        samples[s] = (now() - t) / (reps * n) * 1e9;
        sink = out.imageX[n - 1];
    }
    qsort(samples, 9, sizeof(double), byValue);
    printf("%-16s %8zu  best %6.2f  median %6.2f ns/control\n", name, n, samples[0], samples[4]);
}

int main(int argc, char **argv) {
    // Optional argument: the fewest different controls per size (default 65,536; 1 lays out
    // one batch again and again, in cache for the small sizes).
    size_t distinct = argc > 1 ? strtoul(argv[1], 0, 10) : 65536;
    if (distinct < 1) distinct = 1;
    if (!__builtin_cpu_supports("avx2")) { puts("no AVX2 on this CPU"); return 0; }
    const size_t sizes[] = { 1024, 16384, 4194304 };
    for (int s = 0; s < 3; s++) {
        size_t n = sizes[s], pool = n < distinct ? (distinct + n - 1) / n * n : n;
        state = 42;
        Inputs in = inputsOf(pool);
        Outputs ref = outputsOf(pool), out = outputsOf(pool);
        for (size_t i = 0; i < pool; i++) reference(&in, &ref, i);
        kernel(&in, &out, pool);
        float *a[] = { ref.imageX, ref.imageY, ref.imageW, ref.imageH, ref.titleX, ref.titleY, ref.titleW, ref.titleH };
        float *b[] = { out.imageX, out.imageY, out.imageW, out.imageH, out.titleX, out.titleY, out.titleW, out.titleH };
        for (int c = 0; c < 8; c++) {
            if (memcmp(a[c], b[c], pool * sizeof(float)) != 0) {
                for (size_t i = 0; i < pool; i++) if (memcmp(a[c] + i, b[c] + i, 4)) {
                    printf("MISMATCH column %d control %zu: reference %a, kernel %a\n", c, i, a[c][i], b[c][i]);
                    return 1;
                }
            }
        }
        if (!validate(&in, pool)) { puts("validation refused valid input"); return 1; }
        printf("bit-identical to the reference on %zu controls\n", pool);
        measure("reference (C)", REFERENCE, in, out, pool, n);
        measure("kernel", KERNEL, in, out, pool, n);
        measure("kernel+validate", CHECKED_KERNEL, in, out, pool, n);
    }
    return 0;
}
