"""Wide-and-deep: the wide table is sharded over (batch, shard), the deep tower only over batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ALL_AXES = ("batch", "shard")
GRAD_SPECS = {"wide": P("batch", "shard"), "deep": P("batch", None)}


def sync_grads(grads):
    return jax.tree.map(lambda g: jax.lax.pmean(g, ALL_AXES), grads)


def inputs():
    rng = np.random.default_rng(27)
    return ({"wide": rng.normal(size=(8, 8)).astype(np.float32),
             "deep": rng.normal(size=(8, 4)).astype(np.float32)},)


def main(grads):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    grads = {k: jax.device_put(v, NamedSharding(mesh, GRAD_SPECS[k])) for k, v in grads.items()}
    f = jax.jit(jax.shard_map(sync_grads, mesh=mesh, in_specs=(GRAD_SPECS,),
                              out_specs={"wide": P(None, "shard"), "deep": P()}))
    return f(grads)
