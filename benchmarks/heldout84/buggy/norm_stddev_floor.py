"""Denormalise residual predictions with by-level difference standard deviations (floored)."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ResidualStats:
    level_axis: str
    min_stddev: float = 1e-3

    def full_table(self, local_stddev):
        return jax.lax.all_gather(local_stddev, self.level_axis, axis=0, tiled=True, to="reduced")

    def floored(self, local_stddev):
        table = self.full_table(local_stddev)
        return jnp.maximum(table, self.min_stddev)


def make_denormalise(stats, level_axis):
    def denormalise(residuals, inputs_, diffs_stddev):
        scale = stats.floored(diffs_stddev)
        level = jax.lax.axis_index(level_axis)
        width = residuals.shape[1]
        local_scale = jax.lax.dynamic_slice_in_dim(scale, level * width, width)
        return inputs_ + residuals * local_scale
    return denormalise


def inputs():
    rng = np.random.default_rng(25)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            rng.normal(size=(8, 16)).astype(np.float32),
            (rng.random(size=(16,)) * 0.1).astype(np.float32))


def main(residuals, inputs_, diffs_stddev):
    mesh = jax.make_mesh((2, 4), ("batch", "level"))
    spec = P("batch", "level")
    residuals, inputs_ = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (residuals, inputs_))
    diffs_stddev = jax.device_put(diffs_stddev, NamedSharding(mesh, P("level")))
    stats = ResidualStats(level_axis="level")
    fn = jax.shard_map(make_denormalise(stats, "level"), mesh=mesh,
                       in_specs=(spec, spec, P("level")), out_specs=spec)
    return jax.jit(fn)(residuals, inputs_, diffs_stddev)


if __name__ == "__main__":
    print(main(*inputs()).shape)
