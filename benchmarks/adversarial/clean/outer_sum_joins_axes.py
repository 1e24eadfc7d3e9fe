"""Row scores split over 'data' plus column scores split over 'model': the sum varies on both."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return np.arange(8, dtype=np.float32), np.arange(16, dtype=np.float32)


def main(rows, cols):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    rows = jax.device_put(rows, NamedSharding(mesh, P("data")))
    cols = jax.device_put(cols, NamedSharding(mesh, P("model")))

    def body(r, c):
        scores = r[:, None] + c[None, :]
        return jax.lax.psum(jnp.sum(scores), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=(P("data"), P("model")), out_specs=P())(rows, cols)


if __name__ == "__main__":
    print(main(*inputs()))
