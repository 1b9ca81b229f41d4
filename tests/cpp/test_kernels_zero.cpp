// Zero-size outputs (issue 4): an output with zero elements is never read-only-violating, whatever
// its strides (a zero-size View has all-zero strides, broadcast-looking) or mask. Every kernel must
// accept it, return ok and write nothing, under every SIMD mode and every dtype.
#include "test_kernels_util.hpp"

using namespace kt;

namespace {

struct ZeroCase {
  Dims shape;
  Dims strides;
  Mask mask;
};

// Zero-size shapes with strides that would be refused on a non-empty output (stride 0 on dims of
// size > 1), negative and large strides, and masks (padded outputs) including empty ranges.
std::vector<ZeroCase> zero_cases() {
  std::vector<ZeroCase> out;
  const std::vector<Dims> shapes = {{0}, {0, 3}, {3, 0}, {2, 0, 4}, {5, 7, 0}, {0, 0}, {1, 0, 1}};
  for (const Dims& s : shapes) {
    const size_t r = s.size();
    out.push_back({s, Dims(r, 0), {}});  // what View gives a zero-size shape
    Dims neg(r), big(r), mixed(r);
    for (size_t d = 0; d < r; ++d) {
      neg[d] = -static_cast<int64_t>(d + 1);
      big[d] = int64_t{1} << (20 + d);
      mixed[d] = d % 2 ? 0 : 3;
    }
    out.push_back({s, neg, {}});
    out.push_back({s, big, {}});
    out.push_back({s, mixed, {}});
    Mask m(r), full(r);
    for (size_t d = 0; d < r; ++d) {
      m[d] = {s[d] > 1 ? 1 : 0, s[d]};
      full[d] = {0, s[d]};
    }
    out.push_back({s, Dims(r, 0), m});
    out.push_back({s, mixed, full});
  }
  return out;
}

// Guarded storage that no kernel may touch: the zero-size operand's base points into it.
struct Guard {
  std::vector<unsigned char> bytes = std::vector<unsigned char>(256, 0xA5);
  void* base() { return bytes.data() + 128; }
  bool untouched() const {
    for (unsigned char b : bytes) {
      if (b != 0xA5) return false;
    }
    return true;
  }
};

Operand zero_out(Guard& g, const ZeroCase& c, DType t, bool null_base) {
  Operand o;
  o.base = null_base ? nullptr : g.base();
  o.layout.shape = c.shape;
  o.layout.strides = c.strides;
  o.layout.mask = c.mask;
  o.dtype = t;
  return o;
}

// An input of the same (zero-size) shape, contiguous-looking.
Operand zero_in(Guard& g, const Dims& shape, DType t) {
  Operand o;
  o.base = g.base();
  o.layout.shape = shape;
  o.layout.strides.assign(shape.size(), 1);
  o.dtype = t;
  return o;
}

}  // namespace

TEST_CASE("zero-size outputs: every kernel accepts any strides or mask and writes nothing",
          "[kernels][zero]") {
  int checked = 0;
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    for (const ZeroCase& c : zero_cases()) {
      for (DType t : kAllDTypes) {
        for (bool null_base : {false, true}) {
          INFO("shape " << str(c.shape) << " strides " << str(c.strides) << " mask "
                        << (c.mask.empty() ? std::string("none") : mask_to_string(c.mask))
                        << " dtype " << dtype_name(t) << " simd " << simd << " null "
                        << null_base);
          Guard go, gi;
          const Operand out = zero_out(go, c, t, null_base);
          const Operand in = zero_in(gi, c.shape, t);
          Status s = copy(out, in, 1.0);
          CHECK(s.ok());
          if (!s.ok()) FAIL_CHECK(s.error().message);
          // A broadcast (stride 0) source of another dtype.
          Operand bsrc = in;
          bsrc.dtype = DType::float64;
          bsrc.layout.strides.assign(c.shape.size(), 0);
          CHECK(copy(out, bsrc, 0.0).ok());
          if (t != DType::bool_) {
            CHECK(binary(BinaryOp::add, out, in, in).ok());
            CHECK(unary(UnaryOp::neg, out, in).ok());
          }
          Operand bout = out;
          bout.dtype = DType::bool_;
          CHECK(binary(BinaryOp::lt, bout, in, in).ok());
          CHECK(where(out, zero_in(gi, c.shape, DType::bool_), in, in).ok());
          CHECK(go.untouched());
          CHECK(gi.untouched());
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("zero-size reduction outputs: any strides or mask, nothing written", "[kernels][zero]") {
  // in shape -> axes mask -> keepdims out shape with a zero.
  struct R {
    Dims in;
    uint64_t axes;
  };
  const std::vector<R> rs = {{{0, 4}, 2}, {{4, 0}, 1}, {{2, 0, 3}, 1}, {{2, 0, 3}, 5}, {{0}, 0}};
  for (bool simd : simd_modes()) {
    SimdScope scope(simd);
    for (const R& r : rs) {
      Dims oshape = r.in;
      for (size_t d = 0; d < oshape.size(); ++d) {
        if ((r.axes >> d) & 1u) oshape[d] = 1;
      }
      for (DType t : kAllDTypes) {
        for (ReduceOp op : {ReduceOp::sum, ReduceOp::max, ReduceOp::min, ReduceOp::mean}) {
          const bool to_bool_sum = t == DType::bool_ && (op == ReduceOp::sum || op == ReduceOp::mean);
          if (to_bool_sum) continue;  // a bool sum output is a type_error, size or not
          for (int variant = 0; variant < 3; ++variant) {
            Guard go, gi;
            Operand out;
            out.base = go.base();
            out.dtype = t;
            out.layout.shape = oshape;
            out.layout.strides.assign(oshape.size(), variant == 1 ? -5 : 0);
            if (variant == 2) {
              for (int64_t s : oshape) out.layout.mask.push_back({0, s});
            }
            const Operand in = zero_in(gi, r.in, t);
            INFO("in " << str(r.in) << " axes " << r.axes << " out " << str(oshape) << " dtype "
                       << dtype_name(t) << " op " << static_cast<int>(op) << " variant "
                       << variant << " simd " << simd);
            Status s = reduce(op, out, in, r.axes);
            CHECK(s.ok());
            if (!s.ok()) FAIL_CHECK(s.error().message);
            CHECK(go.untouched());
          }
        }
      }
    }
  }
}

TEST_CASE("non-empty outputs with stride 0 or a mask are still read_only", "[kernels][zero]") {
  Guard g;
  Operand out;
  out.base = g.base();
  out.dtype = DType::float32;
  out.layout.shape = {2, 3};
  out.layout.strides = {0, 1};
  Operand in = zero_in(g, {2, 3}, DType::float32);
  in.layout.strides = {3, 1};
  Status s = copy(out, in, 0.0);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().code == Code::read_only);
  CHECK(s.error().message.find("copy: dst has stride 0 on dim 0 of size 2") == 0);
  out.layout.strides = {3, 1};
  out.layout.mask = {{0, 2}, {1, 3}};
  s = binary(BinaryOp::add, out, in, in);
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().code == Code::read_only);
  CHECK(s.error().message.find("binary add: out is masked") == 0);
  CHECK(g.untouched());
}
