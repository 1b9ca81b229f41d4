// The cross-language tables (core/boundary_tables.hpp, generated from core/boundary_tables.json):
// the committed header matches its source, the values are what the wire protocol has always
// used, and the hand-written name functions of the core (code_name, dtype_name) agree with them.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "core/boundary_tables.hpp"
#include "core/result.hpp"
#include "kernels/kernels.hpp"
#include "kernels/numpy_ops.hpp"
#include "wire.hpp"

using namespace sv;

namespace {

// The repository root: this file is <root>/tests/cpp/test_tables.cpp.
std::string source_path() {
  std::string f = __FILE__;
  const std::string tail = "tests/cpp/test_tables.cpp";
  std::string root =
      f.size() >= tail.size() && f.compare(f.size() - tail.size(), tail.size(), tail) == 0
          ? f.substr(0, f.size() - tail.size())
          : std::string();
  return root + "src/core/boundary_tables.json";
}

uint32_t fnv1a(const std::string& s) {
  uint32_t h = 0x811c9dc5u;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x01000193u;
  }
  return h;
}

}  // namespace

// Spot checks against the values shipped before the tables were generated (a changed value
// breaks saved derivations and every built TypeScript layer).
static_assert(wire::kShapeNumel == 1 && wire::kSymBind == 20 && wire::kViewCreate == 40 &&
              wire::kViewSimplify == 57 && wire::kKernelGather == 85 && wire::kKernelRun == 86 &&
              wire::kKernelFft == 89);
static_assert(wire::kConst == 0 && wire::kNeg == 4 && wire::kAll == 3 && wire::kEllipsis == 6);
static_assert(wire::kCopy == 0 && wire::kMatmul == 14 && wire::kSearch == 15 &&
              wire::kPartition == 16 && wire::kKinds == 17);
static_assert(static_cast<int>(wire::PartitionOp::partition) == 0 &&
              static_cast<int>(wire::PartitionOp::argpartition) == 1);
static_assert(static_cast<int>(kernels::DType::bool_) == 10 &&
              static_cast<int>(kernels::DType::float16) == 11 &&
              static_cast<int>(kernels::DType::complex128) == 13 && kernels::kNumDTypes == 14);
static_assert(static_cast<int>(kernels::BinaryOp::eq) == 6 &&
              static_cast<int>(kernels::BinaryOp::ge) == 11);
static_assert(static_cast<int>(kernels::MathOp::logical_not) == 17);
static_assert(static_cast<int>(Code::type_error) == 12);

TEST_CASE("tables: the generated header matches boundary_tables.json", "[tables]") {
  std::ifstream in(source_path(), std::ios::binary);
  REQUIRE(in.good());
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  INFO("run `node scripts/gen-tables.mjs` after editing src/core/boundary_tables.json");
  CHECK(fnv1a(text) == tables::kSourceHash);
}

TEST_CASE("tables: names and values are unique within each table", "[tables]") {
  std::set<std::string> names;
  for (const tables::Table& t : tables::kTables) {
    INFO(t.name);
    CHECK(names.insert(t.name).second);
    CHECK(t.size > 0);
    std::set<int> values(t.values, t.values + t.size);
    CHECK(static_cast<int>(values.size()) == t.size);
  }
  CHECK(static_cast<int>(names.size()) == tables::kNumTables);
}

TEST_CASE("tables: code_name and dtype_name agree with the tables", "[tables]") {
  for (int i = 0; i < tables::kCodeCount; ++i) {
    const Code c = static_cast<Code>(tables::kCodeValues[i]);
    CHECK(std::string(code_name(c)) == tables::kCodeNames[i]);
  }
  for (int i = 0; i < tables::kDTypeCodeCount; ++i) {
    const int v = tables::kDTypeCodeValues[i];
    CHECK(kernels::is_valid_dtype(v));
    CHECK(std::string(kernels::dtype_name(static_cast<kernels::DType>(v))) ==
          tables::kDTypeCodeNames[i]);
  }
  CHECK_FALSE(kernels::is_valid_dtype(tables::kDTypeCodeCount));
}
