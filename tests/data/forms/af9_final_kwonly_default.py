from typing import Final

import jax
from jax.sharding import PartitionSpec as P

DATA: Final = "i"
MODEL: Final[str] = "j"


def body(x, *, axis: str = DATA):
    full = jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")
    return jax.lax.ppermute(full, axis, perm=[(0, 1), (1, 0)])  # SF103


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P(DATA, MODEL))(x)
