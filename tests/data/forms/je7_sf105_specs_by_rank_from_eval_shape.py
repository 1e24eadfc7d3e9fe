"""eval_shape gives the init function's result as structs whose ndim picks each spec: the 2-D w is
sharded on "i" only, and the psum over ("i", "j") of a value varying on "i" and invariant on
"j" raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def init():
    return {"w": jnp.zeros((8, 4)), "b": jnp.zeros((4,))}


def body(params):
    return jax.lax.psum(params["w"], ("i", "j"))  # SF105


def placed(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, jax.sharding.NamedSharding(mesh, s)), tree, specs)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    shapes = jax.eval_shape(init)
    specs = jax.tree.map(lambda s: P("i", None) if s.ndim == 2 else P(), shapes)
    params = init()
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(placed(mesh, params, specs))


if __name__ == "__main__":
    main()
