"""Cast exactly the axes the type lacks, computed as a set difference."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def all_reduce(x):
    missing = tuple(sorted(set(AXES) - set(jax.typeof(x).mat.varying)))
    if missing:
        x = jax.lax.pcast(x, missing, to="varying")
    return jax.lax.psum(x, AXES)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), AXES)
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(v):
        col = jnp.sum(v, axis=0)
        return all_reduce(col), all_reduce(jax.lax.psum(col, "data"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=(P(), P()))(x)


if __name__ == "__main__":
    print(main(*inputs()))
