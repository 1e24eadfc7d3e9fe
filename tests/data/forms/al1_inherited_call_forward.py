"""A PyTorch-style base class: `Module.__call__` runs `self.forward(*args)`, and the layer handed
to shard_map defines only `forward` (its __init__ calls the base's)."""
import jax
from jax.sharding import PartitionSpec as P


class Module:
    def __init__(self):
        self.training = False

    def __call__(self, *args):
        return self.forward(*args)


class RowLinear(Module):
    def __init__(self, axis="j"):
        super().__init__()
        self.axis = axis

    def forward(self, x, w):
        y = jax.lax.psum(x @ w, self.axis)
        return jax.lax.all_gather(y, self.axis, axis=1, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    layer = RowLinear()
    return jax.shard_map(layer, mesh=mesh, in_specs=(P("i", "j"), P("j", None)),
                         out_specs=P("i", None, reduced={"j"}))(x, x)
