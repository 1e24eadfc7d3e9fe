"""Checkpoint export over a table: some entries keep the full spec, some gather a trailing axis."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

LAYOUT = {
    "embed": (P("d", "m"), P("d", reduced={"m"})),
    "bias": (P("d"), P("d")),
    "fused": (P(("d", "m")), P("d", reduced={"m"})),
    "head": (P(None, "m"), P(None, "m")),
    "norm": (P("m", "d"), P("d", reduced={"m"})),
}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("d", "m"))
    out = {}
    with jax.set_mesh(mesh):
        for name, (stored, exported) in LAYOUT.items():
            w = jax.device_put(x, NamedSharding(mesh, stored))
            out[name] = top_level_all_gather(w, exported)
    return out


if __name__ == "__main__":
    print(main(*inputs()))
