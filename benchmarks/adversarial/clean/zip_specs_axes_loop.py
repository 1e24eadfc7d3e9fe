"""A sweep over (layout, axes) pairs, as a parameterised benchmark would run it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = [P("data"), P(None, "model"), P("data", "model")]
AXES = ["data", ("model",), ("data", "model")]


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    results = {}
    for spec, axes in zip(SPECS, AXES):
        arr = jax.device_put(x, NamedSharding(mesh, spec))
        fn = jax.shard_map(lambda b, axes=axes: jax.lax.psum(jnp.sum(b), axes), mesh=mesh,
                           in_specs=spec, out_specs=P())
        results[str(spec)] = fn(arr)
    return jnp.stack(list(results.values()))


if __name__ == "__main__":
    print(main(*inputs()))
