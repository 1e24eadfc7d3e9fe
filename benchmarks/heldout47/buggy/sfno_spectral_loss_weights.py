"""Spectral-space training losses for an SFNO, looked up by name from the run config."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSSES = {}


def register_loss(name):
    def wrap(fn):
        LOSSES[name] = fn
        return fn
    return wrap


@register_loss("spectral_l2")
def spectral_l2(pred, target, degree_weights, cfg):
    err = jnp.sum(degree_weights[None, :] * (pred - target) ** 2, axis=-1)
    per_sample = jax.lax.psum(err, cfg["mode_axis"])
    return jax.lax.pmean(per_sample, tuple(cfg["reduce_axes"]))


@register_loss("grid_l2")
def grid_l2(pred, target, degree_weights, cfg):
    return jax.lax.pmean(jnp.mean((pred - target) ** 2), tuple(cfg["reduce_axes"]))


CONFIG = {"loss": "spectral_l2", "mode_axis": "lat", "reduce_axes": ["data", "lat"]}


def inputs():
    rng = np.random.default_rng(2)
    pred = rng.standard_normal((4, 16)).astype(np.float32)
    target = rng.standard_normal((4, 16)).astype(np.float32)
    degree_weights = (1.0 / (1.0 + np.arange(16))).astype(np.float32)
    return pred, target, degree_weights


def main(pred, target, degree_weights, config=CONFIG):
    mesh = jax.make_mesh((2, 4), ("data", "lat"))
    pred = jax.device_put(pred, NamedSharding(mesh, P("data", "lat")))
    target = jax.device_put(target, NamedSharding(mesh, P("data", "lat")))
    degree_weights = jax.device_put(degree_weights, NamedSharding(mesh, P("lat")))
    loss_fn = functools.partial(LOSSES[config["loss"]], cfg=config)
    loss = jax.shard_map(loss_fn, mesh=mesh, in_specs=(P("data", "lat"), P("data", "lat"), P("lat")),
                         out_specs=P())(pred, target, degree_weights)
    return loss


if __name__ == "__main__":
    main(*inputs())
