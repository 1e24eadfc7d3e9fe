"""Adafactor factored second-moment estimate with column statistics shared across shards."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FactoredState(NamedTuple):
    v_row: jax.Array
    v_col: jax.Array


def init_factored(shape):
    rows, cols = shape
    return FactoredState(v_row=jnp.zeros((rows,), jnp.float32), v_col=jnp.zeros((cols,), jnp.float32))


def factored_update(grad, state, decay_rate=0.8, eps=1e-30, col_axis="tensor"):
    g2 = grad * grad + eps
    v_row = decay_rate * state.v_row + (1 - decay_rate) * g2.mean(axis=1)
    v_col = decay_rate * state.v_col + (1 - decay_rate) * g2.mean(axis=0)
    v_col_full = jax.lax.all_gather(v_col, col_axis, tiled=True, to="reduced")
    row_total = jax.lax.psum(v_col_full, col_axis)
    return row_total, FactoredState(v_row, v_col)


def inputs():
    rng = np.random.default_rng(12)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(grad):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    grad = jax.device_put(grad, NamedSharding(mesh, P("fsdp", "tensor")))

    def body(g):
        state = init_factored(g.shape)
        total, _ = factored_update(g, state)
        return total

    return jax.shard_map(body, mesh=mesh, in_specs=P("fsdp", "tensor"), out_specs=P("fsdp"))(grad)


if __name__ == "__main__":
    main(*inputs())
