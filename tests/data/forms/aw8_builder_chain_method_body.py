"""A buildable written by hand: a config object builds its module in one chained expression
(`Buildable(...).build().step`); the step gathers a value already reduced on one of its axes."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Stage:
    def __init__(self, axes):
        self.axes = axes

    def step(self, w):
        rows = jax.lax.all_gather(w, self.axes[0], axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, self.axes, axis=1, tiled=True, to="reduced")  # SF102


class Buildable:
    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def build(self):
        return Stage(**self.kwargs)


def run(mesh, x):
    step = Buildable(axes=("i", "j")).build().step
    return jax.shard_map(step, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(jnp.asarray(x))
