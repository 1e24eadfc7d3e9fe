"""Per-level loss weights proportional to pressure, normalised to sum to one across levels."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PRESSURE_LEVELS = np.array([50, 100, 150, 200, 250, 300, 400, 500,
                            600, 700, 850, 925, 1000, 1000, 1000, 1000], np.float32)


class PressureWeights:
    def __init__(self, level_axis):
        self.level_axis = level_axis

    def full(self, local_levels):
        return jax.lax.all_gather(local_levels, self.level_axis, axis=0, tiled=True, to="reduced")

    def normalised(self, local_levels):
        levels = self.full(local_levels)
        return levels / levels.sum()


def total_weight(weights, axis_name):
    return jax.lax.psum(jnp.sum(weights), axis_name)


def make_weighted_mse(level_axis, sample_axis):
    pressure = PressureWeights(level_axis)

    def loss_fn(predictions, targets, levels):
        per_level = jax.lax.pmean(jnp.mean((predictions - targets) ** 2, axis=0), sample_axis)
        weights = jnp.abs(pressure.full(levels))
        norm = total_weight(weights, level_axis)
        return jax.lax.psum(jnp.sum(per_level * levels), level_axis) / norm
    return loss_fn


def inputs():
    rng = np.random.default_rng(22)
    return (rng.normal(size=(8, 16)).astype(np.float32),
            rng.normal(size=(8, 16)).astype(np.float32),
            PRESSURE_LEVELS)


def main(predictions, targets, levels):
    mesh = jax.make_mesh((2, 4), ("batch", "level"))
    spec = P("batch", "level")
    predictions, targets = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (predictions, targets))
    levels = jax.device_put(levels, NamedSharding(mesh, P("level")))
    fn = jax.shard_map(make_weighted_mse("level", "batch"), mesh=mesh,
                       in_specs=(spec, spec, P("level")), out_specs=P())
    return jax.jit(fn)(predictions, targets, levels)


if __name__ == "__main__":
    print(main(*inputs()))
