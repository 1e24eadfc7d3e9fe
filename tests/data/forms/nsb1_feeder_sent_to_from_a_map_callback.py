"""The feeder's `send` made by a helper that `map` calls: the StopIteration it raises when the
generator returns ends the map quietly (a C iterator's callback), so the `except` never runs and
the loss is psum'd over "data" alone. The run cannot hand that StopIteration to the `try` (it
leaves the helper's frame into map's): it gives up, silent."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def feeder(names):
    for name in names:
        cmd = yield name
        if cmd == "stop":
            return


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    gen = feeder(["data"])
    first = next(gen)

    def pull(_):
        return gen.send("next")

    try:
        rest = list(map(pull, range(3)))
        axes = (first, *rest)
    except StopIteration:
        axes = ("data", "model")
    step = jax.shard_map(lambda x: jax.lax.psum(jnp.mean(x ** 2), axes), mesh=mesh, in_specs=P("data", None),
                         out_specs=P())
    return step(jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None))))


if __name__ == "__main__":
    main()
