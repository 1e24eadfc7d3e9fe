"""Demand forecasting: quantile (pinball) loss over the forecast horizon, with logging.

The job is launched with a shell-style argument string parsed by hand.
"""
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ARGV = "--mesh series:4,horizon:2 --quantiles 0.1,0.5,0.9 --sum-over horizon --log-over horizon"


def parse_argv(text):
    words = shlex.split(text)
    opts = {}
    for flag, value in zip(words[::2], words[1::2]):
        opts[flag.lstrip("-").replace("-", "_")] = value
    return opts


def mesh_of(spec):
    items = [kv.split(":") for kv in spec.split(",")]
    return jax.make_mesh(tuple(int(v) for _, v in items), tuple(k for k, _ in items))


def pinball(pred, y, qs):
    err = y[..., None] - pred
    return jnp.maximum(qs * err, (qs - 1.0) * err)


def loss_body(pred, y, qs, opts):
    per_series = jax.lax.psum(jnp.sum(pinball(pred, y, qs), axis=(1, 2)), opts["sum_over"])
    logged = jax.lax.all_gather(per_series, opts["log_over"], tiled=True, to="reduced")
    return per_series, logged


def inputs():
    rng = np.random.default_rng(60)
    pred = rng.normal(size=(16, 8, 3)).astype(np.float32)
    y = rng.normal(size=(16, 8)).astype(np.float32)
    return pred, y


def main(pred, y):
    opts = parse_argv(ARGV)
    mesh = mesh_of(opts["mesh"])
    qs = jnp.asarray([float(q) for q in opts["quantiles"].split(",")])
    pred = jax.device_put(pred, NamedSharding(mesh, P("series", "horizon", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("series", "horizon")))
    loss, logged = jax.shard_map(lambda p, t: loss_body(p, t, qs, opts), mesh=mesh,
                                 in_specs=(P("series", "horizon", None), P("series", "horizon")),
                                 out_specs=(P("series"), P("series", reduced={"horizon"})))(pred, y)
    print(loss.shape, logged.shape)
    return loss


if __name__ == "__main__":
    main(*inputs())
