"""Weight-only int8 linear for inference: symmetric per-channel scales and dequantisation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INT8 = jnp.iinfo(jnp.int8)
ROWS, COLS = "rows", "cols"


def quantize(w):
    amax = jnp.max(jnp.abs(w), axis=1, keepdims=True)
    scale = jax.lax.all_gather(amax, COLS, axis=1, tiled=True, to="reduced")
    scale = jnp.max(scale, axis=1, keepdims=True)
    q = jnp.round(w / scale * INT8.max).astype(jnp.int8)
    return q, scale


def int8_linear(x, w):
    q, _ = quantize(w)
    amax_cols = jax.lax.all_gather(jnp.max(jnp.abs(w), axis=1, keepdims=True), COLS, axis=1,
                                   tiled=True, to="reduced")
    step = jnp.max(amax_cols, axis=1, keepdims=True) / INT8.max
    y = x @ (q.astype(x.dtype) * step)
    return jax.lax.psum(y, ROWS)


def inputs():
    rng = np.random.default_rng(37)
    x = rng.standard_normal((4, 16)).astype(np.float32)
    w = rng.standard_normal((16, 32)).astype(np.float32)
    return x, w


def main(x, w):
    mesh = jax.make_mesh((2, 4), (ROWS, COLS))
    x = jax.device_put(x, NamedSharding(mesh, P(None, ROWS)))
    w = jax.device_put(w, NamedSharding(mesh, P(ROWS, COLS)))
    fn = jax.shard_map(int8_linear, mesh=mesh, in_specs=(P(None, ROWS), P(ROWS, COLS)),
                       out_specs=P(None, COLS))
    return fn(x, w)


if __name__ == "__main__":
    print(main(*inputs()))
