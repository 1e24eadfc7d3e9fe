"""Gradient accumulation over microbatches in lax.scan, with an accumulation-norm history."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AccumConfig:
    num_micro: int = 4
    data_axis: str = "data"
    model_axis: str = "model"


def loss_fn(w, x, y):
    return ((x @ w - y) ** 2).mean()


def make_accumulator(cfg):
    grad_fn = jax.grad(loss_fn)

    def body(acc, batch):
        x, y = batch
        return acc, grad_fn(acc, x, y)

    def accumulate(w, xs, ys):
        _, grads = jax.lax.scan(body, w, (xs, ys))
        g = grads.mean(axis=0)
        g = jax.lax.psum(g, cfg.data_axis)
        col_norms = jnp.sqrt((g * g).sum(axis=0, keepdims=True))
        history = jax.lax.all_gather(col_norms, cfg.data_axis, axis=0, tiled=True, to="reduced")
        return g, history
    return accumulate


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(41)
    put = lambda a, s: jax.device_put(a.astype(np.float32), NamedSharding(mesh, s))
    w = put(rng.normal(size=(8, 4)) * 0.1, P(None, "model"))
    xs = put(rng.normal(size=(4, 16, 8)), P(None, "data", None))
    ys = put(rng.normal(size=(4, 16, 4)), P(None, "data", "model"))
    return mesh, w, xs, ys


def main(mesh, w, xs, ys):
    cfg = AccumConfig()
    f = jax.shard_map(make_accumulator(cfg), mesh=mesh,
                      in_specs=(P(None, "model"), P(None, "data", None), P(None, "data", "model")),
                      out_specs=(P(None, "model"), P(None, "model", reduced={"data"})))
    return f(w, xs, ys)


if __name__ == "__main__":
    main(*inputs())
