"""Normalisation statistics as a registered dataclass pytree, gathered for the host-side writer."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class NormalizationStats:
    mean: jax.Array
    stddev: jax.Array
    diffs_stddev: jax.Array


def gather_stats(stats, axes, dim):
    return jax.tree.map(
        lambda s: jax.lax.all_gather(s, axes, axis=dim, tiled=True, to="reduced"), stats)


def compute_stats(batch, prev):
    return NormalizationStats(
        mean=jnp.mean(batch, axis=0, keepdims=True),
        stddev=jnp.std(batch, axis=0, keepdims=True),
        diffs_stddev=jnp.std(batch - prev, axis=0, keepdims=True),
    )


def make_writer_step(level_axis, writer_axes):
    def step(batch, prev):
        stats = compute_stats(batch, prev)
        by_level = gather_stats(stats, level_axis, 1)
        return gather_stats(by_level, writer_axes, 0)
    return step


def inputs():
    rng = np.random.default_rng(21)
    batch = rng.normal(size=(8, 16)).astype(np.float32)
    return batch, np.roll(batch, 1, axis=0)


def main(batch, prev):
    mesh = jax.make_mesh((2, 4), ("batch", "level"))
    spec = P("batch", "level")
    batch, prev = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (batch, prev))
    out_spec = P(None, None, reduced=set(mesh.axis_names))
    step = make_writer_step("level", writer_axes=mesh.axis_names)
    fn = jax.shard_map(step, mesh=mesh, in_specs=(spec, spec),
                       out_specs=NormalizationStats(out_spec, out_spec, out_spec))
    return jax.jit(fn)(batch, prev)


if __name__ == "__main__":
    print(jax.tree.map(jnp.shape, main(*inputs())))
