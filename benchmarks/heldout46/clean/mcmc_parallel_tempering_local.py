"""Replica-exchange MCMC: one tempered chain per shard, swaps proposed with the next replica."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_REPLICAS, N_DATA, DIM = 4, 32, 2


class MCMCKernel:
    def __init__(self, chain_axis, data_axis):
        self.chain_axis, self.data_axis = chain_axis, data_axis

    def energy(self, theta, x):
        local = 0.5 * jnp.sum((x[None, :, :] - theta[:, None, :]) ** 2, axis=(1, 2))
        return jax.lax.psum(local, self.data_axis)


class ReplicaExchange(MCMCKernel):
    def __init__(self, n_replicas, **axes):
        super().__init__(**axes)
        self.n_replicas = n_replicas

    @property
    def ring(self):
        return [(i, (i + 1) % self.n_replicas) for i in range(self.n_replicas)]

    def neighbour_energies(self, theta, x):
        return jax.lax.ppermute(self.energy(theta, x), self.chain_axis, perm=self.ring)

    def swap_log_prob(self, theta, beta, x):
        mine = self.energy(theta, x)
        theirs = self.neighbour_energies(theta, x)
        return beta * (mine - theirs[:1])


def inputs():
    rng = np.random.default_rng(32)
    theta = rng.standard_normal((N_REPLICAS, DIM)).astype(np.float32)
    beta = np.geomspace(1.0, 0.1, N_REPLICAS).astype(np.float32)
    x = (rng.standard_normal((N_DATA, DIM)) + 1.0).astype(np.float32)
    return theta, beta, x


def main(theta, beta, x):
    mesh = jax.make_mesh((4, 2), ("chain", "data"))
    theta = jax.device_put(theta, NamedSharding(mesh, P("chain", None)))
    beta = jax.device_put(beta, NamedSharding(mesh, P("chain")))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    pt = ReplicaExchange(N_REPLICAS, chain_axis="chain", data_axis="data")
    log_swap = jax.shard_map(pt.swap_log_prob, mesh=mesh,
                             in_specs=(P("chain", None), P("chain"), P("data", None)),
                             out_specs=P("chain"))(theta, beta, x)
    return log_swap


if __name__ == "__main__":
    main(*inputs())
