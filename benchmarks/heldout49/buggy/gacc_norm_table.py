"""Per-layer gradient norm table assembled over both data and model axes for logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOG_CFG = {"row_axis": "model", "table_axes": ["model", "data"]}


def layer_norms(stacked_grads):
    return jnp.sqrt((stacked_grads * stacked_grads).sum(axis=(1, 2)))[None]


def norm_table(stacked_grads, cfg=LOG_CFG):
    norms = layer_norms(stacked_grads)
    rows = jax.lax.all_gather(norms, cfg["row_axis"], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(rows, tuple(cfg["table_axes"]), axis=1, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    g = np.random.default_rng(45).normal(size=(4, 16, 8)).astype(np.float32)
    return mesh, jax.device_put(g, NamedSharding(mesh, P("data", None, "model")))


def main(mesh, g):
    f = jax.shard_map(norm_table, mesh=mesh, in_specs=P("data", None, "model"),
                      out_specs=P(None, None, reduced={"data", "model"}))
    return f(g)


if __name__ == "__main__":
    main(*inputs())
