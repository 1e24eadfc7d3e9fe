"""LinUCB upper confidence bounds: the exploration bonus over the pooled context variances."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class LinUCBConfig:
    alpha: float = 0.8
    axes: dict = field(default_factory=lambda: {"arms": "arms", "users": "users"})


def ucb_scores(theta, variance, cfg: LinUCBConfig):
    users = cfg.axes["users"]
    bonus = jax.lax.all_gather(cfg.alpha * jnp.sqrt(variance), users, axis=0, tiled=True, to="reduced")
    return jax.lax.psum(theta.sum(axis=0), users) + jnp.max(bonus, axis=0)


def inputs():
    rng = np.random.default_rng(35)
    return (rng.standard_normal((16, 8)).astype(np.float32),
            rng.uniform(0.1, 1, (16, 8)).astype(np.float32))


def main(theta, variance):
    cfg = LinUCBConfig()
    mesh = jax.make_mesh((4, 2), ("arms", "users"))
    spec = P("users", "arms")
    theta = jax.device_put(theta, NamedSharding(mesh, spec))
    variance = jax.device_put(variance, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda t, v: ucb_scores(t, v, cfg), mesh=mesh,
                       in_specs=(spec, spec), out_specs=P("arms"))
    return fn(theta, variance)


if __name__ == "__main__":
    print(main(*inputs()))
