"""Cumulative regret of the bandit policy, reported as one number for the dashboard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def cumulative_regret(chosen, optimal, mesh):
    arms_axis, users_axis = mesh.axis_names

    def body(c, o):
        gap = jnp.sum(o - c, axis=0)
        return jax.lax.psum(jnp.sum(gap), mesh.axis_names)

    return jax.shard_map(body, mesh=mesh, in_specs=(P(users_axis, arms_axis),) * 2,
                         out_specs=P())(chosen, optimal)


def inputs():
    rng = np.random.default_rng(34)
    opt = rng.uniform(0.5, 1, (16, 8)).astype(np.float32)
    return opt * rng.uniform(0.5, 1, (16, 8)).astype(np.float32), opt


def main(chosen, optimal):
    mesh = jax.make_mesh((4, 2), ("arms", "users"))
    sh = NamedSharding(mesh, P("users", "arms"))
    return cumulative_regret(jax.device_put(chosen, sh), jax.device_put(optimal, sh), mesh)


if __name__ == "__main__":
    print(main(*inputs()))
