"""The NumPy batch is placed as the in_spec says before the call: the body runs on Explicit axes
and its psum over two axes raises (run on jax 0.10.2)."""
import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x):
    return jax.lax.psum(x, ("data", "model"))  # SF105


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    step = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())
    return step(jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data"))))


if __name__ == "__main__":
    main()
