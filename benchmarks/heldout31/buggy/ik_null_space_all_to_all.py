"""Null-space posture task: the redundancy projection is re-sharded across IK seeds."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

ARM_AXIS, SEED_AXIS = "arm", "seed"
TASKS = {}


def task(name):
    def deco(fn):
        TASKS[name] = fn
        return fn
    return deco


@task("posture")
def posture(q, axis):
    return jax.lax.all_gather(q.mean(axis=0), axis, to="reduced", tiled=True)


def redistribute(x, axis):
    return jax.lax.all_to_all(x, axis, split_axis=0, concat_axis=0, tiled=True)


def null_space_step(q, task_name="posture"):
    projected = TASKS[task_name](q, SEED_AXIS)
    return redistribute(projected, SEED_AXIS)


def inputs():
    mesh = jax.make_mesh((2, 4), (ARM_AXIS, SEED_AXIS))
    q = jnp.linspace(-1.0, 1.0, 4 * 16 * 7, dtype=jnp.float32).reshape(4, 16, 7)
    return mesh, jax.device_put(q, NamedSharding(mesh, P(ARM_AXIS, SEED_AXIS, None)))


def main(mesh, q):
    return jax.shard_map(null_space_step, mesh=mesh, in_specs=P(ARM_AXIS, SEED_AXIS, None),
                         out_specs=P((ARM_AXIS, SEED_AXIS), None))(q)
