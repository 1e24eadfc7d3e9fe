"""Communication plan as a typing.NamedTuple with defaults, replaced with _replace for eval."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CommPlan(NamedTuple):
    head_axis: str = "model"
    token_axes: tuple[str, ...] = ("data",)


def gather_logits(logits, plan: CommPlan):
    heads = jax.lax.all_gather(logits, plan.head_axis, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(heads, plan.token_axes, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(29).normal(size=(16, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    plan = CommPlan()._replace(token_axes=("data", "model"))
    fn = jax.shard_map(lambda x: gather_logits(x, plan), mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return fn(jax.device_put(logits, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
