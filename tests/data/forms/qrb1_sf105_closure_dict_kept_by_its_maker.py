"""A maker whose dict never leaves it: it reads the dict (its length, a key test, its keys) and
gives out only the getter, whose items are tuples of strings; no code can change the dict after
the maker returned, so the getter reads the maker's axes and the psum names an axis the block
does not vary on."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def make_axes():
    state = {"axes": ("data", "model")}
    if "axes" not in state or len(state) != 1:
        raise KeyError("axes")
    keys = tuple(state)

    def get():
        return state[keys[0]]
    return get, keys


def main():
    get_axes, keys = make_axes()
    print(keys)
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data", None)))
    axes = get_axes()
    step = jax.shard_map(lambda y: jax.lax.psum(y, axes), mesh=mesh, in_specs=P("data", None), out_specs=P())  # SF105
    return step(x)


if __name__ == "__main__":
    main()
