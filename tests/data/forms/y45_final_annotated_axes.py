from typing import Final

import jax
from jax.sharding import PartitionSpec as P

DATA: Final = "i"
MODEL: Final[str] = "j"


def body(h):
    full = jax.lax.all_gather(h, MODEL, axis=1, to="reduced", tiled=True)
    return full.sum(axis=1) * 0.5  # SF106


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P(DATA, reduced={MODEL}))(x)
