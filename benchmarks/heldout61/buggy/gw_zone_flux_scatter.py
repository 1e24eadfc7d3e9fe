"""Cumulative along-row flux for a zone budget, redistributed to the column shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ZoneBudget:
    def __init__(self, mesh, delc=100.0):
        self.row_axis, self.col_axis = mesh.axis_names
        self.mesh = mesh
        self.delc = delc

    def face_flux(self, head, cond):
        n = jax.lax.axis_size(self.col_axis)
        east = jax.lax.ppermute(head[:, :1], self.col_axis, [(i, (i - 1) % n) for i in range(n)])
        nxt = jnp.concatenate([head[:, 1:], east], axis=1)
        return cond * (head - nxt)

    def accumulate(self, head, cond):
        q = self.face_flux(head, cond)
        q_row = jax.lax.all_gather(q, self.col_axis, axis=1, tiled=True, to="reduced")
        zone_edges = jnp.abs(q_row)
        return jax.lax.psum_scatter(zone_edges, self.col_axis, scatter_dimension=1, tiled=True)

    def run(self, head, cond):
        spec = P(self.row_axis, self.col_axis)
        fn = jax.shard_map(functools.partial(ZoneBudget.accumulate, self), mesh=self.mesh,
                           in_specs=(spec, spec), out_specs=spec)
        return fn(head, cond)


def inputs():
    rng = np.random.default_rng(22)
    head = (25.0 + rng.normal(size=(16, 8))).astype(np.float32)
    cond = np.exp(rng.normal(size=(16, 8))).astype(np.float32)
    return head, cond


def main(head, cond):
    mesh = jax.make_mesh((4, 2), ("row", "col"))
    head = jax.device_put(head, NamedSharding(mesh, P("row", "col")))
    cond = jax.device_put(cond, NamedSharding(mesh, P("row", "col")))
    return ZoneBudget(mesh).run(head, cond)


if __name__ == "__main__":
    main(*inputs())
