"""Near miss of df1: `call` stores the reduced penalty only when the environment asks for it
(it does not when run here), so `self.losses` may still be the empty list of `__init__`; the
analysis joins both paths and is not certain."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

TRACK = os.environ.get("SHARDFIX_FORM_TRACK_LOSSES") == "1"


class Model:
    def __init__(self, axis="j", penalty=1e-3):
        self.axis = axis
        self.penalty = penalty
        self.losses = []

    def call(self, x):
        full = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        if TRACK:
            self.losses = [jnp.abs(full).sum()]
        return jax.lax.psum(x, self.axis)

    def compute_loss(self, x):
        loss = jnp.mean(self.call(x) ** 2)
        for extra in self.losses:
            loss = loss + self.penalty * jax.lax.psum(extra, self.axis)
        return loss[None]


def main(mesh, x):
    model = Model()
    return jax.shard_map(model.compute_loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
