"""Score every variant with each configured scorer and collect the (variant x track) matrices.

    python vep_score_matrix.py --scorers diff,max_abs
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


@register("diff")
def diff_score(ref, alt, track_axis):
    return alt - ref


@register("max_abs")
def max_abs_score(ref, alt, track_axis):
    # strongest effect over all tracks, broadcast back to the local tracks
    m = jax.lax.pmax(jnp.abs(alt - ref).max(axis=-1, keepdims=True), track_axis)
    return jnp.broadcast_to(m, ref.shape)


def run_scorers(names, track_axis):
    def body(ref_x, alt_x, w):
        ref, alt = predict_tracks(ref_x, w), predict_tracks(alt_x, w)
        out = []
        for name in names:
            score = SCORERS[name](ref, alt, track_axis)
            out.append(gather_over(score, track_axis))
        return tuple(out)
    return body


def main(ref, alt, w, args):
    mesh = mesh_from_args(args)
    v, t = args.variant_axis, args.track_axis
    names = args.scorers.split(",")
    ref = jax.device_put(ref, NamedSharding(mesh, P(v, None, None)))
    alt = jax.device_put(alt, NamedSharding(mesh, P(v, None, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, t)))
    f = jax.shard_map(run_scorers(names, t), mesh=mesh,
                      in_specs=(P(v, None, None), P(v, None, None), P(None, t)),
                      out_specs=tuple(P(v, None, reduced={t}) for _ in names))
    mats = f(ref, alt, w)
    for name, m in zip(names, mats):
        print(name, np.asarray(m).shape)
    return mats


def inputs(argv=("--scorers", "diff,max_abs")):
    args = base_parser(__doc__).parse_args(list(argv))
    ref, alt = encode_windows()
    return ref, alt, init_head(), args


if __name__ == "__main__":
    main(*inputs())
