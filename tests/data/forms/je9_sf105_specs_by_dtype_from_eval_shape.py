"""eval_shape's structs keep each leaf's dtype: the float32 w is sharded on "i" only, and the psum
over ("i", "j") of a value varying on "i" and invariant on "j" raises."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init():
    return {"w": jnp.zeros((8, 4), jnp.float32), "b": jnp.zeros((4,), jnp.int32)}


def body(params):
    return jax.lax.psum(params["w"], ("i", "j"))  # SF105


def placed(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, jax.sharding.NamedSharding(mesh, s)), tree, specs)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    shapes = jax.eval_shape(init)
    specs = {name: P("i") if s.dtype == jnp.float32 else P() for name, s in shapes.items()}
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P())(placed(mesh, init(), specs))


if __name__ == "__main__":
    main()
