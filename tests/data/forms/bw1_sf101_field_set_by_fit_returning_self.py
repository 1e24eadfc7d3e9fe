import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Adjuster:
    def __init__(self, axis):
        self.axis = axis

    def fit(self, x):
        total = jax.lax.psum(x.sum(axis=1), self.axis)
        self.theta_ = total / 8.0
        return self

    def shared(self):
        return jax.lax.all_gather(self.theta_, self.axis, to="reduced")  # SF101


def body(x):
    return Adjuster("j").fit(x).shared()


def main(mesh, x):
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))
    return fn(x)
