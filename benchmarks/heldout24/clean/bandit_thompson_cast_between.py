"""Thompson sampling with Beta posteriors; the posterior table is pooled for the logger."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

pool = functools.partial(jax.lax.all_gather, axis=0, tiled=True, to="reduced")


def posterior_means(alpha, beta):
    return alpha / (alpha + beta)


def sample_table(alpha, beta, *, arms_axis, users_axis):
    means = posterior_means(alpha, beta)
    by_user = pool(means, users_axis)
    by_user = jax.lax.pcast(by_user, users_axis, to="varying")
    return pool(by_user, (arms_axis, users_axis))


def inputs():
    rng = np.random.default_rng(31)
    return (rng.uniform(1, 5, (16, 8)).astype(np.float32),
            rng.uniform(1, 5, (16, 8)).astype(np.float32))


def main(alpha, beta):
    mesh = jax.make_mesh((4, 2), ("arms", "users"))
    spec = P("users", "arms")
    sh = NamedSharding(mesh, spec)
    body = functools.partial(sample_table, arms_axis="arms", users_axis="users")
    fn = jax.shard_map(body, mesh=mesh, in_specs=(spec, spec),
                       out_specs=P(None, None, reduced={"arms", "users"}))
    return fn(jax.device_put(alpha, sh), jax.device_put(beta, sh))


if __name__ == "__main__":
    print(main(*inputs()))
