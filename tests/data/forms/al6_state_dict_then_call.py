"""A module object whose parameters are read through a method (`layer.state_dict()`) before it
is handed to shard_map as the body."""
import jax
from jax.sharding import PartitionSpec as P


class ColumnParallel:
    def __init__(self, w, axis="j"):
        self.params = {"w": w}
        self.axis = axis

    def state_dict(self):
        return dict(self.params)

    def __call__(self, x, w):
        y = jax.lax.psum(x @ w, self.axis)
        return jax.lax.all_gather(y, self.axis, axis=0, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    layer = ColumnParallel(x)
    w = layer.state_dict()["w"]
    return jax.shard_map(layer, mesh=mesh, in_specs=(P(None, "j"), P("j", None)), out_specs=P(None, reduced={"j"}))(x, w)
