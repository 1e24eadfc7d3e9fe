"""Classes filed by a decorator under literal keys (`@package("RCH")`) are built by
`PACKAGES[name]()` in a dict comprehension over a tuple of those keys: each round's key is a
constant, so it picks the one class filed under it, whose inherited `budget` gathers a psum's
result (invariant on "i") to reduced over "i"."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

PACKAGES = {}


def package(ftype):
    def deco(cls):
        PACKAGES[ftype] = cls
        return cls
    return deco


class Package:
    axes = ("i", "j")

    def flow(self, data):
        raise NotImplementedError

    def budget(self, data):
        row, _ = self.axes
        total = jax.lax.psum(self.flow(data).sum(axis=0), row)
        return jax.lax.all_gather(total, row, tiled=True, to="reduced")  # SF101


@package("RCH")
class Recharge(Package):
    def flow(self, data):
        return data * 2.0


@package("DRN")
class Drain(Package):
    def flow(self, data):
        return -jnp.abs(data)


def table(a, b):
    return {name: PACKAGES[name]().budget(arr) for name, arr in (("RCH", a), ("DRN", b))}


def main(mesh, x):
    out = {name: P("j", reduced={"i"}) for name in ("RCH", "DRN")}
    return jax.shard_map(table, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=out)(x, x)
