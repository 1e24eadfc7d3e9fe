"""The plan's sorted keys put "local" first ("sync" after it): the rebuilt dict's first entry is
"j", a sum over an axis the value is already invariant on (insertion order would give "sync")."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    plan = {"sync": ("i", "j"), "local": "j"}
    leaves, treedef = jax.tree.flatten(plan)
    rebuilt = jax.tree.unflatten(treedef, [name.strip() for name in leaves])
    first = next(iter(rebuilt.values()))
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, first)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i"))(x)


if __name__ == "__main__":
    main()
