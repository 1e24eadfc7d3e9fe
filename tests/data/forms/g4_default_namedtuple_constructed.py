from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


class AdapterConfig(NamedTuple):
    rank: int = 4
    alpha: float = 8.0
    axis: str = "j"


def merged(a, cfg=AdapterConfig(rank=2)):
    full = jax.lax.all_gather(a, cfg.axis, axis=0, tiled=True, to="reduced")
    return full * cfg.alpha  # SF106


def run(mesh, x):
    return jax.shard_map(merged, mesh=mesh, in_specs=P("j"), out_specs=P(reduced={"j"}))(x)
