"""Keras-style `call` stores its activity penalty in `self.losses` on every run; `compute_loss`,
the body's method, calls it and then sums each stored loss over 'j', where the penalty is
already reduced."""
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

    def compute_loss(self, x):
        loss = jnp.mean(self.call(x) ** 2)
        for extra in self.losses:
            loss = loss + self.penalty * jax.lax.psum(extra, self.axis)  # SF103
        return loss[None]


def main(mesh, x):
    model = Model()
    return jax.shard_map(model.compute_loss, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)
