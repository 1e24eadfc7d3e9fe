# SGD vs. momentum ablation -- the global gradient norm we clip to, computed with shard_map.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))
max_norm = 1.0


def local_grads(x, w):
    return jax.grad(lambda w: jnp.sum(jnp.tanh(x @ w)))(w)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("i", None), P(None, "j")), out_specs=P())
def grad_norm(x, w):
    g = local_grads(x, w)
    g = jax.lax.psum(g, "i")
    sq = jnp.sum(g * g)
    return jnp.sqrt(jax.lax.psum(sq, ("i", "j")))


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(x, w):
    x = jax.device_put(x, NamedSharding(mesh, P("i", None)))
    norms = {}
    for opt in ("sgd", "momentum"):
        w_opt = jax.device_put(w if opt == "sgd" else 0.9 * w, NamedSharding(mesh, P(None, "j")))
        norms[opt] = grad_norm(x, w_opt)
    return norms


if __name__ == "__main__":
    main(*inputs())
