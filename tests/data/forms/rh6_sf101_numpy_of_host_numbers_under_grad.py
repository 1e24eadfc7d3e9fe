"""A loss differentiated inside the body scales by `np.sqrt(head_dim)`: NumPy on a Python int
computes a host number and traces nothing, so the backward pass is as certain as without it, and
the step after the gradient (on its aux value, a psum) is followed."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

HEAD_DIM = 4


def step(w, x, axis):
    def loss_fn(w):
        h = (x @ w) / np.sqrt(HEAD_DIM)
        return jnp.mean(h), jax.lax.psum(jnp.sum(h), axis)

    (loss, total), g = jax.value_and_grad(loss_fn, has_aux=True)(w)
    per_shard = jax.lax.all_gather(total[None], axis, axis=0, tiled=True, to="reduced")  # SF101
    return g, per_shard


def inputs():
    return ("data",)


def main(axis):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P()))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(axis)))
    f = jax.shard_map(lambda w, x: step(w, x, axis), mesh=mesh, in_specs=(P(), P(axis)),
                      out_specs=(P(), P(reduced={axis})))
    return f(w, x)


if __name__ == "__main__":
    main(*inputs())
