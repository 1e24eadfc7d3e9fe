"""Stochastic variational inference for a Bayesian linear layer: a mean-field Gaussian
posterior object computes the KL to the prior on the gathered scales."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MeanFieldPosterior:
    def __init__(self, mu, rho, axis, prior_sigma=1.0):
        self.mu, self.rho, self.axis, self.prior_sigma = mu, rho, axis, prior_sigma

    @property
    def sigma(self):
        return jax.nn.softplus(self.rho)

    def sample(self, eps):
        return self.mu + self.sigma * eps

    def kl(self):
        sigma = jax.lax.all_gather(self.sigma, self.axis, axis=1, tiled=True, to="reduced")
        mu = jax.lax.all_gather(self.mu, self.axis, axis=1, tiled=True, to="reduced")
        ratio = sigma / self.prior_sigma
        return 0.5 * jnp.sum(ratio ** 2 + mu ** 2 / self.prior_sigma ** 2 - 1.0 - 2.0 * jnp.log(ratio))


def inputs():
    rng = np.random.default_rng(38)
    mu = (rng.normal(size=(8, 16)) * 0.1).astype(np.float32)
    rho = np.full((8, 16), -3.0, np.float32)
    x = rng.normal(size=(8, 8)).astype(np.float32)
    eps = rng.normal(size=(8, 16)).astype(np.float32)
    return mu, rho, x, eps


def main(mu, rho, x, eps):
    mesh = jax.make_mesh((2, 4), ("data", "units"))
    wspec = P(None, "units")
    mu, rho, eps = (jax.device_put(a, NamedSharding(mesh, wspec)) for a in (mu, rho, eps))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def elbo(mu, rho, x, eps):
        post = MeanFieldPosterior(mu, rho, "units")
        nll = jax.lax.psum(jnp.mean((x @ post.sample(eps)) ** 2), ("data", "units"))
        return nll, post.kl()

    fn = jax.shard_map(elbo, mesh=mesh, in_specs=(wspec, wspec, P("data", None), wspec),
                       out_specs=(P(), P()))
    return fn(mu, rho, x, eps)
