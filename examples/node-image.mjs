// An image-like array [H, W, 3] (uint8) through views and copies, saved as .npy:
//   node examples/node-image.mjs out.npy
// then, in Python:  numpy.load('out.npy').shape  ->  (48, 40, 3)
import { writeFileSync } from 'node:fs';
import { init, fromTypedArray, memoryStats, saveNpy } from 'strideview';

const outFile = process.argv[2] ?? 'out.npy';
await init();

// A synthetic 48 x 64 RGB image: red grows along x, green along y, blue is an 8-pixel checkerboard.
const H = 48;
const W = 64;
const pixels = new Uint8Array(H * W * 3);
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    const p = (y * W + x) * 3;
    pixels[p] = (x * 4) & 255;
    pixels[p + 1] = (y * 5) & 255;
    pixels[p + 2] = ((x >> 3) + (y >> 3)) & 1 ? 200 : 30;
  }
}
const img = fromTypedArray(pixels, [H, W, 3]); // one copy into WASM memory

const crop = img.slice('8:40, 16:56, :'); // rows 8..39, columns 16..55: a view, no copy
const mirrored = crop.flip({ axis: 1 }); // left-right mirror: a view with a negative stride
const turned = mirrored.transpose([1, 0, 2]); // swap height and width: a view
const framed = turned.pad([[4, 4], [4, 4], [0, 0]], 255); // a 4-pixel white frame: a new array

console.log('image   ', img.shape, 'strides', img.strides);
console.log('crop    ', crop.shape, 'strides', crop.strides, 'offset', crop.offset);
console.log('mirrored', mirrored.shape, 'strides', mirrored.strides, 'offset', mirrored.offset);
console.log('turned  ', turned.shape, 'strides', turned.strides);
console.log('framed  ', framed.shape, framed.dtype, 'owns its buffer:', framed.base === null);

writeFileSync(outFile, saveNpy(framed));
console.log(`wrote ${outFile}`);

img.dispose(); // frees the pixels (crop, mirrored and turned were views of them)
framed.dispose();
console.log('live arrays after dispose:', memoryStats().liveArrays);
