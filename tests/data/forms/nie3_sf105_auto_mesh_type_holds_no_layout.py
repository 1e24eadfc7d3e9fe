import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def main():
    mesh = Mesh(np.array(jax.devices()).reshape(4, 2), ("data", "model"))  # (Auto axes)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data")))
    layout = jax.typeof(x).sharding  # (P(None, None): an Auto mesh keeps the layout out of the type)
    axes = (layout.spec[0], "model") if layout.spec[0] is not None else ("model",)

    def body(b):
        return jax.lax.psum(jnp.sum(b), axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    main()
