import abc

import jax
from jax.sharding import PartitionSpec as P

STAGES = {}


class Stage(abc.ABC):
    axis = "j"

    def __init_subclass__(cls, key=None, axis="j", **kw):
        super().__init_subclass__(**kw)
        if key is not None:
            STAGES[key] = cls
        if axis != "j":
            setattr(cls, "axis", axis)

    @abc.abstractmethod
    def run(self, x):
        ...


class Reduce(Stage, key="reduce"):
    def run(self, x):
        return jax.lax.psum(x, "j")


class ReduceThenGather(Reduce, key="gather", axis="i"):
    def run(self, x):
        total = super().run(x)
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")


def main(mesh, x):
    stage = STAGES["gather"]()
    return jax.shard_map(stage.run, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)
