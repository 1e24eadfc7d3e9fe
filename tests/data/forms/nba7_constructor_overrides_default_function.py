"""The activation defaults to relu, but the one construction passes an identity lambda."""
import jax
from jax.sharding import PartitionSpec as P


class Head:
    def __init__(self, axis="j", act=jax.nn.relu):
        self.axis = axis
        self.act = act

    def __call__(self, x):
        full = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return self.act(full)


def run(mesh, x):
    head = Head(act=lambda v: v)
    return jax.shard_map(head, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
