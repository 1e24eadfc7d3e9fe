"""Microprice features: registry of book features run per stage (lob-features)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FEATURES = {}


def register(name):
    def deco(fn):
        FEATURES[name] = fn
        return fn
    return deco


FEATURE_CFG = {
    "mesh_axes": ["sym", "tick"],
    "mesh_shape": [4, 2],
    "stages": ["microprice", "grid"],
    "stage_opts": {
        "microprice": {"axes": "tick", "dim": 1},
        "grid": {"axes": "sym,tick", "dim": 0},
    },
}


def _axes(s):
    parts = tuple(s.split(","))
    return parts[0] if len(parts) == 1 else parts


@register("microprice")
def microprice(x, axes, dim):
    bid_px, ask_px, bid_sz, ask_sz = x[..., 0], x[..., 1], x[..., 2], x[..., 3]
    imb = bid_sz / (bid_sz + ask_sz)
    mp = imb * ask_px + (1.0 - imb) * bid_px
    return jax.lax.all_gather(mp, axes, axis=dim, tiled=True, to="reduced")


@register("grid")
def grid(x, axes, dim):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


def run_stages(book):
    out = book
    for name in FEATURE_CFG["stages"]:
        opts = FEATURE_CFG["stage_opts"][name]
        out = FEATURES[name](out, _axes(opts["axes"]), opts["dim"])
    return out


def inputs():
    rng = np.random.default_rng(102)
    mid = 100 + np.cumsum(0.01 * rng.standard_normal((8, 16)), axis=1)
    book = np.stack([mid - 0.01, mid + 0.01,
                     rng.integers(1, 300, (8, 16)), rng.integers(1, 300, (8, 16))], axis=-1)
    return (book.astype(np.float32),)


def main(book):
    mesh = jax.make_mesh(tuple(FEATURE_CFG["mesh_shape"]), tuple(FEATURE_CFG["mesh_axes"]))
    book = jax.device_put(book, NamedSharding(mesh, P("sym", "tick", None)))
    grid_out = jax.shard_map(run_stages, mesh=mesh, in_specs=P("sym", "tick", None),
                             out_specs=P(None, None, reduced={"sym", "tick"}))(book)
    print("microprice grid", grid_out.shape)
    return grid_out


if __name__ == "__main__":
    main(*inputs())
