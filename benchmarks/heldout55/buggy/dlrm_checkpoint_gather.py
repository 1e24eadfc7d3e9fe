"""Consolidate the sharded DLRM parameters into a single-host checkpoint."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {
    "bottom/w": P(None, "mp"),
    "top/w": P("mp", None),
    "emb/user": P(("dp", "mp"), None),
}
CONSOLIDATED = {
    "bottom/w": P(None, None, reduced={"mp"}),
    "top/w": P(None, None, reduced={"mp"}),
    "emb/user": P(None, None, reduced={"dp", "mp"}),
}


class CheckpointWriter:
    def __init__(self, directory):
        self.directory = directory
        self.written = {}

    def consolidate(self, params):
        for name, value in params.items():
            self.written[name] = top_level_all_gather(value, CONSOLIDATED[name])
        return self.written


def inputs():
    rng = np.random.default_rng(23)
    return ({"bottom/w": rng.normal(size=(16, 32)).astype(np.float32),
             "top/w": rng.normal(size=(32, 8)).astype(np.float32),
             "emb/user": rng.normal(size=(64, 16)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    placed = {k: jax.device_put(v, NamedSharding(mesh, PARAM_SPECS[k])) for k, v in params.items()}
    writer = CheckpointWriter("/tmp/dlrm_ckpt")
    return writer.consolidate(placed)


if __name__ == "__main__":
    main(*inputs())
