"""Gather plan built as a collections.defaultdict(list) of axes per tensor kind."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = [("kv_cache", "model"), ("kv_cache", "data"), ("logits", "model")]


def gather_plan():
    plan = collections.defaultdict(list)
    for kind, axis in LAYOUT:
        plan[kind].append(axis)
    return plan


def body(kv):
    plan = gather_plan()
    heads = jax.lax.all_gather(kv, "model", axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(heads, tuple(plan["kv_cache"]), axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(11).normal(size=(16, 8)).astype(np.float32),)


def main(kv):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                       out_specs=P(None, None, reduced={"data", "model"}))
    return fn(jax.device_put(kv, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
