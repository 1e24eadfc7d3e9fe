import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Adjuster:
    def __init__(self, axis):
        self.axis = axis

    def fit(self, x):
        self.theta_ = x.sum(axis=1)
        return self

    def shared(self):
        return jax.lax.all_gather(self.theta_, self.axis, to="reduced")


def body(x):
    est = Adjuster("j")
    fitted = est.fit(jax.lax.psum(x, "j"))
    est.fit(x)  # the same object: theta_ varies on j when shared() runs
    return fitted.shared()


def main(mesh, x):
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"}))
    return fn(x)
