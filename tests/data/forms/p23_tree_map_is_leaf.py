import functools
from functools import partial
import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def sync(g):
    return lax.pmean(g, "i")


def body(params):
    summed = jax.tree.map(lambda g: lax.psum(g, "i"), params, is_leaf=lambda n: isinstance(n, tuple))
    w = lax.all_gather(summed["w"], "i", to="reduced", tiled=True)  # SF101
    meaned = jax.tree_util.tree_map(sync, params, is_leaf=lambda n: n is None)
    b = lax.all_gather(meaned["b"][0], "i", to="reduced", tiled=True)  # SF101
    maxed = jax.tree.map(partial(lax.pmax, axis_name="i"), params, is_leaf=lambda n: isinstance(n, tuple))
    c = lax.all_gather(maxed["b"][1], "i", to="reduced", tiled=True)  # SF101
    return w, b, c


def run(mesh, params):
    specs = {"w": P("i"), "b": (P("i"), P("i"))}
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=(P(reduced={"i"}),) * 3)(params)
