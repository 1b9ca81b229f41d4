// An image-classifier pipeline on strideview, the same module in Node and in browsers:
//
//   canvas RGBA pixels (Uint8ClampedArray, [H, W, 4], what getImageData gives)
//     -> preprocess: drop alpha and transpose to CHW (views: nothing is copied), then
//        (x / 255 - mean) / std per channel, broadcast from [3, 1, 1] (the first arithmetic:
//        the kernel reads the uint8 pixels through the view's strides and writes float32)
//     -> a tiny linear "model": global average pool over H, W, then [3] @ [3, 10] + bias
//     -> postprocess: a numerically stable softmax (subtract the max, keepdims) and the top k.
//
// The model is a toy with fixed weights, not a trained network: its 10 classes are colour names,
// and the linear layer is a nearest-prototype rule (see colorModel), so the "prediction" is the
// named colour nearest to the image's mean colour. Everything before and after it is what a real
// image model needs (ImageNet mean/std, CHW float32, softmax, top-5).
//
// Memory: every function here runs in tidy(), so temporaries are freed as soon as it returns;
// what a function returns is the caller's (run it inside tidy() too, as classify() does).
import { add, array, div, exp, fromTypedArray, matmul, max, mean as reduceMean, NDArray, sub, sum, tidy, topk } from 'strideview';

/** ImageNet channel statistics (of pixels scaled to [0, 1]), the usual torchvision values. */
export const MEAN = [0.485, 0.456, 0.406];
export const STD = [0.229, 0.224, 0.225];

/** The colour model's classes (colorModel's prototypes, in this order). */
export const LABELS = ['black', 'white', 'gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'brown'];
/** sRGB 0..255 prototype of each label. */
export const PROTOTYPES = [
  [0, 0, 0],
  [255, 255, 255],
  [128, 128, 128],
  [220, 30, 30],
  [255, 140, 0],
  [240, 220, 40],
  [40, 160, 60],
  [30, 80, 220],
  [130, 50, 170],
  [130, 80, 40],
];
/** Softmax temperature of colorModel (smaller: sharper probabilities). */
export const TEMPERATURE = 1;

/**
 * The [3, H, W] view of an [H, W, 4] RGBA array: alpha dropped by a slice, channels moved first by
 * a transpose. Both are views of the pixels (strides [1, 4 * W, 4] in elements), no copy.
 */
export function toCHW(img) {
  if (img.ndim !== 3 || img.shape[2] !== 4) throw new RangeError(`toCHW: expected an [H, W, 4] array, got [${img.shape}]`);
  return img.slice(':, :, :3').transpose([2, 0, 1]);
}

/**
 * RGBA pixels -> normalized float32 CHW tensor [3, H, W]: (pixel / 255 - mean[c]) / std[c].
 * `rgba` is a Uint8ClampedArray / Uint8Array of H * W * 4 bytes (canvas getImageData().data), or a
 * uint8 NDArray [H, W, 4] (then H and W may be omitted). Computed as
 * (pixel - 255 * mean[c]) / (255 * std[c]): two broadcasting float32 ops, the first reading the
 * pixels straight through the strided CHW view, the second in place (`out`).
 */
export function preprocess(rgba, H, W, { mean = MEAN, std = STD } = {}) {
  return tidy(() => {
    let img;
    if (rgba instanceof NDArray) {
      img = rgba;
      if (H !== undefined && (img.shape[0] !== H || img.shape[1] !== W)) throw new RangeError(`preprocess: the array is [${img.shape}], not [${H}, ${W}, 4]`);
    } else {
      if (!Number.isInteger(H) || !Number.isInteger(W) || H < 1 || W < 1) throw new RangeError(`preprocess: H and W must be positive integers, got ${H} and ${W}`);
      if (!rgba || rgba.length !== H * W * 4) throw new RangeError(`preprocess: expected ${H} * ${W} * 4 = ${H * W * 4} bytes of RGBA, got ${rgba?.length}`);
      img = fromTypedArray(rgba, [H, W, 4]); // the one copy: JS memory -> WASM memory (uint8)
    }
    const chw = toCHW(img); // views only
    const shift = array(mean.map((m) => 255 * m), { dtype: 'float32' }).reshape([3, 1, 1]);
    const scale = array(std.map((s) => 255 * s), { dtype: 'float32' }).reshape([3, 1, 1]);
    const x = sub(chw, shift); // uint8 (strided) - float32 [3, 1, 1] -> float32 [3, H, W], C order
    return div(x, scale, { out: x }); // in place: no second buffer
  });
}

/** Softmax along `axis`, numerically stable: exp(x - max(x)) / sum(exp(x - max(x))). */
export function softmax(x, axis = -1) {
  return tidy(() => {
    const e = exp(sub(x, max(x, { axis, keepdims: true })));
    return div(e, sum(e, { axis, keepdims: true }), { out: e });
  });
}

/**
 * logits [classes] -> { probs: NDArray (softmax, the caller's to dispose), top: the k most likely
 * as [{ rank, index, label, prob }], most likely first (ties: lower index first) }.
 */
export function postprocess(logits, labels, k = 5) {
  return tidy(() => {
    const probs = softmax(logits);
    const { values, indices } = topk(probs, k);
    const p = values.toArray(); // JS numbers (NumPy's tolist); the int64 indices too, exact
    const top = indices.toArray().map((i, r) => ({ rank: r + 1, index: i, label: labels[i], prob: p[r] }));
    return { probs, top };
  });
}

/**
 * The toy model: logits = GAP(x) @ weight + bias, weight [3, 10] and bias [10] (float32). With
 * weight[:, k] = p_k / T and bias[k] = -|p_k|^2 / (2 T), p_k the k-th prototype colour normalized
 * like the pixels, logits[k] = -(|f - p_k|^2 - |f|^2) / (2 T): the |f|^2 term is the same for every
 * class, so softmax(logits) = softmax(-|f - p_k|^2 / (2 T)), a nearest-colour rule in a linear layer.
 * Create it once (outside tidy, or keep() it) and dispose() it when done.
 */
export function colorModel({ mean = MEAN, std = STD, prototypes = PROTOTYPES, labels = LABELS, temperature = TEMPERATURE } = {}) {
  const P = prototypes.map((rgb) => rgb.map((v, c) => (v / 255 - mean[c]) / std[c]));
  const weight = array(
    [0, 1, 2].map((c) => P.map((p) => p[c] / temperature)),
    { dtype: 'float32' },
  );
  const bias = array(
    P.map((p) => -(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) / (2 * temperature)),
    { dtype: 'float32' },
  );
  return {
    labels,
    weight,
    bias,
    /** x: float32 [3, H, W] -> { features: [3], logits: [classes] } (the caller's to dispose). */
    forward(x) {
      return tidy(() => {
        const features = reduceMean(x, { axis: [1, 2] }); // global average pool: float32 [3]
        const logits = add(matmul(features, weight), bias); // [3] @ [3, 10] + [10]
        return { features, logits };
      });
    },
    dispose() {
      weight.dispose();
      bias.dispose();
    },
  };
}

/**
 * The whole pipeline on RGBA pixels; returns plain JS (no arrays survive it):
 * { top, probs: Float32Array, logits: Float32Array, features: Float32Array }.
 */
export function classify(rgba, H, W, model, k = 5) {
  return tidy(() => {
    const x = preprocess(rgba, H, W);
    const { features, logits } = model.forward(x);
    const { probs, top } = postprocess(logits, model.labels, k);
    // float32 already: astype('float32') (a copy of a few elements) gives the dtype to the types, so
    // toTypedArray() is a Float32Array for TypeScript too
    const f32 = (/** @type {NDArray} */ a) => a.astype('float32').toTypedArray();
    return { top, probs: f32(probs), logits: f32(logits), features: f32(features) };
  });
}
