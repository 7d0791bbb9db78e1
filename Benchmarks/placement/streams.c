// Why the kernels slow down on columns that start at one page offset: a microbenchmark that
// tells the two candidate mechanisms apart (Docs/Performance.md, "Column placement").
//
// The button `Float` kernel walks 15 input and 8 output columns in lockstep. When glibc maps
// each column on pages of its own, all 23 start 48 bytes into a page, so the 23 cache lines
// it touches at any moment have the same page offset. Two things could make that slow:
//  - 4K aliasing: a load whose address matches an earlier store's in the low 12 bits is held
//    back as if it depended on it. That needs stores.
//  - L1 set conflicts: the line's set in a 32 KiB, 8-way L1 cache is given by address bits
//    6-11, so lines at one page offset all go to one set, and more than 8 streams evict one
//    another's lines (and the prefetcher's) before they are used. That needs no stores.
// So the program times K input streams summed lane by lane (SSE, 4 floats per step, as the
// kernel's lanes) and stored into M output streams, with every stream on its own mapping at
// the same page offset ("same") or staggered by 320 bytes (5 lines) per stream ("staggered").
// If read-only sweeps (M = 0) slow down once K passes 8, the cause is set conflicts.
//
// Build and run with the toolchain's clang (no other dependency):
//   clang -O2 -o /tmp/streams Benchmarks/placement/streams.c && /tmp/streams
// or one case: /tmp/streams K M STAGGER_BYTES ELEMENTS   (e.g. /tmp/streams 15 8 0 16384)
// Prints ns per element (per control, for the kernel's columns): the best of 7 sweeps of
// about 64 Mi elements each.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <xmmintrin.h>

enum { maxStreams = 32, sweeps = 7 };

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

// Best ns per element of `inputs` input and `outputs` output streams of `count` floats,
// stream c starting 48 + (stagger * c) % 4096 bytes into its own mapping.
static double measure(int inputs, int outputs, long stagger, long count) {
    float *in[maxStreams], *out[maxStreams];
    void *mappings[2 * maxStreams];
    size_t bytes = (size_t)count * sizeof(float) + 8192;
    for (int c = 0; c < inputs + outputs; c++) {
        char *page = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (page == MAP_FAILED) { perror("mmap"); exit(1); }
        memset(page, 0, bytes);
        mappings[c] = page;
        float *stream = (float *)(page + 48 + (stagger * c) % 4096);
        if (c < inputs) in[c] = stream; else out[c - inputs] = stream;
    }
    for (int c = 0; c < inputs; c++)
        for (long i = 0; i < count; i++) in[c][i] = (float)(i % 7);
    long repeats = (64L << 20) / count;
    if (repeats < 1) repeats = 1;
    double best = 1e30;
    volatile float sink = 0;
    for (int sweep = 0; sweep < sweeps; sweep++) {
        double start = seconds();
        __m128 check = _mm_setzero_ps();
        for (long r = 0; r < repeats; r++) {
            for (long i = 0; i < count; i += 4) {
                __m128 sum = _mm_loadu_ps(in[0] + i);
                for (int c = 1; c < inputs; c++) sum = _mm_add_ps(sum, _mm_loadu_ps(in[c] + i));
                for (int c = 0; c < outputs; c++) _mm_storeu_ps(out[c] + i, sum);
                check = _mm_add_ps(check, sum);  // keeps read-only sweeps from being dropped
            }
        }
        double elapsed = (seconds() - start) / ((double)repeats * (double)count);
        if (elapsed < best) best = elapsed;
        sink += _mm_cvtss_f32(check);
    }
    for (int c = 0; c < inputs + outputs; c++) munmap(mappings[c], bytes);
    return best * 1e9;
}

int main(int argc, char **argv) {
    if (argc == 5) {
        int inputs = atoi(argv[1]), outputs = atoi(argv[2]);
        if (inputs < 1 || inputs > maxStreams || outputs < 0 || outputs > maxStreams) {
            fprintf(stderr, "streams: K must be 1...%d and M 0...%d\n", maxStreams, maxStreams);
            return 2;
        }
        long stagger = atol(argv[3]), count = atol(argv[4]) / 4 * 4;
        if (count < 4) { fprintf(stderr, "streams: ELEMENTS must be at least 4\n"); return 2; }
        printf("%d inputs, %d outputs, stagger %ld bytes, %ld elements: %.3f ns/element\n",
               inputs, outputs, stagger, count, measure(inputs, outputs, stagger, count));
        return 0;
    }
    if (argc != 1) {
        fprintf(stderr, "usage: streams [K M STAGGER_BYTES ELEMENTS]\n");
        return 2;
    }
    // The sweep: read-only streams around the 8 ways, then the button kernel's 15 + 8, at
    // 16K elements (columns in L2/L3) and 4M (in memory).
    static const int cases[][2] = {{4, 0}, {8, 0}, {9, 0}, {12, 0}, {15, 0}, {4, 4}, {1, 8}, {15, 8}};
    static const long counts[] = {16384, 4194304};
    printf("| inputs | outputs | elements | same offset (ns/element) | staggered 320 B (ns/element) | ratio |\n");
    printf("|---:|---:|---:|---:|---:|---:|\n");
    for (size_t n = 0; n < sizeof counts / sizeof counts[0]; n++) {
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            double same = measure(cases[k][0], cases[k][1], 0, counts[n]);
            double staggered = measure(cases[k][0], cases[k][1], 320, counts[n]);
            printf("| %d | %d | %ld | %.3f | %.3f | %.2fx |\n",
                   cases[k][0], cases[k][1], counts[n], same, staggered, same / staggered);
            fflush(stdout);
        }
    }
    return 0;
}
