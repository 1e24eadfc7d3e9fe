"""An RDP accountant: the RDP curve is evaluated per order shard and per cohort, then composed."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ORDERS = np.array([1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 16.0, 32.0], dtype=np.float32)


class RDPAccountant:
    cohort_axis = "cohort"
    order_axis = "param"

    def __init__(self, noise_multiplier):
        self.noise_multiplier = noise_multiplier

    def _gaussian_rdp(self, orders, q):
        return q[:, None] ** 2 * orders[None, :] / (self.noise_multiplier ** 2)

    def _compose(self, rdp):
        curve = jax.lax.all_gather(rdp, self.order_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(curve, (self.cohort_axis, self.order_axis), axis=0, tiled=True, to="reduced")

    def curve(self, orders, q):
        return self._compose(self._gaussian_rdp(orders, q))


def inputs():
    q = np.array([0.01, 0.02, 0.05, 0.1], dtype=np.float32)
    return ORDERS, q


def main(orders, q):
    acc = RDPAccountant(noise_multiplier=1.1)
    mesh = jax.make_mesh((2, 4), (acc.cohort_axis, acc.order_axis))
    orders = jax.device_put(orders, NamedSharding(mesh, P(acc.order_axis)))
    q = jax.device_put(q, NamedSharding(mesh, P(acc.cohort_axis)))
    out = P(None, None, reduced={acc.cohort_axis, acc.order_axis})
    fn = jax.shard_map(acc.curve, mesh=mesh, in_specs=(P(acc.order_axis), P(acc.cohort_axis)), out_specs=out)
    return fn(orders, q)


if __name__ == "__main__":
    main(*inputs())
