"""GMRES Arnoldi step; the full Krylov vector is then collected across right-hand sides."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ArnoldiState(NamedTuple):
    basis: list
    h: list


def arnoldi_step(state, w, *, axis="rows", rhs_axis="rhs"):
    h = []
    for v in state.basis:
        coeff = jax.lax.psum(jnp.sum(v * w, axis=-1, keepdims=True), axis)
        w = w - coeff * v
        h.append(coeff)
    w_full = jax.lax.all_gather(w, axis, axis=1, tiled=True, to="reduced")
    blocks = jax.lax.all_gather(w_full, rhs_axis, axis=0, tiled=True)
    return ArnoldiState(basis=state.basis + [w], h=state.h + [h]), blocks


def inputs():
    rng = np.random.default_rng(111)
    v0 = rng.normal(size=(4, 32)).astype(np.float32)
    v0 /= np.linalg.norm(v0, axis=1, keepdims=True)
    return v0, rng.normal(size=(4, 32)).astype(np.float32)


def main(v0, w):
    mesh = jax.make_mesh((2, 4), ("rhs", "rows"))
    sh = NamedSharding(mesh, P("rhs", "rows"))
    v0, w = jax.device_put(v0, sh), jax.device_put(w, sh)

    def body(v0, w):
        _, blocks = arnoldi_step(ArnoldiState(basis=[v0], h=[]), w)
        return blocks

    return jax.shard_map(body, mesh=mesh, in_specs=(P("rhs", "rows"),) * 2,
                         out_specs=P("rhs", None, reduced={"rows"}))(v0, w)


if __name__ == "__main__":
    main(*inputs())
