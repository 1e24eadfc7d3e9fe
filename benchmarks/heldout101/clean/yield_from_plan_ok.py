"""A gather plan written as generators: the base stage, then `yield from` the widened stages."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def widened(names):
    for k in range(2, len(names) + 1):
        yield tuple(names[k - 1:k]), k - 1


def gather_plan(names):
    yield names[0], 0
    yield from widened(names)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        out = block
        for axes, dim in gather_plan(mesh.axis_names):
            out = jax.lax.all_gather(out, axes, axis=dim, tiled=True, to="reduced")
        return out

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(x)


if __name__ == "__main__":
    main()
