import jax
from jax.sharding import PartitionSpec as P


def _fused(x):
    return jax.lax.psum(x, ("i", "j"))


class Runner:
    def __init__(self, mesh):
        self.mesh = mesh
        self._step = self._make_step()

    def _make_step(self):
        def step(x):
            s = jax.lax.psum(x, "j")
            return jax.lax.psum(s, ("i", "j"))  # none: the step is replaced before any call

        return step

    def use_fused(self):
        self._step = _fused

    def __call__(self, x):
        return jax.shard_map(self._step, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def run(mesh, x):
    runner = Runner(mesh)
    runner.use_fused()
    return runner(x)
