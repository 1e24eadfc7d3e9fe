"""Dump the full hidden-state history, time-major first, then the whole grid."""
import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SEQ, FEAT = "seq", "feat"
N_CHUNKS, N_FEAT = 4, 2


class LruParams(NamedTuple):
    w_in: jax.Array     # [d_in, channels]  split over channels
    log_a: jax.Array    # [channels]        split over channels
    w_out: jax.Array    # [channels, d_out] row-parallel


PARAM_SPECS = LruParams(P(None, FEAT), P(FEAT), P(FEAT, None))
X_SPEC = P(SEQ, None)


@dataclasses.dataclass(frozen=True)
class ScanOptions:
    unroll: int = 1
    reverse: bool = False


def _local_scan(a, u, opts):
    def step(h, u_t):
        h = a * h + u_t
        return h, h
    h0 = jnp.zeros_like(u[0])
    return jax.lax.scan(step, h0, u, unroll=opts.unroll, reverse=opts.reverse)[1]


def chunk_carry(a, states, chunk_len):
    """Carry-in state of every sequence chunk, from the other chunks' final states."""
    finals = jax.lax.all_gather(states[-1], SEQ)                 # [chunks, c]
    decay = a ** chunk_len
    idx = jax.lax.axis_index(SEQ)

    def fold(carry, i):
        carry = jnp.where(i < idx, decay * carry + finals[i], carry)
        return carry, None
    return jax.lax.scan(fold, jnp.zeros_like(states[-1]), jnp.arange(N_CHUNKS))[0]


def lru_layer(params, x, opts=ScanOptions()):
    with jax.named_scope("lru"):
        a = jnp.exp(-jnp.exp(params.log_a))
        u = x @ params.w_in
        states = _local_scan(a, u, opts)
        carry = chunk_carry(a, states, x.shape[0])
        powers = a[None, :] ** jnp.arange(1, x.shape[0] + 1)[:, None]
        states = states + powers * carry
        y = jax.lax.psum(states @ params.w_out, FEAT)
    return y, states


def make_mesh():
    return jax.make_mesh((N_CHUNKS, N_FEAT), (SEQ, FEAT))


def place(mesh, params, x):
    params = LruParams(*(jax.device_put(p, NamedSharding(mesh, s)) for p, s in zip(params, PARAM_SPECS)))
    return params, jax.device_put(x, NamedSharding(mesh, X_SPEC))


def inputs():
    rng = np.random.default_rng(3)
    t, d_in, c, d_out = 32, 4, 8, 4
    params = LruParams(rng.normal(size=(d_in, c)).astype(np.float32) * 0.5,
                       np.linspace(-2.0, 0.0, c, dtype=np.float32),
                       rng.normal(size=(c, d_out)).astype(np.float32) * 0.5)
    return params, rng.normal(size=(t, d_in)).astype(np.float32)


def dump_states(params, x):
    _, states = lru_layer(params, x)
    history = jax.lax.all_gather(states, SEQ, axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(history, (FEAT, SEQ), axis=1, tiled=True, to="reduced")


@jax.jit
def run(params, x):
    return jax.shard_map(dump_states, in_specs=(PARAM_SPECS, X_SPEC),
                         out_specs=P(None, None, reduced={SEQ, FEAT}))(params, x)


def main(params, x):
    mesh = make_mesh()
    with jax.set_mesh(mesh):
        params, x = place(mesh, params, x)
        return run(params, x)


if __name__ == "__main__":
    main(*inputs())
