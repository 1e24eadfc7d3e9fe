"""Component VaR decomposition by asset and scenario block (risk-models/var)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DECOMP = {
    "mesh": (("scen", 4), ("asset", 2)),
    "z": 2.326,
    "total_over": ["scen", "asset"],
}


def marginal(scen_rets, w, asset_axis):
    port = jax.lax.psum(scen_rets @ w, asset_axis)
    return (scen_rets * port).mean(axis=0, keepdims=True) * w[:, 0]


def decompose(scen_rets, w, *, asset_axis, total_over, z):
    comp = z * marginal(scen_rets, w, asset_axis)
    book = jax.lax.psum(comp.sum(), asset_axis)
    total = jax.lax.psum(book, axis_name=tuple(total_over))
    return comp, total


def inputs():
    rng = np.random.default_rng(305)
    return ((0.02 * rng.standard_normal((64, 16))).astype(np.float32),
            (rng.random((16, 1)) / 16).astype(np.float32))


def main(scen, w):
    names, sizes = zip(*DECOMP["mesh"])
    mesh = jax.make_mesh(sizes, names)
    scen = jax.device_put(scen, NamedSharding(mesh, P("scen", "asset")))
    w = jax.device_put(w, NamedSharding(mesh, P("asset", None)))
    body = functools.partial(decompose, asset_axis="asset", total_over=DECOMP["total_over"], z=DECOMP["z"])
    comp, total = jax.shard_map(body, mesh=mesh, in_specs=(P("scen", "asset"), P("asset", None)),
                                out_specs=(P("scen", "asset"), P()))(scen, w)
    print(comp.shape, float(total))
    return total


if __name__ == "__main__":
    main(*inputs())
