"""Sliding-window calibration: each host hands its window of predictions to the next host."""
import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

Window = collections.namedtuple("Window", ["preds", "labels"])


class WindowedCalibration:
    def __init__(self, mesh, axis="host"):
        self.axis = axis
        self.size = mesh.shape[axis]

    @property
    def perm(self):
        return [(i, (i + 1) % self.size) for i in range(self.size)]

    def assemble(self, preds, labels):
        full = lambda a: jax.lax.all_gather(a, self.axis, axis=0, tiled=True, to="reduced")
        return Window(full(preds), full(labels))

    def shift(self, preds, labels):
        window = self.assemble(preds, labels)
        moved = [jax.lax.ppermute(x, self.axis, self.perm) for x in window]
        return moved[0].sum(axis=0, keepdims=True) - moved[1].sum(axis=0, keepdims=True)


def inputs():
    rng = np.random.default_rng(52)
    return rng.random((16, 8)).astype(np.float32), (rng.random((16, 8)) < 0.3).astype(np.float32)


def main(preds, labels):
    mesh = jax.make_mesh((2, 4), ("host", "shard"))
    spec = P("host", "shard")
    preds = jax.device_put(preds, NamedSharding(mesh, spec))
    labels = jax.device_put(labels, NamedSharding(mesh, spec))
    cal = WindowedCalibration(mesh)
    f = jax.shard_map(cal.shift, mesh=mesh, in_specs=(spec, spec), out_specs=spec)
    return f(preds, labels)


if __name__ == "__main__":
    main(*inputs())
