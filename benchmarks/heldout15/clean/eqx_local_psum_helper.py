"""Equinox-style utilities module with its own `psum` helper (a host-side tree sum, not JAX's)."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def psum(tree, axis_names):
    del axis_names  # kept for signature compatibility with the sharded version
    return sum(jnp.sum(leaf) for leaf in jax.tree.leaves(tree))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Linear:
    w: jax.Array

    def __call__(self, x):
        return x @ self.w


def inputs():
    return np.ones((8, 8), np.float32), np.eye(8, dtype=np.float32)


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    layer = Linear(jax.device_put(w, NamedSharding(mesh, P(None, "tp"))))
    x = jax.device_put(x, NamedSharding(mesh, P("dp", None)))

    def fwd(m, xb):
        y = m(xb)
        norm = jax.lax.psum(jnp.sum(y * y), "tp")
        return y, psum({"n": norm}, ("dp", "tp"))[None]

    f = jax.shard_map(fwd, mesh=mesh, in_specs=(Linear(P(None, "tp")), P("dp", None)),
                      out_specs=(P("dp", "tp"), P("dp")))
    y, n = f(layer, x)
    return y, n


if __name__ == "__main__":
    print(main(*inputs()))
