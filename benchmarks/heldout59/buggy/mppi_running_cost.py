"""Running-cost terms of the MPPI objective, summed over samples and horizon for logging."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COST_TERMS = {}


def cost_term(name):
    def register(fn):
        COST_TERMS[name] = fn
        return fn
    return register


@cost_term("control_effort")
def control_effort(u, weight=0.1):
    return weight * jnp.sum(u * u, axis=-1)


@cost_term("state_tracking")
def state_tracking(u, weight=1.0):
    return weight * jnp.abs(u).mean(axis=-1)


def make_logger(axes, terms=("control_effort", "state_tracking")):
    sample_axis, step_axis = axes

    def log_costs(u):
        per_step = {k: jax.lax.psum(COST_TERMS[k](u), step_axis) for k in terms}
        stacked = jnp.stack([per_step[k] for k in terms])
        return jax.lax.psum(stacked, axes)

    return log_costs


def inputs():
    rng = np.random.default_rng(3)
    return (rng.normal(size=(8, 16, 4)).astype(np.float32),)


def main(u):
    mesh = jax.make_mesh((2, 4), ("sample", "step"))
    spec = P("sample", "step", None)
    u = jax.device_put(u, NamedSharding(mesh, spec))
    logger = make_logger(mesh.axis_names)
    return jax.shard_map(logger, mesh=mesh, in_specs=spec, out_specs=P())(u)


if __name__ == "__main__":
    main(*inputs())
