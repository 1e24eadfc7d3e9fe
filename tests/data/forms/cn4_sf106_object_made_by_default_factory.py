"""A callable object made by a dataclass field's `default_factory` lambda: the head built
without that argument holds it, calls it on the value it gathered to 'reduced', and the
division meets a constant."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Rescale:
    factor: float

    def __call__(self, x):
        return x / self.factor  # SF106


@dataclasses.dataclass
class Head:
    axis: str = "j"
    post: Rescale = dataclasses.field(default_factory=lambda: Rescale(2.0))

    def __call__(self, x):
        y = jax.lax.all_gather(x, self.axis, axis=1, to="reduced", tiled=True)
        return self.post(y)


def main(mesh, x):
    head = Head()
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
