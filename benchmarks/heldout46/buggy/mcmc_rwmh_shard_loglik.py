"""Random-walk Metropolis on a Bayesian linear regression: chains and data both sharded."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CHAINS, N_DATA, DIM, N_STEPS = 8, 64, 3, 10


class LinearGaussianModel:
    def __init__(self, x, y, data_axis, prior_scale=1.0):
        self.x, self.y = x, y
        self.data_axis = data_axis
        self.prior_scale = prior_scale

    def log_likelihood(self, theta):
        resid = self.y[None, :] - theta @ self.x.T
        return jax.lax.psum(-0.5 * jnp.sum(resid * resid, axis=1), self.data_axis)

    def log_density(self, theta):
        prior = -0.5 * jnp.sum(theta * theta, axis=1) / self.prior_scale ** 2
        return self.log_likelihood(theta) + prior

    def shard_contributions(self, theta):
        total = self.log_likelihood(theta)
        return jax.lax.all_gather(total, self.data_axis, to="reduced")


class MCMCKernel:
    def __init__(self, model, step_size):
        self.model = model
        self.step_size = step_size

    def step(self, theta, logp, noise, u):
        raise NotImplementedError


class RandomWalkMH(MCMCKernel):
    def step(self, theta, logp, noise, u):
        proposal = theta + self.step_size * noise
        logp_new = self.model.log_density(proposal)
        accept = jnp.log(u) < logp_new - logp
        theta = jnp.where(accept[:, None], proposal, theta)
        return theta, jnp.where(accept, logp_new, logp)


def sample(theta, noise, u, x, y):
    model = LinearGaussianModel(x, y, data_axis="data")
    kernel = RandomWalkMH(model, step_size=0.05)
    logp = model.log_density(theta)
    for t in range(N_STEPS):
        theta, logp = kernel.step(theta, logp, noise[:, :, t], u[:, t])
    return theta, model.shard_contributions(theta)


def inputs():
    rng = np.random.default_rng(30)
    x = rng.standard_normal((N_DATA, DIM)).astype(np.float32)
    y = (x @ np.array([1.0, -0.5, 0.25], np.float32) + 0.1 * rng.standard_normal(N_DATA)).astype(np.float32)
    theta = np.zeros((N_CHAINS, DIM), np.float32)
    noise = rng.standard_normal((N_CHAINS, DIM, N_STEPS)).astype(np.float32)
    u = rng.uniform(size=(N_CHAINS, N_STEPS)).astype(np.float32)
    return theta, noise, u, x, y


def main(theta, noise, u, x, y):
    mesh = jax.make_mesh((4, 2), ("chain", "data"))
    place = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
    specs = (P("chain", None), P("chain", None, None), P("chain", None), P("data", None), P("data"))
    args = [place(a, s) for a, s in zip((theta, noise, u, x, y), specs)]
    theta, contrib = jax.shard_map(sample, mesh=mesh, in_specs=specs,
                                   out_specs=(P("chain", None), P(None, "chain", reduced={"data"})))(*args)
    return theta, contrib


if __name__ == "__main__":
    main(*inputs())
