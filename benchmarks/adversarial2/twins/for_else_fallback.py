"""for/else: the else clause runs only when no candidate matched."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("data", "model")


def sharded_axes(spec):
    out = []
    for dim in spec:
        if dim is None:
            continue
        out.extend(dim if isinstance(dim, tuple) else (dim,))
    return tuple(out)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    spec = P("data", None)
    live = sharded_axes(spec)
    for ax in MESH_AXES:
        if ax in ():
            axes = tuple(a for a in MESH_AXES if a in live)
            break
    else:
        axes = MESH_AXES
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    return jax.shard_map(lambda v: jax.lax.psum(v.sum(), axes), mesh=mesh, in_specs=spec,
                         out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
