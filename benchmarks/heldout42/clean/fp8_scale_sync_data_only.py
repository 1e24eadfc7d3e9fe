"""Scale synchronisation for an FP8 recipe: tensor-parallel amax, then a recipe-wide mean."""
from typing import NamedTuple, Tuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "tensor"))


class Recipe(NamedTuple):
    fp8_max: float = 448.0
    tp_axis: str = "tensor"
    sync_axes: Tuple[str, ...] = ("data",)


def compute_scale(x, recipe):
    amax = jax.lax.pmax(jnp.max(jnp.abs(x)), recipe.tp_axis)
    return recipe.fp8_max / jnp.maximum(amax, 1e-12)


def sync_scale(x, recipe=Recipe()):
    scale = compute_scale(x, recipe)
    return jax.lax.pmean(scale, recipe.sync_axes)


def inputs():
    x = jnp.linspace(-3.0, 3.0, 4 * 32, dtype=jnp.float32).reshape(4, 32)
    return (jax.device_put(x, NamedSharding(MESH, P("data", "tensor"))),)


def main(x):
    return jax.shard_map(sync_scale, mesh=MESH, in_specs=P("data", "tensor"), out_specs=P())(x)


if __name__ == "__main__":
    main(*inputs())
