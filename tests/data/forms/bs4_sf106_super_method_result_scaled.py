import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Monitor:
    axis = "i"
    threshold = 0.05

    def on_step(self, v):
        return jax.lax.all_gather(jnp.abs(v), self.axis, to="reduced", tiled=True)


class Penalty(Monitor):
    def on_step(self, v):
        gathered = super().on_step(v)
        return gathered - self.threshold  # SF106


CALLBACKS = [Penalty()]


def step(v):
    return sum(cb.on_step(v) for cb in CALLBACKS)


def main(mesh, x):
    return jax.shard_map(step, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
