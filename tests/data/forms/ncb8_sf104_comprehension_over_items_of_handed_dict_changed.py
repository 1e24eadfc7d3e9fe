"""Near misses of cb8: the handed dict holds an entry laid out so the gather is valid, and a dict
some code changes before the helper walks it (`params.update(...)`: which entries it holds is
not known)."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclasses.dataclass(frozen=True)
class ParamLayout:
    train: P = dataclasses.field(default_factory=lambda: P("i", "j"))
    frozen: P = dataclasses.field(default_factory=lambda: P("i", None, reduced={"j"}))


LAYOUT = ParamLayout()


def freeze(params):
    return {name: top_level_all_gather(w, LAYOUT.frozen) for name, w in params.items()}


def main(mesh, x):
    params = {"conv0": jax.device_put(np.asarray(x), NamedSharding(mesh, P("j", None)))}
    params.update(conv0=jax.device_put(np.asarray(x), NamedSharding(mesh, LAYOUT.train)))
    with jax.set_mesh(mesh):
        return freeze(params)
