"""Near miss of co7: the loop's only key picks `Recharge`, which overrides `budget` with a gather
of a value that still varies on "i" (valid); the inherited budget of `Drain` is never built."""
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
        return jax.lax.all_gather(total, row, tiled=True, to="reduced")


@package("RCH")
class Recharge(Package):
    def flow(self, data):
        return data * 2.0

    def budget(self, data):
        row, _ = self.axes
        return jax.lax.all_gather(self.flow(data).sum(axis=0), row, tiled=True, to="reduced")


@package("DRN")
class Drain(Package):
    def flow(self, data):
        return -jnp.abs(data)


def table(a):
    return {name: PACKAGES[name]().budget(arr) for name, arr in (("RCH", a),)}


def main(mesh, x):
    return jax.shard_map(table, mesh=mesh, in_specs=(P("i", "j"),), out_specs={"RCH": P("j", reduced={"i"})})(x)
