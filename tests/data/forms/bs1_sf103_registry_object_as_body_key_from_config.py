import jax
from jax.sharding import PartitionSpec as P

EXPERIMENT = {"loss": "sampled", "axis": "i"}


class Loss:
    def __init__(self, axis):
        self.axis = axis

    def gathered(self, x):
        return jax.lax.all_gather(x, self.axis, to="reduced", tiled=True)


class Sampled(Loss):
    def __call__(self, x):
        g = self.gathered(x)
        return jax.lax.psum(g, self.axis)  # SF103


class Hinge(Loss):
    def __call__(self, x):
        return jax.lax.psum(x, self.axis)


LOSSES = {"sampled": Sampled, "hinge": Hinge}


def main(mesh, x):
    exp = EXPERIMENT
    loss = LOSSES[exp["loss"]](exp["axis"])
    return jax.shard_map(loss, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
