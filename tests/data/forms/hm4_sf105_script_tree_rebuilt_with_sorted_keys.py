"""A plan dict is flattened and rebuilt with `jax.tree.flatten`/`unflatten`: JAX rebuilds a dict
with its keys sorted, so the first entry is "global", whose axes mix the value's states."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    plan = {"local": "j", "global": ("i", "j")}
    leaves, treedef = jax.tree.flatten(plan)
    rebuilt = jax.tree.unflatten(treedef, [name.strip() for name in leaves])
    first = next(iter(rebuilt.values()))
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, first)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)


if __name__ == "__main__":
    main()
