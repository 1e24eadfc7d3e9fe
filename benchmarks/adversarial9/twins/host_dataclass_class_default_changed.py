"""parse reads Fmt.skip from the class: the dataclass field's class attribute is set to "j"
after the class is made, so the class read gives "j"."""
import dataclasses

import jax
import numpy as np
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Fmt:
    sep: str = ","
    skip: str = ""


def parse(text):
    return tuple(a for a in text.split(Fmt.sep) if a != Fmt.skip)


Fmt.skip = "k"
SYNC = "i,j"


def body(block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, parse(SYNC))


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
