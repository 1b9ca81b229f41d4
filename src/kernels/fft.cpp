// Discrete Fourier transforms (fft.hpp): complex <-> complex, real -> complex, complex -> real
// along one axis of strided operands, batched over the other dims.
//
// Algorithm. A length whose prime factors are all <= 13 runs a mixed-radix Stockham (self-sorting,
// out-of-place ping-pong) decimation-in-frequency FFT: radix 4 first, then 2, 3, 5 and a direct
// small-DFT butterfly for 7, 11 and 13. The pass with factor p, l1 = product of the earlier factors
// and ido = n / (l1 p) reads cc[i + ido (j + p k)] and writes ch[i + ido (k + l1 m)] = the p-point
// DFT over j, times the twiddle exp(-2 pi i i m l1 / n); after the last pass the data is in
// natural order, so no bit reversal and no index tables. Other lengths use Bluestein's chirp-z:
// x_k exp(-i pi k^2/n) convolved with exp(+i pi k^2/n) through FFTs of a 2,3,5-smooth length
// m >= 2n - 1, so every length is O(n log n).
//
// Accuracy. Every twiddle is computed directly (no recurrences) in double from an exact integer
// octant reduction of 2 pi k / n: the angle passed to sin/cos is at most pi/4, with an argument
// error of about an ulp, so twiddles are correct to about 1 ulp of double; float plans round them
// once. Bluestein's chirp uses k^2 mod 2n in exact integers, and its kernel spectrum is computed in
// double for both precisions. The measured rms errors are in tests/cpp/test_fft.cpp.
//
// Real transforms. Even n: the n reals are packed as n/2 complex values, transformed with a
// half-length complex FFT, and split into the spectrum with one twiddle pass (and the reverse for
// the inverse). Odd n: a complex FFT of length n of the real line (correct, twice the work).
//
// Plans. Building a plan costs one sin/cos pair per twiddle (Bluestein: also its length-m plan
// and one FFT of length m), several times a transform of that length. Measured natively (-O2, a
// busy 2-core VM, noisy): n = 1000 first call 25-400 us, cached 6-7 us; n = 4096 250-1000 us vs
// 20-60 us; n = 10007 (Bluestein) 12-26 ms vs 0.35 ms. So plans are cached: 16 plans keyed by
// (length, dtype, complex/real), least recently used out, shared by reference count so that
// eviction never frees a plan a call is using (NumPy's pocketfft keeps 16 too). Plans are built
// outside the lock; two threads building the same one keep the first and drop the second.
//
// SIMD128. In WebAssembly SIMD builds the float passes run two complex values per f32x4 (the same
// products and sums as the scalar code: identical bits, tested): 1.3-1.9x faster in V8 at
// n = 256..16384. Double passes stay scalar: one complex per f64x2 measured no faster (V8, n =
// 256..16384, within noise); real / Bluestein pre- and post-processing are scalar.
// set_simd_enabled(false) selects the scalar passes.
//
// Batches. Lines are independent; parallel::for_each_line cuts them into tasks with one scratch
// area each. Each line is computed by the same code on the same plan, so results do not depend on
// the thread count. Memory is malloc'd (detail::Buffer or nothrow new): failure is a Status.
#include "kernels/fft.hpp"

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <type_traits>

#include "kernels/internal.hpp"
#include "kernels/lines.hpp"
#include "parallel/pool.hpp"
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

// The butterflies and complex helpers must inline: the kernels are compiled with
// -fno-inline-functions for size in the WebAssembly build (CMakeLists.txt).
#define SV_FFT_INLINE inline __attribute__((always_inline))
#define SV_FFT_LAMBDA __attribute__((always_inline))

namespace sv::kernels {
namespace {

std::string S(int64_t v) { return std::to_string(v); }

// ---------------------------------------------------------------------------------- complex

template <class T>
struct Cx {
  T r, i;
};

template <class T>
SV_FFT_INLINE Cx<T> operator+(Cx<T> a, Cx<T> b) {
  return {a.r + b.r, a.i + b.i};
}
template <class T>
SV_FFT_INLINE Cx<T> operator-(Cx<T> a, Cx<T> b) {
  return {a.r - b.r, a.i - b.i};
}
template <class T>
SV_FFT_INLINE Cx<T> scl(Cx<T> a, T s) {
  return {a.r * s, a.i * s};
}
template <class T>
SV_FFT_INLINE Cx<T> conj(Cx<T> a) {
  return {a.r, -a.i};
}
// a * w forward, a * conj(w) inverse (plans store forward twiddles, exp(-...)).
template <bool Inv, class T>
SV_FFT_INLINE Cx<T> twid(Cx<T> a, Cx<T> w) {
  if constexpr (Inv) {
    return {a.r * w.r + a.i * w.i, a.i * w.r - a.r * w.i};
  } else {
    return {a.r * w.r - a.i * w.i, a.r * w.i + a.i * w.r};
  }
}
// a * (-i) forward, a * i inverse: the rotation exp(-+ i pi/2).
template <bool Inv, class T>
SV_FFT_INLINE Cx<T> rot(Cx<T> a) {
  if constexpr (Inv) {
    return {-a.i, a.r};
  } else {
    return {a.i, -a.r};
  }
}

// exp(+2 pi i k / n) in double, for 0 <= k, 1 <= n <= 2^60. The angle is reduced exactly in
// integers to an octant (8k = o n + r): sin/cos only ever see an angle in [0, pi/4], and the values
// at symmetric angles are exact negations / swaps of each other.
void unit_root(int64_t k, int64_t n, double* c, double* s) {
  k %= n;
  const uint64_t un = static_cast<uint64_t>(n);
  const uint64_t a = 8 * static_cast<uint64_t>(k);
  const int o = static_cast<int>(a / un);
  const uint64_t r = a - static_cast<uint64_t>(o) * un;
  const bool odd = (o & 1) != 0;
  double cs, sn;
  if (odd && r == 0) {
    cs = sn = 0.70710678118654752440;  // an odd multiple of pi/4
  } else {
    const double x = static_cast<double>(odd ? un - r : r) / static_cast<double>(n);
    const double phi = 0.78539816339744830962 * x;
    cs = std::cos(phi);
    sn = std::sin(phi);
  }
  switch (o) {
    case 0: *c = cs, *s = sn; break;
    case 1: *c = sn, *s = cs; break;
    case 2: *c = -sn, *s = cs; break;
    case 3: *c = -cs, *s = sn; break;
    case 4: *c = -cs, *s = -sn; break;
    case 5: *c = -sn, *s = -cs; break;
    case 6: *c = sn, *s = -cs; break;
    default: *c = cs, *s = -sn; break;
  }
}

// exp(-2 pi i k / n) rounded to T: a forward twiddle.
template <class T>
Cx<T> fwd_root(int64_t k, int64_t n) {
  double c, s;
  unit_root(k, n, &c, &s);
  return {static_cast<T>(c), static_cast<T>(-s)};
}

// ------------------------------------------------------------------------------------ passes
// cc[i + ido (j + p k)] -> ch[i + ido (k + l1 m)], for k < l1, i < ido; wa[(m - 1) ido + i] is the
// twiddle of output m at position i (wa[(m - 1) ido] == 1).
//
// The passes are written once over an arithmetic policy O: ScalarOps<T> (a complex value is a
// Cx<T> struct) or, for float in SIMD128 builds, F32x4Ops (two complex floats, positions i and
// i + 1, per f32x4; odd tails and the ido == 1 pass run ScalarOps). Both compute every output with
// the same products and sums in the same order (the vector code negates a product and adds where
// the scalar code subtracts, which IEEE arithmetic makes identical), so the two paths give
// identical bits; tests/cpp/test_fft.cpp compares them when both are built.

template <class T>
struct ScalarOps {
  static constexpr int kLanes = 1;  // complex values per R
  using R = Cx<T>;
  static SV_FFT_INLINE R load(const Cx<T>* p) { return *p; }
  static SV_FFT_INLINE void store(Cx<T>* p, R v) { *p = v; }
  static SV_FFT_INLINE R zero() { return {T(0), T(0)}; }
  static SV_FFT_INLINE R add(R a, R b) { return a + b; }
  static SV_FFT_INLINE R sub(R a, R b) { return a - b; }
  static SV_FFT_INLINE R scl(R a, T s) { return {a.r * s, a.i * s}; }
  template <bool Inv>
  static SV_FFT_INLINE R twid(R a, const Cx<T>* w) {
    return kernels::twid<Inv>(a, *w);
  }
  template <bool Inv>
  static SV_FFT_INLINE R rot(R a) {
    return kernels::rot<Inv>(a);
  }
  static SV_FFT_INLINE R muli(R a) { return {-a.i, a.r}; }
};

#ifdef __wasm_simd128__
// Two complex floats (positions i, i + 1) per f32x4: (r0, i0, r1, i1).
struct F32x4Ops {
  static constexpr int kLanes = 2;
  using R = v128_t;
  static SV_FFT_INLINE R load(const Cx<float>* p) { return wasm_v128_load(p); }
  static SV_FFT_INLINE void store(Cx<float>* p, R v) { wasm_v128_store(p, v); }
  static SV_FFT_INLINE R zero() { return wasm_f32x4_splat(0.0f); }
  static SV_FFT_INLINE R add(R a, R b) { return wasm_f32x4_add(a, b); }
  static SV_FFT_INLINE R sub(R a, R b) { return wasm_f32x4_sub(a, b); }
  static SV_FFT_INLINE R scl(R a, float s) { return wasm_f32x4_mul(a, wasm_f32x4_splat(s)); }
  static SV_FFT_INLINE R neg_re(R a) {
    return wasm_v128_xor(a, wasm_f32x4_make(-0.0f, 0.0f, -0.0f, 0.0f));
  }
  static SV_FFT_INLINE R neg_im(R a) {
    return wasm_v128_xor(a, wasm_f32x4_make(0.0f, -0.0f, 0.0f, -0.0f));
  }
  static SV_FFT_INLINE R swap(R a) { return wasm_i32x4_shuffle(a, a, 1, 0, 3, 2); }
  // w[0], w[1]: the twiddles of the two positions.
  template <bool Inv>
  static SV_FFT_INLINE R twid(R a, const Cx<float>* w) {
    const R wv = wasm_v128_load(w);
    const R p = wasm_f32x4_mul(a, wasm_i32x4_shuffle(wv, wv, 0, 0, 2, 2));
    const R q = wasm_f32x4_mul(swap(a), wasm_i32x4_shuffle(wv, wv, 1, 1, 3, 3));
    return wasm_f32x4_add(p, Inv ? neg_im(q) : neg_re(q));
  }
  template <bool Inv>
  static SV_FFT_INLINE R rot(R a) {
    return Inv ? neg_re(swap(a)) : neg_im(swap(a));
  }
  static SV_FFT_INLINE R muli(R a) { return neg_re(swap(a)); }
};
#endif

// f.operator()<P>(i) for every i in [0, ido): O::kLanes positions per step, then the rest one at
// a time with ScalarOps<T>.
template <class O, class T, class F>
SV_FFT_INLINE void over_i(int64_t ido, const F& f) {
  int64_t i = 0;
  if constexpr (O::kLanes > 1) {
    for (; i + O::kLanes <= ido; i += O::kLanes) f.template operator()<O>(i);
  }
  for (; i < ido; ++i) f.template operator()<ScalarOps<T>>(i);
}

template <class O, class T, bool Inv>
SV_LOOP_FN void pass2(int64_t ido, int64_t l1, const Cx<T>* cc, Cx<T>* ch, const Cx<T>* wa) {
  for (int64_t k = 0; k < l1; ++k) {
    const Cx<T>* c0 = cc + ido * 2 * k;
    const Cx<T>* c1 = c0 + ido;
    Cx<T>* h0 = ch + ido * k;
    Cx<T>* h1 = ch + ido * (k + l1);
    over_i<O, T>(ido, [&]<class P>(int64_t i) SV_FFT_LAMBDA {
      const auto a = P::load(c0 + i), b = P::load(c1 + i);
      P::store(h0 + i, P::add(a, b));
      P::store(h1 + i, P::template twid<Inv>(P::sub(a, b), wa + i));
    });
  }
}

template <class O, class T, bool Inv>
SV_LOOP_FN void pass3(int64_t ido, int64_t l1, const Cx<T>* cc, Cx<T>* ch, const Cx<T>* wa) {
  const T c1 = T(-0.5), s1 = T(0.86602540378443864676);  // cos, sin of 2 pi / 3
  for (int64_t k = 0; k < l1; ++k) {
    const Cx<T>* c0 = cc + ido * 3 * k;
    over_i<O, T>(ido, [&]<class P>(int64_t i) SV_FFT_LAMBDA {
      const auto t0 = P::load(c0 + i), t1 = P::load(c0 + i + ido), t2 = P::load(c0 + i + 2 * ido);
      const auto s = P::add(t1, t2), d = P::sub(t1, t2);
      const auto base = P::add(t0, P::scl(s, c1));
      const auto rd = P::template rot<Inv>(P::scl(d, s1));  // -+ i sin(2 pi/3) (t1 - t2)
      P::store(ch + i + ido * k, P::add(t0, s));
      P::store(ch + i + ido * (k + l1), P::template twid<Inv>(P::add(base, rd), wa + i));
      P::store(ch + i + ido * (k + 2 * l1), P::template twid<Inv>(P::sub(base, rd), wa + ido + i));
    });
  }
}

template <class O, class T, bool Inv>
SV_LOOP_FN void pass4(int64_t ido, int64_t l1, const Cx<T>* cc, Cx<T>* ch, const Cx<T>* wa) {
  for (int64_t k = 0; k < l1; ++k) {
    const Cx<T>* c0 = cc + ido * 4 * k;
    over_i<O, T>(ido, [&]<class P>(int64_t i) SV_FFT_LAMBDA {
      const auto t0 = P::load(c0 + i), t1 = P::load(c0 + i + ido), t2 = P::load(c0 + i + 2 * ido),
                 t3 = P::load(c0 + i + 3 * ido);
      const auto a0 = P::add(t0, t2), a1 = P::sub(t0, t2), a2 = P::add(t1, t3),
                 a3 = P::template rot<Inv>(P::sub(t1, t3));
      P::store(ch + i + ido * k, P::add(a0, a2));
      P::store(ch + i + ido * (k + l1), P::template twid<Inv>(P::add(a1, a3), wa + i));
      P::store(ch + i + ido * (k + 2 * l1), P::template twid<Inv>(P::sub(a0, a2), wa + ido + i));
      P::store(ch + i + ido * (k + 3 * l1),
               P::template twid<Inv>(P::sub(a1, a3), wa + 2 * ido + i));
    });
  }
}

template <class O, class T, bool Inv>
SV_LOOP_FN void pass5(int64_t ido, int64_t l1, const Cx<T>* cc, Cx<T>* ch, const Cx<T>* wa) {
  // cos and sin of 2 pi / 5 and 4 pi / 5.
  const T c1 = T(0.30901699437494742410), s1 = T(0.95105651629515357212);
  const T c2 = T(-0.80901699437494742410), s2 = T(0.58778525229247312917);
  for (int64_t k = 0; k < l1; ++k) {
    const Cx<T>* c0 = cc + ido * 5 * k;
    over_i<O, T>(ido, [&]<class P>(int64_t i) SV_FFT_LAMBDA {
      const auto t0 = P::load(c0 + i), t1 = P::load(c0 + i + ido), t2 = P::load(c0 + i + 2 * ido),
                 t3 = P::load(c0 + i + 3 * ido), t4 = P::load(c0 + i + 4 * ido);
      const auto sa = P::add(t1, t4), da = P::sub(t1, t4), sb = P::add(t2, t3), db = P::sub(t2, t3);
      const auto e1 = P::add(P::add(t0, P::scl(sa, c1)), P::scl(sb, c2));
      const auto e2 = P::add(P::add(t0, P::scl(sa, c2)), P::scl(sb, c1));
      const auto o1 = P::template rot<Inv>(P::add(P::scl(da, s1), P::scl(db, s2)));
      const auto o2 = P::template rot<Inv>(P::sub(P::scl(da, s2), P::scl(db, s1)));
      P::store(ch + i + ido * k, P::add(P::add(t0, sa), sb));
      P::store(ch + i + ido * (k + l1), P::template twid<Inv>(P::add(e1, o1), wa + i));
      P::store(ch + i + ido * (k + 2 * l1), P::template twid<Inv>(P::add(e2, o2), wa + ido + i));
      P::store(ch + i + ido * (k + 3 * l1),
               P::template twid<Inv>(P::sub(e2, o2), wa + 2 * ido + i));
      P::store(ch + i + ido * (k + 4 * l1),
               P::template twid<Inv>(P::sub(e1, o1), wa + 3 * ido + i));
    });
  }
}

constexpr int kMaxDirect = 13;  // the largest prime factor with a direct butterfly

// Odd p <= kMaxDirect: u_m = t0 + sum_j (t_j + t_{p-j}) Re w^{jm} + i (t_j - t_{p-j}) Im w^{jm}
// and u_{p-m} the same with -i, for w = exp(-2 pi i / p) (conjugated when Inv); rt[q] = w^q.
template <class O, class T, bool Inv>
SV_LOOP_FN void pass_odd(int p, int64_t ido, int64_t l1, const Cx<T>* cc, Cx<T>* ch,
                         const Cx<T>* wa, const Cx<T>* rt) {
  const int h = (p - 1) / 2;
  for (int64_t k = 0; k < l1; ++k) {
    const Cx<T>* c0 = cc + ido * p * k;
    over_i<O, T>(ido, [&]<class P>(int64_t i) SV_FFT_LAMBDA {
      using R = typename P::R;
      R sm[kMaxDirect / 2 + 1], df[kMaxDirect / 2 + 1];
      const R t0 = P::load(c0 + i);
      R dc = t0;
      for (int j = 1; j <= h; ++j) {
        const R a = P::load(c0 + i + j * ido), b = P::load(c0 + i + (p - j) * ido);
        sm[j] = P::add(a, b);
        df[j] = P::sub(a, b);
        dc = P::add(dc, sm[j]);
      }
      P::store(ch + i + ido * k, dc);
      for (int m = 1; m <= h; ++m) {
        R e = t0, o = P::zero();
        int q = 0;
        for (int j = 1; j <= h; ++j) {
          q += m;
          if (q >= p) q -= p;
          const T wr = rt[q].r, wi = Inv ? -rt[q].i : rt[q].i;
          e = P::add(e, P::scl(sm[j], wr));
          o = P::add(o, P::scl(df[j], wi));
        }
        const R io = P::muli(o);
        P::store(ch + i + ido * (k + l1 * m),
                 P::template twid<Inv>(P::add(e, io), wa + (m - 1) * ido + i));
        P::store(ch + i + ido * (k + l1 * (p - m)),
                 P::template twid<Inv>(P::sub(e, io), wa + (p - m - 1) * ido + i));
      }
    });
  }
}

// ------------------------------------------------------------------------------------- plans

struct Pass {
  int p = 0;
  int64_t l1 = 0, ido = 0;
  int64_t tw = 0;  // offset in mem of the (p - 1) ido twiddles
  int64_t rt = 0;  // offset in mem of the p roots (odd p >= 7)
};

template <class T>
struct CPlan {
  int64_t n = 0;
  int64_t work = 0;  // complex scratch elements exec() needs
  int npass = 0;
  Pass pass[64];
  Cx<T>* mem = nullptr;  // malloc'd: twiddles and roots, or Bluestein's chirp and kernel
  // Bluestein (m > 0): data * chirp, convolved through FFTs of length m with the kernel.
  int64_t m = 0;
  CPlan* sub = nullptr;
  Cx<T>* chirp = nullptr;  // exp(-i pi k^2 / n), k < n
  Cx<T>* bhat = nullptr;   // FFT_m of exp(+i pi j^2 / n) for j in (-n, n), wrapped, times 1/m

  CPlan() = default;
  CPlan(const CPlan&) = delete;
  CPlan& operator=(const CPlan&) = delete;
  ~CPlan() {
    std::free(mem);
    delete sub;
  }
};

Status oom(const char* op, int64_t n) {
  return make_error(Code::out_of_memory,
                    std::string(op) + ": could not allocate the plan of length " + S(n));
}

template <class T>
Cx<T>* alloc_cx(int64_t count) {
  // Null (out of memory) when the bytes do not fit size_t (wasm32: 4 GiB).
  if (static_cast<uint64_t>(count) > static_cast<uint64_t>(SIZE_MAX / 2 / sizeof(Cx<T>))) {
    return nullptr;
  }
  return static_cast<Cx<T>*>(
      std::malloc(static_cast<size_t>(count > 0 ? count : 1) * sizeof(Cx<T>)));
}

template <class T>
Cx<T>* exec(const CPlan<T>& p, bool inv, Cx<T>* data, Cx<T>* work);

template <class T>
Status build_cplan(const char* op, int64_t n, CPlan<T>* p);

// Bluestein's kernel spectrum in double for both precisions: FFT_m(b) / m, b_j = exp(+i pi j^2/n).
template <class T>
Status bluestein_kernel(const char* op, int64_t n, int64_t m, const CPlan<T>& sub, Cx<T>* bhat) {
  CPlan<double> own;
  const CPlan<double>* dp = nullptr;
  if constexpr (std::is_same_v<T, double>) {
    dp = &sub;
  } else {
    SV_CHECK(build_cplan<double>(op, m, &own));
    dp = &own;
  }
  Cx<double>* b = alloc_cx<double>(2 * m);
  if (!b) return oom(op, n);
  for (int64_t j = 0; j < m; ++j) b[j] = {0.0, 0.0};
  int64_t q = 0;  // j^2 mod 2n
  for (int64_t j = 0; j < n; ++j) {
    double c, s;
    unit_root(q, 2 * n, &c, &s);
    b[j] = {c, s};
    if (j > 0) b[m - j] = {c, s};
    q += 2 * j + 1;
    if (q >= 2 * n) q -= 2 * n;
  }
  const Cx<double>* r = exec(*dp, false, b, b + m);
  const double inv_m = 1.0 / static_cast<double>(m);
  for (int64_t j = 0; j < m; ++j) {
    bhat[j] = {static_cast<T>(r[j].r * inv_m), static_cast<T>(r[j].i * inv_m)};
  }
  std::free(b);
  return ok_status();
}

template <class T>
Status build_cplan(const char* op, int64_t n, CPlan<T>* p) {
  p->n = n;
  int f[64];
  int nf = 0;
  int64_t rest = n;
  while (rest % 4 == 0) f[nf++] = 4, rest /= 4;
  if (rest % 2 == 0) f[nf++] = 2, rest /= 2;
  for (int q = 3; q <= kMaxDirect; q += 2) {
    while (rest % q == 0) f[nf++] = q, rest /= q;
  }
  if (rest == 1) {
    int64_t total = 0, l1 = 1;
    for (int s = 0; s < nf; ++s) {
      const int64_t ido = n / (l1 * f[s]);
      total += (f[s] - 1) * ido + (f[s] >= 7 ? f[s] : 0);
      l1 *= f[s];
    }
    p->mem = alloc_cx<T>(total);
    if (!p->mem) return oom(op, n);
    int64_t at = 0;
    l1 = 1;
    for (int s = 0; s < nf; ++s) {
      Pass& ps = p->pass[s];
      ps.p = f[s];
      ps.l1 = l1;
      ps.ido = n / (l1 * f[s]);
      ps.tw = at;
      for (int mm = 1; mm < f[s]; ++mm) {
        for (int64_t i = 0; i < ps.ido; ++i) p->mem[at++] = fwd_root<T>(i * mm * l1, n);
      }
      if (f[s] >= 7) {
        ps.rt = at;
        for (int j = 0; j < f[s]; ++j) p->mem[at++] = fwd_root<T>(j, f[s]);
      }
      l1 *= f[s];
    }
    p->npass = nf;
    p->work = n;
    return ok_status();
  }
  // Bluestein.
  const int64_t m = fft_next_fast_len(2 * n - 1);
  p->m = m;
  p->sub = new (std::nothrow) CPlan<T>;
  if (!p->sub) return oom(op, n);
  SV_CHECK(build_cplan<T>(op, m, p->sub));
  p->mem = alloc_cx<T>(n + m);
  if (!p->mem) return oom(op, n);
  p->chirp = p->mem;
  p->bhat = p->mem + n;
  int64_t q = 0;  // k^2 mod 2n, exactly
  for (int64_t k = 0; k < n; ++k) {
    p->chirp[k] = fwd_root<T>(q, 2 * n);
    q += 2 * k + 1;
    if (q >= 2 * n) q -= 2 * n;
  }
  SV_CHECK(bluestein_kernel<T>(op, n, m, *p->sub, p->bhat));
  p->work = 2 * m;
  return ok_status();
}

template <class O, class T, bool Inv>
SV_LOOP_FN Cx<T>* run_passes(const CPlan<T>& p, Cx<T>* data, Cx<T>* work) {
  Cx<T>* src = data;
  Cx<T>* dst = work;
  for (int s = 0; s < p.npass; ++s) {
    const Pass& ps = p.pass[s];
    const Cx<T>* wa = p.mem + ps.tw;
    switch (ps.p) {
      case 4: pass4<O, T, Inv>(ps.ido, ps.l1, src, dst, wa); break;
      case 2: pass2<O, T, Inv>(ps.ido, ps.l1, src, dst, wa); break;
      case 3: pass3<O, T, Inv>(ps.ido, ps.l1, src, dst, wa); break;
      case 5: pass5<O, T, Inv>(ps.ido, ps.l1, src, dst, wa); break;
      default: pass_odd<O, T, Inv>(ps.p, ps.ido, ps.l1, src, dst, wa, p.mem + ps.rt); break;
    }
    Cx<T>* t = src;
    src = dst;
    dst = t;
  }
  return src;
}

template <class T, bool Inv>
Cx<T>* run_ct(const CPlan<T>& p, Cx<T>* data, Cx<T>* work) {
#ifdef __wasm_simd128__
  if constexpr (std::is_same_v<T, float>) {
    if (detail::use_simd()) return run_passes<F32x4Ops, T, Inv>(p, data, work);
  }
#endif
  return run_passes<ScalarOps<T>, T, Inv>(p, data, work);
}

// Bluestein: X_k = c_k sum_j (x_j c_j) conj(c_{k-j}), c_k = exp(-i pi k^2/n); the inverse is the
// conjugate of the forward transform of the conjugate. work holds 2m values.
template <class T>
SV_LOOP_FN Cx<T>* run_bluestein(const CPlan<T>& p, bool inv, Cx<T>* data, Cx<T>* work) {
  const int64_t n = p.n, m = p.m;
  Cx<T>* a = work;
  Cx<T>* w = work + m;
  for (int64_t k = 0; k < n; ++k) {
    const Cx<T> x = inv ? conj(data[k]) : data[k];
    a[k] = twid<false>(x, p.chirp[k]);
  }
  for (int64_t k = n; k < m; ++k) a[k] = {T(0), T(0)};
  Cx<T>* r = exec(*p.sub, false, a, w);
  Cx<T>* o = r == a ? w : a;
  for (int64_t k = 0; k < m; ++k) r[k] = twid<false>(r[k], p.bhat[k]);
  const Cx<T>* y = exec(*p.sub, true, r, o);
  for (int64_t k = 0; k < n; ++k) {
    const Cx<T> v = twid<false>(y[k], p.chirp[k]);
    data[k] = inv ? conj(v) : v;
  }
  return data;
}

// The transform of data[0, n) (unscaled); returns where the result is: data or work (p.work
// values of scratch).
template <class T>
Cx<T>* exec(const CPlan<T>& p, bool inv, Cx<T>* data, Cx<T>* work) {
  if (p.m > 0) return run_bluestein(p, inv, data, work);
  return inv ? run_ct<T, true>(p, data, work) : run_ct<T, false>(p, data, work);
}

// A real transform of length n: even n packs pairs into a complex FFT of n/2 and untangles with
// w[k] = exp(-2 pi i k / n), k <= n/4; odd n runs a complex FFT of length n.
template <class T>
struct RPlan {
  int64_t n = 0;
  CPlan<T>* c = nullptr;
  Cx<T>* w = nullptr;

  RPlan() = default;
  RPlan(const RPlan&) = delete;
  RPlan& operator=(const RPlan&) = delete;
  ~RPlan() {
    delete c;
    std::free(w);
  }
};

template <class T>
Status build_rplan(const char* op, int64_t n, RPlan<T>* p) {
  p->n = n;
  p->c = new (std::nothrow) CPlan<T>;
  if (!p->c) return oom(op, n);
  const bool even = n % 2 == 0;
  SV_CHECK(build_cplan<T>(op, even ? n / 2 : n, p->c));
  if (even) {
    p->w = alloc_cx<T>(n / 4 + 1);
    if (!p->w) return oom(op, n);
    for (int64_t k = 0; k <= n / 4; ++k) p->w[k] = fwd_root<T>(k, n);
  }
  return ok_status();
}

// ------------------------------------------------------------------------------------- cache

constexpr int kCacheSlots = 16;

struct Entry {
  int64_t n = 0;
  int key = 0;               // dtype * 2 + real
  std::atomic<int> refs{1};  // the cache's own reference plus one per call using it
  uint64_t stamp = 0;
  void* plan = nullptr;
  void (*destroy)(void*) = nullptr;
};

struct Cache {
  std::mutex mu;
  Entry* slot[kCacheSlots] = {};
  uint64_t clock = 0;
  int64_t hits = 0, misses = 0;
};

Cache& cache() {
  static Cache c;
  return c;
}

void release(Entry* e) {
  if (e->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    e->destroy(e->plan);
    delete e;
  }
}

// A plan held by a call.
class PlanRef {
 public:
  PlanRef() = default;
  PlanRef(const PlanRef&) = delete;
  PlanRef& operator=(const PlanRef&) = delete;
  ~PlanRef() {
    if (e_) release(e_);
  }
  void reset(Entry* e) { e_ = e; }
  const void* get() const { return e_->plan; }

 private:
  Entry* e_ = nullptr;
};

template <class P>
void destroy_plan(void* p) {
  delete static_cast<P*>(p);
}

template <class T, bool Real>
Status get_plan(const char* op, int64_t n, PlanRef* out) {
  using P = std::conditional_t<Real, RPlan<T>, CPlan<T>>;
  const int key = (std::is_same_v<T, double> ? 2 : 0) + (Real ? 1 : 0);
  Cache& c = cache();
  {
    std::lock_guard<std::mutex> lk(c.mu);
    for (Entry* e : c.slot) {
      if (e && e->n == n && e->key == key) {
        e->refs.fetch_add(1, std::memory_order_relaxed);
        e->stamp = ++c.clock;
        ++c.hits;
        out->reset(e);
        return ok_status();
      }
    }
    ++c.misses;
  }
  P* plan = new (std::nothrow) P;
  if (!plan) return oom(op, n);
  Status st = [&] {
    if constexpr (Real) {
      return build_rplan<T>(op, n, plan);
    } else {
      return build_cplan<T>(op, n, plan);
    }
  }();
  if (!st.ok()) {
    delete plan;
    return st;
  }
  Entry* fresh = new (std::nothrow) Entry;
  if (!fresh) {
    delete plan;
    return oom(op, n);
  }
  fresh->n = n;
  fresh->key = key;
  fresh->plan = plan;
  fresh->destroy = &destroy_plan<P>;
  fresh->refs.store(2, std::memory_order_relaxed);  // the cache's and this call's
  Entry* evict = nullptr;
  {
    std::lock_guard<std::mutex> lk(c.mu);
    for (Entry* e : c.slot) {  // built meanwhile by another thread: use that one
      if (e && e->n == n && e->key == key) {
        e->refs.fetch_add(1, std::memory_order_relaxed);
        e->stamp = ++c.clock;
        out->reset(e);
        fresh->refs.store(1, std::memory_order_relaxed);
        evict = fresh;
        break;
      }
    }
    if (!evict) {
      int at = 0;
      for (int s = 0; s < kCacheSlots; ++s) {
        if (!c.slot[s]) {
          at = s;
          break;
        }
        if (c.slot[s]->stamp < c.slot[at]->stamp) at = s;
      }
      evict = c.slot[at];
      fresh->stamp = ++c.clock;
      c.slot[at] = fresh;
      out->reset(fresh);
    }
  }
  if (evict) release(evict);
  return ok_status();
}

// --------------------------------------------------------------------------------- operands

// A validated call: element size in scalars (2 complex, 1 real) of each side, the normalised axis.
struct Side {
  char* base = nullptr;
  const Layout* l = nullptr;
  int64_t esize = 0;  // bytes per element
};

bool mul_ok(int64_t a, int64_t b, int64_t* r) { return !__builtin_mul_overflow(a, b, r); }
bool add_ok(int64_t a, int64_t b, int64_t* r) { return !__builtin_add_overflow(a, b, r); }

// [lo, hi] of the element indices `l` addresses (numel > 0); false on int64 overflow.
bool span_of(const Layout& l, int64_t* lo, int64_t* hi) {
  int64_t a = l.offset, b = l.offset;
  for (int d = 0; d < l.ndim(); ++d) {
    int64_t e;
    if (!mul_ok(l.shape[d] - 1, l.strides[d], &e)) return false;
    if (!add_ok(e < 0 ? a : b, e, e < 0 ? &a : &b)) return false;
  }
  *lo = a;
  *hi = b;
  return true;
}

Status check_side(const char* op, const char* name, const FftOperand& o, int r, int64_t esize,
                  int64_t* lo, int64_t* hi, bool* empty) {
  const Layout& l = o.layout;
  if (static_cast<int>(l.strides.size()) != r) {
    return make_error(Code::rank_mismatch, std::string(op) + ": " + name + " has " +
                                               S(static_cast<int64_t>(l.strides.size())) +
                                               " strides for rank " + S(r));
  }
  if (l.has_mask()) {
    return make_error(Code::invalid_argument,
                      std::string(op) + ": " + name + " has a mask; materialize it first");
  }
  int64_t numel = 1;
  for (int d = 0; d < r; ++d) {
    if (l.shape[d] < 0) {
      return make_error(Code::invalid_argument, std::string(op) + ": " + name + " has size " +
                                                    S(l.shape[d]) + " on dim " + S(d));
    }
    if (!mul_ok(numel, l.shape[d], &numel)) numel = INT64_MAX;
  }
  *empty = numel == 0;
  if (*empty) return ok_status();
  if (!o.base) {
    return make_error(Code::invalid_argument,
                      std::string(op) + ": " + name + " is a null pointer but addresses " +
                          S(numel) + " elements of shape " + detail::shape_str(l.shape));
  }
  if (!span_of(l, lo, hi) || *hi > INT64_MAX / esize || *lo < INT64_MIN / esize) {
    return make_error(Code::overflow, std::string(op) + ": " + name +
                                          " addresses elements beyond the int64 range (shape " +
                                          detail::shape_str(l.shape) + ", strides " +
                                          detail::shape_str(l.strides) + ")");
  }
  if (o.capacity >= 0 && (*lo < 0 || *hi >= o.capacity)) {
    return make_error(Code::out_of_bounds,
                      std::string(op) + ": " + name + " addresses elements [" + S(*lo) + ", " +
                          S(*hi) + "] but its buffer holds " + S(o.capacity) +
                          " elements; it is too small for shape " + detail::shape_str(l.shape) +
                          " with strides " + detail::shape_str(l.strides) + " and offset " +
                          S(l.offset));
  }
  return ok_status();
}

// dst (C-contiguous over src's shape) = src, element size es bytes.
void gather_all(char* dst, const char* src, const Layout& l, int64_t es) {
  const int r = l.ndim();
  int64_t idx[kMaxRank] = {};
  const int64_t inner = l.shape[r - 1], st = l.strides[r - 1];
  for (;;) {
    int64_t off = l.offset;
    for (int d = 0; d < r - 1; ++d) off += idx[d] * l.strides[d];
    for (int64_t i = 0; i < inner; ++i) {
      std::memcpy(dst, src + (off + i * st) * es, static_cast<size_t>(es));
      dst += es;
    }
    int d = r - 2;
    for (; d >= 0; --d) {
      if (++idx[d] < l.shape[d]) break;
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

enum class Kind { c2c, r2c, c2r };

const char* op_name(Kind k, FftDirection dir) {
  const bool inv = dir == FftDirection::inverse;
  switch (k) {
    case Kind::c2c: return inv ? "ifft" : "fft";
    case Kind::r2c: return inv ? "ihfft" : "rfft";
    default: return inv ? "irfft" : "hfft";
  }
}

constexpr int64_t kMaxLength = int64_t{1} << 40;

// The per-line work of one call: reads line `in` (length in_len, stride is), writes line `out`.
template <class T>
struct LineJob {
  Kind kind;
  bool inv;
  int64_t n;
  T scale;
  const CPlan<T>* cp = nullptr;
  const RPlan<T>* rp = nullptr;
  int64_t in_len;

  // Complex values of the scratch line plus the plan's work.
  int64_t scratch() const {
    if (kind == Kind::c2c) return n + cp->work;
    if (n % 2 == 0) return n / 2 + 1 + rp->c->work;
    return n + rp->c->work;
  }

  void run(const T* in, int64_t is, T* out, int64_t os, Cx<T>* line) const {
    const bool one = scale == T(1);
    if (kind == Kind::c2c) {
      Cx<T>* work = line + n;
      const int64_t m = in_len < n ? in_len : n;
      for (int64_t j = 0; j < m; ++j) line[j] = {in[2 * j * is], in[2 * j * is + 1]};
      for (int64_t j = m; j < n; ++j) line[j] = {T(0), T(0)};
      const Cx<T>* y = exec(*cp, inv, line, work);
      for (int64_t j = 0; j < n; ++j) {
        const Cx<T> v = one ? y[j] : scl(y[j], scale);
        out[2 * j * os] = v.r;
        out[2 * j * os + 1] = v.i;
      }
      return;
    }
    const CPlan<T>& c = *rp->c;
    const bool even = n % 2 == 0;
    const int64_t h = n / 2;
    if (kind == Kind::r2c) {
      const int64_t m = in_len < n ? in_len : n;
      const Cx<T>* y;
      if (even) {
        Cx<T>* work = line + h + 1;
        for (int64_t j = 0; j < h; ++j) {
          const T a = 2 * j < m ? in[2 * j * is] : T(0);
          const T b = 2 * j + 1 < m ? in[(2 * j + 1) * is] : T(0);
          line[j] = {a, b};
        }
        const Cx<T>* z = exec(c, false, line, work);
        untangle(z, line, h);
        y = line;
      } else {
        Cx<T>* work = line + n;
        for (int64_t j = 0; j < m; ++j) line[j] = {in[j * is], T(0)};
        for (int64_t j = m; j < n; ++j) line[j] = {T(0), T(0)};
        y = exec(c, false, line, work);
      }
      for (int64_t j = 0; j <= h; ++j) {
        Cx<T> v = one ? y[j] : scl(y[j], scale);
        if (inv) v = conj(v);
        out[2 * j * os] = v.r;
        out[2 * j * os + 1] = v.i;
      }
      return;
    }
    // c2r: bins 0..h of a Hermitian spectrum.
    const int64_t m = in_len < h + 1 ? in_len : h + 1;
    const T sg = inv ? T(1) : T(-1);  // hfft transforms the conjugate
    auto bin = [&](int64_t k) -> Cx<T> {
      if (k >= m) return {T(0), T(0)};
      return {in[2 * k * is], sg * in[2 * k * is + 1]};
    };
    if (even) {
      Cx<T>* work = line + h + 1;
      for (int64_t k = 0; k <= h; ++k) line[k] = bin(k);
      tangle(line, h);
      const Cx<T>* z = exec(c, true, line, work);
      for (int64_t j = 0; j < h; ++j) {
        const Cx<T> v = one ? z[j] : scl(z[j], scale);
        out[2 * j * os] = v.r;
        out[(2 * j + 1) * os] = v.i;
      }
    } else {
      Cx<T>* work = line + n;
      line[0] = {bin(0).r, T(0)};
      for (int64_t k = 1; k <= h; ++k) {
        const Cx<T> v = bin(k);
        line[k] = v;
        line[n - k] = conj(v);
      }
      const Cx<T>* z = exec(c, true, line, work);
      for (int64_t j = 0; j < n; ++j) out[j * os] = one ? z[j].r : z[j].r * scale;
    }
  }

  // x[0, h] = the spectrum of the n reals packed in z[0, h) (their FFT); z may be x.
  void untangle(const Cx<T>* z, Cx<T>* x, int64_t h) const {
    const Cx<T>* w = rp->w;
    const Cx<T> z0 = z[0];
    for (int64_t k = 1; 2 * k <= h; ++k) {
      const Cx<T> a = z[k], b = conj(z[h - k]);
      const Cx<T> e = scl(a + b, T(0.5));
      const Cx<T> o = rot<false>(scl(a - b, T(0.5)));  // (a - b) / 2i
      const Cx<T> wo = twid<false>(o, w[k]);
      x[k] = e + wo;
      x[h - k] = conj(e - wo);
    }
    x[0] = {z0.r + z0.i, T(0)};
    x[h] = {z0.r - z0.i, T(0)};
  }

  // y[0, h) = the packed spectrum whose inverse FFT interleaves the n reals of the Hermitian
  // spectrum x[0, h] (in place).
  void tangle(Cx<T>* x, int64_t h) const {
    const Cx<T>* w = rp->w;
    const T r0 = x[0].r, rh = x[h].r;
    for (int64_t k = 1; 2 * k <= h; ++k) {
      const Cx<T> a = x[k], b = conj(x[h - k]);
      const Cx<T> s = a + b;
      const Cx<T> t = rot<true>(twid<true>(a - b, w[k]));  // i conj(w_k) (a - b)
      x[k] = s + t;
      x[h - k] = conj(s - t);
    }
    x[0] = {r0 + rh, r0 - rh};
  }
};

template <class T>
Status run_lines(const char* op, const LineJob<T>& job, int r, int axis, const Side& in,
                 const Side& out) {
  const Layout& ol = *out.l;
  const Layout& il = *in.l;
  int64_t line_work = job.n;
  for (int64_t v = job.n; v > 1; v >>= 1) line_work += job.n;
  const int64_t tasks = parallel::line_tasks(r, ol.shape.data(), axis, line_work);
  const int64_t per = job.scratch();
  int64_t bytes;
  if (!mul_ok(per, static_cast<int64_t>(sizeof(Cx<T>)), &bytes) || !mul_ok(bytes, tasks, &bytes) ||
      !add_ok(bytes, 16, &bytes)) {
    return make_error(Code::out_of_memory,
                      std::string(op) + ": scratch for length " + S(job.n) + " is too large");
  }
  detail::Buffer buf;
  SV_CHECK(buf.allocate(op, bytes));
  char* w0 = buf.data() + ((16 - reinterpret_cast<uintptr_t>(buf.data()) % 16) % 16);
  const int64_t iel = in.esize / static_cast<int64_t>(sizeof(T));
  const int64_t oel = out.esize / static_cast<int64_t>(sizeof(T));
  parallel::for_each_line(r, ol.shape.data(), axis, tasks, [&](int64_t t, const int64_t* idx) {
    int64_t io = il.offset, oo = ol.offset;
    for (int d = 0; d < r; ++d) {
      if (d == axis) continue;
      io += idx[d] * il.strides[d];
      oo += idx[d] * ol.strides[d];
    }
    Cx<T>* line = reinterpret_cast<Cx<T>*>(w0 + t * per * static_cast<int64_t>(sizeof(Cx<T>)));
    job.run(reinterpret_cast<const T*>(in.base) + io * iel, il.strides[axis],
            reinterpret_cast<T*>(out.base) + oo * oel, ol.strides[axis], line);
  });
  return ok_status();
}

template <class T>
Status run_typed(const char* op, Kind kind, bool inv, int64_t n, double scale, int r, int axis,
                 const Side& in, const Side& out) {
  LineJob<T> job{kind, inv, n, static_cast<T>(scale), nullptr, nullptr, in.l->shape[axis]};
  PlanRef ref;
  if (kind == Kind::c2c) {
    SV_CHECK((get_plan<T, false>(op, n, &ref)));
    job.cp = static_cast<const CPlan<T>*>(ref.get());
  } else {
    SV_CHECK((get_plan<T, true>(op, n, &ref)));
    job.rp = static_cast<const RPlan<T>*>(ref.get());
  }
  return run_lines<T>(op, job, r, axis, in, out);
}

Status fft_call(Kind kind, DType dtype, FftDirection dir, const FftOperand& out,
                const FftOperand& in, int axis, int64_t n, double scale) {
  const char* op = op_name(kind, dir);
  if (dtype != DType::float32 && dtype != DType::float64) {
    return make_error(Code::type_error, std::string(op) + ": dtype " + dtype_name(dtype) +
                                            " is not supported; pass float32 or float64");
  }
  if (dir != FftDirection::forward && dir != FftDirection::inverse) {
    return make_error(Code::invalid_argument, std::string(op) + ": direction " +
                                                  S(static_cast<int32_t>(dir)) +
                                                  " is not 0 (forward) or 1 (inverse)");
  }
  if (n < 1) {
    return make_error(Code::invalid_argument, std::string(op) + ": length " + S(n) +
                                                  " is not a valid transform length; pass n >= 1");
  }
  if (n > kMaxLength) {
    return make_error(
        Code::invalid_argument,
        std::string(op) + ": length " + S(n) + " is above the largest supported, " + S(kMaxLength));
  }
  const int r = in.layout.ndim();
  if (r < 1 || r > kMaxRank) {
    return make_error(Code::rank_mismatch, std::string(op) + ": in has rank " + S(r) +
                                               "; pass rank 1 to " + S(kMaxRank));
  }
  if (out.layout.ndim() != r) {
    return make_error(Code::rank_mismatch, std::string(op) + ": in has rank " + S(r) +
                                               " but out has rank " + S(out.layout.ndim()));
  }
  if (axis < -r || axis >= r) {
    return make_error(Code::out_of_range,
                      std::string(op) + ": axis " + S(axis) + " is out of range for rank " + S(r));
  }
  if (axis < 0) axis += r;
  const int64_t scalar = dtype == DType::float32 ? 4 : 8;
  const int64_t ies = kind == Kind::r2c ? scalar : 2 * scalar;
  const int64_t oes = kind == Kind::c2r ? scalar : 2 * scalar;
  int64_t ilo = 0, ihi = -1, olo = 0, ohi = -1;
  bool iempty = false, oempty = false;
  SV_CHECK(check_side(op, "in", in, r, ies, &ilo, &ihi, &iempty));
  SV_CHECK(check_side(op, "out", out, r, oes, &olo, &ohi, &oempty));
  const int64_t out_len = kind == Kind::r2c ? n / 2 + 1 : n;
  bool same = true;
  for (int d = 0; d < r; ++d) {
    same = same && out.layout.shape[d] == (d == axis ? out_len : in.layout.shape[d]);
  }
  if (!same) {
    LayoutDims want = in.layout.shape;
    want[axis] = out_len;
    return make_error(Code::shape_mismatch,
                      std::string(op) + ": out has shape " + detail::shape_str(out.layout.shape) +
                          " but a transform of length " + S(n) + " along axis " + S(axis) +
                          " of in " + detail::shape_str(in.layout.shape) + " needs " +
                          detail::shape_str(want));
  }
  for (int d = 0; d < r; ++d) {
    if (out.layout.strides[d] == 0 && out.layout.shape[d] > 1) {
      return make_error(Code::read_only, std::string(op) + ": out has stride 0 on dim " + S(d) +
                                             " of size " + S(out.layout.shape[d]) +
                                             "; it would write one element many times");
    }
  }
  if (oempty) return ok_status();

  Side si{static_cast<char*>(in.base), &in.layout, ies};
  const Side so{static_cast<char*>(out.base), &out.layout, oes};
  // An input of no elements (a zero-length axis, zero-padded): read a C-contiguous dummy.
  Layout padded;
  detail::Buffer copy;
  if (iempty) {
    padded = in.layout;
    padded.offset = 0;
    for (int d = 0; d < r; ++d) padded.strides[d] = 0;
    si.base = reinterpret_cast<char*>(const_cast<unsigned char*>(detail::kZeros));
    si.l = &padded;
  } else {
    const char* ib = si.base + ilo * ies;
    const char* ie = si.base + (ihi + 1) * ies;
    const char* ob = so.base + olo * oes;
    const char* oe = so.base + (ohi + 1) * oes;
    const bool overlap = ib < oe && ob < ie;
    bool in_place = kind == Kind::c2c && in.base == out.base &&
                    in.layout.offset == out.layout.offset && in.layout.shape[axis] == n;
    for (int d = 0; d < r && in_place; ++d)
      in_place = in.layout.strides[d] == out.layout.strides[d];
    if (overlap && !in_place) {
      int64_t bytes = ies;
      for (int d = 0; d < r; ++d) {
        if (!mul_ok(bytes, in.layout.shape[d], &bytes)) bytes = -1;  // allocate reports it
        if (bytes < 0) break;
      }
      SV_CHECK(copy.allocate(op, bytes));
      gather_all(copy.data(), si.base, in.layout, ies);
      padded = detail::contiguous_layout(std::span<const int64_t>(in.layout.shape.data(), r));
      si.base = copy.data();
      si.l = &padded;
    }
  }
  if (dtype == DType::float32) {
    return run_typed<float>(op, kind, dir == FftDirection::inverse, n, scale, r, axis, si, so);
  }
  return run_typed<double>(op, kind, dir == FftDirection::inverse, n, scale, r, axis, si, so);
}

}  // namespace

Status fft_c2c(DType dtype, FftDirection dir, const FftOperand& out, const FftOperand& in, int axis,
               int64_t n, double scale) {
  return fft_call(Kind::c2c, dtype, dir, out, in, axis, n, scale);
}

Status fft_r2c(DType dtype, FftDirection dir, const FftOperand& out, const FftOperand& in, int axis,
               int64_t n, double scale) {
  return fft_call(Kind::r2c, dtype, dir, out, in, axis, n, scale);
}

Status fft_c2r(DType dtype, FftDirection dir, const FftOperand& out, const FftOperand& in, int axis,
               int64_t n, double scale) {
  return fft_call(Kind::c2r, dtype, dir, out, in, axis, n, scale);
}

int64_t fft_next_fast_len(int64_t n) {
  if (n < 1 || n > (int64_t{1} << 62)) return -1;
  if (n <= 6) return n;
  int64_t best = 1;
  while (best < n) best *= 2;  // a power of two >= n: at most 2^62
  for (int64_t f5 = 1; f5 < best; f5 *= 5) {
    for (int64_t f35 = f5; f35 < best; f35 *= 3) {
      int64_t x = f35;
      while (x < n) x *= 2;
      if (x < best) best = x;
      if (f35 > best / 3) break;
    }
    if (f5 > best / 5) break;
  }
  return best;
}

FftCacheStats fft_cache_stats() {
  Cache& c = cache();
  std::lock_guard<std::mutex> lk(c.mu);
  FftCacheStats s;
  s.hits = c.hits;
  s.misses = c.misses;
  for (Entry* e : c.slot) s.entries += e ? 1 : 0;
  return s;
}

void fft_cache_clear() {
  Cache& c = cache();
  Entry* drop[kCacheSlots] = {};
  {
    std::lock_guard<std::mutex> lk(c.mu);
    for (int s = 0; s < kCacheSlots; ++s) {
      drop[s] = c.slot[s];
      c.slot[s] = nullptr;
    }
  }
  for (Entry* e : drop) {
    if (e) release(e);
  }
}

}  // namespace sv::kernels
