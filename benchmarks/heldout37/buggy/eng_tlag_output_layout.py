"""Detokenizer hand-off: engine outputs are brought to the layout the detokenizer wants."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "tensor"))


@dataclass(frozen=True)
class OutputLayouts:
    engine: P = P(("replica", "tensor"), None)
    detokenizer: P = P("tensor", None, reduced={"replica"})


LAYOUTS = OutputLayouts()


def collect_outputs(token_ids):
    return top_level_all_gather(token_ids, LAYOUTS.detokenizer)


def inputs():
    ids = jnp.arange(16 * 6, dtype=jnp.int32).reshape(16, 6)
    return (jax.device_put(ids, NamedSharding(MESH, LAYOUTS.engine)),)


def main(token_ids):
    with jax.set_mesh(MESH):
        return collect_outputs(token_ids)
