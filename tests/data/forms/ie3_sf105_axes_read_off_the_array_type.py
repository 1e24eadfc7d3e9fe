import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data")))
    layout = jax.typeof(x).sharding
    axes = (layout.spec[0], layout.spec[1] or layout.mesh.axis_names[-1])  # (the type pads the spec: P('data', None))

    def body(b):
        return jax.lax.psum(jnp.sum(b), axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=layout.spec, out_specs=P())(x)


if __name__ == "__main__":
    main()
