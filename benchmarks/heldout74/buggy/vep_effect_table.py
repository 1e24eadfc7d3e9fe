"""Write the variant-effect table, laid out by track for the track-wise QC job.

    python vep_effect_table.py
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
from jax._src.shard_map import top_level_all_gather

OUTPUT_LAYOUT = {"effects": ("tracks", None), "ref": ("variants", None)}


def score_all(mesh, v, t):
    def body(ref_x, alt_x, w):
        return predict_tracks(alt_x, w) - predict_tracks(ref_x, w)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(v, None, None), P(v, None, None), P(None, t)),
                                 out_specs=P(v, t)))


def write_table(arrays):
    out = {}
    for key, arr in arrays.items():
        out[key] = np.asarray(top_level_all_gather(arr, P(*OUTPUT_LAYOUT[key])))
    return out


def main(ref, alt, w, args):
    mesh = mesh_from_args(args)
    v, t = args.variant_axis, args.track_axis
    with jax.set_mesh(mesh):
        ref = jax.device_put(ref, NamedSharding(mesh, P(v, None, None)))
        alt = jax.device_put(alt, NamedSharding(mesh, P(v, None, None)))
        w = jax.device_put(w, NamedSharding(mesh, P(None, t)))
        effects = score_all(mesh, v, t)(ref, alt, w)
        table = write_table({"effects": effects})
    print("effects", table["effects"].shape)
    return table["effects"]


def inputs(argv=()):
    ref, alt = encode_windows()
    return ref, alt, init_head(), base_parser(__doc__).parse_args(list(argv))


if __name__ == "__main__":
    main(*inputs())
