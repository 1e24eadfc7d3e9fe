"""Order-flow imbalance features for the L2 book pipeline (desk: EQ-MM, owner: lob-features)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PIPELINE = {
    "mesh": {"sym": 4, "tick": 2},
    "ofi": {"levels": 3, "norm": "sum", "normalise_over": "tick"},
}

REDUCE_FNS = {
    "sum": jax.lax.psum,
    "max": jax.lax.pmax,
}


def make_mesh(spec):
    return jax.make_mesh(tuple(spec.values()), tuple(spec.keys()))


def gather_ticks(x, axis_name, dim=1):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


def ofi_from_book(bid_sz, ask_sz, n_levels):
    d_bid = jnp.diff(bid_sz[..., :n_levels], axis=1, prepend=bid_sz[:, :1, :n_levels])
    d_ask = jnp.diff(ask_sz[..., :n_levels], axis=1, prepend=ask_sz[:, :1, :n_levels])
    return (d_bid - d_ask).sum(axis=-1)


def ofi_features(bid_sz, ask_sz, mesh):
    cfg = PIPELINE["ofi"]
    ax = cfg["normalise_over"]
    reduce = REDUCE_FNS[cfg["norm"]]

    def _block(b, a):
        ofi = ofi_from_book(b, a, cfg["levels"])
        gross = reduce(jnp.abs(ofi).sum(axis=1, keepdims=True), ax)
        scale = gather_ticks(gross, ax)
        return ofi, scale

    return jax.shard_map(_block, mesh=mesh,
                         in_specs=(P("sym", "tick", None), P("sym", "tick", None)),
                         out_specs=(P("sym", "tick"), P("sym", None, reduced={"tick"})))(bid_sz, ask_sz)


def inputs():
    rng = np.random.default_rng(101)
    bid = rng.integers(1, 500, size=(8, 16, 5)).astype(np.float32)
    ask = rng.integers(1, 500, size=(8, 16, 5)).astype(np.float32)
    return bid, ask


def main(bid_sz, ask_sz):
    mesh = make_mesh(PIPELINE["mesh"])
    layout = NamedSharding(mesh, P("sym", "tick", None))
    bid_sz, ask_sz = jax.device_put(bid_sz, layout), jax.device_put(ask_sz, layout)
    ofi, scale = ofi_features(bid_sz, ask_sz, mesh)
    print("ofi", ofi.shape, "scale", scale.shape)
    return ofi


if __name__ == "__main__":
    main(*inputs())
