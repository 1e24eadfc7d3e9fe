"""Interleaved (virtual-stage) schedule: per-chunk activation norms collected for the profiler."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VIRTUAL_CHUNKS = 2


def chunk_norms(acts):
    return jnp.sqrt((acts ** 2).sum(axis=(-1, -2)))


def collect(acts, stage_axis, dp_axis):
    norms = chunk_norms(acts)[None]
    stats = []
    for axes in ((stage_axis,), (stage_axis, dp_axis)):
        src = stats[-1] if stats else norms
        stats.append(jax.lax.all_gather(src, axes, axis=0, tiled=True, to="reduced"))
    return stats[-1]


def inputs():
    mesh = jax.make_mesh((4, 2), ("stage", "dp"))
    acts = np.random.default_rng(22).normal(size=(4 * VIRTUAL_CHUNKS, 8, 16)).astype(np.float32)
    return mesh, jax.device_put(acts, NamedSharding(mesh, P("stage", "dp", None)))


def main(mesh, acts):
    f = jax.shard_map(functools.partial(collect, stage_axis="stage", dp_axis="dp"), mesh=mesh,
                      in_specs=P("stage", "dp", None),
                      out_specs=P(None, None, reduced={"stage", "dp"}))
    return f(acts)


if __name__ == "__main__":
    main(*inputs())
