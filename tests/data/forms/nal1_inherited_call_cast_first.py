"""Near miss of al1: the inherited `__call__` runs a forward that casts the psum result back to
varying before gathering it reduced."""
import jax
from jax.sharding import PartitionSpec as P


class Module:
    def __call__(self, *args):
        return self.forward(*args)


class RowLinear(Module):
    def __init__(self, axis="j"):
        self.axis = axis

    def forward(self, x, w):
        y = jax.lax.psum(x @ w, self.axis)
        y = jax.lax.pcast(y, self.axis, to="varying")
        return jax.lax.all_gather(y, self.axis, axis=1, tiled=True, to="reduced")


def run(mesh, x):
    layer = RowLinear()
    return jax.shard_map(layer, mesh=mesh, in_specs=(P("i", "j"), P("j", None)),
                         out_specs=P("i", None, reduced={"j"}))(x, x)
