"""A jitted renormalisation of row-sharded tables on Explicit axes: `jnp.minimum(1.0, scale)`
takes the number first, and its result is laid out as the array (numbers count as replicated),
so each table keeps P('rows', None). Exported with the snapshot spec of its config, `P(None,
None)` with no `reduced=`, the gather is not a prefix of the table's spec."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Table:
    def __init__(self, name, train, snapshot):
        self.name, self.train, self.snapshot = name, tuple(train), tuple(snapshot)

    def snapshot_spec(self):
        return P(*self.snapshot)


@jax.jit
def renorm(tables):
    out = {}
    for key, table in tables.items():
        norms = jnp.sqrt(jnp.sum(table * table, axis=1, keepdims=True))
        out[key] = table * jnp.minimum(1.0, 1.0 / (norms + 1e-6))
    return out


def main():
    tables = [Table("country", ["rows", None], [None, None])]
    mesh = jax.make_mesh((2, 4), ("rows", "batch"))
    with jax.set_mesh(mesh):
        placed = {t.name: jax.device_put(np.ones((16, 4), np.float32), NamedSharding(mesh, P(*t.train)))
                  for t in tables}
        done = renorm(placed)
        return {t.name: top_level_all_gather(done[t.name], t.snapshot_spec()) for t in tables}  # SF104


if __name__ == "__main__":
    main()
