// The distributions of numpy.random.Generator, draw for draw: the same calls on the bit generator
// in the same order, so that one seed gives NumPy's numbers bit for bit. Each fill writes n
// contiguous elements.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pcg64.hpp"

namespace sv::random {

void fill_random(Pcg64& g, double* out, size_t n);                      // [0, 1), 53 bits
void fill_random(Pcg64& g, float* out, size_t n);                       // [0, 1), 24 bits
void fill_uniform(Pcg64& g, double* out, size_t n, double low, double range);
void fill_standard_normal(Pcg64& g, double* out, size_t n);             // ziggurat, 64-bit draws
void fill_standard_normal(Pcg64& g, float* out, size_t n);              // ziggurat, 32-bit draws
void fill_normal(Pcg64& g, double* out, size_t n, double loc, double scale);

// integers(): off + a value in [0, rng] (closed), for elements of `bytes` bytes (1, 2, 4, 8; bool
// when is_bool). Lemire's multiply-shift rejection; 8- and 16-bit values share buffered 32-bit
// draws within one call, as NumPy's fills do.
void fill_bounded(Pcg64& g, void* out, size_t n, int bytes, bool is_bool, uint64_t off, uint64_t rng);

// A value in [0, max] by masked rejection on 32-bit (max < 2^32) or 64-bit draws.
uint64_t random_interval(Pcg64& g, uint64_t max);

// Fisher-Yates over n items of itemsize (<= 16) bytes, stride bytes apart (any sign), as Generator.shuffle.
void shuffle_raw(Pcg64& g, size_t n, size_t itemsize, ptrdiff_t stride, unsigned char* data);

// The order that shuffle() gives n items: out[k] = the old index of the item now at k.
void shuffle_order(Pcg64& g, size_t n, int64_t* out);

// choice() without replacement and without p: `size` distinct indices of [0, pop), NumPy's choice
// between a tail shuffle and Floyd's algorithm (then an optional shuffle). Returns false when
// memory for the work arrays is missing.
bool choice_distinct(Pcg64& g, uint64_t pop, uint64_t size, bool shuffle, int64_t* out);

// choice() with probabilities p[0, pop) (validated by the caller): with replacement, n draws by
// inverse CDF; without replacement, NumPy's redraw-and-deduplicate loop. false when out of memory.
bool choice_weighted(Pcg64& g, const double* p, size_t pop, size_t n, int64_t* out);
bool choice_weighted_distinct(Pcg64& g, const double* p, size_t pop, size_t n, int64_t* out);

}  // namespace sv::random
