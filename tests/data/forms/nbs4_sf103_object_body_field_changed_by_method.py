import jax
from jax.sharding import PartitionSpec as P


class Pooled:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        g = jax.lax.all_gather(x, "i", to="reduced", tiled=True)
        return jax.lax.psum(g, self.axis)  # none

    def retarget(self, axis):
        self.axis = axis


def retarget(obj):
    obj.axis = "j"


def main(mesh, x, flag=True):
    loss = Pooled("i")
    loss.retarget("j")
    return jax.shard_map(loss, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
