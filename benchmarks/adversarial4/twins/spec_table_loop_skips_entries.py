"""Export loop over the whole layout table; optimizer-only entries are skipped, never gathered."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

LAYOUT = {
    "kernel": (P("d", "m"), P("d", reduced={"m"})),
    "adam_mu": (P("m", "d"), P("d")),   # never exported (optimizer state)
    "bias": (P("m"), P("m")),
}
NOT_EXPORTED = set()


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("d", "m"))
    out = {}
    with jax.set_mesh(mesh):
        for name, (stored, exported) in LAYOUT.items():
            if name in NOT_EXPORTED:
                continue
            out[name] = top_level_all_gather(jax.device_put(x, NamedSharding(mesh, stored)), exported)
    return out


if __name__ == "__main__":
    print(main(*inputs()))
