"""Specs built from tree_flatten_with_path (a DictKey per dict item, .key) and put back by
tree_unflatten: w is sharded on "i" only, and the psum over ("i", "j") of a value varying on "i"
and invariant on "j" raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def spec_for(path):
    return P("i", None) if path[-1].key == "w" else P()


def body(params):
    return jax.lax.psum(params["w"], ("i", "j"))  # SF105


def placed(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, jax.sharding.NamedSharding(mesh, s)), tree, specs)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    params = {"w": jnp.ones((8, 4)), "b": jnp.ones((4,))}
    flat, treedef = jax.tree_util.tree_flatten_with_path(params)
    specs = jax.tree_util.tree_unflatten(treedef, [spec_for(path) for path, _ in flat])
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(placed(mesh, params, specs))


if __name__ == "__main__":
    main()
