// copy(): materialize / assign with cast; masked-out source elements write the fill value.
#include <cmath>
#include <cstring>

#include "kernels/internal.hpp"
#include "kernels/rows.hpp"

namespace sv::kernels {
namespace {

using detail::Buffer;

// rows::copy_raw as a StridedRowFn (the ragged edges of the fused transposing copy).
template <class E>
void copy_row(void* d, int64_t ds, const void* s, int64_t ss, int64_t n) {
  rows::copy_raw<E>(static_cast<E*>(d), ds, static_cast<const E*>(s), ss, n);
}

template <class E>
SV_LOOP_FN void run_copy_raw(const Plan& p) {
  const int L = p.last();
  const int64_t ds = p.stride[0][L], ss = p.stride[1][L], n = p.shape[L];
  // A transpose: the destination streams along the last dim but the source jumps. If the source
  // streams along another dim, walk the pair in 2-D tiles, transposed straight into the destination
  // (staging them first, as tiles::walk does for the other kernels, measured slower for a plain
  // copy: 0.21-0.40 of memcpy against 0.42-0.50).
  if (p.ndim >= 2 && ds == 1 && ss != 0 && ss != 1 && ss != -1) {
    int t = -1;
    int64_t best = ss < 0 ? -ss : ss;
    for (int d = 0; d < L; ++d) {
      const int64_t a = p.stride[1][d] < 0 ? -p.stride[1][d] : p.stride[1][d];
      if (a != 0 && a < best && p.shape[d] >= 4) {
        best = a;
        t = d;
      }
    }
    if (t >= 0) {
      Plan q = p;
      q.move_to_second_last(t);
      const int T = q.ndim - 2;
      const int64_t r = q.shape[T], dd = q.stride[0][T], si = q.stride[1][T];
      // 4-byte elements with source rows over 1 KiB apart (a 4096x4096 float32 transpose): the
      // fused map's tile loop (256 x 16-element blocks) with the lanes unchanged. Against the
      // 128 x 16 blocks of rows::copy_2d, standalone (CPU time, load 1-5, interleaved): 0.56-0.58
      // of memcpy against 0.50-0.51 (12.0-12.5 against 13.4-14.3 ms at every src/dst offset
      // tried); 512 rows 0.57, 1024 0.47, 32 columns 0.38. In the package (old and new builds
      // interleaved, load 5): 14.85 -> 13.85 ms median for float32, int32 unchanged within noise.
      const bool fused = sizeof(E) == 4 && si == 1 && (ss < 0 ? -ss : ss) * 4 > 1024;
      for_each_outer(q, 2, [&](char** ptr) {
        if (fused && detail::transposed_map(4, 4, LaneMap::copy, &copy_row<uint32_t>, ptr[0], dd,
                                            ptr[1], ss, r, n)) {
          return;
        }
        rows::copy_2d<E>(reinterpret_cast<E*>(ptr[0]), dd, reinterpret_cast<const E*>(ptr[1]), si,
                         ss, r, n);
      });
      return;
    }
  }
  // A flip of the inner dim (source stride -1): rows reversed four at a time (rows::reverse_rows4,
  // four descending streams in flight), when rows hold at least a few vectors.
  if (p.ndim >= 2 && ds == 1 && ss == -1 && n * static_cast<int64_t>(sizeof(E)) >= 64) {
    const int R = L - 1;
    const int64_t r = p.shape[R], dd = p.stride[0][R], sd = p.stride[1][R];
    for_each_outer(p, 2, [&](char** ptr) {
      E* d = reinterpret_cast<E*>(ptr[0]);
      const E* s = reinterpret_cast<const E*>(ptr[1]);
      int64_t k = 0;
      for (; k + 4 <= r; k += 4) rows::reverse_rows4<E>(d + k * dd, dd, s + k * sd, sd, n);
      for (; k < r; ++k) rows::copy_raw<E>(d + k * dd, 1, s + k * sd, -1, n);
    });
    return;
  }
  for_each_outer(p, 1, [&](char** ptr) {
    rows::copy_raw<E>(reinterpret_cast<E*>(ptr[0]), ds, reinterpret_cast<const E*>(ptr[1]), ss, n);
  });
}

void run_copy_same(const Plan& p, int64_t esize) {
  switch (esize) {
    case 1:
      return run_copy_raw<uint8_t>(p);
    case 2:
      return run_copy_raw<uint16_t>(p);
    case 4:
      return run_copy_raw<uint32_t>(p);
    case 8:
      return run_copy_raw<uint64_t>(p);
    default:  // complex128 (its padding's fill; copies of whole elements go as pairs of 8 bytes)
      {
        const int L = p.last();
        const int64_t ds = p.stride[0][L], ss = p.stride[1][L], n = p.shape[L];
        for_each_outer(p, 1, [&](char** ptr) {
          auto* d = reinterpret_cast<detail::Raw16*>(ptr[0]);
          const auto* s = reinterpret_cast<const detail::Raw16*>(ptr[1]);
          for (int64_t i = 0; i < n; ++i) d[i * ds] = s[i * ss];
        });
      }
  }
}

// Any dtype pair through one loop: the caster picks a direct loop or the wide intermediate.
// A transposed source: the fused register-tile loop when the dtype pair has one (tfn).
SV_LOOP_FN void run_copy_cast(const Plan& p, const detail::Caster& c,
                              detail::TransposedMapFn tfn) {
  if (tfn && tiles::for_each_transposed_block(
                 p, [&](char* d, int64_t dd, const char* s, int64_t sj, int64_t r, int64_t n) {
                   return tfn(d, dd, s, sj, r, n);
                 })) {
    return;
  }
  tiles::for_each_row(p, 1, [&](char* const* ptr, const int64_t* st, int64_t n) {
    detail::cast_row(c, ptr[0], st[0], ptr[1], st[1], n);
  });
}

}  // namespace

namespace detail {
bool transposed_map(int es, int eo, LaneMap k, StridedRowFn row, void* d, int64_t dd,
                    const void* s, int64_t sj, int64_t r, int64_t c) {
#ifdef __wasm_simd128__
  if (!use_simd()) return false;
  const int64_t L = 16 / es, rv = r - r % L, cv = c - c % L;
  char* dp = static_cast<char*>(d);
  const char* sp = static_cast<const char*>(s);
  if (es == 4 && eo == 4) {
    simd::transposed_tiles<4, 4>(k, dp, dd, sp, sj, rv, cv);
  } else if (es == 8 && eo == 8) {
    simd::transposed_tiles<8, 8>(k, dp, dd, sp, sj, rv, cv);
  } else if (es == 4) {
    simd::transposed_tiles<4, 8>(k, dp, dd, sp, sj, rv, cv);
  } else {
    simd::transposed_tiles<8, 4>(k, dp, dd, sp, sj, rv, cv);
  }
  // The ragged columns of the tiled rows (destination column j, source row j), then the ragged
  // rows (destination row i, a strided source).
  for (int64_t j = cv; j < c; ++j) row(dp + j * eo, dd, sp + j * sj * es, 1, rv);
  for (int64_t i = rv; i < r; ++i) row(dp + i * dd * eo, 1, sp + i * es, sj, c);
  return true;
#else
  (void)es, (void)eo, (void)k, (void)row, (void)d, (void)dd, (void)s, (void)sj, (void)r, (void)c;
  return false;
#endif
}

// The stage fill behind tiles::walk (rows.hpp): rows::stage_2d is instantiated only here.
void stage_2d_raw(int64_t esize, void* d, int64_t dp, const void* s, int64_t si, int64_t sj,
                  int64_t r, int64_t c) {
  switch (esize) {
    case 1:
      return rows::stage_2d<uint8_t>(static_cast<uint8_t*>(d), dp, static_cast<const uint8_t*>(s),
                                     si, sj, r, c);
    case 2:
      return rows::stage_2d<uint16_t>(static_cast<uint16_t*>(d), dp,
                                      static_cast<const uint16_t*>(s), si, sj, r, c);
    case 4:
      return rows::stage_2d<uint32_t>(static_cast<uint32_t*>(d), dp,
                                      static_cast<const uint32_t*>(s), si, sj, r, c);
    case 8:
      return rows::stage_2d<uint64_t>(static_cast<uint64_t*>(d), dp,
                                      static_cast<const uint64_t*>(s), si, sj, r, c);
    default:  // complex128 (a cast's transposed source)
      return scalar::stage_2d<Raw16>(static_cast<Raw16*>(d), dp, static_cast<const Raw16*>(s), si,
                                     sj, r, c);
  }
}

}  // namespace detail

Status copy(const Operand& dst, const Operand& src, double fill) {
  SV_CHECK(detail::check_operand("copy", "dst", dst));
  SV_CHECK(detail::check_operand("copy", "src", src));
  SV_CHECK(detail::check_same_shape("copy", "dst", dst, "src", src));
  SV_CHECK(detail::check_writable("copy", "dst", dst));
  if (detail::numel_of(dst.layout.shape) == 0) return ok_status();

  if (detail::overlaps(dst, src)) {
    if (dst.dtype == src.dtype && !src.layout.has_mask() && detail::same_addressing(dst, src)) {
      return ok_status();  // every element onto itself
    }
    if (!detail::same_addressing(dst, src)) {
      // Read src completely first: into a temporary of dst's dtype (fill converted once, as in
      // the direct path), then a same-dtype copy.
      Buffer buf;
      Operand tmp;
      tmp.dtype = dst.dtype;
      tmp.layout = detail::contiguous_layout(dst.layout.shape);
      SV_CHECK(buf.allocate("copy", detail::numel_of(dst.layout.shape) *
                                        static_cast<int64_t>(dtype_size(dst.dtype))));
      tmp.base = buf.data();
      SV_CHECK(copy(tmp, src, fill));
      return copy(dst, tmp, 0.0);
    }
  }

  // complex128 onto complex128 without a fill to write: the elements as pairs of 8-byte words (the
  // SIMD row, tile and flip loops of uint64). A nonzero fill is (fill, 0), not a pair of fills: the
  // region loop below writes it.
  if (dst.dtype == DType::complex128 && src.dtype == DType::complex128 &&
      (!src.layout.has_mask() || (fill == 0.0 && !std::signbit(fill)))) {
    Operand d2 = dst, s2 = src;
    d2.layout = detail::pair_layout(dst.layout);
    s2.layout = detail::pair_layout(src.layout);
    d2.dtype = s2.dtype = DType::uint64;
    return copy(d2, s2, 0.0);
  }

  // The fill is a value of src (a padded element reads it in src's dtype): converted to dst's
  // dtype as every element is (int8 -3 into uint8 is 253, as NumPy casts the materialised view).
  alignas(16) unsigned char src_fill[16] = {}, fill_value[16] = {};
  visit_dtype_all(src.dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = from_double<T>(fill);
    std::memcpy(src_fill, &v, sizeof(T));
  });
  const int64_t de = static_cast<int64_t>(dtype_size(dst.dtype));
  const int64_t se = static_cast<int64_t>(dtype_size(src.dtype));
  OpDesc ops[2];
  ops[0] = {static_cast<char*>(dst.base), &dst.layout, de, nullptr};
  ops[1] = {static_cast<char*>(src.base), &src.layout, se, fill_value};
  const bool same = dst.dtype == src.dtype;
  detail::Caster caster;
  detail::TransposedMapFn tfn = nullptr;
  if (!same) {
    caster = detail::make_caster(dst.dtype, src.dtype);
    tfn = detail::cast_transposed_fn(dst.dtype, src.dtype);
    detail::cast_row(caster, fill_value, 1, src_fill, 1, 1);
  } else {
    std::memcpy(fill_value, src_fill, sizeof fill_value);
  }
  for_each_region(2, ops, 0, [&](const Plan& p, uint32_t invalid) {
    if (invalid & 2u) {
      run_copy_same(p, de);  // the fill value, already in dst's dtype, at stride 0
    } else if (same) {
      run_copy_same(p, de);
    } else {
      run_copy_cast(p, caster, tfn);
    }
  });
  return ok_status();
}

}  // namespace sv::kernels
