"""The body's psum is written in a text the body evaluates (`eval(text, {"jax": jax, "x": x})`):
JAX rejects it (x is invariant on 'model'), but the text's nodes have no place in the file, so no
finding could be placed or fixed there and the analysis stays silent."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCE = "jax.lax.psum(x, ('data', 'model'))"


def body(x):
    x = jax.lax.pmax(x, "data") * 0 + x
    return eval(REDUCE, {"jax": jax, "x": x})


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
