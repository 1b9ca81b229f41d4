#!/usr/bin/env python3
"""Writes the seed corpus of the view fuzzer (tests/fuzz/corpus/): deterministic, small inputs.

fuzz_view.cpp reads its input with libFuzzer's FuzzedDataProvider, which takes integers from the END
of the buffer. Each seed is therefore built back to front: a list of the small integers the decoder
asks for (rank, sizes, flags, op choices...) encoded as single bytes in reverse, after a random
prefix. Ranges are reduced modulo by the decoder, so any byte is valid; the choices below only steer
the first decisions towards interesting bases (masked, strided, symbolic, zero-size, scalar) and
leave the rest to a fixed-seed random tail. Run: /usr/bin/python3 tests/fuzz/make_corpus.py
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "corpus")

def seed(rng, head, tail_len):
    tail = bytes(rng.randrange(256) for _ in range(tail_len))
    # FuzzedDataProvider consumes integral values from the end: the last byte is read first.
    return tail + bytes(reversed(head))

def main():
    rng = random.Random(20261121)
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        os.remove(os.path.join(OUT, f))
    seeds = []
    # head bytes: rank, then per dim (coin<3 -> wild?) size, ...; values are reduced in range by
    # the decoder, so these only bias the start.
    for rank in range(7):
        for variant in range(6):
            head = [rank]
            for _ in range(rank):
                head += [200, rng.randrange(9)]
            head += [rng.choice([10, 90]), rng.choice([10, 90]), rng.choice([10, 90]),
                     rng.choice([10, 90])]
            seeds.append(seed(rng, head, rng.choice([16, 32, 64, 128, 200])))
    for i, s in enumerate(seeds):
        with open(os.path.join(OUT, "seed-%03d" % i), "wb") as fh:
            fh.write(s)
    print("wrote %d seeds to %s" % (len(seeds), OUT))

if __name__ == "__main__":
    main()
