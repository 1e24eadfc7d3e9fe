import functools
from functools import partial
import jax
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def first(pair):
    x, y = pair
    return lax.psum(x, "i")


def body(params):
    picked = jax.tree.map(lambda t: lax.psum(t[0], "i"), params, is_leaf=lambda n: isinstance(n, tuple))
    w = lax.all_gather(picked["b"], "i", to="reduced", tiled=True)  # none
    scaled = jax.tree.map(lambda g: lax.psum(g, "i") * 2, params, is_leaf=lambda n: isinstance(n, tuple))
    b = lax.all_gather(scaled["w"], "i", to="reduced", tiled=True)  # none
    firsts = jax.tree.map(first, params, is_leaf=lambda n: isinstance(n, tuple))
    c = lax.all_gather(firsts["b"], "i", to="reduced", tiled=True)  # none
    both = jax.tree.map(lambda g, h: lax.psum(g, "i"), params, params, is_leaf=lambda n: isinstance(n, tuple))
    d = lax.all_gather(both["w"], "i", to="reduced", tiled=True)  # none
    return w, b, c, d


def run(mesh, params):
    specs = {"w": P("i"), "b": (P("i"), P("i"))}
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=(P(reduced={"i"}),) * 4)(params)
