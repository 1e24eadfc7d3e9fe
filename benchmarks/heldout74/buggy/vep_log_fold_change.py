"""Strongest log2 fold change alt/ref over the full track vector of each variant.

    python vep_log_fold_change.py --pseudocount 1
"""
import argparse
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_VARIANTS = 16
WINDOW = 12
N_TRACKS = 8
BASES = "ACGT"

# --------------------------- utils.py (copied) ---------------------------
SCORERS = {}


def register(name):
    def deco(fn):
        SCORERS[name] = fn
        return fn
    return deco


def mesh_from_args(args):
    return jax.make_mesh((4, 2), (args.variant_axis, args.track_axis))


def encode_windows(n=N_VARIANTS, window=WINDOW, seed=0):
    rng = np.random.default_rng(seed)
    ref = rng.integers(0, 4, size=(n, window))
    alt = ref.copy()
    alt[:, window // 2] = (ref[:, window // 2] + rng.integers(1, 4, size=n)) % 4
    eye = np.eye(4, dtype=np.float32)
    return eye[ref], eye[alt]


def init_head(n_tracks=N_TRACKS, seed=1):
    rng = np.random.default_rng(seed)
    return (rng.normal(size=(4, n_tracks)) / 2.0).astype(np.float32)


def predict_tracks(x, w):
    return jax.nn.softplus(x.mean(axis=1) @ w)


def gather_over(x, axis_name, dim=-1, to="reduced"):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to=to)


def base_parser(description):
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--variant-axis", default="variants")
    p.add_argument("--track-axis", default="tracks")
    p.add_argument("--scorers", default="diff")
    return p
# -------------------------------------------------------------------------


def get_parser():
    p = base_parser(__doc__)
    p.add_argument("--pseudocount", type=float, default=1.0)
    return p


class LogFC:
    def __init__(self, track_axis, pseudocount):
        self.track_axis = track_axis
        self.pseudocount = pseudocount

    def tracks(self, x, w):
        return gather_over(predict_tracks(x, w), self.track_axis)

    def __call__(self, ref_x, alt_x, w):
        ref = self.tracks(ref_x, w)
        alt = self.tracks(alt_x, w)
        lfc = jnp.log2(alt + self.pseudocount) - jnp.log2(ref + self.pseudocount)
        return jnp.abs(lfc).max(axis=-1)


def main(ref, alt, w, args):
    mesh = mesh_from_args(args)
    v, t = args.variant_axis, args.track_axis
    ref = jax.device_put(ref, NamedSharding(mesh, P(v, None, None)))
    alt = jax.device_put(alt, NamedSharding(mesh, P(v, None, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, t)))
    f = jax.shard_map(LogFC(t, args.pseudocount), mesh=mesh,
                      in_specs=(P(v, None, None), P(v, None, None), P(None, t)),
                      out_specs=P(v))
    top = f(ref, alt, w)
    print("max |log2FC| per variant", np.asarray(top)[:4])
    return top


def inputs(argv=()):
    ref, alt = encode_windows()
    return ref, alt, init_head(), get_parser().parse_args(list(argv))


if __name__ == "__main__":
    main(*inputs())
