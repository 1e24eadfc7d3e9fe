"""Upper confidence bounds for sharded arms from posterior means and variances."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class UCBHParams(NamedTuple):
    alpha: float = 1.5
    ctx_axis: str = "ctx"
    arm_axis: str = "arms"


def posterior_table(stat, hp):
    return jax.lax.all_gather(stat, hp.arm_axis, axis=1, tiled=True, to="reduced")


def upper_bounds(mean, var, hp=UCBHParams()):
    mean_all = posterior_table(mean, hp)
    width = jnp.sqrt(posterior_table(var, hp))
    ucb = mean_all + hp.alpha * width
    return jax.lax.pmax(jnp.max(ucb, axis=1), (hp.ctx_axis, hp.arm_axis))


def inputs():
    rng = np.random.default_rng(97)
    return (rng.standard_normal((8, 16)).astype(np.float32), rng.random((8, 16)).astype(np.float32))


def main(mean, var):
    hp = UCBHParams()
    mesh = jax.make_mesh((2, 4), (hp.ctx_axis, hp.arm_axis))
    spec = P(hp.ctx_axis, hp.arm_axis)
    mean, var = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (mean, var))
    fn = jax.shard_map(upper_bounds, mesh=mesh, in_specs=(spec, spec), out_specs=P(None))
    return fn(mean, var)


if __name__ == "__main__":
    print(main(*inputs()))
