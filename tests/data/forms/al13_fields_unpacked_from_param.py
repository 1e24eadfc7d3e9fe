"""A layer given its axes as one tuple unpacks them into fields (`self.dp, self.tp = axes`)."""
import jax
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


class Reducer:
    def __init__(self, axes=AXES):
        self.dp, self.tp = axes

    def __call__(self, x):
        total = jax.lax.psum(x, self.tp)
        return jax.lax.all_gather(total, self.tp, axis=1, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(Reducer(), mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
