"""dataclasses.replace copies the record but shares its list field."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import dataclasses


@dataclasses.dataclass
class Cfg:
    sync: list = dataclasses.field(default_factory=lambda: ["i", "j"])
    name: str = "base"


BASE = Cfg()


def main(mesh, x):
    rows = dataclasses.replace(BASE, name="rows")
    rows.sync = ["i"]

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, tuple(BASE.sync))

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
