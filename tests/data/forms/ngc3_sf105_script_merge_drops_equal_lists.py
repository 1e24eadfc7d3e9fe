"""The branches hold equal but distinct lists: `is not` is true, the join drops the value and the
body takes the safe sum."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def merge(branches):
    seen = {}
    for branch in branches:
        for key, value in branch.items():
            if key in seen and seen[key] is not value:
                seen[key] = None
            elif key not in seen:
                seen[key] = value
    return seen


def main():
    merged = merge([{"sync": ["i", "j"], "scale": 1.0}, {"sync": ["i", "j"]}])
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        if merged["sync"] is None:
            return jax.lax.psum(counts, "i")
        return jax.lax.psum(counts, tuple(merged["sync"]))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
