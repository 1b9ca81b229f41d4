// The wasm module's own copy of the cross-language tables (core/boundary_tables.hpp, generated
// from core/boundary_tables.json), for tests/js/tables.test.mjs: it compares them with the
// TypeScript module generated from the same source, so a module built from a different table
// than the TypeScript layer fails there. One plain export over one flat int16 array (the values
// of every table, then where each table starts), computed at compile time: about 0.3 KB gzipped.
#include <emscripten/emscripten.h>

#include <cmath>
#include <cstdint>

#include "core/boundary_tables.hpp"

namespace {

namespace t = sv::tables;

constexpr int kTotal = [] {
  int n = 0;
  for (const t::Table& x : t::kTables) n += x.size;
  return n;
}();

struct Flat {
  int16_t start[t::kNumTables + 1];  // table i is values[start[i], start[i + 1])
  int16_t values[kTotal];
};

constexpr Flat kFlat = [] {
  Flat f{};
  int k = 0;
  for (int i = 0; i < t::kNumTables; ++i) {
    f.start[i] = static_cast<int16_t>(k);
    for (int j = 0; j < t::kTables[i].size; ++j) f.values[k++] = t::kTables[i].values[j];
  }
  f.start[t::kNumTables] = static_cast<int16_t>(k);
  return f;
}();

}  // namespace

// table < 0: the FNV-1a hash of the source; index < 0: the number of entries of table `table`;
// otherwise the value of entry `index` (source order). NaN outside the tables.
extern "C" EMSCRIPTEN_KEEPALIVE double sv_table_value(int table, int index) {
  if (table < 0) return static_cast<double>(t::kSourceHash);
  if (table >= t::kNumTables) return NAN;
  const int begin = kFlat.start[table], size = kFlat.start[table + 1] - begin;
  if (index < 0) return size;
  return index < size ? kFlat.values[begin + index] : NAN;
}
