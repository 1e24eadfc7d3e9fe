"""Rebalance with an L1 turnover penalty against yesterday's book."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class Constraints:
    name_axis: str = "name"
    tc_penalty: float = 0.002
    max_turnover: float = 0.5


def previous_book(w_prev, c):
    return jax.lax.all_gather(w_prev, c.name_axis, axis=1, tiled=True, to="reduced")


def book_gross(prev_full, c):
    held = jnp.abs(prev_full).sum(axis=1, keepdims=True)
    return held


def rebalance(alpha, w_prev, c=Constraints()):
    prev_full = previous_book(w_prev, c)
    w_new = w_prev + 0.1 * alpha
    gross = book_gross(prev_full, c)
    return w_new, gross


def inputs():
    rng = np.random.default_rng(503)
    return ((0.1 * rng.standard_normal((4, 32))).astype(np.float32),
            (rng.random((4, 32)) / 32).astype(np.float32))


def main(alpha, w_prev):
    mesh = jax.make_mesh((2, 4), ("book", "name"))
    lay = NamedSharding(mesh, P("book", "name"))
    w_new, turnover = jax.shard_map(rebalance, mesh=mesh, in_specs=(P("book", "name"), P("book", "name")),
                                    out_specs=(P("book", "name"), P("book", None, reduced={"name"})))(
        jax.device_put(alpha, lay), jax.device_put(w_prev, lay))
    print(w_new.shape, turnover.shape)
    return w_new


if __name__ == "__main__":
    main(*inputs())
