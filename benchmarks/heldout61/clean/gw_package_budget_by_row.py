"""Volumetric budget of MODFLOW-style stress packages on a row/column grid."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PACKAGES = {}


def package(ftype):
    def deco(cls):
        cls.ftype = ftype
        PACKAGES[ftype] = cls
        return cls
    return deco


class StressPackage:
    axes = ("row", "col")

    def flow(self, head, data):
        raise NotImplementedError

    def budget(self, head, data):
        row, col = self.axes
        per_row = jax.lax.psum(self.flow(head, data).sum(axis=1), col)
        return jax.lax.all_gather(per_row, row, tiled=True, to="reduced")


@package("RCH")
class Recharge(StressPackage):
    def flow(self, head, data):
        return data * 100.0 * 100.0


@package("DRN")
class Drain(StressPackage):
    elevation = 9.5

    def flow(self, head, data):
        return -data * jnp.maximum(head - self.elevation, 0.0)


def budget_table(head, rch, drn):
    return {name: PACKAGES[name]().budget(head, arr) for name, arr in (("RCH", rch), ("DRN", drn))}


def inputs():
    rng = np.random.default_rng(20)
    head = (10.0 + rng.normal(size=(16, 8))).astype(np.float32)
    rch = np.full((16, 8), 2e-4, np.float32)
    drn = np.abs(rng.normal(size=(16, 8))).astype(np.float32)
    return head, rch, drn


def main(head, rch, drn):
    mesh = jax.make_mesh((4, 2), StressPackage.axes)
    spec = P(*StressPackage.axes)
    head, rch, drn = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (head, rch, drn))
    out = {name: P(reduced={"row"}) for name in ("RCH", "DRN")}
    fn = jax.shard_map(budget_table, mesh=mesh, in_specs=(spec, spec, spec), out_specs=out)
    return fn(head, rch, drn)


if __name__ == "__main__":
    main(*inputs())
