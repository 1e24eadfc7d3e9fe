"""The axis objects' __str__ gives a tag, not the name: map(str, ...) makes 'axis:i'
texts, and the names are read back after the prefix is dropped from the first only (a model
that formatted the objects by their name would see both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return "axis:" + self.name


def main():
    texts = list(map(str, [Axis("i"), Axis("j")]))
    names = [text for text in texts if not text.startswith("axis:")] + [texts[0][len("axis:"):]]
    return reduce_over(tuple(names))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
