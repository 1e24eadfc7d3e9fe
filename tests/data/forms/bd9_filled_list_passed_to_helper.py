import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def residual(pred, axes):
    per_robot = jax.lax.pmean(jnp.mean(pred), "sample")
    return jax.lax.psum(per_robot, tuple(axes))  # SF105


def main(pred):
    mesh = jax.make_mesh((4, 2), ("robot", "sample"))
    busy = []
    for name in mesh.axis_names:
        if mesh.shape[name] > 1:
            busy.append(name)
    fn = jax.shard_map(lambda p: residual(p, busy), mesh=mesh, in_specs=P("robot", "sample"), out_specs=P())
    return fn(pred)
