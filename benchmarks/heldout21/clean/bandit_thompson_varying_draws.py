"""Thompson sampling over sharded arms: draw posterior samples, keep the best per context."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Thompson:
    arm_axis = "arms"
    ctx_axis = "ctx"
    best_over_arms = staticmethod(functools.partial(jax.lax.pmax, axis_name="arms"))

    def __init__(self, prior_var=1.0):
        self.prior_var = prior_var

    def samples(self, mu, sigma, noise):
        draw = mu + jnp.sqrt(sigma) * noise
        return jax.lax.all_gather(draw, self.arm_axis, axis=1, tiled=True)

    def select(self, mu, sigma, noise):
        draws = self.samples(mu, sigma, noise)
        best = self.best_over_arms(draws)
        return jnp.argmax(best, axis=1)


def inputs():
    rng = np.random.default_rng(73)
    mu = rng.standard_normal((16, 8)).astype(np.float32)
    sigma = rng.random((16, 8)).astype(np.float32)
    noise = rng.standard_normal((16, 8)).astype(np.float32)
    return mu, sigma, noise


def main(mu, sigma, noise):
    ts = Thompson()
    mesh = jax.make_mesh((2, 4), (ts.ctx_axis, ts.arm_axis))
    spec = P(ts.ctx_axis, ts.arm_axis)
    mu, sigma, noise = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (mu, sigma, noise))
    fn = jax.shard_map(ts.select, mesh=mesh, in_specs=(spec, spec, spec), out_specs=P(ts.ctx_axis))
    return fn(mu, sigma, noise)


if __name__ == "__main__":
    print(main(*inputs()))
