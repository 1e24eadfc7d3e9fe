"""Learned-dynamics MPC: model residuals averaged over samples, then over the busy axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def residual_body(pred, actual, axes):
    err = jnp.mean((pred - actual) ** 2)
    per_robot = jax.lax.pmean(err, "sample")
    return jax.lax.psum(per_robot, tuple(axes))


def main(pred, actual):
    mesh = jax.make_mesh((4, 2), ("robot", "sample"))
    busy = []
    for name in mesh.axis_names:
        if mesh.shape[name] > 1:
            busy.append(name)
    spec = P("robot", "sample")
    pred = jax.device_put(pred, NamedSharding(mesh, spec))
    actual = jax.device_put(actual, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda p, a: residual_body(p, a, busy), mesh=mesh,
                       in_specs=(spec, spec), out_specs=P())
    return fn(pred, actual)


def inputs():
    rng = np.random.default_rng(24)
    return (rng.standard_normal((8, 8, 3), dtype=np.float32),
            rng.standard_normal((8, 8, 3), dtype=np.float32))
