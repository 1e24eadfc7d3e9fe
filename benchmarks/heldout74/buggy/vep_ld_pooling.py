"""Pool variant scores into one locus score, averaging over the variants and tracks configured.

    python vep_ld_pooling.py --pool-axes variants,tracks
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
    p.add_argument("--pool-axes", default="variants,tracks")
    p.add_argument("--ld-decay", type=float, default=0.5)
    return p


def ld_weights(n_local, decay):
    return jnp.exp(-decay * jnp.arange(n_local, dtype=jnp.float32))


def locus_score(ref_x, alt_x, w, *, track_axis, pool_axes, decay):
    effect = predict_tracks(alt_x, w) - predict_tracks(ref_x, w)
    per_variant = jax.lax.psum(jnp.abs(effect).sum(axis=-1), track_axis)
    weighted = per_variant * ld_weights(per_variant.shape[0], decay)
    return jax.lax.pmean(weighted.sum(), axis_name=pool_axes)


def main(ref, alt, w, args):
    mesh = mesh_from_args(args)
    v, t = args.variant_axis, args.track_axis
    ref = jax.device_put(ref, NamedSharding(mesh, P(v, None, None)))
    alt = jax.device_put(alt, NamedSharding(mesh, P(v, None, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, t)))
    body = functools.partial(locus_score, track_axis=t, pool_axes=tuple(args.pool_axes.split(",")),
                             decay=args.ld_decay)
    score = jax.shard_map(body, mesh=mesh, in_specs=(P(v, None, None), P(v, None, None), P(None, t)),
                          out_specs=P())(ref, alt, w)
    print("locus score", float(score))
    return score


def inputs(argv=()):
    ref, alt = encode_windows()
    return ref, alt, init_head(), get_parser().parse_args(list(argv))


if __name__ == "__main__":
    main(*inputs())
