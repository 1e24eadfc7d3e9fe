"""Particle-ensemble Kalman log-likelihood averaged over the whole mesh for the metrics dict."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Settings:
    ensemble: str = "ens"
    space: str = "space"
    noise: float = 0.2

    @property
    def mesh_axes(self):
        return (self.ensemble, self.space)


def innovation_loglik(pred, obs, noise):
    resid = pred - obs
    return -0.5 * jnp.sum(resid ** 2) / noise ** 2


def main(mesh, pred, obs, settings=Settings()):
    def body(pred, obs):
        ll_local = innovation_loglik(pred, obs, settings.noise)
        ll = jax.lax.psum(ll_local, settings.space)
        metrics = {"loglik": jax.lax.pmean(ll, settings.mesh_axes),
                   "spread": jax.lax.pmax(jnp.std(pred), settings.mesh_axes)}
        return metrics

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(settings.ensemble, settings.space),
                                                  P(None, settings.space)),
                      out_specs={"loglik": P(), "spread": P()})
    return f(pred, obs)


def inputs():
    mesh = jax.make_mesh((4, 2), ("ens", "space"))
    pred = jax.random.normal(jax.random.key(22), (8, 16))
    return (mesh, jax.device_put(pred, NamedSharding(mesh, P("ens", "space"))),
            jax.device_put(jnp.zeros((1, 16)), NamedSharding(mesh, P(None, "space"))))
