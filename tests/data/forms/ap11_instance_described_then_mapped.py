"""The module object is handed to a helper that only reads its fields (`count_params(head)`)
before it becomes the shard_map body; its `__call__` gathers the reduced rows again."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Head:
    def __init__(self, axis, width):
        self.axis = axis
        self.width = width

    def __call__(self, h):
        rows = jax.lax.all_gather(h, self.axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, self.axis, axis=1, tiled=True, to="reduced")  # SF103


def count_params(module):
    return module.width * module.width


def run(mesh, x):
    head = Head("i", 8)
    print("params:", count_params(head))
    return jax.shard_map(head, mesh=mesh, in_specs=P("i"), out_specs=P(None, None, reduced={"i"}))(jnp.asarray(x))
