"""`map(next, [it, it])` over an iterator of one name: the second `next` raises StopIteration
inside map, which ends the map quietly, so the `except` never runs and the loss is psum'd over
"data" alone. A StopIteration raised in a callback of a C iterator is not handed to the program's
`try` by the run: it gives up, silent."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    it = iter(["data"])
    try:
        axes = tuple(map(next, [it, it]))
    except StopIteration:
        axes = ("data", "model")
    step = jax.shard_map(lambda x: jax.lax.psum(jnp.mean(x ** 2), axes), mesh=mesh, in_specs=P("data", None),
                         out_specs=P())
    return step(jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None))))


if __name__ == "__main__":
    main()
