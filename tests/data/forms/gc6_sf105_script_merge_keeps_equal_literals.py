"""Two branches set the same axis by literals in two functions: CPython holds one object for
equal literals of a module, so the join's `is not` is false and it keeps the axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def branch_a():
    return {"sync": "i j", "scale": 1.0}


def branch_b():
    return {"sync": "i j", "scale": 0.5}


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
    merged = merge([branch_a(), branch_b()])
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        if merged["sync"] is None:
            return jax.lax.psum(counts, "i")
        return jax.lax.psum(counts, tuple(merged["sync"].split()))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
