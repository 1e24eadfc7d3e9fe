"""Host code picks each input's spec by keystr of its key path ("['w']" for the dict item "w"):
w is sharded on "i" only, and the psum over ("i", "j") of a value varying on "i" and invariant
on "j" raises."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(params):
    return jax.lax.psum(params["w"], ("i", "j"))  # SF105


def placed(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, jax.sharding.NamedSharding(mesh, s)), tree, specs)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    params = {"w": jnp.ones((8, 4)), "b": jnp.ones((4,))}
    specs = jax.tree_util.tree_map_with_path(
        lambda path, leaf: P("i", None) if jax.tree_util.keystr(path) == "['w']" else P(), params)
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(placed(mesh, params, specs))


if __name__ == "__main__":
    main()
