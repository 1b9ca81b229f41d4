// NumPy's SeedSequence (O'Neill's seed_seq design, pool of 4 uint32 words): mixes any number of
// 32-bit entropy words into a pool, then generates state words from it.
#pragma once
#include <cstddef>
#include <cstdint>

#include "pcg64.hpp"

namespace sv::random {

// Fills out[0, n_words) (uint32) from the entropy words (the seed's 32-bit words, least
// significant first, already concatenated as NumPy's _coerce_to_uint32_array does).
void seed_sequence_generate(const uint32_t* entropy, size_t n_entropy, uint32_t* out, size_t n_words);

// PCG64 seeded as numpy.random.PCG64(seed) with the seed given as entropy words.
Pcg64 pcg64_from_entropy(const uint32_t* entropy, size_t n_entropy);

// PCG64 seeded from a seed sequence's first 8 state words (generate_state(4, uint64) as uint32
// pairs, low word first): numpy.random.PCG64(seed_sequence).
Pcg64 pcg64_from_words(const uint32_t* w);

}  // namespace sv::random
