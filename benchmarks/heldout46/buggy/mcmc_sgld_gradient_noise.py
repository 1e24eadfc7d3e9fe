"""Stochastic-gradient Langevin dynamics with a monitor of per-shard gradient noise."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CHAINS, N_DATA, DIM = 8, 32, 4


def local_score(theta, x, y):
    prob = jax.nn.sigmoid(theta @ x.T)
    return (y[None, :] - prob) @ x


class GradientNoiseMonitor:
    def __init__(self, mesh):
        self.axes = tuple(mesh.axis_names)
        self.chain_axis, self.data_axis = self.axes

    def per_shard(self, grads):
        return jax.lax.all_gather(grads, self.data_axis, to="reduced")

    def table(self, grads):
        shards = self.per_shard(grads)
        return jax.lax.all_gather(shards, self.axes, axis=1, tiled=True, to="reduced")


def sgld_step(theta, noise, x, y, *, monitor, eps):
    grads = local_score(theta, x, y)
    full = jax.lax.psum(grads, monitor.data_axis)
    theta = theta + 0.5 * eps * full + jnp.sqrt(eps) * noise
    return theta, monitor.table(grads)


def inputs():
    rng = np.random.default_rng(31)
    x = rng.standard_normal((N_DATA, DIM)).astype(np.float32)
    y = (rng.uniform(size=N_DATA) < 0.5).astype(np.float32)
    theta = rng.standard_normal((N_CHAINS, DIM)).astype(np.float32) * 0.1
    noise = rng.standard_normal((N_CHAINS, DIM)).astype(np.float32)
    return theta, noise, x, y


def main(theta, noise, x, y):
    mesh = jax.make_mesh((4, 2), ("chain", "data"))
    specs = (P("chain", None), P("chain", None), P("data", None), P("data"))
    theta, noise, x, y = (jax.device_put(a, NamedSharding(mesh, s))
                          for a, s in zip((theta, noise, x, y), specs))
    body = functools.partial(sgld_step, monitor=GradientNoiseMonitor(mesh), eps=1e-3)
    new_theta, table = jax.shard_map(
        body, mesh=mesh, in_specs=specs,
        out_specs=(P("chain", None), P(None, None, None, reduced={"chain", "data"})))(theta, noise, x, y)
    return new_theta, table


if __name__ == "__main__":
    main(*inputs())
