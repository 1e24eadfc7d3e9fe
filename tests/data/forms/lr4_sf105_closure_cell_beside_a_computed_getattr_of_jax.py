"""`getattr(jnp, name)` with a computed name gives one of JAX's own objects, never a cell or a
frame of the program's, so the cell of `make_reducer` stays what the maker put there."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def make_reducer(name):
    state = {"axes": ("data", "model")}
    scale = getattr(jnp, name)

    def reduce(block):
        return jax.lax.psum(block * scale(4.0), state["axes"])  # SF105

    return reduce


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))
    reduce = make_reducer("sq" + "rt")
    return jax.shard_map(reduce, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
