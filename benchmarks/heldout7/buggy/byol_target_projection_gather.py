"""BYOL: the EMA target network's projections averaged over replicas, then shared as a reduced table."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    replica: str = "replica"
    feature: str = "feature"


AXES = Axes()
TAU = 0.996


def ema(target, online, tau=TAU):
    return jax.tree.map(lambda t, o: tau * t + (1.0 - tau) * o, target, online)


def project(params, x):
    return jnp.tanh(x @ params["w"]) * params["g"]


def inputs():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    w = rng.normal(size=(8, 8)).astype(np.float32) / 3
    return x, w


def main(x, w):
    mesh = jax.make_mesh((4, 2), tuple(AXES))
    x = jax.device_put(x, NamedSharding(mesh, P(AXES.replica, None)))
    online = {"w": w, "g": np.float32(1.1)}
    target = ema({"w": w * 0.9, "g": np.float32(1.0)}, online)
    target = jax.device_put(target, {"w": NamedSharding(mesh, P(None, AXES.feature)),
                                     "g": NamedSharding(mesh, P())})

    def target_step(x, params):
        z = project(params, x)
        z = z / jnp.sqrt(jnp.sum(z * z, axis=-1, keepdims=True) + 1e-6)
        centre = jax.lax.pmean(jnp.mean(z, axis=0, keepdims=True), AXES.replica)
        return jax.lax.all_gather(centre, AXES.replica, tiled=True, to="reduced")

    return jax.shard_map(target_step, mesh=mesh,
                         in_specs=(P(AXES.replica, None), {"w": P(None, AXES.feature), "g": P()}),
                         out_specs=P(None, AXES.feature, reduced={AXES.replica}))(x, target)


if __name__ == "__main__":
    print(main(*inputs()))
