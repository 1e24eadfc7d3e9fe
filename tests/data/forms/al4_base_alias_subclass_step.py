"""The alias sits in the base class (`__call__ = run_step`) and the step it runs is the subclass's."""
import jax
from jax.sharding import PartitionSpec as P


class Stage:
    def run_step(self, x):
        return self.step(x)

    __call__ = run_step


class MeanStage(Stage):
    def __init__(self, axis):
        self.axis = axis

    def step(self, x):
        avg = jax.lax.pmean(x, self.axis)
        return jax.lax.all_gather(avg, self.axis, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    stage = MeanStage("i")
    return jax.shard_map(stage, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)
