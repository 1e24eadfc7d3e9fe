"""Drawdown attribution for the alpha backtest, split back over time blocks."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BT = {
    "mesh": (("time", 4), ("asset", 2)),
    "dd": {"axis": "time", "rebalance": "scatter"},
}


def mesh_from(entries):
    names, sizes = zip(*entries)
    return jax.make_mesh(sizes, names)


def full_history(x, axis):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")


SPLITTERS = {
    "scatter": lambda x, axis: jax.lax.psum_scatter(x, axis, scatter_dimension=0, tiled=True),
    "keep": lambda x, axis: x,
}


def drawdown_block(pnl, axis, split):
    hist = full_history(pnl, axis)
    contrib = hist * jnp.exp(hist)
    return split(contrib, axis)


def inputs():
    rng = np.random.default_rng(203)
    return (0.01 * rng.standard_normal((32, 16)).astype(np.float32),)


def main(pnl):
    mesh = mesh_from(BT["mesh"])
    pnl = jax.device_put(pnl, NamedSharding(mesh, P("time", "asset")))
    body = functools.partial(drawdown_block, axis=BT["dd"]["axis"], split=SPLITTERS[BT["dd"]["rebalance"]])
    out = jax.shard_map(body, mesh=mesh, in_specs=P("time", "asset"), out_specs=P("time", "asset"))(pnl)
    print("dd contrib", out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
