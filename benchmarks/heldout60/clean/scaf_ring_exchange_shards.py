"""SCAFFOLD with a decentralised ring: each silo hands the variate it holds to its neighbour."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SILO = "silo"
SHARD = "shard"


class RingTopology:
    def __init__(self, n, axis=SHARD):
        self.n = n
        self.axis = axis

    @property
    def perm(self):
        return [(i, (i + 1) % self.n) for i in range(self.n)]

    def send(self, value):
        return jax.lax.ppermute(value, self.axis, self.perm)


def make_round(topology, lr):
    def round_fn(y, grads, c_i):
        def local_step(_, y):
            return y - lr * (grads - c_i)
        y = jax.lax.fori_loop(0, 3, local_step, y)
        c_seen = jax.lax.all_gather(c_i, SILO, axis=0, tiled=True, to="reduced")
        return y, topology.send(c_seen)
    return round_fn


def inputs():
    rng = np.random.default_rng(4)
    y = rng.normal(size=(4, 8)).astype(np.float32)
    grads = rng.normal(size=(4, 8)).astype(np.float32)
    c_i = rng.normal(size=(4, 8)).astype(np.float32) * 0.1
    return y, grads, c_i


def main(y, grads, c_i):
    mesh = jax.make_mesh((4, 2), (SILO, SHARD))
    spec = P(SILO, SHARD)
    y, grads, c_i = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (y, grads, c_i))
    round_fn = make_round(RingTopology(2), lr=0.05)
    fn = jax.shard_map(round_fn, mesh=mesh, in_specs=(spec, spec, spec), out_specs=(spec, P(None, SHARD, reduced={SILO})))
    return fn(y, grads, c_i)


if __name__ == "__main__":
    main(*inputs())
