"""zip stops at the shorter list: the extra (axes) entry is never paired with a spec."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = [P("data", "model"), P("data", None), P("data", None)]
SUM_AXES = [("data", "model"), ("data",), ("data", "model")]  # third entry: a layout not run here


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    outs = []
    for spec, axes in zip(SPECS, SUM_AXES):
        xs = jax.device_put(x, NamedSharding(mesh, spec))
        f = jax.shard_map(lambda v, axes=axes: jax.lax.psum(jnp.sum(v), axes), mesh=mesh,
                          in_specs=spec, out_specs=P())
        outs.append(f(xs))
    return tuple(outs)


if __name__ == "__main__":
    print(main(*inputs()))
