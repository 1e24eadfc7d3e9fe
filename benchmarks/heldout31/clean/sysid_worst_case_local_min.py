"""Robust sysid: worst-case fit over the ensemble of candidate dynamics models."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class FitScore:
    def __init__(self, ensemble_axis):
        self.ensemble_axis = ensemble_axis

    def ensemble_scores(self, err):
        score = -jnp.mean(err * err, axis=-1)
        return jax.lax.all_gather(score, self.ensemble_axis, to="reduced", axis=0)

    def worst(self, err):
        scores = self.ensemble_scores(err)
        return jnp.min(scores, axis=0, keepdims=True)


def robust_fit(err, scorer):
    return jax.lax.pmean(scorer.worst(err).min(axis=0), ("episode", "param"))


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("episode", "param", "ensemble"))
    err = jnp.cos(jnp.arange(4 * 4 * 4 * 6, dtype=jnp.float32)).reshape(4, 4, 4, 6) * 0.1
    return mesh, jax.device_put(err, NamedSharding(mesh, P("episode", "param", "ensemble", None)))


def main(mesh, err):
    body = functools.partial(robust_fit, scorer=FitScore("ensemble"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("episode", "param", "ensemble", None),
                         out_specs=P(None))(err)
