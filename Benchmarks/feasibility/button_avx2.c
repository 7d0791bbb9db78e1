// How fast could the button-content kernel be with AVX2 vectors? A feasibility study
// for the targets (8x the reference at 16K with default flags, 1.5 ns per control
// with native flags), not library code: LayoutCore's kernel is Swift, four lanes, and its
// default build can use SSE2 only. A C kernel could pick AVX2 at run time
// (`__attribute__((target("avx2")))` and a CPU check), which Swift cannot.
//
// This is the kernel of Sources/LayoutCore/ButtonContent/ButtonContent+Kernel.swift,
// statement by statement, in AVX2 intrinsics: eight `Float` lanes per register, or four
// `Double` ones with `-DDOUBLE`; the same IEEE operations in the same order (the pragma below
// forbids contracting a multiply and an add into an FMA). A validation pass is shaped like
// the library's (every value in its range, raw values below their case count). A
// scalar port of the reference (ButtonContent+Reference.swift and LayoutRect.snapped) checks
// every output bit before anything is timed.
//
//   clang -O2 -o /tmp/button_avx2 Benchmarks/feasibility/button_avx2.c -lm && /tmp/button_avx2
//   clang -O2 -DDOUBLE -o /tmp/button_avx2_double Benchmarks/feasibility/button_avx2.c -lm && /tmp/button_avx2_double
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

// The precision: the scalar type, its vectors, and the intrinsics' suffix.
#ifdef DOUBLE
typedef double T;
typedef __m256d V;
#define VOP(name) _mm256_##name##_pd
#define LANES 4
#define ALL_LANES 0xF
#define THRESHOLD 4503599627370496.0  /* 2^52 */
#define ROUND round
#define NEXT_AFTER nextafter
#define ADD_BITS _mm256_add_epi64
#define AS_BITS _mm256_castpd_si256
#define FROM_BITS _mm256_castsi256_pd
#define PRECISION "Double"
#else
typedef float T;
typedef __m256 V;
#define VOP(name) _mm256_##name##_ps
#define LANES 8
#define ALL_LANES 0xFF
#define THRESHOLD 8388608.0f  /* 2^23 */
#define ROUND roundf
#define NEXT_AFTER nextafterf
#define ADD_BITS _mm256_add_epi32
#define AS_BITS _mm256_castps_si256
#define FROM_BITS _mm256_castsi256_ps
#define PRECISION "Float"
#endif

static const T maximumLength = 1048576, maximumScale = 4;

typedef struct {
    T *width, *height, *top, *leading, *bottom, *trailing;
    T *imageWidth, *imageHeight, *titleWidth, *titleHeight, *spacing, *scale;
    uint8_t *placement, *direction, *mode;
} Inputs;

typedef struct { T *imageX, *imageY, *imageW, *imageH, *titleX, *titleY, *titleW, *titleH; } Outputs;

// MARK: - The reference, one control at a time

static T snap1(T v, T scale) { return ROUND(v * scale) / scale; }  // roundf: half away

static void snapRect(T *x, T *y, T *w, T *h, T scale) {
    if (!(scale > 0)) return;
    T left = snap1(*x, scale), right = snap1(*x + *w, scale);
    T top = snap1(*y, scale), bottom = snap1(*y + *h, scale);
    T sw = right - left;
    if (left + sw > right) sw = NEXT_AFTER(sw, -INFINITY);
    T sh = bottom - top;
    if (top + sh > bottom) sh = NEXT_AFTER(sh, -INFINITY);
    *x = left; *y = top; *w = sw; *h = sh;
}

static void reference(const Inputs *in, const Outputs *out, size_t i) {
    int isFit = in->mode[i] == FIT, rtl = in->direction[i] == RTL;
    T W = in->width[i], H = in->height[i], top = in->top[i], bottom = in->bottom[i];
    T leftInset = rtl ? in->trailing[i] : in->leading[i];
    T rightInset = rtl ? in->leading[i] : in->trailing[i];
    T contentWidth = W - leftInset - rightInset, contentHeight = H - top - bottom;
    T iw = in->imageWidth[i], ih = in->imageHeight[i], tw = in->titleWidth[i], th = in->titleHeight[i];
    T spacing = in->spacing[i];
    if (isFit) {
        T c = W - (in->leading[i] + in->trailing[i]);
        contentWidth = c >= 0 ? c : 0;  // Swift.max(0, c)
        contentHeight = contentHeight >= 0 ? contentHeight : 0;
        int imagePresent = iw > 0 && ih > 0, titlePresent = tw > 0 && th > 0;
        if (!imagePresent) iw = ih = 0;
        if (!titlePresent) tw = th = 0;
        if (!(imagePresent && titlePresent)) spacing = 0;
    }
    int p = in->placement[i], horizontal = p == LEADING || p == TRAILING;
    T mainStart = horizontal ? leftInset : top, mainLength = horizontal ? contentWidth : contentHeight;
    T crossStart = horizontal ? top : leftInset, crossLength = horizontal ? contentHeight : contentWidth;
    T imageMain = horizontal ? iw : ih, imageCross = horizontal ? ih : iw;
    T titleMain = horizontal ? tw : th, titleCross = horizontal ? th : tw;
    if (isFit) {
        imageCross = crossLength < imageCross ? crossLength : imageCross;  // Swift.min
        titleCross = crossLength < titleCross ? crossLength : titleCross;
        if (imageMain + spacing + titleMain > mainLength) {
            T room = mainLength - imageMain - spacing;
            if (room > 0) {
                titleMain = room < titleMain ? room : titleMain;
            } else {
                titleMain = 0; spacing = 0;
                imageMain = mainLength < imageMain ? mainLength : imageMain;
            }
        }
    }
    int imageFirst = p == TOP || (p == LEADING && !rtl) || (p == TRAILING && rtl);
    T firstLength = imageFirst ? imageMain : titleMain, secondLength = imageFirst ? titleMain : imageMain;
    T offset = (mainLength - (firstLength + spacing + secondLength)) * (T)0.5;
    if (isFit) offset = offset >= 0 ? offset : 0;
    T firstStart = mainStart + offset, secondStart = firstStart + firstLength + spacing;
    T imageMainStart = imageFirst ? firstStart : secondStart, titleMainStart = imageFirst ? secondStart : firstStart;
    T imageCrossStart = crossStart + (crossLength - imageCross) * (T)0.5;
    T titleCrossStart = crossStart + (crossLength - titleCross) * (T)0.5;
    T ix = horizontal ? imageMainStart : imageCrossStart, iy = horizontal ? imageCrossStart : imageMainStart;
    T iW = horizontal ? imageMain : imageCross, iH = horizontal ? imageCross : imageMain;
    T tx = horizontal ? titleMainStart : titleCrossStart, ty = horizontal ? titleCrossStart : titleMainStart;
    T tW = horizontal ? titleMain : titleCross, tH = horizontal ? titleCross : titleMain;
    snapRect(&ix, &iy, &iW, &iH, in->scale[i]);
    snapRect(&tx, &ty, &tW, &tH, in->scale[i]);
    out->imageX[i] = ix; out->imageY[i] = iy; out->imageW[i] = iW; out->imageH[i] = iH;
    out->titleX[i] = tx; out->titleY[i] = ty; out->titleW[i] = tW; out->titleH[i] = tH;
}

// MARK: - The kernel, LANES controls per vector

#define AVX2 __attribute__((target("avx2"), always_inline)) static inline

AVX2 V splat(T v) { return VOP(set1)(v); }
// Swift's `a.replacing(with: b, where: m)`.
AVX2 V replacing(V a, V b, V m) { return VOP(blendv)(a, b, m); }
// Swift's `a._max(b)` (= Swift.max(a, b)) and `a._min(b)` (= Swift.min(a, b)).
AVX2 V vmax(V a, V b) { return VOP(max)(a, b); }
AVX2 V vmin(V a, V b) { return VOP(min)(b, a); }
// Swift's `LaneVector.swapped(a, b, where: m)`: (b, a) where m holds, (a, b) elsewhere.
AVX2 void swapped(V a, V b, V m, V *x, V *y) {
    V d = VOP(and)(VOP(xor)(a, b), m);
    *x = VOP(xor)(a, d); *y = VOP(xor)(b, d);
}
AVX2 V eq(V a, V b) { return VOP(cmp)(a, b, _CMP_EQ_OQ); }
AVX2 V gt(V a, V b) { return VOP(cmp)(a, b, _CMP_GT_OQ); }
AVX2 V loadBytes(const uint8_t *p) {
#ifdef DOUBLE
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
    *o = near; *l = replacing(length, snapped, snapping);
}

__attribute__((target("avx2"))) static void laneGroup(const Inputs *in, const Outputs *out, size_t i) {
    V zero = VOP(setzero)();
    V width = VOP(loadu)(in->width + i), height = VOP(loadu)(in->height + i);
    V insetTop = VOP(loadu)(in->top + i), insetLeading = VOP(loadu)(in->leading + i);
    V insetBottom = VOP(loadu)(in->bottom + i), insetTrailing = VOP(loadu)(in->trailing + i);
    V imageWidth = VOP(loadu)(in->imageWidth + i), imageHeight = VOP(loadu)(in->imageHeight + i);
    V titleWidth = VOP(loadu)(in->titleWidth + i), titleHeight = VOP(loadu)(in->titleHeight + i);
    V spacing = VOP(loadu)(in->spacing + i), displayScale = VOP(loadu)(in->scale + i);
    V placement = loadBytes(in->placement + i), direction = loadBytes(in->direction + i), mode = loadBytes(in->mode + i);

    V isFit = eq(mode, splat(FIT)), isRightToLeft = eq(direction, splat(RTL));
    V leftInset, rightInset;
    swapped(insetLeading, insetTrailing, isRightToLeft, &leftInset, &rightInset);
    V contentWidth = VOP(sub)(VOP(sub)(width, leftInset), rightInset);
    V contentHeight = VOP(sub)(VOP(sub)(height, insetTop), insetBottom);
    contentWidth = replacing(contentWidth, vmax(zero, VOP(sub)(width, VOP(add)(insetLeading, insetTrailing))), isFit);
    V fitFloor = replacing(splat(-INFINITY), zero, isFit);
    contentHeight = vmax(fitFloor, contentHeight);
    V imageIsPresent = VOP(and)(gt(imageWidth, zero), gt(imageHeight, zero));
    V titleIsPresent = VOP(and)(gt(titleWidth, zero), gt(titleHeight, zero));
    V dropImage = VOP(andnot)(imageIsPresent, isFit), dropTitle = VOP(andnot)(titleIsPresent, isFit);
    imageWidth = replacing(imageWidth, zero, dropImage); imageHeight = replacing(imageHeight, zero, dropImage);
    titleWidth = replacing(titleWidth, zero, dropTitle); titleHeight = replacing(titleHeight, zero, dropTitle);
    spacing = replacing(spacing, zero, VOP(or)(dropImage, dropTitle));

    V isHorizontal = VOP(or)(eq(placement, splat(LEADING)), eq(placement, splat(TRAILING)));
    V mainStart, crossStart, mainLength, crossLength, imageMain, imageCross, titleMain, titleCross;
    swapped(insetTop, leftInset, isHorizontal, &mainStart, &crossStart);
    swapped(contentHeight, contentWidth, isHorizontal, &mainLength, &crossLength);
    swapped(imageHeight, imageWidth, isHorizontal, &imageMain, &imageCross);
    swapped(titleHeight, titleWidth, isHorizontal, &titleMain, &titleCross);

    V fitCeiling = replacing(splat(INFINITY), crossLength, isFit);
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
    VOP(storeu)(out->imageW + i, iw); VOP(storeu)(out->imageH + i, ih);
    VOP(storeu)(out->titleX + i, tx); VOP(storeu)(out->titleY + i, ty);
    VOP(storeu)(out->titleW + i, tw); VOP(storeu)(out->titleH + i, th);
}

// Whether every value of a column lies in lower...upper (NaN does not), four vectors per test.
__attribute__((target("avx2"))) static int columnIsValid(const T *p, size_t n, T lower, T upper) {
    V lo = splat(lower), hi = splat(upper);
    for (size_t i = 0; i < n; i += 4 * LANES) {
        V ok = splat(-0.0);
        for (int k = 0; k < 4; k++) {
            V v = VOP(loadu)(p + i + LANES * k);
            ok = VOP(and)(ok, VOP(and)(VOP(cmp)(v, lo, _CMP_GE_OQ), VOP(cmp)(v, hi, _CMP_LE_OQ)));
        }
        if (VOP(movemask)(ok) != ALL_LANES) return 0;
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
    T *lengths[] = { in->width, in->height, in->top, in->leading, in->bottom, in->trailing,
                         in->imageWidth, in->imageHeight, in->titleWidth, in->titleHeight, in->spacing };
    for (int c = 0; c < 11; c++) if (!columnIsValid(lengths[c], n, 0, maximumLength)) return 0;
    return columnIsValid(in->scale, n, 0, maximumScale) && bytesAreValid(in->placement, n, 4)
        && bytesAreValid(in->direction, n, 2) && bytesAreValid(in->mode, n, 2);
}

static void kernel(const Inputs *in, const Outputs *out, size_t n) {
    for (size_t i = 0; i < n; i += LANES) laneGroup(in, out, i);
}

// MARK: - Inputs, checking, timing

static uint64_t state = 42;
static uint64_t next(void) {  // SplitMix64
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull; z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static T grid(unsigned limit) { return (T)(next() % (16 * limit)) / 16; }  // 1/16 pt steps

// Columns on their own pages, each `column * 272` bytes further in (mod 4 KiB), so that they
// do not all share the same L1 sets (Docs/Performance.md, "Column placement").
static void *column(size_t bytes) {
    static unsigned count = 0;
    char *base = aligned_alloc(4096, bytes + 4096);
    return base + (count++ * 272) % 4096;
}

static Inputs inputsOf(size_t n) {
    Inputs in;
    T **f[] = { &in.width, &in.height, &in.top, &in.leading, &in.bottom, &in.trailing,
                    &in.imageWidth, &in.imageHeight, &in.titleWidth, &in.titleHeight, &in.spacing, &in.scale };
    for (int c = 0; c < 12; c++) *f[c] = column(n * sizeof(T));
    in.placement = column(n); in.direction = column(n); in.mode = column(n);
    for (size_t i = 0; i < n; i++) {
        in.width[i] = grid(320); in.height[i] = grid(80);
        in.top[i] = grid(12); in.leading[i] = grid(16); in.bottom[i] = grid(12); in.trailing[i] = grid(16);
        in.imageWidth[i] = next() % 8 ? grid(48) : 0; in.imageHeight[i] = grid(48);
        in.titleWidth[i] = next() % 8 ? grid(200) : 0; in.titleHeight[i] = grid(30);
        in.spacing[i] = grid(12); in.scale[i] = (T)(next() % 4);
        in.placement[i] = next() % 4; in.direction[i] = next() % 2; in.mode[i] = next() % 2;
    }
    return in;
}
static Outputs outputsOf(size_t n) {
    Outputs o;
    T **f[] = { &o.imageX, &o.imageY, &o.imageW, &o.imageH, &o.titleX, &o.titleY, &o.titleW, &o.titleH };
    for (int c = 0; c < 8; c++) *f[c] = column(n * sizeof(T));
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
static volatile T sink;

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
        T *a[] = { ref.imageX, ref.imageY, ref.imageW, ref.imageH, ref.titleX, ref.titleY, ref.titleW, ref.titleH };
        T *b[] = { out.imageX, out.imageY, out.imageW, out.imageH, out.titleX, out.titleY, out.titleW, out.titleH };
        for (int c = 0; c < 8; c++) {
            if (memcmp(a[c], b[c], pool * sizeof(T)) != 0) {
                for (size_t i = 0; i < pool; i++) if (memcmp(a[c] + i, b[c] + i, sizeof(T))) {
                    printf("MISMATCH column %d control %zu: reference %a, kernel %a\n", c, i, (double)a[c][i], (double)b[c][i]);
                    return 1;
                }
            }
        }
        if (!validate(&in, pool)) { puts("validation refused valid input"); return 1; }
        printf("%s: bit-identical to the reference on %zu controls\n", PRECISION, pool);
        measure("reference (C)", REFERENCE, in, out, pool, n);
        measure("kernel", KERNEL, in, out, pool, n);
        measure("kernel+validate", CHECKED_KERNEL, in, out, pool, n);
    }
    return 0;
}
