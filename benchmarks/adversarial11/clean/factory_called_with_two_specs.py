"""A step factory is called twice, with matching (spec, axes) pairs."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def make_step(mesh, spec, axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())


def main(mesh, x):
    full = make_step(mesh, P("i", "j"), ("i", "j"))(x)
    rows = jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", None)))
    return full, make_step(mesh, P("i", None), ("i",))(rows)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
