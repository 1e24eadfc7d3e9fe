"""Partition of unity for overlapping subdomains: weights are 1/multiplicity, their total must equal the node count."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("sub", "comp")
REDUCERS = {"sum": jax.lax.psum, "mean": jax.lax.pmean}


class PartitionOfUnity:
    def __init__(self, reduction="sum", axes=AXES):
        self.reduce = REDUCERS[reduction]
        self.axes = axes

    def weights(self, owned):
        multiplicity = jax.lax.psum(owned, self.axes[0])
        return owned / jnp.maximum(multiplicity, 1.0), multiplicity

    def check(self, owned):
        w, multiplicity = self.weights(owned)
        total = self.reduce(w.sum(), self.axes)
        shared = self.reduce(jnp.sum(multiplicity > 1.0), self.axes)
        return w, total, shared


def inputs():
    owned = np.zeros((16, 4), np.float32)
    for s in range(4):
        owned[4 * s: 4 * s + 4] = 1.0
    owned[3::4] = 1.0
    return (owned,)


def main(owned):
    mesh = jax.make_mesh((4, 2), AXES)
    spec = P(*AXES)
    owned = jax.device_put(owned, NamedSharding(mesh, spec))
    pou = PartitionOfUnity()
    return jax.shard_map(pou.check, mesh=mesh, in_specs=spec, out_specs=(spec, P(), P()))(owned)


if __name__ == "__main__":
    main(*inputs())
