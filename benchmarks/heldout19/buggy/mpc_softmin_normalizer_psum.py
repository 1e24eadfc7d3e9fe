"""MPPI update: soft-min weights normalised over all samples of each robot."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAMBDA = 0.5


def update_body(costs, noise, nominal):
    all_costs = jax.lax.all_gather(costs, "sample", axis=1, tiled=True, to="reduced")
    shifted = all_costs - jax.lax.stop_gradient(all_costs)
    unnorm = jnp.exp(shifted).sum(axis=1)
    norm = jax.lax.psum(unnorm, "sample")
    w = jnp.exp(-(costs - costs.min()) / LAMBDA)
    delta = jax.lax.psum((w[..., None] * noise).sum(1), "sample") / norm[:, None]
    return nominal + delta


def main(costs, noise, nominal):
    mesh = jax.make_mesh((2, 4), ("robot", "sample"))
    costs = jax.device_put(costs, NamedSharding(mesh, P("robot", "sample")))
    noise = jax.device_put(noise, NamedSharding(mesh, P("robot", "sample")))
    nominal = jax.device_put(nominal, NamedSharding(mesh, P("robot")))
    fn = jax.shard_map(update_body, mesh=mesh,
                       in_specs=(P("robot", "sample"), P("robot", "sample"), P("robot")),
                       out_specs=P("robot"))
    return fn(costs, noise, nominal)


def inputs():
    rng = np.random.default_rng(22)
    return (rng.standard_normal((4, 16), dtype=np.float32),
            rng.standard_normal((4, 16, 6), dtype=np.float32),
            rng.standard_normal((4, 6), dtype=np.float32))
