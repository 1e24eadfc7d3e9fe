"""Near miss of cl2: the predicate picks whole dicts (`isinstance(node, dict)`) below a tuple root,
so the helper gets the dict of both leaves and sums only the one it names; the gathered 'g' leaf
is never summed."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def gather(v):
    return jax.lax.all_gather(v, "i", axis=0, to="reduced", tiled=True)


def body(w):
    tree = ({"g": gather(w), "w": w},)
    sums = jax.tree.map(lambda d: jax.lax.psum(d["w"], "i"), tree, is_leaf=lambda node: isinstance(node, dict))
    return sums[0]


def main(mesh, x):
    w = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(w)
