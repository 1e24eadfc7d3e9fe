import dataclasses
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

AXES = {"parties": "party", "shards": "tensor"}
TRANSCRIPT_SPECS = {"shares": P(AXES["shards"], None), "seeds": P(AXES["parties"])}


def inputs():
    mesh = jax.make_mesh((4, 2), tuple(AXES.values()))
    shares = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P(AXES["parties"], AXES["shards"])))
    seeds = jax.device_put(jnp.arange(8.0), NamedSharding(mesh, P(AXES["parties"])))
    return mesh, {"seeds": seeds, "shares": shares}


def main(mesh, transcript):
    dumped = {}
    with jax.set_mesh(mesh):
        for name, arr in transcript.items():
            if name == "seeds":
                dumped[name] = arr
                continue
            dumped[name] = top_level_all_gather(arr, TRANSCRIPT_SPECS[name])
    print({k: v.shape for k, v in dumped.items()})


if __name__ == "__main__":
    main(*inputs())
