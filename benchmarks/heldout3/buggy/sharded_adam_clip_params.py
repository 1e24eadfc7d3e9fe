"""Optimizer: FSDP parameters are gathered, updated, and clipped to a trust region."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP = "fsdp"


def adam_like(param, grad, mu, *, lr=1e-2, b1=0.9, clip=1.0, axis=FSDP):
    mu = b1 * mu + (1 - b1) * grad
    full = lax.all_gather(param, axis, tiled=True, to="reduced")
    full_mu = lax.all_gather(mu, axis, tiled=True, to="reduced")
    new = full - full_mu
    return jnp.clip(new, -clip, clip)


def update_tree(params, grads, mus):
    return jax.tree.map(lambda p, g, m: adam_like(p, g, m), params, grads, mus)


def inputs():
    tree = lambda v: {"w": np.full((8, 2), v, np.float32), "b": np.full((8,), v, np.float32)}
    return tree(0.5), tree(0.1), tree(0.0)


def main(params, grads, mus):
    mesh = jax.make_mesh((8,), (FSDP,))
    put = lambda t: jax.device_put(t, NamedSharding(mesh, P(FSDP)))
    params, grads, mus = put(params), put(grads), put(mus)
    f = jax.shard_map(update_tree, mesh=mesh, in_specs=P(FSDP), out_specs=P(reduced={FSDP}))
    return f(params, grads, mus)


if __name__ == "__main__":
    print(main(*inputs()))
