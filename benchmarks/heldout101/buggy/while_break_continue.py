"""A while loop over candidate axes: skip unsplit ones with `continue`, stop at the first split."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CANDIDATES = ["expert", "model", "data"]


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    i, axis = 0, None
    while i < len(CANDIDATES):
        name = CANDIDATES[i]
        i += 1
        if name not in mesh.axis_names:
            continue
        axis = name
        break

    def body(block):
        tokens = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
        return jax.lax.all_to_all(tokens, axis, 1, 0, tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", "model"))(x)


if __name__ == "__main__":
    main()
