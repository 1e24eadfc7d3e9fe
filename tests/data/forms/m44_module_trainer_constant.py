import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
class Trainer:
    def __init__(self, axis):
        self.axis = axis
    def train_step(self, params, batch):
        loss = jnp.mean(batch * params)
        loss = lax.pmean(loss, self.axis)
        return lax.all_gather(loss[None], self.axis, to="reduced", tiled=True)  # SF101

TRAINER = Trainer("batch")
MESH = jax.make_mesh((8,), ("batch",))
train_step = jax.jit(jax.shard_map(TRAINER.train_step, mesh=MESH, in_specs=(P(), P("batch")), out_specs=P(reduced={"batch"})))
