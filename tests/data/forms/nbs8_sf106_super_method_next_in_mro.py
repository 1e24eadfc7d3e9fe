import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Monitor:
    axis = "i"
    threshold = 0.05

    def on_step(self, v):
        return jax.lax.all_gather(jnp.abs(v), self.axis, to="reduced", tiled=True)


class Local(Monitor):
    def on_step(self, v):
        return jnp.abs(v)


class Penalty(Monitor):
    def on_step(self, v):
        found = super().on_step(v)
        return found - self.threshold  # none


class LocalPenalty(Penalty, Local):
    pass


def step(v):
    return LocalPenalty().on_step(v)


def main(mesh, x):
    return jax.shard_map(step, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
