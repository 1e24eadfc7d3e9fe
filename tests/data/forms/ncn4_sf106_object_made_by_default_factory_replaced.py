"""Near miss of cn4: the head is built with its own `post` object, one that keeps the value as
it is; the `default_factory` lambda never runs, so no division meets the reduced value."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Rescale:
    factor: float

    def __call__(self, x):
        return x / self.factor


@dataclasses.dataclass
class Identity:
    def __call__(self, x):
        return x


@dataclasses.dataclass
class Head:
    axis: str = "j"
    post: Rescale = dataclasses.field(default_factory=lambda: Rescale(2.0))

    def __call__(self, x):
        y = jax.lax.all_gather(x, self.axis, axis=1, to="reduced", tiled=True)
        return self.post(y)


def main(mesh, x):
    head = Head(post=Identity())
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
