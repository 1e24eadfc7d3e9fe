"""`dict(PLAN)` of a dict subclass copies its items (its `keys` is dict's own, so its
`__getattr__` is never asked): the psum over ("i", "j") of a value invariant on "i" raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


PLAN = AttrDict(reduce=("i", "j"))


def reduce_rows(mesh, x, plan):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, plan["reduce"])  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return reduce_rows(mesh, x, dict(PLAN))


if __name__ == "__main__":
    main()
