"""The gather sits in a dict comprehension over `params.items()` in a helper, `params` a dict
literal built in `main` and handed over; the specs are dataclass `default_factory` fields of a
module-level instance. The helper's text alone does not show the keys: the caller does."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class ParamLayout:
    train: P = dataclasses.field(default_factory=lambda: P("i", "j"))
    frozen: P = dataclasses.field(default_factory=lambda: P("j", None, reduced={"i"}))


LAYOUT = ParamLayout()


def freeze(params):
    return {name: top_level_all_gather(w, LAYOUT.frozen) for name, w in params.items()}  # SF104


def main(mesh, x):
    params = {"conv0": jax.device_put(np.asarray(x), NamedSharding(mesh, LAYOUT.train))}
    with jax.set_mesh(mesh):
        return freeze(params)
