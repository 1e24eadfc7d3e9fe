"""A ledger dump keeps its gather in a lambda bound to a local name; the out spec is built by a
helper from the JSON config the entry function takes as a default, and the one call hands the
lambda an array split over both axes: `P("j", None)` is not a prefix of `P("i", "j")`."""
import json

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

CONFIG = json.loads('{"ledger_spec": ["j", null]}')


def ledger_layout(cfg):
    return P(*cfg["ledger_spec"])


def main(mesh, x, cfg=CONFIG):
    placed = jax.device_put(x, NamedSharding(mesh, P("i", "j")))
    write = lambda arr: top_level_all_gather(arr, ledger_layout(cfg))  # SF104
    with jax.set_mesh(mesh):
        return write(placed)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
