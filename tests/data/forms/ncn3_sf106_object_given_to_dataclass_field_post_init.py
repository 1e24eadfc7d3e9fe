"""Near miss of cn3: the dataclass's `__post_init__` replaces the given object by one that
keeps the value as it is, so no division meets the reduced value. A construction hook may
store anything in the field."""
import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class Rescale:
    factor: float

    def __call__(self, x):
        return x / self.factor


class Identity:
    def __call__(self, x):
        return x


@dataclasses.dataclass
class Head:
    axis: str
    post: Rescale = None

    def __post_init__(self):
        self.post = Identity()

    def __call__(self, x):
        y = jax.lax.all_gather(x, self.axis, axis=1, to="reduced", tiled=True)
        return self.post(y)


def main(mesh, x):
    head = Head("j", post=Rescale(2.0))
    return jax.shard_map(head, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
