import jax
from jax.sharding import PartitionSpec as P


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def apply(self, x):
        g = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
        return g * self.factor  # SF106


def run(mesh, x):
    return jax.shard_map(Scaler(2.0).apply, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, "j", reduced={"i"}))(x)
