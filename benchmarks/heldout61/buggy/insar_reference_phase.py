"""Interferogram stack referenced to a stable area before the time-series inversion."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STACK_AXES = ("pair", "line")


class ReferencedStack:
    def __init__(self, mesh, ref_window):
        self.mesh = mesh
        self.ref_window = ref_window

    def reference(self, unw, ref_mask):
        pair, line = STACK_AXES
        ref_phase = (unw * ref_mask).sum(axis=(1, 2)) / jnp.maximum(ref_mask.sum(), 1.0)
        ref_all = jax.lax.all_gather(ref_phase, line, tiled=True, to="reduced")
        return unw - ref_phase[:, None, None], ref_all

    def __call__(self, unw, ref_mask):
        pair, line = STACK_AXES
        fn = jax.shard_map(self.reference, mesh=self.mesh,
                           in_specs=(P(pair, None, None), P(None, None)),
                           out_specs=(P(pair, None, None), P(pair, reduced={line})))
        return fn(unw, ref_mask)


def inputs():
    rng = np.random.default_rng(60)
    unw = rng.normal(size=(8, 16, 16)).astype(np.float32)
    mask = np.zeros((16, 16), np.float32)
    mask[2:5, 3:6] = 1.0
    return unw, mask


def main(unw, mask):
    mesh = jax.make_mesh((4, 2), STACK_AXES)
    unw = jax.device_put(unw, NamedSharding(mesh, P("pair", None, None)))
    mask = jax.device_put(mask, NamedSharding(mesh, P(None, None)))
    return ReferencedStack(mesh, ref_window=(2, 5, 3, 6))(unw, mask)


if __name__ == "__main__":
    main(*inputs())
