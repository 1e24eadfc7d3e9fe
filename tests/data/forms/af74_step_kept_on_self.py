import jax
from jax.sharding import PartitionSpec as P


class Runner:
    def __init__(self, mesh, axis="j"):
        self.mesh = mesh
        self._step = self._make_step(axis)

    def _make_step(self, axis):
        def step(x):
            full = jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")
            return jax.lax.psum(full, axis)  # SF103

        return step

    def __call__(self, x):
        return jax.shard_map(self._step, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)


def run(mesh, x):
    return Runner(mesh)(x)
