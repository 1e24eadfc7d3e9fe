import jax
from jax.sharding import PartitionSpec as P


class Trainer:
    class Collectives:
        AXIS = "i"

        @classmethod
        def gather_sum(cls, x):
            full = jax.lax.all_gather(x, cls.AXIS, axis=0, tiled=True, to="reduced")
            return jax.lax.pmax(full, cls.AXIS)  # SF103

    def __init__(self, mesh):
        self.mesh = mesh

    def build(self):
        return jax.shard_map(self.Collectives.gather_sum, mesh=self.mesh, in_specs=P("i", "j"),
                             out_specs=P(None, "j"))


def run(mesh, x):
    return Trainer(mesh).build()(x)
