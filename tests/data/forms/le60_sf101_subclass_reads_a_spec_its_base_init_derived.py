"""A subclass calls `super().__init__` first, which stores the axis names it is given and derives a
spec from one of them; the subclass's shard_map takes that spec as in_specs, so the body's
argument is invariant on 'i' and its reduced gather over 'i' fails."""
import jax
from jax.sharding import PartitionSpec as P


class Base:
    def __init__(self, mesh, axes=("i", "j")):
        self.mesh = mesh
        self.data_axis, self.model_axis = axes
        self.weight_spec = P(None, self.model_axis)


class Trainer(Base):
    def __init__(self, mesh):
        super().__init__(mesh)
        self.step = jax.shard_map(self._step, mesh=mesh, in_specs=self.weight_spec,
                                  out_specs=P(None, "j", reduced={"i"}))

    def _step(self, w):
        return jax.lax.all_gather(w, self.data_axis, to="reduced", tiled=True)  # SF101


def main(mesh, x):
    return Trainer(mesh).step(x)
