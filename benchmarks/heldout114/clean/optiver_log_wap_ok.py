"""Optiver - log-return features over the whole time_id after collecting the buckets;
a small epsilon guards the log against empty seconds.

Exported from `optiver-logret-features.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    debug = False
    n_stocks = 8
    n_seconds = 16
    eps = 1e-9
    mesh_shape = (2, 4)
    axis_names = ("stock", "bucket")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)


def feature_body(wap):
    wap_all = jax.lax.all_gather(wap, "bucket", axis=1, tiled=True, to="reduced")
    log_wap = jnp.log(wap_all)
    ret = log_wap[:, 1:] - log_wap[:, :-1]
    return jnp.abs(ret).sum(1)


def inputs():
    wap = 100 + np.cumsum(np.random.randn(CFG.n_stocks, CFG.n_seconds), axis=1).astype(np.float32) * 0.01
    return (wap,)


def main(wap):
    with jax.set_mesh(mesh):
        w = jax.device_put(wap, NamedSharding(mesh, P("stock", "bucket")))
        feat = jax.shard_map(feature_body, mesh=mesh, in_specs=P("stock", "bucket"),
                             out_specs=P("stock", reduced={"bucket"}))(w)
    feat = np.asarray(feat)
    print(f"abs log-return sum: {feat.round(5).tolist()}")
    return feat


if __name__ == "__main__":
    main(*inputs())
