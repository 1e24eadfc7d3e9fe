"""`dict(plan)` of a plain object asks `plan.keys` (answered by `__getattr__`) and then
`plan[key]` (its own `__getitem__`, which narrows the reduction to "j"): the psum runs."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    def __init__(self):
        self._table = {"reduce": ("i", "j")}

    def __getattr__(self, name):
        return getattr(self._table, name)

    def __getitem__(self, key):
        return ("j",) if key == "reduce" else self._table[key]

    def __iter__(self):
        return iter(self._table.items())


def reduce_rows(mesh, x, plan):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, plan["reduce"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return reduce_rows(mesh, x, dict(Plan()))


if __name__ == "__main__":
    main()
