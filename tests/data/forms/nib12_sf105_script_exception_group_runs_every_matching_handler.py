"""except* runs every handler that matches part of the group, in order: the
KeyError handler runs after the ValueError one and leaves 'i' (a model that stopped at the first
matching handler, as plain except does, would see both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def launch():
    raise ExceptionGroup("workers failed", [ValueError("bad size"), KeyError("missing")])


def main():
    axes = "j"
    try:
        launch()
    except* ValueError:
        axes = ("i", "j")
    except* KeyError:
        axes = "i"
    return reduce_over(axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
