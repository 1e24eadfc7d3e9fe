import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def make_train_step(mesh, *, axis_name="batch"):
    def local_step(params, batch):
        grads = jax.tree.map(lambda p: p * batch.mean(), params)
        grads = lax.pmean(grads, axis_name)
        return lax.all_gather(grads, axis_name, to="reduced", tiled=True)  # SF101
    sharded = jax.shard_map(local_step, mesh=mesh, in_specs=(P(), P(axis_name)), out_specs=P(reduced={axis_name}))
    return jax.jit(sharded, donate_argnums=0)

train_step = make_train_step(jax.make_mesh((8,), ("batch",)))
