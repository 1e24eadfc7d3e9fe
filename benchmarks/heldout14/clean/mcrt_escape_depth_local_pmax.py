"""Slab transmission by Monte Carlo: the deepest excursion is a pmax of the local depths;
the depths themselves are gathered (reduced) only for the leakage histogram."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = "packets"


def walk(mu, key, steps=16, thickness=2.0):
    def body(i, carry):
        x, k = carry
        k, sub = jax.random.split(k)
        step = -jnp.log(jax.random.uniform(sub, x.shape, minval=1e-3)) / mu
        direction = jnp.where(jax.random.uniform(sub, x.shape) < 0.5, -1.0, 1.0)
        return jnp.clip(x + direction * step, 0.0, thickness), k

    x, _ = jax.lax.fori_loop(0, steps, body, (jnp.zeros_like(mu), key))
    return x


def report(depths):
    deepest = jax.lax.pmax(jnp.max(depths), AXIS)
    everyone = jax.lax.all_gather(depths, AXIS, tiled=True, to="reduced")
    return everyone, deepest


def transport(mu):
    key = jax.random.fold_in(jax.random.key(7), jax.lax.axis_index(AXIS))
    return report(walk(mu, key))


def inputs():
    return (np.linspace(0.5, 2.0, 64, dtype=np.float32),)


def main(mu):
    mesh = jax.make_mesh((8,), (AXIS,))
    mu = jax.device_put(mu, NamedSharding(mesh, P(AXIS)))
    f = jax.shard_map(transport, mesh=mesh, in_specs=P(AXIS),
                      out_specs=(P(None, reduced={AXIS}), P()))
    return f(mu)


if __name__ == "__main__":
    print(main(*inputs()))
