"""The attribute text is computed (`"__clo" + "sure__"`), and it names the function's closure:
the program rebinds the maker's cell through it (adversarial32 B), so the cell is not known."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def make_reducer():
    axes = ("data", "model")

    def reduce(block):
        return jax.lax.psum(block, axes)  # none

    return reduce


def poke(fn, text, value):
    getattr(fn, text)[0].cell_contents = value


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))
    reduce = make_reducer()
    poke(reduce, "__clo" + "sure__", ("data",))
    return jax.shard_map(reduce, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
