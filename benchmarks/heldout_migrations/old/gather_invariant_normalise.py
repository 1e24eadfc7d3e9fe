import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def softmax_rows(block):
    full = jax.lax.all_gather_invariant(block, "cols", axis=1, tiled=True)
    z = full - full.max(axis=1, keepdims=True)
    e = jnp.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def main():
    mesh = Mesh(np.array(jax.devices()).reshape(2, 4), ("rows", "cols"))
    f = jax.jit(jax.shard_map(softmax_rows, mesh=mesh, in_specs=P("rows", "cols"),
                              out_specs=P("rows", None)))
    x = np.arange(32, dtype=np.float32).reshape(4, 8) % 5
    y = f(jax.device_put(x, NamedSharding(mesh, P("rows", "cols"))))
    print(np.round(np.asarray(y)[:, 0], 4).tolist())
    print(np.round(np.asarray(y).sum(axis=1), 4).tolist())


if __name__ == "__main__":
    main()
