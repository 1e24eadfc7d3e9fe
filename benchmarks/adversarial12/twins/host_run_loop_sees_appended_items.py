"""A parser loop expands includes by appending to the list it walks."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


INCLUDES = {"rows": ["keep=j"]}


def parse_axes(items):
    axes, queue = ["i", "j"], list(items)
    for item in queue:
        key, value = item.split("=")
        if key == "include":
            queue.extend(INCLUDES[value])
        elif key == "drop":
            axes.remove(value)
    return tuple(axes)


def main(mesh, x):
    axes = parse_axes(["include=rows"])

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
