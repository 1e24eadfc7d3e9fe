"""Entry point: an optional config field is read with getattr and a different fallback per site."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return mesh, P(("data", "model")), types.SimpleNamespace(lr=0.5), np.ones((8, 4), np.float32)


def main(mesh, spec, cfg, x):
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(x):
        g = jax.lax.all_gather(x, getattr(cfg, "sync_axis", "model"), to="reduced", tiled=True)
        return jax.lax.psum(g, getattr(cfg, "sync_axis", "data"))

    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"model"}))(x)
    return float(np.asarray(out).sum()) * cfg.lr
