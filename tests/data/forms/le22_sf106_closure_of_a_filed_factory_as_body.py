import collections
import dataclasses
from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Arguments:
    optim: str = "sgd"
    scale: float = 1.0
    axis: str = "j"

    @classmethod
    def from_kwargs(cls, **kwargs):
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in kwargs.items() if k in names})


class Transformation(NamedTuple):
    update: callable


OPTIMIZERS = collections.OrderedDict()


def register(name):
    def wrap(factory):
        OPTIMIZERS[name] = factory
        return factory
    return wrap


@register("decayed")
def decayed(args):
    def update(grads):
        full = jax.lax.all_gather(grads, args.axis, axis=1, tiled=True, to="reduced")
        return args.scale * full  # SF106
    return update


def main(mesh, x):
    args = Arguments.from_kwargs(optim="decayed", scale=0.5, unused=3)
    update = OPTIMIZERS[args.optim](args)
    return jax.shard_map(update, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)
