import jax
from jax.sharding import PartitionSpec as P

STAGES = []


class Stage:
    axis = "j"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls._registered = True
        STAGES.append(cls)


class Reduce(Stage):
    def run(self, x):
        total = jax.lax.psum(x, self.axis)
        return jax.lax.all_gather(total, self.axis, axis=1, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    stage = Reduce()
    return jax.shard_map(stage.run, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
