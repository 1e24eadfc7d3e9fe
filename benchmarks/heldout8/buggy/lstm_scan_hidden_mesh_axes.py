"""An LSTM scanned over time with hidden units split across the model axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def lstm_cell(carry, x_t, w_x, w_h):
    h, c = carry
    gates = x_t @ w_x + h @ w_h
    i, f, o, g = jnp.split(gates, 4, axis=-1)
    c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
    h = jax.nn.sigmoid(o) * jnp.tanh(c)
    return (h, c), h


def inputs():
    rng = np.random.default_rng(8)
    xs = rng.normal(size=(5, 8, 4)).astype(np.float32)
    w_x = rng.normal(size=(4, 16)).astype(np.float32) * 0.1
    w_h = rng.normal(size=(4, 16)).astype(np.float32) * 0.1
    return xs, w_x, w_h


def main(xs, w_x, w_h):
    mesh = jax.make_mesh((2, 4), ("batch", "hidden"))
    xs = jax.device_put(xs, NamedSharding(mesh, P(None, "batch", None)))
    w_x = jax.device_put(w_x, NamedSharding(mesh, P()))
    w_h = jax.device_put(w_h, NamedSharding(mesh, P()))

    def encode(xs, w_x, w_h):
        h0 = jnp.zeros_like(xs[0])
        (h, c), _ = jax.lax.scan(lambda carry, x: lstm_cell(carry, x, w_x, w_h), (h0, h0), xs)
        h = h * (jax.lax.axis_index("hidden") + 1.0)
        h_all = jax.lax.all_gather(h, mesh.axis_names[-1], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(h_all, mesh.axis_names, axis=0, tiled=True, to="reduced")

    f = jax.jit(jax.shard_map(encode, mesh=mesh, in_specs=(P(None, "batch", None), P(), P()),
                              out_specs=P(None, None, reduced=set(mesh.axis_names))))
    return f(xs, w_x, w_h)
