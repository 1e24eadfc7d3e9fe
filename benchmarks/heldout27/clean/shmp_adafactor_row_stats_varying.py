"""Adafactor's factored second moment: row statistics broadcast back across the column shards."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def scale_by_factored_rms(col_axis, decay=0.8, eps=1e-30):
    def init_fn(param):
        return {"v_row": jnp.zeros(param.shape[:1]), "v_col": jnp.zeros(param.shape[1:])}

    def update_fn(grad, state):
        sq = grad * grad + eps
        row = jax.lax.psum(jnp.sum(sq, axis=1), col_axis)
        row = jax.lax.all_gather(row, col_axis)
        return row, state

    return GradientTransformation(init_fn, update_fn)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(grad):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    grad = jax.device_put(grad, NamedSharding(mesh, P("fsdp", "tp")))
    tx = scale_by_factored_rms("tp")

    def body(g):
        row, _ = tx.update(g, tx.init(g))
        return row

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("fsdp", "tp"), out_specs=P("tp", "fsdp"))
    return fn(grad)


if __name__ == "__main__":
    print(main(*inputs()))
