"""Wide-and-deep: each gradient leaf averaged over the axes it is sharded on, from a table."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRAD_SPECS = {"wide": P("batch", "shard"), "deep": P("batch", None)}
SYNC_AXES = {"wide": ("batch",), "deep": ("batch",)}


def sync_grads(grads):
    return {k: jax.lax.pmean(g, SYNC_AXES[k]) for k, g in grads.items()}


def inputs():
    rng = np.random.default_rng(52)
    return ({"wide": rng.normal(size=(8, 8)).astype(np.float32),
             "deep": rng.normal(size=(8, 4)).astype(np.float32)},)


def main(grads):
    mesh = jax.make_mesh((2, 4), ("batch", "shard"))
    grads = {k: jax.device_put(v, NamedSharding(mesh, GRAD_SPECS[k])) for k, v in grads.items()}
    f = jax.jit(jax.shard_map(sync_grads, mesh=mesh, in_specs=(GRAD_SPECS,),
                              out_specs={"wide": P(None, "shard"), "deep": P()}))
    return f(grads)
