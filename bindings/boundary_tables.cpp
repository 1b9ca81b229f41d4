// The wasm module's own copy of the cross-language tables (core/boundary_tables.hpp, generated
// from core/boundary_tables.json), for tests/js/tables.test.mjs: it compares them with the
// TypeScript module generated from the same source, so a module built from a different table
// than the TypeScript layer fails there. One plain export, about 0.3 KB of wasm.
#include <emscripten/emscripten.h>

#include <cmath>

#include "core/boundary_tables.hpp"

// table < 0: the FNV-1a hash of the source; index < 0: the number of entries of table `table`;
// otherwise the value of entry `index` (source order). NaN outside the tables.
extern "C" EMSCRIPTEN_KEEPALIVE double sv_table_value(int table, int index) {
  if (table < 0) return static_cast<double>(sv::tables::kSourceHash);
  if (table >= sv::tables::kNumTables) return NAN;
  const sv::tables::Table& t = sv::tables::kTables[table];
  if (index < 0) return t.size;
  return index < t.size ? t.values[index] : NAN;
}
