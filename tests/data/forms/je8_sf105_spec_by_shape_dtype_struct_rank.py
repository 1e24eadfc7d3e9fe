"""A module-level ShapeDtypeStruct describes the features: its 2-D shape picks P("i", None), and
the psum over ("i", "j") of a value varying on "i" and invariant on "j" raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FEATURES = jax.ShapeDtypeStruct((8, 4), jnp.float32)


def body(x):
    return jax.lax.psum(x, ("i", "j"))  # SF105


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    spec = P("i", None) if len(FEATURES.shape) == 2 else P()
    x = jnp.zeros(FEATURES.shape, FEATURES.dtype)
    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(jax.device_put(x, NamedSharding(mesh, spec)))


if __name__ == "__main__":
    main()
