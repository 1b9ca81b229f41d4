// matmul(): a packed, cache-blocked GEMM in BLIS's loop order over strided / masked operands.
//
// For each block of NC columns of B and KC rows of B, the block of B is packed into NR-wide strips
// (contiguous, zero-padded); for each block of MC rows of A, the MC x KC block of A is packed into
// MR-tall strips; then a register-blocked MR x NR micro-kernel runs over every pair of strips and
// stores (first k block) or adds its tile into the output. Packing reads each operand through its
// strides and mask (masked-out elements and the padding past the edges are 0), so transposed,
// flipped, broadcast and padded views cost no more than contiguous ones beyond the packing itself.
//
// Size: three instantiations of the driver: float (4x8, SIMD128), double (4x4, SIMD128) and
// uint64 for every integer dtype and bool (products and sums wrap modulo 2^64, and the low bits
// are the dtype's wrapped result; bool stores `sum != 0`, the or of ands). Integer operands are
// widened to 64 bits and outputs narrowed through the casters of cast.cpp.
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "kernels/internal.hpp"
#include "kernels/lines.hpp"
#include "kernels/numpy_ops.hpp"
#ifdef __wasm_simd128__
#include "kernels/simd128/loops.hpp"
#include "kernels/simd128/matmul.hpp"
#include "kernels/simd128/pack.hpp"
#endif

namespace sv::kernels {
namespace {

std::string S(int64_t v) { return std::to_string(v); }

// One 2-D slice of an operand: element (r, c) at base + (off + r*rs + c*cs) * esize; valid for
// r in [r0, r1), c in [c0, c1) (an empty box when the whole slice is masked out).
struct Mat {
  char* base = nullptr;
  int64_t off = 0, rs = 0, cs = 0;
  int64_t r0 = 0, r1 = 0, c0 = 0, c1 = 0;
  int64_t esize = 1;
  char* at(int64_t r, int64_t c) const { return base + (off + r * rs + c * cs) * esize; }
};

// Bulk copies and zero fills. The shipped modules link the size-optimised libc (-Oz), whose
// memcpy and memset are several times slower than a SIMD128 loop (simd128/loops.hpp, copy_bytes):
// with them, packing and staging took half the time of a 64^3 product and a third of 256^3
// (bench/RESULTS.md, "Matmul"). The scalar build keeps libc.
inline void copy_n(void* d, const void* s, int64_t bytes) {
#ifdef __wasm_simd128__
  simd::copy_bytes(static_cast<char*>(d), static_cast<const char*>(s), bytes);
#else
  std::memcpy(d, s, static_cast<size_t>(bytes));
#endif
}

inline void zero_n(void* d, int64_t bytes) {
#ifdef __wasm_simd128__
  simd::zero_bytes(static_cast<char*>(d), bytes);
#else
  std::memset(d, 0, static_cast<size_t>(bytes));
#endif
}

// w[i] = element i of the strided line at p (stride s elements), as the panel type.
using LineFn = void (*)(void* w, const void* p, int64_t s, int64_t n);

template <class T>
SV_LOOP_FN void load_line(void* w, const void* p, int64_t s, int64_t n) {
  T* o = static_cast<T*>(w);
  const T* x = static_cast<const T*>(p);
  if (s == 1) {
    copy_n(o, x, n * static_cast<int64_t>(sizeof(T)));
    return;
  }
  for (int64_t i = 0; i < n; ++i) o[i] = x[i * s];
}

inline int64_t iabs(int64_t v) { return v < 0 ? -v : v; }

// d[0, R) = s[0, R): one depth of one strip (R * sizeof(W) bytes, a multiple of 16 here).
template <class W, int R>
inline void copy_strip(W* d, const W* s) {
#ifdef __wasm_simd128__
  static_assert(R * sizeof(W) % 16 == 0);
  simd::copy_blocks16<static_cast<int>(R * sizeof(W) / 16)>(d, s);
#else
  for (int i = 0; i < R; ++i) d[i] = s[i];
#endif
}


// Packs lines [line0, line0 + nl) x depths [depth0, depth0 + nd) of x (lines = x's rows) as
// panel[(l / R) * R * nd + d * R + l % R]; lines up to nl rounded up to R, and every element
// outside x's valid box, are 0. Reads x along whichever of its dims has the smaller stride. raw:
// x's elements are of type W (the float paths), so contiguous runs can be copied as they are.
template <class W, int R>
SV_LOOP_FN void pack(W* panel, W* tmp, const Mat& x, LineFn load, bool raw, int64_t line0,
                     int64_t nl, int64_t depth0, int64_t nd) {
  const int64_t nlr = (nl + R - 1) / R * R;
  const int64_t la = std::max(line0, x.r0), lb = std::min(line0 + nl, x.r1);
  const int64_t da = std::max(depth0, x.c0), db = std::min(depth0 + nd, x.c1);
  const int64_t strip = R * nd;
  if (la == line0 && lb == line0 + nl && da == depth0 && db == depth0 + nd) {
    // Every element of the block is written below: only the padding lines of a partial last strip
    // need zeros.
    if (nlr != nl) zero_n(panel + (nlr - R) * nd, strip * static_cast<int64_t>(sizeof(W)));
  } else {
    zero_n(panel, nlr * nd * static_cast<int64_t>(sizeof(W)));
  }
  if (la >= lb || da >= db) return;
  if (iabs(x.cs) <= iabs(x.rs)) {
    for (int64_t l = la; l < lb; ++l) {
      const int64_t li = l - line0;
#ifdef __wasm_simd128__
      if constexpr (R == 4 && (std::is_same_v<W, float> || std::is_same_v<W, double>)) {
        // Four whole lines, elements of type W contiguous along the depth (a row-major): a 4 x 4
        // (float) or 4 x 2 (double) register transpose per step instead of a strided scatter.
        if (raw && x.cs == 1 && li % R == 0 && l + R <= lb) {
          simd::interleave4(panel + (li / R) * strip + (da - depth0) * R,
                      reinterpret_cast<const W*>(x.at(l, da)), x.rs, db - da);
          l += R - 1;
          continue;
        }
      }
#endif
      load(tmp, x.at(l, da), x.cs, db - da);
      W* p = panel + (li / R) * strip + (da - depth0) * R + li % R;
      for (int64_t d = 0; d < db - da; ++d) p[d * R] = tmp[d];
    }
  } else if (raw && x.rs == 1) {
    // Lines adjacent in memory, elements of type W (b row-major, the usual case): each run of R
    // lines of one depth is R contiguous elements, copied straight into its strip.
    const int64_t li0 = la - line0, n = lb - la;
    for (int64_t d = da; d < db; ++d) {
      const W* src = reinterpret_cast<const W*>(x.at(la, d));
      W* p = panel + (d - depth0) * R;
      int64_t l = 0;
      for (; l < n && (li0 + l) % R != 0; ++l) p[(li0 + l) / R * strip + (li0 + l) % R] = src[l];
      for (; l + R <= n; l += R) copy_strip<W, R>(p + (li0 + l) / R * strip, src + l);
      for (; l < n; ++l) p[(li0 + l) / R * strip + (li0 + l) % R] = src[l];
    }
  } else {
    for (int64_t d = da; d < db; ++d) {
      load(tmp, x.at(la, d), x.rs, lb - la);
      W* p = panel + (d - depth0) * R;
      int64_t li = la - line0;
      W* q = p + (li / R) * strip;
      int r = static_cast<int>(li % R);
      for (int64_t l = 0; l < lb - la; ++l) {
        q[r] = tmp[l];
        if (++r == R) {
          r = 0;
          q += strip;
        }
      }
    }
  }
}

// The micro-kernel's signature: c[i*cr + j] (+)= sum_{d < kc} ap[d*MR + i] * bp[d*NR + j].
template <class W>
using MicroFn = void (*)(const W* ap, const W* bp, int64_t kc, W* c, int64_t cr, bool accumulate);

template <class W, int MR, int NR>
SV_LOOP_FN void micro_scalar(const W* ap, const W* bp, int64_t kc, W* c, int64_t cr,
                             bool accumulate) {
  W t[MR * NR] = {};
  for (int64_t d = 0; d < kc; ++d) {
    for (int i = 0; i < MR; ++i) {
      const W a = ap[d * MR + i];
      for (int j = 0; j < NR; ++j) t[i * NR + j] += a * bp[d * NR + j];
    }
  }
  for (int i = 0; i < MR; ++i) {
    for (int j = 0; j < NR; ++j)
      c[i * cr + j] = accumulate ? c[i * cr + j] + t[i * NR + j] : t[i * NR + j];
  }
}

#ifdef __wasm_simd128__
SV_LOOP_FN void micro_f32(const float* ap, const float* bp, int64_t kc, float* c, int64_t cr,
                          bool accumulate) {
  simd::gemm_4x8_f32(ap, bp, kc, c, cr, accumulate);
}
SV_LOOP_FN void micro_f64(const double* ap, const double* bp, int64_t kc, double* c, int64_t cr,
                          bool accumulate) {
  simd::gemm_4x4_f64(ap, bp, kc, c, cr, accumulate);
}
#endif

// out(i, j) (+)= t[i*NR + j] for i < mr, j < nr, where the output is not W or not a full tile with
// contiguous rows: through the output dtype's casters for the 64-bit integer path.
template <class W, int NR>
SV_LOOP_FN void write_tile(const Mat& o, const W* t, int64_t i0, int64_t j0, int64_t mr, int64_t nr,
                           bool accumulate, const detail::Caster* ld, const detail::Caster* st) {
  for (int64_t i = 0; i < mr; ++i) {
    char* p = o.at(i0 + i, j0);
    if constexpr (!std::is_same_v<W, uint64_t>) {
      W* q = reinterpret_cast<W*>(p);
      for (int64_t j = 0; j < nr; ++j) {
        q[j * o.cs] = accumulate ? q[j * o.cs] + t[i * NR + j] : t[i * NR + j];
      }
    } else {
      uint64_t row[NR];
      if (accumulate) {
        ld->load(row, p, o.cs, nr);
        for (int64_t j = 0; j < nr; ++j) row[j] += t[i * NR + j];
      } else {
        for (int64_t j = 0; j < nr; ++j) row[j] = t[i * NR + j];
      }
      st->store(p, o.cs, row, nr);
    }
  }
}

struct GemmArgs {
  Mat a, bt, o;  // bt: b seen as [N, K] (lines are b's columns)
  int64_t M = 0, N = 0, K = 0;
  LineFn load_a = nullptr, load_b = nullptr;
  const detail::Caster* ld = nullptr;  // output <-> uint64 for the integer path, else null
  const detail::Caster* st = nullptr;
};

template <class W, int MR, int NR, int64_t KC, int64_t MC, int64_t NC>
struct Gemm {
  // Row padding of the staging block (elements): keeps its rows off a power-of-two stride.
  static constexpr int64_t kStagePad = 64 / sizeof(W);

  static int64_t workspace(int64_t M, int64_t N, int64_t K) {
    const int64_t kc = std::max<int64_t>(std::min(K, KC), 1);
    const int64_t mc = (std::min(M, MC) + MR - 1) / MR * MR;
    const int64_t nc = (std::min(N, NC) + NR - 1) / NR * NR;
    return (mc * kc + nc * kc + std::max({KC, MC, NC}) + mc * (nc + kStagePad)) *
               static_cast<int64_t>(sizeof(W)) +
           64;
  }

  // ws: workspace(M, N, K) bytes, 16-byte aligned.
  SV_LOOP_FN static void run(const GemmArgs& g, char* ws, MicroFn<W> micro) {
    const int64_t M = g.M, N = g.N, K = g.K;
    const int64_t kcmax = std::max<int64_t>(std::min(K, KC), 1);
    W* apan = reinterpret_cast<W*>(ws);
    W* bpan = apan + (std::min(M, MC) + MR - 1) / MR * MR * kcmax;
    W* tmp = bpan + (std::min(N, NC) + NR - 1) / NR * NR * kcmax;
    W* stage = tmp + std::max({KC, MC, NC});
    alignas(16) W tile[MR * NR];
    // The tile goes straight into the output when it is of type W with contiguous rows, except
    // when the output's row stride is a multiple of 1 KiB: then a column of tiles (jr fixed, ir
    // running) lands in a few L1 sets and evicts itself (measured f32 1024^3: 21 GFLOP/s direct,
    // 30 with padded rows), so tiles go to a padded staging block added to the output per block.
    const bool raw = g.ld == nullptr;  // operands and output of type W
    const bool direct = raw && g.o.cs == 1;
    const bool staged = direct && (g.o.rs * static_cast<int64_t>(sizeof(W))) % 1024 == 0;
    for (int64_t jc = 0; jc < N; jc += NC) {
      const int64_t nc = std::min(NC, N - jc);
      const int64_t ls = (nc + NR - 1) / NR * NR + kStagePad;  // staging row stride
      for (int64_t pc = 0; pc == 0 || pc < K; pc += KC) {
        const int64_t kc = std::min(KC, K - pc);
        const bool acc = pc > 0;
        pack<W, NR>(bpan, tmp, g.bt, g.load_b, raw, jc, nc, pc, kc);
        for (int64_t ic = 0; ic < M; ic += MC) {
          const int64_t mc = std::min(MC, M - ic);
          pack<W, MR>(apan, tmp, g.a, g.load_a, raw, ic, mc, pc, kc);
          for (int64_t jr = 0; jr < nc; jr += NR) {
            const int64_t nr = std::min<int64_t>(NR, nc - jr);
            const W* bp = bpan + jr * kc;
            for (int64_t ir = 0; ir < mc; ir += MR) {
              const int64_t mr = std::min<int64_t>(MR, mc - ir);
              const W* ap = apan + ir * kc;
              if (staged) {
                micro(ap, bp, kc, stage + ir * ls + jr, ls, false);
              } else if (direct && mr == MR && nr == NR) {
                micro(ap, bp, kc, reinterpret_cast<W*>(g.o.at(ic + ir, jc + jr)), g.o.rs, acc);
              } else {
                micro(ap, bp, kc, tile, NR, false);
                write_tile<W, NR>(g.o, tile, ic + ir, jc + jr, mr, nr, acc, g.ld, g.st);
              }
            }
          }
          if (staged) add_block(g.o, stage, ls, ic, jc, mc, nc, acc);
        }
      }
    }
  }

  // out(i0 + i, j0 + j) (+)= s[i*ls + j] for i < mr, j < nc (out of type W, contiguous rows).
  static void add_block(const Mat& o, const W* s, int64_t ls, int64_t i0, int64_t j0, int64_t mr,
                        int64_t nc, bool accumulate) {
    for (int64_t i = 0; i < mr; ++i) {
      W* q = reinterpret_cast<W*>(o.at(i0 + i, j0));
      const W* t = s + i * ls;
      if (accumulate) {
        for (int64_t j = 0; j < nc; ++j) q[j] = q[j] + t[j];
      } else {
        copy_n(q, t, nc * static_cast<int64_t>(sizeof(W)));
      }
    }
  }
};

using GemmF32 = Gemm<float, 4, 8, 256, 128, 512>;
using GemmF64 = Gemm<double, 4, 4, 256, 64, 256>;
using GemmInt = Gemm<uint64_t, 4, 4, 256, 64, 256>;

}  // namespace

Status matmul(const Operand& out, const Operand& a, const Operand& b) {
  const char* op = "matmul";
  SV_CHECK(detail::check_operand(op, "out", out));
  SV_CHECK(detail::check_operand(op, "a", a));
  SV_CHECK(detail::check_operand(op, "b", b));
  const int r = static_cast<int>(out.layout.shape.size());
  const int ra = static_cast<int>(a.layout.shape.size());
  const int rb = static_cast<int>(b.layout.shape.size());
  if (r < 2 || ra != r || rb != r) {
    return make_error(Code::rank_mismatch,
                      std::string("matmul: out, a and b must have the same rank >= 2, got ranks ") +
                          S(r) + ", " + S(ra) + ", " + S(rb) +
                          "; reshape 1-D operands to [1, K] or [K, 1] and expand batch dims");
  }
  if (a.dtype != b.dtype || out.dtype != a.dtype) {
    return make_error(Code::type_error,
                      std::string("matmul: out, a and b must share one dtype, got ") +
                          dtype_name(out.dtype) + ", " + dtype_name(a.dtype) + ", " +
                          dtype_name(b.dtype) + "; cast to the result dtype first");
  }
  const int64_t M = a.layout.shape[r - 2], K = a.layout.shape[r - 1], N = b.layout.shape[r - 1];
  bool ok =
      b.layout.shape[r - 2] == K && out.layout.shape[r - 2] == M && out.layout.shape[r - 1] == N;
  for (int d = 0; d < r - 2; ++d) {
    ok = ok && a.layout.shape[d] == out.layout.shape[d] && b.layout.shape[d] == out.layout.shape[d];
  }
  if (!ok) {
    return make_error(Code::shape_mismatch,
                      "matmul: out " + detail::shape_str(out.layout.shape) + " = a " +
                          detail::shape_str(a.layout.shape) + " @ b " +
                          detail::shape_str(b.layout.shape) +
                          " does not chain; need a [..., M, K], b [..., K, N], out [..., M, N] "
                          "with equal batch dims (expand them first)");
  }
  SV_CHECK(detail::check_writable(op, "out", out));
  for (int d = 0; d < r; ++d) {
    if (out.layout.shape[d] == 0) return ok_status();
  }

  detail::Buffer abuf, bbuf;
  Operand A = a, B = b;
  if (detail::overlaps(out, a)) SV_CHECK(detail::materialize(op, a, abuf, &A));
  if (detail::overlaps(out, b)) SV_CHECK(detail::materialize(op, b, bbuf, &B));

  GemmArgs g;
  g.M = M;
  g.N = N;
  g.K = K;
  detail::Caster ld, st;
  // run(g, workspace, simd): one (batch) product.
  void (*run)(const GemmArgs&, char*, bool) = nullptr;
  int64_t ws = 0;
  if (out.dtype == DType::float32) {
    g.load_a = g.load_b = &load_line<float>;
    ws = GemmF32::workspace(M, N, K);
    run = [](const GemmArgs& g, char* w, bool simd) {
      // volatile: an indirect call in both builds, so that the SIMD and the scalar module have
      // the same table signatures and can share one Emscripten glue (scripts/build-web.mjs).
      MicroFn<float> volatile m = &micro_scalar<float, 4, 8>;
#ifdef __wasm_simd128__
      if (simd) m = &micro_f32;
#endif
      GemmF32::run(g, w, m);
    };
  } else if (out.dtype == DType::float64) {
    g.load_a = g.load_b = &load_line<double>;
    ws = GemmF64::workspace(M, N, K);
    run = [](const GemmArgs& g, char* w, bool simd) {
      // volatile: an indirect call in both builds, so that the SIMD and the scalar module have
      // the same table signatures and can share one Emscripten glue (scripts/build-web.mjs).
      MicroFn<double> volatile m = &micro_scalar<double, 4, 4>;
#ifdef __wasm_simd128__
      if (simd) m = &micro_f64;
#endif
      GemmF64::run(g, w, m);
    };
  } else {
    // Widened to 64 bits: signed dtypes sign-extend, unsigned and bool zero-extend; the low bits
    // of the wrapped 64-bit sums are the dtype's wrapped sums.
    const detail::Caster in = detail::make_caster(DType::uint64, a.dtype);
    g.load_a = g.load_b = in.load;
    ld = in;  // out has a's dtype
    st = detail::make_caster(out.dtype, DType::uint64);
    g.ld = &ld;
    g.st = &st;
    ws = GemmInt::workspace(M, N, K);
    run = [](const GemmArgs& g, char* w, bool) {
      GemmInt::run(g, w, &micro_scalar<uint64_t, 4, 4>);
    };
  }
  const bool simd = detail::use_simd();
  // Threads: each product's rows are cut into blocks of whole 16-row groups, one block per task
  // with its own workspace (B is packed once per task). Every output element is computed by the
  // same micro-kernel steps in the same K order, so the result does not depend on the cut.
  constexpr int64_t kRowUnit = 16;
  const int64_t units = (M + kRowUnit - 1) / kRowUnit;
  int64_t tasks = parallel::tasks_for(M * N * std::max<int64_t>(K, 1) / 16);
  if (tasks > units) tasks = units;
  if (tasks < 1) tasks = 1;
  const int64_t ws16 = (ws + 15) / 16 * 16;
  detail::Buffer wbuf;
  SV_CHECK(wbuf.allocate(op, ws16 * tasks + 16));
  char* w = wbuf.data() + ((16 - reinterpret_cast<uintptr_t>(wbuf.data()) % 16) % 16);
  auto rows_of = [](Mat m, int64_t i0, int64_t i1) {
    m.off += i0 * m.rs;
    const int64_t h = i1 - i0;
    m.r0 = std::clamp<int64_t>(m.r0 - i0, 0, h);
    m.r1 = std::clamp<int64_t>(m.r1 - i0, 0, h);
    if (m.r1 <= m.r0) m.r0 = m.r1 = m.c0 = m.c1 = 0;
    return m;
  };
  auto run_rows = [&](const GemmArgs& g0) {
    if (tasks <= 1) {
      run(g0, w, simd);
      return;
    }
    parallel::run_tasks(tasks, [&](int64_t t) {
      const int64_t i0 = t * units / tasks * kRowUnit;
      const int64_t i1 = std::min(M, (t + 1) * units / tasks * kRowUnit);
      GemmArgs h = g0;
      h.M = i1 - i0;
      h.a = rows_of(g0.a, i0, i1);
      h.o = rows_of(g0.o, i0, i1);
      run(h, w + t * ws16, simd);
    });
  };

  // The batch: an odometer over dims [0, r - 2) of out.
  const int nb = r - 2;
  int64_t idx[kMaxRank] = {};
  const int64_t ea = static_cast<int64_t>(dtype_size(a.dtype));
  const int64_t eo = static_cast<int64_t>(dtype_size(out.dtype));
  for (;;) {
    auto slice = [&](const Operand& x, int64_t rows, int64_t cols, Mat* m) {
      const Layout& l = x.layout;
      m->base = static_cast<char*>(x.base);
      m->esize = ea;
      m->off = l.offset;
      m->rs = l.strides[r - 2];
      m->cs = l.strides[r - 1];
      m->r0 = 0;
      m->r1 = rows;
      m->c0 = 0;
      m->c1 = cols;
      bool valid = true;
      for (int d = 0; d < nb; ++d) {
        m->off += idx[d] * l.strides[d];
        if (l.has_mask()) valid = valid && idx[d] >= l.mask[d].first && idx[d] < l.mask[d].second;
      }
      if (l.has_mask()) {
        m->r0 = l.mask[r - 2].first;
        m->r1 = l.mask[r - 2].second;
        m->c0 = l.mask[r - 1].first;
        m->c1 = l.mask[r - 1].second;
      }
      if (!valid) m->r0 = m->r1 = m->c0 = m->c1 = 0;
    };
    slice(A, M, K, &g.a);
    Mat bm;
    slice(B, K, N, &bm);
    g.bt = bm;
    std::swap(g.bt.rs, g.bt.cs);
    g.bt.r0 = bm.c0;
    g.bt.r1 = bm.c1;
    g.bt.c0 = bm.r0;
    g.bt.c1 = bm.r1;
    slice(out, M, N, &g.o);
    g.o.esize = eo;
    run_rows(g);
    int d = nb - 1;
    for (; d >= 0; --d) {
      if (++idx[d] < out.layout.shape[d]) break;
      idx[d] = 0;
    }
    if (d < 0) break;
  }
  return ok_status();
}

}  // namespace sv::kernels
