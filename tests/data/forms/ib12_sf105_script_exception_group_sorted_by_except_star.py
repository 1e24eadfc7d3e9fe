"""A launcher gathers its workers' failures into an ExceptionGroup; except* picks
out the shard errors, whose messages name the axes the fallback reduces over."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ShardError(Exception):
    pass


def launch():
    raise ExceptionGroup("workers failed", [ShardError("i"), ShardError("j")])


def main():
    axes = "i"
    try:
        launch()
    except* ShardError as group:
        axes = tuple(str(error) for error in group.exceptions)
    except* KeyError:
        axes = "j"
    return reduce_over(axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
