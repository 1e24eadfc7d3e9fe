"""Row sums over the model axis, then a replicated copy over the data axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

DATA, MODEL = "data", "model"


def body(x):
    rows = lax.psum(jnp.sum(x, axis=1, keepdims=True), MODEL)
    return lax.all_gather(rows, DATA, to="reduced", tiled=True)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    x = jax.device_put(x, NamedSharding(mesh, P(DATA, MODEL)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P(reduced={DATA}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
