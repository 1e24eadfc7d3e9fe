"""A feeder generator driven by hand: primed by `next(gen, None)`, then `gen.send("next")` in a
loop whose `try` ends it at the StopIteration Python raises in the caller once the generator
returns. Every name it fed becomes a reduction axis: the loss, varying on "data" only, is
psum'd over both axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def feeder(names):
    for name in names:
        cmd = yield name
        if cmd == "stop":
            return


def drive(gen):
    out, item = [], next(gen, None)
    while item is not None:
        out.append(item)
        try:
            item = gen.send("next")
        except StopIteration:
            item = None
    return out


def loss(x, axes):
    local = jnp.mean(x ** 2)
    return jax.lax.psum(local, axes)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    axes = tuple(drive(feeder(["data", "model"])))
    step = jax.shard_map(lambda x: loss(x, axes), mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step(jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None))))


if __name__ == "__main__":
    main()
