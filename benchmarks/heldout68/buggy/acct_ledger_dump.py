import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

import json

CONFIG = json.loads('{"axes": ["worker", "order"], "ledger_spec": ["order", null]}')


def ledger_layout(cfg):
    return P(*cfg["ledger_spec"])


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(CONFIG["axes"]))
    ledger = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P(*CONFIG["axes"])))
    return mesh, ledger


def main(mesh, ledger, cfg=CONFIG):
    write = lambda arr: top_level_all_gather(arr, ledger_layout(cfg))
    with jax.set_mesh(mesh):
        rows = write(ledger)
    print(rows.shape)


if __name__ == "__main__":
    main(*inputs())
