"""Hager-Zhang secant step: each shard passes its bracket endpoint to the next one."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Bracket(NamedTuple):
    lo: jax.Array
    hi: jax.Array


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


def pass_right(x, axis_name, n):
    return jax.lax.ppermute(x, axis_name, perm=ring(n))


def secant_exchange(bracket, *, axis_name="param", n_shards=4):
    lo_full = jax.lax.all_gather(bracket.lo, axis_name, axis=1, tiled=True, to="reduced")
    hi = bracket.hi
    for _ in range(2):
        hi = pass_right(hi, axis_name, n_shards)
    lo_next = pass_right(lo_full, axis_name, n_shards)
    return Bracket(lo=lo_next, hi=hi)


def inputs():
    a = np.linspace(0.0, 1.0, 64, dtype=np.float32).reshape(4, 16)
    return a, a + 1.0


def main(lo, hi):
    mesh = jax.make_mesh((2, 4), ("data", "param"))
    sh = NamedSharding(mesh, P("data", "param"))
    lo, hi = jax.device_put(lo, sh), jax.device_put(hi, sh)

    def body(lo, hi):
        return tuple(secant_exchange(Bracket(lo, hi)))

    return jax.shard_map(body, mesh=mesh, in_specs=(P("data", "param"),) * 2,
                         out_specs=(P("data", "param"), P("data", "param")))(lo, hi)


if __name__ == "__main__":
    main(*inputs())
