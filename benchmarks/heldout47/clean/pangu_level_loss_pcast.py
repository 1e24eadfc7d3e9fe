"""Pressure-level weighted MAE, averaged over the mesh after making the loss varying on lon."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PRESSURE_LEVELS = (50, 250, 500, 850, 1000)


class PanguLoss:
    def __init__(self, mesh):
        self.axes = mesh.axis_names
        self.lon_axis = mesh.axis_names[-1]
        levels = np.asarray(PRESSURE_LEVELS, np.float32)
        self.level_weights = jnp.asarray(levels / levels.sum())

    def upper_air(self, pred, target):
        n = pred.shape[-1] * jax.lax.axis_size(self.lon_axis)
        per_level = jax.lax.psum(jnp.abs(pred - target).sum(axis=-1), self.lon_axis) / n
        loss = (per_level * self.level_weights).sum(axis=-1)
        loss = jax.lax.pcast(loss, self.lon_axis, to="varying")
        return jax.lax.pmean(loss, self.axes)


def inputs():
    rng = np.random.default_rng(6)
    shape = (4, len(PRESSURE_LEVELS), 16)
    return rng.standard_normal(shape).astype(np.float32), rng.standard_normal(shape).astype(np.float32)


def main(pred, target):
    mesh = jax.make_mesh((2, 4), ("batch", "lon"))
    loss = PanguLoss(mesh)
    spec = P("batch", None, "lon")
    pred = jax.device_put(pred, NamedSharding(mesh, spec))
    target = jax.device_put(target, NamedSharding(mesh, spec))
    return jax.shard_map(loss.upper_air, mesh=mesh, in_specs=(spec, spec), out_specs=P())(pred, target)


if __name__ == "__main__":
    main(*inputs())
