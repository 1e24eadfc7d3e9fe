"""The object that is the body is also read for its fields: the specs come from `model.axis`,
and a config field sizes the input."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Head:
    def __init__(self, axis, tasks):
        self.axis = axis
        self.tasks = tasks

    def __call__(self, h):
        pooled = jax.lax.all_gather(h, self.axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(pooled, self.axis, axis=0, tiled=True, to="reduced")  # SF103

    def describe(self):
        return f"{len(self.tasks)} tasks over {self.axis}"


def run(mesh, x):
    head = Head("i", ("cls", "box"))
    print(head.describe())
    h = jnp.tile(x, (len(head.tasks) // 2, 1))
    return jax.shard_map(head, mesh=mesh, in_specs=P(head.axis), out_specs=P(None, reduced={"i"}))(h)
