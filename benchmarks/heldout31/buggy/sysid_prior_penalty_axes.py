"""MAP sysid: Gaussian prior penalty on the dynamics parameters, summed over the whole mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def prior_penalty(theta, mu, sigma=0.5):
    z = (theta - mu) / sigma
    return 0.5 * jnp.sum(z * z)


def make_objective(mesh):
    axes = mesh.axis_names

    def objective(theta, mu):
        per_param = jax.lax.pmean(prior_penalty(theta, mu), "ensemble")
        return jax.lax.psum(per_param, axes)

    return objective


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("episode", "param", "ensemble"))
    theta = jnp.linspace(-1.0, 1.0, 8 * 4, dtype=jnp.float32).reshape(8, 4)
    s = NamedSharding(mesh, P(("episode", "param", "ensemble"), None))
    return mesh, jax.device_put(theta, s), jax.device_put(jnp.zeros_like(theta), s)


def main(mesh, theta, mu):
    spec = P(tuple(mesh.axis_names), None)
    return jax.shard_map(make_objective(mesh), mesh=mesh, in_specs=(spec, spec), out_specs=P())(theta, mu)
