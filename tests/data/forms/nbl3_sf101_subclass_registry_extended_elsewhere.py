"""The registry's base is also extended through an alias: the table may hold a class the module's class statements do not show as a subclass."""
import jax
from jax.sharding import PartitionSpec as P


class Stage:
    registry = {}
    kind = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.kind:
            Stage.registry[cls.kind] = cls

    def __init__(self, axis="i"):
        self.axis = axis


class SumStage(Stage):
    kind = "sum"

    def run(self, x):
        total = jax.lax.psum(x, self.axis)
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")  # none


Base = Stage


class KeepStage(Base):
    kind = "keep"

    def run(self, x):
        return jax.lax.all_gather(x, self.axis, axis=0, tiled=True, to="reduced")  # none


def main(mesh, x, kind="keep"):
    stage = Stage.registry[kind]()
    return jax.shard_map(stage.run, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, "j", reduced={"i"}))(x)
