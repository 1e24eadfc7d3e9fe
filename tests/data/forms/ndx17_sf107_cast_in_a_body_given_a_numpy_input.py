"""A cast to varying of a value already varying on that axis would raise in the body, but the
body is handed a NumPy array its in_spec shards, on Explicit axes: JAX rejects the call (line
15, ValueError, run on jax 0.10.2) before tracing it."""
import numpy as np
import jax
from jax.sharding import PartitionSpec as P


def body(x):
    return jax.lax.pcast(x, "data", to="varying") * 2


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P("data"))(np.ones((8, 4), np.float32))


if __name__ == "__main__":
    main()
