"""A registry a base class fills in __init_subclass__; the body is a bound method of the object built from it."""
import jax
from jax.sharding import PartitionSpec as P


class Stage:
    registry = {}
    kind = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.kind:
            Stage.registry[cls.kind] = cls

    def __init__(self, scale, axis="i"):
        self.scale = scale
        self.axis = axis


class SumStage(Stage):
    kind = "sum"

    def run(self, x):
        total = jax.lax.psum(x * self.scale, self.axis)
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")  # SF101


def main(mesh, x, kind="sum"):
    stage = Stage.registry[kind](scale=2.0)
    return jax.shard_map(stage.run, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, "j", reduced={"i"}))(x)
