"""An object's truth decided by its class's `__len__` (no `__bool__`): a non-empty plan is true,
so the body reduces over both axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


class Plan:
    def __init__(self, *extra):
        self.extra = list(extra)

    def __len__(self):
        return len(self.extra)


class Switch:
    def __init__(self, text):
        self.text = text

    def __bool__(self):
        return self.text.lower() in ("1", "on", "yes")


def reduce_over(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


def main():
    plan = Plan("j")
    axes = ("i",) + tuple(plan.extra) if plan and Switch("Yes") else ("i",)
    return reduce_over(axes)


if __name__ == "__main__":
    main()
