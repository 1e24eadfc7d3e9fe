"""The caller passes its own HParams, so the default filled in when none is given never applies:
with the passed one the gathered rows are returned as they are."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class HParams:
    axis: str = "i"
    twice: bool = False


def rows(mesh, h, hp=None):
    if hp is None:
        hp = HParams(axis="j", twice=True)

    def body(v):
        gathered = jax.lax.all_gather(v, hp.axis, axis=1, tiled=True, to="reduced")
        if hp.twice:
            return jax.lax.all_gather(gathered, ("i", "j"), axis=0, tiled=True, to="reduced")
        return gathered

    return jax.shard_map(body, mesh=mesh, in_specs=P(None, hp.axis),
                         out_specs=P(None, None, reduced={hp.axis}))(h)


def run(mesh, x):
    return rows(mesh, jnp.asarray(x), HParams(axis="j"))
