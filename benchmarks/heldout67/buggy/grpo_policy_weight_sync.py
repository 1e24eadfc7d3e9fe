"""GRPO: after each update the policy's LM head is pushed to the generation workers' layout."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class WeightLayouts(NamedTuple):
    trainer: P
    rollout: P


LAYOUTS = WeightLayouts(
    trainer=P(None, ("prompt", "gen")),
    rollout=P(None, "gen", reduced={"prompt"}),
)


def sync_weights(lm_head, layouts=LAYOUTS):
    return top_level_all_gather(lm_head, layouts.rollout)


def inputs():
    mesh = jax.make_mesh((2, 4), ("prompt", "gen"))
    return mesh, jnp.ones((4, 32))


def main(mesh, lm_head):
    with jax.set_mesh(mesh):
        lm_head = jax.device_put(lm_head, NamedSharding(mesh, LAYOUTS.trainer))
        return sync_weights(lm_head)


if __name__ == "__main__":
    main(*inputs())
