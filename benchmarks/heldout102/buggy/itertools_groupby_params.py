"""Parameter export grouped by layer prefix with itertools.groupby; each group has its gather spec."""
import itertools

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAMS = {
    "attn/wq": P("data", "model"),
    "attn/wo": P("model", "data"),
    "mlp/w_in": P("data", "model"),
}
GATHER_SPECS = {"attn": P(None, "model", reduced={"data"}), "mlp": P(None, "model", reduced={"data"})}


def export(params, mesh):
    out = {}
    with jax.set_mesh(mesh):
        for group, names in itertools.groupby(sorted(params), key=lambda n: n.split("/")[0]):
            for name in names:
                w = jax.device_put(params[name], NamedSharding(mesh, PARAMS[name]))
                out[name] = top_level_all_gather(w, GATHER_SPECS[group])
    return out


def inputs():
    rng = np.random.default_rng(7)
    return ({n: rng.normal(size=(8, 8)).astype(np.float32) for n in PARAMS},)


def main(params):
    return export(params, jax.make_mesh((4, 2), ("data", "model")))


if __name__ == "__main__":
    main(*inputs())
