"""A NumPy input for an in_spec that shards nothing (P()) is laid out as it asks, even on
Explicit axes: the body runs, and gathering its invariant value to reduced raises (run on jax
0.10.2)."""
import numpy as np
import jax
from jax.sharding import PartitionSpec as P


def body(x):
    return jax.lax.all_gather(x, "data", axis=0, tiled=True, to="reduced")  # SF101


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    step = jax.shard_map(body, mesh=mesh, in_specs=P(), out_specs=P(reduced={"data"}))
    return step(np.ones((8, 4), np.float32))


if __name__ == "__main__":
    main()
