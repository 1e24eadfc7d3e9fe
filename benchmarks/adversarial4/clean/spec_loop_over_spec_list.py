"""A layout sweep: each stored spec paired with its own export spec by zip."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

STORED = [P("u", "v"), P("v", "u"), P(("u", "v")), P(None, "v")]
EXPORTED = [P("u", reduced={"v"}), P("v", reduced={"u"}), P(("u", "v")), P(None, "v")]


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("u", "v"))
    outs = []
    with jax.set_mesh(mesh):
        for stored, exported in zip(STORED, EXPORTED):
            w = jax.device_put(x, NamedSharding(mesh, stored))
            outs.append(np.asarray(top_level_all_gather(w, exported)))
    return outs


if __name__ == "__main__":
    print(main(*inputs()))
