"""eval_shape's structs have ranks 1 and 2: no leaf is 3-D, every input gets P(), w is invariant on
both axes and the psum over ("i", "j") runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def init():
    return {"w": jnp.zeros((8, 4)), "b": jnp.zeros((4,))}


def body(params):
    return jax.lax.psum(params["w"], ("i", "j"))


def placed(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, jax.sharding.NamedSharding(mesh, s)), tree, specs)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    shapes = jax.eval_shape(init)
    specs = jax.tree.map(lambda s: P("i", None) if s.ndim == 3 else P(), shapes)
    params = init()
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(placed(mesh, params, specs))


if __name__ == "__main__":
    main()
