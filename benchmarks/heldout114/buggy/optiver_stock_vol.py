"""Optiver Realized Volatility Prediction - realized volatility per (stock, time_id) from
book snapshots; the 600 seconds of a time_id split into buckets over the "bucket" axis.

Exported from `optiver-rv-features-jax.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    n_folds = 2
    debug = False
    n_stocks = 8
    n_seconds = 16
    mesh_shape = (4, 2)
    axis_names = ("stock", "bucket")
    agg_level = "stock"


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)

# which mesh axis a feature table is collected over, by aggregation level
COLLECT = {"stock": "stock", "time": "bucket"}

if not CFG.debug:
    # time-id level features for the full run (the stock-level cell comes later)
    CFG.agg_level = "time"


def log_return_sq(wap):
    r = jnp.diff(jnp.log(wap), axis=1)
    return (r * r).sum(1)


def rv_body(wap):
    rv = jnp.sqrt(jax.lax.psum(log_return_sq(wap), "bucket"))
    axis = COLLECT[CFG.agg_level]
    return jax.lax.all_gather(rv, axis, axis=0, tiled=True, to="reduced")


def inputs():
    wap = 100 + np.cumsum(np.random.randn(CFG.n_stocks, CFG.n_seconds), axis=1).astype(np.float32) * 0.01
    return (wap,)


def main(wap):
    with jax.set_mesh(mesh):
        w = jax.device_put(wap, NamedSharding(mesh, P("stock", "bucket")))
        rv = jax.shard_map(rv_body, mesh=mesh, in_specs=P("stock", "bucket"),
                           out_specs=P(reduced={COLLECT[CFG.agg_level]}))(w)
    rv = np.asarray(rv)
    print(f"realized vol: {rv.shape}, mean {rv.mean():.5f}")
    return rv


if __name__ == "__main__":
    main(*inputs())
