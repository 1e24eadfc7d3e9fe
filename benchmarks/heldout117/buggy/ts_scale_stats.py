"""Demand forecasting: per-window scaling statistics averaged across the mesh.

Every statistic is averaged over the axes in --stats-axes with one tree.map.
"""
import functools
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ARGV = "--mesh series:4,horizon:2 --stats-axes series,horizon"


def parse(text):
    words = shlex.split(text)
    return {words[i][2:].replace("-", "_"): words[i + 1] for i in range(0, len(words), 2)}


def stats_body(y, axes):
    level = jax.lax.pmean(jnp.mean(y), "horizon")
    stats = {
        "level": level,
        "abs_dev": jnp.mean(jnp.abs(y - level)),
    }
    return jax.tree.map(functools.partial(jax.lax.pmean, axis_name=axes), stats)


def inputs():
    rng = np.random.default_rng(64)
    return (rng.gamma(2.0, size=(16, 8)).astype(np.float32),)


def main(y):
    opts = parse(ARGV)
    items = [kv.split(":") for kv in opts["mesh"].split(",")]
    mesh = jax.make_mesh(tuple(int(v) for _, v in items), tuple(k for k, _ in items))
    axes = tuple(opts["stats_axes"].split(","))
    y = jax.device_put(y, NamedSharding(mesh, P("series", "horizon")))
    out = jax.shard_map(lambda v: stats_body(v, axes), mesh=mesh, in_specs=P("series", "horizon"),
                        out_specs={"level": P(), "abs_dev": P()})(y)
    print({k: float(v) for k, v in out.items()})
    return out


if __name__ == "__main__":
    main(*inputs())
