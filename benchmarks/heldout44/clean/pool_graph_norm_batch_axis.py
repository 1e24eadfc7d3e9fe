"""GraphNorm statistics: per-graph mean over the node shards, then a batch-wide learnable shift."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def graph_norm(nodes, alpha, *, node_axis, stat_axes, eps=1e-5):
    mean = jax.lax.pmean(jnp.mean(nodes, axis=1, keepdims=True), node_axis)
    centred = nodes - alpha * mean
    var = jax.lax.pmean(jnp.mean(centred ** 2, axis=1, keepdims=True), node_axis)
    batch_var = jax.lax.pmean(var, stat_axes)
    return centred / jnp.sqrt(var + eps), batch_var


NORMS = {"graph_norm": graph_norm}
MODEL = {"norm": "graph_norm", "axes": {"node": "node", "stats": "batch"}}


def inputs():
    rng = np.random.default_rng(34)
    return rng.normal(size=(4, 16, 8)).astype(np.float32), np.ones((8,), np.float32)


def main(nodes, alpha):
    mesh = jax.make_mesh((2, 4), ("batch", "node"))
    spec = P("batch", "node", None)
    nodes = jax.device_put(nodes, NamedSharding(mesh, spec))
    alpha = jax.device_put(alpha, NamedSharding(mesh, P()))
    norm = functools.partial(NORMS[MODEL["norm"]], node_axis=MODEL["axes"]["node"],
                             stat_axes=MODEL["axes"]["stats"])
    return jax.shard_map(norm, mesh=mesh, in_specs=(spec, P()), out_specs=(spec, P()))(nodes, alpha)


if __name__ == "__main__":
    main(*inputs())
