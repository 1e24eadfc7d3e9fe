"""Temporal attention in a video U-Net: keys of all frames, then a dataset-wide key bank."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from typing import NamedTuple


class ShardPlan(NamedTuple):
    clip: str = "clip"
    frame: str = "frame"


def temporal_keys(x, wk, plan):
    k = x @ wk
    return jax.lax.all_gather(k, plan.frame, axis=1, to="reduced", tiled=True)


def key_bank(keys, plan):
    return jax.lax.all_gather(keys, tuple(plan), to="reduced", tiled=True)


def build(plan, wk):
    def body(x):
        keys = temporal_keys(x, wk, plan)
        return key_bank(keys, plan)
    return body


def inputs():
    rng = np.random.default_rng(17)
    return (rng.normal(size=(4, 16, 8)).astype(np.float32),
            rng.normal(size=(8, 8)).astype(np.float32) * 0.3)


def main(x, wk):
    plan = ShardPlan()
    mesh = jax.make_mesh((2, 4), tuple(plan))
    x = jax.device_put(x, NamedSharding(mesh, P(plan.clip, plan.frame, None)))
    return jax.shard_map(build(plan, jnp.asarray(wk)), mesh=mesh,
                         in_specs=P(plan.clip, plan.frame, None),
                         out_specs=P(reduced={plan.clip, plan.frame}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
