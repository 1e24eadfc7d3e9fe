"""Tensor-parallel train step: row-parallel output, metrics reduced by a per-metric axes table."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

METRIC_REDUCTIONS = {
    "loss": (jax.lax.pmean, ("dp", "tp")),
    "num_examples": (jax.lax.psum, ("dp",)),
}


def row_parallel_forward(w_in, w_out, x, tp_axis):
    h = jax.nn.gelu(x @ w_in)
    return jax.lax.psum(h @ w_out, tp_axis)


def train_step(params, x, y, *, tp_axis="tp"):
    def loss_fn(p):
        out = row_parallel_forward(p["w_in"], p["w_out"], x, tp_axis)
        return jnp.mean((out - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    raw = {"loss": loss, "num_examples": jnp.asarray(x.shape[0], jnp.float32)}
    metrics = {}
    for name, (reduce_fn, axes) in METRIC_REDUCTIONS.items():
        metrics[name] = reduce_fn(raw[name], axes)
    new_params = jax.tree.map(lambda p, g: p - 0.01 * jax.lax.pmean(g, "dp"), params, grads)
    return new_params, metrics


def inputs():
    rng = np.random.default_rng(34)
    params = {"w_in": rng.standard_normal((6, 8)).astype(np.float32) * 0.3,
              "w_out": rng.standard_normal((8, 6)).astype(np.float32) * 0.3}
    x = rng.standard_normal((8, 6)).astype(np.float32)
    y = rng.standard_normal((8, 6)).astype(np.float32)
    return params, x, y


def main(params, x, y):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    pspecs = {"w_in": P(None, "tp"), "w_out": P("tp", None)}
    params = {k: jax.device_put(v, NamedSharding(mesh, pspecs[k])) for k, v in params.items()}
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("dp", None)))
    fn = jax.jit(jax.shard_map(functools.partial(train_step, tp_axis="tp"), mesh=mesh,
                               in_specs=(pspecs, P("dp", None), P("dp", None)),
                               out_specs=(pspecs, {"loss": P(), "num_examples": P()})))
    return fn(params, x, y)


if __name__ == "__main__":
    main(*inputs())
