"""Near miss of df1: after `call` stored the reduced penalty, a list keeps the model and `reset`
stores a varying one; the list's copy of the model is older than the last store, so the
analysis does not read the field through it (the object holds the varying penalty)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Model:
    def __init__(self, axis="j", penalty=1e-3):
        self.axis = axis
        self.penalty = penalty
        self.losses = []

    def call(self, x):
        full = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        self.losses = [jnp.abs(full).sum()]
        return jax.lax.psum(x, self.axis)

    def reset(self, x):
        self.losses = [jnp.abs(x).sum()]

    def compute_loss(self, x):
        loss = jnp.mean(self.call(x) ** 2)
        held = [self]
        self.reset(x)
        for extra in held[0].losses:
            loss = loss + self.penalty * jax.lax.psum(extra, self.axis)
        return loss[None]


def main(mesh, x):
    model = Model()
    return jax.shard_map(model.compute_loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
